"""Pruning rules (what is in, the ranking, the states), as pure functions over a ``RawCapture``.

Precedence, where the exclusion and inclusion lists overlap: hidden and (with ``viewport_only``)
offscreen elements are always out; the excluded roles (generic, presentation, none, separator)
are out unless the element is keyboard focusable, because focusability is the contract's own
stand-in for click handlers it cannot see. The document itself (RootWebArea, WebArea) is the
page, not an element on it: never admitted, though Chrome reports it focusable. Depth is counted
over included elements (wrapper divs do not count); an element deeper than ``max_depth`` hangs
off its ancestor at that depth, so capping the tree never hides a control.

The count cap keeps the contract's ranking (``rank_key``). The token budget puts the controls in
view first, in the order a person would use them (``person_order``: a dialog's, then a form's
fields and buttons, then the content's, navigation and footer links last, though every landmark
keeps its first few; by structure and position, never by words): headings, regions and their
children lists give way before any of them. A control in view is dropped only when shorter names
cannot make room: long names are first cut (a "..." marking the cut) to the most tokens each,
down to ``PruneLimits.min_name_tokens``, at which every in-view control fits, then to what tells
each from the other names (``distinct_names``), but only if that holds every control in view: a
stem like "Str..." is worth its unreadability only then. When not even that holds them, names
stay at the floor (names whose cuts would read alike keep their ends too, ``keep_ends``), the
controls a person would use last go. The cut is in tokens, not characters, so that it costs
every script alike, but never leaves fewer than ``min_name_chars`` characters (the estimate
weighs an ideograph at 2 tokens, about twice the yardstick's, so six tokens would leave two).
What is still left out is counted (``Coverage``), and the snapshot says so.
"""

from __future__ import annotations

import bisect
import functools
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from subterminator.browser.capture import RawCapture, RawNode
from subterminator.models.snapshot import (
    MAX_ELEMENTS,
    MAX_NAME_LENGTH,
    NO_INTERACTIVITY_ROLES,
    BoundingBox,
    ElementState,
)
from subterminator.snapshot.element import (
    FULLY_VISIBLE,
    OFFSCREEN,
    PARTLY_VISIBLE,
    ElementInfo,
)
from subterminator.snapshot.tokens import estimate_tokens, prefix_units

INTERACTIVE_ROLES = frozenset(
    {
        "button",
        "link",
        "checkbox",
        "radio",
        "textbox",
        "combobox",
        "listbox",
        "menuitem",
        "menuitemcheckbox",
        "menuitemradio",
        "tab",
        "switch",
        "slider",
    }
)
LANDMARK_ROLES = frozenset({"region", "dialog", "alert", "alertdialog"})
EXCLUDED_ROLES = frozenset({"generic", "presentation", "none", "separator", "StaticText"})
CHECKABLE_ROLES = frozenset(
    {"checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio", "option"}
)
VALUE_ROLES = frozenset({"textbox", "searchbox", "combobox", "spinbutton", "slider", "listbox"})
_ROLE_RANK = {
    **dict.fromkeys(("button", "link"), 0),
    **dict.fromkeys(("checkbox", "radio", "textbox"), 1),
    **dict.fromkeys(("combobox", "listbox"), 2),
    "searchbox": 1,  # ARIA: a textbox
    "heading": 3,
    **dict.fromkeys(("region", "dialog"), 4),
}
_SPACE = re.compile(r"\s+")


@dataclass(frozen=True)
class PruneLimits:
    max_elements: int = MAX_ELEMENTS
    max_depth: int = 10
    max_name_length: int = MAX_NAME_LENGTH
    # Under budget pressure names are cut to this many estimated tokens, and no fewer
    # characters, before in-view controls are dropped: 6 tokens are 15 ASCII characters and
    # "..."; 5 ideographs weigh about as much by the yardstick (~5 tokens). Either still
    # tells one headline or product from the next, and the page's text has them whole.
    min_name_tokens: int = 6
    min_name_chars: int = 5
    element_token_budget: int = 2000  # hard limit for the elements JSON: a turn stays in budget
    # The page's visible text beside the elements (the model gets ~2 KB of it); its
    # own budget, so prose never crowds out controls.
    text_token_budget: int = 500


@functools.lru_cache(maxsize=8192)  # the page looked at again has the same names
def truncate(text: str, limit: int = MAX_NAME_LENGTH) -> str:
    text = _SPACE.sub(" ", text).strip()
    return text if len(text) <= limit else text[:limit] + "..."


@functools.lru_cache(maxsize=4096)
def _costs(name: str) -> tuple[int, list[int] | None]:
    """A name's estimated tokens, and (non-ASCII) the units of each of its prefixes; pruning
    asks for the same names at several lengths, and again on the next snapshot."""
    return estimate_tokens(name), None if name.isascii() else prefix_units(name)


def shorten(name: str, tokens: int, min_chars: int = 0) -> str:
    """``name`` within ``tokens`` estimated tokens: whole, or its longest prefix that fits
    with "..." (a token) after it. The prefix keeps at least ``min_chars`` characters (and
    one), which may cost more than ``tokens``; a cut no shorter or no cheaper than the whole
    name is not made. A cut never parts a letter from its combining marks."""
    least = max(min_chars, 1)
    if len(name) <= least + 3:
        return name
    whole, units = _costs(name)
    if whole <= tokens:
        return name
    room = 3 * max(0, tokens - 1)
    # ceil(bytes / 3) for ASCII; else the longest prefix the estimate puts within the room
    end = room if units is None else bisect.bisect_right(units, room) - 1
    end = min(end, len(name) - 4)  # the cut, "..." and all, is shorter than the name
    while least < end < len(name) and unicodedata.combining(name[end]):
        end -= 1
    cut = _stem(name, end, least) + "..."
    while units is not None and end > least and estimate_tokens(cut) > tokens:
        end -= 1  # the estimate of the cut decides, whatever its prefixes' units said
        cut = _stem(name, end, least) + "..."
    return cut if len(cut) < len(name) and estimate_tokens(cut) < whole else name


def _stem(name: str, end: int, least: int) -> str:
    """``name[:end]`` without the spaces at its end, lengthened to ``least`` characters."""
    end = max(end, least)
    stem = name[:end].rstrip()
    while len(stem) < least and end < len(name):  # a space at the cut does not count
        end += 1
        stem = name[:end].rstrip()
    return stem


def is_included(node: RawNode) -> bool:
    """Inclusion and exclusion by role, focus and name (visibility is checked separately)."""
    if node.hidden:
        return False
    if node.role in EXCLUDED_ROLES and not node.focusable:
        return False
    if node.role in INTERACTIVE_ROLES or node.role in LANDMARK_ROLES:
        return True
    if node.role == "heading" and node.level in (1, 2, 3):
        return True
    return node.focusable and node.role not in ("RootWebArea", "WebArea")


def visibility(node: RawNode, width: int, height: int) -> int:
    box = node.box
    if box is None:
        return OFFSCREEN
    if box.x >= 0 and box.y >= 0 and box.x + box.width <= width and box.y + box.height <= height:
        return FULLY_VISIBLE
    if box.x + box.width > 0 and box.y + box.height > 0 and box.x < width and box.y < height:
        return PARTLY_VISIBLE
    return OFFSCREEN


def states(node: RawNode, seen: int) -> list[ElementState]:
    """An element's states, in the contract's order."""
    out: list[ElementState] = ["offscreen" if seen == OFFSCREEN else "visible"]
    if node.role not in NO_INTERACTIVITY_ROLES:  # headings and landmarks: no such state
        out.append("disabled" if node.disabled else "enabled")
    if node.readonly:
        out.append("readonly")
    if node.role in CHECKABLE_ROLES or node.checked is not None:
        out.append({"true": "checked", "mixed": "mixed"}.get(node.checked or "", "unchecked"))  # type: ignore[arg-type]
    if node.expanded is not None:
        out.append("expanded" if node.expanded else "collapsed")
    if node.focused:
        out.append("focused")
    if node.busy:
        out.append("busy")
    return out


_NO_BOX = BoundingBox(x=0, y=0, width=0, height=0)


def _bbox(node: RawNode) -> BoundingBox:
    box = node.box
    if box is None:
        return _NO_BOX
    # whole pixels, never negative in size: valid by construction (a box an element; one
    # validated per element was a fifth of choosing the candidates)
    return BoundingBox.model_construct(
        x=round(box.x),
        y=round(box.y),
        width=max(0, round(box.width)),
        height=max(0, round(box.height)),
    )


def candidates(capture: RawCapture, viewport_only: bool, limits: PruneLimits) -> list[ElementInfo]:
    """Every element the rules admit, in DFS order, with parents among the admitted."""
    width, height = capture.viewport.width, capture.viewport.height
    admitted: dict[int, int] = {}  # raw index -> position in result
    result: list[ElementInfo] = []
    for index, node in enumerate(capture.nodes):
        seen = visibility(node, width, height)
        if not is_included(node) or (viewport_only and seen == OFFSCREEN):
            continue
        # Up the ancestors to the nearest admitted one. Each step must go to an earlier node:
        # a corrupt capture's self-parent or cycle would otherwise loop forever.
        parent = node.parent if node.parent is not None and 0 <= node.parent < index else None
        while parent is not None and parent not in admitted:
            up = capture.nodes[parent].parent
            parent = up if up is not None and 0 <= up < parent else None
        name = node.name
        if not name.strip() and node.text:
            name = node.text  # live regions and role-less custom controls: their text says it
        value = node.value if node.role in VALUE_ROLES and node.value is not None else None
        admitted[index] = len(result)
        result.append(
            ElementInfo(
                role=node.role,
                name=truncate(name, limits.max_name_length),
                state=states(node, seen),
                bbox=_bbox(node),
                handle=node.handle,
                value=None if value is None else truncate(value, limits.max_name_length),
                level=node.level if node.role == "heading" and node.level in range(1, 7) else None,
                parent=None if parent is None else admitted[parent],
                visibility=seen,
                order=index,
                secret=node.secret,
                code_shaped=node.code_shaped,
            )
        )
    return result


def rank_key(element: ElementInfo) -> tuple[int, int, int]:
    """Viewport visibility, then role priority, then document order: what a person sees first."""
    return (element.visibility, _ROLE_RANK.get(element.role, 5), element.order)


@dataclass(frozen=True, slots=True)
class Tried:
    """One try of a pruning: which of ``pool`` it keeps (indices, in document order) and each
    one's parent among the kept. Measured as it is: a pruning tries a dozen, and copying the
    kept elements for each was much of its time; only the one sent is built (``elements``)."""

    pool: list[ElementInfo]
    kept: list[int]
    parents: list[int | None]

    def elements(self) -> list[ElementInfo]:
        return [self.pool[i].but(parent=p) for i, p in zip(self.kept, self.parents, strict=True)]


def kept_tree(elements: list[ElementInfo], chosen: set[int], max_depth: int) -> Tried:
    """The chosen elements in document order, parents re-linked and depth capped."""
    position: dict[int, int] = {}
    depth: list[int] = []
    kept: list[int] = []
    parents: list[int | None] = []
    for index in sorted(chosen):
        parent = elements[index].parent
        while parent is not None and parent not in position:
            parent = elements[parent].parent
        new_parent = None if parent is None else position[parent]
        while new_parent is not None and depth[new_parent] >= max_depth:
            new_parent = parents[new_parent]
        position[index] = len(kept)
        depth.append(1 if new_parent is None else depth[new_parent] + 1)
        kept.append(index)
        parents.append(new_parent)
    return Tried(elements, kept, parents)


def keep(elements: list[ElementInfo], chosen: set[int], max_depth: int) -> list[ElementInfo]:
    """``kept_tree``'s elements."""
    return kept_tree(elements, chosen, max_depth).elements()


def link(elements: list[ElementInfo], refs: list[str]) -> None:
    """Give elements their refs and fill every parent's ``children``."""
    for element, ref in zip(elements, refs, strict=True):
        element.ref = ref
        element.children = []
    for element in elements:
        if element.parent is not None:
            elements[element.parent].children.append(element.ref)


# Landmarks a page makes focusable only to move focus there (a skip link's <main
# tabindex="-1">): admitted, as focusable, but a place, not something one acts on.
PLACE_ROLES = frozenset(
    {"main", "navigation", "banner", "contentinfo", "complementary", "form", "search"}
)


def is_control(element: ElementInfo) -> bool:
    """An element one acts on: anything admitted but headings and landmarks."""
    return element.role not in NO_INTERACTIVITY_ROLES and element.role not in PLACE_ROLES


@dataclass(frozen=True)
class Coverage:
    """What the budget did to the controls a person sees: how many the page has in view, how
    many were kept, and how many estimated tokens over the budget all of them would take."""

    in_view: int = 0
    kept: int = 0
    tokens_short: int = 0


# Where a control sits, by the landmark roles above it: what a person deals with first. A
# modal dialog is in front of everything; a form's (or search's) fields and buttons are what
# one fills in; the page's own content next; the header and side bars after it; the
# navigation and footer link lists last. Chrome gives the roles, explicit or implied by the
# tag (HTML-AAM as Chrome reads it: a <header> inside an <article> is a section header, no
# banner). A form without a name is no landmark to HTML-AAM, but Chrome calls it a form and
# so does this ranking: its fields are what one fills in wherever it sits (a log-in or a
# search in a header), and a stray one (a footer's sign-up) costs a slot or two.
_PLACE_TIER = {
    **dict.fromkeys(("dialog", "alertdialog"), 0),
    **dict.fromkeys(("form", "search"), 1),
    **dict.fromkeys(("main", "region", "article"), 2),
    **dict.fromkeys(("banner", "complementary"), 3),
    **dict.fromkeys(("navigation", "contentinfo"), 4),
}
_NO_PLACE = 2  # no landmark around it: the page's content
# The controls each kind of landmark in view (header, navigation, side bar, the content
# outside any) keeps before any other takes more (``person_order``): a site header's account
# and search buttons, a side bar's first filters. By kind, not by landmark: a page of twenty
# navigation lists or articles shares six, not 120. The footer has none: its links are what
# a person reaches for last.
SHARE = 6
# The fewest characters a name keeps at the last floor, where a name is cut to what tells it
# from the other controls' names: three still read as the start of a word or two ideographs
# and a kana, and the box says where it is.
DISTINCT_MIN_CHARS = 3
_DISTINCT = -1  # the pool key of names cut to what tells them apart


def regions(capture: RawCapture) -> list[int]:
    """Each raw node's nearest landmark above it (a role of ``_PLACE_TIER``), by its index;
    -1 for none: the page itself."""
    inner: list[int] = []  # the landmark a node puts what it holds under
    out: list[int] = []
    for index, node in enumerate(capture.nodes):
        parent = node.parent if node.parent is not None and 0 <= node.parent < index else None
        above = -1 if parent is None else inner[parent]
        out.append(above)
        inner.append(index if node.role in _PLACE_TIER else above)
    return out


def person_order(admitted: list[ElementInfo], chosen: list[int], capture: RawCapture) -> list[int]:
    """``chosen`` (indices into ``admitted``) in the order a person would use them: by
    ``person_key``, but each kind of landmark in view (its role) first gets its first
    ``SHARE`` controls, so that a long main content never leaves the header's account menu
    or the side bar's filters out. What is in a dialog is exempt: it is in front of all."""
    where = places(capture)
    region = regions(capture)
    ranked = sorted(chosen, key=lambda i: person_key(admitted[i], where[admitted[i].order]))
    taken: dict[str, int] = {}
    first: list[int] = []
    rest: list[int] = []
    for i in ranked:
        order = admitted[i].order
        if where[order] == 0 or admitted[i].role in ("dialog", "alertdialog"):
            first.append(i)
            continue
        mark = region[order]
        kind = "" if mark < 0 else capture.nodes[mark].role
        taken[kind] = taken.get(kind, 0) + 1
        share = SHARE if kind != "contentinfo" else 0
        (first if taken[kind] <= share else rest).append(i)
    return first + rest


def places(capture: RawCapture) -> list[int]:
    """Each raw node's place tier (``_PLACE_TIER``): the nearest landmark above it decides,
    but anything inside a dialog stays in the dialog's tier."""
    inner: list[int] = []  # the tier a node gives what it holds
    tiers: list[int] = []
    for index, node in enumerate(capture.nodes):
        parent = node.parent if node.parent is not None and 0 <= node.parent < index else None
        place = _NO_PLACE if parent is None else inner[parent]
        own = _PLACE_TIER.get(node.role)
        tiers.append(place)
        inner.append(place if own is None or place == 0 else own)
    return tiers


def person_key(element: ElementInfo, place: int) -> tuple[int, ...]:
    """The order a person would use the controls in view: by place (``_PLACE_TIER``); wholly
    in view before partly; then the contract's role priority (buttons and links, then fields,
    then other widgets); higher first, the larger of two at one height first; then document
    order. Within a place, the role priority keeps the most controls a budget can hold: a
    button or link costs fewer tokens than a field with its state and value."""
    box = element.bbox
    role = _ROLE_RANK.get(element.role, 5)
    if element.role in ("dialog", "alertdialog"):
        place = 0  # the dialog itself is in front, with what it holds
    return (place, element.visibility, role, box.y, -box.width * box.height, element.order)


def _common(a: str, b: str) -> int:
    return next(
        (k for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )


def _shared_starts(names: Iterable[str]) -> dict[str, int]:
    """Each distinct name, and the longest start it shares with another: sorted, a name
    shares most with a neighbour."""
    unique = sorted(set(names))
    return {
        name: max(
            _common(name, unique[k - 1]) if k else 0,
            _common(name, unique[k + 1]) if k + 1 < len(unique) else 0,
        )
        for k, name in enumerate(unique)
    }


def _wide(text: str) -> int:
    """1 if ``text`` is all wide characters (ideographs, kana, hangul): two of them hold a
    word, as three letters start one; else 0."""
    return int(bool(text) and all(unicodedata.east_asian_width(c) in "WF" for c in text))


def distinct_names(names: list[str], min_chars: int = DISTINCT_MIN_CHARS) -> dict[str, str]:
    """Each name cut to the fewest characters (no fewer than ``min_chars``) that still tell it
    from every other name in ``names``, "..." marking the cut, where the cut costs fewer
    estimated tokens than the whole (three ideographs weigh what fifteen letters do)."""
    out: dict[str, str] = {}
    for name, shared in _shared_starts(names).items():
        least = min_chars - _wide(name[:min_chars])
        end = max(least, shared + 1)
        stem = name[:end].rstrip()
        while len(stem) < least and end < len(name):  # a space at the cut does not count
            end += 1
            stem = name[:end].rstrip()
        cut = stem + "..."
        shorter = len(cut) < len(name) and estimate_tokens(cut) < estimate_tokens(name)
        out[name] = cut if shorter else name
    return out


def _largest_fitting(low: int, high: int, over: Callable[[int], int]) -> int:
    """The largest ``n`` in ``[low, high]`` with ``over(n) <= 0`` (its excess over the
    budget), given that of ``low`` (or low). Tokens grow about evenly with ``n``, so a probe
    goes where a line through the nearest fitting and failing excesses crosses the budget,
    and halves the range instead after a guess that did not: four probes where halving alone
    took seven, each a measure of the whole snapshot."""
    fit: tuple[int, int] | None = None  # the largest n seen to fit, and its excess
    miss: tuple[int, int] | None = None  # the smallest seen not to
    halve = False
    while low < high:
        width, guessed = high - low, False
        if not halve and fit is not None and miss is not None:
            (a, fit_by), (b, miss_by), guessed = fit, miss, True
            middle = min(max(a + (b - a) * -fit_by // (miss_by - fit_by), low + 1), high)
        else:
            middle = (low + high + 1) // 2
        excess = over(middle)
        if excess <= 0:
            low, fit = middle, (middle, excess)
        else:
            high, miss = middle - 1, (middle, excess)
        halve = guessed and 2 * (high - low) > width
    return low


def prune(
    capture: RawCapture,
    viewport_only: bool,
    limits: PruneLimits,
    measure: Callable[[Tried], int],
) -> list[ElementInfo]:
    """``prune_covered``'s elements."""
    return prune_covered(capture, viewport_only, limits, measure)[0]


class _Tries:
    """The tries of one pruning: the first ``count`` of an order of the admitted elements,
    names cut to a cap, each try measured once against the budget (a measure renders the
    whole snapshot)."""

    def __init__(
        self,
        admitted: list[ElementInfo],
        limits: PruneLimits,
        measure: Callable[[Tried], int],
        order: list[int],
    ) -> None:
        self.admitted, self.limits, self.measure = admitted, limits, measure
        self.order, self.reach = order, len(order)
        self.most = len(order)  # the count cap: no try but the whole view's takes more
        self.pools: dict[int | None, list[ElementInfo]] = {None: admitted}
        self.measured: dict[tuple[int, int | None], int] = {}

    def reorder(self, order: list[int], reach: int) -> None:
        """A new order; the names of its first ``reach`` may be cut."""
        self.order, self.reach = order, reach
        self.pools = {None: self.admitted}
        self.measured.clear()

    def take(self, count: int, cap: int | None = None) -> Tried:
        return kept_tree(self.pool(cap), set(self.order[:count]), self.limits.max_depth)

    def over(self, count: int, cap: int | None = None) -> int:
        """By how many tokens the try exceeds the budget (at most 0: it fits)."""
        key = (count, cap)
        if key not in self.measured:
            tokens = self.measure(self.take(count, cap))
            self.measured[key] = tokens - self.limits.element_token_budget
        return self.measured[key]

    def pool(self, cap: int | None) -> list[ElementInfo]:
        """The admitted elements, names cut to ``cap`` tokens (``None``: as they are;
        ``_DISTINCT``: to the floor, then to what tells them apart). A cap's cuts are made
        for the first ``most`` alone, as no try of it takes more (a page of 300 links in
        view cut 300 names for a try of 100); ``_DISTINCT``'s for the first ``reach``,
        every control in view, whose whole is measured for what the budget lacks."""
        if cap not in self.pools:
            top = set(self.order[: self.reach if cap == _DISTINCT else self.most])
            self.pools[cap] = _named(self.admitted, top, cap, self.limits)
        return self.pools[cap]


def prune_covered(
    capture: RawCapture,
    viewport_only: bool,
    limits: PruneLimits,
    measure: Callable[[Tried], int],
) -> tuple[list[ElementInfo], Coverage]:
    """The highest-ranked elements within the count cap and ``measure``'s token budget (the
    tokens of the elements as the model will see them, refs and children filled in), and
    what that left of the controls in view. The count cap keeps the contract's ranking; when
    the budget binds, the controls in view (and dialogs) come first, in a person's order
    (``person_key``), headings and regions giving way; then names are cut (``_names_cut``),
    and the controls a person would use last go.
    """
    admitted = candidates(capture, viewport_only, limits)
    ranked = sorted(range(len(admitted)), key=lambda i: rank_key(admitted[i]))
    most = min(len(admitted), limits.max_elements)
    in_view = [i for i, e in enumerate(admitted) if _in_view_control(e)]
    tries = _Tries(admitted, limits, measure, ranked[:most])
    if tries.over(most) <= 0:
        whole = tries.take(most).elements()
        return whole, Coverage(len(in_view), sum(map(_in_view_control, whole)), 0)
    # The budget binds: the controls in view first, from all admitted (the count cap's
    # ranking would put a footer's links before a dialog's fields), the rest as ranked.
    first = person_order(
        admitted,
        [i for i, e in enumerate(admitted) if _in_view_control(e) or _in_view_dialog(e)],
        capture,
    )
    chosen = set(first)
    tries.reorder(first + [i for i in ranked if i not in chosen], max(most, len(first)))
    needed = min(len(first), most)
    longest = max((estimate_tokens(admitted[i].name) for i in first), default=0)
    cap, low = _names_cut(needed, tries.over, limits.min_name_tokens, longest)
    kept = tries.take(_largest_fitting(low, most, lambda n: tries.over(n, cap)), cap).elements()
    short = 0 if low == len(first) else tries.over(len(first), _DISTINCT)
    held = sum(1 for e in kept if _in_view_control(e))
    return kept, Coverage(len(in_view), held, max(0, short))


def _named(
    admitted: list[ElementInfo], top: set[int], cap: int | None, limits: PruneLimits
) -> list[ElementInfo]:
    """``admitted``, the names of ``top`` cut to ``cap`` tokens (``_DISTINCT``: to the floor,
    then to what tells them apart); names whose cuts read alike keep their ends as well."""
    floor = limits.min_name_tokens if cap is None or cap == _DISTINCT else cap
    apart = distinct_names([admitted[i].name for i in top]) if cap == _DISTINCT else {}
    cuts = {i: _cut(admitted[i].name, floor, limits.min_name_chars, apart) for i in top}
    alike = _alike(cuts, admitted)
    ends: dict[str, int] = {}
    for group in alike.values():
        if len(group) > 1:
            ends.update(ends_apart(group))
    for i, cut in cuts.items():
        name = admitted[i].name
        if len(alike[cut]) > 1:
            cuts[i] = keep_ends(name, cut, ends[name], limits.min_name_chars)
    return [e.but(name=cuts[i], parent=e.parent) if i in top else e for i, e in enumerate(admitted)]


def _alike(cuts: dict[int, str], admitted: list[ElementInfo]) -> dict[str, dict[str, None]]:
    """Each cut name, and the whole names cut to it."""
    whole: dict[str, dict[str, None]] = {}
    for i, cut in cuts.items():
        if cut.endswith("..."):
            whole.setdefault(cut, {})[admitted[i].name] = None
    return {cut: whole.get(cut, {}) for cut in cuts.values()}


_WORD_REACH = 4  # how many characters the kept end reaches back to start with a word


def keep_ends(name: str, cut: str, apart: int, min_chars: int = 0) -> str:
    """``name`` as its start, "...", and its end, no dearer than ``cut`` (its start alone):
    "Trending...title 7" where "Trending Now ti..." reads like every other tile. The end is
    the ``apart`` last characters that tell it from the others cut alike (``ends_apart``), at
    least half of what ``cut`` kept; ``cut`` itself if that cannot be had for its price or
    would keep fewer than ``min_chars`` characters."""
    kept = len(cut) - 3
    price = estimate_tokens(cut)
    tail = max((kept + 1) // 2, apart)
    start = len(name) - tail
    space = name.rfind(" ", 0, start)
    inside = 0 < start < len(name) and " " not in name[start - 1 : start + 1]
    if inside and space > 0 and start - space <= _WORD_REACH:
        tail = len(name) - space - 1  # the end starts with a word, not in one
    head = kept - tail
    while head >= 1:
        start = len(name) - tail
        while start < len(name) and unicodedata.combining(name[start]):
            start += 1
        shown = name[:head].rstrip() + "..." + name[start:].lstrip()
        if len(shown) - 3 < min_chars:
            break
        if estimate_tokens(shown) <= price and len(shown) < len(name):
            return shown
        head -= 1
    return cut


def ends_apart(names: Iterable[str]) -> dict[str, int]:
    """For each of ``names``, how many of its last characters no other one ends with: sorted
    back to front, a name shares most of its end with a neighbour."""
    shared = _shared_starts(name[::-1] for name in names)
    return {eman[::-1]: min(len(eman), most + 1) for eman, most in shared.items()}


def _names_cut(
    needed: int, over: Callable[[int, int | None], int], floor: int, longest: int
) -> tuple[int | None, int]:
    """How far names are cut (a token cap, ``_DISTINCT`` or ``None``) and how many of the
    order surely fit: the longest names that let the ``needed`` first elements in. Names cut
    to what tells them apart only when that lets all of them in; else the floor, and fewer.
    ``over`` is the budget's excess of a try (count, cap)."""
    if not needed or over(needed, None) <= 0:
        return None, needed
    if over(needed, floor) <= 0:
        return _largest_fitting(floor, longest, lambda c: over(needed, c)), needed
    if over(needed, _DISTINCT) <= 0:  # names as short as tells them apart hold every one
        return _DISTINCT, needed
    # They cannot all be held: readable names (the floor) for those kept, the last in a
    # person's order left out, and the meta says what is missing.
    return floor, 0


def _cut(name: str, floor: int, min_chars: int, apart: dict[str, str]) -> str:
    """``name`` cut to ``floor`` tokens, or to what tells it apart (``apart``) if shorter."""
    cut = shorten(name, floor, min_chars)
    other = apart.get(name)
    return other if other is not None and len(other) < len(cut) else cut


def _in_view_dialog(element: ElementInfo) -> bool:
    return element.visibility != OFFSCREEN and element.role in ("dialog", "alertdialog")


def _in_view_control(element: ElementInfo) -> bool:
    return element.visibility != OFFSCREEN and is_control(element)
