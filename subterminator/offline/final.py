"""The last step, what it waits for (a box, a reason, a typed word), and what comes after it."""

from __future__ import annotations

import re

from subterminator.offline.controls import CONTROL_ROLES, Control, Decision, Turn, tool
from subterminator.offline.memory import Memory
from subterminator.offline.vocab import (
    AFTER,
    CAPITAL_WORD,
    DECLINE,
    FINAL,
    FORWARD,
    KEEP,
    NEWSLETTER,
    OFFER,
    OTHER,
    QUOTED_WORD,
    START,
)
from subterminator.safety.text import normalize
from subterminator.snapshot.secrecy import Named, secret_field


def is_final(control: Control) -> bool:
    name = control.name
    return bool(FINAL.search(name)) and not KEEP.search(name) and not DECLINE.search(name)


def final(memory: Memory, turn: Turn) -> Decision | None:
    """The last step; if it waits for a reason, the least personal one first."""
    finals = [c for c in turn.live if c.role in CONTROL_ROLES and is_final(c)]
    if finals:
        memory.final_clicked = True
        return memory.click(turn.snapshot, finals[0], f"Taking the final step: '{finals[0].name}'")
    waiting = [
        c
        for c in turn.every
        if c.role in CONTROL_ROLES
        and "disabled" in c.state
        and (is_final(c) or FORWARD.search(c.name) or START.search(c.name))
        and not KEEP.search(c.name)
    ]
    if not waiting:
        return None
    return _unblock_way_on(memory, turn)


def _unblock_way_on(memory: Memory, turn: Turn) -> Decision | None:
    """The way on is disabled until something is done: a required box ("I understand"), a
    reason, or a word typed to confirm. Offers and e-mail sign-ups are never ticked."""
    live = turn.live
    boxes = [
        c
        for c in live
        if c.role in ("checkbox", "switch")
        and "checked" not in c.state
        and not OFFER.search(c.name)
        and not KEEP.search(c.name)
        and not NEWSLETTER.search(c.name)
    ]
    if boxes:
        return memory.click(
            turn.snapshot, boxes[0], f"Ticking what the next step needs: '{boxes[0].name}'"
        )
    radios = [c for c in live if c.role == "radio" and "checked" not in c.state]
    radios = [c for c in radios if not OFFER.search(c.name) and not KEEP.search(c.name)]
    choice = next((c for c in radios if OTHER.search(c.name)), None) or (
        radios[-1] if radios else None
    )
    if choice:
        return memory.click(turn.snapshot, choice, f"Choosing a reason: '{choice.name}'")
    typed = _type_the_word(memory, turn)
    if typed is not None:
        return typed
    combo = next((c for c in live if c.role == "combobox"), None)
    return select_reason(memory, turn, combo) if combo else None


def _type_the_word(memory: Memory, turn: Turn) -> Decision | None:
    """A box that wants a word typed to confirm: the word the page quotes or capitalises
    near it ("Type CANCEL to confirm", «ANNULER», „KÜNDIGEN")."""
    snapshot = turn.snapshot
    fields = [
        e
        for e in snapshot.elements
        if e.role in ("textbox", "searchbox")
        and not (e.value or "").strip()
        and "disabled" not in e.state
        and (snapshot.page.url, e.ref) not in memory.typed
        and not secret_field(Named(e.name))  # a password or a code is never ours to type
    ]
    if not fields:
        return None
    text = " ".join(
        [snapshot.page.text, *(e.name for e in snapshot.elements if e.role != "button")]
    )
    word = _confirmation_word(text)
    if word is None:
        return None
    field = fields[0]
    memory.typed.add((snapshot.page.url, field.ref))
    arguments = {"ref": field.ref, "value": word}
    return tool("browser_fill", arguments, f"Typing the word the page asks for: '{word}'")


def select_reason(memory: Memory, turn: Turn, combo: Control) -> Decision | None:
    """A reason from a list: "other" if it offers one, else its last entry."""
    key = memory.key(turn.snapshot, combo)
    options = [c.element.name for c in turn.every if c.role == "option" and c.element.name]
    options = options or memory.listed[1:]  # a native list's first entry is its placeholder
    if not options and key not in memory.probed:
        # A native <select> keeps its options out of the snapshot; asking for "other"
        # either picks it or has browser_select's error list them.
        memory.probed.add(key)
        arguments = {"ref": combo.ref, "value": "other"}
        return tool("browser_select", arguments, "Choosing a reason: 'other'")
    if not options:
        return None
    chosen = next((o for o in options if OTHER.search(normalize(o))), options[-1])
    memory.tried.add(key)
    arguments = {"ref": combo.ref, "value": chosen}
    return tool("browser_select", arguments, f"Choosing a reason: '{chosen}'")


def after(memory: Memory, turn: Turn) -> Decision | None:
    """Past the last step, unconfirmed yet: skip the survey, or send it blank; then done."""
    if not memory.final_clicked:
        return None
    moves = [c for c in turn.live if c.role in CONTROL_ROLES and AFTER.search(c.name)]
    moves.sort(key=lambda c: 0 if re.match(r"skip|done|uberspringen|passer|omitir", c.name) else 1)
    if moves:
        return memory.click(turn.snapshot, moves[0], f"Moving on: '{moves[0].name}'")
    return None


def _confirmation_word(text: str) -> str | None:
    """The word a page asks to be typed: quoted, else the one word in capitals (not a brand
    the page repeats everywhere, such as NETFLIX)."""
    quoted = QUOTED_WORD.findall(text)
    if quoted:
        return str(quoted[0])
    capitals = [w for w in CAPITAL_WORD.findall(text) if w not in ("NETFLIX", "HDR", "FAQ", "OK")]
    return capitals[0] if capitals else None
