"""Steps by the page's structure, where its words fail: the page's one action, the
subscription's own link and the way back from it, what is collapsed, reading further down."""

from __future__ import annotations

from subterminator.offline.controls import CONTROL_ROLES, Control, Decision, Turn, complete, tool
from subterminator.offline.memory import Memory, page_of
from subterminator.offline.vocab import DECLINE, DISMISS, KEEP, OFFER, readable
from subterminator.outcome.consequence import PRICE
from subterminator.outcome.dates import find_date
from subterminator.outcome.subscriptions import section_text
from subterminator.safety.text import normalize


def single(memory: Memory, turn: Turn) -> Decision | None:
    """Reached by the target's own control, a page in words this policy does not hold with
    one button on it (links lead back or away): that button, the page's one action. The
    gate asks before it commits; after it, nothing more is guessed."""
    if not memory.started or memory.final_clicked or memory.target is not None:
        return None
    snapshot = turn.snapshot
    words = normalize(" ".join([snapshot.page.title, snapshot.page.text]))
    if readable(snapshot.page.lang, words):  # words it holds: they decide, not a guess
        return None
    buttons = [c for c in turn.live if c.role == "button"]
    every = [c for c in turn.shown if c.role == "button"]
    if len(buttons) != 1 or len(every) != 1:
        return None
    name = buttons[0].name
    if KEEP.search(name) or OFFER.search(name) or DISMISS.search(name):
        return None
    if _offers(turn, buttons[0]):
        return None
    memory.final_clicked = True
    return memory.click(snapshot, buttons[0], f"Taking the page's one action: '{name}'")


def primary(memory: Memory, turn: Turn) -> Decision | None:
    """A page first seen inside the flow this policy started, whose own controls (not the
    site's chrome) hold one button: the page's one action, a form's submit, in any
    language. Not what words say keeps, dismisses or offers, nor a button in a section
    naming a percentage (an offer). The gate decides whether it asks; after a few such
    presses nothing more is guessed."""
    snapshot = turn.snapshot
    url = page_of(snapshot.page.url)
    if not memory.started or memory.final_clicked or url not in memory.flow_pages:
        return None
    if memory.primaries >= 3:
        return None
    own = [c for c in turn.shown if c.role == "button" and not memory.chrome(snapshot, c)]
    if len(own) != 1:
        return None
    button = next((c for c in turn.live if c.ref == own[0].ref), None)
    if button is None or _holds_back(button.name):
        return None
    if _offers(turn, button):
        return None
    memory.primaries += 1
    return memory.click(snapshot, button, f"Taking the page's one action: '{button.name}'")


def way_in(memory: Memory, turn: Turn) -> Decision | None:
    """No words led on: a link of the subscription's own block, the lines that state its
    price or its next date and the lines right after them (not the site's chrome, not a
    menu above nor a footer further down); of those nearest, the last (a way out comes
    after the plan's other choices). Links only: following one commits nothing. Names the
    page repeats (a plan picker's) are passed over; a wrong turn is walked back
    (``retreat``) and the next one tried."""
    if memory.final_clicked:
        return None
    snapshot = turn.snapshot
    names = [c.name for c in turn.shown]
    lines = snapshot.page.text.split("\n")
    marks = [i for i, line in enumerate(lines) if _priced_or_dated(line)]
    ranked: list[tuple[int, int, Control]] = []
    for order, c in enumerate(turn.live):
        if c.role != "link" or not c.name or names.count(c.name) != 1:
            continue
        if memory.chrome(snapshot, c) or _holds_back(c.name):
            continue
        at = [i for i, line in enumerate(lines) if c.name in normalize(line)]
        gaps = [i - m for i in at for m in marks if i >= m]
        if gaps:
            ranked.append((min(gaps), -order, c))
    if not ranked:
        return None
    link = min(ranked, key=lambda r: (r[0], r[1]))[2]
    memory.started = True
    memory.way_ins += 1
    return memory.click(snapshot, link, f"Following the subscription's own link: '{link.name}'")


def retreat(memory: Memory, turn: Turn) -> Decision | None:
    """A page reached by ``way_in`` with nothing to do on it: its own way back (a link
    no other page showed), so the next link of the subscription's block is tried."""
    if not memory.way_ins or memory.final_clicked or memory.retreats >= 3:
        return None
    back = next(
        (
            c
            for c in turn.live
            if c.role == "link"
            and c.name
            and not memory.chrome(turn.snapshot, c)
            and not _priced_or_dated(c.name)
        ),
        None,
    )
    if back is None:
        return None
    memory.retreats += 1
    return memory.click(turn.snapshot, back, f"Going back: '{back.name}'")


def open_collapsed(memory: Memory, turn: Turn) -> Decision | None:
    """Nothing else on a page read whole: open what is collapsed (a support chat, a menu),
    once each; what opens is read on the next turn."""
    if memory.final_clicked:
        return None
    for control in turn.live:
        if control.role in CONTROL_ROLES and "collapsed" in control.state:
            if KEEP.search(control.name):
                continue
            return memory.click(turn.snapshot, control, f"Opening: '{control.name}'")
    return None


def look_further(memory: Memory, turn: Turn) -> Decision:
    """Nothing to do in view: the whole page once, then further down, then a dead end."""
    snapshot = turn.snapshot
    url, scroll_y = snapshot.page.url, snapshot.viewport.scroll_y
    if url not in memory.looked_whole:
        memory.looked_whole.add(url)
        why = "Nothing to do in view; reading the whole page"
        return tool("get_snapshot", {"viewport_only": False}, why)
    if memory.scrolled_to.get(url) != scroll_y:  # not yet at the bottom: read further down
        memory.scrolled_to[url] = scroll_y
        why = "Nothing to do in view; scrolling down"
        return tool("browser_scroll", {"direction": "down", "amount": 600}, why)
    return complete("failed", f"Dead end: no way to cancel found on {snapshot.page.url}")


def _holds_back(name: str) -> bool:
    """Words say the control keeps, takes an offer, dismisses or goes back: never a way on."""
    return bool(
        KEEP.search(name) or OFFER.search(name) or DISMISS.search(name) or DECLINE.search(name)
    )


def _offers(turn: Turn, control: Control) -> bool:
    """The control's section names a percentage: a discount offered to stay, in any language."""
    return "%" in section_text(turn.snapshot, control.ref)


def _priced_or_dated(text: str) -> bool:
    return bool(PRICE.search(text) or find_date(text))
