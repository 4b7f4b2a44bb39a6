"""Model API errors read by what they mean, through the real SDKs against the local fakes: an
account out of credit is the person's to fix, a tool call the server could not parse is the
model's to retry, images go only when the server says it takes none, and an answer no shape
explains is its own kind of failure, said in one plain line."""

from __future__ import annotations

import json
from typing import Any

import pytest

from harness.fake_anthropic import FakeAnthropic, message, tool_use
from harness.fake_anthropic import error as anthropic_error
from harness.fake_openai import FakeOpenAI, Reply, completion, error, tool_call
from subterminator.ai.client import AIClient
from subterminator.ai.fallback import FallbackAI
from subterminator.ai.openai_client import OpenAIClient
from subterminator.ai.retry import RetryNotice
from subterminator.errors import (
    LLMError,
    MalformedResponseError,
    ModelConfigurationError,
    ToolCallRejectedError,
)
from subterminator.tools.registry import tool_schemas
from tests.support.ai_helpers import Sleeps, conversation

KEY = "sk-proj-test-SECRET-0123456789abcdef"


def openai(api: FakeOpenAI, notices: list[RetryNotice] | None = None, **kw: Any) -> OpenAIClient:
    told = notices.append if notices is not None else None
    return OpenAIClient(api_key=KEY, base_url=api.url, sleep=Sleeps(), on_retry=told, **kw)


def claude(api: FakeAnthropic, notices: list[RetryNotice] | None = None) -> AIClient:
    told = notices.append if notices is not None else None
    return AIClient(api_key=KEY, base_url=api.url, sleep=Sleeps(), on_retry=told)


NO_CREDIT_OPENAI = [
    error(
        429,
        "insufficient_quota",
        "You exceeded your current quota, please check your plan and billing details.",
        code="insufficient_quota",
    ),
    error(
        400, "billing_error", "Billing hard limit has been reached", "billing_hard_limit_reached"
    ),
    error(403, "permission_error", "Your balance is empty", code="insufficient_balance"),
    Reply(status=402, body={"error": {"message": "Payment Required"}}),
    error(429, "requests", "Insufficient credits. Add more using the dashboard."),
]


@pytest.mark.parametrize("reply", NO_CREDIT_OPENAI)
async def test_an_account_out_of_credit_is_the_persons_to_fix(reply: Reply) -> None:
    notices: list[RetryNotice] = []
    with FakeOpenAI() as api:
        api.queue(reply, completion(tool_call("get_snapshot")))
        with pytest.raises(ModelConfigurationError) as info:
            await openai(api, notices).chat(conversation(), tool_schemas(), "s")
    said = str(info.value)
    assert said.startswith("The model API says the account has no credit left")
    assert "add credit" in said
    assert "OPENAI_API_KEY" in said
    assert "\n" not in said
    assert KEY not in said
    assert len(api.requests) == 1, "asking again cannot help"
    assert notices == []


async def test_claude_out_of_credit_is_the_persons_to_fix() -> None:
    with FakeAnthropic() as api:
        api.queue(
            anthropic_error(
                400,
                "invalid_request_error",
                "Your credit balance is too low to access the Anthropic API. Please go to "
                "Plans & Billing to upgrade or purchase credits.",
            )
        )
        with pytest.raises(ModelConfigurationError, match="ANTHROPIC_API_KEY") as info:
            await claude(api).chat(conversation(), tool_schemas(), "s")
    assert info.value.status == 400
    assert len(api.requests) == 1


async def test_a_per_minute_limit_is_still_waited_out() -> None:
    """A rate limit worded as a quota is not a missing credit: it passes, and is retried."""
    notices: list[RetryNotice] = []
    with FakeOpenAI() as api:
        api.queue(
            error(429, "requests", "Rate limit reached: quota of 30000 TPM", "rate_limit_exceeded"),
            completion(tool_call("get_snapshot")),
        )
        response = await openai(api, notices).chat(conversation(), tool_schemas(), "s")
    assert response.tool_calls[0].name == "get_snapshot"
    assert len(notices) == 1


async def test_out_of_credit_never_hands_over_to_the_fallback() -> None:
    asked: list[LLMError] = []

    async def may_switch(exc: LLMError) -> bool:
        asked.append(exc)
        return True

    with FakeOpenAI() as api, FakeOpenAI() as spare:
        api.queue(NO_CREDIT_OPENAI[0])
        spare.queue(completion(tool_call("get_snapshot")))
        ai = FallbackAI(openai(api), openai(spare), may_switch)
        with pytest.raises(ModelConfigurationError):
            await ai.chat(conversation(), tool_schemas(), "s")
    assert asked == []
    assert not ai.switched
    assert spare.requests == []


GROQ_REJECTION = {
    "error": {
        "message": "Failed to call a function. Please adjust your prompt. See "
        "'failed_generation' for more details.",
        "type": "invalid_request_error",
        "code": "tool_use_failed",
        "failed_generation": '<function=browser_click{"ref": "@e4"</function>',
    }
}


@pytest.mark.parametrize(
    "body",
    [
        GROQ_REJECTION,
        {"error": {"message": "bad call", "failed_generation": "browser_click(@e4"}},
    ],
)
async def test_a_tool_call_the_server_could_not_parse_is_the_models_to_retry(
    body: dict[str, Any],
) -> None:
    notices: list[RetryNotice] = []
    with FakeOpenAI() as api:
        api.queue(Reply(status=400, body=body))
        with pytest.raises(ToolCallRejectedError) as info:
            await openai(api, notices).chat(conversation(), tool_schemas(), "s")
    assert info.value.generation == body["error"]["failed_generation"]
    assert str(info.value).startswith("The model API could not parse the model's tool call")
    assert len(api.requests) == 1
    assert notices == []


async def test_a_rejected_call_does_not_hand_over_to_the_fallback() -> None:
    with FakeOpenAI() as api, FakeOpenAI() as spare:
        api.queue(Reply(status=400, body=GROQ_REJECTION))
        ai = FallbackAI(openai(api), openai(spare))
        with pytest.raises(ToolCallRejectedError):
            await ai.chat(conversation(), tool_schemas(), "s")
    assert not ai.switched
    assert spare.requests == []


@pytest.mark.parametrize(
    "said",
    [
        "Invalid value for 'image_url': the URL must be a valid data URL",
        "Failed to fetch image_url from the address given",
        "messages.2.content.1.image_url.url: Field required",
    ],
)
async def test_a_message_that_merely_names_images_keeps_them_on(said: str) -> None:
    with FakeOpenAI() as api:
        api.queue(error(400, "invalid_request_error", said))
        ai = openai(api)
        with pytest.raises(LLMError):
            await ai.chat(conversation(), tool_schemas(), "s")
    assert ai.images, "screenshots stay on: the server did not say it takes none"
    assert len(api.requests) == 1


@pytest.mark.parametrize(
    "said",
    [
        "image input is not supported - hint: you may need to provide the mmproj",
        "At most 0 image(s) may be provided in one request.",
        "Invalid content type. image_url is only supported by certain models.",
        "The model is not a multimodal model",
        "Unsupported content part type: image_url",
    ],
)
async def test_a_server_that_says_it_takes_no_images_gets_none(said: str) -> None:
    with FakeOpenAI() as api:
        api.queue(error(400, "invalid_request_error", said), completion(tool_call("get_snapshot")))
        ai = openai(api, model="qwen2.5:7b")
        response = await ai.chat(conversation(), tool_schemas(), "s")
    assert response.tool_calls[0].name == "get_snapshot"
    assert ["image_url" in json.dumps(r.body) for r in api.requests] == [True, False]
    assert not ai.images


async def test_a_body_that_is_not_json_is_malformed_in_one_plain_line() -> None:
    with FakeOpenAI() as api:
        api.queue(Reply(body="<<garbage [/arguments/foo] {not json"))
        with pytest.raises(MalformedResponseError) as info:
            await openai(api).chat(conversation(), tool_schemas(), "s")
    assert str(info.value) == "Malformed response from the model API: the body is not JSON"
    assert not info.value.transient


@pytest.mark.parametrize(
    ("fake", "body"),
    [
        (FakeOpenAI, {"object": "chat.completion", "choices": []}),
        (FakeAnthropic, {"type": "message", "content": "nope"}),
    ],
)
async def test_an_answer_no_shape_explains_carries_no_dump(fake: type, body: object) -> None:
    with fake() as api:
        api.queue(Reply(body=body))
        ai = openai(api) if fake is FakeOpenAI else claude(api)
        with pytest.raises(MalformedResponseError) as info:
            await ai.chat(conversation(), tool_schemas(), "s")
    said = str(info.value)
    assert said.startswith("Malformed response from the model API")
    for dump in ("\n", "validation error", "input_value", "{", "Traceback"):
        assert dump not in said


async def test_a_malformed_answer_does_not_hand_over_to_the_fallback() -> None:
    with FakeAnthropic() as api, FakeAnthropic() as spare:
        api.queue(Reply(body="not json"))
        spare.queue(message(tool_use("get_snapshot")))
        ai = FallbackAI(claude(api), claude(spare))
        with pytest.raises(MalformedResponseError):
            await ai.chat(conversation(), tool_schemas(), "s")
    assert not ai.switched
    assert spare.requests == []
