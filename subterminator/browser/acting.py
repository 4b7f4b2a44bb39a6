"""The agent's actions on the page (and its look at what one would do), around the page's
native dialogs: a handle of a dialog answers it, a tab blocked by one fails at once, and an
action a dialog interrupts before its event is sent is not done."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass

from playwright.async_api import Page

from subterminator.browser import actions, inspection, refind
from subterminator.browser.behind import BehindDialogs
from subterminator.browser.devtools import DevTools
from subterminator.browser.effect import ActionEffect
from subterminator.browser.native_dialogs import NativeDialogs, is_dialog_handle
from subterminator.browser.protocol import ActionKind, ScrollDirection
from subterminator.browser.relocation import Relocation
from subterminator.errors import BrowserActionError

NOT_SENT = (
    "a native dialog opened on the page before the action's event was sent (a timer's, not "
    "the action's): it was not done; see the snapshot: the dialog's buttons answer it"
)


DIALOG_WAIT_S = 5.0


@dataclass
class Elsewhere:
    """An action another client runs: the dialogs ours had seen when it began, and whether
    the other client says one opened during it."""

    start: int
    dialog: bool = False


class Acting:
    """Acts on the agent's tab (``page()``) through DevTools; new tabs go to ``adopt``."""

    def __init__(
        self,
        devtools: DevTools,
        dialogs: NativeDialogs,
        behind: BehindDialogs,
        page: Callable[[], Page],
        adopt: Callable[[Page], None],
    ) -> None:
        self._devtools = devtools
        self._dialogs = dialogs
        self._behind = behind
        self._page = page
        self._adopt = adopt

    @property
    def page(self) -> Page:
        return self._page()

    def blocked(self) -> BrowserActionError | None:
        """Why nothing can run in the agent's tab: its native dialog is open (None: none is).
        Code run there meanwhile would wait for the answer, and so would its caller."""
        return self._dialogs.blocked(self.page)

    def _unblocked(self, page: Page) -> None:
        """Fail at once, saying why, on a tab whose native dialog is open (it would hang)."""
        error = self._dialogs.blocked(page)
        if error is not None:
            raise error

    async def _act(self, act: Callable[[Callable[[], None]], Awaitable[None]]) -> None:
        """An action on the page (``act(ready)``). One whose event opens a dialog is done
        (the reply shows the dialog), and ends once the dialog is answered; one that a dialog
        interrupts before its event is sent (a timer's) is not done, and never will be."""
        page = self.page
        start = self._dialogs.count
        sent = False

        def ready() -> None:
            nonlocal sent
            if self._dialogs.count != start:
                raise BrowserActionError("element_obscured", NOT_SENT)
            sent = True

        self._dialogs.acting += 1
        try:
            opened, _ = await self._dialogs.unless_opened(page, act(ready), park=True)
        finally:
            self._dialogs.acting -= 1
        if opened and not sent:
            raise BrowserActionError("element_obscured", NOT_SENT)

    @contextlib.asynccontextmanager
    async def elsewhere(self) -> AsyncIterator[Elsewhere]:
        """An action of the agent's run by another client of our driver (Playwright MCP):
        a dialog it opens is the action's own, as for one of ours. The other client may hear
        of the dialog before we do: when it says one opened (``Elsewhere.dialog``), the
        action lasts until ours has it too (within ``DIALOG_WAIT_S``, a bound, not a speed)."""
        self._dialogs.acting += 1
        there = Elsewhere(self._dialogs.count)
        try:
            yield there
            loop = asyncio.get_running_loop()
            deadline = loop.time() + DIALOG_WAIT_S
            while there.dialog and self._dialogs.count == there.start:
                if loop.time() > deadline:
                    break
                await asyncio.sleep(0.02)
        finally:
            self._dialogs.acting -= 1

    async def inspect(self, handle: str, action: ActionKind) -> ActionEffect:
        page = self.page
        if is_dialog_handle(handle):
            return self._dialogs.effect(page, handle, action, await self._behind.capture(page))
        self._unblocked(page)
        opened, effect = await self._dialogs.unless_opened(
            page, inspection.inspect(self._devtools, handle, action)
        )
        if opened or effect is None:
            self._unblocked(page)
            raise BrowserActionError("action_failed", "a dialog opened during the inspection")
        return effect

    async def relocate(self, handle: str) -> Relocation:
        """Where ``handle``'s control is now, when a re-render replaced its node (``refind``);
        a native dialog's page runs no script, so there it is not looked for."""
        held = is_dialog_handle(handle) or self._dialogs.blocked(self.page) is not None
        return Relocation("unknown") if held else await refind.relocate(self._devtools, handle)

    async def click(self, handle: str, *, timeout_ms: int) -> None:
        if is_dialog_handle(handle):
            await self._dialogs.answer(self.page, handle, timeout_ms)
            return
        self._unblocked(self.page)
        await self._act(
            lambda ready: actions.click(self._devtools, handle, timeout_ms, self._adopt, ready)
        )

    async def fill(self, handle: str, value: str, *, clear_first: bool, timeout_ms: int) -> None:
        if is_dialog_handle(handle):
            self._dialogs.type_value(self.page, handle, value, clear_first)
            return
        self._unblocked(self.page)
        await self._act(
            lambda ready: actions.fill(
                self._devtools, handle, value, clear_first, timeout_ms, ready
            )
        )

    async def select(self, handle: str, value: str, *, timeout_ms: int) -> None:
        self._unblocked(self.page)
        await self._act(
            lambda ready: actions.select(self._devtools, handle, value, timeout_ms, ready)
        )

    async def scroll_into_view(self, handle: str, *, timeout_ms: int) -> None:
        if is_dialog_handle(handle):
            return  # the dialog is in view
        self._unblocked(self.page)
        await self._act(
            lambda ready: actions.scroll_into_view(self._devtools, handle, timeout_ms, ready)
        )

    async def perform(self, handle: str, action: ActionKind, act: actions.Perform) -> None:
        """Another surface's own action on the node (the facade's right click, its keys
        typed one at a time), around the page's dialogs as ours are."""
        self._unblocked(self.page)
        await self._act(lambda ready: actions.perform(self._devtools, handle, action, act, ready))

    async def scroll_page(self, direction: ScrollDirection, amount: int) -> None:
        self._unblocked(self.page)
        await self._act(lambda ready: actions.scroll_page(self._devtools, direction, amount, ready))
