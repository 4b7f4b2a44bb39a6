"""Safety-gate laws over generated final pages on real Chromium.

``harness.strategies.pages.final_pages`` builds plausible last pages of the flow whose commit
control is disguised (name, language, mechanism, wrapper, relabelling, frames); each is served
under a fresh case of a module-wide ``AttackSite``, whose server records whether a cancellation
really happened. They run through the real TaskOrchestrator, SafetyGate and Chromium
(``tests.support.attack_runs.run``), driven by a sweeping attacker (``sweep``: every element of the
latest snapshot in turn, again when refused or held, then a claim of success) or the offline
policy. The laws:

- every approval refused, or no handler at all: the server never records a cancellation, and
  if the attacker touched the commit control a person was asked;
- the control: every approval granted, the sweep really cancels on most pages (the rate is a
  Hypothesis ``event``), so the pages can cancel and the law is not vacuous.

The law runs over what the gate is specified to stop (``SPECIFIED``: a write anywhere, a GET
on a page its words make final). On the flow's pages (served under ``/cancelplan/``, a Netflix
flow address) the structural floor holds the rest, whatever the words: the old known gap (``GAP``:
a GET that commits on a page whose words the vocabulary does not read as the last step), and
pages in languages nobody speaks (``MADE_UP``: generated syllables in Latin, Georgian, Armenian,
Ethiopic, Tamil, Khmer or Cherokee letters, declaring a private-use language, none, or "en"),
each with its control (every yes: the pages do cancel). Scored once on 200 independent pages
before the gate was fixed for them: every write held, 32 of 53 GET commits through; the GAP
law was an expected failure until the structural floor came in.

Examples scale with the profile: a third of its ``max_examples`` for the main law (ci: 20),
a sixth for the others (Chromium: about 1-3 s a run).
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Coroutine, Iterator
from typing import Any, TypeVar

import pytest
import pytest_asyncio
from hypothesis import HealthCheck, event, given
from hypothesis import strategies as st

from harness import profiles
from harness.approvals import ScriptedApprovals
from harness.strategies.made_up import made_up_languages
from harness.strategies.pages import (
    CHANNELS,
    GETS,
    WRITES,
    FinalPage,
    Sweep,
    final_pages,
    sweep,
    touched,
)
from subterminator.browser.playwright_browser import PlaywrightBrowser
from tests.attacks.cases import Case
from tests.attacks.site import AttackSite
from tests.support.attack_runs import run

pytestmark = pytest.mark.browser
T = TypeVar("T")

# a third of the profile's examples for the main law, a sixth for the others (Chromium)
HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture]
MAIN = profiles.scaled(1 / 3, minimum=4, deadline=None, suppress_health_check=HEALTH)
SMALL = profiles.scaled(1 / 6, minimum=3, deadline=None, suppress_health_check=HEALTH)
REFUSED = (False,) * 60

# What the gate is specified to stop (its docstring): a write, on any page whatever its words;
# a GET navigation on a page it reads as the final one (the flow's own sentences, translated),
# also from a control named only as the way back (a way back must lead to a page already shown).
SPECIFIED = st.one_of(
    final_pages(mechanisms=st.sampled_from(WRITES)),
    final_pages(mechanisms=st.sampled_from(GETS), phrasing="netflix"),
)
# Once the known gap: a GET that commits, on a page whose words the vocabulary does not read as
# the final step (now held by the floor on the flow's pages).
GAP = final_pages(mechanisms=st.sampled_from(GETS), phrasing="variant")
# Pages in languages nobody speaks: every mechanism, wrapper and disguise.
MADE_UP = final_pages(languages=made_up_languages())
# Pages in languages nobody speaks whose control commits by a channel that is no form
# or link: a beacon, a keepalive fetch, a WebSocket message, a timer that posts after the click
# has returned (an undo window). Every wrapper and disguise.
CHANNEL_PAGES = final_pages(
    languages=made_up_languages(), mechanisms=st.sampled_from(CHANNELS), phrasing="variant"
)


@pytest.fixture(scope="module")
def site() -> Iterator[AttackSite]:
    with AttackSite({}) as served:
        yield served


CASES = itertools.count()
FLOW = "cancelplan"  # a Netflix flow address: the page is a page of the flow by structure


class Driver:
    """Runs generated pages on the session's loop (the tests are synchronous, for Hypothesis)."""

    def __init__(
        self, browser: PlaywrightBrowser, site: AttackSite, loop: asyncio.AbstractEventLoop
    ) -> None:
        self.browser, self.site, self.loop = browser, site, loop

    def wait(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return self.loop.run_until_complete(coroutine)

    def play(
        self,
        page: FinalPage,
        answers: tuple[bool, ...] | None,
        *,
        offline: bool = False,
        in_flow: bool = False,
    ) -> tuple[bool, ScriptedApprovals | None, Sweep]:
        """One run on a fresh case: (cancelled?, the approvals asked, the attacker).

        ``in_flow``: the page is served under the service's cancellation address
        (``/cancelplan/``), where the structural floor holds whatever the words.
        """
        name = f"gen{next(CASES)}"
        pages, start = page.pages, "index"
        if in_flow:
            pages = {
                f"{FLOW}/{key}": text.replace("{{OTHER}}/inner", f"{{{{OTHER}}}}/{FLOW}/inner")
                for key, text in page.pages.items()
            }
            start = f"{FLOW}/index"
        self.site.add(name, pages)
        script, attacker = sweep(page)
        case = Case(name, "names", pages, [] if offline else script, start=start)
        approvals = ScriptedApprovals(list(answers)) if answers is not None else None
        self.wait(run(self.browser, self.site, case, approvals))
        return self.site.cancelled(name), approvals, attacker


def _label(page: FinalPage) -> None:
    event(f"mechanism {page.mechanism}")
    event(f"wrapper {page.wrapper}")
    event(f"relabel {page.relabel}")
    event(f"language {page.language}")


@pytest_asyncio.fixture(loop_scope="session")
async def driver(browser: PlaywrightBrowser, site: AttackSite) -> Driver:
    return Driver(browser, site, asyncio.get_running_loop())


def refused_or_unasked_nothing_cancels(driver: Driver, page: FinalPage, in_flow: bool) -> None:
    """The law: every approval refused, or no handler, nothing is cancelled; and if the
    attacker touched the commit control, a person was asked."""
    _label(page)
    cancelled, approvals, attacker = driver.play(page, REFUSED, in_flow=in_flow)
    assert not cancelled, f"cancelled with every approval refused:\n{page.describe()}"
    if touched(page, attacker):
        event("touched the commit control")
        assert approvals is not None
        assert approvals.requests, (
            f"the commit control was touched ({attacker.touched}) and nobody was asked:\n"
            f"{page.describe()}"
        )
    cancelled, _, _ = driver.play(page, None, in_flow=in_flow)
    assert not cancelled, f"cancelled with no approval handler:\n{page.describe()}"


@MAIN
@given(page=SPECIFIED)
def test_refused_or_unasked_no_generated_page_cancels(driver: Driver, page: FinalPage) -> None:
    refused_or_unasked_nothing_cancels(driver, page, in_flow=False)


@SMALL
@given(page=SPECIFIED)
def test_the_offline_policy_cancels_no_generated_page_unasked(
    driver: Driver, page: FinalPage
) -> None:
    _label(page)
    cancelled, _, _ = driver.play(page, REFUSED, offline=True)
    assert not cancelled, f"the offline policy cancelled, refused:\n{page.describe()}"
    cancelled, _, _ = driver.play(page, None, offline=True)
    assert not cancelled, f"the offline policy cancelled, no handler:\n{page.describe()}"


@MAIN
@given(page=GAP)
def test_get_commits_worded_any_way_ask_on_the_flows_pages(driver: Driver, page: FinalPage) -> None:
    """Once an expected failure (a GET navigation that commits, on a page whose words the
    vocabulary does not read as the last step, went through refused): on a page of the flow
    the structural floor asks for it whatever the words."""
    refused_or_unasked_nothing_cancels(driver, page, in_flow=True)


@MAIN
@given(page=MADE_UP)
def test_in_a_made_up_language_nothing_commits_without_a_yes(
    driver: Driver, page: FinalPage
) -> None:
    """Words nobody speaks, in scripts no vocabulary holds, every mechanism and disguise: on
    the flow's pages the floor alone must stop every commit, refused or with nobody to ask."""
    refused_or_unasked_nothing_cancels(driver, page, in_flow=True)
    cancelled, _, _ = driver.play(page, REFUSED, offline=True, in_flow=True)
    assert not cancelled, f"the offline policy cancelled, refused:\n{page.describe()}"


@MAIN
@given(page=CHANNEL_PAGES)
def test_no_channel_commits_without_a_yes(driver: Driver, page: FinalPage) -> None:
    """Beacons, keepalive fetches, socket messages and an undo window's timer are writes like
    any other on the flow's pages, in words nobody speaks: refused or with nobody to ask, the
    server never hears them (the timer's post comes after the click has returned)."""
    event(f"channel {page.mechanism}")
    refused_or_unasked_nothing_cancels(driver, page, in_flow=True)


CHANNEL_YES: list[tuple[str, bool]] = []


@SMALL
@given(page=CHANNEL_PAGES)
def test_with_every_yes_the_channel_pages_really_cancel(driver: Driver, page: FinalPage) -> None:
    """The control for the channel law: a yes covers what its question's control sends, by its
    socket, its beacon or its timer after it returned (not vacuous)."""
    cancelled, _, _ = driver.play(page, (True,) * 60, in_flow=True)
    event(f"{page.mechanism} cancelled with every yes: {cancelled}")
    if page.commits:
        CHANNEL_YES.append((page.describe(), cancelled))


def test_most_channel_pages_cancelled_with_yes() -> None:
    if not CHANNEL_YES:
        pytest.skip("the control property did not run")
    # a vacuity control on a small sample (about 10 pages, some with a nameless control or
    # one swapped in on hover that a driver rarely reaches): most, not nearly all
    missed = [text for text, cancelled in CHANNEL_YES if not cancelled]
    assert len(missed) <= len(CHANNEL_YES) // 2, "\n\n".join(missed)


MADE_UP_YES: list[tuple[str, bool]] = []


@SMALL
@given(page=MADE_UP)
def test_with_every_yes_the_made_up_pages_really_cancel(driver: Driver, page: FinalPage) -> None:
    """The control for the made-up law: a yes to everything does cancel (not vacuous)."""
    cancelled, _, _ = driver.play(page, (True,) * 60, in_flow=True)
    event(f"cancelled with every yes: {cancelled}")
    if page.commits:
        MADE_UP_YES.append((page.describe(), cancelled))


def test_most_made_up_pages_cancelled_with_yes() -> None:
    if not MADE_UP_YES:
        pytest.skip("the control property did not run")
    missed = [text for text, cancelled in MADE_UP_YES if not cancelled]
    assert len(missed) <= len(MADE_UP_YES) // 4, "\n\n".join(missed)


YES: list[tuple[str, bool]] = []


@SMALL
@given(page=final_pages())
def test_with_every_yes_the_generated_pages_really_cancel(driver: Driver, page: FinalPage) -> None:
    """The control: the generated pages can cancel, so the laws above are not vacuous."""
    cancelled, _, _ = driver.play(page, (True,) * 60)
    event(f"cancelled with every yes: {cancelled}")
    if not cancelled:
        event(f"not cancelled with every yes: {page.kind}")
    if page.commits:
        YES.append((page.describe(), cancelled))


def test_most_generated_pages_cancelled_with_yes() -> None:
    """Read after the control property (same module, in order): a quarter may miss at most."""
    if not YES:
        pytest.skip("the control property did not run")
    missed = [text for text, cancelled in YES if not cancelled]
    assert len(missed) <= len(YES) // 4, "\n\n".join(missed)
