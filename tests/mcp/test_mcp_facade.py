"""``subterminator mcp --tools v02`` through the SDK's client, in process: the nine tools as
the registry has them, and ``browser_session``'s life of the session's one browser.

The session owns the browser: listing the tools, or asking what is running before a launch,
starts none; a second launch finds the same one; a terminate ends the run (its record is
written) and only a terminate naming this session's browser does; a launch after it starts a
new run with a new name. Launch options the person chose when starting the server (the
profile, whether there is a window) are not a tool call's to change.
"""

from __future__ import annotations

import typing
from collections.abc import Iterator
from pathlib import Path

import pytest
from mcp.client import Client
from playwright.async_api import Browser as PWBrowser

from subterminator.mcp.facade import TERMINATED
from subterminator.mcp.server import FACADE_INSTRUCTIONS
from subterminator.simulator import NetflixSimulator
from subterminator.tools.facade import V02
from subterminator.tools.registry import REGISTRY
from tests.support.mcp_facade import Launches, data, facade_server, records, said

pytestmark = pytest.mark.browser

NINE = (
    "browser_session",
    "browser_navigate",
    "browser_interact",
    "browser_inspect",
    "browser_extract",
    "browser_capture",
    "browser_execute",
    "browser_storage",
    "web_search",
)


@pytest.fixture
def sim() -> Iterator[NetflixSimulator]:
    with NetflixSimulator("2026") as simulator:
        yield simulator


def session(action: str, **more: object) -> dict[str, object]:
    return {"action": action, **more}


async def test_the_nine_tools_are_listed_with_their_schemas_and_start_no_browser(
    st_chromium_session: PWBrowser, sim: NetflixSimulator, tmp_path: Path
) -> None:
    launches = Launches(st_chromium_session)
    async with Client(facade_server(sim, tmp_path, launches), mode="legacy") as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        assert tuple(tools) == NINE
        for spec in REGISTRY.surface(V02).specs:
            assert tools[spec.name].input_schema == {"type": "object", **spec.input_schema()}
            assert tools[spec.name].description == spec.description
            fields = spec.args.model_fields
            if "action" in fields:
                listed = tools[spec.name].input_schema["properties"]["action"]["enum"]
                assert listed == list(typing.get_args(fields["action"].annotation))
        interact = tools["browser_interact"].input_schema["properties"]["action"]["enum"]
        assert interact == ["click", "type", "select", "hover", "scroll", "press", "wait"]
        assert tools["web_search"].input_schema["required"] == ["query"]
        assert "browser_click" not in tools, "our own tools are not this surface's"
        assert client.instructions == FACADE_INSTRUCTIONS, "the facade's, not our tools'"
        assert "browser_session terminate ends the run" in client.instructions
    assert launches.given == [], "listing the tools started no browser"
    assert records(tmp_path) == [], "and no run"


async def test_a_session_lists_launches_reuses_and_terminates_its_one_browser(
    st_chromium_session: PWBrowser, sim: NetflixSimulator, tmp_path: Path
) -> None:
    launches = Launches(st_chromium_session)
    async with Client(facade_server(sim, tmp_path, launches), mode="legacy") as client:
        before = await client.call_tool("browser_session", session("get_active"))
        assert said(before) == {"success": True, "data": {"active": False}}
        listed = await client.call_tool("browser_session", session("list"))
        assert data(listed) == {"instances": []}
        assert launches.given == [], "asking what runs started nothing"

        first = data(await client.call_tool("browser_session", session("launch")))
        assert first["status"] == "launched"
        assert first["url"] == sim.url("/account"), "the simulator's start page"
        assert first["reused"] is False
        assert first["snapshot"]["page"]["url"] == sim.url("/account")
        name = first["instance_id"]
        again = said(await client.call_tool("browser_session", session("launch")))
        assert again["instance_id"] == name
        assert again["data"]["reused"] is True
        assert len(launches.given) == 1, "one browser a session"
        active = said(await client.call_tool("browser_session", session("get_active")))
        assert active["instance_id"] == name
        assert active["data"]["active"] is True
        (listed_one,) = data(await client.call_tool("browser_session", session("list")))[
            "instances"
        ]
        assert listed_one["instance_id"] == name
        assert listed_one["url"] == sim.url("/account")

        wrong = await client.call_tool(
            "browser_session", session("terminate", instance_id="st-00000000")
        )
        assert wrong.is_error
        assert said(wrong)["success"] is False
        assert data(wrong)["error_code"] == "invalid_params"
        unnamed = await client.call_tool("browser_session", session("terminate"))
        assert data(unnamed)["error_code"] == "invalid_params"
        still = said(await client.call_tool("browser_session", session("get_active")))
        assert still["instance_id"] == name, "a refused terminate ends nothing"

        ended = await client.call_tool("browser_session", session("terminate", instance_id=name))
        assert not ended.is_error
        assert data(ended)["status"] == "terminated"
        assert data(ended)["message"].startswith(TERMINATED)
        after = await client.call_tool("browser_session", session("get_active"))
        assert data(after) == {"active": False}
        assert data(await client.call_tool("browser_session", session("list"))) == {"instances": []}
        assert len(records(tmp_path)) == 1, "the terminated run's record is written"
        (terminated,) = records(tmp_path)
        assert terminated[-1]["event"] == "interrupted"
        assert terminated[-1]["detail"] == f"{TERMINATED}; nothing approved ran."

        relaunched = said(await client.call_tool("browser_session", session("launch")))
        assert relaunched["instance_id"] != name, "a new run, a new browser"
        assert relaunched["data"]["reused"] is False
        assert len(launches.given) == 2
    first_run, second_run = records(tmp_path)
    assert first_run[0]["event"] == second_run[0]["event"] == "start"
    assert second_run[-1]["event"] == "interrupted", "the client's going ends the second run"


async def test_launch_options_are_the_servers(
    st_chromium_session: PWBrowser, sim: NetflixSimulator, tmp_path: Path
) -> None:
    launches = Launches(st_chromium_session)
    async with Client(facade_server(sim, tmp_path, launches), mode="legacy") as client:
        for refused in (session("launch", anti_detect=True), session("launch", profile="/tmp/p")):
            reply = await client.call_tool("browser_session", refused)
            assert reply.is_error
            assert data(reply)["error_code"] == "invalid_params"
            assert said(reply)["error"]
        assert launches.given == [], "a refused launch starts nothing"
        windowed = data(
            await client.call_tool("browser_session", session("launch", headless=False))
        )
        assert windowed["headless"] is True, "the server was started --headless"
        assert "--headless" in windowed["headless_note"]
        plain = data(await client.call_tool("browser_session", session("launch", headless=True)))
        assert "headless_note" not in plain
    assert [launch.headless for launch in launches.given] == [True]
