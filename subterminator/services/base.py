"""``ServiceConfig`` and the service registry (spec 02 2.7, 9.4.7; spec 03 2.6).

Conditions are plain predicates on the Snapshot the model sees, so they are data-driven,
testable on the sample snapshots, and the same in replay and live runs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from subterminator.ai.protocol import ToolCall
from subterminator.errors import ServiceNotFoundError
from subterminator.models.snapshot import Element, Snapshot
from subterminator.outcome import Outcome, judge_outcome

SnapshotPredicate = Callable[[Snapshot], bool]
ActionPredicate = Callable[[ToolCall, Element, Snapshot], bool]


@dataclass(frozen=True)
class Checkpoint:
    """A page state that needs a person: approval, or their hands (``human_action``)."""

    name: str
    message: str
    condition: SnapshotPredicate
    kind: Literal["approve", "human_action"] = "approve"


@dataclass(frozen=True)
class IrreversibleRule:
    """An action that cannot be undone; approval is asked before it runs (spec 03 2.5.3)."""

    name: str
    applies: ActionPredicate


@dataclass(frozen=True)
class CompletionCriteria:
    success_indicators: list[SnapshotPredicate] = field(default_factory=list)
    failure_indicators: list[SnapshotPredicate] = field(default_factory=list)
    # Address fragments of the service's confirmation pages: evidence, with no cancel control.
    success_urls: tuple[str, ...] = ()


@dataclass(frozen=True)
class ServiceConfig:
    name: str
    display_name: str
    initial_url: str
    goal_template: str
    checkpoint_conditions: list[Checkpoint]
    irreversible_rules: list[IrreversibleRule]
    completion_criteria: CompletionCriteria
    system_prompt_addition: str = ""
    max_turns: int = 20
    # Address fragments whose request acts (ends, confirms): held unless approved.
    irreversible_urls: tuple[str, ...] = ()
    # Address fragments of the cancellation flow's pages (beside what their words say).
    flow_urls: tuple[str, ...] = ()

    def checkpoints(self, snapshot: Snapshot) -> list[Checkpoint]:
        """Every checkpoint the snapshot triggers (spec 01 FR6)."""
        return [c for c in self.checkpoint_conditions if _safe(c.condition, snapshot)]

    def check_checkpoint(self, snapshot: Snapshot) -> bool:
        return any(c.kind == "approve" for c in self.checkpoints(snapshot))

    def irreversible(self, call: ToolCall, element: Element, snapshot: Snapshot) -> str | None:
        """Name of the first irreversible-action rule the call matches, if any."""
        for rule in self.irreversible_rules:
            try:
                if rule.applies(call, element, snapshot):
                    return rule.name
            except Exception:  # a broken rule must fail safe: treat the action as irreversible
                return rule.name
        return None

    def outcome(self, snapshot: Snapshot) -> Outcome:
        """What the page shows about the membership, on evidence (``outcome.judge``)."""
        return judge_outcome(snapshot, self.completion_criteria.success_urls)

    def verify_success(self, snapshot: Snapshot) -> bool:
        """Any success indicator and no failure indicator (spec 03 2.6.3)."""
        criteria = self.completion_criteria
        return any(
            _safe(p, snapshot) for p in criteria.success_indicators
        ) and not self.check_failure(snapshot)

    def check_failure(self, snapshot: Snapshot) -> bool:
        return any(_safe(p, snapshot) for p in self.completion_criteria.failure_indicators)


def _safe(predicate: SnapshotPredicate, snapshot: Snapshot) -> bool:
    try:
        return bool(predicate(snapshot))
    except Exception:
        return False


SERVICE_CONFIGS: dict[str, ServiceConfig] = {}


def register_service(config: ServiceConfig) -> None:
    SERVICE_CONFIGS[config.name] = config


def available_services() -> list[str]:
    return sorted(SERVICE_CONFIGS)


def get_service(name: str) -> ServiceConfig:
    config = SERVICE_CONFIGS.get(name.lower().strip())
    if config is None:
        raise ServiceNotFoundError(
            f"Unknown service '{name}'. Available services: {', '.join(available_services())}"
        )
    return config
