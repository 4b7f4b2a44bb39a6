"""Conversations as the TaskOrchestrator builds them, for budget and history properties.

A ``Conversation`` is the goal message (with the first page's snapshot) and ``Turn``s, each
the messages one model turn adds, shaped as ``subterminator/orchestrator/orchestrator.py``
makes them:

- a tool call: the assistant message (its thought and the FIRST tool call only) and the tool
  message (``result`` without the snapshot, and a snapshot flagged ``full_snapshot``);
- browser tools answer ``{"success", "error", "message"}`` with any error code: a person's
  refusal ("User feedback: ..."), requests the network backstop held (their addresses, of
  any length), malformed calls answered ``invalid_params`` in the words of the real
  ``parse_arguments``;
- ``request_human_approval`` answers ``{"approved", "message"}``, ``complete_task`` an
  acknowledgement; a claimed success the page does not show is refused (``acknowledged``
  false, with the page's address), the only ``complete_task`` a run goes on after;
- a reply without a tool call: the assistant's text and the orchestrator's nudge (at most two
  in a row: the third ends the run).

Every turn is told apart from every other (its call id and snapshot id, or a reply without a
call its text, carry the turn's number; plain refs and values too), so a history that keeps
the wrong turns cannot pass for the right ones, and each carries the line the
"Previous actions:" summary must show for it (``Turn.line``, exact for the plain forms;
``Turn.line_prefix`` and ``Turn.line_suffix`` always). Pages come from raw captures
(``harness.strategies.captures``) through the real ``SnapshotFactory``: titles, addresses
and page text of any length, and ``stress_captures`` pages (100+ controls with 200-character
emoji and astral names and long values). Hostile long strings (5,000 and 70,000 characters)
appear in arguments, thoughts, and a person's words.
"""

from __future__ import annotations

import base64
import functools
import json
import re
import struct
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from harness.factories import capture_factory
from harness.strategies.calls import HUGE_UNITS, Call, malformed_calls
from harness.strategies.captures import captures as shared_captures
from subterminator.ai.prompts import NO_TOOL_NUDGE
from subterminator.browser.capture import RawBox, RawCapture, RawNode, RawViewport
from subterminator.errors import InvalidParamsError
from subterminator.models.conversation import Message, ToolCall
from subterminator.models.snapshot import Snapshot
from subterminator.models.tools import ERROR_CODES, ApprovalResult, CompletionAck
from subterminator.snapshot.factory import SCREENSHOT_TOKENS
from subterminator.snapshot.tokens import PIXELS_PER_IMAGE_TOKEN
from subterminator.tools.arguments import parse_arguments

# Characters that cost the estimator the most per character, and ordinary ones.
HEAVY_UNITS = ("🇺🇸", "👩\u200d👩\u200d👧", "\U0001d538", "\U00020000", "ﷺ", "é", "\u202e", "中")
STRESS_UNITS = ("🇺🇸", "😀", "\U0001d538", "\U00020000", "👩\u200d👩\u200d👧")
LONG_LENGTHS = (200, 201, 500, 2_000, 10_000)
HUGE_LENGTHS = (5_000, 70_000)
VIEWPORT = RawViewport(width=1280, height=800, scroll_x=0, scroll_y=0)
DIRECTIONS = ("up", "down", "top", "bottom")
# The action error codes a browser tool answers with (invalid_params comes from malformed calls)
ACTION_ERRORS = tuple(c for c in ERROR_CODES if c != "invalid_params")
PLAIN_VALUE = re.compile(r"[A-Za-z0-9 .,:@_-]{0,50}")


def _repeat(unit: str, n: int, extra: int) -> str:
    return (unit * (n + extra))[: n + extra]


# Named functions, not lambdas, in strategies: Hypothesis reads a lambda's source to label it.
@functools.cache
def repeated(units: Sequence[str], lengths: Sequence[int]) -> st.SearchStrategy[str]:
    """A unit repeated to one of ``lengths`` characters (code points), or a little past."""
    return st.builds(
        _repeat,
        st.sampled_from(units),
        st.sampled_from(lengths),
        st.integers(0, 3),
    )


@functools.cache
def any_length_text(max_plain: int = 40) -> st.SearchStrategy[str]:
    """Short text of any characters, or long runs of heavy characters (200 to 10,000)."""
    return st.one_of(
        st.text(max_size=max_plain),
        repeated((*HEAVY_UNITS, "x", " "), LONG_LENGTHS),
    )


@functools.cache
def hostile_text() -> st.SearchStrategy[str]:
    """Any-length text, and now and then 5,000 or 70,000 characters of one unit."""
    return st.one_of(any_length_text(), repeated(HUGE_UNITS + STRESS_UNITS, HUGE_LENGTHS))


def _address(tail: str) -> str:
    return "https://www.example.test/account?" + tail


@functools.cache
def urls() -> st.SearchStrategy[str]:
    """Web addresses of any length (a page may push one of megabytes), ASCII as a browser
    reports them (other characters percent-encoded)."""
    ascii_text = st.text(st.characters(min_codepoint=33, max_codepoint=126), max_size=30)
    tail = st.one_of(ascii_text, repeated(("q", "%F0%9F%87%BA", "%20"), LONG_LENGTHS))
    return st.builds(_address, tail)


# -- pages ---------------------------------------------------------------------------------


@st.composite
def page_captures(draw: st.DrawFn, max_nodes: int = 150) -> RawCapture:
    """The shared ``captures`` under a title, address and page text of any length."""
    capture = draw(shared_captures(max_nodes=max_nodes))
    return capture.model_copy(
        update={
            "url": draw(urls()),
            "title": draw(any_length_text()),
            "text": draw(any_length_text(200)),
        }
    )


_STRESS_NAME_LENGTHS = st.sampled_from((200, 250))


@st.composite
def stress_captures(draw: st.DrawFn) -> RawCapture:
    """Pages built to strain the token budgets: 100 to 160 visible controls, each named with
    200+ emoji or astral characters, long values, a long title, address and text."""
    count = draw(st.integers(100, 160))
    unit = draw(st.sampled_from(STRESS_UNITS))
    length = draw(_STRESS_NAME_LENGTHS)
    value = draw(repeated((*STRESS_UNITS, "x"), (200, 2_000)))
    nodes = [
        RawNode(
            handle=str(i),
            role=("button", "link", "textbox", "combobox")[i % 4],
            name=f"{i} " + unit * (length + i % 7),
            value=value if i % 4 in (2, 3) else None,
            box=RawBox(x=10, y=(i * 7) % 780, width=200, height=18),
            focusable=True,
        )
        for i in range(count)
    ]
    return RawCapture(
        url=draw(urls()),
        title=draw(repeated(STRESS_UNITS, (200, 10_000))),
        viewport=VIEWPORT,
        nodes=nodes,
        text=draw(repeated((*STRESS_UNITS, "word "), (2_000, 10_000))),
    )


@functools.cache
def budget_captures() -> st.SearchStrategy[RawCapture]:
    """Pages for budget laws: the shared ``captures`` (every role, tree shape and state),
    pages with titles, addresses and text of any length, and stress pages."""
    return st.one_of(shared_captures(), page_captures(), stress_captures())


@functools.lru_cache(maxsize=16)
def png(width: int, height: int) -> str:
    """A real (black) PNG of that size, base64: what a screenshot's image block carries."""
    row = b"\x00" + b"\x00" * (3 * width)
    data = zlib.compress(row * height, 9)

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body) & 0xFFFFFFFF
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    raw = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data)
    return base64.b64encode(raw + chunk(b"IEND", b"")).decode()


# Screenshot sizes a Browser returns for the factory's screenshot_pixels (~500 image tokens):
# the viewport scaled down to that area, at a few aspect ratios, or none (screenshots off).
_AREA = SCREENSHOT_TOKENS * PIXELS_PER_IMAGE_TOKEN
SCREENSHOT_SIZES = ((684, 548), (707, 530), (612, 612), (1000, 375), (320, 200))
assert all(w * h <= _AREA for w, h in SCREENSHOT_SIZES)


@functools.cache
def screenshots() -> st.SearchStrategy[str]:
    return st.just("") | st.sampled_from([png(*size) for size in SCREENSHOT_SIZES])


@st.composite
def snapshots(draw: st.DrawFn, pages: st.SearchStrategy[RawCapture] | None = None) -> Snapshot:
    """A page through the real SnapshotFactory (pruning, name cuts, element and text
    budgets), with a screenshot of the size the factory asks for."""
    capture = draw(pages if pages is not None else budget_captures())
    factory = capture_factory()
    snapshot, _ = factory.from_capture(capture, draw(st.booleans()))
    return snapshot.model_copy(update={"screenshot": draw(screenshots())})


@functools.cache
def conversation_pages() -> st.SearchStrategy[Snapshot]:
    """The pages ``conversations`` uses: smaller ordinary pages (at most 40 nodes) and stress
    pages, whose latest snapshot is what strains a request."""
    return snapshots(st.one_of(page_captures(max_nodes=40), stress_captures()))


# -- turns ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Turn:
    """The messages one model turn adds, and its line in the "Previous actions:" summary.

    ``line`` is the exact line when the call has the summary's plain form (a ``@eN`` ref, a
    direction, a short plain value), else None; ``line_prefix`` and ``line_suffix`` always
    hold (``- browser_click(`` and ``): failed (element_disabled)``)."""

    index: int
    kind: str  # the tool's name, "malformed" or "no_tool_call"
    messages: tuple[Message, ...]
    line: str | None
    line_prefix: str
    line_suffix: str

    def matches(self, line: str) -> bool:
        if self.line is not None:
            return line == self.line
        return line.startswith(self.line_prefix) and line.endswith(self.line_suffix)


@dataclass(frozen=True)
class Conversation:
    goal: str
    first: Message
    turns: tuple[Turn, ...]

    @property
    def messages(self) -> list[Message]:
        return [self.first, *(m for turn in self.turns for m in turn.messages)]


def _result(success: bool, error: str | None, message: str | None) -> dict[str, Any]:
    return {"success": success, "error": error, "message": message}


def _outcome(result: dict[str, Any]) -> str:
    if "approved" in result:
        return "approved" if result["approved"] else "rejected"
    if "acknowledged" in result:
        return "acknowledged" if result["acknowledged"] else "not acknowledged"
    return "success" if result.get("success") else f"failed ({result.get('error')})"


def _turn(
    index: int,
    kind: str,
    thought: str,
    call: ToolCall,
    result: dict[str, Any],
    snapshot: Snapshot,
    line_args: str | None,
) -> Turn:
    unique = snapshot.model_copy(update={"snapshot_id": f"snap-{index}"})
    messages = (
        Message(role="assistant", content=thought, tool_calls=[call]),
        Message(role="tool", tool_call_id=call.id, result=result, snapshot=unique),
    )
    suffix = f"): {_outcome(result)}"
    line = None if line_args is None else f"- {call.name}({line_args}{suffix}"
    return Turn(index, kind, messages, line, f"- {call.name}(", suffix)


def _plain(value: str) -> bool:
    return PLAIN_VALUE.fullmatch(value) is not None


thoughts = st.one_of(
    st.just(""),
    st.sampled_from(["Opening the account page.", "The button is disabled; scrolling."]),
    st.text(max_size=60),
    repeated((*HEAVY_UNITS, "thinking "), (500, 2_000)),
)


def _refused(person: str) -> str:
    return f"User feedback: {person} (the action was not performed)"


def _held(addresses: list[str]) -> str:
    sent = ", ".join(f"POST {address}" for address in addresses)
    return (
        f"The page tried to send {sent} during this action; it was stopped because nobody "
        "approved it."
    )


def _viewport_only(value: bool) -> dict[str, Any]:
    return {"viewport_only": value}


# The message a browser tool's reply may carry.
reply_messages = st.one_of(
    st.none(),
    st.sampled_from(["Element @e3 is disabled", "Timed out after 10000 ms"]),
    st.builds(_refused, hostile_text()),
    st.builds(_held, st.lists(urls(), min_size=1, max_size=3)),
)
KINDS = (
    "get_snapshot",
    "browser_click",
    "browser_fill",
    "browser_select",
    "browser_scroll",
    "request_human_approval",
    "complete_task",
    "malformed",
)
_KIND = st.sampled_from(KINDS)
_PICK = st.integers(0, 2**16)
_BOOL = st.booleans()
_ERROR = st.none() | st.sampled_from(ACTION_ERRORS)
_SNAPSHOT_ARGS: st.SearchStrategy[dict[str, Any]] = st.just({}) | st.builds(
    _viewport_only, st.booleans()
)
_WORD = st.sampled_from(["test", "Other", "x"])
_VALUE = st.one_of(_WORD, hostile_text())
_DIRECTION = st.sampled_from(DIRECTIONS)


def _from_json(call: Call) -> bool:
    """A model's arguments are parsed from JSON: no NaN or infinity (the fuzzers' calls have
    them; the SDK would refuse to send them back)."""
    try:
        json.dumps(call.arguments, allow_nan=False)
    except ValueError:
        return False
    return True


_MALFORMED = malformed_calls().filter(_from_json)


@st.composite
def turns(draw: st.DrawFn, index: int, pages: Sequence[Snapshot]) -> Turn:
    """Turn number ``index`` of a run whose pages are ``pages``: one of the seven tools or a
    malformed call (``no_tool_turn`` makes the turns without one)."""
    return _draw_turn(draw, index, pages)


def _draw_turn(draw: st.DrawFn, index: int, pages: Sequence[Snapshot]) -> Turn:
    kind = draw(_KIND)
    snapshot = pages[draw(_PICK) % len(pages)]
    thought = draw(thoughts)
    error = draw(_ERROR)
    result = _result(error is None, error, None if error is None else draw(reply_messages))
    step = _Step(index, kind, thought, snapshot)
    if kind == "get_snapshot":
        call = ToolCall(id=step.call_id, name=kind, arguments=draw(_SNAPSHOT_ARGS))
        return _turn(index, kind, thought, call, _result(True, None, None), snapshot, "")
    if kind in ("browser_click", "browser_fill", "browser_select", "browser_scroll"):
        return _action_turn(draw, step, result)
    if kind == "request_human_approval":
        return _approval_turn(draw, step)
    if kind == "complete_task":
        return _claim_turn(draw, step)
    return _malformed_turn(draw, step)


@dataclass(frozen=True)
class _Step:
    """What every drawn turn has: its number, tool, thought and page."""

    index: int
    kind: str
    thought: str
    snapshot: Snapshot

    @property
    def call_id(self) -> str:
        return f"toolu_{self.index}"

    @property
    def ref(self) -> str:
        return f"@e{self.index}"  # the turn's number: no two turns alike

    def turn(self, call: ToolCall, reply: dict[str, Any], line: str | None) -> Turn:
        return _turn(self.index, self.kind, self.thought, call, reply, self.snapshot, line)


def _action_turn(draw: st.DrawFn, step: _Step, result: dict[str, Any]) -> Turn:
    """A click, a fill, a select or a scroll, answered ``result``."""
    kind, ref, index = step.kind, step.ref, step.index
    if kind == "browser_click":
        return step.turn(ToolCall(id=step.call_id, name=kind, arguments={"ref": ref}), result, ref)
    if kind in ("browser_fill", "browser_select"):
        value = draw(_VALUE)
        if value in ("test", "Other", "x"):
            value = f"{value} {index}"
        call = ToolCall(id=step.call_id, name=kind, arguments={"ref": ref, "value": value})
        return step.turn(call, result, f'{ref}, "{value}"' if _plain(value) else None)
    args: dict[str, Any]
    if draw(_BOOL):
        args = {"ref": ref}
        line_args = ref
    else:
        direction = draw(_DIRECTION)
        args = {"direction": direction, "amount": index + 1}
        line_args = direction
    return step.turn(ToolCall(id=step.call_id, name=kind, arguments=args), result, line_args)


def _approval_turn(draw: st.DrawFn, step: _Step) -> Turn:
    action = draw(_VALUE)
    if action in ("test", "Other", "x"):
        action = f"Cancel membership, step {step.index}"
    reason = draw(hostile_text())
    arguments = {"action": action, "reason": reason}
    call = ToolCall(id=step.call_id, name=step.kind, arguments=arguments)
    approved = draw(_BOOL)
    person = None if approved else f"User feedback: {draw(hostile_text())}"
    reply = ApprovalResult(approved=approved, message=person).model_dump()
    return step.turn(call, reply, f'"{action}"' if _plain(action) else None)


def _claim_turn(draw: st.DrawFn, step: _Step) -> Turn:
    """A claimed success the page does not show: refused, and the run goes on."""
    reason = draw(hostile_text())
    arguments = {"status": "success", "reason": reason}
    call = ToolCall(id=step.call_id, name=step.kind, arguments=arguments)
    text = (
        "Cannot verify success: the page does not show that the Netflix membership is "
        "cancelled (no cancellation message). Current URL: "
        f"{step.snapshot.page.url}. Check page state and retry, or call "
        "complete_task(status='failed') if cancellation is not possible."
    )
    reply = CompletionAck(acknowledged=False, message=text).model_dump()
    return step.turn(call, reply, "success")


def _malformed_turn(draw: st.DrawFn, step: _Step) -> Turn:
    """Malformed: answered invalid_params in the real parse_arguments' words."""
    generated = draw(_MALFORMED)
    name, arguments = generated.name, generated.arguments
    try:
        parse_arguments(name, arguments)
        problem = f"Invalid params for '{name}': stale"
    except InvalidParamsError as exc:
        problem = str(exc)
    call = ToolCall(id=step.call_id, name=name, arguments=arguments)
    reply = _result(False, "invalid_params", problem)
    unique = step.snapshot.model_copy(update={"snapshot_id": f"snap-{step.index}"})
    messages = (
        Message(role="assistant", content=step.thought, tool_calls=[call]),
        Message(role="tool", tool_call_id=step.call_id, result=reply, snapshot=unique),
    )
    shown = name if len(name) <= 40 and name.isascii() and name.isprintable() else None
    prefix = f"- {shown}(" if shown is not None else "- "
    return Turn(step.index, "malformed", messages, None, prefix, "): failed (invalid_params)")


def no_tool_turn(index: int, text: str) -> Turn:
    messages = (
        Message(role="assistant", content=text),
        Message(role="user", content=NO_TOOL_NUDGE),
    )
    line = "- (no tool call)"
    return Turn(index, "no_tool_call", messages, line, line, line)


_POOL_SIZE = st.integers(1, 3)
# The goal is a service's goal_template; any short plain sentence stands for one.
_GOAL = st.one_of(
    st.just("Cancel my Netflix membership"),
    st.text(st.characters(min_codepoint=32, max_codepoint=126), min_size=1, max_size=60),
)
_TENTH = st.integers(0, 9)
_SAID = st.one_of(thoughts, hostile_text())


@st.composite
def conversations(
    draw: st.DrawFn,
    min_turns: int = 1,
    max_turns: int = 200,
    pages: st.SearchStrategy[Snapshot] | None = None,
) -> Conversation:
    """A run's conversation after ``min_turns`` to ``max_turns`` model turns, on one to three
    pages (each tool reply carries one, under its own snapshot id)."""
    page_strategy = pages if pages is not None else conversation_pages()
    pool = [draw(page_strategy) for _ in range(draw(_POOL_SIZE))]
    opening = f"Goal: {draw(_GOAL)}"
    if draw(_BOOL):
        opening += "\n\nNote: The person handled 'login' in the browser."
    first = Message(role="user", content=opening, snapshot=pool[draw(_PICK) % len(pool)])
    count = draw(st.integers(min_turns, max_turns))
    made: list[Turn] = []
    quiet = 0  # replies without a tool call in a row: the third ends a run
    for index in range(1, count + 1):
        if quiet < 2 and draw(_TENTH) == 0:
            made.append(no_tool_turn(index, f"{draw(_SAID)} ({index})"))
            quiet += 1
            continue
        quiet = 0
        made.append(_draw_turn(draw, index, pool))
    return Conversation(goal=opening, first=first, turns=tuple(made))
