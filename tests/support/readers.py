"""A browser of a test module's own at a fixed viewport, for captures whose figures (pinned
digests, what is in view) depend on it; pages from elsewhere than 127.0.0.1 are refused."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser

VIEWPORT = (1280, 720)


@asynccontextmanager
async def reading() -> AsyncIterator[PlaywrightBrowser]:
    options = LaunchOptions(block_non_local=True, viewport=VIEWPORT)
    async with await PlaywrightBrowser.launch(options) as browser:
        yield browser
