"""A call of another surface's tools, said as the canonical calls our gate judges.

A front that stands in front of the stack (Playwright MCP's tools, the V02 facade's) never
has its own calls judged by their names: it says each as the canonical calls that do what it
will do, each carrying the original (``ToolCall.via``) so the tools below the gate can run it
in place of our own action; or it refuses the call before anything runs. ``InFront.through``
runs what it said.
"""

from __future__ import annotations

from dataclasses import dataclass

from subterminator.models.conversation import ToolCall
from subterminator.models.tools import ErrorCode


@dataclass(frozen=True)
class Refusal:
    """Why a call is not run at all: the error code and message the model reads."""

    code: ErrorCode
    message: str


@dataclass(frozen=True)
class Translated:
    """The canonical calls, run in order through the whole stack (each judged; the next
    only when the one before it succeeded), or the refusal instead."""

    calls: tuple[ToolCall, ...] = ()
    refused: Refusal | None = None


def canonical(call: ToolCall, name: str, arguments: dict[str, object]) -> ToolCall:
    """Our ``name`` with ``arguments``, standing for ``call`` (run in its place below)."""
    return ToolCall(id=call.id, name=name, arguments=arguments, via=call)


def refuse(code: ErrorCode, message: str) -> Translated:
    return Translated(refused=Refusal(code, message))
