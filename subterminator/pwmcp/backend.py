"""Playwright MCP attached to the browser we launched, for the length of a run.

Our ``PlaywrightBrowser`` is launched as for any run (profile, flags, reach rules); its
browser is then bound for another client of our Playwright driver (``Browser.bind``, a socket
file, no TCP port) and Playwright MCP is started on it over stdio. One driver, one Chromium:
its refs resolve on our side, and our routes see what its actions send.
"""

from __future__ import annotations

import asyncio
import logging
import tempfile
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import mcp.types as types
from mcp import ClientSession
from mcp.shared.exceptions import MCPError
from playwright.async_api import Browser
from playwright.async_api import Error as PlaywrightError

from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.errors import BrowserError, ConfigurationError
from subterminator.pwmcp.install import install
from subterminator.pwmcp.node import check_node
from subterminator.pwmcp.options import judged, settle_of
from subterminator.pwmcp.process import playwright_mcp

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class PwMcpOptions:
    """How Playwright MCP is started: options passed through to it (``--name=value``, judged
    again on the way in: ``options.judged``), and the folder its files and its stderr go to
    (the run's; None: a temporary one), never the current one."""

    passthrough: tuple[str, ...] = ()
    output_dir: Path | None = None


class PwMcpClient:
    """The live Playwright MCP session: its tools, and one way to call them."""

    def __init__(
        self, session: ClientSession, tools: Sequence[types.Tool], settle_s: float = 0.0
    ) -> None:
        self._session = session
        self.tools = tuple(tools)
        self.settle_s = settle_s  # how long it waits after a click for late changes
        self.gone: str | None = None  # why it stopped answering, once it has

    async def call(self, name: str, arguments: dict[str, Any]) -> types.CallToolResult:
        """Playwright MCP's answer to one call; a process that died is a dead browser.

        An error it answers (a JSON-RPC error as much as a failed tool) is a reply with
        ``is_error``, as Playwright MCP gives its own; only a connection that is gone raises.
        """
        if self.gone is not None:
            raise BrowserError(self.gone)
        try:
            return await self._session.call_tool(name, arguments)
        except MCPError as exc:
            if exc.code != types.CONNECTION_CLOSED:  # it answered: it is still there
                return _error_reply(exc.message)
            self.gone = f"Playwright MCP stopped answering ({exc.message})"
            raise BrowserError(self.gone) from exc
        except Exception as exc:  # a broken pipe, a closed stream: it is gone
            self.gone = f"Playwright MCP stopped answering ({type(exc).__name__}: {exc})"
            raise BrowserError(self.gone) from exc


def _error_reply(message: str) -> types.CallToolResult:
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=f"### Error\n{message}")], is_error=True
    )


def reply_text(result: types.CallToolResult) -> str:
    """The text parts of a Playwright MCP reply, joined."""
    return "\n".join(p.text for p in result.content if isinstance(p, types.TextContent))


@asynccontextmanager
async def attached(
    browser: PlaywrightBrowser, options: PwMcpOptions | None = None
) -> AsyncIterator[PwMcpClient]:
    """Playwright MCP on ``browser`` until the block ends (on errors and Ctrl+C too).

    Enter it after the browser is launched and leave it before the browser closes: the bind
    is released on the way out, whether Playwright MCP started or not, so its socket file
    never outlives the run.
    """
    options = options or PwMcpOptions()
    check_node()  # first: without Node nothing below can work, and the fix is the person's
    extra = judged(options.passthrough)
    shared = browser.page.context.browser
    if shared is None:
        raise ConfigurationError(
            "Playwright MCP attaches to the browser SubTerminator launched, and this browser "
            "context has none to hand over (one made outside a launched browser): launch it "
            "with PlaywrightBrowser.launch, with or without --profile"
        )
    if not hasattr(shared, "bind"):  # Playwright for Python before 1.65 cannot share it
        raise ConfigurationError(
            "--backend playwright-mcp needs Playwright for Python 1.65 or newer (it hands "
            "the browser over with Browser.bind): pip install -U 'playwright>=1.65'"
        )
    cli = await asyncio.to_thread(install)  # npm, on first use: the loop goes on meanwhile
    with _folder(options.output_dir) as folder:
        endpoint = (await shared.bind("subterminator"))["endpoint"]  # a socket file, no port
        try:
            async with playwright_mcp(cli, endpoint, extra, cwd=folder) as connected:
                yield PwMcpClient(connected.session, connected.tools, settle_of(extra))
        finally:
            await _unbind(shared)


@contextmanager
def _folder(given: Path | None) -> Iterator[Path]:
    """Where Playwright MCP writes: the run's folder, else a temporary one removed after."""
    if given is not None:
        given.mkdir(parents=True, exist_ok=True)
        yield given
        return
    with tempfile.TemporaryDirectory(prefix="subterminator-pwmcp-") as made:
        yield Path(made)


async def _unbind(shared: Browser) -> None:
    """Release the bind (its socket file goes with it); a browser already closed has none."""
    try:
        await shared.unbind()
    except PlaywrightError as exc:
        log.debug("unbind: %s", exc)
