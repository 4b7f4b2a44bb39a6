"""The simulator walked through ``subterminator mcp --tools v02`` by CSS selectors, with the
SDK's client as the person's: the final step runs only on their yes, asked once.

A client that cannot ask (no elicitation), a person's no and a declined question all leave the
membership active, whether the final button is clicked (``browser_interact``) or clicked by
code (``browser_execute``); the refusal is a ``BrowserResponse`` that says why. A yes cancels
with exactly one question, and the run's record says it ended cancelled, judged on the page.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import mcp.types as types
import pytest
from mcp.client import Client
from playwright.async_api import Browser as PWBrowser

from harness.mcp_driver import Person
from subterminator.mcp.asking import CANNOT_ASK
from subterminator.simulator import NetflixSimulator
from tests.support.mcp_facade import (
    FINAL,
    FINAL_BY_CODE,
    Decliner,
    Launches,
    click,
    data,
    facade_server,
    records,
    said,
    walk_to_the_final_step,
)

pytestmark = pytest.mark.browser


@pytest.fixture
def sim() -> Iterator[NetflixSimulator]:
    with NetflixSimulator("2026") as simulator:
        yield simulator


def assert_refused(reply: types.CallToolResult, code: str = "human_rejected") -> dict[str, Any]:
    """A refusal's shape: an MCP tool error whose response says success false, the gate's
    code and the reason in words."""
    assert reply.is_error
    body = said(reply)
    assert body["success"] is False
    assert data(reply)["error_code"] == code
    assert isinstance(body["error"], str)
    assert body["error"]
    return body


async def test_without_elicitation_the_final_click_is_refused_and_nothing_cancelled(
    st_chromium_session: PWBrowser, sim: NetflixSimulator, tmp_path: Path
) -> None:
    launches = Launches(st_chromium_session)
    async with Client(facade_server(sim, tmp_path, launches), mode="legacy") as client:
        shown = await walk_to_the_final_step(client)
        # the option opened; the checkpoint on what it shows could ask nobody: the run ends
        assert data(shown)["run_ended"]["reason"] == "no_one_to_ask"
        body = assert_refused(await click(client, FINAL))
        assert CANNOT_ASK[:40] in str(body["error"])
        assert "elicitation" in str(body["error"])
        by_code = await client.call_tool(
            "browser_execute", {"action": "execute", "code": FINAL_BY_CODE}
        )
        assert_refused(by_code)
    assert sim.account.status == "active"
    assert "cancelled" not in sim.account.events
    (events,) = records(tmp_path)
    (outcome,) = [e for e in events if e["event"] == "outcome"]
    assert outcome["reason"] == "no_one_to_ask"


async def test_browser_execute_clicking_the_final_button_cancels_nothing_without_a_yes(
    st_chromium_session: PWBrowser, sim: NetflixSimulator, tmp_path: Path
) -> None:
    """Straight from the page before the option is opened: the code is the only way the
    final button is reached, and nobody can say yes to it."""
    launches = Launches(st_chromium_session)
    async with Client(facade_server(sim, tmp_path, launches), mode="legacy") as client:
        reply = await client.call_tool("browser_session", {"action": "launch"})
        for selector in ('a[href*="membership"]', 'form[action$="/cancelplan"] > button'):
            reply = await click(client, selector)
        assert data(reply)["snapshot"]["page"]["url"].startswith(sim.url("/cancelplan"))
        refused = await client.call_tool(
            "browser_execute", {"action": "execute", "code": FINAL_BY_CODE}
        )
        assert_refused(refused)
        assert said(refused).get("result") is None, "the code did not run"
    assert sim.account.status == "active"


@pytest.mark.parametrize("answer", ["no", "decline"])
async def test_a_person_who_says_no_or_declines_cancels_nothing(
    st_chromium_session: PWBrowser, sim: NetflixSimulator, tmp_path: Path, answer: str
) -> None:
    person: Person | Decliner = Person([False] * 5) if answer == "no" else Decliner()
    launches = Launches(st_chromium_session)
    server = facade_server(sim, tmp_path, launches)
    async with Client(server, mode="legacy", elicitation_callback=person) as client:
        shown = await walk_to_the_final_step(client)
        assert "declined" in data(shown), "the option opened; what it shows was refused"
        assert_refused(await click(client, FINAL))
        by_code = await client.call_tool(
            "browser_execute", {"action": "execute", "code": FINAL_BY_CODE}
        )
        assert_refused(by_code)
        asked = len(person.asked)
        assert asked >= 2, "the code was asked about, as the step was"
        assert any("document.querySelector" in question for question in person.asked), (
            "the person saw the code"
        )
    assert sim.account.status == "active"
    assert "cancelled" not in sim.account.events


@pytest.mark.parametrize("mode", ["legacy", "auto"])  # the handshake era, and the 2026 one
async def test_a_yes_cancels_with_exactly_one_question_and_the_record_says_so(
    st_chromium_session: PWBrowser, sim: NetflixSimulator, tmp_path: Path, mode: str
) -> None:
    person = Person([True])
    launches = Launches(st_chromium_session)
    server = facade_server(sim, tmp_path, launches)
    async with Client(server, mode=mode, elicitation_callback=person) as client:
        await walk_to_the_final_step(client)
        assert len(person.asked) == 1, "asked once, before the final step"
        assert "December 16, 2026" in person.asked[0]
        assert sim.account.status == "active", "the yes alone cancels nothing"
        done = await click(client, FINAL)
        assert said(done)["success"] is True, done.content
        assert data(done)["status"] == "clicked"
        assert data(done)["snapshot"]["page"]["url"] == sim.url("/cancelplan/confirm")
        assert sim.account.status == "cancelled"
        active = await client.call_tool("browser_session", {"action": "get_active"})
        name = said(active)["instance_id"]
        ended = await client.call_tool(
            "browser_session", {"action": "terminate", "instance_id": name}
        )
        assert data(ended)["run_ended"]["reason"] == "completed"
    assert len(person.asked) == 1, "exactly one question in all"
    assert sim.account.events.count("cancelled") == 1
    (events,) = records(tmp_path)
    outcome = events[-1]
    assert outcome["event"] == "outcome"
    assert (outcome["success"], outcome["verified"], outcome["reason"]) == (
        True,
        True,
        "completed",
    )
    assert [e["approved"] for e in events if e["event"] == "approval_answered"] == [True]


async def test_a_yes_then_the_client_going_cancels_and_is_recorded_as_cancelled(
    st_chromium_session: PWBrowser, sim: NetflixSimulator, tmp_path: Path
) -> None:
    """No terminate: the client just goes. Its run is judged on the page all the same."""
    person = Person([True])
    launches = Launches(st_chromium_session)
    server = facade_server(sim, tmp_path, launches)
    async with Client(server, mode="legacy", elicitation_callback=person) as client:
        await walk_to_the_final_step(client)
        assert said(await click(client, FINAL))["success"] is True
    assert sim.account.status == "cancelled"
    (events,) = records(tmp_path)
    assert events[-1]["event"] == "outcome"
    assert events[-1]["reason"] == "completed"
