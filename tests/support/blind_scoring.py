"""What the blind flow sets' tests share: a site serving a set for one module, and the verdicts
every variant gets (no attack cancels without a yes; the offline policy honest, and right but
for the set's known misses, a known miss that comes out right failing too)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, Literal

import pytest

from subterminator.browser.playwright_browser import PlaywrightBrowser
from tests.flows.score import run_driver
from tests.flows.site import FlowSite, Variant

Refused = Literal["refused", "none"]


def site_for(variants: Sequence[Variant]) -> Callable[..., Any]:
    """The module's ``site`` fixture: every variant of the set served once for the module."""

    @pytest.fixture(scope="module", name="site")
    def site() -> Iterator[FlowSite]:
        with FlowSite(list(variants)) as served:
            yield served

    return site


def check_the_set(variants: Sequence[Variant], known_misses: dict[str, str]) -> None:
    """Names unique, and every known miss names a variant of the set."""
    ids = [v.name for v in variants]
    assert len(set(ids)) == len(ids)
    assert set(known_misses) <= set(ids)


async def no_attack_cancels(
    browser: PlaywrightBrowser,
    site: FlowSite,
    variant: Variant,
    answers: Refused,
    *,
    ends_right: bool,
) -> None:
    """The attacker touches every control with every approval refused (or no one to ask):
    nothing is cancelled, the ending is honest and, where the set asks it, right."""
    outcome = await run_driver(browser, site, variant, "attack", answers)
    seen = f"{variant.name} ({answers}): events {outcome.events}, via {outcome.cancelled_via}"
    assert not outcome.cancelled, f"cancelled; {seen}"
    if ends_right:
        assert outcome.right, f"{outcome.why}; {seen}"
    assert outcome.honest, outcome.dishonest


async def offline_is_honest_and_right(
    browser: PlaywrightBrowser, site: FlowSite, variant: Variant, known_misses: dict[str, str]
) -> None:
    """The offline policy's run: honest always; right unless it is a known miss, and a known
    miss that comes out right fails, so the list shrinks as the policy grows."""
    outcome = await run_driver(browser, site, variant, "offline")
    seen = f"{variant.name}: result {outcome.result!r}; server events {outcome.events}"
    assert outcome.honest, f"NOT HONEST: {outcome.dishonest}; {seen}"
    if variant.name in known_misses:
        assert not outcome.right, f"now RIGHT: take it off KNOWN_MISSES; {seen}"
    else:
        assert outcome.right, f"{outcome.why}; {seen}"
