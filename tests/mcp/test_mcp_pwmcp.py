"""``subterminator mcp --backend playwright-mcp`` through the SDK's own client: the real pinned
``@playwright/mcp`` on real Chromium, the simulator, our gate in front.

The client is given Playwright MCP's own tools (as it lists them) and our two; it acts by
Playwright MCP's refs. The final click asks the person once by elicitation and only their yes
runs it; a no is ``human_rejected``; a client that cannot ask cancels nothing.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import mcp.types as types
import pytest
from mcp.client import Client

from harness.mcp_driver import Person
from subterminator.mcp.server import build_server
from subterminator.mcp.session import McpOptions
from subterminator.mcp.tools import tool_list
from subterminator.pwmcp.door import read_tools, served
from subterminator.simulator import NetflixSimulator
from tests.support.mcp_helpers import chromium_with
from tests.support.mcp_pwmcp import FINAL, WANTED, fields, final_click, text_of, walk

pytestmark = [pytest.mark.browser, pytest.mark.subprocess]


@pytest.fixture
def sim() -> Iterator[NetflixSimulator]:
    with NetflixSimulator("2026") as simulator:
        yield simulator


def server_on(sim: NetflixSimulator, runs: Path) -> Any:
    options = McpOptions(sim="2026", url=sim.url(), runs_dir=runs, backend="playwright-mcp")
    return build_server(options)


async def test_the_list_is_playwright_mcps_own_tools_and_ours_and_starts_no_browser(
    sim: NetflixSimulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mark = f"st-pwmcp-{uuid.uuid4().hex}"
    monkeypatch.setenv("SUBTERMINATOR_TEST_MARK", mark)
    async with Client(server_on(sim, tmp_path), mode="legacy") as client:
        listed = (await client.list_tools()).tools
        assert not chromium_with(mark), "listing the tools launched no browser"
    names = [t.name for t in listed]
    assert set(names) >= WANTED
    assert "browser_run_code_unsafe" not in names
    assert "browser_close" not in names
    assert names[-2:] == ["request_human_approval", "complete_task"]
    own = await read_tools()
    theirs, surface = {t.name: t for t in own}, served(own)
    for tool in listed[:-2]:  # as Playwright MCP wrote them: description, hints
        apart = {"input_schema"}
        assert tool.model_dump(exclude=apart) == theirs[tool.name].model_dump(exclude=apart)
        assert tool.input_schema == surface[tool.name].input_schema(), "the loop's schema"
    ours = {t.name: t for t in tool_list()}
    for tool in listed[-2:]:  # as the MCP door gives them on its own backend
        assert tool.model_dump() == ours[tool.name].model_dump()


async def test_a_client_without_elicitation_is_refused_the_final_click(
    sim: NetflixSimulator, tmp_path: Path
) -> None:
    async with Client(server_on(sim, tmp_path), mode="legacy") as client:
        reply = await walk(client)
        click = await final_click(client, reply)
        assert click.is_error
        assert "cannot ask the person" in (fields(click)["message"] or "")
        assert "elicitation" in text_of(click)
    assert sim.account.status == "active"


@pytest.mark.parametrize("mode", ["legacy", "auto"])  # the handshake era, and the 2026 one
async def test_a_yes_cancels_with_exactly_one_question(
    sim: NetflixSimulator, tmp_path: Path, mode: str
) -> None:
    person = Person([True])
    async with Client(server_on(sim, tmp_path), mode=mode, elicitation_callback=person) as c:
        reply = await walk(c)
        assert sim.account.status == "active"
        click = await final_click(c, reply)
        assert not click.is_error, text_of(click)
        assert sim.account.status == "cancelled"
        assert "[ref=" in text_of(click), "the page after, in Playwright MCP's own words"
        assert "snapshot" not in fields(click), "no refs of ours beside Playwright MCP's"
        done = await c.call_tool("complete_task", {"status": "success", "reason": "done"})
        assert fields(done)["run_ended"]["reason"] == "completed"
    assert len(person.asked) == 1
    assert FINAL in person.asked[0]


async def test_a_no_is_human_rejected_and_nothing_is_cancelled(
    sim: NetflixSimulator, tmp_path: Path
) -> None:
    person = Person([False, False, False])
    async with Client(server_on(sim, tmp_path), mode="legacy", elicitation_callback=person) as c:
        reply = await walk(c)
        click = await final_click(c, reply)
        assert click.is_error
        assert fields(click)["error"] == "human_rejected"
        assert "[ref=" in text_of(click)
    assert person.asked
    assert sim.account.status == "active"


async def test_playwright_mcps_screenshot_comes_through_as_its_image(
    sim: NetflixSimulator, tmp_path: Path
) -> None:
    async with Client(server_on(sim, tmp_path), mode="legacy") as client:
        shot = await client.call_tool("browser_take_screenshot", {})
        plain = await client.call_tool("browser_snapshot", {})
    assert not shot.is_error, text_of(shot)
    assert [c.type for c in shot.content] == ["text", "image"]
    image = shot.content[1]
    assert isinstance(image, types.ImageContent)
    assert image.mime_type == "image/png"
    assert [c.type for c in plain.content] == ["text"]
