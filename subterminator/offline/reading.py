"""A turn's view of the page: what it already settles, and the controls worth trying."""

from __future__ import annotations

import re

from subterminator.models.snapshot import Snapshot
from subterminator.offline.controls import CONTROL_ROLES, Decision, Turn, complete, read_controls
from subterminator.offline.memory import Memory
from subterminator.offline.several import which
from subterminator.offline.vocab import FAILURE, FINAL, NEVER, PARTNER, RESTART, START
from subterminator.outcome.subscriptions import Subscription, subscriptions
from subterminator.safety.text import normalize


def page_words(snapshot: Snapshot) -> list[str]:
    """The title (normalised), the text's lines and every non-control's name."""
    words = [normalize(snapshot.page.title), *snapshot.page.text.split("\n")]
    return words + [e.name for e in snapshot.elements if e.role not in CONTROL_ROLES]


def settled(memory: Memory, snapshot: Snapshot, words: list[str]) -> Decision | None:
    """What the page already says: cancelled (unless a claim here was doubted), too many
    unconfirmed claims, or an error."""
    known = tuple(sorted(memory.subs_seen))
    url = snapshot.page.url
    if memory.service.verify_success(snapshot, known) and url not in memory.doubted:
        return complete("success", f"The page confirms the membership is cancelled ({url})")
    if memory.unverified >= 3:
        return complete("failed", "Cancellation could not be confirmed on the page")
    error = next((w for w in words if FAILURE.search(normalize(w))), None)
    if error or re.search(r"\berror\b", words[0]):
        return complete("failed", f"The site showed an error: {error or words[0]}")
    return None


def partner_billed(words: list[str], turn: Turn) -> Decision | None:
    """Billed through a partner, with no way to start or finish cancelling here."""
    partner = next((w for w in words if PARTNER.search(normalize(w))), None)
    if partner and not any(START.search(c.name) or FINAL.search(c.name) for c in turn.live):
        return complete(
            "failed", f"Billed through a partner ({partner}); cancel with that partner instead"
        )
    return None


def read_turn(memory: Memory, snapshot: Snapshot) -> tuple[Turn, list[Subscription]]:
    """The turn's controls, the subscriptions the page lists, and what memory learns of both.

    With several subscriptions listed, never a control of another one; none at all while
    unsure which is the target."""
    shown, in_dialog, dialog_words = read_controls(snapshot)
    every = shown
    found = subscriptions(snapshot, memory.subs_seen)
    memory.target = which(memory, found)
    if len(found) >= 2:
        theirs = {r for sub in found if sub is not memory.target for r in sub.refs}
        every = [c for c in every if c.ref not in theirs]
        in_dialog = [c for c in in_dialog if c.ref not in theirs]
        memory.subs_seen |= {sub.key for sub in found}
        if memory.target is not None:
            memory.others |= {sub.key for sub in found if sub is not memory.target}
    memory.remember(snapshot, every)
    every = [c for c in every if not memory.elsewhere(c)]
    in_dialog = [c for c in in_dialog if not memory.elsewhere(c)]
    live = [
        c
        for c in every
        if "disabled" not in c.state
        and memory.key(snapshot, c) not in memory.tried
        and not NEVER.search(c.name)
        and not RESTART.search(c.name)
    ]
    return Turn(snapshot, live, in_dialog, dialog_words, every, shown), found
