"""One Chromium with the pinned Playwright MCP attached, shared by the tests of a module.

Starting Playwright MCP costs about 1.5 s; a module of attack cases shares one. The MCP SDK's
stdio client must be left by the task that entered it (anyio's cancel scopes), and a fixture's
teardown runs in another task than its setup, so one task of its own holds it open here until
the module is done.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from subterminator.pwmcp.backend import PwMcpClient, PwMcpOptions, attached


@dataclass
class Hands:
    """Our browser, and Playwright MCP driving it."""

    browser: PlaywrightBrowser
    client: PwMcpClient


@contextlib.asynccontextmanager
async def shared_hands(folder: Path) -> AsyncIterator[Hands]:
    """``Hands`` for the block, opened and closed by one task of their own."""
    ready: asyncio.Future[Hands] = asyncio.get_running_loop().create_future()
    done = asyncio.Event()

    async def hold() -> None:
        browser = await PlaywrightBrowser.launch(LaunchOptions(headless=True, block_non_local=True))
        try:
            async with attached(browser, PwMcpOptions(output_dir=folder)) as client:
                ready.set_result(Hands(browser, client))
                await done.wait()
        finally:
            await browser.close()

    holder = asyncio.create_task(hold())
    try:
        yield await _first(ready, holder)
    finally:
        done.set()
        await holder


async def _first(ready: asyncio.Future[Hands], holder: asyncio.Task[None]) -> Hands:
    """The hands once ready; what went wrong, if the holder ended first."""
    waited: set[asyncio.Future[object]] = {ready, holder}  # type: ignore[arg-type]
    await asyncio.wait(waited, return_when=asyncio.FIRST_COMPLETED)
    if not ready.done():
        holder.result()  # raises the holder's error
        raise RuntimeError("Playwright MCP ended before it was ready")
    return ready.result()
