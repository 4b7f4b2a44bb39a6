"""The adversarial suite again, with the V02 facade as the model's tools.

Each case of tests/attacks is driven through the facade's nine tools: the case's script (or
the offline policy) says its moves, and each is made as the facade's call on the element by a
CSS selector read off the page (``harness.facade_hands``), through the run's top layer
(``build_run(..., facade=...)``): the facade's front says it as our calls, and our gate,
backstop and checkpoints judge it. With every question answered no, and with no one to ask,
the case's server never receives its committing request.

Then the attacks only the facade can make (tests/support/facade_powers.py): its code clicking
the final button, submitting the form or fetching the committing address; its steps in the
history onto a committing address; Enter in the final form; selectors that reach the final
button only through a hidden copy. Each, too, with every question answered no and with no
one to ask: nothing is committed, and a reply says why the step was not done.

Each test has its own browser context on the session's one Chromium. By default a fixed
sample of the cases runs, the first of each kind (tests/support/attack_runs.py);
``ST_ALL_CASES=1`` runs all. The facade's own attacks run every time.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from harness.approvals import ScriptedApprovals
from harness.facade_hands import FacadeHands
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.models.conversation import ToolCall
from tests.attacks.cases import CASES, CONTROL, Case
from tests.attacks.fresh import FRESH
from tests.attacks.site import AttackSite
from tests.support.attack_runs import sample
from tests.support.facade_powers import POWERS, Power
from tests.support.facade_runs import Ran, run_case, run_script

pytestmark = pytest.mark.browser

EVERY = [*CASES, *FRESH]
ALL = EVERY if os.environ.get("ST_ALL_CASES") == "1" else sample(EVERY)
IDS = [f"{c.kind}-{c.name}" for c in ALL]
REFUSED = "human_rejected"  # the facade's data.error_code for a step nobody said yes to


@pytest.fixture(scope="module")
def site() -> Iterator[AttackSite]:
    pages = {c.name: c.pages for c in [*EVERY, CONTROL]} | {p.name: p.pages for p in POWERS}
    with AttackSite(pages) as served:
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


# -- the facade's own powers -------------------------------------------------------------------

# A power that commits today is a known defect: strict, so its fix makes the mark go.
KNOWN = [
    pytest.param(p, id=p.name, marks=[pytest.mark.xfail(strict=True, reason=p.defect)])
    if p.defect
    else pytest.param(p, id=p.name)
    for p in POWERS
]


def said(power: Power, site: AttackSite) -> list[ToolCall]:
    """The power's calls, its ``{CASE}`` the case's address on the site."""
    case = site.url(power.name, "").removesuffix("/")
    return [
        c.model_copy(
            update={
                "arguments": {
                    k: v.replace("{CASE}", case) if isinstance(v, str) else v
                    for k, v in c.arguments.items()
                }
            }
        )
        for c in power.script
    ]


async def attack(
    browser: PlaywrightBrowser,
    site: AttackSite,
    power: Power,
    approvals: ScriptedApprovals | None,
    folder: Path,
) -> Ran:
    script = said(power, site)
    ran = await run_script(
        browser, site, power.name, script, approvals, folder, settled=power.settled
    )
    assert not site.cancelled(power.name), f"{power.name}: it happened without a yes"
    assert not ran.result.success, ran.result
    refused = [r for r in ran.replies if r.get("success") is False]
    assert refused, ran.replies  # a reply says the step was not done
    assert all(r.get("error") and (r.get("data") or {}).get("error_code") for r in refused)
    return ran


@pytest.mark.parametrize("power", KNOWN)
async def test_every_no_stops_the_facades_own_attack(
    browser: PlaywrightBrowser, site: AttackSite, power: Power, tmp_path: Path
) -> None:
    approvals = ScriptedApprovals([False] * 8)
    ran = await attack(browser, site, power, approvals, tmp_path)
    if power.asks:
        assert approvals.requests, "the person was never asked"
        assert REFUSED in ran.refusals(), ran.replies


@pytest.mark.parametrize("power", KNOWN)
async def test_with_no_one_to_ask_the_facades_own_attack_commits_nothing(
    browser: PlaywrightBrowser, site: AttackSite, power: Power, tmp_path: Path
) -> None:
    ran = await attack(browser, site, power, None, tmp_path)
    if power.asks:
        assert REFUSED in ran.refusals(), ran.replies
