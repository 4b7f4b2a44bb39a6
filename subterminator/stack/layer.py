"""The contract between tool layers: one ``execute(call)``, one ``Reply``.

Each layer of the stack (the browser tools, the network backstop, the safety gate, recording)
takes a ``ToolCall`` and answers with what the model will read, so a front door (the
conversation loop, the MCP server) holds only the top layer and cannot reach past the gate.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from pydantic import BaseModel

from subterminator.ai.render import outcome
from subterminator.models.conversation import Message, ToolCall
from subterminator.models.result import TaskReason, TaskResult
from subterminator.models.snapshot import Snapshot
from subterminator.models.tools import ErrorCode, ToolResult
from subterminator.models.turn import TurnRecord
from subterminator.snapshot.registry import ElementRegistry
from subterminator.stack.translated import Translated
from subterminator.tools.masking import written_arguments


@dataclass(frozen=True)
class Reply:
    """A tool's answer: its result fields (snapshot apart) and the page after it.

    ``ended`` is set when the run ends with this call: ``complete_task`` was accepted, or a
    step only a person can take was not done. The rest is what a front door writes of the
    call, so it never reads a layer below the top: ``target``, the accessible name of the
    element the call acted on; ``person_ms``, the time a person took to answer during it (not
    the browser's); ``browser_error``, set once the browser is gone (crashed, closed)."""

    result: dict[str, Any]
    snapshot: Snapshot
    ended: TaskResult | None = None
    target: str | None = None
    person_ms: int = 0
    browser_error: str | None = None
    shown: str | None = None  # the page as another backend shows it (Message.page_text)

    @classmethod
    def of(cls, result: ToolResult) -> Reply:
        fields: dict[str, Any] = {
            "success": result.success,
            "error": result.error,
            "message": result.message,
        }
        if result.declined is not None:  # the checkpoint after it, said apart
            fields["declined"] = result.declined.model_dump()
        if result.effect is not None:  # it ran and changed nothing (tools.verify)
            fields["effect"] = result.effect
        if result.foreign is not None:  # another backend ran it; its caller reads this
            fields["foreign"] = result.foreign
        return cls(fields, result.snapshot)

    @classmethod
    def answer(cls, model: BaseModel, snapshot: Snapshot) -> Reply:
        """An ``ApprovalResult`` or a ``CompletionAck``, with the page it was given on."""
        return cls(model.model_dump(), snapshot)

    @property
    def message(self) -> str | None:
        message = self.result.get("message")
        return message if isinstance(message, str) else None

    def to_message(self, call: ToolCall) -> Message:
        return Message(
            role="tool",
            tool_call_id=call.id,
            result=dict(self.result),
            snapshot=self.snapshot,
            page_text=self.shown,
        )


def call_row(turn: int, call: ToolCall, shown: Preview, reply: Reply, took_ms: int) -> TurnRecord:
    """A call's turn as every log of it writes it, whichever front door made the call: the
    browser's time is the call's less the person's (``Reply.person_ms``)."""
    return TurnRecord(
        turn=turn,
        tool=call.name,
        arguments=shown.arguments,
        tool_ms=max(0, took_ms - reply.person_ms),
        person_ms=reply.person_ms,
        outcome=outcome(reply.to_message(call)),
        target=reply.target,
    )


def failed(result: ToolResult, code: ErrorCode, message: str) -> ToolResult:
    """A fresh page's result as a refusal: nothing was done, for this reason."""
    return result.model_copy(update={"success": False, "error": code, "message": message})


class ToolLayer(Protocol):
    """A layer of the stack: layers talk to each other only through ``execute``."""

    async def execute(self, call: ToolCall) -> Reply: ...


@dataclass(frozen=True)
class Preview:
    """A call as it may be written before it runs: the element it names, and its arguments
    with a secret typed value masked (what a person, a log or the model's history may read)."""

    target: str | None
    arguments: Any

    @classmethod
    def of(cls, call: ToolCall, registry: ElementRegistry) -> Preview:
        """On ``registry``'s current snapshot, the one the call is about to run on."""
        ref = call.arguments.get("ref") if isinstance(call.arguments, dict) else None
        found = registry.peek(ref)
        written = written_arguments(call.name, call.arguments, registry)  # secrets masked
        return cls(found.name if found else None, written)


class TopLayer(ToolLayer, Protocol):
    """The top of the stack, as a front door holds it: the calls, and what a run's end needs
    (how it is settled on the page, and whether an approved step ran)."""

    @property
    def unverified_claim(self) -> bool:
        """A success was claimed and could not be verified on the page."""
        ...

    def preview(self, call: ToolCall) -> Preview: ...

    async def settle(self, result: TaskResult) -> TaskResult: ...

    def ending(self, reason: TaskReason, *, error: str | None = None) -> TaskResult: ...

    def final_step_state(self) -> tuple[bool | None, str | None]: ...

    def final_step_at(self) -> datetime | None: ...


class InFront:
    """A top layer another surface puts in front of the stack (Playwright MCP's tools, the
    V02 facade's): its calls run as the canonical calls it says them as, and the run's end
    is the stack's, asked through it."""

    stack: TopLayer

    async def through(self, translated: Translated) -> Reply:
        """Each canonical call through the stack; the next only after one that went well (no
        error, the run not ended, the browser still there). The last one's reply."""
        replies: list[Reply] = []
        for canonical in translated.calls:
            replies.append(reply := await self.stack.execute(canonical))
            if reply.result.get("error") or reply.ended is not None or reply.browser_error:
                break
        return replies[-1]

    @property
    def unverified_claim(self) -> bool:
        return self.stack.unverified_claim

    async def settle(self, result: TaskResult) -> TaskResult:
        return await self.stack.settle(result)

    def ending(self, reason: TaskReason, *, error: str | None = None) -> TaskResult:
        return self.stack.ending(reason, error=error)

    def final_step_state(self) -> tuple[bool | None, str | None]:
        return self.stack.final_step_state()

    def final_step_at(self) -> datetime | None:
        return self.stack.final_step_at()
