"""A snapshot, a conversation and a recorded sleep for the AI clients' tests."""

from __future__ import annotations

from subterminator.models.conversation import Message, ToolCall
from subterminator.models.snapshot import Snapshot
from tests.support.paths import FIXTURES

SNAPSHOT = Snapshot.model_validate_json(
    (FIXTURES / "snapshots/netflix_membership.json").read_text()
)


def conversation() -> list[Message]:
    call = ToolCall(id="toolu_a", name="browser_click", arguments={"ref": "@e1"})
    return [
        Message(role="user", content="Goal: cancel", snapshot=SNAPSHOT, full_snapshot=False),
        Message(role="assistant", content="Opening membership", tool_calls=[call]),
        Message(
            role="tool",
            tool_call_id="toolu_a",
            result={"success": True, "error": None},
            snapshot=SNAPSHOT,
        ),
    ]


class Sleeps:
    def __init__(self) -> None:
        self.delays: list[float] = []

    async def __call__(self, delay: float) -> None:
        self.delays.append(delay)
