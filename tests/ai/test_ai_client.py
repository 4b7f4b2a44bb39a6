"""AIClient through the real anthropic SDK against a local Messages API stand-in."""

from __future__ import annotations

import logging

import pytest

from harness.fake_anthropic import FakeAnthropic, Reply, error, message, text, tool_use
from subterminator.ai import guard
from subterminator.ai.client import AIClient, RetryPolicy, resolve_model
from subterminator.ai.guard import ModelRequestsBlockedError
from subterminator.errors import ConfigurationError, LLMError, ModelConfigurationError
from subterminator.models.conversation import ToolCall
from subterminator.tools.registry import tool_schemas
from tests.support.ai_helpers import Sleeps, conversation

KEY = "sk-ant-test-SECRET-0123456789"


def client(api: FakeAnthropic, **kw: object) -> AIClient:
    return AIClient(api_key=KEY, base_url=api.url, **kw)  # type: ignore[arg-type]


async def test_tool_use_is_parsed_and_the_request_is_well_formed() -> None:
    with FakeAnthropic() as api:
        api.queue(message(text("Clicking"), tool_use("browser_click", ref="@e4")))
        response = await client(api).chat(conversation(), tool_schemas(), "system prompt")
    assert response.content == "Clicking"
    assert response.tool_calls == [
        ToolCall(id="toolu_1", name="browser_click", arguments={"ref": "@e4"})
    ]
    assert response.usage.input_tokens == 1200
    assert response.usage.cache_read_input_tokens == 900
    request = api.requests[0]
    assert request.path == "/v1/messages"
    auth = request.headers.get("x-api-key", "") + request.headers.get("authorization", "")
    assert KEY in auth  # the key reached the API, and only there
    body = request.body
    assert body["model"] == "claude-sonnet-4-6"
    assert [t["name"] for t in body["tools"]] == [t["name"] for t in tool_schemas()]
    assert body["system"][0]["text"] == "system prompt"
    roles = [m["role"] for m in body["messages"]]
    assert roles == ["user", "assistant", "user"]
    result = body["messages"][2]["content"][0]
    assert result["type"] == "tool_result"
    assert result["tool_use_id"] == "toolu_a"
    assert [c["type"] for c in result["content"]] == ["text", "image"]  # latest snapshot: full
    assert "omitted" in body["messages"][0]["content"][0]["text"]  # older snapshot: digest


async def test_text_only_and_several_tool_calls() -> None:
    with FakeAnthropic() as api:
        api.queue(
            message(text("I am done looking."), stop_reason="end_turn"),
            message(
                tool_use("get_snapshot", id="t1"), tool_use("browser_click", id="t2", ref="@e1")
            ),
        )
        ai = client(api)
        first = await ai.chat(conversation(), tool_schemas(), "s")
        second = await ai.chat(conversation(), tool_schemas(), "s")
    assert first.tool_calls == []
    assert first.content == "I am done looking."
    assert first.stop_reason == "end_turn"
    assert [c.name for c in second.tool_calls] == ["get_snapshot", "browser_click"]


async def test_overloaded_then_success_retries_with_the_policy_delay() -> None:
    sleeps = Sleeps()
    with FakeAnthropic() as api:
        api.queue(error(529, "overloaded_error"), message(tool_use("get_snapshot")))
        response = await client(api, sleep=sleeps).chat(conversation(), tool_schemas(), "s")
    assert response.tool_calls[0].name == "get_snapshot"
    assert sleeps.delays == [1.0]
    assert len(api.requests) == 2


async def test_rate_limit_gives_up_after_three_attempts() -> None:
    sleeps = Sleeps()
    with FakeAnthropic() as api:
        api.queue(*[error(429, "rate_limit_error", "slow down")] * 3)
        with pytest.raises(
            LLMError, match=r"HTTP 429 rate_limit_error: slow down\); gave up after 3 attempts$"
        ) as info:
            await client(api, sleep=sleeps).chat(conversation(), tool_schemas(), "s")
    assert info.value.transient
    assert sleeps.delays == [1.0, 2.0]
    assert len(api.requests) == 3


async def test_server_errors_retry_and_client_errors_do_not() -> None:
    sleeps = Sleeps()
    with FakeAnthropic() as api:
        api.queue(error(500, "api_error"), error(400, "invalid_request_error", "bad tools"))
        with pytest.raises(LLMError, match=r"HTTP 400 invalid_request_error: bad tools\)$") as info:
            await client(api, sleep=sleeps).chat(conversation(), tool_schemas(), "s")
    assert sleeps.delays == [1.0]
    assert not info.value.transient, "a refused request is not an outage"


def test_retry_policy_delays_are_capped() -> None:
    policy = RetryPolicy(max_attempts=6)
    assert [policy.delay(i) for i in range(5)] == [1.0, 2.0, 4.0, 8.0, 10.0]


async def test_a_hang_past_the_timeout_is_an_llm_error() -> None:
    with FakeAnthropic() as api:
        api.queue(Reply(delay=2.0, body=message(tool_use("get_snapshot")).body))
        with pytest.raises(LLMError, match=r"did not answer within 0 s \(timeout\)") as info:
            await client(api, timeout_s=0.3).chat(conversation(), tool_schemas(), "s")
    assert len(api.requests) == 1, "a timeout is not retried"
    assert info.value.transient


@pytest.mark.parametrize("body", ["this is not json", {"type": "message", "content": "nope"}])
async def test_a_malformed_body_is_a_clear_llm_error(body: object) -> None:
    with FakeAnthropic() as api:
        api.queue(Reply(body=body))
        with pytest.raises(LLMError, match=r"Malformed response") as info:
            await client(api).chat(conversation(), tool_schemas(), "s")
    assert not info.value.transient


async def test_the_api_key_appears_in_no_log_line(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ANTHROPIC_LOG", "debug")
    caplog.set_level(logging.DEBUG)
    with FakeAnthropic() as api:
        api.queue(error(529, "overloaded_error"), error(401, "authentication_error", "bad key"))
        with pytest.raises(ModelConfigurationError) as info:
            await client(api, sleep=Sleeps()).chat(conversation(), tool_schemas(), "s")
    assert caplog.records, "debug logging was captured"
    for record in caplog.records:
        assert KEY not in record.getMessage()
        assert "SECRET-0123456789" not in str(record.args)
    assert KEY not in str(info.value)


def test_missing_key_and_model_selection(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.delenv("SUBTERMINATOR_MODEL", raising=False)
    with pytest.raises(
        ConfigurationError, match=r"^Missing ANTHROPIC_API_KEY\. Set it via environment variable"
    ):
        AIClient()
    assert resolve_model() == "claude-sonnet-4-6"
    monkeypatch.setenv("SUBTERMINATOR_MODEL", "claude-opus-4-20250514")
    assert resolve_model() == "claude-opus-4-20250514"
    assert resolve_model("claude-haiku-9") == "claude-haiku-9"  # any claude-* name, the flag first
    with pytest.raises(ConfigurationError, match="Unsupported model: gpt-4o"):
        resolve_model("gpt-4o")


async def test_real_model_requests_fail_loudly_outside_live() -> None:
    assert guard.ALLOW_MODEL_REQUESTS is False  # set by the harness plugin without --live
    with pytest.raises(ModelRequestsBlockedError, match=r"api\.anthropic\.com"):
        await AIClient(api_key=KEY).chat(conversation(), tool_schemas(), "s")
