"""The token budgets as laws over generated pages and conversations.

The oracles are the budgets' own numbers and the history's truncation rule, measured with the
project's estimator (``estimate_tokens``; ``history_tokens`` for a history), never with the
product's constants:

- a page's elements JSON stays within 2,000 tokens, stress pages included;
- the request ``AIClient`` really sends (read off the local Messages API), and the one
  ``OpenAIClient`` sends (off the local chat-completions server), stays within 15,000 tokens
  per turn after the orchestrator's truncation, its system prompt within 1,000;
- the history view stays within 10,000 tokens for 1 to 200 turns of any tools; it keeps the
  goal and the NEWEST turns, whole and in order, the last ten unless fewer must go; the
  "Previous actions:" summary lists every dropped turn, in order, a line each (or, once
  long, counts the oldest and lists the newest).

Each law was checked against a planted bug (elements budget 2,500; the oldest ten turns kept;
a summary line dropped; the client sending every snapshot in full; the title cut to 200
characters only): each failed, in under a few seconds without shrinking.

Found and fixed: the summary grew a line per dropped turn, as the rule says, and was never
cut. A line shows 40 characters of a name, ref, direction or status and 60 of a value or
action, so 199 dropped malformed calls whose every field is 300 astral characters made a
21,896-token summary (measured), past the 10,000 limit. Past its own budget the summary now
counts its oldest lines (tests/ai/test_history.py has that worst case).
"""

from __future__ import annotations

import asyncio
import base64
import json
import re
import struct
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, note, settings, target
from hypothesis import strategies as st

from harness.factories import capture_factory as factory
from harness.fake_anthropic import FakeAnthropic, message, text, tool_use
from harness.fake_openai import FakeOpenAI, completion, tool_call
from harness.strategies.conversations import (
    Conversation,
    budget_captures,
    conversations,
    stress_captures,
)
from subterminator.ai.client import AIClient
from subterminator.ai.history import compact, summarize, truncate_history
from subterminator.ai.openai_client import OpenAIClient
from subterminator.ai.prompts import build_system_prompt
from subterminator.ai.render import history_tokens
from subterminator.browser.capture import RawCapture
from subterminator.models.conversation import Message
from subterminator.services import NETFLIX, available_services, get_service
from subterminator.snapshot.factory import SCREENSHOT_TOKENS
from subterminator.snapshot.pruning import PruneLimits, candidates
from subterminator.snapshot.tokens import estimate_tokens, image_tokens
from subterminator.tools.registry import tool_schemas

# The hard limits and the truncation rule, written here, not imported from the product.
ELEMENTS_LIMIT = 2_000
SYSTEM_LIMIT = 1_000
HISTORY_LIMIT = 10_000
TURN_LIMIT = 15_000
KEEP_TURNS = 10
HEADER = "Previous actions:"


# -- elements: 2,000 tokens ----------------------------------------------------------------


@given(budget_captures(), st.booleans())
def test_a_pages_elements_stay_within_2000_tokens(capture: RawCapture, viewport_only: bool) -> None:
    snapshot, _ = factory().from_capture(capture, viewport_only)
    tokens = estimate_tokens(snapshot.elements_json())
    target(float(tokens))
    assert tokens <= ELEMENTS_LIMIT


@settings(max_examples=15)
@given(stress_captures())
def test_stress_pages_are_cut_to_2000_tokens(capture: RawCapture) -> None:
    """100+ controls of 200-emoji names: far past the limit unpruned, within it as sent."""
    whole = candidates(capture, False, PruneLimits())
    assert estimate_tokens(json.dumps([e.name for e in whole], ensure_ascii=False)) > 10_000
    snapshot, _ = factory().from_capture(capture, False)
    assert snapshot.elements, "a page of controls keeps some"
    assert estimate_tokens(snapshot.elements_json()) <= ELEMENTS_LIMIT


# -- the history view: 10,000 tokens, goal, newest turns, summary -------------------------


def system_prompt() -> str:
    return build_system_prompt(NETFLIX.goal_template, NETFLIX.system_prompt_addition)


def orchestrator_view(conversation: Conversation) -> list[Message]:
    """What the TaskOrchestrator sends for this conversation (its budget is the default)."""
    return truncate_history(conversation.messages, system=system_prompt())


def fingerprint(message: Message) -> tuple[Any, ...]:
    snapshot = message.snapshot.snapshot_id if message.snapshot else None
    return (message.role, message.content, message.tool_calls, message.tool_call_id, snapshot)


def kept_turns(conversation: Conversation, view: list[Message]) -> tuple[list[str], int]:
    """The view's summary lines and how many turns it keeps, checking that they are the
    goal message and then the newest turns, whole, in order."""
    first = conversation.first.content
    goals = [i for i, m in enumerate(view) if m.role == "user" and m.content == first]
    assert goals[:1] in ([0], [1]), "the initial goal is kept, first or after the summary"
    lines: list[str] = []
    if goals[0] == 1:
        summary = view[0]
        assert summary.role == "user"
        assert summary.snapshot is None
        assert not summary.tool_calls
        lines = summary.content.split("\n")
        assert lines[0] == HEADER
        lines = lines[1:]
    rest = view[goals[0] + 1 :]
    count = 0
    shown: list[Message] = []
    for turn in reversed(conversation.turns):
        if len(shown) >= len(rest):
            break
        shown[:0] = turn.messages
        count += 1
    assert [fingerprint(m) for m in rest] == [fingerprint(m) for m in shown], (
        "the kept turns are the newest ones, whole and in order"
    )
    return lines, count


@given(conversations(min_turns=1, max_turns=200))
def test_the_history_keeps_the_goal_the_newest_turns_and_a_summary_of_the_rest(
    conversation: Conversation,
) -> None:
    view = orchestrator_view(conversation)
    tokens = history_tokens(view)
    note(f"{len(conversation.turns)} turns, view {tokens} tokens")
    assert tokens <= HISTORY_LIMIT

    lines, kept = kept_turns(conversation, view)
    total = len(conversation.turns)
    assert 1 <= kept <= KEEP_TURNS
    dropped = conversation.turns[: total - kept]
    if kept < min(KEEP_TURNS, total):  # fewer than ten: only because one more would not fit
        still = [list(t.messages) for t in dropped[:-1]]
        head = [Message(role="user", content=summarize(still))] if still else []
        more = [m for t in conversation.turns[-kept - 1 :] for m in t.messages]
        bigger = compact([*head, conversation.first, *more])
        assert history_tokens(bigger, system_prompt()) > HISTORY_LIMIT, (
            f"kept {kept} turns where {kept + 1} fit"
        )

    # the rule: "Previous actions:", one line per dropped turn, in order; past the
    # summary's own budget, a count of the oldest and a line for each of the newest
    elided = re.fullmatch(r"- \((\d+) earlier actions not shown\)", lines[0]) if lines else None
    hidden = int(elided.group(1)) if elided else 0
    lines = lines[1:] if elided else lines
    assert hidden + len(lines) == len(dropped), "one summary line per dropped turn"
    for turn, line in zip(dropped[hidden:], lines, strict=True):
        assert turn.matches(line), f"turn {turn.index} ({turn.kind}): {line!r} != {turn.line!r}"


# -- the request AIClient sends: 15,000 tokens per turn, system prompt 1,000 ---------------


@pytest.fixture(scope="module")
def api() -> Iterator[FakeAnthropic]:
    with FakeAnthropic() as server:
        yield server


@pytest.fixture(scope="module")
def openai_api() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as server:
        yield server


def png_tokens(data: str) -> int:
    head = base64.b64decode(data[:44] + "=" * (-len(data[:44]) % 4))
    assert head[:8] == b"\x89PNG\r\n\x1a\n", "screenshots travel as PNG"
    width, height = struct.unpack(">II", head[16:24])
    return image_tokens(width, height)


def request_tokens(body: dict[str, Any]) -> dict[str, int]:
    """The estimated tokens of a Messages API request body, by part."""
    parts = {"system": 0, "tools": 0, "messages": 0, "images": 0}
    parts["system"] = sum(estimate_tokens(block["text"]) for block in body["system"])
    parts["tools"] = estimate_tokens(json.dumps(body["tools"], ensure_ascii=False))

    def block_tokens(block: dict[str, Any]) -> None:
        kind = block["type"]
        if kind == "text":
            parts["messages"] += estimate_tokens(block["text"])
        elif kind == "image":
            parts["images"] += image_tokens_of(block["source"]["data"])
        elif kind == "tool_use":
            tool_input = json.dumps(block["input"], ensure_ascii=False)
            parts["messages"] += estimate_tokens(block["name"] + tool_input)
        elif kind == "tool_result":
            for inner in block["content"]:
                block_tokens(inner)
        else:
            raise AssertionError(f"unexpected block {kind}")

    for msg in body["messages"]:
        for block in msg["content"]:
            block_tokens(block)
    return parts


def image_tokens_of(data: str) -> int:
    image = png_tokens(data)
    assert image <= SCREENSHOT_TOKENS + 1, "a screenshot costs ~500 image tokens"
    return image


def openai_request_tokens(body: dict[str, Any]) -> dict[str, int]:
    """The estimated tokens of a chat-completions request body, by part."""
    parts = {"system": 0, "tools": 0, "messages": 0, "images": 0}
    parts["tools"] = estimate_tokens(json.dumps(body["tools"], ensure_ascii=False))
    for msg in body["messages"]:
        where = "system" if msg["role"] == "system" else "messages"
        content = msg.get("content")
        for part in content if isinstance(content, list) else [{"type": "text", "text": content}]:
            if part["type"] == "image_url":
                parts["images"] += image_tokens_of(part["image_url"]["url"].split(",", 1)[1])
            else:
                assert part["type"] == "text", f"unexpected part {part['type']}"
                parts[where] += estimate_tokens(part["text"] or "")
        for call in msg.get("tool_calls", []):
            function = call["function"]
            parts["messages"] += estimate_tokens(function["name"] + function["arguments"])
    return parts


def send_openai(api: FakeOpenAI, view: list[Message], system: str) -> dict[str, Any]:
    async def chat() -> None:
        ai = OpenAIClient(api_key="sk-test", base_url=api.url, timeout_s=120)
        await ai.chat(view, tool_schemas(), system)

    api.requests.clear()
    api.queue(completion(tool_call("get_snapshot"), content="next"))
    asyncio.run(chat())
    body: dict[str, Any] = api.requests[-1].body
    return body


def send(api: FakeAnthropic, view: list[Message], system: str) -> dict[str, Any]:
    async def chat() -> None:
        ai = AIClient(api_key="sk-test", base_url=api.url, timeout_s=120)  # a loaded CI machine
        await ai.chat(view, tool_schemas(), system)

    api.requests.clear()
    api.queue(message(text("next"), tool_use("get_snapshot")))
    asyncio.run(chat())
    body: dict[str, Any] = api.requests[-1].body
    return body


@pytest.mark.parametrize("wire", ["anthropic", "openai"])
@settings(deadline=None)
@given(conversations(min_turns=1, max_turns=60))
def test_a_request_stays_within_15000_tokens_per_turn(
    api: FakeAnthropic, openai_api: FakeOpenAI, wire: str, conversation: Conversation
) -> None:
    system = system_prompt()
    view = orchestrator_view(conversation)
    if wire == "openai":
        parts = openai_request_tokens(send_openai(openai_api, view, system))
    else:
        parts = request_tokens(send(api, view, system))
    total = sum(parts.values())
    note(f"{len(conversation.turns)} turns: {parts}")
    assert parts["system"] <= SYSTEM_LIMIT
    assert total <= TURN_LIMIT


@pytest.mark.parametrize("name", available_services())
def test_every_services_system_prompt_is_within_1000_tokens(api: FakeAnthropic, name: str) -> None:
    service = get_service(name)
    system = build_system_prompt(service.goal_template, service.system_prompt_addition)
    body = send(api, [Message(role="user", content=f"Goal: {service.goal_template}")], system)
    assert [block["text"] for block in body["system"]] == [system]
    assert estimate_tokens(system) <= SYSTEM_LIMIT
