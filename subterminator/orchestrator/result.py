"""``TaskResult`` lives with the data contract (``models.result``); kept here for old imports."""

from subterminator.models.result import TaskReason, TaskResult

__all__ = ["TaskReason", "TaskResult"]
