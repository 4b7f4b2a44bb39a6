"""The conversation loop and its cost log."""

from subterminator.orchestrator.orchestrator import TaskOrchestrator

__all__ = ["TaskOrchestrator"]
