"""Several subscriptions on one page: which sections they are, and which one is the target.

An account may list a membership and its add-ons, each with controls of its own. They are
found by structure, in any language: sibling sections (a heading, and what follows it up to
the next heading of its level or above) that each hold a control of the same role and name
("Cancel" under each, "Kanselahin" under each; an expander does not count) and each state what
a subscription states, a price or a date (a currency sign or a year beside digits): a page of
options, each behind its own "Show more", is not a list of subscriptions. The target is the service's
(``ServiceConfig.target``: a plan or product name as the page shows it); with none named, it is
the membership, not an add-on: the one section the page does not name as an add-on, else the
one naming the service. When neither tells, ``pick`` says so, and the caller asks a person.

A section's name is the page's words: it is matched and shown (``untrusted.shown``), never
obeyed.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from subterminator.models.snapshot import Element, Snapshot
from subterminator.safety.text import normalize

CONTROLS = frozenset({"button", "link", "menuitem", "switch", "checkbox", "radio", "tab"})

# Names an add-on or extra gives itself: across languages, and the words shops keep in English.
ADD_ON = re.compile(
    r"\badd[- ]?ons?\b|\bextras?\b|\bextra (member|slot)|\bbundle\b|\bpack\b|\bupgrade\b"
    r"|\bzusatz|\bsupplement|\badicional\b|\baggiuntiv|\bdodat"
    r"|追加|附加|추가|дополнит",
)


@dataclass(frozen=True)
class Subscription:
    """One subscription's section: its name as printed, and the elements inside it."""

    name: str
    heading: str  # the heading's ref
    refs: frozenset[str]
    text: str  # the page's text from its heading up to the next section's

    @property
    def key(self) -> str:
        return normalize(self.name)


def _level(element: Element) -> int:
    return element.level or 2


def subscriptions(snapshot: Snapshot, known: Iterable[str] = ()) -> list[Subscription]:
    """The sibling sections that repeat a control of their own (at least two), in page order;
    empty when the page shows one subscription or none. ``known``: names (normalised) a list
    had earlier in the run; sections under such headings are the list still, when a
    cancelled one has lost its control."""
    found = _repeated(snapshot)
    names = set(known)
    if len(found) >= 2 or not names:
        return found
    elements = snapshot.elements
    heads = [
        i for i, e in enumerate(elements) if e.role == "heading" and normalize(e.name) in names
    ]
    if len(heads) < 2:
        return found
    ends = [*heads[1:], len(elements)]
    return [_section(snapshot, i, end, heads) for i, end in zip(heads, ends, strict=True)]


def _repeated(snapshot: Snapshot) -> list[Subscription]:
    elements = snapshot.elements
    heads = [i for i, e in enumerate(elements) if e.role == "heading" and e.name.strip()]
    spans: dict[int, tuple[int, int, int]] = {}  # heading index -> (end, parent, level)
    for n, i in enumerate(heads):
        level = _level(elements[i])
        end = next((j for j in heads[n + 1 :] if _level(elements[j]) <= level), len(elements))
        parent = next((j for j in reversed(heads[:n]) if _level(elements[j]) < level), -1)
        spans[i] = (end, parent, level)
    groups: dict[tuple[int, int], list[int]] = {}
    for i, (_, parent, level) in spans.items():
        groups.setdefault((parent, level), []).append(i)
    best: list[int] = []
    for members in groups.values():
        if len(members) < 2:
            continue
        keys = {i: _control_keys(elements[i + 1 : spans[i][0]]) for i in members}
        keys = {i: k for i, k in keys.items() if k and _billed(snapshot, elements[i], members)}
        counts = Counter(k for i in members for k in keys.get(i, set()))
        shared = [k for k, n in counts.items() if n >= 2]
        if not shared:
            continue
        top = max(shared, key=lambda k: counts[k])
        chosen = [i for i in members if top in keys.get(i, set())]
        if len(chosen) > len(best):
            best = chosen
    return [_section(snapshot, i, spans[i][0], best) for i in best]


def _control_keys(section: list[Element]) -> set[tuple[str, str]]:
    """A section's own controls, by role and name; expanders (a state of their own) aside."""
    return {
        (e.role, normalize(e.name))
        for e in section
        if e.role in CONTROLS and e.name and not {"collapsed", "expanded"} & set(e.state)
    }


_YEAR = re.compile(r"(?<!\d)(19|20)\d\d(?!\d)")


def _billed(snapshot: Snapshot, head: Element, siblings: list[int]) -> bool:
    """The section's text states a price or a date: a currency sign, or a year."""
    after = [snapshot.elements[j].name for j in siblings]
    at = after.index(head.name) if head.name in after else -1
    nxt = after[at + 1] if 0 <= at < len(after) - 1 else None
    text = _text_between(snapshot, head, nxt)
    money = any(unicodedata.category(c) == "Sc" for c in text) and any(c.isdigit() for c in text)
    return money or bool(_YEAR.search(text))


def _section(snapshot: Snapshot, start: int, end: int, siblings: list[int]) -> Subscription:
    elements = snapshot.elements
    head = elements[start]
    inner = elements[start + 1 : end]
    refs = {e.ref for e in inner} | {head.ref}
    for e in inner:  # a container inside the section brings its children
        refs.update(e.children or [])
    nxt = next((elements[j].name for j in siblings if j > start), None)
    return Subscription(head.name, head.ref, frozenset(refs), _text_between(snapshot, head, nxt))


def _text_between(snapshot: Snapshot, head: Element, until: str | None) -> str:
    """The page text's lines from the section's heading up to the next section's."""
    lines = snapshot.page.text.split("\n")
    key = normalize(head.name)
    start = next((i for i, line in enumerate(lines) if normalize(line) == key), None)
    if start is None:
        return ""
    stop = len(lines)
    if until is not None:
        want = normalize(until)
        stop = next((i for i in range(start + 1, len(lines)) if normalize(lines[i]) == want), stop)
    return "\n".join(lines[start:stop])


def owner(found: list[Subscription], ref: str) -> Subscription | None:
    """The subscription whose section holds the element ``ref``."""
    return next((s for s in found if ref in s.refs), None)


def pick(found: list[Subscription], target: str = "", service: str = "") -> Subscription | None:
    """The target among ``found``: the one whose name holds the named ``target`` (or is held
    by it); with none named, the membership. None when that is not exactly one."""
    if not found:
        return None
    wanted = normalize(target)
    if wanted:
        named = [s for s in found if wanted in s.key or (s.key and s.key in wanted)]
        return named[0] if len(named) == 1 else None
    main = [s for s in found if not ADD_ON.search(s.key)]
    if len(main) == 1:
        return main[0]
    brand = normalize(service)
    if brand:
        ours = [s for s in (main or found) if brand in s.key]
        if len(ours) == 1:
            return ours[0]
    return None


def narrowed(snapshot: Snapshot, section: Subscription) -> Snapshot:
    """The page as one subscription's section shows it: its elements and its text."""
    elements = [e for e in snapshot.elements if e.ref in section.refs]
    page = snapshot.page.model_copy(update={"text": section.text or section.name})
    return snapshot.model_copy(update={"elements": elements, "page": page})


def section_text(snapshot: Snapshot, ref: str) -> str:
    """The page text under the heading nearest above the element ``ref``, up to the next
    heading: what a control's own section says (its price, its next payment)."""
    elements = snapshot.elements
    at = next((i for i, e in enumerate(elements) if e.ref == ref), None)
    if at is None:
        return ""
    head = next((elements[i] for i in range(at, -1, -1) if elements[i].role == "heading"), None)
    if head is None:
        return ""
    after = next((e.name for e in elements[at:] if e.role == "heading" and e.name), None)
    return _text_between(snapshot, head, after)
