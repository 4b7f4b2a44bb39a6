"""The offline policy: a model stand-in that drives known flows by what pages show (no API).

It sits above the services it reads (their flow, final step and outcome), beside the AI
clients it can replace, and below the orchestrator that runs it.
"""

from subterminator.offline.policy import OfflinePolicy

__all__ = ["OfflinePolicy"]
