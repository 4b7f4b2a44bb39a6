"""The MCP server lists Playwright MCP's tools before any session has one: it reads them from
the pinned package started with no browser. That is right only while a session's Playwright
MCP, attached to a browser, lists the very same tools and its run serves exactly the ones
listed; this states both on the real package."""

from __future__ import annotations

from pathlib import Path

import pytest

from subterminator.assembly import build_run
from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from subterminator.mcp.tools import Catalog, pwmcp_tool_list
from subterminator.pwmcp.backend import PwMcpOptions, attached
from subterminator.pwmcp.door import Listing, read_tools
from subterminator.services import get_service

pytestmark = [pytest.mark.browser, pytest.mark.subprocess]


async def test_the_list_read_without_a_browser_is_the_one_a_session_serves(
    tmp_path: Path,
) -> None:
    listed = await read_tools()
    browser = await PlaywrightBrowser.launch(LaunchOptions(headless=True, block_non_local=True))
    try:
        async with attached(browser, PwMcpOptions(output_dir=tmp_path)) as client:
            session = [t.model_dump() for t in client.tools]
            run = build_run(get_service("netflix"), browser, None, pwmcp=client)
            assert run.front is not None
            served = run.front.surface.names()
    finally:
        await browser.close()
    assert [t.model_dump() for t in listed] == session
    assert tuple(t.name for t in pwmcp_tool_list(listed)) == served
    listing = Listing()
    listing._tools = listed  # read above: the catalog's names are those of its tools
    assert await Catalog(listing).names() == served
