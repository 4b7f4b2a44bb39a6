"""The installed ``subterminator mcp --tools v02`` over stdio, with the SDK's client.

As a person starts it: ``--sim --headless`` lists the nine tools and starts no Chromium until a
launch, which opens the simulator's start page; a terminate closes that Chromium. Walking the
test's own simulator (``--url``) by CSS selectors, a client without elicitation cancels
nothing, and a yes cancels with one question, the run's record saying so.
"""

from __future__ import annotations

import os
import shutil
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest
from mcp.client import Client
from mcp.client.stdio import StdioServerParameters

from harness.mcp_driver import Person
from subterminator.mcp.facade import TERMINATED
from subterminator.simulator import NetflixSimulator
from tests.support.mcp_facade import (
    FINAL,
    FINAL_BY_CODE,
    click,
    data,
    records,
    said,
    walk_to_the_final_step,
)
from tests.support.mcp_helpers import chromium_with
from tests.support.paths import ROOT

pytestmark = [
    pytest.mark.browser,
    pytest.mark.subprocess,
    pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="reads /proc (Linux)"),
]

NINE = 9


@pytest.fixture
def sim() -> Iterator[NetflixSimulator]:
    with NetflixSimulator("2026") as simulator:
        yield simulator


def server(mark: str, *args: str) -> StdioServerParameters:
    """``subterminator mcp --tools v02 --headless ARGS``, its processes carrying ``mark``."""
    command = shutil.which("subterminator", path=str(Path(sys.executable).parent))
    assert command, "the subterminator command is installed beside this Python"
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    env = {**os.environ, "SUBTERMINATOR_TEST_MARK": mark, "PYTHONPATH": path}
    return StdioServerParameters(
        command=command, args=["mcp", "--tools", "v02", "--headless", *args], env=env
    )


async def no_chromium_left(mark: str) -> bool:
    for _ in range(50):  # bounded: a closing Chromium takes a moment to exit
        if not chromium_with(mark):
            return True
        await anyio.sleep(0.1)
    return False


async def test_the_command_lists_nine_tools_and_launches_on_the_simulator(
    tmp_path: Path,
) -> None:
    mark = f"st-v02-{uuid.uuid4().hex}"
    async with Client(server(mark, "--sim", "--runs-dir", str(tmp_path)), mode="legacy") as client:
        tools = (await client.list_tools()).tools
        assert len(tools) == NINE
        assert {t.name for t in tools} >= {"browser_session", "browser_interact", "web_search"}
        before = await client.call_tool("browser_session", {"action": "get_active"})
        assert data(before) == {"active": False}
        assert not chromium_with(mark), "listing and asking started no Chromium"
        launched = said(await client.call_tool("browser_session", {"action": "launch"}))
        assert launched["data"]["url"].endswith("/account"), "the simulator's start page"
        assert launched["data"]["snapshot"]["page"]["title"]
        assert chromium_with(mark)
        name = launched["instance_id"]
        ended = await client.call_tool(
            "browser_session", {"action": "terminate", "instance_id": name}
        )
        assert data(ended)["status"] == "terminated"
        assert await no_chromium_left(mark), "the terminated browser closed"
    (events,) = records(tmp_path)
    assert events[-1]["event"] == "interrupted"
    assert events[-1]["detail"].startswith(TERMINATED)


async def test_without_elicitation_the_walk_by_selectors_cancels_nothing(
    sim: NetflixSimulator, tmp_path: Path
) -> None:
    mark = f"st-v02-{uuid.uuid4().hex}"
    params = server(mark, "--sim", "--url", sim.url(), "--runs-dir", str(tmp_path))
    async with Client(params, mode="legacy") as client:
        await walk_to_the_final_step(client)
        refused = await click(client, FINAL)
        assert refused.is_error
        assert said(refused)["success"] is False
        assert data(refused)["error_code"] == "human_rejected"
        assert "elicitation" in said(refused)["error"]
        by_code = await client.call_tool(
            "browser_execute", {"action": "execute", "code": FINAL_BY_CODE}
        )
        assert data(by_code)["error_code"] == "human_rejected"
    assert sim.account.status == "active"
    assert await no_chromium_left(mark)


async def test_a_yes_cancels_with_one_question_and_the_record_says_cancelled(
    sim: NetflixSimulator, tmp_path: Path
) -> None:
    mark = f"st-v02-{uuid.uuid4().hex}"
    params = server(mark, "--sim", "--url", sim.url(), "--runs-dir", str(tmp_path))
    person = Person([True])
    async with Client(params, mode="legacy", elicitation_callback=person) as client:
        await walk_to_the_final_step(client)
        done = await click(client, FINAL)
        assert said(done)["success"] is True, done.content
        assert sim.account.status == "cancelled"
        active = await client.call_tool("browser_session", {"action": "get_active"})
        ended = await client.call_tool(
            "browser_session", {"action": "terminate", "instance_id": said(active)["instance_id"]}
        )
        assert data(ended)["run_ended"]["reason"] == "completed"
        (events,) = records(tmp_path)  # written when the terminate answered
        (outcome,) = [e for e in events if e["event"] == "outcome"]
        assert (outcome["success"], outcome["verified"]) == (True, True)
        assert outcome["reason"] == "completed"
    assert len(person.asked) == 1
    assert await no_chromium_left(mark), "a Chromium outlived its client"
