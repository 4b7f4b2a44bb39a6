"""The benches' laws: pure parts and a few on real Chromium, through the plugin's fixtures."""

from __future__ import annotations

import pytest_asyncio

from subterminator.browser.playwright_browser import PlaywrightBrowser


@pytest_asyncio.fixture(loop_scope="session")
async def browser(st_playwright: PlaywrightBrowser) -> PlaywrightBrowser:
    """The short name ``tests/`` uses for the plugin's ``st_playwright``."""
    return st_playwright
