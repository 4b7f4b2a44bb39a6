"""Playwright MCP as a subprocess over stdio, attached to the browser our driver launched.

It is started after Node is checked, connects (handshake, tool list, and the browser reached)
within ``CONNECT_S`` or the run fails with an ``MCPConnectionError`` saying what to do, and it
ends with the context that started it: the SDK's stdio client starts it in a session of its
own, so a terminal's Ctrl+C never reaches it, and terminates its process tree on exit, on
errors and on Ctrl+C. Its files and its stderr go to the folder it is given, never the
person's current folder or terminal.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.types import TextContent, Tool

from subterminator.errors import MCPConnectionError
from subterminator.pwmcp.node import check_node

CONNECT_S = 10.0
LOG = "playwright-mcp.log"  # its stderr, in the folder it writes to
# Never let a page add tools of its own (WebMCP): every tool the model sees is one we judged.
FIXED_ARGS = ("--no-webmcp",)
# Its replies carry no generated code unless a person asks for it (``--codegen``): fewer words
# for the model to read, none it could mistake for an instruction.
DEFAULT_ARGS = ("--codegen=none",)
# A call with no effect that needs the browser: a wrong endpoint fails here, at the start.
PROBE = ("browser_tabs", {"action": "list"})
ERROR_LINE = re.compile(r"^\w*Error\b")  # Node's line for an uncaught error: "Error: ..."

__all__ = ["CONNECT_S", "FIXED_ARGS", "Connected", "MCPConnectionError", "playwright_mcp"]


@dataclass
class Connected:
    """A live Playwright MCP session and the tools it listed."""

    session: ClientSession
    tools: list[Tool]


def arguments(cli: Path, endpoint: str, folder: Path, extra: Sequence[str] = ()) -> list[str]:
    """Node's arguments: ours fixed, ours by default unless ``extra`` names them, then
    ``extra`` (already judged: ``options.judged``)."""
    given = {arg.partition("=")[0] for arg in extra}
    defaults = [arg for arg in DEFAULT_ARGS if arg.partition("=")[0] not in given]
    fixed = ["--endpoint", endpoint, *FIXED_ARGS, f"--output-dir={folder}"]
    return [str(cli), *fixed, *defaults, *extra]


@asynccontextmanager
async def playwright_mcp(
    cli: Path, endpoint: str, extra: Sequence[str] = (), *, cwd: Path
) -> AsyncIterator[Connected]:
    """Playwright MCP driving the browser bound at ``endpoint``, for the length of the block;
    ``cwd`` is its working folder and gets its files and its stderr (``LOG``)."""
    node = check_node()
    params = StdioServerParameters(
        command=node, args=arguments(cli, endpoint, cwd, extra), cwd=str(cwd)
    )
    log = cwd / LOG
    try:
        with log.open("a", encoding="utf-8") as errlog:
            async with (
                stdio_client(params, errlog=errlog) as (read, write),
                ClientSession(read, write) as session,
            ):
                yield Connected(session, await _handshake(session, cli, log))
    except BaseExceptionGroup as group:  # the SDK's task groups wrap what went wrong
        raise _alone(group) from None


async def _handshake(session: ClientSession, cli: Path, log: Path) -> list[Tool]:
    """``initialize``, ``tools/list`` and the browser reached within ``CONNECT_S``, or why
    not, said to act on."""
    try:
        async with asyncio.timeout(CONNECT_S):
            await session.initialize()
            tools = (await session.list_tools()).tools
            probe = await session.call_tool(*PROBE)
    except TimeoutError:
        raise MCPConnectionError(
            f"Playwright MCP ({cli}) did not answer within {CONNECT_S:.0f} s{_said(log)}; run "
            f"`node {cli} --help` to see whether it starts."
        ) from None
    except Exception as exc:  # it exited, or answered something that is not MCP
        raise MCPConnectionError(
            f"Playwright MCP ({cli}) did not start: {exc}{_said(log)}; run `node {cli} --help`."
        ) from exc
    if probe.is_error:
        said = " ".join(p.text for p in probe.content if isinstance(p, TextContent))
        raise MCPConnectionError(
            f"Playwright MCP started but could not reach the browser: {' '.join(said.split())}. "
            "The browser closed as it started, or another version of Playwright drives it; "
            "run the command again, and if it persists reinstall SubTerminator's dependencies."
        )
    return tools


def _said(log: Path) -> str:
    """What Playwright MCP wrote to its stderr, in a few words, if anything."""
    try:
        said = node_error(log.read_text(errors="replace"))
    except OSError:
        return ""
    return f" (it said: {said})" if said else ""


def node_error(output: str) -> str:
    """The words of what Node printed as it failed: its error's line, not the stack."""
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    errors = [line for line in lines if ERROR_LINE.match(line)]
    plain = [line for line in lines if not line.startswith(("at ", "Node.js v"))]
    return " / ".join(errors[-1:] or plain[-2:])


def _alone(group: BaseExceptionGroup) -> BaseException:
    """The one error inside nested groups, as the caller would have seen it; else the group."""
    leaves = list(_leaves(group))
    return leaves[0] if len(leaves) == 1 else group


def _leaves(error: BaseException) -> list[BaseException]:
    if isinstance(error, BaseExceptionGroup):
        return [leaf for inner in error.exceptions for leaf in _leaves(inner)]
    return [error]
