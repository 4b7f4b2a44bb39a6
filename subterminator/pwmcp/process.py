"""Playwright MCP as a subprocess over stdio, attached to the browser our driver launched.

It is started after Node is checked, connects within ``CONNECT_S`` or the run fails with an
``MCPConnectionError`` saying what to do, and it ends with the context that started it
(the SDK's stdio client terminates the process tree on exit, on errors and on Ctrl+C).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.types import Tool

from subterminator.errors import MCPConnectionError
from subterminator.pwmcp.node import check_node

CONNECT_S = 10.0
# Never let a page add tools of its own (WebMCP): every tool the model sees is one we judged.
FIXED_ARGS = ("--no-webmcp",)

__all__ = ["CONNECT_S", "FIXED_ARGS", "Connected", "MCPConnectionError", "playwright_mcp"]


@dataclass
class Connected:
    """A live Playwright MCP session and the tools it listed."""

    session: ClientSession
    tools: list[Tool]


@asynccontextmanager
async def playwright_mcp(
    cli: Path, endpoint: str, extra: Sequence[str] = (), cwd: Path | None = None
) -> AsyncIterator[Connected]:
    """Playwright MCP driving the browser bound at ``endpoint``, for the length of the block."""
    node = check_node()
    params = StdioServerParameters(
        command=node,
        args=[str(cli), "--endpoint", endpoint, *FIXED_ARGS, *extra],
        cwd=str(cwd) if cwd is not None else None,
    )
    try:
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            yield Connected(session, await _handshake(session, cli))
    except BaseExceptionGroup as group:  # the SDK's task groups wrap what went wrong
        raise _alone(group) from None


async def _handshake(session: ClientSession, cli: Path) -> list[Tool]:
    """``initialize`` and ``tools/list`` within ``CONNECT_S``, or why not, said to act on."""
    try:
        async with asyncio.timeout(CONNECT_S):
            await session.initialize()
            return (await session.list_tools()).tools
    except TimeoutError:
        raise MCPConnectionError(
            f"Playwright MCP ({cli}) did not answer within {CONNECT_S:.0f} s; run "
            f"`node {cli} --help` to see whether it starts."
        ) from None
    except Exception as exc:  # it exited, or answered something that is not MCP
        raise MCPConnectionError(
            f"Playwright MCP ({cli}) did not start: {exc}; run `node {cli} --help`."
        ) from exc


def _alone(group: BaseExceptionGroup) -> BaseException:
    """The one error inside nested groups, as the caller would have seen it; else the group."""
    leaves = list(_leaves(group))
    return leaves[0] if len(leaves) == 1 else group


def _leaves(error: BaseException) -> list[BaseException]:
    if isinstance(error, BaseExceptionGroup):
        return [leaf for inner in error.exceptions for leaf in _leaves(inner)]
    return [error]
