"""TaskOrchestrator with ScriptedAI over the real tool server on real Chromium.

Covers the loop (only a turn's first tool call runs; it ends on complete_task or after
max_turns; a turn without a tool call is asked to complete; the history carries across turns),
checkpoints (checked after each action, paused for a person's approval, a yes continues, a no
is an error to the AI), verification of success claims (acknowledged only when verified),
llm_no_action and history truncation.
"""

from __future__ import annotations

import dataclasses
import logging

import pytest

from harness.approvals import ScriptedApprovals
from harness.scripted_ai import ScriptedAI, call, click, complete
from harness.sites import StaticSite
from subterminator.ai.history import SUMMARY_HEADER
from subterminator.ai.prompts import NO_TOOL_NUDGE
from subterminator.assembly import build_conversation
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.cancellation import exit_code
from subterminator.errors import LLMError, ModelConfigurationError
from subterminator.models.approval import ApprovalRequest
from subterminator.models.conversation import AIResponse
from subterminator.models.tools import DECLINED_NOTE
from subterminator.orchestrator import TaskOrchestrator
from subterminator.services import NETFLIX, Checkpoint, CompletionCriteria, ServiceConfig
from subterminator.stack.human import MAX_HUMAN_TRIES
from tests.support.clock import stepped_clock

pytestmark = pytest.mark.browser
GOAL = NETFLIX.goal_template
FLOW_TO_FINISH = [
    click("Manage membership"),
    click("Cancel membership", "button"),
    click("Continue to cancel"),
    click("Show option contents", nth=-1),  # the "Cancel" section's expander
]


async def orchestrator(
    browser: PlaywrightBrowser,
    url: str,
    ai: ScriptedAI,
    approvals: ScriptedApprovals | None,
    service: ServiceConfig = NETFLIX,
    max_turns: int = 20,
) -> TaskOrchestrator:
    await browser.navigate(url)
    return build_conversation(ai, browser, service, approvals, max_turns=max_turns)


async def test_full_flow_asks_once_before_the_irreversible_click(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    urls_when_asked: list[str] = []

    async def note(request: ApprovalRequest) -> None:
        urls_when_asked.append(browser.page.url)

    approvals = ScriptedApprovals([True], on_ask=note)
    ai = ScriptedAI(
        [*FLOW_TO_FINISH, click("Finish Cancellation"), complete("success", "Membership cancelled")]
    )
    result = await (
        await orchestrator(browser, pages.url("netflix/account.html"), ai, approvals)
    ).run(GOAL)
    assert result.success
    assert result.verified
    assert result.reason == "completed"
    assert result.turns == 6
    assert result.final_url
    assert result.final_url.endswith("netflix/cancelled.html")
    assert [r.kind for r in approvals.requests] == ["checkpoint"]
    assert "final, irreversible" in approvals.requests[0].action
    assert urls_when_asked[0].endswith("netflix/cancelplan.html"), "asked before the click"
    assert approvals.requests[0].screenshot
    assert approvals.requests[0].screenshot[:4] == b"\x89PNG"
    assert result.usage.input_tokens > 0
    assert result.usage.estimated


async def test_rejection_is_fed_back_and_nothing_is_cancelled(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    approvals = ScriptedApprovals([(False, "Keep my membership"), (False, "I said no")])
    ai = ScriptedAI(
        [*FLOW_TO_FINISH, click("Finish Cancellation"), complete("failed", "The person declined")]
    )
    orch = await orchestrator(browser, pages.url("netflix/account.html"), ai, approvals)
    result = await orch.run(GOAL)
    # the expand ran (its own result); the checkpoint after it reached the AI apart, declined,
    # with the person's words
    after_expand = ai.prompts[4].messages[-1]
    assert after_expand.result is not None
    declined = after_expand.result.pop("declined")
    assert after_expand.result == {"success": True, "error": None, "message": None}
    assert declined["message"] == "User feedback: Keep my membership"
    assert "Finish Cancellation" in declined["step"]
    assert declined["note"] == DECLINED_NOTE
    # the AI clicked Finish anyway: asked again (irreversible rule), refused, not performed
    assert [r.kind for r in approvals.requests] == ["checkpoint", "irreversible"]
    assert approvals.requests[1].action == 'Click "Finish Cancellation" (button)'
    after_finish = ai.prompts[5].messages[-1]
    assert after_finish.result
    assert after_finish.result["error"] == "human_rejected"
    assert browser.page.url.endswith("netflix/cancelplan.html")
    assert not result.success
    assert result.reason == "human_rejected"
    assert result.verified
    # the person is told their refusal once, plainly; the AI's own account stays apart
    assert result.error == 'You declined "Finish Cancellation" (button): I said no'
    assert result.message == "The person declined"


async def test_without_a_handler_every_approval_is_refused(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    ai = ScriptedAI(
        [*FLOW_TO_FINISH, click("Finish Cancellation"), complete("failed", "not allowed")]
    )
    result = await (await orchestrator(browser, pages.url("netflix/account.html"), ai, None)).run(
        GOAL
    )
    assert browser.page.url.endswith("netflix/cancelplan.html"), (
        "no handler must never mean approved"
    )
    refused = ai.prompts[5].messages[-1]
    assert refused.result
    assert "No person is available" in refused.result["message"]
    assert result.reason == "human_rejected"


async def test_irreversible_rule_alone_guards_a_renamed_button(browser: PlaywrightBrowser) -> None:
    # The final step hidden from the page checkpoint ("Confirm" only): the rule still asks.
    await browser.page.set_content("<title>Billing</title><h1>Plan</h1><button>Confirm</button>")
    approvals = ScriptedApprovals([(False, "no")])
    ai = ScriptedAI([click("Confirm"), complete("failed", "declined")])
    orch = build_conversation(ai, browser, NETFLIX, approvals)
    result = await orch.run(GOAL)
    assert [r.kind for r in approvals.requests] == ["irreversible"]
    assert result.reason == "human_rejected"


async def test_only_the_first_tool_call_runs(
    browser: PlaywrightBrowser, pages: StaticSite, caplog: pytest.LogCaptureFixture
) -> None:
    def two_calls(messages: list) -> list:  # type: ignore[type-arg]
        first = click("Manage membership")(messages)
        return [first, call("browser_scroll", direction="bottom")]

    ai = ScriptedAI([two_calls, complete("failed", "stop")])
    with caplog.at_level(logging.INFO):
        await (await orchestrator(browser, pages.url("netflix/account.html"), ai, None)).run(GOAL)
    assert browser.page.url.endswith("netflix/membership.html")
    assert ai.prompts[1].messages[-1].snapshot.viewport.scroll_y == 0  # the scroll never ran
    assert [c.name for c in ai.prompts[1].messages[-2].tool_calls] == ["browser_click"]
    assert "Ignoring 1 additional tool calls" in caplog.text


async def test_history_is_kept_and_grows_two_messages_per_turn(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    ai = ScriptedAI(
        [call("get_snapshot"), call("browser_scroll", direction="down"), complete("failed", "x")]
    )
    await (await orchestrator(browser, pages.url("form.html"), ai, None)).run("read the form")
    sizes = [len(p.messages) for p in ai.prompts]
    assert sizes == [1, 3, 5]
    assert ai.prompts[2].messages[1].tool_calls[0].name == "get_snapshot"
    assert "read the form" in ai.prompts[0].system
    assert "Element refs (like @e7)" in ai.prompts[0].system


async def test_text_reply_is_prompted_and_three_in_a_row_end_the_task(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    ai = ScriptedAI(["Let me think.", "Still thinking.", "Hmm."])
    result = await (await orchestrator(browser, pages.url("form.html"), ai, None)).run("x")
    assert ai.prompts[1].messages[-1].content == NO_TOOL_NUDGE
    assert result.reason == "llm_no_action"
    assert result.turns == 3
    assert not result.success


async def test_a_tool_call_resets_the_no_action_count(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    ai = ScriptedAI(["a", "b", call("get_snapshot"), "c", "d", complete("failed", "x")])
    result = await (await orchestrator(browser, pages.url("form.html"), ai, None)).run("x")
    assert result.reason == "task_failed"
    assert result.turns == 6


async def test_max_turns(browser: PlaywrightBrowser, pages: StaticSite) -> None:
    ai = ScriptedAI([call("get_snapshot")] * 3)
    result = await (await orchestrator(browser, pages.url("form.html"), ai, None, max_turns=3)).run(
        "x"
    )
    assert result.reason == "max_turns_exceeded"
    assert result.turns == 3
    assert not result.success


async def test_checkpoints_are_evaluated_after_every_snapshot(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    seen: list[str] = []

    def spy(snapshot) -> bool:  # type: ignore[no-untyped-def]
        seen.append(snapshot.snapshot_id)
        return False

    service = dataclasses.replace(NETFLIX, checkpoint_conditions=[Checkpoint("spy", "spy", spy)])
    ai = ScriptedAI(
        [
            call("get_snapshot"),
            click("Go to next page"),
            call("browser_scroll", direction="down"),
            complete("failed", "x"),
        ]
    )
    await (await orchestrator(browser, pages.url("form.html"), ai, None, service=service)).run("x")
    ids = [p.messages[-1].snapshot.snapshot_id for p in ai.prompts]
    assert seen[: len(ids)] == ids  # the initial snapshot and every tool's fresh snapshot


async def test_unverified_success_is_not_acknowledged(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    ai = ScriptedAI(
        [
            complete("success", "I think it worked"),
            complete("success", "Really"),
        ]
    )
    result = await (
        await orchestrator(browser, pages.url("netflix/account.html"), ai, None, max_turns=2)
    ).run(GOAL)
    reply = ai.prompts[1].messages[-1].result
    assert reply
    assert reply["acknowledged"] is False
    assert "Cannot verify success" in reply["message"]
    assert "netflix/account.html" in reply["message"]
    assert result.reason == "verification_failed"
    assert not result.success


@pytest.mark.parametrize(
    ("criteria", "said"),
    [
        (
            CompletionCriteria(success_indicators=[lambda s: False]),
            "but not in the way Netflix's success checks expect",
        ),
        (
            CompletionCriteria(failure_indicators=[lambda s: True]),
            "but it also shows what Netflix's checks call a failure",
        ),
    ],
)
async def test_a_refused_claim_on_a_cancelled_page_says_why_without_contradiction(
    browser: PlaywrightBrowser, pages: StaticSite, criteria: CompletionCriteria, said: str
) -> None:
    """The judge reads the page as cancelled but the service's checks do not accept it: the
    reply says both, never "does not show ... cancelled (the page says 'Cancelled')"."""
    service = dataclasses.replace(NETFLIX, completion_criteria=criteria)
    ai = ScriptedAI([complete("success", "It says cancelled"), complete("failed", "so be it")])
    url = pages.url("netflix/cancelled.html")
    result = await (await orchestrator(browser, url, ai, None, service, max_turns=2)).run(GOAL)
    reply = ai.prompts[1].messages[-1].result
    assert reply
    assert reply["acknowledged"] is False
    assert not result.success
    message = reply["message"]
    assert "Cannot verify success: the page reads as cancelled (" in message, message
    assert said in message
    assert "does not show" not in message


async def test_verified_success_is_acknowledged(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    ai = ScriptedAI([complete("success", "The page says cancelled")])
    result = await (await orchestrator(browser, pages.url("netflix/cancelled.html"), ai, None)).run(
        GOAL
    )
    assert result.success
    assert result.verified
    assert result.reason == "already_cancelled"  # nothing was approved or done in this run
    assert result.turns == 1
    assert result.evidence


async def test_request_human_approval_waits_for_the_answer(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    ai = ScriptedAI(
        [
            call("request_human_approval", action="Switch to the cheaper plan?", reason="an offer"),
            call("request_human_approval", action="Decline the offer?", reason="goal"),
            complete("failed", "x"),
        ]
    )

    async def check(request: ApprovalRequest) -> None:
        assert len(ai.prompts) == len(approvals.requests), "the loop waits for the person"

    approvals = ScriptedApprovals([True, (False, "Not now")], on_ask=check)
    await (await orchestrator(browser, pages.url("netflix/retention.html"), ai, approvals)).run(
        GOAL
    )
    assert [r.kind for r in approvals.requests] == ["ai_request", "ai_request"]
    assert ai.prompts[1].messages[-1].result == {"approved": True, "message": None}
    assert ai.prompts[2].messages[-1].result == {
        "approved": False,
        "message": "User feedback: Not now",
    }


async def test_login_page_asks_the_person_to_act(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    async def sign_in(request: ApprovalRequest) -> None:  # the person signs in: the page moves on
        await browser.page.goto(pages.url("netflix/account.html"))

    approvals = ScriptedApprovals([True], on_ask=sign_in)
    ai = ScriptedAI([complete("failed", "x")])
    await (await orchestrator(browser, pages.url("netflix/login.html"), ai, approvals)).run(GOAL)
    assert [r.kind for r in approvals.requests] == ["human_action"]
    assert "sign in" in approvals.requests[0].action.lower()
    assert "handled 'login'" in ai.prompts[0].messages[0].content


async def test_a_yes_while_the_sign_in_is_still_there_is_asked_again_then_the_run_stops(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    """A yes without signing in: the page still asks, so the person is asked again (told it is
    still there), a few times, then the run ends honestly: nobody refused anything."""
    approvals = ScriptedApprovals([True] * MAX_HUMAN_TRIES)
    ai = ScriptedAI([])
    result = await (
        await orchestrator(browser, pages.url("netflix/login.html"), ai, approvals)
    ).run(GOAL)
    assert [r.kind for r in approvals.requests] == ["human_action"] * MAX_HUMAN_TRIES
    assert "Still there" not in approvals.requests[0].reason
    assert all("Still there" in r.reason for r in approvals.requests[1:])
    assert result.reason == "human_action_needed"
    assert not result.success
    assert f"still there after {MAX_HUMAN_TRIES} answers" in (result.error or "")
    assert ai.prompts == []  # the AI is not sent on from a sign-in page nobody got past
    assert exit_code(result) == 1


@pytest.mark.parametrize(
    ("answer", "said"), [(False, "no"), ((False, "not now"), "not now")], ids=["no", "words"]
)
async def test_a_sign_in_not_done_ends_the_run_without_a_refusal(
    browser: PlaywrightBrowser, pages: StaticSite, answer: bool | tuple[bool, str], said: str
) -> None:
    approvals = ScriptedApprovals([answer])
    ai = ScriptedAI([])
    result = await (
        await orchestrator(browser, pages.url("netflix/login.html"), ai, approvals)
    ).run(GOAL)
    assert result.reason == "human_action_needed"
    assert said in (result.error or "")
    assert "declined" not in (result.error or "")
    assert ai.prompts == []


async def test_invalid_complete_task_is_answered_not_fatal(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    ai = ScriptedAI([call("complete_task", status="done"), complete("failed", "x")])
    result = await (await orchestrator(browser, pages.url("form.html"), ai, None)).run("x")
    reply = ai.prompts[1].messages[-1].result
    assert reply
    assert reply["error"] == "invalid_params"
    assert "reason" in reply["message"]
    assert result.reason == "task_failed"


async def test_llm_error_ends_the_task(browser: PlaywrightBrowser, pages: StaticSite) -> None:
    class Failing:
        async def chat(self, *args: object) -> AIResponse:
            raise LLMError("Model API error (HTTP 500) after 3 attempt(s): boom")

    await browser.navigate(pages.url("form.html"))
    result = await build_conversation(Failing(), browser, NETFLIX).run("x")
    assert result.reason == "llm_error"
    assert "boom" in (result.error or "")


async def test_a_refused_key_or_model_is_raised_not_a_result(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    refused = ModelConfigurationError(
        "The model API refused the key (HTTP 401 authentication_error): check ANTHROPIC_API_KEY",
        status=401,
        kind="authentication_error",
        model="claude-sonnet-4-6",
    )

    class Refusing:
        async def chat(self, *args: object) -> AIResponse:
            raise refused

    await browser.navigate(pages.url("form.html"))
    with pytest.raises(ModelConfigurationError) as info:
        await build_conversation(Refusing(), browser, NETFLIX).run("x")
    assert info.value is refused


async def test_thirty_turns_stay_in_the_history_budget(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    steps = [call("browser_scroll", direction=d) for d in ("down", "up") * 15]
    ai = ScriptedAI([*steps, complete("failed", "x")])
    result = await (
        await orchestrator(browser, pages.url("rules.html"), ai, None, max_turns=31)
    ).run("x")
    assert result.turns == 31
    assert max(p.tokens for p in ai.prompts) <= 10_000
    last = ai.prompts[-1].messages
    assert last[0].content.startswith(SUMMARY_HEADER)
    assert "- browser_scroll(down): success" in last[0].content
    assert sum(1 for m in last if m.role == "assistant") <= 10
    assert sum(1 for m in last if m.snapshot is not None and m.full_snapshot) == 1


async def test_a_persons_answering_time_is_not_browser_time(
    browser: PlaywrightBrowser, pages: StaticSite, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = stepped_clock(monkeypatch)  # the person's 3 s pass on the clock, not in the test

    async def think(request: ApprovalRequest) -> None:
        clock.advance(3.0)

    approvals = ScriptedApprovals([True], on_ask=think)
    ai = ScriptedAI(
        [*FLOW_TO_FINISH, click("Finish Cancellation"), complete("success", "Membership cancelled")]
    )
    orch = await orchestrator(browser, pages.url("netflix/account.html"), ai, approvals)
    await orch.run(GOAL)
    answered = [t for t in orch.cost.turns if t.person_ms]
    assert len(answered) == 1
    assert answered[0].person_ms >= 3000
    assert answered[0].tool_ms < 3000  # the browser's own time, without the person's 3 s
