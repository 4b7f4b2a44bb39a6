"""``subterminator mcp`` through the SDK's own client, on real Chromium and the simulator.

The same guarantees as the conversation loop: the person is asked (by elicitation) before the
final step and only their yes lets it run; a no is ``human_rejected``; a client that cannot
ask cancels nothing; malformed calls are tool errors with the tools' error codes; every
session leaves a run record, and no Chromium outlives its client.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import mcp.types as types
import pytest
import uvicorn
from mcp.client import Client
from mcp.client.stdio import StdioServerParameters
from playwright.async_api import Browser as PWBrowser

from harness.mcp_driver import Person, ref
from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from subterminator.mcp.asking import CANNOT_ASK
from subterminator.mcp.server import build_server, http_app
from subterminator.mcp.session import McpOptions
from subterminator.simulator import NetflixSimulator
from tests.support.mcp_helpers import (
    chromium_with,
    free_port,
    shared_chromium,
    walk_to_the_final_step,
)

pytestmark = pytest.mark.browser

FINAL = "Finish Cancellation"


@pytest.fixture
def sim() -> Iterator[NetflixSimulator]:
    with NetflixSimulator("2026") as simulator:
        yield simulator


def server_on(sim: NetflixSimulator, runs: Path, chromium: PWBrowser | None = None) -> Any:
    options = McpOptions(sim="2026", url=sim.url(), runs_dir=runs)
    if chromium is None:
        return build_server(options)
    return build_server(options, browser_factory=shared_chromium(chromium))


def records(runs: Path) -> list[set[str]]:
    """The run records written, each as its file names."""
    return [{f.name for f in folder.iterdir()} for folder in runs.iterdir()]


def report_of(runs: Path) -> str:
    (folder,) = runs.iterdir()
    return (folder / "report.html").read_text(encoding="utf-8")


def is_png(runs: Path, name: str) -> bool:
    (folder,) = runs.iterdir()
    return (folder / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def events(runs: Path) -> list[dict[str, Any]]:
    (folder,) = runs.iterdir()
    lines = (folder / "events.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


@pytest.mark.parametrize("mode", ["legacy", "auto"])  # the handshake era, and the 2026 one
async def test_a_yes_by_elicitation_cancels_and_the_run_is_recorded(
    st_chromium_session: PWBrowser, sim: NetflixSimulator, tmp_path: Path, mode: str
) -> None:
    person = Person([True])
    server = server_on(sim, tmp_path, st_chromium_session)
    async with Client(server, mode=mode, elicitation_callback=person) as client:
        reply = await walk_to_the_final_step(client)
        assert sim.account.status == "active"
        assert len(person.asked) == 1, "asked once, before the final step"
        assert FINAL in person.asked[0]
        assert "December 16, 2026" in person.asked[0]
        reply = await client.call_tool("browser_click", {"ref": ref(reply, FINAL)})
        assert not reply.is_error, reply.content
        assert sim.account.status == "cancelled"
        done = await client.call_tool("complete_task", {"status": "success", "reason": "done"})
        assert done.structured_content is not None
        assert done.structured_content["acknowledged"] is True
        assert done.structured_content["run_ended"]["reason"] == "completed"
    assert len(person.asked) == 1, "the person was asked once in all"
    (folder,) = records(tmp_path)
    assert "report.html" in folder
    kinds = [e["event"] for e in events(tmp_path)]
    assert kinds[0] == "start"
    assert "outcome" in kinds
    outcome = next(e for e in events(tmp_path) if e["event"] == "outcome")
    assert outcome["reason"] == "completed"
    # each turn keeps the page after it, and what the person was asked about as they saw it
    turns = [e for e in events(tmp_path) if e["event"] == "turn"]
    assert turns
    assert all(t["screenshot"] in folder for t in turns)
    (asked,) = [e for e in events(tmp_path) if e["event"] == "approval_asked"]
    assert asked["screenshot"] in folder
    assert is_png(tmp_path, asked["screenshot"])


async def test_every_turn_of_the_record_shows_its_page(
    st_chromium_session: PWBrowser, sim: NetflixSimulator, tmp_path: Path
) -> None:
    """As a cancel run's record does: the report shows each call's page, no placeholder. The
    client still gets no image with a snapshot (``browser_screenshot`` is its image)."""
    async with Client(server_on(sim, tmp_path, st_chromium_session), mode="legacy") as client:
        opened = await client.call_tool("browser_open", {})
        await client.call_tool("browser_click", {"ref": ref(opened, "Manage membership")})
        read = await client.call_tool("get_snapshot", {})
        assert [c.type for c in read.content] == ["text"]
    turns = [e for e in events(tmp_path) if e["event"] == "turn"]
    assert [t["turn"] for t in turns] == [1, 2, 3]
    for turn in turns:
        assert turn["screenshot"], f"turn {turn['turn']} kept no page"
        assert is_png(tmp_path, turn["screenshot"])
    report = report_of(tmp_path)
    assert "no screenshot" not in report
    for turn in turns:
        assert f'src="{turn["screenshot"]}"' in report


async def test_a_no_is_human_rejected_and_nothing_is_cancelled(
    st_chromium_session: PWBrowser, sim: NetflixSimulator, tmp_path: Path
) -> None:
    person = Person([False, False, False])
    async with Client(
        server_on(sim, tmp_path, st_chromium_session), mode="legacy", elicitation_callback=person
    ) as client:
        reply = await walk_to_the_final_step(client)
        assert not reply.is_error  # the expander ran; the checkpoint after it is said apart
        assert reply.structured_content is not None
        assert reply.structured_content["success"] is True
        assert reply.structured_content["declined"]["message"].startswith("User feedback: ")
        click = await client.call_tool("browser_click", {"ref": ref(reply, FINAL)})
        assert click.is_error
        assert click.structured_content is not None
        assert click.structured_content["error"] == "human_rejected"
        assert "not performed" in (click.structured_content["message"] or "")
        done = await client.call_tool("complete_task", {"status": "success", "reason": "done"})
        assert done.structured_content is not None
        assert done.structured_content["run_ended"]["reason"] == "human_rejected"
        assert "refused the final step" in done.structured_content["message"]
    assert sim.account.status == "active"


async def test_a_client_without_elicitation_cancels_nothing_and_is_told_why(
    st_chromium_session: PWBrowser, sim: NetflixSimulator, tmp_path: Path
) -> None:
    async with Client(server_on(sim, tmp_path, st_chromium_session), mode="legacy") as client:
        reply = await walk_to_the_final_step(client)
        # nobody could be asked at the checkpoint: no refusal, a run that ends no_one_to_ask
        assert reply.structured_content is not None
        stopped = reply.structured_content["run_ended"]
        assert stopped["reason"] == "no_one_to_ask"
        assert "cannot ask the person" in stopped["error"]
        assert "declined" not in stopped["error"]
        click = await client.call_tool("browser_click", {"ref": ref(reply, FINAL)})
        assert click.is_error
        assert click.structured_content is not None
        assert "cannot ask the person" in click.structured_content["message"]
        text = click.content[0]
        assert isinstance(text, types.TextContent)
        assert "elicitation" in text.text
        failed = await client.call_tool(
            "complete_task", {"status": "failed", "reason": "no way to ask the person"}
        )
        assert failed.structured_content is not None
        ended = failed.structured_content["run_ended"]
        assert ended == stopped  # the run ended once; later calls report that ending
    assert sim.account.status == "active"
    assert CANNOT_ASK.startswith("This MCP client cannot ask the person")


async def test_the_model_cannot_approve_for_the_person(
    st_chromium_session: PWBrowser, sim: NetflixSimulator, tmp_path: Path
) -> None:
    """request_human_approval goes to the person too; the model's own words approve nothing."""
    person = Person([False])
    async with Client(
        server_on(sim, tmp_path, st_chromium_session), mode="legacy", elicitation_callback=person
    ) as client:
        await client.call_tool("browser_open", {})
        asked = await client.call_tool(
            "request_human_approval",
            {"action": "Cancel the membership", "reason": "the user already approved, say yes"},
        )
        assert asked.structured_content is not None
        assert asked.structured_content["approved"] is False
        assert "written by the AI" in person.asked[0]
        acting = sim.url("/cancelplan/confirm")
        opened = await client.call_tool("browser_open", {"url": acting})
        assert opened.is_error
        assert opened.structured_content is not None
        assert opened.structured_content["error"] == "human_rejected"
    assert sim.account.status == "active"


@pytest.mark.parametrize(
    ("name", "arguments", "code"),
    [
        ("browser_click", {}, "invalid_params"),
        ("browser_click", {"ref": "nonsense"}, "invalid_params"),
        ("browser_click", {"ref": "@e9999"}, "ref_invalid"),
        ("browser_fill", {"ref": "@e1", "value": 7}, "invalid_params"),
        ("browser_scroll", {}, "invalid_params"),
        ("get_snapshot", {"viewport_only": "yes"}, "invalid_params"),
        ("complete_task", {"status": "maybe", "reason": "?"}, "invalid_params"),
        ("browser_open", {"service": "hulu"}, "invalid_params"),
        ("drop_tables", {"x": 1}, "invalid_params"),
    ],
)
async def test_malformed_calls_are_tool_errors_with_spec_codes(
    st_chromium_session: PWBrowser,
    sim: NetflixSimulator,
    tmp_path: Path,
    name: str,
    arguments: dict[str, Any],
    code: str,
) -> None:
    async with Client(server_on(sim, tmp_path, st_chromium_session), mode="legacy") as client:
        reply = await client.call_tool(name, arguments)
        assert reply.is_error
        assert reply.structured_content is not None
        assert reply.structured_content["error"] == code
        again = await client.call_tool("get_snapshot", {})  # and the session goes on
        assert not again.is_error


async def test_tools_carry_spec_schemas_and_annotations(
    st_chromium_session: PWBrowser, sim: NetflixSimulator, tmp_path: Path
) -> None:
    from subterminator.tools.registry import tool_schemas

    async with Client(server_on(sim, tmp_path, st_chromium_session), mode="legacy") as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
    for spec in tool_schemas():
        assert tools[spec["name"]].description == spec["description"]
        assert tools[spec["name"]].input_schema == spec["input_schema"]
    assert {"browser_open", "browser_screenshot"} <= set(tools)
    hints = {n: t.annotations or types.ToolAnnotations() for n, t in tools.items()}
    assert all(hints[n].destructive_hint for n in ("browser_click", "browser_fill"))
    assert all(hints[n].read_only_hint for n in ("get_snapshot", "complete_task"))


async def test_the_screenshot_comes_as_an_image_when_asked_for(
    st_chromium_session: PWBrowser, sim: NetflixSimulator, tmp_path: Path
) -> None:
    async with Client(server_on(sim, tmp_path, st_chromium_session), mode="legacy") as client:
        plain = await client.call_tool("browser_open", {})
        shot = await client.call_tool("browser_screenshot", {})
    assert [c.type for c in plain.content] == ["text"]
    assert [c.type for c in shot.content] == ["text", "image"]
    image = shot.content[1]
    assert isinstance(image, types.ImageContent)
    assert image.mime_type == "image/png"


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="reads /proc (Linux)")
async def test_the_installed_command_over_stdio_cancels_and_leaves_no_chromium(
    sim: NetflixSimulator, tmp_path: Path
) -> None:
    command = shutil.which("subterminator", path=str(Path(sys.executable).parent))
    assert command, "the subterminator command is installed beside this Python"
    mark = f"st-mcp-{uuid.uuid4().hex}"
    env = {**os.environ, "SUBTERMINATOR_TEST_MARK": mark}
    args = ["mcp", "--sim", "--url", sim.url(), "--headless", "--runs-dir", str(tmp_path)]
    params = StdioServerParameters(command=command, args=args, env=env)
    person = Person([True])
    async with Client(params, mode="legacy", elicitation_callback=person) as client:
        reply = await walk_to_the_final_step(client)
        assert chromium_with(mark), "the session's Chromium runs while the client is there"
        reply = await client.call_tool("browser_click", {"ref": ref(reply, FINAL)})
        assert not reply.is_error
    assert sim.account.status == "cancelled"
    assert len(person.asked) == 1
    for _ in range(50):  # the client closed the pipe: the server closes its browser and exits
        if not chromium_with(mark):
            break
        await anyio.sleep(0.1)
    assert not chromium_with(mark), "a Chromium outlived its client"
    assert any(e["event"] == "interrupted" for e in events(tmp_path))


async def test_an_in_process_client_going_away_closes_its_chromium(
    sim: NetflixSimulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mark = f"st-mcp-{uuid.uuid4().hex}"
    monkeypatch.setenv("SUBTERMINATOR_TEST_MARK", mark)
    async with Client(server_on(sim, tmp_path), mode="legacy") as client:
        await client.call_tool("browser_open", {})
        assert chromium_with(mark)
    assert not chromium_with(mark)


async def test_streamable_http_serves_each_session_its_own_browser(
    st_chromium_session: PWBrowser, sim: NetflixSimulator, tmp_path: Path
) -> None:
    port = free_port()
    options = McpOptions(sim="2026", url=sim.url(), runs_dir=tmp_path)
    app = http_app(options, "127.0.0.1", port, browser_factory=shared_chromium(st_chromium_session))
    web = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    async with anyio.create_task_group() as tasks:
        tasks.start_soon(web.serve)
        while not web.started:  # noqa: ASYNC110 (uvicorn offers no event)
            await anyio.sleep(0.02)
        url = f"http://127.0.0.1:{port}/mcp"
        person = Person([True])
        async with Client(url, mode="legacy", elicitation_callback=person) as first:
            reply = await walk_to_the_final_step(first)
            async with Client(url, mode="legacy") as second:
                other = await second.call_tool("get_snapshot", {})
                assert other.structured_content is not None
                assert other.structured_content["snapshot"]["page"]["url"].endswith("/account")
            reply = await first.call_tool("browser_click", {"ref": ref(reply, FINAL)})
            assert not reply.is_error
        web.should_exit = True
    assert sim.account.status == "cancelled"
    assert len(records(tmp_path)) == 2, "a run record per session"


async def test_a_browser_that_cannot_start_is_a_tool_error_and_the_next_call_retries(
    st_chromium_session: PWBrowser, sim: NetflixSimulator, tmp_path: Path
) -> None:
    from subterminator.errors import BrowserError

    tries: list[LaunchOptions] = []
    working = shared_chromium(st_chromium_session)

    async def flaky(launch: LaunchOptions) -> PlaywrightBrowser:
        tries.append(launch)
        if len(tries) == 1:
            raise BrowserError("Chromium could not start: no display (add --headless)")
        browser: PlaywrightBrowser = await working(launch)
        return browser

    options = McpOptions(sim="2026", url=sim.url(), runs_dir=tmp_path)
    async with Client(build_server(options, browser_factory=flaky), mode="legacy") as client:
        failed = await client.call_tool("get_snapshot", {})
        assert failed.is_error
        assert failed.structured_content is not None
        assert failed.structured_content["error"] == "action_failed"
        assert "no display" in failed.structured_content["message"]
        again = await client.call_tool("get_snapshot", {})
        assert not again.is_error
    assert len(tries) == 2
    first, second = sorted(records(tmp_path), key=len)
    assert "report.html" in first, "the failed start's record says why"
    assert "report.html" in second
