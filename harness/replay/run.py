"""Replaying a recording through the real TaskOrchestrator, BrowserToolServer and SnapshotFactory.

The AI is either the recording's own tool calls (``ReplayAI``: each element found again by its
identity in today's snapshot) or the offline policy; the person answers as recorded.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from harness.cassette import use_cassette
from harness.replay.browser import Failure, ReplayBrowser, ReplayDivergence
from subterminator.ai.client import AIClient, RetryPolicy
from subterminator.ai.protocol import AIClientProtocol
from subterminator.assembly import build_conversation
from subterminator.models.approval import ApprovalDecision, ApprovalRequest
from subterminator.models.conversation import AIResponse, Message, ToolCall, latest
from subterminator.models.result import TaskResult
from subterminator.models.snapshot import Snapshot
from subterminator.models.turn import TurnRecord
from subterminator.offline import OfflinePolicy
from subterminator.recording.model import (
    ElementIdentity,
    RecordedTurn,
    Recording,
    find_identity,
)
from subterminator.services.registry import get_service

OPENAI_CASSETTE_MODEL = "gpt-4o"  # the model OpenAI cassettes are recorded with
Driver = Literal["recorded", "offline", "cassette", "cassette-openai"]
# The drivers that play a cassette through a real SDK client, and the file each plays.
CASSETTES: dict[Driver, str] = {
    "cassette": "cassette.yaml",
    "cassette-openai": "cassette-openai.yaml",
}


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
            snapshot, _ = latest(messages)
            arguments["ref"] = _find(snapshot, turn, self.next)
        call = ToolCall(id=f"toolu_replay_{self.next}", name=turn.tool, arguments=arguments)
        self.next += 1
        return AIResponse(tool_calls=[call], stop_reason="tool_use")


def _find(snapshot: Snapshot | None, turn: RecordedTurn, step: int) -> str:
    target = turn.target
    assert target is not None
    elements = snapshot.elements if snapshot else []
    index = find_identity(elements, target)
    if index is not None:
        return elements[index].ref
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


# Where a call's ``_target`` goes, and today's name for it: from the call, the element's
# identity, the conversation so far and the turn (the last two for a divergence's message).
Place = Callable[[ToolCall, dict[str, Any], list[Message], int], tuple[str, str]]


def our_ref(
    call: ToolCall, target: dict[str, Any], messages: list[Message], turn: int
) -> tuple[str, str]:
    """Our ref of the element in the newest snapshot."""
    recorded = RecordedTurn(tool=call.name, target=ElementIdentity(**target))
    return "ref", _find(latest(messages)[0], recorded, turn)


class IdentityRefs:
    """Cassette tool calls name their element (``_target``: role, name, nth), not a ref: each
    is given today's ref (``place``: our snapshot's by default), so a cassette recorded before
    a pruning change still drives the same elements."""

    def __init__(self, inner: AIClientProtocol, place: Place = our_ref) -> None:
        self.inner = inner
        self.place = place
        self.turn = 0

    async def chat(
        self, messages: list[Message], tools: list[dict[str, Any]], system: str
    ) -> AIResponse:
        response = await self.inner.chat(messages, tools, system)
        calls = []
        for call in response.tool_calls:
            arguments = dict(call.arguments) if isinstance(call.arguments, dict) else {}
            target = arguments.pop("_target", None)
            if isinstance(target, dict):
                key, value = self.place(call, target, messages, self.turn)
                arguments[key] = value
            calls.append(call.model_copy(update={"arguments": arguments}))
        self.turn += 1
        return response.model_copy(update={"tool_calls": calls})


def cassette_ai(driver: Driver = "cassette") -> IdentityRefs:
    """The real client (anthropic SDK, or openai's for ``cassette-openai``; real HTTP path)
    aimed at the real API's address: only a cassette can answer it, and outside one the
    model-request guard refuses."""
    once = RetryPolicy(max_attempts=1)
    if driver == "cassette-openai":
        from subterminator.ai.openai_client import OpenAIClient  # its SDK only when played

        return IdentityRefs(
            OpenAIClient(
                api_key="sk-proj-cassette-playback-0000",
                model=OPENAI_CASSETTE_MODEL,
                base_url="https://api.openai.com/v1",
                retry=once,
            )
        )
    client = AIClient(
        api_key="sk-ant-cassette-playback-0000", base_url="https://api.anthropic.com", retry=once
    )
    return IdentityRefs(client)


async def replay(
    recording: Recording,
    driver: Driver = "recorded",
    *,
    graph: Sequence[Recording] = (),
    strict: bool = True,
    failures: Sequence[Failure] = (),
    ai: AIClientProtocol | None = None,
    cassette: Path | None = None,
    strict_prompt: bool = False,
) -> Replay:
    """One run over the recorded pages; ``graph`` adds other recordings of the same service.

    ``driver`` "cassette" plays ``cassette`` through the real AIClient, "cassette-openai"
    through the real OpenAIClient; ``ai`` overrides the driver (cassette making)."""
    service = get_service(recording.meta.service)
    browser = ReplayBrowser([recording, *graph], strict=strict, failures=list(failures))
    await browser.navigate(recording.meta.start_url)
    if ai is None:
        if driver in CASSETTES:
            ai = cassette_ai(driver)
        elif driver == "recorded":
            ai = ReplayAI(recording.turns)
        else:
            ai = OfflinePolicy(service)
    answers = [a.approved for a in recording.approvals]
    if recording.meta.source == "manual":  # the person approved by doing it
        answers = [True] * 64
    approvals = ReplayApprovals(answers, browser)
    orchestrator = build_conversation(ai, browser, service, approvals)
    transcript: list[dict[str, Any]] = []
    orchestrator.cost.observers.append(lambda record: transcript.append(_line(record)))
    if driver in CASSETTES and cassette is not None:
        with use_cassette(cassette, strict=strict_prompt):
            result = await orchestrator.run(service.goal_template)
    else:
        result = await orchestrator.run(service.goal_template)
    await browser.close()
    return Replay(result, transcript, approvals.asked, browser)
