"""From raw capture to the Snapshot a model sees: pruning, refs, budgets."""

from subterminator.snapshot.element import ElementInfo
from subterminator.snapshot.factory import SnapshotFactory
from subterminator.snapshot.pruning import PruneLimits
from subterminator.snapshot.registry import ElementRegistry
from subterminator.snapshot.tokens import estimate_tokens

__all__ = ["ElementInfo", "ElementRegistry", "PruneLimits", "SnapshotFactory", "estimate_tokens"]
