"""A Playwright MCP that cannot start is an ``MCPConnectionError`` saying what to run, raised
as itself (not inside the SDK's task groups), so the CLI can show it as one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from subterminator.pwmcp.process import MCPConnectionError, playwright_mcp


@pytest.mark.subprocess
async def test_a_server_that_exits_at_once_is_a_connection_error(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-cli.js"
    with pytest.raises(MCPConnectionError, match=r"did not start.*run `node .*no-such-cli\.js"):
        async with playwright_mcp(missing, str(tmp_path / "none.sock"), cwd=tmp_path):
            pass
