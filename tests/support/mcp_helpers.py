"""The MCP tests' shared parts: a session Chromium per server, the walk to the final step,
a free port and a server listening on it, the Chromium processes a test started, and
malformed calls."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import anyio
import httpx2
import mcp.types as types
from mcp.client import Client
from playwright.async_api import Browser as PWBrowser

from harness.mcp_driver import ref
from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser

FLOW = [("Manage membership", 0), ("Cancel membership", 0), ("Show option contents", 2)]


def shared_chromium(chromium: PWBrowser) -> Any:
    """Sessions get a context of the test session's Chromium: fast, and closed with them."""

    async def factory(launch: LaunchOptions) -> PlaywrightBrowser:
        context = await chromium.new_context(
            viewport={"width": 1280, "height": 800},
            accept_downloads=launch.downloads is not None,  # as the launch would
        )
        browser = await PlaywrightBrowser.attach(
            context, block_non_local=launch.block_non_local, downloads=launch.downloads
        )
        browser._owned.append(context)  # the session's close closes its context
        return browser

    return factory


async def walk_to_the_final_step(client: Client) -> types.CallToolResult:
    """Up to the page with the final step; its checkpoint asks on the last click's reply."""
    reply = await client.call_tool("browser_open", {})
    assert not reply.is_error, reply.content
    for name, nth in FLOW:
        before = reply
        reply = await client.call_tool("browser_click", {"ref": ref(before, name, nth)})
        assert not reply.is_error or name == FLOW[-1][0], reply.content
    return reply


async def listening(url: str) -> None:
    """Back once a server started in another process answers at ``url`` (bounded: 20 s)."""
    async with httpx2.AsyncClient() as raw:
        for _ in range(200):
            try:
                await raw.get(url)
                return
            except httpx2.ConnectError:
                await anyio.sleep(0.1)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def chromium_with(mark: str) -> list[int]:
    """Chromium processes whose environment carries ``mark`` (so: started by this test)."""
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            environ = (proc / "environ").read_bytes()
            cmdline = (proc / "cmdline").read_bytes()
        except OSError:
            continue
        if mark.encode() in environ and b"chrom" in cmdline.split(b"\0")[0].lower():
            found.append(int(proc.name))
    return found


MALFORMED = [
    (b"this is not json", -32700),
    (b'{"jsonrpc": "2.0", "id": 1, "method": ', -32700),
    (b'{"jsonrpc": "2.0", "id": 1, "method": 5}', -32600),
    (b'{"id": 1, "method": "tools/list"}', -32600),
    (b"[]", -32600),
    (b"42", -32600),
]
