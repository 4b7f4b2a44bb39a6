"""Outcome judgment: what the page shows about the membership, on evidence."""

from subterminator.outcome.judge import Outcome, judge_outcome

__all__ = ["Outcome", "judge_outcome"]
