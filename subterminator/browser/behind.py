"""What a capture shows of a tab behind its native dialog: the page cannot be read while the
dialog is open, so its last capture (address, title, words), or what the browser knows."""

from __future__ import annotations

import asyncio
import contextlib
import weakref

from playwright.async_api import BrowserContext, Page
from playwright.async_api import Error as PlaywrightError

from subterminator.browser.capture import RawCapture, RawViewport

TITLE_WAIT_S = 1.0  # a tab's title, asked of the browser while a dialog blocks its page


class BehindDialogs:
    """Each tab's last capture, kept without its nodes and picture."""

    def __init__(self, context: BrowserContext) -> None:
        self._context = context
        self._last: weakref.WeakKeyDictionary[Page, RawCapture] = weakref.WeakKeyDictionary()

    def remember(self, page: Page, raw: RawCapture) -> None:
        self._last[page] = raw.model_copy(update={"nodes": [], "screenshot": None})

    async def capture(self, page: Page) -> RawCapture:
        """What the tab showed before its dialog: its last capture, if of the same address;
        else its address and title as the browser knows them (the page cannot be asked)."""
        last = self._last.get(page)
        if last is not None and last.url == page.url:
            return last
        size = page.viewport_size or {"width": 1280, "height": 800}
        viewport = RawViewport(width=size["width"], height=size["height"])
        return RawCapture(url=page.url, title=await self._title(page), viewport=viewport)

    async def _title(self, page: Page) -> str:
        """A tab's title from the browser's list of targets: the page itself cannot answer
        while its dialog is open (nor can a session be attached to it). '' when unknown, or
        when several tabs show the same address."""
        browser = self._context.browser
        if browser is None:  # a persistent profile hides its browser
            return ""
        with contextlib.suppress(PlaywrightError, TimeoutError):
            async with asyncio.timeout(TITLE_WAIT_S):
                session = await browser.new_browser_cdp_session()
                try:
                    found = await session.send("Target.getTargets")
                finally:
                    await session.detach()
                titles = [
                    str(t.get("title", ""))
                    for t in found.get("targetInfos", [])
                    if t.get("type") == "page" and t.get("url") == page.url
                ]
                return titles[0] if len(titles) == 1 else ""
        return ""
