"""Playwright MCP's tools for an MCP client: the list it is given, and a session's attach.

An MCP client lists tools as soon as it connects (Claude Code does for every server it is
configured with), long before it acts. So the list is not read from a session's Playwright
MCP, which would launch a browser (a window, on a real site) for a client that only looked:
it is read once per server from the pinned package itself, started with no browser (it
connects to one only on a call), and kept. The list is a property of the pinned version and
its options, the same for every session; a session's own Playwright MCP lists the same tools,
and its front serves exactly the ones listed here (``pwmcp_surface`` decides both).
"""

from __future__ import annotations

import asyncio
import logging
import tempfile
from collections.abc import Sequence
from contextlib import AsyncExitStack
from pathlib import Path

import mcp.types as types
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.browser.protocol import Browser
from subterminator.errors import ConfigurationError, MCPConnectionError
from subterminator.pwmcp.assemble import translators
from subterminator.pwmcp.backend import PwMcpClient, PwMcpOptions, attached
from subterminator.pwmcp.install import install
from subterminator.pwmcp.node import check_node
from subterminator.pwmcp.process import CONNECT_S, FIXED_ARGS
from subterminator.pwmcp.surface import pwmcp_surface
from subterminator.tools.registry import Surface

log = logging.getLogger(__name__)


INSTRUCTIONS = """Playwright MCP's browser tools behind SubTerminator's safety gate: \
call browser_snapshot to read the page (the service's account page is open), act with \
browser_click / browser_type / browser_select_option on a ref ([ref=e12]) from the latest \
snapshot (a ref, not a selector), and end with complete_task, which is verified on the page. \
Steps that may not be undoable are shown to the person first (MCP elicitation); you cannot \
approve them. A refusal comes back as error human_rejected: tell the person, follow their \
note, never retry the same step. An action that ran while the next step it showed was \
refused succeeds, with that refusal in its "declined" field: do not take that step, nor \
repeat the action. A reply with run_ended means the run is over: tell the person what it \
says."""


async def read_tools(passthrough: Sequence[str] = ()) -> list[types.Tool]:
    """The pinned Playwright MCP's own ``tools/list``, read with no browser: it is started
    with the options a session's gets, in a folder of its own, and stopped once it answered."""
    node = check_node()
    cli = install()
    with tempfile.TemporaryDirectory(prefix="subterminator-pwmcp-list-") as folder:
        params = StdioServerParameters(
            command=node,
            args=[str(cli), *FIXED_ARGS, f"--output-dir={folder}", *passthrough],
            cwd=folder,
        )
        try:  # what it prints goes to our stderr: a server's log, never the protocol's stdout
            async with (
                stdio_client(params) as (read, write),
                ClientSession(read, write) as session,
            ):
                async with asyncio.timeout(CONNECT_S):
                    await session.initialize()
                    return (await session.list_tools()).tools
        except Exception as exc:  # it did not start, or did not answer in time
            raise MCPConnectionError(
                f"Playwright MCP ({cli}) did not list its tools within {CONNECT_S:.0f} s "
                f"({type(exc).__name__}: {exc}); run `node {cli} --help` to see whether "
                "it starts."
            ) from exc


def served(tools: Sequence[types.Tool]) -> Surface:
    """What a client is given of ``tools``: the ones the gate can say, then ours."""
    return pwmcp_surface(tools, translators())


class Listing:
    """Playwright MCP's tools for this server, read on the first ask and kept (one reader at
    a time; a read that failed is tried again on the next ask)."""

    def __init__(self, passthrough: Sequence[str] = ()) -> None:
        self.passthrough = tuple(passthrough)
        self._tools: list[types.Tool] | None = None
        self._lock = asyncio.Lock()

    async def tools(self) -> list[types.Tool]:
        async with self._lock:
            if self._tools is None:
                self._tools = await read_tools(self.passthrough)
            return self._tools


async def attach(
    exits: AsyncExitStack, browser: Browser, passthrough: Sequence[str], folder: Path | None
) -> PwMcpClient:
    """Playwright MCP on a session's browser, ended by ``exits`` (before the browser, which
    must have been pushed on ``exits`` first).

    It is held by a task of its own: the SDK's stdio client must be left by the task that
    entered it, and a session is started by one request and closed by another, or by the
    server when the client goes."""
    if not isinstance(browser, PlaywrightBrowser):
        raise ConfigurationError("Playwright MCP drives a browser SubTerminator launched")
    options = PwMcpOptions(passthrough=tuple(passthrough), output_dir=folder)
    ready: asyncio.Future[PwMcpClient] = asyncio.get_running_loop().create_future()
    release = asyncio.Event()

    async def hold() -> None:
        try:
            async with attached(browser, options) as client:
                ready.set_result(client)
                await release.wait()
        except asyncio.CancelledError:
            ready.cancel()  # nothing, if it had started: then its caller has it
            raise
        except BaseException as exc:
            if ready.done():
                raise
            ready.set_exception(exc)  # the caller's error: it did not start

    holder = asyncio.create_task(hold())

    async def end() -> None:
        release.set()
        try:
            await holder
        except Exception as exc:  # it died on the way: the browser still closes after
            log.warning("Playwright MCP did not end cleanly: %s", exc)

    exits.push_async_callback(end)
    return await ready
