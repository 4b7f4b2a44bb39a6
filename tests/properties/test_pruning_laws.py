"""Pruning laws over generated captures, through the real ``SnapshotFactory.from_capture``
(refs, the inclusion rules, ranking, truncation and states).

Every oracle here is written from the rules as worded, not from ``subterminator.snapshot.pruning``:
the role lists, the inclusion rules, visibility and the ranking are spelled out again below.
The project decisions beyond those rules are its documented precedence (pruning.py's
docstring): an excluded role (and StaticText) stays out unless keyboard focusable, since
focusability stands in for click handlers; the document itself (RootWebArea) is
the page, not an element on it; a searchbox (Chrome's role for <input type=search>) ranks as
the textbox it is in ARIA; and under the token budget a name may be cut shorter than 200
characters (still marked "...") rather than an in-view control dropped. Kept elements map
back to their raw nodes by ``ElementInfo.order``, their position in the capture.

- at most 100 elements, and exactly min(admitted, 100) when the token budget is lifted;
- nothing the pruning rules exclude survives; everything it includes appears when nothing had to go;
- ranking (in view, then role, then document order): no dropped element outranks a kept one,
  where the count cap decides; where the token budget does, the controls in view (and dialogs)
  come before every other element, and among the others the ranking holds;
- names and values: whitespace collapsed, cut at 200 characters plus "..." (a name shorter,
  under budget pressure: a prefix of at least 2 characters plus "...", and only when the
  elements do not all fit whole);
- refs: ``@eN`` in document order, contiguous, continuing across a session's snapshots;
- determinism: the same capture gives the same snapshot;
- corrupt parent links (self, later, out of range, cycles) never hang or break the laws;
- boxes in viewport coordinates, visible/offscreen as the box says, children among the kept
  elements and depth at most 10; states from the fixed list of state words.
"""

from __future__ import annotations

from hypothesis import event, given, settings, target
from hypothesis import strategies as st

from harness.factories import capture_factory as factory
from harness.strategies.captures import captures
from subterminator.browser.capture import RawBox, RawCapture, RawNode, RawViewport
from subterminator.models.snapshot import Snapshot
from subterminator.snapshot.element import ElementInfo
from subterminator.snapshot.pruning import PruneLimits
from subterminator.snapshot.tokens import estimate_json_tokens
from tests.support.cuts import cut_of

# The inclusion rule: "Elements SHALL be included if they match ANY of".
SPEC_INCLUDED_ROLES = {
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
SPEC_LANDMARKS = {"region", "dialog", "alert", "alertdialog"}
SPEC_HEADING_LEVELS = {1, 2, 3}
# "Elements SHALL be excluded if": rule 1, and rule 2's StaticText.
SPEC_EXCLUDED_ROLES = {"generic", "presentation", "none", "separator", "StaticText"}
DOCUMENT_ROLES = {"RootWebArea", "WebArea"}  # the page itself
# role priority, best first.
SPEC_ROLE_PRIORITY = (
    {"button", "link"},
    {"checkbox", "radio", "textbox", "searchbox"},  # ARIA: a searchbox is a textbox
    {"combobox", "listbox"},
    {"heading"},
    {"region", "dialog"},
)
MAX_ELEMENTS, MAX_NAME, MAX_DEPTH = 100, 200, 10
FULLY, PARTLY, OFFSCREEN = "fully", "partly", "offscreen"
VISIBILITY_RANK = {FULLY: 0, PARTLY: 1, OFFSCREEN: 2}
UNLIMITED = PruneLimits(element_token_budget=10**9)

BIG = captures(max_nodes=400, min_nodes=150)  # usually far more than 100 admitted
ANY = captures(max_nodes=260)


def where(box: RawBox | None, viewport: RawViewport) -> str:
    """Fully in the viewport, partly in (overlapping it) or offscreen (no box: offscreen)."""
    if box is None:
        return OFFSCREEN
    left, top, right, bottom = box.x, box.y, box.x + box.width, box.y + box.height
    if left >= 0 and top >= 0 and right <= viewport.width and bottom <= viewport.height:
        return FULLY
    if left < viewport.width and top < viewport.height and right > 0 and bottom > 0:
        return PARTLY
    return OFFSCREEN


def spec_admits(node: RawNode, viewport: RawViewport, viewport_only: bool) -> bool:
    if node.hidden:  # exclusion 3
        return False
    if viewport_only and where(node.box, viewport) == OFFSCREEN:  # exclusion 4
        return False
    if node.role in SPEC_EXCLUDED_ROLES:  # exclusions 1-2, unless focusable (precedence)
        return node.focusable
    if node.role in SPEC_INCLUDED_ROLES or node.role in SPEC_LANDMARKS:  # inclusions 1, 3
        return True
    if node.role == "heading" and node.level in SPEC_HEADING_LEVELS:  # inclusion 2
        return True
    return node.focusable and node.role not in DOCUMENT_ROLES  # inclusion 4


def admitted(capture: RawCapture, viewport_only: bool) -> list[int]:
    return [
        i
        for i, node in enumerate(capture.nodes)
        if spec_admits(node, capture.viewport, viewport_only)
    ]


def spec_rank(capture: RawCapture, index: int) -> tuple[int, int, int]:
    node = capture.nodes[index]
    role = next(
        (p for p, roles in enumerate(SPEC_ROLE_PRIORITY) if node.role in roles),
        len(SPEC_ROLE_PRIORITY),
    )
    return (VISIBILITY_RANK[where(node.box, capture.viewport)], role, index)


def collapse(text: str) -> str:
    return " ".join(text.split())


def cut(text: str) -> str:
    text = collapse(text)
    return text if len(text) <= MAX_NAME else text[:MAX_NAME] + "..."


def expected_name(node: RawNode) -> str:
    return cut(node.name if collapse(node.name) else node.text or "")


# A name cut under budget pressure keeps at least this many characters: at the last floor a
# name is cut to what tells it from the others, three letters or two ideographs at least.
MIN_CUT_CHARS = 2


def is_shortened(name: str, whole: str) -> bool:
    """``name`` is ``whole`` cut shorter under budget pressure: a prefix and "..."."""
    return cut_of(name, whole, MIN_CUT_CHARS)


def depth_of(snapshot: Snapshot) -> int:
    parent = {child: e.ref for e in snapshot.elements for child in e.children or []}
    deepest = 0
    for element in snapshot.elements:
        depth, ref = 1, element.ref
        while ref in parent and depth <= len(snapshot.elements):
            ref, depth = parent[ref], depth + 1
        deepest = max(deepest, depth)
    return deepest


def is_ancestor(capture: RawCapture, ancestor: int, node: int) -> bool:
    parent = capture.nodes[node].parent
    while parent is not None:
        if parent == ancestor:
            return True
        parent = capture.nodes[parent].parent
    return False


def dropped_and_kept(
    capture: RawCapture, infos: list[ElementInfo], viewport_only: bool
) -> tuple[list[int], list[int]]:
    kept = [info.order for info in infos]
    kept_set = set(kept)
    return [i for i in admitted(capture, viewport_only) if i not in kept_set], kept


# --- count --------------------------------------------------------------------------------


@given(BIG, st.booleans(), st.sampled_from((None, UNLIMITED)))
def test_at_most_100_elements(
    capture: RawCapture, viewport_only: bool, limits: PruneLimits | None
) -> None:
    snapshot, infos = factory(limits).from_capture(capture, viewport_only)
    assert len(snapshot.elements) == len(infos) <= MAX_ELEMENTS
    if limits is UNLIMITED:  # 1.3.3: remove lowest-ranked elements *until* count <= 100
        assert len(infos) == min(len(admitted(capture, viewport_only)), MAX_ELEMENTS)


# --- inclusion and exclusion ----------------------------------------------------------------


@given(ANY, st.booleans(), st.sampled_from((None, UNLIMITED)))
def test_nothing_excluded_survives(
    capture: RawCapture, viewport_only: bool, limits: PruneLimits | None
) -> None:
    _, infos = factory(limits).from_capture(capture, viewport_only)  # unlimited: low ranks too
    for info in infos:
        node = capture.nodes[info.order]
        assert spec_admits(node, capture.viewport, viewport_only), (info.order, node)
        assert info.role == node.role


@given(captures(max_nodes=120), st.booleans())
def test_everything_included_appears_when_nothing_had_to_go(
    capture: RawCapture, viewport_only: bool
) -> None:
    wanted = admitted(capture, viewport_only)
    _, infos = factory(UNLIMITED).from_capture(capture, viewport_only)
    event("fits" if len(wanted) <= MAX_ELEMENTS else "over 100")
    if len(wanted) <= MAX_ELEMENTS:
        assert [info.order for info in infos] == wanted


# --- ranking ----------------------------------------------------------------------------


@given(BIG, st.booleans(), st.sampled_from((None, UNLIMITED)))
def test_no_dropped_element_outranks_a_kept_one(
    capture: RawCapture, viewport_only: bool, limits: PruneLimits | None
) -> None:
    _, infos = factory(limits).from_capture(capture, viewport_only)
    dropped, kept = dropped_and_kept(capture, infos, viewport_only)
    event("dropped some" if dropped else "dropped none")
    target(float(len(dropped)), label="dropped")
    budget_bound = len(kept) < min(MAX_ELEMENTS, len(kept) + len(dropped))
    if budget_bound and limits is None:
        if any(comes_first(capture, i) for i in dropped):
            assert all(comes_first(capture, i) for i in kept), "a control in view gave way"
        kept = [i for i in kept if not comes_first(capture, i)]
        dropped = [i for i in dropped if not comes_first(capture, i)]
    if dropped and kept:
        worst_kept = max(kept, key=lambda i: spec_rank(capture, i))
        best_dropped = min(dropped, key=lambda i: spec_rank(capture, i))
        assert spec_rank(capture, worst_kept) < spec_rank(capture, best_dropped), (
            capture.nodes[worst_kept],
            capture.nodes[best_dropped],
        )


# Roles one does not act on: headings, the landmarks (a skip link's focusable <main> too).
NOT_CONTROLS = {"heading", "region", "dialog", "alert", "alertdialog", "main", "navigation"}
NOT_CONTROLS |= {"banner", "contentinfo", "complementary", "form", "search"}


def comes_first(capture: RawCapture, index: int) -> bool:
    """Under the token budget: a control in view, or a dialog in view."""
    node = capture.nodes[index]
    shown = where(node.box, capture.viewport) != OFFSCREEN
    return shown and (node.role not in NOT_CONTROLS or node.role in ("dialog", "alertdialog"))


def test_the_ranking_law_sees_dropping() -> None:
    """The big captures really make pruning drop admitted elements, most of the time."""
    seen: list[bool] = []

    @settings(max_examples=20, database=None, derandomize=True)  # a rate, not a law: fixed draws
    @given(BIG)
    def sample(capture: RawCapture) -> None:
        seen.append(len(admitted(capture, False)) > MAX_ELEMENTS)

    sample()
    assert sum(seen) >= len(seen) // 2, seen


# --- names and values ---------------------------------------------------------------------


@given(ANY, st.booleans())
def test_names_and_values_are_collapsed_and_cut_at_200(
    capture: RawCapture, viewport_only: bool
) -> None:
    snapshot, infos = factory().from_capture(capture, viewport_only)
    whole, _ = factory(UNLIMITED).from_capture(capture, viewport_only)
    fits_whole = estimate_json_tokens(whole.elements_json()) <= 2000
    for element, info in zip(snapshot.elements, infos, strict=True):
        node = capture.nodes[info.order]
        name = expected_name(node)
        if fits_whole:
            assert element.name == name, (node.name, node.text)  # nothing had to give
        else:
            assert element.name == name or is_shortened(element.name, name), (name, element.name)
        if node.role in ("textbox", "searchbox", "combobox"):
            assert element.value == (None if node.value is None else cut(node.value))
        if element.value is not None:
            assert node.value is not None
            assert element.value == cut(node.value)


def test_names_at_the_boundary() -> None:
    lengths = (199, 200, 201)
    nodes = [
        RawNode(role="button", name=" " + "x" * n + "\n", box=RawBox(x=0, y=0, width=9, height=9))
        for n in lengths
    ]
    capture = RawCapture(url="u", title="t", viewport=RawViewport(width=99, height=99), nodes=nodes)
    snapshot, _ = factory().from_capture(capture)
    assert [e.name for e in snapshot.elements] == ["x" * 199, "x" * 200, "x" * 200 + "..."]


# --- refs ---------------------------------------------------------------------------------


@given(ANY, ANY, st.booleans())
def test_refs_follow_document_order_and_continue_across_snapshots(
    first: RawCapture, second: RawCapture, viewport_only: bool
) -> None:
    session = factory()
    start = 0
    for capture in (first, second):
        assert session.registry.next_index == start
        snapshot, infos = session.from_capture(capture, viewport_only)
        orders = [info.order for info in infos]
        assert orders == sorted(set(orders)), "document (DFS) order"
        assert [e.ref for e in snapshot.elements] == [
            f"@e{start + i}" for i in range(len(snapshot.elements))
        ]
        start += len(snapshot.elements)


# --- determinism --------------------------------------------------------------------------


@given(ANY, st.booleans())
def test_same_capture_same_snapshot(capture: RawCapture, viewport_only: bool) -> None:
    one, one_infos = factory().from_capture(capture, viewport_only)
    two, two_infos = factory().from_capture(capture.model_copy(deep=True), viewport_only)
    assert one.model_dump() == two.model_dump()
    assert [(i.ref, i.order, i.handle) for i in one_infos] == [
        (i.ref, i.order, i.handle) for i in two_infos
    ]


# --- corrupt parent links ------------------------------------------------------------------


@given(captures(max_nodes=120, corrupt_parents=True), st.booleans())
def test_corrupt_parent_links_never_hang_or_break_the_laws(
    capture: RawCapture, viewport_only: bool
) -> None:
    snapshot, infos = factory(UNLIMITED).from_capture(capture, viewport_only)
    refs = {e.ref for e in snapshot.elements}
    for element, info in zip(snapshot.elements, infos, strict=True):
        assert spec_admits(capture.nodes[info.order], capture.viewport, viewport_only)
        assert set(element.children or []) <= refs
    wanted = admitted(capture, viewport_only)
    if len(wanted) <= MAX_ELEMENTS:
        assert [info.order for info in infos] == wanted
    assert depth_of(snapshot) <= MAX_DEPTH


# --- boxes, visibility, tree, states ------------------------------------------------------


@given(ANY, st.booleans())
def test_boxes_visibility_and_tree(capture: RawCapture, viewport_only: bool) -> None:
    snapshot, infos = factory().from_capture(capture, viewport_only)
    by_ref = {e.ref: info.order for e, info in zip(snapshot.elements, infos, strict=True)}
    parents: dict[str, str] = {}
    for element, info in zip(snapshot.elements, infos, strict=True):
        node = capture.nodes[info.order]
        seen = where(node.box, capture.viewport)
        if node.box is not None:  # already viewport coordinates: only rounding may differ
            box, raw = element.bbox, node.box
            assert abs(box.x - raw.x) <= 0.5, (box, raw)
            assert abs(box.y - raw.y) <= 0.5, (box, raw)
            assert abs(box.width - raw.width) <= 0.5, (box, raw)
            assert abs(box.height - raw.height) <= 0.5, (box, raw)
        assert ("offscreen" in element.state) == (seen == OFFSCREEN), (element.state, node.box)
        assert ("visible" in element.state) == (seen != OFFSCREEN), (element.state, node.box)
        assert "hidden" not in element.state
        for child in element.children or []:
            assert child in by_ref, "children are kept elements"
            assert child not in parents, "one parent each"
            parents[child] = element.ref
            assert is_ancestor(capture, info.order, by_ref[child]), "a child is a descendant"
    assert depth_of(snapshot) <= MAX_DEPTH


@given(ANY, st.booleans())
def test_states_say_what_the_node_says(capture: RawCapture, viewport_only: bool) -> None:
    snapshot, infos = factory().from_capture(capture, viewport_only)
    for element, info in zip(snapshot.elements, infos, strict=True):
        node, state = capture.nodes[info.order], set(element.state)
        assert not {"enabled", "disabled"} <= state
        assert "enabled" not in state or not node.disabled
        assert "disabled" not in state or node.disabled
        if node.role in SPEC_INCLUDED_ROLES:
            assert ("disabled" if node.disabled else "enabled") in state
        assert ("readonly" in state) == node.readonly
        assert ("focused" in state) == node.focused
        assert ("busy" in state) == node.busy
        assert ("checked" in state) == (node.checked == "true")
        assert ("mixed" in state) == (node.checked == "mixed")
        if node.checked == "false":
            assert "unchecked" in state
        assert ("expanded" in state) == (node.expanded is True)
        assert ("collapsed" in state) == (node.expanded is False)
        assert element.level == (node.level if node.role == "heading" else None)
    focused = [e.ref for e in snapshot.elements if "focused" in e.state]
    assert snapshot.focused == (focused[0] if focused else None)
