"""The conversation loop, human checkpoints, completion verification and cost log."""

from subterminator.models.result import TaskReason, TaskResult
from subterminator.orchestrator.approval import (
    ApprovalDecision,
    ApprovalRequest,
    HumanApprovalHandler,
    TerminalApprovalHandler,
)
from subterminator.orchestrator.orchestrator import TaskOrchestrator

__all__ = [
    "ApprovalDecision",
    "ApprovalRequest",
    "HumanApprovalHandler",
    "TaskOrchestrator",
    "TaskReason",
    "TaskResult",
    "TerminalApprovalHandler",
]
