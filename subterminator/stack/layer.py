"""The contract between tool layers: one ``execute(call)``, one ``Reply``.

Each layer of the stack (the browser tools, the network backstop, the safety gate, recording)
takes a ``ToolCall`` and answers with what the model will read, so a front door (the
conversation loop, the MCP server) holds only the top layer and cannot reach past the gate.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from pydantic import BaseModel

from subterminator.models.conversation import Message, ToolCall
from subterminator.models.result import TaskResult
from subterminator.models.snapshot import Snapshot
from subterminator.models.tools import ErrorCode, ToolResult


@dataclass(frozen=True)
class Reply:
    """A tool's answer: its result fields (snapshot apart) and the page after it.

    ``ended`` is set when the run ends with this call: ``complete_task`` was accepted, or a
    step only a person can take was not done."""

    result: dict[str, Any]
    snapshot: Snapshot
    ended: TaskResult | None = None

    @classmethod
    def of(cls, result: ToolResult) -> Reply:
        fields: dict[str, Any] = {
            "success": result.success,
            "error": result.error,
            "message": result.message,
        }
        if result.declined is not None:  # the checkpoint after it, said apart
            fields["declined"] = result.declined.model_dump()
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
            role="tool", tool_call_id=call.id, result=dict(self.result), snapshot=self.snapshot
        )


def failed(result: ToolResult, code: ErrorCode, message: str) -> ToolResult:
    """A fresh page's result as a refusal: nothing was done, for this reason."""
    return result.model_copy(update={"success": False, "error": code, "message": message})


class ToolLayer(Protocol):
    """Any layer at the top of the stack, as a front door holds it."""

    async def execute(self, call: ToolCall) -> Reply: ...
