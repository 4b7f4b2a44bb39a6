"""Native dialogs (``alert``, ``confirm``, ``prompt``, ``beforeunload``): held, shown, answered.

A page's ``confirm()`` stops its script until it is answered, and meanwhile Chromium answers no
DevTools call for that page: every capture or action on it would hang. Answering by itself
(dismissing every dialog, as before) made Turbo's ``data-turbo-confirm`` cancel the approved step.
So a dialog is held: a capture of its page shows the dialog instead of the page (an
``alertdialog`` named by its kind and words, its buttons, a prompt's field), and its buttons are
handles like any element's, answered by the tools: a click on OK accepts, on Cancel dismisses,
browser_fill types a prompt's value. Whether the answer may be given is the gate's (the
``DialogAnswer`` an inspection returns); this module only holds and answers.

The dialog's words are the page's: cut to a size and made plain (``untrusted.shown``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar, cast

from playwright.async_api import Dialog, Page
from playwright.async_api import Error as PlaywrightError

from subterminator.browser.capture import RawBox, RawCapture, RawNode, RawViewport
from subterminator.browser.effect import ActionEffect, DialogAnswer, DialogKind, EffectTarget
from subterminator.browser.protocol import ActionKind
from subterminator.browser.side_effects import SideEffect
from subterminator.errors import BrowserActionError
from subterminator.untrusted import NOTICE, shown

log = logging.getLogger(__name__)

T = TypeVar("T")
PREFIX = "native-dialog:"  # a dialog's handles: f"{PREFIX}{serial}:{part}"
VALUE_CHARS = 1000  # a prompt's value, as typed
KINDS: tuple[DialogKind, ...] = ("alert", "confirm", "prompt", "beforeunload")
Part = Literal["accept", "dismiss", "value"]
BUTTONS: dict[DialogKind, tuple[tuple[Part, str], ...]] = {
    "alert": (("accept", "OK"),),
    "confirm": (("accept", "OK"), ("dismiss", "Cancel")),
    "prompt": (("accept", "OK"), ("dismiss", "Cancel")),
    "beforeunload": (("accept", "Leave page"), ("dismiss", "Stay on page")),
}
BLOCKED = (
    "a native {kind} dialog is open on the page and blocks it until it is answered; "
    "see the snapshot: its buttons answer it"
)


@dataclass
class HeldDialog:
    """One dialog a page opened and nobody answered yet."""

    dialog: Dialog
    serial: int
    kind: DialogKind
    message: str  # the page's words, made plain and bounded
    value: str  # a prompt's: its default, then what was typed
    in_action: bool  # it opened while an action of the agent ran
    # actions it interrupted: they go on once it is answered, and are waited for then
    parked: list[asyncio.Future[Any]] = field(default_factory=list)

    def handle(self, part: str) -> str:
        return f"{PREFIX}{self.serial}:{part}"

    def describe(self) -> str:
        return f"Browser {self.kind} dialog: {self.message}"


def is_dialog_handle(handle: str) -> bool:
    return handle.startswith(PREFIX)


class NativeDialogs:
    """The dialogs open on a context's pages, one a page at most (a page's script is stopped
    while its dialog is open, so it cannot open another)."""

    def __init__(self) -> None:
        self._open: dict[Page, HeldDialog] = {}
        self._serial = 0
        self._waiting: dict[Page, list[asyncio.Future[None]]] = {}
        self.acting = 0  # actions of the agent running now
        self._news: list[tuple[Page, HeldDialog]] = []  # opened since the last reply

    def news(self) -> list[SideEffect]:
        """The dialogs opened since the last call that are still open, for the reply to say."""
        news, self._news = self._news, []
        return [
            SideEffect(kind="dialog", url=page.url, name=held.message, dialog=held.kind)
            for page, held in news
            if self._open.get(page) is held and not page.is_closed()
        ]

    @property
    def count(self) -> int:
        """Dialogs opened so far (an action compares it right before its event is sent)."""
        return self._serial

    # -- what the pages do -------------------------------------------------------------------

    def opened(self, page: Page, dialog: Dialog) -> None:
        """A page opened a dialog: held, and every call waiting on that page is told."""
        self._serial += 1
        kind: DialogKind = dialog.type if dialog.type in KINDS else "alert"
        held = HeldDialog(
            dialog=dialog,
            serial=self._serial,
            kind=kind,
            message=shown(dialog.message, NOTICE),
            value=dialog.default_value if kind == "prompt" else "",
            in_action=self.acting > 0,
        )
        self._open[page] = held
        self._news.append((page, held))
        log.info("the page opened a %s dialog (%d)", kind, held.serial)
        for waiter in self._waiting.pop(page, []):
            if not waiter.done():
                waiter.set_result(None)

    def on(self, page: Page) -> HeldDialog | None:
        """The dialog open on ``page`` now, if any."""
        held = self._open.get(page)
        if held is not None and page.is_closed():
            del self._open[page]
            return None
        return held

    def navigated(self, page: Page) -> None:
        """The page left its document: a dialog it held went with it."""
        self._open.pop(page, None)

    def blocked(self, page: Page) -> BrowserActionError | None:
        """The error for a call on ``page`` while its dialog is open (None: none is)."""
        held = self.on(page)
        if held is None:
            return None
        return BrowserActionError("element_obscured", BLOCKED.format(kind=held.kind))

    async def unless_opened(
        self, page: Page, work: Awaitable[T], *, park: bool = False
    ) -> tuple[bool, T | None]:
        """``work`` on ``page``, unless a dialog opens there meanwhile: then (True, None) at
        once, for ``work`` waits for the dialog's answer. ``park``: an action, which goes on
        after the answer and is waited for then; else ``work`` is given up (a read)."""
        task: asyncio.Future[T] = asyncio.ensure_future(work)
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(page, []).append(waiter)
        try:
            racing: list[asyncio.Future[Any]] = [task, waiter]
            await asyncio.wait(racing, return_when=asyncio.FIRST_COMPLETED)
        except asyncio.CancelledError:
            task.cancel()
            raise
        finally:
            waiting = self._waiting.get(page, [])
            if waiter in waiting:
                waiting.remove(waiter)
        if task.done():
            return False, task.result()
        held = self._open.get(page)
        if park and held is not None:
            held.parked.append(task)
        else:
            task.cancel()
        task.add_done_callback(_quietly)
        return True, None

    # -- what the tools see and do -----------------------------------------------------------

    def find(self, page: Page, handle: str) -> tuple[HeldDialog, Part]:
        """The open dialog and part a handle names; element_detached for an answered one."""
        held = self.on(page)
        serial, _, part = handle[len(PREFIX) :].partition(":")
        if held is None or str(held.serial) != serial or part not in ("accept", "dismiss", "value"):
            raise BrowserActionError("element_detached", "that dialog is no longer open")
        if part == "value" and held.kind != "prompt":
            raise BrowserActionError("action_failed", "that dialog has no field")
        return held, cast(Part, part)

    def capture(self, held: HeldDialog, behind: RawCapture) -> RawCapture:
        """The page as a person sees it: the dialog over it, nothing of the page to act on.
        ``behind``: the page's last capture (its address, title, words) or an empty one."""
        width, height = behind.viewport.width or 1280, behind.viewport.height or 800
        left, top = max(0, width // 2 - 220), 80
        box = RawNode(
            role="alertdialog",
            tag="dialog",
            name=held.describe(),
            box=RawBox(x=left, y=top, width=440, height=180),
        )
        nodes = [box]
        if held.kind == "prompt":
            nodes.append(
                RawNode(
                    handle=held.handle("value"),
                    parent=0,
                    tag="input",
                    role="textbox",
                    name="Value",
                    value=held.value,
                    focusable=True,
                    focused=True,
                    box=RawBox(x=left + 20, y=top + 80, width=400, height=28),
                )
            )
        for index, (part, label) in enumerate(BUTTONS[held.kind]):
            nodes.append(
                RawNode(
                    handle=held.handle(part),
                    parent=0,
                    tag="button",
                    role="button",
                    name=label,
                    focusable=True,
                    box=RawBox(x=left + 240 + 100 * index, y=top + 130, width=90, height=32),
                )
            )
        text = "\n".join(t for t in (held.describe(), behind.text) if t)
        viewport = RawViewport(width=width, height=height)
        return RawCapture(
            url=behind.url,
            title=behind.title,
            lang=behind.lang,
            viewport=viewport,
            scope=behind.scope,
            nodes=nodes,
            text=text,
        )

    def effect(
        self, page: Page, handle: str, action: ActionKind, behind: RawCapture
    ) -> ActionEffect:
        """What answering would do (``answer_effect``), on the dialog the handle names."""
        held, part = self.find(page, handle)
        return answer_effect(held.kind, part, held.message, held.in_action, action, behind)

    def type_value(self, page: Page, handle: str, value: str, clear_first: bool) -> None:
        held, part = self.find(page, handle)
        if part != "value":
            raise BrowserActionError("action_failed", "only the dialog's field takes text")
        held.value = (value if clear_first else held.value + value)[:VALUE_CHARS]

    async def answer(self, page: Page, handle: str, timeout_ms: int) -> None:
        """Click on a dialog's button: accepted (with a prompt's value) or dismissed; then the
        actions it interrupted are waited for (a submission the answer lets go, say)."""
        held, part = self.find(page, handle)
        if part == "value":
            return  # a click into the field: nothing to do
        del self._open[page]
        try:
            if part == "accept":
                await held.dialog.accept(held.value if held.kind == "prompt" else None)
            else:
                await held.dialog.dismiss()
        except PlaywrightError as exc:  # the page went meanwhile: nothing left to answer
            log.debug("answering a dialog: %s", exc)
        with contextlib.suppress(TimeoutError, PlaywrightError):
            async with asyncio.timeout(timeout_ms / 1000):
                if held.parked:
                    await asyncio.gather(*held.parked, return_exceptions=True)
                # one round trip through the page: the script the answer let go has run its
                # first steps (a submission, a fetch) while the action's guard is armed
                await self.unless_opened(page, page.evaluate("0"))

    async def dismiss_all(self, page: Page) -> None:
        """Before the page leaves its document: dismissing is always safe."""
        held = self._open.pop(page, None)
        if held is not None:
            with contextlib.suppress(PlaywrightError):
                await held.dialog.dismiss()


def answer_effect(
    kind: DialogKind,
    part: Part,
    message: str,
    in_action: bool,
    action: ActionKind,
    behind: RawCapture,
) -> ActionEffect:
    """What answering a dialog would do, as the gate reads it: an accept like a click whose
    listeners may send (the page's script goes on with the answer), a dismiss (and an alert's
    OK, which only closes it) like a quiet click. ``behind``: the page under the dialog."""
    label = dict(BUTTONS[kind]).get(part, "Value")
    accepting = part == "accept" and kind != "alert"
    described = f"Browser {kind} dialog: {message}"
    target = EffectTarget(
        tag="input" if part == "value" else "button",
        role="textbox" if part == "value" else "button",
        name=label,
        input_type="text" if part == "value" else "",
        handlers=["click"] if accepting else [],
        bubbles_quiet=not accepting,
        container=described,
    )
    return ActionEffect(
        action=action,
        target=target,
        page_url=behind.url,
        page_title=behind.title,
        page_lang=behind.lang,
        page_text="\n".join(t for t in (described, behind.text) if t),
        dialog=DialogAnswer(kind=kind, answer=part, message=message, in_action=in_action),
    )


def _quietly(task: asyncio.Future[Any]) -> None:
    """A given-up or parked call's end is read, so nothing reports it as lost."""
    if not task.cancelled():
        task.exception()
