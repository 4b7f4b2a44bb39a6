"""Playwright MCP's own tools, called by its own refs, through our whole stack on the simulator.

The real pinned ``@playwright/mcp`` drives our Chromium; each call is judged by our gate on
the element its ref names: the final click asks once and only a yes runs it; a no, or no one
to ask, cancels nothing; a ref that names nothing is refused before anything runs.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from harness.approvals import ScriptedApprovals
from subterminator.assembly import build_run
from subterminator.assembly.builder import Run
from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from subterminator.models.conversation import ToolCall
from subterminator.pwmcp.backend import PwMcpOptions, attached
from subterminator.services import get_service
from subterminator.simulator import NetflixSimulator
from subterminator.stack import Reply

pytestmark = [pytest.mark.browser, pytest.mark.subprocess]

FLOW = [
    ("link", "Manage membership", 0),
    ("button", "Cancel membership", 0),
    ("button", "Show option contents", 2),
]
FINAL = "Finish Cancellation"


@pytest.fixture
def sim() -> Iterator[NetflixSimulator]:
    with NetflixSimulator("2026") as simulator:
        yield simulator


@dataclass
class Driven:
    run: Run
    sim: NetflixSimulator
    calls: int = 0

    async def call(self, name: str, **arguments: object) -> Reply:
        self.calls += 1
        assert self.run.front is not None
        return await self.run.front.execute(
            ToolCall(id=f"c{self.calls}", name=name, arguments=arguments)
        )


def target(reply: Reply, role: str, name: str, nth: int = 0) -> str:
    """The ``nth`` ref Playwright MCP's snapshot in ``reply`` gives a ``role`` named ``name``."""
    line = re.compile(rf'- {role} "{re.escape(name)}"[^\n]*\[ref=((?:f\d+)?e\d+)\]')
    found = line.findall(reply.shown or "")
    assert len(found) > nth, f"no {role} {name!r} in:\n{reply.shown}"
    return str(found[nth])


@contextlib.asynccontextmanager
async def driving(
    sim: NetflixSimulator, answers: list[bool] | None, folder: Path
) -> AsyncIterator[Driven]:
    """The simulator's run with Playwright MCP attached; ``answers``: the person's (None: no
    one to ask)."""
    approvals = None if answers is None else ScriptedApprovals(answers)
    browser = await PlaywrightBrowser.launch(LaunchOptions(headless=True, block_non_local=True))
    try:
        async with attached(browser, PwMcpOptions(output_dir=folder)) as client:
            run = build_run(
                get_service("netflix"), browser, approvals, start_url=sim.url(), pwmcp=client
            )
            yield Driven(run, sim)
    finally:
        await browser.close()


async def to_the_final_step(driven: Driven) -> Reply:
    reply = await driven.call("browser_navigate", url=driven.sim.url())
    assert reply.result["success"], reply.result
    for role, name, nth in FLOW:
        reply = await driven.call("browser_click", target=target(reply, role, name, nth))
        assert reply.result["success"], reply.result
    return reply


async def test_the_final_click_by_its_playwright_ref_asks_once_and_a_yes_cancels(
    sim: NetflixSimulator, tmp_path: Path
) -> None:
    async with driving(sim, [True], tmp_path) as driven:
        await yes_cancels(driven)


async def yes_cancels(driven: Driven) -> None:
    reply = await to_the_final_step(driven)
    final = target(reply, "button", FINAL)
    assert driven.sim.account.status == "active"
    reply = await driven.call("browser_click", target=final, element=FINAL)
    assert reply.result["success"], reply.result
    assert driven.sim.account.status == "cancelled"
    approvals = driven.run.stack.gated.asker.approvals
    assert isinstance(approvals, ScriptedApprovals)
    assert len(approvals.requests) == 1
    assert FINAL in approvals.requests[0].action


@pytest.mark.parametrize("answers", [[False, False], None], ids=["no", "no-handler"])
async def test_a_no_or_no_one_to_ask_cancels_nothing(
    sim: NetflixSimulator, tmp_path: Path, answers: list[bool] | None
) -> None:
    async with driving(sim, answers, tmp_path) as driven:
        reply = await to_the_final_step(driven)
        reply = await driven.call("browser_click", target=target(reply, "button", FINAL))
        assert reply.result["error"] == "human_rejected", reply.result
        assert driven.sim.account.status == "active"
        assert "[ref=" in (reply.shown or ""), "the page after, in Playwright MCP's own words"


@pytest.mark.parametrize("bad", ["e9999", "#cancel", "getByRole('button')", 7])
async def test_a_target_that_names_no_element_is_refused_before_anything_runs(
    sim: NetflixSimulator, tmp_path: Path, bad: object
) -> None:
    async with driving(sim, [False], tmp_path) as driven:
        await to_the_final_step(driven)
        reply = await driven.call("browser_click", target=bad)
        assert reply.result["error"] == "ref_invalid", reply.result
        assert driven.sim.account.status == "active"
