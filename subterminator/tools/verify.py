"""After an action, whether it did what it should; said to the model when it did not.

A click that changes nothing, a field that drops what was typed, a choice the page reverts: each
ran without an error, so a reply of plain success would have the model go on as if it had
worked, or try the same thing again. The check reads what the browser saw change
(``browser.watch``): for a click, the page or its state; for a fill, that the field holds the
text; for a choice, that the option is selected. An action with no effect is still a success
(the reply carries the fresh snapshot, nothing is ended here); its reply says it "had no
visible effect", with what was checked, and carries ``effect="none"`` for the loop to count
(``orchestrator.attempts``). A browser that cannot tell (a replay) is not checked.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Literal

from subterminator.browser.changes import Change, Mark, Watching
from subterminator.browser.protocol import Browser
from subterminator.models.tools import ToolResult
from subterminator.snapshot.element import ElementInfo
from subterminator.tools.arguments import echo
from subterminator.untrusted import NAME, shown

log = logging.getLogger(__name__)

NO_EFFECT = "had no visible effect"
CLICK_CHECKED = (
    "same address, same document, nothing on the page changed (its elements, form fields, "
    "focus, the control's own state), no dialog, no new tab, no download, no request"
)
FIELD_NOW = {
    "empty": "the field is empty: the page did not keep what was typed",
    "unchanged": "the field still holds what it held before: the page did not keep what was typed",
}
SHORT_VALUE = 60  # of a chosen option's name, what a reply quotes


@dataclass(frozen=True)
class Expect:
    """What an action should do: a click changes the page; a fill leaves ``wanted`` in the
    field (after what it held, with ``append``); a select leaves option ``wanted`` chosen.
    ``settled``: s the action waits by itself for what it set off (Playwright MCP's click),
    which the check after it need not wait again."""

    action: Literal["click", "fill", "select"]
    wanted: str | None = None
    append: bool = False
    settled: float = 0.0


@dataclass(frozen=True)
class Watch:
    """One action being watched: its target and the page as it was before it."""

    expect: Expect
    element: ElementInfo
    mark: Mark


class Verifier:
    """Marks the page before an action and says, after it, whether it had its effect."""

    def __init__(self, browser: Browser) -> None:
        self._browser = browser if isinstance(browser, Watching) else None

    async def watch(self, element: ElementInfo | None, expect: Expect | None) -> Watch | None:
        """The page before the action (None: not checked). Never raises: a page that cannot
        be marked only goes unchecked."""
        browser = self._browser
        if browser is None or element is None or expect is None:
            return None
        try:
            mark = await browser.watch_action(
                element.handle, expect.action, expect.wanted, append=expect.append
            )
        except Exception as exc:  # the action matters, not its check (a dead browser: it says)
            log.info("could not mark the page before %s: %s", expect.action, exc)
            return None
        if mark is None:
            return None
        return Watch(expect, element, replace(mark, settled=expect.settled))

    async def checked(
        self, watch: Watch | None, reply: Callable[[], Awaitable[ToolResult]]
    ) -> ToolResult:
        """``reply()`` (the fresh page, taken once the change is read, so that it shows a
        late one), saying so when the action had no effect."""
        said = await self._said(watch) if watch is not None else None
        result = await reply()
        if said is None or result.error is not None:
            return result
        sentence, none = said
        message = f"{result.message} {sentence}" if result.message else sentence
        update: dict[str, object] = {"message": message}
        if none:
            update["effect"] = "none"
        return result.model_copy(update=update)

    async def _said(self, watch: Watch) -> tuple[str, bool] | None:
        if self._browser is None:
            return None
        try:
            change = await self._browser.action_changes(watch.mark)
        except Exception as exc:  # a browser gone shows in the reply; the action stands
            log.info("could not read what %s changed: %s", watch.expect.action, exc)
            return None
        return judged(watch, change)


def judged(watch: Watch, change: Change) -> tuple[str, bool] | None:
    """What a reply says of ``change`` (and whether the action had no effect), or None
    when it did what it should."""
    expect, element = watch.expect, watch.element
    control = f'{element.ref} "{shown(element.name, NAME)}"' if element.name else element.ref
    if expect.action == "click":
        if change.seen:
            return None
        return f"Clicked {control}, but it {NO_EFFECT}: {CLICK_CHECKED}.", True
    if expect.action == "fill":
        if change.field in FIELD_NOW:
            return f"Typed into {control}, but it {NO_EFFECT}: {FIELD_NOW[change.field]}.", True
        if change.field == "start":
            return (
                f"Typed into {control}: the field holds only the start of what was typed "
                "(it may limit its length).",
                False,
            )
        return None
    if change.option == "other":
        wanted = shown(echo(expect.wanted or "", SHORT_VALUE), NAME)
        now = f'"{shown(change.showing, NAME)}"' if change.showing else "no option"
        return (
            f'Chose "{wanted}" in {control}, but it {NO_EFFECT}: the list shows {now} selected.',
            True,
        )
    return None
