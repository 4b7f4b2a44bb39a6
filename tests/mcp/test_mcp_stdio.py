"""``subterminator mcp`` over stdio, as a separate process: what a broken or dying client meets.

A line that is not JSON-RPC gets a JSON-RPC error (the SDK drops it silently), and the server
serves on. A client killed while the person's question is open is recorded as a client that went
away, the question as unanswered, and its Chromium is closed.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest

from subterminator.simulator import NetflixSimulator
from tests.support.mcp_helpers import MALFORMED, chromium_with
from tests.support.paths import ROOT

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="reads /proc (Linux)"),
]


@pytest.fixture
def sim() -> Iterator[NetflixSimulator]:
    with NetflixSimulator("2026") as simulator:
        yield simulator


def command() -> str:
    found = shutil.which("subterminator", path=str(Path(sys.executable).parent))
    assert found, "the subterminator command is installed beside this Python"
    return found


def env_with(mark: str) -> dict[str, str]:
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    return {**os.environ, "SUBTERMINATOR_TEST_MARK": mark, "PYTHONPATH": path}


def servers_with(mark: str) -> list[int]:
    """``subterminator mcp`` processes whose environment carries ``mark``."""
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            environ = (proc / "environ").read_bytes()
            cmdline = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if mark.encode() in environ and any(b"subterminator" in part for part in cmdline[:2]):
            found.append(int(proc.name))
    return found


async def test_malformed_lines_on_stdio_get_json_rpc_errors(sim: NetflixSimulator) -> None:
    server = await asyncio.create_subprocess_exec(
        command(),
        *["mcp", "--sim", "--url", sim.url(), "--headless", "--no-record"],
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        env=env_with(uuid.uuid4().hex),
    )
    assert server.stdin is not None
    assert server.stdout is not None

    async def send(line: bytes) -> dict[str, Any]:
        assert server.stdin is not None
        assert server.stdout is not None
        server.stdin.write(line + b"\n")
        await server.stdin.drain()
        return dict(json.loads(await server.stdout.readline()))

    init = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "raw", "version": "1"},
        },
    }
    assert "result" in await send(json.dumps(init).encode())
    for line, code in MALFORMED:
        answer = await send(line)
        assert answer["id"] is None, (line, answer)
        assert answer["error"]["code"] == code, (line, answer)
    listed = await send(b'{"jsonrpc": "2.0", "id": 2, "method": "tools/list"}')
    assert listed["id"] == 2, "the server serves on"
    assert listed["result"]["tools"]
    server.stdin.close()
    assert await server.wait() == 0


def events(runs: Path) -> list[dict[str, Any]]:
    found = list(runs.glob("*/events.jsonl"))
    if not found:
        return []
    (path,) = found
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def ended(runs: Path) -> bool:
    return any(e["event"] == "interrupted" for e in events(runs))


async def test_a_killed_stdio_client_is_recorded_as_gone_and_its_chromium_closed(
    sim: NetflixSimulator, tmp_path: Path
) -> None:
    mark = f"st-mcp-{uuid.uuid4().hex}"
    args = ["mcp", "--sim", "--url", sim.url(), "--headless", "--runs-dir", str(tmp_path)]
    client = await asyncio.create_subprocess_exec(
        sys.executable,
        *["-m", "tests.support.dying_client", command(), *args],
        stdout=asyncio.subprocess.PIPE,
        env=env_with(mark),
        cwd=ROOT,
    )
    try:
        assert client.stdout is not None
        assert await client.stdout.readline() == b"asked\n", "the person is being asked"
        assert chromium_with(mark)
        client.kill()  # SIGKILL: no goodbye, no DELETE, its pipes just close
        await client.wait()
        for _ in range(600):  # bounded poll for the effect, not a timed assertion
            if ended(tmp_path) and not chromium_with(mark) and not servers_with(mark):
                break
            await anyio.sleep(0.1)
        assert not chromium_with(mark), "a Chromium outlived its client"
        assert not servers_with(mark), "the server outlived its client"
    finally:
        for pid in servers_with(mark):  # only what this test started
            os.kill(pid, 9)
    log = events(tmp_path)
    (interrupted,) = [e for e in log if e["event"] == "interrupted"]
    assert interrupted["detail"].startswith("The client went away before complete_task")
    (answered,) = [e for e in log if e["event"] == "approval_answered"]
    assert answered["interrupted"] is True
    assert answered["approved"] is False
    assert "cannot ask" not in json.dumps(log)
    assert sim.account.status != "cancelled"
