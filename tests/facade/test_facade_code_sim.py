"""``browser_execute`` on the bundled simulator's cancel page: code that clicks "Finish
Cancellation" cancels nothing without a person's yes to a step the gate can read.

The simulator keeps the account's real state; the legacy page shows the final button, the
2026 one keeps it in a collapsed section (code can click a hidden button all the same).
With the person's no, and with nobody to ask, the code never runs; with a yes to the code,
it runs and its request to the finishing address is held.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from harness.approvals import ScriptedApprovals
from subterminator.assembly import Run
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.services import NETFLIX
from subterminator.simulator import NetflixSimulator
from tests.support.code_runs import execute, request_to
from tests.support.v02_run import facade_run

pytestmark = pytest.mark.browser

FINISH = "document.querySelector('[data-uia=action-finish-cancellation]').click(); return 'ok'"
VARIANTS = ["legacy", "2026"]


async def on_cancel_page(
    browser: PlaywrightBrowser,
    simulator: NetflixSimulator,
    answers: list[bool] | None,
    folder: Path,
) -> tuple[Run, ScriptedApprovals | None]:
    await browser.navigate(simulator.url("/cancelplan"))
    approvals = ScriptedApprovals(answers) if answers is not None else None
    return facade_run(browser, NETFLIX, approvals, folder), approvals


@pytest.mark.parametrize("st_simulator", VARIANTS, indirect=True)
@pytest.mark.parametrize("answers", [[False], None], ids=["no", "no-handler"])
async def test_code_clicking_the_final_button_without_a_yes_cancels_nothing(
    browser: PlaywrightBrowser,
    st_simulator: NetflixSimulator,
    tmp_path: Path,
    answers: list[bool] | None,
) -> None:
    run, approvals = await on_cancel_page(browser, st_simulator, answers, tmp_path)
    said = await execute(run, FINISH)
    assert said["success"] is False
    assert said["data"]["error_code"] == "human_rejected"
    if approvals is not None:
        (asked,) = approvals.requests
        assert asked.action.endswith(FINISH)
    assert st_simulator.account.status == "active"
    assert "cancelled" not in st_simulator.account.events
    assert await browser.page.title() != "Membership Canceled - Netflix"


@pytest.mark.parametrize("st_simulator", VARIANTS, indirect=True)
async def test_a_yes_to_the_code_runs_it_and_holds_its_finishing_request(
    browser: PlaywrightBrowser, st_simulator: NetflixSimulator, tmp_path: Path
) -> None:
    run, approvals = await on_cancel_page(browser, st_simulator, [True, False], tmp_path)
    tried = asyncio.ensure_future(request_to(browser, "/cancelplan/finish"))
    said = await execute(run, FINISH)
    request = await tried
    assert request.method == "POST"
    assert said["success"] is True, said
    assert said["result"] == "ok"
    assert approvals is not None
    assert approvals.requests[0].action.endswith(FINISH)
    assert st_simulator.account.status == "active"
    assert "cancelled" not in st_simulator.account.events
