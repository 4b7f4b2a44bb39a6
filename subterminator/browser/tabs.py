"""Which tab the agent works in: a new tab moves it there, as a person would, and when that
tab closes it goes back to the one it came from."""

from __future__ import annotations

import asyncio
import contextlib
import weakref

from playwright.async_api import BrowserContext, Page
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

from subterminator.browser import playwright_errors

CLOSING_WAIT_MS = 500  # a capture that failed on a tab: it may be closing (a pop-up, done)


class Tabs:
    """The context's tabs and the agent's current one."""

    def __init__(self, context: BrowserContext) -> None:
        self._context = context
        self.current: Page | None = context.pages[-1] if context.pages else None
        self.closed = False  # the browser is closed: no tab is left to work in
        # the tab the agent was in when each tab opened: where it goes back to when one closes
        self._came_from: weakref.WeakKeyDictionary[Page, Page] = weakref.WeakKeyDictionary()
        self.went_back = False

    def open(self) -> list[Page]:
        return [p for p in self._context.pages if not p.is_closed()]

    def moved_to(self, page: Page) -> None:
        """The agent now works in ``page``, a tab that just opened."""
        if self.current is not None and self.current is not page:
            self._came_from.setdefault(page, self.current)
        self.current = page

    def tab_closed(self, page: Page) -> None:
        if page is self.current:
            self.went_back = True  # the next reply names the tab the agent is back in

    @property
    def page(self) -> Page:
        """The tab the agent works in. When it closes (a pop-up that closes itself once it is
        done), the tab it was opened from, if still open, as a person would go back to it."""
        if self.closed or self.current is None or self.current.is_closed():
            live = self.open() if not self.closed else []
            if not live:
                raise playwright_errors.gone("the page is closed (crashed or closed by the user)")
            back = self.current
            while back is not None and back.is_closed():
                back = self._came_from.get(back)
            self.current = back if back is not None else live[-1]
        return self.current

    async def closing(self, page: Page) -> bool:
        """Whether ``page`` closed (or is closing) while other tabs stay open: a capture that
        failed on it is not a dead browser."""
        if not page.is_closed():
            with contextlib.suppress(PlaywrightError, PlaywrightTimeoutError):
                await page.wait_for_event("close", timeout=CLOSING_WAIT_MS)
        live = any(not p.is_closed() for p in self._context.pages)
        return page.is_closed() and live and not self.closed

    async def wait_until_closed(self) -> None:
        """Until a person closes the window: every tab, or the browser itself."""
        closed = asyncio.Event()

        def tab_closed(_: Page) -> None:
            if all(page.is_closed() for page in self._context.pages):
                closed.set()

        def watch(page: Page) -> None:
            page.on("close", tab_closed)

        self._context.on("close", lambda _: closed.set())
        self._context.on("page", watch)
        for page in self._context.pages:
            watch(page)
        if all(page.is_closed() for page in self._context.pages):
            return
        await closed.wait()
