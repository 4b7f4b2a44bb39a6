"""``subterminator mcp --tools v02 --http`` as a person starts it, with the SDK's client.

Each HTTP session has its own browser, named apart. A session that terminates its browser and
launches again gets a new run, and that run too ends when its HTTP session does: its record is
written then, not only when the server stops. The person's yes, asked over the session's own
stream, cancels with one question.
"""

from __future__ import annotations

import asyncio
import shutil
import signal
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp.client import Client

from harness.mcp_driver import Person
from subterminator.mcp.session import ENDED
from subterminator.simulator import NetflixSimulator
from tests.support.mcp_facade import FINAL, click, data, records, said, walk_to_the_final_step
from tests.support.mcp_helpers import free_port, listening

pytestmark = [pytest.mark.browser, pytest.mark.subprocess]


@pytest.fixture
def sim() -> Iterator[NetflixSimulator]:
    with NetflixSimulator("2026") as simulator:
        yield simulator


@asynccontextmanager
async def served(sim: NetflixSimulator, runs: Path) -> AsyncIterator[str]:
    """The installed command on a free loopback port, until the test is done (Ctrl+C)."""
    command = shutil.which("subterminator", path=str(Path(sys.executable).parent))
    assert command, "the subterminator command is installed beside this Python"
    port = free_port()
    args = ["mcp", "--tools", "v02", "--sim", "--url", sim.url(), "--headless"]
    args += ["--http", f"127.0.0.1:{port}", "--runs-dir", str(runs)]
    server = await asyncio.create_subprocess_exec(command, *args, stderr=asyncio.subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/mcp"
    try:
        await listening(url)
        yield url
    finally:
        server.send_signal(signal.SIGINT)
        await server.wait()


def ended_runs(runs: Path) -> list[dict[str, Any]]:
    """Each written run record's last event (a record still open has none yet)."""
    found = (events[-1] for events in records(runs))
    return [last for last in found if last["event"] in ("outcome", "interrupted")]


async def test_http_sessions_have_their_own_browsers_and_a_relaunch_ends_with_its_session(
    sim: NetflixSimulator, tmp_path: Path
) -> None:
    person = Person([True])
    async with served(sim, tmp_path) as url:
        async with Client(url, mode="legacy", elicitation_callback=person) as first:
            async with Client(url, mode="legacy") as second:
                mine = said(await first.call_tool("browser_session", {"action": "launch"}))
                theirs = said(await second.call_tool("browser_session", {"action": "launch"}))
                assert mine["instance_id"] != theirs["instance_id"]
                await walk_to_the_final_step(first)  # the same browser: reused
                assert said(await click(first, FINAL))["success"] is True
                assert sim.account.status == "cancelled"
                assert len(person.asked) == 1
                other = await second.call_tool("browser_navigate", {"action": "get_url"})
                assert said(other)["url"] == sim.url("/account"), "the other session's page"
            ended = await first.call_tool(
                "browser_session", {"action": "terminate", "instance_id": mine["instance_id"]}
            )
            assert data(ended)["run_ended"]["reason"] == "completed"
            again = said(await first.call_tool("browser_session", {"action": "launch"}))
            assert again["instance_id"] != mine["instance_id"]
        for _ in range(100):  # bounded: the session's end closes its run in a task of its own
            if len(ended_runs(tmp_path)) == 3:
                break
            await anyio.sleep(0.1)
        endings = ended_runs(tmp_path)
        assert len(endings) == 3, "both sessions' runs and the relaunched one, while serving"
    assert sorted(e["event"] for e in endings) == ["interrupted", "interrupted", "outcome"]
    relaunched = records(tmp_path)[-1][-1]
    assert relaunched["detail"].startswith(ENDED), "closed when its HTTP session ended"
