"""Replaying a recording through the real TaskOrchestrator, BrowserToolServer and SnapshotFactory.

The AI is either the recording's own tool calls (``ReplayAI``: each element found again by its
identity in today's snapshot) or the offline policy; the person answers as recorded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from harness.replay.browser import Failure, ReplayBrowser, ReplayDivergence
from subterminator.ai.offline import OfflinePolicy
from subterminator.ai.protocol import AIResponse, Message, ToolCall
from subterminator.models.snapshot import Snapshot
from subterminator.orchestrator import ApprovalRequest, TaskOrchestrator, TaskResult
from subterminator.orchestrator.approval import ApprovalDecision
from subterminator.orchestrator.costlog import TurnRecord
from subterminator.recording.model import RecordedTurn, Recording
from subterminator.services.base import get_service
from subterminator.tools.server import BrowserToolServer

Driver = Literal["recorded", "offline"]


class ReplayAI:
    """Makes the recorded tool calls again, finding each element by role, name and position."""

    def __init__(self, turns: Sequence[RecordedTurn]) -> None:
        self.turns = list(turns)
        self.next = 0

    async def chat(
        self, messages: list[Message], tools: list[dict[str, Any]], system: str
    ) -> AIResponse:
        if self.next >= len(self.turns):
            call = ToolCall(
                id=f"toolu_replay_{self.next}",
                name="complete_task",
                arguments={"status": "failed", "reason": "the recording ends here"},
            )
            self.next += 1
            return AIResponse(tool_calls=[call], stop_reason="tool_use")
        turn = self.turns[self.next]
        arguments = dict(turn.arguments)
        if turn.target is not None:
            snapshot = _latest(messages)
            arguments["ref"] = _find(snapshot, turn, self.next)
        call = ToolCall(id=f"toolu_replay_{self.next}", name=turn.tool, arguments=arguments)
        self.next += 1
        return AIResponse(tool_calls=[call], stop_reason="tool_use")


def _latest(messages: list[Message]) -> Snapshot | None:
    return next(
        (m.snapshot for m in reversed(messages) if m.snapshot is not None and m.full_snapshot),
        None,
    )


def _find(snapshot: Snapshot | None, turn: RecordedTurn, step: int) -> str:
    target = turn.target
    assert target is not None
    elements = snapshot.elements if snapshot else []
    same = [e for e in elements if (e.role, e.name) == (target.role, target.name)]
    if target.nth < len(same):
        return same[target.nth].ref
    seen = ", ".join(f"{e.role} {e.name!r}" for e in elements)
    raise ReplayDivergence(
        f"replay diverged at turn {step + 1} ({turn.tool}): the recorded element "
        f"{target.describe()} is not on the page "
        f"{snapshot.page.url if snapshot else '(no snapshot)'}; it shows: {seen or 'nothing'}"
    )


class ReplayApprovals:
    """Answers as the person answered when the run was recorded; then no."""

    def __init__(self, answers: Sequence[bool], browser: ReplayBrowser | None = None) -> None:
        self.answers = list(answers)
        self.browser = browser  # where the person acts when asked to (sign in, a code...)
        self.asked: list[str] = []

    async def request_approval(self, request: ApprovalRequest) -> ApprovalDecision:
        index = len(self.asked)
        self.asked.append(request.kind)
        approved = self.answers[index] if index < len(self.answers) else False
        if approved and request.kind == "human_action" and self.browser is not None:
            await self.browser.person_acts()
        return ApprovalDecision(approved=approved, message=None if approved else "replay: no")


@dataclass
class Replay:
    result: TaskResult
    transcript: list[dict[str, Any]] = field(default_factory=list)
    asked: list[str] = field(default_factory=list)
    browser: ReplayBrowser | None = None


def _line(record: TurnRecord) -> dict[str, Any]:
    return {
        "turn": record.turn,
        "tool": record.tool,
        "target": record.target,
        "outcome": record.outcome,
    }


async def replay(
    recording: Recording,
    driver: Driver = "recorded",
    *,
    graph: Sequence[Recording] = (),
    strict: bool = True,
    failures: Sequence[Failure] = (),
) -> Replay:
    """One run over the recorded pages; ``graph`` adds other recordings of the same service."""
    service = get_service(recording.meta.service)
    browser = ReplayBrowser([recording, *graph], strict=strict, failures=list(failures))
    await browser.navigate(recording.meta.start_url)
    ai = ReplayAI(recording.turns) if driver == "recorded" else OfflinePolicy(service)
    approvals = ReplayApprovals([a.approved for a in recording.approvals], browser)
    orchestrator = TaskOrchestrator(ai, BrowserToolServer(browser), service, approvals)
    transcript: list[dict[str, Any]] = []
    orchestrator.cost.observers.append(lambda record: transcript.append(_line(record)))
    result = await orchestrator.run(service.goal_template)
    await browser.close()
    return Replay(result, transcript, approvals.asked, browser)
