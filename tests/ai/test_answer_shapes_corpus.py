"""Raw answers in the styles of many servers (tests/ai/answers/), each served by the local fake
API to the real SDK client and read by our client: nothing dropped, nothing misread.

The file with "held" in its name was written before the parser changed and is never used to
tune it; it is run the same way, as the check that the parser reads answers it was not shaped
on.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from harness.fake_anthropic import FakeAnthropic
from harness.fake_api import Reply
from harness.fake_openai import FakeOpenAI
from subterminator.ai.client import AIClient
from subterminator.ai.openai_client import OpenAIClient
from subterminator.models.conversation import AIResponse
from subterminator.tools.registry import tool_schemas
from tests.support.ai_helpers import Sleeps, conversation

ANSWERS = Path(__file__).parent / "answers"
KEY = "sk-test-corpus-0123456789"


def cases(held: bool) -> list[Any]:
    """Every case of the corpus files (the held-aside ones, or the others), with an id."""
    found = []
    for path in sorted(ANSWERS.glob("*.json")):
        if ("held" in path.name) != held:
            continue
        for index, case in enumerate(json.loads(path.read_text())["cases"]):
            name = f"{path.stem}-{index}-{case['server']}"
            found.append(pytest.param(case, id=name))
    return found


@pytest.fixture(scope="module")
def servers() -> Iterator[tuple[FakeOpenAI, FakeAnthropic]]:
    """One fake of each API for the module: a server per case only adds its shutdown wait."""
    with FakeOpenAI() as api, FakeAnthropic() as claude:
        yield api, claude


async def replayed(case: dict[str, Any], servers: tuple[FakeOpenAI, FakeAnthropic]) -> AIResponse:
    """The case's raw answer through the real SDK of its wire, as our client reads it."""
    reply = Reply(body=case["body"])
    api, claude = servers
    if case["wire"] == "anthropic":
        ai = AIClient(api_key=KEY, base_url=claude.queue(reply).url, sleep=Sleeps())
        return await ai.chat(conversation(), tool_schemas(), "s")
    url = api.queue(reply).url
    client = OpenAIClient(api_key=KEY, base_url=url, model=case["model"], sleep=Sleeps())
    return await client.chat(conversation(), tool_schemas(), "s")


def misread(response: AIResponse, expect: dict[str, Any]) -> list[str]:
    """What ``response`` dropped or misread against ``expect`` (empty when it is right)."""
    wrong: list[str] = []
    calls = [[call.name, call.arguments] for call in response.tool_calls]
    if calls != expect["calls"]:
        wrong.append(f"tool calls {calls} != {expect['calls']}")
    if response.content.strip() != expect["content"]:
        wrong.append(f"content {response.content!r} != {expect['content']!r}")
    for piece in expect["thinking"]:
        if piece not in response.thinking or piece in response.content:
            wrong.append(f"thinking {piece!r} not kept apart: {response.thinking!r}")
    if not expect["thinking"] and response.thinking:
        wrong.append(f"thinking {response.thinking!r} where none was sent")
    if response.refusal != expect["refusal"]:
        wrong.append(f"refusal {response.refusal!r} != {expect['refusal']!r}")
    wrong.extend(usage_misread(response, expect["usage"]))
    return wrong


def usage_misread(response: AIResponse, expect: dict[str, Any]) -> list[str]:
    usage = response.usage
    if expect.get("estimated"):
        ok = usage.estimated and usage.input_tokens > 0 and usage.output_tokens > 0
        return [] if ok else [f"usage {usage} is not a marked estimate"]
    got = {
        "input": usage.input_tokens,
        "output": usage.output_tokens,
        "cache_read": usage.cache_read_input_tokens,
        "cache_write": usage.cache_creation_input_tokens,
    }
    wrong = [] if got == expect else [f"usage {got} != {expect}"]
    return wrong + (["usage marked estimated"] if usage.estimated else [])


@pytest.mark.parametrize("case", cases(held=False))
async def test_each_server_s_answer_is_read_whole(
    case: dict[str, Any], servers: tuple[FakeOpenAI, FakeAnthropic]
) -> None:
    assert misread(await replayed(case, servers), case["expect"]) == []


@pytest.mark.parametrize("case", cases(held=True))
async def test_held_aside_answers_are_read_whole(
    case: dict[str, Any], servers: tuple[FakeOpenAI, FakeAnthropic]
) -> None:
    assert misread(await replayed(case, servers), case["expect"]) == []


def test_the_corpus_covers_many_servers_and_both_wires() -> None:
    servers = {param.values[0]["server"].split(" (")[0] for param in cases(False) + cases(True)}
    wires = {param.values[0]["wire"] for param in cases(False) + cases(True)}
    assert len(servers) >= 15, servers
    assert wires == {"openai", "anthropic"}
