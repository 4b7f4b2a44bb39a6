"""Steps by the page's words toward the end: decline offers, choose leaving, answer the
flow's questions, open and start cancelling, turn renewal off, head for the membership pages,
take a flow's plain way forward."""

from __future__ import annotations

from subterminator.offline.controls import CHOICE_ROLES, CONTROL_ROLES, Decision, Turn
from subterminator.offline.final import select_reason
from subterminator.offline.memory import Memory
from subterminator.offline.vocab import (
    DECLINE,
    DISMISS,
    FLOW,
    FORWARD,
    KEEP,
    NEWSLETTER,
    OFFER,
    OTHER,
    REASON,
    START,
    TOWARD,
    YES,
)
from subterminator.outcome.consequence import PRICE
from subterminator.outcome.dates import find_date
from subterminator.outcome.subscriptions import section_text
from subterminator.safety.text import normalize


def decline(memory: Memory, turn: Turn) -> Decision | None:
    for control in turn.live:
        if (
            control.role in CONTROL_ROLES
            and DECLINE.search(control.name)
            and not KEEP.search(control.name)
        ):
            memory.started = True
            return memory.click(turn.snapshot, control, f"Declining the offer: '{control.name}'")
    return None


def choose(memory: Memory, turn: Turn) -> Decision | None:
    """A choice between keeping and leaving (radios, a switch): the leaving option."""
    for control in turn.live:
        if control.role not in CHOICE_ROLES or "checked" in control.state:
            continue
        if START.search(control.name) and not KEEP.search(control.name):
            memory.started = True
            return memory.click(turn.snapshot, control, f"Choosing: '{control.name}'")
    return None


def answer(memory: Memory, turn: Turn) -> Decision | None:
    """Inside the flow, a question before going on (why are you leaving?): answer it, the
    least personal way, and never with an offer."""
    if not memory.started:
        return None
    radios = [c for c in turn.every if c.role == "radio"]
    if radios and not any("checked" in c.state for c in radios):
        fair = [
            c
            for c in radios
            if c in turn.live and not OFFER.search(c.name) and not KEEP.search(c.name)
        ]
        pick = next((c for c in fair if OTHER.search(c.name)), fair[-1] if fair else None)
        if pick is not None:
            return memory.click(turn.snapshot, pick, f"Answering: '{pick.name}'")
    for combo in (c for c in turn.live if c.role == "combobox"):
        value = normalize(combo.element.value or "")
        if REASON.search(combo.name) or REASON.search(value) or REASON.search(combo.context):
            chosen = select_reason(memory, turn, combo)
            if chosen is not None:
                return chosen
    return None


def expand(memory: Memory, turn: Turn) -> Decision | None:
    """A collapsed section about cancelling, known by its own name or its section's."""
    for control in turn.live:
        if "collapsed" not in control.state:
            continue
        about = f"{control.name} {control.context}"
        toward = TOWARD.search(control.context)  # "Show more" under "Membership"
        if (START.search(about) or FLOW.search(about) or toward) and not KEEP.search(about):
            return memory.click(turn.snapshot, control, "Opening the cancel option")
    return None


def start(memory: Memory, turn: Turn) -> Decision | None:
    for control in turn.live:
        if control.role not in CONTROL_ROLES or KEEP.search(control.name):
            continue
        dismisses = control in turn.in_dialog and DISMISS.search(control.name)  # "never mind"
        if START.search(control.name) and not dismisses:
            memory.started = True
            return memory.click(
                turn.snapshot, control, f"Starting the cancellation: '{control.name}'"
            )
    return None


def renewal(memory: Memory, turn: Turn) -> Decision | None:
    """An automatic renewal that is on: a switch (or a box) in a section stating a price or
    a date (what a subscription's own section shows), in the target's section when the page
    lists several. Turning it off ends the subscription; sign-ups and offers are never
    touched."""
    if memory.final_clicked:
        return None
    for control in turn.live:
        if control.role not in ("switch", "checkbox") or "checked" not in control.state:
            continue
        if NEWSLETTER.search(control.name) or OFFER.search(control.name):
            continue
        if memory.target is not None and control.ref not in memory.target.refs:
            continue
        text = section_text(turn.snapshot, control.ref)
        if PRICE.search(text) or find_date(text):
            memory.started = True
            return memory.click(
                turn.snapshot, control, f"Turning off automatic renewal: '{control.name}'"
            )
    return None


def toward(memory: Memory, turn: Turn) -> Decision | None:
    if memory.final_clicked:  # past the last step a membership link leads to "Restart"
        return None
    for control in turn.live:
        if control.role not in CONTROL_ROLES or KEEP.search(control.name):
            continue
        if TOWARD.search(control.name):
            return memory.click(turn.snapshot, control, f"Opening membership: '{control.name}'")
    return None


def forward(memory: Memory, turn: Turn) -> Decision | None:
    """Inside a cancel flow with nothing better on the page: its plain way forward."""
    snapshot = turn.snapshot
    where = normalize(f"{snapshot.page.url} {snapshot.page.title}")
    if not (memory.started or FLOW.search(where)):
        return None
    for control in turn.live:
        name = control.name
        if control.role not in CONTROL_ROLES or KEEP.search(name) or OFFER.search(name):
            continue
        if FORWARD.search(name) or (YES.search(name) and not DISMISS.search(name)):
            memory.started = True
            return memory.click(snapshot, control, f"Going on: '{name}'")
    return None
