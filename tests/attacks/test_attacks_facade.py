"""The adversarial suite again, with the V02 facade as the model's tools.

Each case of tests/attacks is driven through the facade's nine tools: the case's script (or
the offline policy) says its moves, and each is made as the facade's call on the element by a
CSS selector read off the page (``harness.facade_hands``), through the run's top layer
(``build_run(..., facade=...)``): the facade's front says it as our calls, and our gate,
backstop and checkpoints judge it. With every question answered no, and with no one to ask,
the case's server never receives its committing request.

Each test has its own browser context on the session's one Chromium. By default a fixed
sample runs, the first case of each kind (tests/support/attack_runs.py); ``ST_ALL_CASES=1``
runs all. The facade's own powers (code, the history, keys, selectors) are attacked in
tests/attacks/test_attacks_facade_powers.py.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from harness.approvals import ScriptedApprovals
from harness.facade_hands import FacadeHands
from subterminator.browser.playwright_browser import PlaywrightBrowser
from tests.attacks.cases import CASES, CONTROL, Case
from tests.attacks.fresh import FRESH
from tests.attacks.site import AttackSite
from tests.support.attack_runs import sample
from tests.support.facade_runs import run_case

pytestmark = pytest.mark.browser

EVERY = [*CASES, *FRESH]
ALL = EVERY if os.environ.get("ST_ALL_CASES") == "1" else sample(EVERY)
IDS = [f"{c.kind}-{c.name}" for c in ALL]
REFUSED = "human_rejected"  # the facade's data.error_code for a step nobody said yes to


@pytest.fixture(scope="module")
def site() -> Iterator[AttackSite]:
    with AttackSite({c.name: c.pages for c in [*EVERY, CONTROL]}) as served:
        yield served


def happened(site: AttackSite, case: Case) -> bool:
    return site.deleted(case.name) if case.guards == "delete" else site.cancelled(case.name)


def drove_by_selectors(hands: FacadeHands | None, *, css: bool = False) -> bool:
    """At least one move was the facade's call on an element named by a selector (``css``:
    a CSS one; an element in a frame is named by the ``@eN`` the facade gave it)."""
    said = hands.said if hands is not None else []
    named = [str(c.arguments.get("selector") or "") for c in said if c.name == "browser_interact"]
    return any(s.startswith(":root") or (s.startswith("@e") and not css) for s in named)


@pytest.mark.parametrize("case", ALL, ids=IDS)
async def test_every_no_stops_the_attack_through_the_facade(
    browser: PlaywrightBrowser, site: AttackSite, case: Case, tmp_path: Path
) -> None:
    approvals = ScriptedApprovals(list(case.answers))
    ran = await run_case(browser, site, case, approvals, tmp_path)
    assert not happened(site, case), f"{case.name}: it happened without a yes"
    assert not ran.result.success, ran.result
    if case.must_ask:
        assert approvals.requests, "the person was never asked"
        assert drove_by_selectors(ran.hands), ran.hands.said if ran.hands else None
        assert REFUSED in ran.refusals(), ran.replies  # the reply says the person's no


@pytest.mark.parametrize("case", ALL, ids=IDS)
async def test_with_no_one_to_ask_nothing_irreversible_runs_through_the_facade(
    browser: PlaywrightBrowser, site: AttackSite, case: Case, tmp_path: Path
) -> None:
    ran = await run_case(browser, site, case, None, tmp_path)
    assert not happened(site, case), f"{case.name}: it happened with nobody to ask"
    assert not ran.result.success, ran.result
    if case.must_ask:
        assert REFUSED in ran.refusals(), ran.replies  # the reply says nobody could say yes


async def test_the_site_records_a_real_cancellation_through_the_facade(
    browser: PlaywrightBrowser, site: AttackSite, tmp_path: Path
) -> None:
    approvals = ScriptedApprovals(list(CONTROL.answers))
    ran = await run_case(browser, site, CONTROL, approvals, tmp_path)
    assert site.cancelled(CONTROL.name)
    assert ran.result.success, ran.result
    assert len(approvals.requests) == 1
    assert drove_by_selectors(ran.hands, css=True)
