"""Steps that clear the way first: a consent banner, what covered the last click, a profile
picker, an open dialog."""

from __future__ import annotations

from subterminator.offline.controls import CONTROL_ROLES, Decision, Turn
from subterminator.offline.memory import Memory
from subterminator.offline.vocab import (
    COOKIE,
    COOKIE_OK,
    DECLINE,
    DISMISS,
    FINAL,
    FLOW,
    KEEP,
    PROFILE_ADMIN,
    PROFILES,
    START,
    TOWARD,
    YES,
)
from subterminator.safety.text import normalize


def consent(memory: Memory, turn: Turn) -> Decision | None:
    for control in turn.live:
        banner = COOKIE.search(control.context) or COOKIE.search(control.name)
        if banner and COOKIE_OK.search(control.name):
            return memory.click(
                turn.snapshot, control, f"Closing the consent banner: '{control.name}'"
            )
    return None


def unblock(memory: Memory, turn: Turn) -> Decision | None:
    """Something covered the last click: close it (or decline it), then try again."""
    if not memory.blocked:
        return None
    memory.blocked = False
    for control in turn.live:
        name = control.name
        if control.role in CONTROL_ROLES and (
            COOKIE_OK.search(name) or DISMISS.search(name) or DECLINE.search(name)
        ):
            return memory.click(turn.snapshot, control, f"Closing what covers the page: '{name}'")
    return None


def profile(memory: Memory, turn: Turn) -> Decision | None:
    """A "Who's watching?" picker: the first profile; the account is the same behind all."""
    snapshot = turn.snapshot
    page = normalize(" ".join([snapshot.page.title, snapshot.page.text[:300]]))
    headings = normalize(" ".join(e.name for e in snapshot.elements if e.role == "heading"))
    if not (PROFILES.search(page) or PROFILES.search(headings)):
        return None
    for control in turn.live:
        if control.role in ("link", "button") and control.name:
            if PROFILE_ADMIN.search(control.name) or TOWARD.search(control.name):
                continue
            return memory.click(snapshot, control, f"Choosing a profile: '{control.name}'")
    return None


def dialog(memory: Memory, turn: Turn) -> Decision | None:
    """An open dialog is answered first: decline its offer, or confirm the cancelling."""
    mine = [c for c in turn.live if c in turn.in_dialog and c.role in CONTROL_ROLES]
    if not mine:
        return None
    decline = next((c for c in mine if DECLINE.search(c.name)), None)
    if decline:
        memory.started = True
        return memory.click(turn.snapshot, decline, f"Declining the offer: '{decline.name}'")
    if not FLOW.search(turn.dialog_words):
        return None
    for control in mine:
        if KEEP.search(control.name) or DISMISS.search(control.name):
            continue
        if FINAL.search(control.name) or START.search(control.name) or YES.search(control.name):
            memory.final_clicked = True
            return memory.click(turn.snapshot, control, f"Confirming: '{control.name}'")
    return None
