"""Element actions of ``PlaywrightBrowser``: click, fill, select and scroll by handle.

An action briefly marks its target with an attribute so Playwright's locator can run its
actionability checks on exactly that node; a precheck in our world first fails fast where
Playwright would only wait for its timeout (disabled, covered, detached...).
"""

from __future__ import annotations

import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Locator, Page

from subterminator.browser import playwright_errors
from subterminator.browser.devtools import DevTools, script
from subterminator.browser.documents import Node
from subterminator.browser.protocol import ActionKind, ScrollDirection
from subterminator.errors import BrowserActionError, BrowserError

log = logging.getLogger(__name__)

_PRECHECK_JS = script("precheck")
_CARET_END_JS = script("caret_end")
_FIND_OPTION_JS = script("find_option")
_SCROLL_JS = script("scroll")
MARK = "data-subterminator-target"

# What an action does once its target is marked and prechecked (the precheck's findings last).
_Perform = Callable[[Locator, Node, dict[str, Any]], Awaitable[None]]


def _go() -> None:
    """No last check before an action's event is sent."""


async def click(
    devtools: DevTools,
    handle: str,
    timeout_ms: int,
    adopt: Callable[[Page], None],
    ready: Callable[[], None] = _go,
) -> None:
    """Click; a link into another tab waits for it and hands it to ``adopt``."""

    async def perform(locator: Locator, _: Node, state: dict[str, Any]) -> None:
        if state.get("newTab"):
            await _click_into_new_tab(devtools, locator, timeout_ms, adopt)
        else:
            await locator.click(timeout=timeout_ms)

    await _act(devtools, handle, "click", perform, ready)


async def fill(
    devtools: DevTools,
    handle: str,
    value: str,
    clear_first: bool,
    timeout_ms: int,
    ready: Callable[[], None] = _go,
) -> None:
    """Replace the field's value, or type ``value`` after what is there."""

    async def perform(locator: Locator, node: Node, _: dict[str, Any]) -> None:
        if clear_first:
            await locator.fill(value, timeout=timeout_ms)
            return
        await locator.focus(timeout=timeout_ms)
        await devtools.call_on(node, _CARET_END_JS)
        await devtools.page.keyboard.insert_text(value)

    await _act(devtools, handle, "fill", perform, ready)


async def select(
    devtools: DevTools, handle: str, value: str, timeout_ms: int, ready: Callable[[], None] = _go
) -> None:
    """Choose the option ``value`` names (find_option.js matches label or value)."""

    async def perform(locator: Locator, node: Node, _: dict[str, Any]) -> None:
        found = await devtools.call_on(node, _FIND_OPTION_JS, value)
        if not isinstance(found, dict) or "index" not in found:
            detail = found.get("detail") if isinstance(found, dict) else None
            raise BrowserActionError("action_failed", detail or "no such option")
        await locator.select_option(index=int(found["index"]), timeout=timeout_ms)

    await _act(devtools, handle, "select", perform, ready)


async def scroll_into_view(
    devtools: DevTools, handle: str, timeout_ms: int, ready: Callable[[], None] = _go
) -> None:
    async def perform(locator: Locator, _: Node, __: dict[str, Any]) -> None:
        await locator.scroll_into_view_if_needed(timeout=timeout_ms)

    await _act(devtools, handle, "scroll", perform, ready)


async def scroll_page(
    devtools: DevTools, direction: ScrollDirection, amount: int, ready: Callable[[], None] = _go
) -> None:
    top = await devtools.top()
    ready()
    await devtools.in_world(
        top,
        "Runtime.callFunctionOn",
        {
            "functionDeclaration": _SCROLL_JS,
            "arguments": [{"value": direction}, {"value": amount}],
            "awaitPromise": True,
        },
    )


Perform = _Perform


async def perform(
    devtools: DevTools,
    handle: str,
    action: ActionKind,
    act: _Perform,
    ready: Callable[[], None] = _go,
) -> None:
    """Another surface's own action on the handle's node (a right click, keys typed one at a
    time), with our marking and precheck: it acts on exactly the node the gate judged."""
    await _act(devtools, handle, action, act, ready)


async def _act(
    devtools: DevTools,
    handle: str,
    action: ActionKind,
    perform: _Perform,
    ready: Callable[[], None],
) -> None:
    """``perform`` on the handle's node; ``ready`` is the last check before its event is sent
    (it raises to stop it: a native dialog opened meanwhile, say)."""
    with playwright_errors.translate_closed():
        locator, node = await _target(devtools, handle)
    try:
        # inside the ``except``: a dead browser must not pass for a failed action
        with playwright_errors.translate_closed():
            state = await _precheck(devtools, node, action)
            ready()
            await perform(locator, node, state)
    except PlaywrightError as exc:
        raise playwright_errors.action_error(str(exc)) from None
    finally:
        await _unmark(devtools, node)


async def _target(devtools: DevTools, handle: str) -> tuple[Locator, Node]:
    """Mark the handle's node so a Playwright locator addresses exactly it."""
    node = await devtools.resolve(handle)
    token = secrets.token_hex(6)
    await devtools.call_on(node, f"function() {{ this.setAttribute('{MARK}', '{token}') }}")
    return await _locate(devtools.page, f'[{MARK}="{token}"]'), node


async def _locate(page: Page, selector: str) -> Locator:
    """The marked node, in whichever frame holds it (same-origin frames are captured too)."""
    if len(page.frames) == 1 or await page.locator(selector).count():
        return page.locator(selector)
    for frame in page.frames[1:]:
        with contextlib.suppress(PlaywrightError):
            if await frame.locator(selector).count():
                return frame.locator(selector)
    return page.locator(selector)


async def _unmark(devtools: DevTools, node: Node) -> None:
    # the node may have gone with a navigation: then there is nothing to clean
    with contextlib.suppress(PlaywrightError, BrowserActionError, BrowserError):
        await devtools.call_on(node, f"function() {{ this.removeAttribute('{MARK}') }}")


async def _precheck(devtools: DevTools, node: Node, action: ActionKind) -> dict[str, Any]:
    """Fail fast where Playwright would only wait for its timeout."""
    if action == "scroll":
        return {}
    state = await devtools.call_on(node, _PRECHECK_JS, action)
    if not isinstance(state, dict):
        return {}
    if state.get("code"):
        raise BrowserActionError(state["code"], state["detail"])
    return state


async def _click_into_new_tab(
    devtools: DevTools, locator: Locator, timeout_ms: int, adopt: Callable[[Page], None]
) -> None:
    """A link to another tab: wait for that tab so the next snapshot shows it."""
    clicked = False
    try:
        async with devtools.context.expect_page(timeout=timeout_ms) as opened:
            await locator.click(timeout=timeout_ms)
            clicked = True
        adopt(await opened.value)
    except PlaywrightError as exc:
        if not clicked or playwright_errors.classify(str(exc)) != "timeout":
            raise
        log.info("link has a target but no tab opened (popup blocked?)")
