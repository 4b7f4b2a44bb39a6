"""Tool replies (spec 01 1.1.2, 1.1.3 T6/T7, 1.6.3)."""

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


class ToolResult(BaseModel):
    """Reply of every snapshot-returning tool: a snapshot always, errors included."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    success: bool
    snapshot: Snapshot
    error: ErrorCode | None = None
    message: str | None = None


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
