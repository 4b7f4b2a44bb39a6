"""Several subscriptions on one account: which is the target, asking when unsure, and its
own control among identical ones."""

from __future__ import annotations

from subterminator.offline.controls import CONTROL_ROLES, Decision, Turn, complete, tool
from subterminator.offline.memory import Memory
from subterminator.offline.vocab import KEEP
from subterminator.outcome.subscriptions import Subscription, pick, subscriptions
from subterminator.safety.text import normalize
from subterminator.untrusted import NAME, shown


def which(memory: Memory, found: list[Subscription]) -> Subscription | None:
    """The target among the subscriptions a page lists: the one the person named, else the
    service's (``outcome.subscriptions.pick``)."""
    if len(found) < 2:
        return None
    if memory.chosen:
        return next((s for s in found if s.key == memory.chosen), None)
    return pick(found, memory.service.target, memory.service.display_name)


def ask_which(memory: Memory, found: list[Subscription]) -> Decision:
    """The page lists several subscriptions and nothing says which is the target: the
    person is asked about each in turn (names quoted as the page's words), never a guess."""
    left = [s for s in found if s.key not in memory.not_chosen]
    if not left:
        return complete(
            "failed", "The account lists several subscriptions and none was named to cancel"
        )
    listed = ", ".join(f'"{shown(s.name, NAME)}"' for s in found[:4])
    memory.asking = left[0].key
    action = (
        f'Cancel the subscription the page names "{shown(left[0].name, NAME)}"? '
        f"(the account lists {len(found)}: {listed})"
    )
    reason = (
        "The account lists several subscriptions and the service does not say which one "
        "this run cancels: say yes for this one, no for another"
    )
    arguments = {"action": action, "reason": reason}
    return tool("request_human_approval", arguments, "Asking which subscription to cancel")


def own(memory: Memory, turn: Turn) -> Decision | None:
    """A list of subscriptions, each with the same control: the target's own one, in any
    language (the gate asks before whatever it may commit)."""
    target = memory.target
    if target is None or memory.final_clicked:
        return None
    snapshot = turn.snapshot
    found = subscriptions(snapshot)
    others = {
        (c.role, normalize(c.name))
        for sub in found
        if sub is not target
        for c in snapshot.elements
        if c.ref in sub.refs and c.role in CONTROL_ROLES
    }
    for control in turn.live:
        mine = control.ref in target.refs and (control.role, control.name) in others
        if mine and control.role in CONTROL_ROLES and not KEEP.search(control.name):
            memory.started = True
            return memory.click(
                snapshot, control, f"Opening the target's own control: '{control.name}'"
            )
    return None
