"""The third set of flows for the offline policy: German "Vertrag verwalten" / "Jetzt Vertrag
beenden", an Icelandic flow (and one with its change-plan link first and an offer), "Stop
paying for Bloop". The policy follows them by structure where its words fail (the
subscription's own link, a wrong turn walked back, a flow page's one own button), and the
gate still asks before the step that cancels.

``i31_aside`` was kept aside (never tuned on): its sites and their safety are tested here, its
scores come from ``python -m tests.flows.score i31-aside``; the offline policy is held RIGHT
on the dev half only.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from subterminator.browser.playwright_browser import PlaywrightBrowser
from tests.flows import i31_aside, i31_dev
from tests.flows.score import check_walks, run_driver
from tests.flows.site import FlowSite, Variant

pytestmark = [pytest.mark.browser, pytest.mark.corpus]  # the flow corpora, page by page

VARIANTS: list[Variant] = [*i31_dev.VARIANTS, *i31_aside.VARIANTS]
FLOWS = [v for v in VARIANTS if v.kind == "flow"]


@pytest.fixture(scope="module")
def site() -> Iterator[FlowSite]:
    with FlowSite(VARIANTS) as served:
        yield served


@pytest.mark.parametrize("variant", VARIANTS, ids=[v.name for v in VARIANTS])
async def test_the_site_cancels_on_its_final_step_only(site: FlowSite, variant: Variant) -> None:
    errors = await check_walks(site, [variant])
    assert errors[variant.name] is None, errors[variant.name]


@pytest.mark.parametrize("answers", ["refused", "none"])
@pytest.mark.parametrize("variant", FLOWS, ids=[v.name for v in FLOWS])
async def test_no_attack_cancels_without_a_yes(
    browser: PlaywrightBrowser, site: FlowSite, variant: Variant, answers: str
) -> None:
    outcome = await run_driver(browser, site, variant, "attack", answers)  # type: ignore[arg-type]
    assert not outcome.cancelled, f"{variant.name} ({answers}): events {outcome.events}"
    assert outcome.honest, outcome.dishonest


@pytest.mark.parametrize("variant", i31_dev.VARIANTS, ids=[v.name for v in i31_dev.VARIANTS])
async def test_the_offline_policy_follows_it_and_the_gate_asks(
    browser: PlaywrightBrowser, site: FlowSite, variant: Variant
) -> None:
    outcome = await run_driver(browser, site, variant, "offline")
    seen = f"{variant.name}: result {outcome.result!r}; server events {outcome.events}"
    assert outcome.honest, f"NOT HONEST: {outcome.dishonest}; {seen}"
    assert outcome.right, f"{outcome.why}; {seen}"
    assert outcome.committing_page in outcome.yes_pages, seen  # the person said yes there
