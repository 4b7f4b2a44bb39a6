"""Each answer shape real servers send, served by FakeOpenAI or FakeAnthropic to the real SDK
and read by our client: the tool call, its arguments, the text, the reasoning kept apart, the
refusal in the model's words, and usage (cached apart, estimates marked)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import pytest

from harness.fake_anthropic import FakeAnthropic, message, text, thinking, tool_use
from harness.fake_api import FakeAPI, Reply
from harness.fake_openai import FakeOpenAI, completion, text_chunk, thinking_chunk, tool_call
from subterminator.ai.client import AIClient
from subterminator.ai.openai_client import OpenAIClient
from subterminator.ai.protocol import AIClientProtocol
from subterminator.errors import MalformedResponseError
from subterminator.models.conversation import AIResponse, ToolCall
from subterminator.tools.registry import tool_schemas
from tests.support.ai_helpers import Sleeps, conversation

KEY = "sk-test-shapes-0123456789"
Read = Callable[[Reply], Awaitable[AIResponse]]
CLICK = ToolCall(id="call_1", name="browser_click", arguments={"ref": "@e4"})


@pytest.fixture(scope="module")
def servers() -> Iterator[tuple[FakeOpenAI, FakeAnthropic]]:
    """One fake of each API for the module: a server per case only adds its shutdown wait."""
    with FakeOpenAI() as api, FakeAnthropic() as claude:
        yield api, claude


def reader(api: FakeAPI, make: Callable[[str], AIClientProtocol]) -> Read:
    """Serve a reply from ``api`` to the client ``make`` builds for its URL, and read it."""

    async def read(reply: Reply) -> AIResponse:
        client = make(api.queue(reply).url)
        return await client.chat(conversation(), tool_schemas(), "s")

    return read


@pytest.fixture
def openai_reads(servers: tuple[FakeOpenAI, FakeAnthropic]) -> Read:
    return reader(servers[0], lambda url: OpenAIClient(api_key=KEY, base_url=url, sleep=Sleeps()))


@pytest.fixture
def claude_reads(servers: tuple[FakeOpenAI, FakeAnthropic]) -> Read:
    return reader(servers[1], lambda url: AIClient(api_key=KEY, base_url=url, sleep=Sleeps()))


# (shape, reply, tool calls, content, thinking, refusal)
OPENAI_SHAPES: list[tuple[str, Reply, list[ToolCall], str, str, str | None]] = [
    ("typed", completion(tool_call("browser_click", ref="@e4")), [CLICK], "", "", None),
    (
        "type missing",
        completion(tool_call("browser_click", typed=False, ref="@e4")),
        [CLICK],
        "",
        "",
        None,
    ),
    (
        "arguments as an object",
        completion(tool_call("browser_click", as_object=True, ref="@e4")),
        [CLICK],
        "",
        "",
        None,
    ),
    (
        "arguments empty",
        completion({"id": "call_1", "function": {"name": "get_snapshot", "arguments": ""}}),
        [ToolCall(id="call_1", name="get_snapshot", arguments={})],
        "",
        "",
        None,
    ),
    (
        "content as chunks",
        completion(
            tool_call("browser_click", ref="@e4"),
            content=[thinking_chunk("The plan card."), text_chunk("Clicking.")],
        ),
        [CLICK],
        "Clicking.",
        "The plan card.",
        None,
    ),
    (
        "think block in the text",
        completion(content="<think>It is a survey.</think>Skipping the survey."),
        [],
        "Skipping the survey.",
        "It is a survey.",
        None,
    ),
    (
        "reasoning_content",
        completion(
            tool_call("browser_click", typed=False, ref="@e4"), reasoning_content="Found it."
        ),
        [CLICK],
        "",
        "Found it.",
        None,
    ),
    (
        "reasoning",
        completion(content="Done.", reasoning="The page confirms it."),
        [],
        "Done.",
        "The page confirms it.",
        None,
    ),
    (
        "refusal field",
        completion(refusal="I won't enter card details."),
        [],
        "",
        "",
        "I won't enter card details.",
    ),
    (
        "legacy function_call",
        completion(function_call={"name": "browser_click", "arguments": '{"ref": "@e4"}'}),
        [ToolCall(id="call_0", name="browser_click", arguments={"ref": "@e4"})],
        "",
        "",
        None,
    ),
]


@pytest.mark.parametrize(
    ("reply", "calls", "content", "thought", "refusal"),
    [pytest.param(*shape[1:], id=shape[0]) for shape in OPENAI_SHAPES],
)
async def test_openai_shapes(
    reply: Reply,
    calls: list[ToolCall],
    content: str,
    thought: str,
    refusal: str | None,
    openai_reads: Read,
) -> None:
    response = await openai_reads(reply)
    assert response.tool_calls == calls
    assert (response.content, response.thinking, response.refusal) == (content, thought, refusal)
    assert response.stop_reason == ("tool_use" if calls else "end_turn")
    assert not response.usage.estimated


async def test_tool_calls_finished_as_stop_are_still_tool_calls(openai_reads: Read) -> None:
    reply = completion(tool_call("browser_click", typed=False, ref="@e4"), finish_reason="stop")
    response = await openai_reads(reply)
    assert (response.tool_calls, response.stop_reason) == ([CLICK], "tool_use")


CACHED = {"prompt_tokens": 1000, "completion_tokens": 40}


@pytest.mark.parametrize(
    ("usage", "counts"),
    [
        ({**CACHED, "prompt_tokens_details": {"cached_tokens": 800}}, (200, 40, 800, 0)),
        ({**CACHED, "cached_tokens": 800}, (200, 40, 800, 0)),
        ({**CACHED, "num_cached_tokens": 800}, (200, 40, 800, 0)),
        (
            {**CACHED, "prompt_cache_hit_tokens": 800, "prompt_cache_miss_tokens": 200},
            (200, 40, 800, 0),
        ),
        (
            {
                "prompt_cache_hit_tokens": 800,
                "prompt_cache_miss_tokens": 200,
                "completion_tokens": 40,
            },
            (200, 40, 800, 0),
        ),
        (
            {**CACHED, "cache_read_input_tokens": 600, "cache_creation_input_tokens": 300},
            (100, 40, 600, 300),
        ),
        ({**CACHED, "prompt_tokens_details": None}, (1000, 40, 0, 0)),
        ({"prompt_tokens": 1000, "total_tokens": 1040}, (1000, 40, 0, 0)),
    ],
    ids=[
        "details",
        "top-level",
        "num_cached",
        "hit-miss",
        "hit-miss only",
        "anthropic",
        "null-details",
        "total",
    ],
)
async def test_openai_usage_shapes(
    usage: dict[str, Any], counts: tuple[int, ...], openai_reads: Read
) -> None:
    response = await openai_reads(completion(tool_call("get_snapshot"), usage=usage))
    got = response.usage
    assert (
        got.input_tokens,
        got.output_tokens,
        got.cache_read_input_tokens,
        got.cache_creation_input_tokens,
    ) == counts
    assert not got.estimated


@pytest.mark.parametrize(
    "usage",
    [
        {"prompt_tokens": None, "completion_tokens": None, "total_tokens": None},
        {"prompt_tokens": 1000, "completion_tokens": None},
        {"prompt_tokens": None, "completion_tokens": 40},
    ],
    ids=["all null", "output null", "input null"],
)
async def test_null_counts_are_estimated_and_marked(
    usage: dict[str, Any], openai_reads: Read
) -> None:
    response = await openai_reads(completion(tool_call("get_snapshot"), usage=usage))
    got = response.usage
    assert got.estimated
    assert got.input_tokens > 0
    assert got.output_tokens > 0
    if usage["prompt_tokens"] is not None:
        assert got.input_tokens == 1000, "a real count is kept beside an estimated one"
    if usage["completion_tokens"] is not None:
        assert got.output_tokens == 40


async def test_claude_thinking_is_kept_apart(claude_reads: Read) -> None:
    reply = message(thinking("The cancel link."), text("Clicking."), tool_use("browser_click"))
    response = await claude_reads(reply)
    assert (response.content, response.thinking) == ("Clicking.", "The cancel link.")
    assert [call.name for call in response.tool_calls] == ["browser_click"]
    assert response.refusal is None


async def test_claude_refusal_keeps_its_words(claude_reads: Read) -> None:
    reply = message(text("I won't do that."), stop_reason="refusal")
    response = await claude_reads(reply)
    assert (response.refusal, response.stop_reason) == ("I won't do that.", "refusal")


async def test_claude_without_usage_is_estimated_not_an_error(claude_reads: Read) -> None:
    response = await claude_reads(message(tool_use("get_snapshot"), usage=False))
    assert response.usage.estimated
    assert response.usage.input_tokens > 2000  # the history, the tools and the screenshot
    assert [call.name for call in response.tool_calls] == ["get_snapshot"]


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ({"choices": []}, "no choices"),
        ({"choices": [{"index": 0}]}, "no message"),
        ({"choices": [{"message": {"content": 42}}]}, "neither text nor a list"),
        (
            {"choices": [{"message": {"tool_calls": [{"id": "c", "function": {}}]}}]},
            "names no function",
        ),
        ({"choices": [{"message": {"tool_calls": "browser_click"}}]}, "not a list"),
    ],
)
async def test_an_answer_of_no_known_shape_is_malformed_in_one_plain_line(
    body: dict[str, Any], said: str, openai_reads: Read
) -> None:
    with pytest.raises(MalformedResponseError) as info:
        await openai_reads(Reply(body=body))
    message_text = str(info.value)
    assert said in message_text
    assert "\n" not in message_text
    assert "validation error" not in message_text


async def test_a_claude_answer_of_no_known_shape_is_malformed(claude_reads: Read) -> None:
    with pytest.raises(MalformedResponseError, match="a tool use names no tool"):
        await claude_reads(Reply(body={"type": "message", "content": [{"type": "tool_use"}]}))


async def test_a_body_that_is_not_json_is_malformed(openai_reads: Read) -> None:
    with pytest.raises(MalformedResponseError, match="not JSON"):
        await openai_reads(Reply(body="<html>502 Bad Gateway</html>"))
