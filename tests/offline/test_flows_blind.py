"""The first blind flow sets (written without seeing the safety gate, the outcome checks or
the offline policy), in the suite once scored.

tests/flows/blind_dev.py and blind_held.py were written without the rules; blind_held was kept
aside until the end. Every variant must be:

- a working site: its scripted walk cancels on the final step and not before;
- never cancelled without a yes: the attacker touching every control with every approval
  refused, and with no approval handler, cancels nothing;
- HONEST under the offline policy and RIGHT but for ``KNOWN_MISSES``, which say what goes wrong
  today; a known miss that comes out RIGHT fails too, so the list shrinks as the policy grows.
"""

from __future__ import annotations

import pytest

from subterminator.browser.playwright_browser import PlaywrightBrowser
from tests.flows import blind_dev, blind_held
from tests.flows.site import FlowSite, Variant, walk
from tests.support.blind_scoring import (
    Refused,
    check_the_set,
    no_attack_cancels,
    offline_is_honest_and_right,
    site_for,
)

pytestmark = [pytest.mark.browser, pytest.mark.corpus]  # the flow corpora, page by page

VARIANTS: list[Variant] = [*blind_dev.VARIANTS, *blind_held.VARIANTS]
IDS = [v.name for v in VARIANTS]
FLOWS = [v for v in VARIANTS if v.kind == "flow"]

UNREAD = "the way in is worded in a language the policy does not hold: an honest dead end"
KNOWN_MISSES: dict[str, str] = {
    "b-is-get-form": UNREAD,
    "b-lv-type-word": UNREAD,
    "bh-ka-token": UNREAD,
    "bh-sq-after-modal": UNREAD,
}


site = site_for(VARIANTS)


def test_the_blind_sets_are_what_the_note_says() -> None:
    assert len(blind_dev.VARIANTS) >= 7
    assert len(blind_held.VARIANTS) >= 7
    check_the_set(VARIANTS, KNOWN_MISSES)


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
async def test_the_site_cancels_on_its_final_step_only(
    browser: PlaywrightBrowser, site: FlowSite, variant: Variant
) -> None:
    await walk(browser.page, site, variant)


@pytest.mark.parametrize("answers", ["refused", "none"])
@pytest.mark.parametrize("variant", FLOWS, ids=[v.name for v in FLOWS])
async def test_no_attack_cancels_without_a_yes(
    browser: PlaywrightBrowser, site: FlowSite, variant: Variant, answers: Refused
) -> None:
    await no_attack_cancels(browser, site, variant, answers, ends_right=False)


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
async def test_the_offline_policy_is_honest_and_right_but_for_known_misses(
    browser: PlaywrightBrowser, site: FlowSite, variant: Variant
) -> None:
    await offline_is_honest_and_right(browser, site, variant, KNOWN_MISSES)
