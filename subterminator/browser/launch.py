"""Where the commands get their browser: a factory, so tests and replays put another one in."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from subterminator.browser.protocol import Browser

BrowserFactory = Callable[[LaunchOptions], Awaitable[Browser]]


async def launch_playwright(options: LaunchOptions) -> Browser:
    """The default: a real Chromium."""
    return await PlaywrightBrowser.launch(options)
