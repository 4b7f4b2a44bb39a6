"""Keeping the conversation inside its budget: 10,000 tokens of history, so a turn's request stays
under 15,000.

Two steps, applied by the TaskOrchestrator before every model call so that every AI
implementation, doubles included, sees the same bounded prompt:

1. compaction: only the latest snapshot is shown in full (with its screenshot); older ones
   become a one-line digest, since their refs are dead anyway;
2. truncation: keep the initial goal and the last 10 turns, fewer while still over the
   budget, and put a system-generated "Previous actions:" summary of the dropped turns first.
   Truncating only past 10,000 tokens is not enough: compaction keeps 30 turns far below that,
   so without the 10-turn cap the history would grow turn after turn toward the limit, where
   the target is under 6,000 (cost and the model's attention both grow with it).
"""

from __future__ import annotations

from subterminator.ai.render import describe_call, history_tokens, outcome
from subterminator.models.conversation import Message
from subterminator.snapshot.tokens import estimate_tokens

HISTORY_TOKEN_BUDGET = 10_000
KEEP_TURNS = 10
SUMMARY_HEADER = "Previous actions:"
# The summary grows a line per dropped turn; past its share of the history (whose target is
# 6,000 tokens for all of it) the oldest lines give way to a count.
SUMMARY_TOKEN_BUDGET = 3_000
ELIDED = "- ({count} earlier actions not shown)"


def compact(messages: list[Message]) -> list[Message]:
    latest = max((i for i, m in enumerate(messages) if m.snapshot is not None), default=-1)
    return [
        m
        if i == latest or m.snapshot is None or not m.full_snapshot
        else m.model_copy(update={"full_snapshot": False})
        for i, m in enumerate(messages)
    ]


def _turns(messages: list[Message]) -> list[list[Message]]:
    turns: list[list[Message]] = []
    for message in messages:
        if message.role == "assistant" or not turns:
            turns.append([message])
        else:
            turns[-1].append(message)
    return turns


def _line(turn: list[Message]) -> str:
    call = next((c for m in turn for c in m.tool_calls), None)
    if call is None:
        return "- (no tool call)"
    reply = next((m for m in turn if m.role == "tool"), None)
    result = outcome(reply) if reply else "no reply"
    return f"- {describe_call(call.name, call.arguments)}: {result}"


def summarize(turns: list[list[Message]], budget: int = SUMMARY_TOKEN_BUDGET) -> str:
    """The "Previous actions:" summary of the dropped turns, so the model still knows what it
    did: a line per turn; over ``budget`` tokens, the newest lines that fit under a count of the
    rest (found by tests/properties/test_budget_laws.py: 199 dropped turns of worst-case
    malformed calls made a 21,896-token summary)."""
    lines = [_line(turn) for turn in turns]
    text = "\n".join([SUMMARY_HEADER, *lines])
    if estimate_tokens(text) <= budget:
        return text
    low, high = 0, len(lines)  # the most newest lines that fit beside the count
    while low < high:
        middle = (low + high + 1) // 2
        shown = lines[len(lines) - middle :]
        elided = ELIDED.format(count=len(lines) - middle)
        if estimate_tokens("\n".join([SUMMARY_HEADER, elided, *shown])) <= budget:
            low = middle
        else:
            high = middle - 1
    shown = lines[len(lines) - low :]
    return "\n".join([SUMMARY_HEADER, ELIDED.format(count=len(lines) - low), *shown])


def truncate_history(
    messages: list[Message],
    *,
    system: str = "",
    budget: int = HISTORY_TOKEN_BUDGET,
    keep_turns: int = KEEP_TURNS,
) -> list[Message]:
    """The view of ``messages`` to send: compacted, and truncated if over ``budget``."""
    view = compact(messages)
    if not view:
        return view
    first, turns = view[0], _turns(view[1:])
    if len(turns) <= keep_turns and history_tokens(view, system) <= budget:
        return view
    candidate = view
    for keep in range(min(keep_turns, len(turns)), 0, -1):
        dropped, kept = turns[:-keep], turns[-keep:]
        head = [Message(role="user", content=summarize(dropped))] if dropped else []
        candidate = [*head, first, *(m for turn in kept for m in turn)]
        if history_tokens(candidate, system) <= budget:
            return candidate
    return candidate
