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

from subterminator.errors import OrchestratorError
from subterminator.pwmcp.node import check_node

CONNECT_S = 10.0
# Never let a page add tools of its own (WebMCP): every tool the model sees is one we judged.
FIXED_ARGS = ("--no-webmcp",)


class MCPConnectionError(OrchestratorError):
    """Playwright MCP did not start, or did not answer its handshake in time."""


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
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        try:
            async with asyncio.timeout(CONNECT_S):
                await session.initialize()
                tools = (await session.list_tools()).tools
        except TimeoutError:
            raise MCPConnectionError(
                f"Playwright MCP ({cli}) did not answer within {CONNECT_S:.0f} s; run "
                f"`node {cli} --help` to see whether it starts."
            ) from None
        except Exception as exc:  # it exited, or answered something that is not MCP
            raise MCPConnectionError(
                f"Playwright MCP ({cli}) did not start: {exc}; run `node {cli} --help`."
            ) from exc
        yield Connected(session, tools)
