"""The data contract (snapshots, tool calls and replies): pydantic models are its single source."""

from subterminator.models.snapshot import (
    ELEMENT_STATES,
    REF_PATTERN,
    BoundingBox,
    Element,
    ElementState,
    PageInfo,
    Snapshot,
    ViewportInfo,
)
from subterminator.models.tools import (
    ApprovalResult,
    CompletionAck,
    ErrorCode,
    ToolResult,
)

__all__ = [
    "ELEMENT_STATES",
    "REF_PATTERN",
    "ApprovalResult",
    "BoundingBox",
    "CompletionAck",
    "Element",
    "ElementState",
    "ErrorCode",
    "PageInfo",
    "Snapshot",
    "ToolResult",
    "ViewportInfo",
]
