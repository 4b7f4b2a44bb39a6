"""The conversation loop, human checkpoints, completion verification and cost log."""

from subterminator.orchestrator.approval import (
    ApprovalDecision,
    ApprovalRequest,
    HumanApprovalHandler,
    TerminalApprovalHandler,
)
from subterminator.orchestrator.orchestrator import TaskOrchestrator
from subterminator.models.result import TaskReason, TaskResult

__all__ = [
    "ApprovalDecision",
    "ApprovalRequest",
    "HumanApprovalHandler",
    "TaskOrchestrator",
    "TaskReason",
    "TaskResult",
    "TerminalApprovalHandler",
]
