"""A run's Playwright MCP held open until Ctrl+C: ``python -m tests.support.pwmcp_run FOLDER``.

It launches our browser and attaches Playwright MCP to it as a run does (``attached``, inside
``asyncio.run``, as the CLI runs a command), says ``attached`` once a call has gone through,
and waits. A terminal's Ctrl+C must then end it all: Playwright MCP, the driver, Chromium.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from subterminator.browser.chromium import LaunchOptions
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.pwmcp.backend import PwMcpOptions, attached

ATTACHED = "attached"
INTERRUPTED = "interrupted"


async def hold(folder: Path) -> None:
    ours = await PlaywrightBrowser.launch(LaunchOptions(headless=True))
    try:
        async with attached(ours, PwMcpOptions(output_dir=folder)) as client:
            await client.call("browser_snapshot", {})
            print(ATTACHED, flush=True)
            await asyncio.Event().wait()
    finally:
        await ours.close()


if __name__ == "__main__":
    try:
        asyncio.run(hold(Path(sys.argv[1])))
    except KeyboardInterrupt:
        print(INTERRUPTED, flush=True)
        sys.exit(130)
