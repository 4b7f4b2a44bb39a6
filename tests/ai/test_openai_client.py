"""OpenAIClient through the real openai SDK against a local chat-completions server (FakeOpenAI):
the request it sends, the answer it reads, and the guarantees it shares with AIClient."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest

from harness.cassette import use_cassette
from harness.fake_openai import FakeOpenAI, Reply, completion, error, tool_call
from subterminator.ai.fallback import FallbackAI
from subterminator.ai.guard import ModelRequestsBlockedError
from subterminator.ai.openai_client import OpenAIClient
from subterminator.ai.retry import RetryNotice
from subterminator.errors import ConfigurationError, LLMError, ModelConfigurationError
from subterminator.models.conversation import AIResponse, Message, ToolCall
from subterminator.tools.registry import tool_schemas
from tests.support.ai_helpers import SNAPSHOT, Sleeps, conversation

KEY = "sk-proj-test-SECRET-0123456789abcdef"
DATA_URL = f"data:image/png;base64,{SNAPSHOT.screenshot}"


def client(api: FakeOpenAI, **kw: Any) -> OpenAIClient:
    return OpenAIClient(api_key=KEY, base_url=api.url, sleep=Sleeps(), **kw)


def parts(message: dict[str, Any]) -> list[dict[str, Any]]:
    content = message["content"]
    return content if isinstance(content, list) else [{"type": "text", "text": content}]


async def test_tool_calls_are_parsed_and_the_request_is_well_formed() -> None:
    with FakeOpenAI() as api:
        api.queue(completion(tool_call("browser_click", ref="@e4"), content="Clicking"))
        response = await client(api).chat(conversation(), tool_schemas(), "system prompt")
    assert response.content == "Clicking"
    assert response.tool_calls == [
        ToolCall(id="call_1", name="browser_click", arguments={"ref": "@e4"})
    ]
    assert response.stop_reason == "tool_use"
    # prompt_tokens counts the cached ones; ours keeps them apart, as Claude's usage does
    assert (response.usage.input_tokens, response.usage.cache_read_input_tokens) == (300, 900)
    assert response.usage.output_tokens == 40
    assert not response.usage.estimated
    request = api.requests[0]
    assert request.path == "/v1/chat/completions"
    assert request.headers["authorization"] == f"Bearer {KEY}"
    body = request.body
    assert body["model"] == "gpt-4o"
    assert body["max_tokens"] == 1024  # a compatible server's name for the cap
    assert "max_completion_tokens" not in body
    # OpenAI takes tools as functions: our schemas go in as their parameters, unchanged
    assert body["tools"] == [
        {
            "type": "function",
            "function": {
                "name": t["name"],
                "description": t["description"],
                "parameters": t["input_schema"],
            },
        }
        for t in tool_schemas()
    ]
    roles = [m["role"] for m in body["messages"]]
    assert roles == ["system", "user", "assistant", "tool", "user"]
    assert body["messages"][0]["content"] == "system prompt"
    assert "omitted" in body["messages"][1]["content"]  # older snapshot: a digest, no image
    assistant = body["messages"][2]
    assert assistant["tool_calls"] == [
        {
            "id": "toolu_a",
            "type": "function",
            "function": {"name": "browser_click", "arguments": '{"ref": "@e1"}'},
        }
    ]
    reply = body["messages"][3]
    assert reply["tool_call_id"] == "toolu_a"
    assert json.loads(reply["content"])["snapshot"]["snapshot_id"] == SNAPSHOT.snapshot_id
    # the latest screenshot, as an image the model reads, right after its tool reply
    screenshot = body["messages"][4]
    assert [p["type"] for p in parts(screenshot)] == ["text", "image_url"]
    assert parts(screenshot)[1]["image_url"]["url"] == DATA_URL
    assert json.dumps(body).count("data:image/png") == 1, "only the latest screenshot"


async def test_text_only_several_calls_and_malformed_arguments() -> None:
    with FakeOpenAI() as api:
        api.queue(
            completion(content="I am done looking."),
            completion(
                tool_call("get_snapshot", id="c1"),
                tool_call("browser_click", id="c2", ref="@e1"),
            ),
            completion(
                {
                    "id": "c3",
                    "type": "function",
                    "function": {"name": "browser_click", "arguments": "{'ref': @e1"},
                }
            ),
        )
        ai = client(api)
        first = await ai.chat(conversation(), tool_schemas(), "s")
        second = await ai.chat(conversation(), tool_schemas(), "s")
        third = await ai.chat(conversation(), tool_schemas(), "s")
    assert first.tool_calls == []
    assert (first.content, first.stop_reason) == ("I am done looking.", "end_turn")
    assert [c.name for c in second.tool_calls] == ["get_snapshot", "browser_click"]
    assert second.tool_calls[0].arguments == {}
    # not JSON: passed on as sent, for the tool server to refuse like any malformed call
    assert third.tool_calls[0].arguments == "{'ref': @e1"


async def test_the_screenshot_is_sent_only_to_models_that_read_images() -> None:
    with FakeOpenAI() as api:
        api.queue(completion(tool_call("get_snapshot")), completion(tool_call("get_snapshot")))
        await client(api).chat(conversation(), tool_schemas(), "s")
        await client(api, model="gpt-3.5-turbo").chat(conversation(), tool_schemas(), "s")
    vision, text_only = (json.dumps(r.body) for r in api.requests)
    assert vision.count('"type": "image_url"') == 1
    assert "image_url" not in text_only
    assert text_only.count('"role": "user"') == 1  # no screenshot message at all


async def test_a_server_that_refuses_images_is_asked_again_at_once_without() -> None:
    """A text-only model behind a compatible server: the run goes on without screenshots."""
    sleeps, notices = Sleeps(), list[RetryNotice]()
    with FakeOpenAI() as api:
        api.queue(
            error(400, "invalid_request_error", "Model does not support images"),
            completion(tool_call("get_snapshot")),
            completion(tool_call("get_snapshot")),
        )
        ai = OpenAIClient(
            base_url=api.url, model="qwen2.5:7b", sleep=sleeps, on_retry=notices.append
        )
        first = await ai.chat(conversation(), tool_schemas(), "s")
        await ai.chat(conversation(), tool_schemas(), "s")
    assert first.tool_calls[0].name == "get_snapshot"
    sent = [json.dumps(r.body) for r in api.requests]
    assert ["image_url" in body for body in sent] == [True, False, False]
    assert not ai.images
    assert sleeps.delays == []
    assert notices == [], "not an outage: nothing to wait for"


async def test_a_bad_request_that_is_not_about_images_is_not_retried() -> None:
    with FakeOpenAI() as api:
        api.queue(error(400, "invalid_request_error", "bad tools"))
        with pytest.raises(LLMError, match=r"HTTP 400 invalid_request_error: bad tools\)$") as info:
            await client(api).chat(conversation(), tool_schemas(), "s")
    assert len(api.requests) == 1
    assert not info.value.transient


async def test_retries_follow_the_same_policy_and_words() -> None:
    sleeps, notices = Sleeps(), list[RetryNotice]()
    with FakeOpenAI() as api:
        api.queue(
            error(500, "server_error", "The server had an error"),
            error(429, "requests", "Rate limit reached", code="rate_limit_exceeded"),
            error(429, "requests", "Rate limit reached", code="rate_limit_exceeded"),
        )
        ai = OpenAIClient(api_key=KEY, base_url=api.url, sleep=sleeps, on_retry=notices.append)
        with pytest.raises(LLMError) as info:
            await ai.chat(conversation(), tool_schemas(), "s")
    assert str(info.value) == (
        "The model API is limiting the rate of requests (HTTP 429 rate_limit_exceeded: "
        "Rate limit reached); gave up after 3 attempts"
    )
    assert info.value.transient
    assert sleeps.delays == [1.0, 2.0]
    assert [n.text for n in notices] == [
        "The model API had a server error (HTTP 500); trying again in 1 s (retry 1 of 2).",
        "The model API is limiting the rate of requests (HTTP 429); trying again in 2 s "
        "(retry 2 of 2).",
    ]


async def test_an_outage_then_success() -> None:
    sleeps = Sleeps()
    with FakeOpenAI() as api:
        api.queue(
            Reply(status=503, body="Service Unavailable"), completion(tool_call("get_snapshot"))
        )
        response = await OpenAIClient(api_key=KEY, base_url=api.url, sleep=sleeps).chat(
            conversation(), tool_schemas(), "s"
        )
    assert response.tool_calls[0].name == "get_snapshot"
    assert sleeps.delays == [1.0]


async def test_a_hang_past_the_timeout_is_an_llm_error() -> None:
    with FakeOpenAI() as api:
        api.queue(Reply(delay=2.0, body=completion(tool_call("get_snapshot")).body))
        with pytest.raises(LLMError, match=r"did not answer within 0 s \(timeout\)") as info:
            await client(api, timeout_s=0.3).chat(conversation(), tool_schemas(), "s")
    assert len(api.requests) == 1, "a timeout is not retried"
    assert info.value.transient


@pytest.mark.parametrize("body", ["this is not json", {"object": "chat.completion", "choices": []}])
async def test_a_malformed_body_is_a_clear_llm_error(body: object) -> None:
    with FakeOpenAI() as api:
        api.queue(Reply(body=body))
        with pytest.raises(LLMError, match=r"Malformed response") as info:
            await client(api).chat(conversation(), tool_schemas(), "s")
    assert not info.value.transient


async def test_a_server_without_usage_gets_an_estimate_marked_as_such() -> None:
    with FakeOpenAI() as api:
        api.queue(completion(tool_call("get_snapshot"), usage=False))
        response = await client(api).chat(conversation(), tool_schemas(), "s")
    assert response.usage.estimated
    assert response.usage.input_tokens > 2000  # the snapshot, the tools and the screenshot
    assert response.usage.output_tokens > 0


OPENAI_REFUSALS = [
    (
        error(401, "invalid_request_error", "Incorrect API key provided", code="invalid_api_key"),
        "The model API refused the key (HTTP 401 invalid_api_key): check OPENAI_API_KEY",
    ),
    (
        error(403, "invalid_request_error", "Project does not have access to model gpt-9"),
        "The model API refused the key (HTTP 403 invalid_request_error): this key may not use "
        "gpt-9; check its permissions, or choose another model with --model or "
        "SUBTERMINATOR_MODEL",
    ),
    (
        error(
            404,
            "invalid_request_error",
            "The model `gpt-9` does not exist or you do not have access to it.",
            code="model_not_found",
        ),
        "The model API does not know the model 'gpt-9' (HTTP 404): choose another with "
        "--model or SUBTERMINATOR_MODEL (for example gpt-4o)",
    ),
]


@pytest.mark.parametrize(("reply", "expected"), OPENAI_REFUSALS)
async def test_a_refused_key_permission_or_model_is_a_configuration_error(
    reply: Reply, expected: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """OpenAI's refusals, recorded from the local server and played to a client aimed at
    api.openai.com (whose advice names an OpenAI model)."""
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    path = tmp_path / "refusal.yaml"
    with FakeOpenAI() as api, use_cassette(path, "all"):
        api.queue(reply)
        with pytest.raises(ModelConfigurationError):
            await client(api, model="gpt-9").chat(conversation(), tool_schemas(), "s")
    notices: list[RetryNotice] = []
    ai = OpenAIClient(api_key=KEY, model="gpt-9", sleep=Sleeps(), on_retry=notices.append)
    with use_cassette(path), pytest.raises(ModelConfigurationError) as info:
        await ai.chat(conversation(), tool_schemas(), "s")
    assert str(info.value) == expected
    assert not isinstance(info.value, LLMError), "FallbackAI must not swallow it"
    assert (info.value.status, info.value.model) == (reply.status, "gpt-9")
    assert notices == [], "no retry (the cassette holds one answer, and all of it was played)"
    assert "SECRET" not in str(info.value)
    assert info.value.__cause__ is None


@pytest.mark.parametrize(
    "body",
    [
        {
            "error": {
                "message": 'model "llama9" not found, try pulling it first',
                "type": "api_error",
                "param": None,
                "code": None,
            }
        },  # Ollama's
        {
            "object": "error",
            "message": "The model `llama9` does not exist.",
            "type": "NotFoundError",
            "param": None,
            "code": 404,
        },  # vLLM's
    ],
)
async def test_a_compatible_server_that_lacks_the_model_names_where_to_look(
    body: dict[str, Any],
) -> None:
    with FakeOpenAI() as api:
        api.queue(Reply(status=404, body=body))
        ai = OpenAIClient(base_url=api.url, model="llama9", sleep=Sleeps())
        with pytest.raises(ModelConfigurationError) as info:
            await ai.chat(conversation(), tool_schemas(), "s")
    assert str(info.value) == (
        "The model API does not know the model 'llama9' (HTTP 404): choose another with "
        f"--model or SUBTERMINATOR_MODEL (the server names those it serves at {api.url}/models)"
    )


async def test_fallback_passes_an_openai_configuration_error_through() -> None:
    class Offline:
        calls = 0

        async def chat(
            self, messages: list[Message], tools: list[dict[str, Any]], system: str
        ) -> AIResponse:
            Offline.calls += 1
            return AIResponse(content="offline")

    with FakeOpenAI() as api:
        api.queue(error(401, "invalid_request_error", "bad key", code="invalid_api_key"))
        ai = FallbackAI(client(api), Offline())
        with pytest.raises(ModelConfigurationError, match=r"HTTP 401"):
            await ai.chat(conversation(), tool_schemas(), "s")
    assert Offline.calls == 0
    assert not ai.switched


async def test_the_key_and_the_prompt_appear_in_no_log_line(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_LOG", "debug")
    caplog.set_level(logging.DEBUG)
    with FakeOpenAI() as api:
        api.queue(
            error(500, "server_error", "down"),
            error(400, "invalid_request_error", f"header was Bearer {KEY}"),
        )
        with pytest.raises(LLMError) as info:
            await client(api).chat(conversation(), tool_schemas(), "PROMPT-marker")
    assert caplog.records, "debug logging was captured"
    for record in caplog.records:
        assert "SECRET-0123456789" not in record.getMessage()
        assert "SECRET-0123456789" not in str(record.args)
        assert "PROMPT-marker" not in record.getMessage(), "no request body is logged"
    assert "SECRET" not in str(info.value)
    assert "header was Bearer [key]" in str(info.value)


def test_missing_key_and_model_names(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "SUBTERMINATOR_MODEL"):
        monkeypatch.delenv(name, raising=False)
    with pytest.raises(
        ConfigurationError, match=r"^Missing OPENAI_API_KEY\. Set it via environment variable"
    ):
        OpenAIClient()
    assert OpenAIClient(api_key=KEY).model == "gpt-4o"
    for name in ("gpt-4o", "gpt-4-turbo", "gpt-9-future", "o1", "o3-mini", "o4-mini"):
        assert OpenAIClient(api_key=KEY, model=name).model == name  # any gpt-* and o-series
    monkeypatch.setenv("SUBTERMINATOR_MODEL", "gpt-4.1")
    assert OpenAIClient(api_key=KEY).model == "gpt-4.1"
    with pytest.raises(ConfigurationError, match=r"^Unsupported model: llama3$"):
        OpenAIClient(api_key=KEY, model="llama3")
    # a compatible server: any name, and no key needed
    local = OpenAIClient(model="llama3", base_url="http://127.0.0.1:11434/v1")
    assert (local.model, local.label) == ("llama3", "openai-compatible")
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:8000/v1")
    assert OpenAIClient(model="Qwen/Qwen2.5-7B-Instruct").base_url == "http://127.0.0.1:8000/v1/"


async def test_real_model_requests_fail_loudly_outside_live(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    with pytest.raises(ModelRequestsBlockedError, match=r"api\.openai\.com"):
        await OpenAIClient(api_key=KEY).chat(conversation(), tool_schemas(), "s")
    # a compatible server on another machine is no different
    monkeypatch.setenv("OPENAI_BASE_URL", "http://192.168.1.20:8000/v1")
    with pytest.raises(ModelRequestsBlockedError, match=r"192\.168\.1\.20"):
        await OpenAIClient(model="llama3").chat(conversation(), tool_schemas(), "s")


async def test_openai_s_own_api_is_asked_for_max_completion_tokens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cassette recorded as OpenAI is asked replays strictly (the body unchanged) through
    a client aimed at api.openai.com: that client asks with max_completion_tokens."""
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    path = tmp_path / "cassette.yaml"
    with FakeOpenAI() as api:
        api.queue(completion(tool_call("get_snapshot")))
        recorder = client(api, limit_field="max_completion_tokens")
        with use_cassette(path, "all"):
            await recorder.chat(conversation(), tool_schemas(), "s")
    assert api.requests[0].body["max_completion_tokens"] == 1024
    assert "max_tokens" not in api.requests[0].body
    played = OpenAIClient(api_key="sk-proj-not-a-real-key-00000000", base_url=None)
    with use_cassette(path, strict=True):
        response = await played.chat(conversation(), tool_schemas(), "s")
    assert response.tool_calls[0].name == "get_snapshot"
    assert played.base_url == "https://api.openai.com/v1/"
