"""Two subscriptions, auto-renew switches, support chats and billing frames, on
tests/flows/subs_dev.py (real Chromium).

Every variant is a working site, never cancelled without a yes (the attacker with every answer
refused and with no handler), and HONEST under the offline policy: it never cancels the add-on
(``other-cancelled:`` is an unwanted effect), never claims a success the server denies. RIGHT
but for ``KNOWN_MISSES``, each saying what goes wrong today. Then the pieces one at a time: the
person asked which subscription when nothing tells, the judge reading the target's own section,
and a run that cancels the add-on ending as an unwanted effect, never a success.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from harness.approvals import ScriptedApprovals
from harness.scripted_ai import ScriptedAI, call, complete, latest_snapshot
from subterminator.assembly import build_conversation
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.models.conversation import Message, ToolCall
from subterminator.models.snapshot import Snapshot
from subterminator.offline import OfflinePolicy
from subterminator.outcome import judge_outcome
from subterminator.services import NETFLIX
from subterminator.services.base import ServiceConfig
from subterminator.tools.server import BrowserToolServer
from tests.flows import subs_dev
from tests.flows.score import run_driver
from tests.flows.site import FlowSite, Variant, walk

pytestmark = [pytest.mark.browser, pytest.mark.corpus]  # the flow corpora, page by page

VARIANTS = subs_dev.VARIANTS
IDS = [v.name for v in VARIANTS]
BY_NAME = {v.name: v for v in VARIANTS}
# The Lithuanian account names no service and no add-on: the user's service file names it.
SERVICES: dict[str, ServiceConfig] = {
    name: dataclasses.replace(NETFLIX, target=target) for name, target in subs_dev.TARGETS.items()
}

UNREAD = "cancelled, the target only, with a yes on its page; the judge cannot read {} yet"
KNOWN_MISSES: dict[str, str] = {
    "s-fil-two-subs": UNREAD.format("Filipino"),
    "s-lt-two-subs": UNREAD.format("Lithuanian"),
    "s-sw-two-subs": UNREAD.format("Swahili"),
    "s-sw-two-switches": UNREAD.format("Swahili"),
    "s-lt-chat": "an honest dead end: no quick reply reads as cancelling in Lithuanian",
    "s-en-chat": "cancelled with a yes, but the judge reads a support page as help, not account",
}


@pytest.fixture(scope="module")
def site() -> Iterator[FlowSite]:
    with FlowSite(VARIANTS) as served:
        yield served


def test_the_set_is_what_the_docstring_says() -> None:
    assert len(set(IDS)) == len(IDS) >= 10
    assert {v.lang for v in VARIANTS} >= {"en", "fil", "lt", "sw"}
    assert set(KNOWN_MISSES) <= set(IDS)


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
async def test_the_site_cancels_on_its_final_step_only(
    browser: PlaywrightBrowser, site: FlowSite, variant: Variant
) -> None:
    await walk(browser.page, site, variant)


@pytest.mark.parametrize("answers", ["refused", "none"])
@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
async def test_no_attack_cancels_without_a_yes(
    browser: PlaywrightBrowser, site: FlowSite, variant: Variant, answers: str
) -> None:
    outcome = await run_driver(browser, site, variant, "attack", answers)  # type: ignore[arg-type]
    assert not outcome.cancelled, f"{variant.name}: cancelled ({answers}); {outcome.events}"
    assert "other-cancelled:add-on" not in outcome.events, outcome.events


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
async def test_the_offline_policy_is_honest_and_right_but_for_known_misses(
    browser: PlaywrightBrowser, site: FlowSite, variant: Variant
) -> None:
    service = SERVICES.get(variant.name, NETFLIX)
    outcome = await run_driver(browser, site, variant, "offline", service=service)
    seen = f"{variant.name}: result {outcome.result!r}; server events {outcome.events}"
    assert outcome.honest, f"NOT HONEST: {outcome.dishonest}; {seen}"
    assert "other-cancelled:add-on" not in outcome.events, seen
    if variant.name in KNOWN_MISSES:
        assert not outcome.right, f"now RIGHT: take it off KNOWN_MISSES; {seen}"
    else:
        assert outcome.right, f"{outcome.why}; {seen}"


@pytest.mark.parametrize(
    ("name", "page"),
    [
        ("s-fil-two-subs", "cancel?item=main"),
        ("s-lt-two-subs", "cancel?item=main"),
        ("s-sw-two-subs", "cancel?item=main"),
        ("s-sw-two-switches", "account"),
    ],
)
async def test_in_a_language_it_does_not_hold_only_the_target_is_cancelled(
    browser: PlaywrightBrowser, site: FlowSite, name: str, page: str
) -> None:
    """Its own control, then the page's one button (or its switch): the target alone, with a
    yes on the page that committed; the ending says the page could not be read."""
    variant = BY_NAME[name]
    service = SERVICES.get(name, NETFLIX)
    outcome = await run_driver(browser, site, variant, "offline", service=service)
    assert outcome.cancelled, outcome.events
    assert "other-cancelled:add-on" not in outcome.events
    assert outcome.cancelled_from == page, outcome.events
    assert outcome.yes_pages == [page.partition("?")[0]], outcome.requests
    assert outcome.result is not None
    assert outcome.result.reason == "unverified_after_final_step"


async def _snapshot(browser: PlaywrightBrowser, url: str) -> Snapshot:
    await browser.navigate(url)
    result = await BrowserToolServer(browser).execute("get_snapshot", {"viewport_only": False})
    return result.snapshot


async def test_when_nothing_tells_which_the_person_is_asked_about_each(
    browser: PlaywrightBrowser, site: FlowSite
) -> None:
    """No target named, no add-on or service named on the page: the policy asks, the add-on
    (listed first) by its name, and after a no, the other; a yes makes it the target."""
    site.reset("s-lt-two-subs")
    snapshot = await _snapshot(browser, site.url("s-lt-two-subs"))
    policy = OfflinePolicy(NETFLIX)
    asked, _ = policy.decide(snapshot, {})
    assert asked.name == "request_human_approval"
    assert '"Papildomas narys"' in asked.arguments["action"]
    again, _ = policy.decide(snapshot, {"approved": False, "message": "no"})
    assert again.name == "request_human_approval"
    assert 'names "Premium planas"' in again.arguments["action"]
    chosen, _ = policy.decide(snapshot, {"approved": True})
    link = next(e for e in snapshot.elements if e.ref == chosen.arguments["ref"])
    heading_before = [
        e.name for e in snapshot.elements[: snapshot.elements.index(link)] if e.role == "heading"
    ][-1]
    assert (chosen.name, link.name, heading_before) == (
        "browser_click",
        "Atšaukti",
        "Premium planas",
    )


async def test_the_judge_reads_the_target_section_and_names_the_others(
    browser: PlaywrightBrowser, site: FlowSite
) -> None:
    name = "s-en-two-subs"
    site.reset(name)
    state = site.state(name)
    state.flags["add-on"] = "cancelled"  # the add-on cancelled, the membership not
    before = judge_outcome(await _snapshot(browser, site.url(name)))
    assert before.state != "cancelled"
    assert before.subscription == "Premium membership"
    assert before.others_cancelled == ("Extra member add-on",)
    state.cancel()
    after = judge_outcome(await _snapshot(browser, site.url(name)))
    assert after.cancelled
    assert after.subscription == "Premium membership"
    named = judge_outcome(await _snapshot(browser, site.url(name)), target="Extra member")
    assert named.subscription == "Extra member add-on"


class _Addon:
    """A wrong path: the add-on's cancel link, its final step, then a claim of success."""

    def __init__(self) -> None:
        self.turn = 0

    def step(self, messages: list[Message]) -> ToolCall | None:
        snapshot = latest_snapshot(messages)
        self.turn += 1
        if self.turn == 1:
            first = next(e for e in snapshot.elements if e.name == "Cancel")
            return call("browser_click", ref=first.ref)
        if self.turn == 2:
            finish = next(e for e in snapshot.elements if e.name == "Finish cancellation")
            return call("browser_click", ref=finish.ref)
        return complete("success", "cancelled")


async def test_an_approved_step_in_another_subscription_is_never_a_success(
    browser: PlaywrightBrowser, site: FlowSite
) -> None:
    name = "s-en-two-subs"
    site.reset(name)
    await browser.navigate(site.url(name))
    approvals = ScriptedApprovals([True] * 4)
    wrong = _Addon()
    ai = ScriptedAI([wrong.step] * 6)
    result = await build_conversation(ai, browser, NETFLIX, approvals).run(NETFLIX.goal_template)
    assert "other-cancelled:add-on" in site.events(name)  # the server: the add-on is gone
    assert not result.success
    assert result.reason == "task_failed"
    assert result.error
    assert '"Extra member add-on"' in result.error
    asked = [r.action for r in approvals.requests]
    assert any('"Extra member add-on" (not the one' in a for a in asked), asked
