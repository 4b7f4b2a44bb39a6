"""``ServiceConfig``: what a service is (sites, flow, checkpoints, completion); the registry is
``services.registry``.

Conditions are plain predicates on the Snapshot the model sees, so they are data-driven,
testable on the sample snapshots, and the same in replay and live runs. Only a name, a display
name and a start page are required: without checkpoints the SafetyGate still asks before every
final step, and without completion criteria the outcome judge decides (a stated cancellation).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal
from urllib.parse import urlsplit

from subterminator.models.conversation import ToolCall
from subterminator.models.snapshot import Element, Snapshot
from subterminator.outcome import Outcome, judge_outcome

__all__ = [
    "ActionPredicate",
    "Checkpoint",
    "CompletionCriteria",
    "IrreversibleRule",
    "ServiceConfig",
    "SnapshotPredicate",
]

GENERIC_GOAL = (
    "Cancel the {display_name} subscription. Navigate to cancellation and complete the flow. "
    "Decline any retention offers. Call complete_task when you see confirmation that the "
    "membership is cancelled."
)

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
    """An action that cannot be undone; approval is asked before it runs."""

    name: str
    applies: ActionPredicate


@dataclass(frozen=True)
class CompletionCriteria:
    """How the service's pages show the result. With no success indicators the outcome judge
    decides (``judge_outcome``: a stated cancellation, a period end, a restart control)."""

    success_indicators: list[SnapshotPredicate] = field(default_factory=list)
    failure_indicators: list[SnapshotPredicate] = field(default_factory=list)
    # Address fragments of the service's confirmation pages: evidence, with no cancel control.
    success_urls: tuple[str, ...] = ()


@dataclass(frozen=True)
class ServiceConfig:
    """One service. ``ServiceConfig(name=..., display_name=..., initial_url=...)`` works: the
    rest refines it (checkpoints for sign-in pages, rules naming final controls, indicators)."""

    name: str
    display_name: str
    initial_url: str
    goal_template: str = ""  # empty: GENERIC_GOAL naming display_name
    checkpoint_conditions: list[Checkpoint] = field(default_factory=list)
    irreversible_rules: list[IrreversibleRule] = field(default_factory=list)
    completion_criteria: CompletionCriteria = field(default_factory=CompletionCriteria)
    system_prompt_addition: str = ""
    max_turns: int = 20
    # Address fragments whose request acts (ends, confirms): held unless approved.
    irreversible_urls: tuple[str, ...] = ()
    # Address fragments of the cancellation flow's pages (beside what their words say).
    flow_urls: tuple[str, ...] = ()
    # Where the service lives (its domains, subdomains included), and the providers its pages
    # send a person to, to sign in or to pay. The browser goes nowhere else without a yes. The
    # start page's host is always the service's, so a config with none of these still works.
    domains: tuple[str, ...] = ()
    sign_in_sites: tuple[str, ...] = ()
    payment_sites: tuple[str, ...] = ()
    # What this run cancels when the account lists several subscriptions: a plan or product
    # name as the page shows it ("Premium", "Sports pack"). Empty: the membership, not add-ons.
    target: str = ""

    def __post_init__(self) -> None:
        if not self.goal_template.strip():
            goal = GENERIC_GOAL.format(display_name=self.display_name or self.name)
            object.__setattr__(self, "goal_template", goal)

    def sites(self) -> frozenset[str]:
        """Every host the service lives on or sends a person to (subdomains included)."""
        start = (urlsplit(self.initial_url).hostname or "").lower().removeprefix("www.")
        named = (*self.domains, *self.sign_in_sites, *self.payment_sites)
        return frozenset(s.lower().strip(".") for s in (*named, start) if s.strip("."))

    def checkpoints(self, snapshot: Snapshot) -> list[Checkpoint]:
        """Every checkpoint the snapshot triggers: asked after every snapshot, so a page that offers
        the final step is named to the person before the model can reach it."""
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

    def outcome(self, snapshot: Snapshot, target: str = "", known: tuple[str, ...] = ()) -> Outcome:
        """What the page shows about the target (``target``, else the service's), on evidence
        (``outcome.judge``); ``known``: subscriptions a page of this run listed."""
        urls = self.completion_criteria.success_urls
        return judge_outcome(snapshot, urls, target or self.target, self.display_name, known)

    def verify_success(self, snapshot: Snapshot, known: tuple[str, ...] = ()) -> bool:
        """Any success indicator (or, with none given, the judge's cancelled state) and no
        failure indicator: a page that says both is not a success."""
        criteria = self.completion_criteria
        if criteria.success_indicators:
            shown = any(_safe(p, snapshot) for p in criteria.success_indicators)
        else:
            shown = self.outcome(snapshot, known=known).cancelled
        return shown and not self.check_failure(snapshot)

    def check_failure(self, snapshot: Snapshot) -> bool:
        return any(_safe(p, snapshot) for p in self.completion_criteria.failure_indicators)


def _safe(predicate: SnapshotPredicate, snapshot: Snapshot) -> bool:
    try:
        return bool(predicate(snapshot))
    except Exception:
        return False
