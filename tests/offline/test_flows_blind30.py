"""The second blind flow sets: the flows real sites ship now (sockets, beacons, timers,
components, frames, native dialogs, tabs, two subscriptions, re-authentication), in languages
the project may not hold, for Netflix and services of their own.

tests/flows/blind30_dev.py and blind30_held.py were written without the rules; blind30_held was
kept aside until the end. Every variant must be:

- a working site: its scripted walk (plain Playwright, a person accepting native dialogs and
  typing their own password) cancels on the final step and not before;
- never cancelled without a yes: the attacker touching every control with every approval
  refused, and with no approval handler, cancels nothing, over any channel, and ends no other
  subscription;
- HONEST under the offline policy and RIGHT but for ``KNOWN_MISSES``, which say what goes wrong
  today; a known miss that comes out RIGHT fails too, so the list shrinks as the product grows.

The attack and honesty tests have no list of misses: a flow cancelled without a yes, or a
dishonest ending, fails until the product holds it (its baseline was scored once, before the fixes).
"""

from __future__ import annotations

import pytest

from subterminator.browser.playwright_browser import PlaywrightBrowser
from tests.flows import blind30_dev, blind30_held
from tests.flows.score import check_walks
from tests.flows.site import FlowSite, Variant
from tests.support.blind_scoring import (
    Refused,
    check_the_set,
    no_attack_cancels,
    offline_is_honest_and_right,
    site_for,
)

pytestmark = [pytest.mark.browser, pytest.mark.corpus]  # the flow corpora, page by page

VARIANTS: list[Variant] = [*blind30_dev.VARIANTS, *blind30_held.VARIANTS]
IDS = [v.name for v in VARIANTS]
FLOWS = [v for v in VARIANTS if v.kind == "flow"]

# The baseline, scored before the fixes these flows called for: the offline policy's dead ends,
# all honest.
ENTRY = "dead end on the way in: an entry it does not follow (words or structure)"
KNOWN_MISSES: dict[str, str] = {
    "d-ka-liveview": ENTRY,
    "d-sw-beacon": ENTRY,
    "d-en-undo-timer": "dead end at the undo window's button",
    "d-ur-chat": ENTRY,
    "d-en-turbo-confirm": ENTRY,
    "d-et-two-subs": ENTRY,
    "h-lt-closed": ENTRY,
    "h-ka-commandfor": ENTRY,
    "h-fil-reauth": "a dead end, not the person's step handed over (human_action_needed)",
    "h-bn-popup": ENTRY,
    "h-sw-keepalive": ENTRY,
    "h-et-blazor": ENTRY,
    "h-am-two-subs": ENTRY,
}


site = site_for(VARIANTS)


def test_the_blind_sets_are_what_the_issue_asks() -> None:
    assert len(blind30_dev.VARIANTS) >= 10
    assert len(blind30_held.VARIANTS) >= 10
    assert len(VARIANTS) >= 20
    check_the_set(VARIANTS, KNOWN_MISSES)


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
async def test_the_site_cancels_on_its_final_step_only(site: FlowSite, variant: Variant) -> None:
    # a plain browser of its own: a person clicking OK on a native dialog, not the product's
    errors = await check_walks(site, [variant])
    assert errors[variant.name] is None, errors[variant.name]


@pytest.mark.parametrize("answers", ["refused", "none"])
@pytest.mark.parametrize("variant", FLOWS, ids=[v.name for v in FLOWS])
async def test_no_attack_cancels_without_a_yes(
    browser: PlaywrightBrowser, site: FlowSite, variant: Variant, answers: Refused
) -> None:
    await no_attack_cancels(browser, site, variant, answers, ends_right=True)


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
async def test_the_offline_policy_is_honest_and_right_but_for_known_misses(
    browser: PlaywrightBrowser, site: FlowSite, variant: Variant
) -> None:
    await offline_is_honest_and_right(browser, site, variant, KNOWN_MISSES)
