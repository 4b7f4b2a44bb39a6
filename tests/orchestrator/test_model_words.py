"""The model's own words kept: text instead of a call is the turn's thought, a refusal ends the
run at once in its words, reasoning is recorded but never sent back, a call the server could
not parse goes back to the model as a failed call, and a failed model call says what failed.

Through the real SDK clients against the local fakes, on real Chromium; where a server shape
is not what is tested (reasoning, OpenAI's refusal field) ``ScriptedAI`` plays the answer.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from harness.fake_anthropic import FakeAnthropic, message, text, tool_use
from harness.fake_openai import FakeOpenAI, Reply, completion, tool_call
from harness.scripted_ai import ScriptedAI, call, complete
from harness.sites import StaticSite
from subterminator.ai.client import AIClient
from subterminator.ai.openai_client import OpenAIClient
from subterminator.ai.protocol import AIClientProtocol
from subterminator.assembly import build_conversation
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.models.conversation import AIResponse
from subterminator.orchestrator import TaskOrchestrator
from subterminator.services import NETFLIX
from tests.support.ai_helpers import Sleeps

pytestmark = pytest.mark.browser

GROQ_REJECTION = {
    "error": {
        "message": "Failed to call a function. See 'failed_generation' for more details.",
        "type": "invalid_request_error",
        "code": "tool_use_failed",
        "failed_generation": '<function=get_snapshot{"x": </function>',
    }
}


async def conversation(
    browser: PlaywrightBrowser, pages: StaticSite, ai: AIClientProtocol
) -> TaskOrchestrator:
    await browser.navigate(pages.url("form.html"))
    return build_conversation(ai, browser, NETFLIX, None, max_turns=6)


def openai(api: FakeOpenAI) -> OpenAIClient:
    return OpenAIClient(api_key="sk-test", base_url=api.url, sleep=Sleeps())


async def test_text_without_a_call_is_the_turns_thought(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    with FakeAnthropic() as api:
        api.queue(
            message(text("The form has no [bold]cancel[/bold] button."), stop_reason="end_turn"),
            message(tool_use("complete_task", status="failed", reason="nothing to cancel")),
        )
        run = await conversation(browser, pages, AIClient(api_key="k", base_url=api.url))
        result = await run.run("x")
    assert result.reason == "task_failed"
    first = run.cost.turns[0]
    assert (first.tool, first.outcome) == (None, "no tool call")
    assert first.thought == "The form has no [bold]cancel[/bold] button."
    said = api.requests[1].body["messages"][1]["content"][0]["text"]
    assert said == "The form has no [bold]cancel[/bold] button."


async def test_claudes_refusal_ends_the_run_at_once_in_its_words(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    words = "I can't help with cancelling this account."
    with FakeAnthropic() as api:
        api.queue(message(text(words), stop_reason="refusal"))
        run = await conversation(browser, pages, AIClient(api_key="k", base_url=api.url))
        result = await run.run("x")
    assert result.reason == "llm_refused"
    assert result.message == words
    assert result.error == f"The model declined: {words}"
    assert result.turns == 1
    assert not result.success
    assert len(api.requests) == 1, "no nudge after a refusal"
    assert run.cost.turns[0].thought == words


async def test_a_content_filter_stop_is_a_refusal_too(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    with FakeOpenAI() as api:
        api.queue(completion(content=None, finish_reason="content_filter"))
        result = await (await conversation(browser, pages, openai(api))).run("x")
    assert result.reason == "llm_refused"
    assert result.error == "The model declined: The server's content filter stopped the answer."
    assert len(api.requests) == 1


async def test_a_refusal_field_ends_the_run_even_beside_a_call(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    said = AIResponse(refusal="No.", tool_calls=[call("get_snapshot")])
    ai = ScriptedAI([said, complete()])
    run = await conversation(browser, pages, ai)
    result = await run.run("x")
    assert (result.reason, result.message) == ("llm_refused", "No.")
    assert len(ai.prompts) == 1
    assert run.cost.turns[0].tool is None, "nothing ran on a refusal"


async def test_reasoning_is_recorded_and_never_sent_back(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    thinking = "private chain of reasoning 7f3a"
    ai = ScriptedAI(
        [
            AIResponse(content="Looking", thinking=thinking, tool_calls=[call("get_snapshot")]),
            AIResponse(content="Hmm", thinking=thinking + " again"),
            complete("failed", "x"),
        ]
    )
    run = await conversation(browser, pages, ai)
    await run.run("x")
    assert [t.thinking for t in run.cost.turns[:2]] == [thinking, thinking + " again"]
    assert [t.thought for t in run.cost.turns[:2]] == ["Looking", "Hmm"]
    sent = json.dumps([m.model_dump(mode="json") for m in ai.prompts[-1].messages])
    assert "7f3a" not in sent


async def test_a_call_the_server_could_not_parse_goes_back_to_the_model(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    with FakeOpenAI() as api:
        api.queue(
            Reply(status=400, body=GROQ_REJECTION),
            completion(tool_call("complete_task", status="failed", reason="x")),
        )
        run = await conversation(browser, pages, openai(api))
        result = await run.run("x")
    assert result.reason == "task_failed", "the run went on after the rejected call"
    assert len(api.requests) == 2
    messages: list[dict[str, Any]] = api.requests[1].body["messages"]
    said = [m for m in messages if m["role"] == "assistant"][-1]["content"]
    told = [m for m in messages if m["role"] == "user"][-1]["content"]
    assert said == GROQ_REJECTION["error"]["failed_generation"]
    assert told.startswith("Your last tool call could not be parsed by the model server")
    first = run.cost.turns[0]
    assert first.tool is None
    assert first.outcome.startswith("tool call rejected:")


async def test_rejected_calls_end_the_run_after_three_in_a_row(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    with FakeOpenAI() as api:
        api.queue(*[Reply(status=400, body=GROQ_REJECTION)] * 4)
        result = await (await conversation(browser, pages, openai(api))).run("x")
    assert result.reason == "llm_no_action"
    assert result.turns == 3
    assert len(api.requests) == 3
    assert "could not parse" in (result.error or "")


async def test_a_malformed_answer_ends_with_its_own_reason(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    with FakeOpenAI() as api:
        api.queue(Reply(body="not json at all"))
        run = await conversation(browser, pages, openai(api))
        result = await run.run("x")
    assert result.reason == "llm_malformed"
    assert result.error == "Malformed response from the model API: the body is not JSON"
    assert run.cost.turns[0].outcome == f"model call failed (llm_malformed): {result.error}"


async def test_a_failed_call_says_what_failed(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    with FakeOpenAI() as api:
        api.queue(*[Reply(status=400, body={"error": {"message": "bad [/arguments/foo]"}})])
        run = await conversation(browser, pages, openai(api))
        result = await run.run("x")
    assert result.reason == "llm_error"
    assert run.cost.turns[0].outcome == (
        "model call failed (llm_error): The model API refused the request "
        "(HTTP 400: bad [/arguments/foo])"
    )
