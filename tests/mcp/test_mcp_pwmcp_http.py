"""Over streamable HTTP a session is started by one request and ended by another (the
client's DELETE, on its own task): its Playwright MCP, held by a task of its own, ends with
it, and the next session gets one of its own."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest
import uvicorn
from mcp.client import Client

from subterminator.mcp.server import http_app
from subterminator.mcp.session import McpOptions
from subterminator.simulator import NetflixSimulator
from tests.support.mcp_helpers import free_port
from tests.support.mcp_pwmcp import fields, text_of

pytestmark = [pytest.mark.browser, pytest.mark.subprocess]

CLI_TAIL = "@playwright/mcp/cli.js"


@pytest.fixture
def sim() -> Iterator[NetflixSimulator]:
    with NetflixSimulator("2026") as simulator:
        yield simulator


def playwright_mcp_in(folder: Path) -> set[int]:
    """Live Playwright MCP processes working in ``folder`` (a session's run record)."""
    found = set()
    for proc in Path("/proc").iterdir():
        try:
            argv = (proc / "cmdline").read_bytes().decode(errors="replace").split("\0")
            status = (proc / "status").read_text()
            cwd = Path(os.readlink(proc / "cwd"))
        except OSError:
            continue
        alive = "\nState:\tZ" not in status
        if alive and any(a.endswith(CLI_TAIL) for a in argv) and cwd.is_relative_to(folder):
            found.add(int(proc.name))
    return found


def records(runs: Path) -> int:
    return len(list(runs.iterdir()))


async def test_each_http_session_has_its_own_playwright_mcp_ended_with_it(
    sim: NetflixSimulator, tmp_path: Path
) -> None:
    port = free_port()
    options = McpOptions(sim="2026", url=sim.url(), runs_dir=tmp_path, backend="playwright-mcp")
    app = http_app(options, "127.0.0.1", port)
    web = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    seen: list[set[int]] = []
    async with anyio.create_task_group() as tasks:
        tasks.start_soon(web.serve)
        while not web.started:  # noqa: ASYNC110 (uvicorn offers no event)
            await anyio.sleep(0.02)
        for _ in range(2):
            async with Client(f"http://127.0.0.1:{port}/mcp", mode="legacy") as client:
                reply = await client.call_tool("browser_snapshot", {})
                assert not reply.is_error, text_of(reply)
                assert fields(reply)["success"] is True
                seen.append(playwright_mcp_in(tmp_path))
            for _ in range(100):  # the DELETE ends the session on a task of the server's
                if not playwright_mcp_in(tmp_path):
                    break
                await anyio.sleep(0.1)
            assert not playwright_mcp_in(tmp_path), "a Playwright MCP outlived its session"
        web.should_exit = True
    assert all(len(s) == 1 for s in seen), seen
    assert seen[0] != seen[1], "each session had its own"
    assert records(tmp_path) == 2, "a run record per session"
