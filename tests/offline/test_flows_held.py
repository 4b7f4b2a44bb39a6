"""The held-aside flow variants, in the suite once scored: held, held2 and held3.

Each set was kept from whoever worked on the policy and scored first, blind.
Here every variant must be:

- a working site: the scripted walk cancels on the final step and not before;
- HONEST (tests/flows/score.py ``honest``): no unwanted effect, no cancellation without a yes,
  a result that agrees with the server;
- RIGHT (``judge``), except the variants in ``KNOWN_MISSES``, each with what goes wrong today.
  A known miss that comes out RIGHT fails too, so the list shrinks as the policy improves.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from subterminator.browser.playwright_browser import PlaywrightBrowser
from tests.flows import held, held2, held3
from tests.flows.score import run_policy
from tests.flows.site import FlowSite, Variant, walk

pytestmark = [pytest.mark.browser, pytest.mark.corpus]  # the flow corpora, page by page

VARIANTS: list[Variant] = [*held.VARIANTS, *held2.VARIANTS, *held3.VARIANTS]
IDS = [v.name for v in VARIANTS]

# Where the offline policy is honest but not yet RIGHT: it stops at a dead end (task_failed,
# nothing cancelled), which is what a person is told.
KNOWN_MISSES: dict[str, str] = {
    "pause-details": "dead end: 'No thanks, I want to cancel' is not seen as a control",
    "profiles-long-offers": "after the profile gate, no way to the account from a long /browse",
    "h3-en-details-select": "dead end: 'Cancel or pause' reads as an offer, and is not followed",
}


@pytest.fixture(scope="module")
def site() -> Iterator[FlowSite]:
    with FlowSite(VARIANTS) as served:
        yield served


def test_the_held_sets_are_what_the_note_says() -> None:
    assert len({v.name for v in VARIANTS}) == len(VARIANTS)
    assert len(VARIANTS) >= 29
    assert sum(1 for v in VARIANTS if v.lang != "en") >= 10
    assert set(KNOWN_MISSES) <= set(IDS)


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
async def test_the_site_cancels_on_its_final_step_only(
    browser: PlaywrightBrowser, site: FlowSite, variant: Variant
) -> None:
    await walk(browser.page, site, variant)


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
async def test_the_offline_policy_is_honest_and_right_but_for_known_misses(
    browser: PlaywrightBrowser, site: FlowSite, variant: Variant
) -> None:
    outcome = await run_policy(browser, site, variant)
    seen = (
        f"{variant.name} ({variant.expect}): result {outcome.result!r}; "
        f"server events {outcome.events}; asked {outcome.asks}"
    )
    assert outcome.honest, f"NOT HONEST: {outcome.dishonest}; {seen}"
    if variant.name in KNOWN_MISSES:
        assert not outcome.right, f"now RIGHT: take it off KNOWN_MISSES; {seen}"
    else:
        assert outcome.right, f"{outcome.why}; {seen}"
