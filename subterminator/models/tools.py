"""Tool replies: a result, a fresh snapshot, and what a person declined."""

from __future__ import annotations

from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict

from subterminator.models.snapshot import Snapshot

ErrorCode = Literal[
    "ref_invalid",
    "element_disabled",
    "element_obscured",
    "element_not_visible",
    "action_failed",
    "timeout",
    "human_rejected",
    "invalid_params",
]
ERROR_CODES: tuple[str, ...] = get_args(ErrorCode)


DECLINED_NOTE = (
    "Not taken: nothing of that step was done or sent. The action itself ran (see success). "
    "Do not take that step, and do not repeat the action: follow the person's words."
)


class Declined(BaseModel):
    """A checkpoint that followed an action and was declined, said apart from
    the action's own result: the action ran, the step the person was asked about did not."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    step: str  # what the person was asked about, in the system's words
    message: str  # "User feedback: ..." (the person's words), or why nobody could answer
    note: str = DECLINED_NOTE
    asked: bool = True  # False: nobody could be asked (no answer, not a no)


class ToolResult(BaseModel):
    """Reply of every snapshot-returning tool: a snapshot always, errors included.

    ``declined``: a checkpoint after the action that the person declined; the action's own
    result is ``success``/``error``/``message``. ``effect``: "none" when the action ran but
    changed nothing it should have (``tools.verify``; the message says what was checked)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    success: bool
    snapshot: Snapshot
    error: ErrorCode | None = None
    message: str | None = None
    declined: Declined | None = None
    effect: Literal["none"] | None = None
    # What another backend answered when it ran the call in our tool's place (Playwright
    # MCP's reply text); its caller reads it, never our model-facing JSON.
    foreign: str | None = None


class ApprovalResult(BaseModel):
    """Reply of request_human_approval (T6)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    approved: bool
    message: str | None = None


class CompletionAck(BaseModel):
    """Reply of complete_task (T7)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    acknowledged: bool
    message: str | None = None
