"""A Playwright MCP that cannot start, or does not answer in time, is an ``MCPConnectionError``
saying what to run, raised as itself (not inside the SDK's task groups), so the CLI can show it
as one line; an error it answers is a reply, and only a connection that is gone raises."""

from __future__ import annotations

from pathlib import Path

import pytest

from subterminator.pwmcp.backend import PwMcpClient
from subterminator.pwmcp.process import CONNECT_S, MCPConnectionError, playwright_mcp
from tests.support.paths import ROOT

STUB = ROOT / "tests" / "support" / "mcp_stub.js"  # a real MCP server over stdio, misbehaving


@pytest.mark.subprocess
async def test_a_server_that_exits_at_once_is_a_connection_error(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-cli.js"
    with pytest.raises(MCPConnectionError, match=r"did not start.*run `node .*no-such-cli\.js"):
        async with playwright_mcp(missing, str(tmp_path / "none.sock"), cwd=tmp_path):
            pass


@pytest.mark.subprocess
async def test_a_server_that_never_answers_is_a_connection_error_in_time(tmp_path: Path) -> None:
    with pytest.raises(
        MCPConnectionError,
        match=rf"did not answer within {CONNECT_S:.0f} s \(it said: stub started \(silent\)\)",
    ):
        async with playwright_mcp(STUB, "none.sock", ["silent"], cwd=tmp_path):
            pass


@pytest.mark.subprocess
async def test_an_error_it_answers_is_a_reply_not_a_dead_browser(tmp_path: Path) -> None:
    async with playwright_mcp(STUB, "none.sock", ["errors"], cwd=tmp_path) as connected:
        client = PwMcpClient(connected.session, connected.tools)
        reply = await client.call("browser_click", {"target": "e1"})
        assert reply.is_error
        assert "Invalid params: not this one" in str(reply.content[0])
        assert client.gone is None
