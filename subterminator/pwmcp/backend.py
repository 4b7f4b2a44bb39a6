"""Playwright MCP attached to the browser we launched, for the length of a run.

Our ``PlaywrightBrowser`` is launched as for any run (profile, flags, reach rules); its
browser is then bound for another client of our Playwright driver (``Browser.bind``, a socket
file, no TCP port) and Playwright MCP is started on it over stdio. One driver, one Chromium:
its refs resolve on our side, and our routes see what its actions send.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import mcp.types as types
from mcp import ClientSession

from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.errors import BrowserError, ConfigurationError
from subterminator.pwmcp.install import install
from subterminator.pwmcp.process import playwright_mcp


@dataclass(frozen=True)
class PwMcpOptions:
    """How Playwright MCP is started: options passed through to it (already judged safe),
    and the folder its files (snapshots, console logs) go to, never the current one."""

    passthrough: tuple[str, ...] = ()
    output_dir: Path | None = None


class PwMcpClient:
    """The live Playwright MCP session: its tools, and one way to call them."""

    def __init__(self, session: ClientSession, tools: Sequence[types.Tool]) -> None:
        self._session = session
        self.tools = tuple(tools)
        self.gone: str | None = None  # why it stopped answering, once it has

    async def call(self, name: str, arguments: dict[str, Any]) -> types.CallToolResult:
        """Playwright MCP's answer to one call; a process that died is a dead browser."""
        if self.gone is not None:
            raise BrowserError(self.gone)
        try:
            return await self._session.call_tool(name, arguments)
        except Exception as exc:  # the SDK's closed stream, a broken pipe: it is gone
            self.gone = f"Playwright MCP stopped answering ({type(exc).__name__}: {exc})"
            raise BrowserError(self.gone) from exc


def reply_text(result: types.CallToolResult) -> str:
    """The text parts of a Playwright MCP reply, joined."""
    return "\n".join(p.text for p in result.content if isinstance(p, types.TextContent))


@asynccontextmanager
async def attached(
    browser: PlaywrightBrowser, options: PwMcpOptions | None = None
) -> AsyncIterator[PwMcpClient]:
    """Playwright MCP on ``browser`` until the block ends (on errors and Ctrl+C too)."""
    options = options or PwMcpOptions()
    shared = browser.page.context.browser
    if shared is None:
        raise ConfigurationError("Playwright MCP needs a browser we launched, not a bare context")
    cli = install()
    endpoint = (await shared.bind("subterminator"))["endpoint"]  # a socket file, no TCP port
    try:
        async with playwright_mcp(
            cli, endpoint, extra=options.passthrough, cwd=options.output_dir
        ) as connected:
            yield PwMcpClient(connected.session, connected.tools)
    finally:
        await shared.unbind()
