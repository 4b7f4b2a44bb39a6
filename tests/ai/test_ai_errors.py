"""Model API errors a person can act on: through the real SDK against FakeAnthropic."""

from __future__ import annotations

import logging
import socket
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from harness.fake_anthropic import FakeAnthropic, Reply, error, message, tool_use
from subterminator.ai.client import AIClient, RetryNotice
from subterminator.ai.fallback import FallbackAI
from subterminator.errors import ConfigurationError, LLMError, ModelConfigurationError
from subterminator.models.conversation import AIResponse, Message
from subterminator.tools.registry import tool_schemas
from tests.support.ai_helpers import Sleeps

KEY = "sk-ant-test-SECRET-0123456789"
MESSAGES = [Message(role="user", content="Goal: cancel")]


def client(base_url: str, **kw: Any) -> AIClient:
    return AIClient(api_key=KEY, base_url=base_url, sleep=Sleeps(), **kw)


REFUSALS = [
    (
        error(401, "authentication_error", "invalid x-api-key"),
        "The model API refused the key (HTTP 401 authentication_error): check ANTHROPIC_API_KEY",
    ),
    (
        error(403, "permission_error", "Your API key does not have permission to use this model"),
        "The model API refused the key (HTTP 403 permission_error): this key may not use "
        "claude-foo; check its permissions, or choose another model with --model or "
        "SUBTERMINATOR_MODEL",
    ),
    (
        error(404, "not_found_error", "model: claude-foo"),
        "The model API does not know the model 'claude-foo' (HTTP 404): choose another with "
        "--model or SUBTERMINATOR_MODEL (default claude-sonnet-4-6)",
    ),
    (
        error(400, "invalid_request_error", "model: claude-foo is not a valid model"),
        "The model API does not know the model 'claude-foo' (HTTP 400): choose another with "
        "--model or SUBTERMINATOR_MODEL (default claude-sonnet-4-6)",
    ),
    (
        error(400, "invalid_request_error", "Invalid model name"),
        "The model API does not know the model 'claude-foo' (HTTP 400): choose another with "
        "--model or SUBTERMINATOR_MODEL (default claude-sonnet-4-6)",
    ),
]


@pytest.mark.parametrize(("reply", "expected"), REFUSALS)
async def test_a_refused_key_permission_or_model_is_a_configuration_error(
    reply: Reply, expected: str
) -> None:
    notices: list[RetryNotice] = []
    with FakeAnthropic() as api:
        api.queue(reply, message(tool_use("get_snapshot")))
        ai = client(api.url, model="claude-foo", on_retry=notices.append)
        with pytest.raises(ModelConfigurationError) as info:
            await ai.chat(MESSAGES, tool_schemas(), "s")
    assert str(info.value) == expected
    assert isinstance(info.value, ConfigurationError)
    assert not isinstance(info.value, LLMError), "FallbackAI must not swallow it"
    assert info.value.status == reply.status
    assert info.value.model == "claude-foo"
    assert len(api.requests) == 1, "no retry"
    assert notices == []
    assert KEY not in str(info.value)
    assert "SECRET" not in str(info.value)
    assert "\n" not in str(info.value)
    assert info.value.__cause__ is None, "the SDK error (with its dict) is not chained"


async def test_a_404_that_names_no_model_stays_an_llm_error() -> None:
    with FakeAnthropic() as api:
        api.queue(error(404, "not_found_error", "Not Found"))
        with pytest.raises(LLMError) as info:
            await client(api.url).chat(MESSAGES, tool_schemas(), "s")
    assert (
        str(info.value) == "The model API refused the request (HTTP 404 not_found_error: Not Found)"
    )
    assert not info.value.transient
    assert len(api.requests) == 1


async def test_an_overload_then_success_is_told_once_in_plain_words(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    notices: list[RetryNotice] = []
    sleeps = Sleeps()
    with FakeAnthropic() as api:
        api.queue(error(529, "overloaded_error", "Overloaded"), message(tool_use("get_snapshot")))
        ai = AIClient(api_key=KEY, base_url=api.url, sleep=sleeps, on_retry=notices.append)
        response = await ai.chat(MESSAGES, tool_schemas(), "s")
    assert response.tool_calls[0].name == "get_snapshot"
    assert sleeps.delays == [1.0]
    assert len(notices) == 1
    notice = notices[0]
    assert notice.delay_s == 1.0
    assert (notice.attempt, notice.max_attempts, notice.status) == (1, 3, 529)
    assert notice.cause == "HTTP 529 overloaded_error: Overloaded"
    assert notice.text == (
        "The model API is overloaded (HTTP 529); trying again in 1 s (retry 1 of 2)."
    )
    assert "{" not in notice.text
    assert "{" not in notice.cause
    loud = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert loud == [], "a retry is told through on_retry, not on stderr a second time"
    told = [r for r in caplog.records if r.name == "subterminator.ai.client"]
    assert [r.levelno for r in told] == [logging.DEBUG]
    assert notice.text in told[0].getMessage()


async def test_three_overloads_give_a_plain_transient_llm_error(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    notices: list[RetryNotice] = []
    with FakeAnthropic() as api:
        api.queue(*[error(529, "overloaded_error", "Overloaded")] * 3)
        with pytest.raises(LLMError) as info:
            await client(api.url, on_retry=notices.append).chat(MESSAGES, tool_schemas(), "s")
    text = str(info.value)
    assert text == (
        "The model API is overloaded (HTTP 529 overloaded_error: Overloaded); "
        "gave up after 3 attempts"
    )
    assert "{" not in text
    assert "Error code" not in text
    assert info.value.transient
    assert [n.text for n in notices] == [
        "The model API is overloaded (HTTP 529); trying again in 1 s (retry 1 of 2).",
        "The model API is overloaded (HTTP 529); trying again in 2 s (retry 2 of 2).",
    ]
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


async def test_no_connection_names_the_host() -> None:
    port = closed_port()
    notices: list[RetryNotice] = []
    ai = client(f"http://127.0.0.1:{port}", on_retry=notices.append)
    with pytest.raises(LLMError) as info:
        await ai.chat(MESSAGES, tool_schemas(), "s")
    assert str(info.value) == (
        f"Could not connect to the model API at 127.0.0.1:{port}; gave up after 3 attempts"
    )
    assert info.value.transient
    assert notices[0].cause == f"could not connect to 127.0.0.1:{port}"
    assert notices[0].status is None
    assert notices[0].text == (
        f"Could not connect to the model API at 127.0.0.1:{port}; "
        "trying again in 1 s (retry 1 of 2)."
    )


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        (
            Reply(status=502, body="Bad Gateway"),
            "The model API had a server error (HTTP 502: Bad Gateway); gave up after 3 attempts",
        ),
        (
            Reply(status=503, body="<html><body>Service Unavailable</body></html>"),
            "The model API had a server error (HTTP 503); gave up after 3 attempts",
        ),
        (
            error(429, "rate_limit_error", "Number of requests\n  has exceeded your limit"),
            "The model API is limiting the rate of requests (HTTP 429 rate_limit_error: "
            "Number of requests has exceeded your limit); gave up after 3 attempts",
        ),
    ],
)
async def test_other_bodies_come_out_as_one_plain_line(reply: Reply, expected: str) -> None:
    with FakeAnthropic() as api:
        api.queue(*[reply] * 3)
        with pytest.raises(LLMError) as info:
            await client(api.url).chat(MESSAGES, tool_schemas(), "s")
    assert str(info.value) == expected


async def test_a_key_echoed_by_the_api_is_scrubbed() -> None:
    with FakeAnthropic() as api:
        api.queue(error(400, "invalid_request_error", f"header was {KEY}"))
        with pytest.raises(LLMError) as info:
            await client(api.url).chat(MESSAGES, tool_schemas(), "s")
    assert KEY not in str(info.value)
    assert "header was [key]" in str(info.value)


class Offline:
    def __init__(self) -> None:
        self.calls = 0

    async def chat(
        self, messages: list[Message], tools: list[dict[str, Any]], system: str
    ) -> AIResponse:
        self.calls += 1
        return AIResponse(content="offline")


async def test_fallback_passes_a_configuration_error_through() -> None:
    offline, switches = Offline(), list[LLMError]()
    with FakeAnthropic() as api:
        api.queue(error(401, "authentication_error", "invalid x-api-key"))
        ai = FallbackAI(client(api.url), offline, told(switches))
        with pytest.raises(ModelConfigurationError, match=r"HTTP 401"):
            await ai.chat(MESSAGES, tool_schemas(), "s")
    assert offline.calls == 0
    assert switches == []
    assert not ai.switched


def told(switches: list[LLMError]) -> Callable[[LLMError], Awaitable[bool]]:
    """A caller that is told of the switch and allows it."""

    async def may_switch(exc: LLMError) -> bool:
        switches.append(exc)
        return True

    return may_switch


async def test_fallback_switches_on_an_outage_and_says_so_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    offline, switches = Offline(), list[LLMError]()
    with FakeAnthropic() as api:
        api.queue(*[error(529, "overloaded_error", "Overloaded")] * 3)
        ai = FallbackAI(client(api.url), offline, told(switches))
        response = await ai.chat(MESSAGES, tool_schemas(), "s")
    assert response.content == "offline"
    assert ai.switched
    assert len(switches) == 1
    assert switches[0].transient
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == [], (
        "may_switch tells the person; the log does not repeat it on stderr"
    )
