"""Keeping the conversation inside its budget (spec 01 2.1.1, 2.1.3).

Two steps, applied by the TaskOrchestrator before every model call so that every AI
implementation, doubles included, sees the same bounded prompt:

1. compaction: only the latest snapshot is shown in full (with its screenshot); older ones
   become a one-line digest, since their refs are dead anyway;
2. truncation: keep the initial goal and the last 10 turns, fewer while still over the
   budget, and put a system-generated "Previous actions:" summary of the dropped turns first.
   Spec 01 truncates only past 10,000 tokens; compaction keeps 30 turns far below that, so
   without the 10-turn cap the history would grow turn after turn toward the limit, where
   the spec's target is under 6,000.
"""

from __future__ import annotations

from subterminator.ai.protocol import Message
from subterminator.ai.render import describe_call, history_tokens, outcome

HISTORY_TOKEN_BUDGET = 10_000
KEEP_TURNS = 10
SUMMARY_HEADER = "Previous actions:"


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


def summarize(turns: list[list[Message]]) -> str:
    lines = [SUMMARY_HEADER]
    for turn in turns:
        call = next((c for m in turn for c in m.tool_calls), None)
        if call is None:
            lines.append("- (no tool call)")
            continue
        reply = next((m for m in turn if m.role == "tool"), None)
        result = outcome(reply) if reply else "no reply"
        lines.append(f"- {describe_call(call.name, call.arguments)}: {result}")
    return "\n".join(lines)


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
