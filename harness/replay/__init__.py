"""Replay: recorded pages served by ``ReplayBrowser``, recorded runs driven again."""

from harness.replay.browser import Failure, ReplayBrowser, ReplayDivergence
from harness.replay.run import Replay, ReplayAI, ReplayApprovals, replay

__all__ = [
    "Failure",
    "Replay",
    "ReplayAI",
    "ReplayApprovals",
    "ReplayBrowser",
    "ReplayDivergence",
    "replay",
]
