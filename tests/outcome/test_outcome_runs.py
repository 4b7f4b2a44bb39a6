"""Honest endings: what a run reports after the approved step, and when nothing was needed.

Real Chromium, the real TaskOrchestrator and SafetyGate, a scripted AI: the page decides what
is reported, never the AI's claim.
"""

from __future__ import annotations

import pytest

from harness.approvals import ScriptedApprovals
from harness.scripted_ai import ScriptedAI, call, click, complete
from harness.sites import StaticSite
from subterminator.assembly import build_conversation
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.cancellation import exit_code
from subterminator.models.result import TaskResult
from subterminator.services import NETFLIX

pytestmark = pytest.mark.browser


async def run(
    browser: PlaywrightBrowser, url: str, ai: ScriptedAI, approvals: ScriptedApprovals | None
) -> TaskResult:
    await browser.navigate(url)
    orchestrator = build_conversation(ai, browser, NETFLIX, approvals, 6)
    return await orchestrator.run(NETFLIX.goal_template)


async def test_after_the_approved_step_an_unconfirmed_end_says_what_was_done(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    ai = ScriptedAI([click("Finish Cancellation"), complete("failed", "No confirmation seen")])
    approvals = ScriptedApprovals([True])
    result = await run(browser, pages.url("outcome/final.html"), ai, approvals)
    assert result.reason == "unverified_after_final_step"
    assert not result.success
    assert exit_code(result) == 1
    assert result.error
    assert 'The step you approved (Click "Finish Cancellation"' in result.error
    assert "outcome/final.html" in result.error  # where it ran
    assert "Check your Netflix account page or e-mail" in result.error
    assert "did not complete" not in result.error


async def test_after_the_approved_step_running_out_of_turns_is_not_a_failure_to_cancel(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    ai = ScriptedAI([click("Finish Cancellation")] + [call("get_snapshot")] * 8)
    result = await run(browser, pages.url("outcome/final.html"), ai, ScriptedApprovals([True]))
    assert result.reason == "unverified_after_final_step"
    assert exit_code(result) == 1


async def test_after_the_approved_step_a_confirming_page_verifies_whatever_the_ai_says(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    ai = ScriptedAI([click("Finish Cancellation"), complete("failed", "I am not sure")])
    result = await run(
        browser, pages.url("outcome/final-confirmed.html"), ai, ScriptedApprovals([True])
    )
    assert result.reason == "completed"
    assert result.success
    assert result.verified
    assert exit_code(result) == 0
    assert result.ends_on == "March 3, 2027"
    assert any("cancellation is complete" in e for e in result.evidence)


async def test_an_already_cancelled_account_is_reported_as_already_cancelled(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    approvals = ScriptedApprovals([])
    ai = ScriptedAI([complete("success", "Membership cancelled")])
    result = await run(browser, pages.url("netflix/cancelled.html"), ai, approvals)
    assert result.reason == "already_cancelled"
    assert result.success
    assert result.verified
    assert exit_code(result) == 0
    assert result.message
    assert "was already cancelled" in result.message
    assert "Nothing was changed" in result.message
    assert approvals.requests == []


async def test_a_page_denying_the_cancellation_is_never_verified(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    ai = ScriptedAI(
        [complete("success", "Cancelled"), complete("success", "Cancelled"), complete("failed")]
    )
    result = await run(browser, pages.url("outcome/not-cancelled.html"), ai, None)
    reply = ai.prompts[1].messages[-1].result
    assert reply
    assert reply["acknowledged"] is False
    assert "NOT cancelled" in reply["message"]
    assert not result.success
    assert exit_code(result) == 1


async def test_a_date_on_the_last_page_is_not_a_cancellation_nobody_made(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    """The last page states the period end; the final button waits for a reason, unclicked."""
    approvals = ScriptedApprovals([True])
    ai = ScriptedAI([complete("success", "Cancelled")] * 6)
    result = await run(browser, pages.url("outcome/reason.html"), ai, approvals)
    assert approvals.requests == []  # the checkpoint waits while its step waits for a reason
    assert not result.success
    assert result.reason == "verification_failed"
    assert exit_code(result) == 1
    reply = ai.prompts[1].messages[-1].result
    assert reply
    assert reply["acknowledged"] is False
