"""Pruning, ranking, depth and token budgets as properties over generated raw captures."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from harness.factories import capture_factory as factory
from harness.strategies.captures import captures
from subterminator.browser.capture import RawBox, RawCapture, RawNode, RawViewport
from subterminator.models.snapshot import Snapshot
from subterminator.snapshot.element import OFFSCREEN, ElementInfo
from subterminator.snapshot.pruning import (
    PruneLimits,
    candidates,
    is_control,
    is_included,
    rank_key,
)
from subterminator.snapshot.tokens import estimate_tokens

VIEWPORT = RawViewport(width=1280, height=800, scroll_x=0, scroll_y=0)


def depth_of(snapshot: Snapshot) -> int:
    parent = {child: e.ref for e in snapshot.elements for child in e.children or []}
    deepest = 0
    for element in snapshot.elements:
        depth, ref = 1, element.ref
        while ref in parent:
            ref, depth = parent[ref], depth + 1
        deepest = max(deepest, depth)
    return deepest


@given(captures(), st.booleans())
def test_snapshot_invariants(capture: RawCapture, viewport_only: bool) -> None:
    snapshot, infos = factory().from_capture(capture, viewport_only)
    Snapshot.model_validate(snapshot.model_dump())  # contract holds, incl. maxItems and name length
    assert len(snapshot.elements) <= 100
    assert estimate_tokens(snapshot.elements_json()) <= 2000
    assert [e.ref for e in snapshot.elements] == [f"@e{i}" for i in range(len(snapshot.elements))]
    assert [i.order for i in infos] == sorted(i.order for i in infos), "DFS order kept"
    assert depth_of(snapshot) <= 10
    refs = {e.ref for e in snapshot.elements}
    for element in snapshot.elements:
        assert set(element.children or []) <= refs
        assert len(element.name) <= 203
    for info in infos:
        node = capture.nodes[info.order]
        assert is_included(node)
        assert not node.hidden
        assert not (viewport_only and info.visibility == OFFSCREEN)


@settings(max_examples=25)
@given(captures(max_nodes=400))
def test_dropped_elements_rank_below_every_kept_one(capture: RawCapture) -> None:
    admitted = candidates(capture, False, PruneLimits())
    _, kept = factory().from_capture(capture, False)
    kept_orders = {k.order for k in kept}
    dropped = [a for a in admitted if a.order not in kept_orders]

    # The count cap keeps the contract's ranking; the budget takes the controls in view (and
    # dialogs) first, in a person's order, and the rest in the contract's ranking.
    def first(e: ElementInfo) -> bool:
        return e.visibility != OFFSCREEN and (is_control(e) or e.role in ("dialog", "alertdialog"))

    rest_kept = [k for k in kept if not first(k)]
    rest_dropped = [d for d in dropped if not first(d)]
    if rest_dropped and rest_kept:
        assert max(rank_key(k) for k in rest_kept) < min(rank_key(d) for d in rest_dropped)
    if len(kept) < 100 and any(first(d) for d in dropped):
        assert not rest_kept, "a heading or offscreen element kept over a control in view"


def button(index: int, y: float, name: str = "", parent: int | None = None) -> RawNode:
    return RawNode(
        handle=str(index),
        parent=parent,
        role="button",
        name=name or f"Button {index}",
        box=RawBox(x=10, y=y, width=80, height=20),
        focusable=True,
    )


def test_ranking_prefers_fully_visible_then_role_then_document_order() -> None:
    nodes = [
        RawNode(role="heading", level=1, name="Title", box=RawBox(x=0, y=0, width=100, height=30)),
        button(1, y=790),  # partly visible
        RawNode(
            role="checkbox", name="c", box=RawBox(x=0, y=40, width=10, height=10), focusable=True
        ),
        button(3, y=100),
        button(4, y=2000),  # offscreen
    ]
    capture = RawCapture(url="u", title="t", viewport=VIEWPORT, nodes=nodes)
    snapshot, _ = factory(PruneLimits(max_elements=3)).from_capture(capture, viewport_only=False)
    assert [e.name for e in snapshot.elements] == ["Title", "c", "Button 3"]


def test_token_budget_cuts_before_the_count_cap() -> None:
    nodes = [button(i, y=5 + i * 7, name=f"{i} " + "x" * 150) for i in range(100)]
    capture = RawCapture(url="u", title="t", viewport=VIEWPORT, nodes=nodes)
    snapshot, _ = factory().from_capture(capture)
    assert 0 < len(snapshot.elements) < 100
    tokens = estimate_tokens(snapshot.elements_json())
    assert tokens <= 2000
    one_more = factory(PruneLimits(element_token_budget=10**9)).from_capture(capture)[0]
    assert estimate_tokens(one_more.elements_json()) > 2000


def test_depth_is_capped_without_losing_controls() -> None:
    nodes: list[RawNode] = []
    for level in range(14):
        nodes.append(
            RawNode(
                role="region",
                name=f"Level {level + 1}",
                parent=len(nodes) - 1 if nodes else None,
                box=RawBox(x=0, y=level * 20, width=500, height=20),
            )
        )
    nodes.append(button(14, y=300, parent=13))
    capture = RawCapture(url="u", title="t", viewport=VIEWPORT, nodes=nodes)
    snapshot, _ = factory().from_capture(capture)
    assert len(snapshot.elements) == 15
    assert depth_of(snapshot) == 10
    level_ten = next(e for e in snapshot.elements if e.name == "Level 10")
    assert level_ten.children is None
    level_nine = next(e for e in snapshot.elements if e.name == "Level 9")
    assert set(level_nine.children or []) >= {
        e.ref for e in snapshot.elements if e.name in ("Level 11", "Button 14")
    } - {level_ten.ref}


def test_corrupt_parent_links_do_not_hang_or_crash() -> None:
    nodes = [button(0, y=10, parent=5), button(1, y=40, parent=1), button(2, y=80, parent=-3)]
    capture = RawCapture(url="u", title="t", viewport=VIEWPORT, nodes=nodes)
    snapshot, _ = factory().from_capture(capture)
    assert [e.name for e in snapshot.elements] == ["Button 0", "Button 1", "Button 2"]


def test_self_parent_and_parent_cycles_do_not_hang() -> None:
    """Found while planting bugs for the pruning laws: a wrapper that is its own parent (or
    two that are each other's) under a control made ``candidates`` loop forever."""
    box = RawBox(x=0, y=0, width=9, height=9)
    nodes = [
        RawNode(role="generic", parent=0, box=box),
        button(1, y=10, parent=0),
        RawNode(role="generic", parent=3, box=box),
        RawNode(role="generic", parent=2, box=box),
        button(4, y=20, parent=3),
    ]
    capture = RawCapture(url="u", title="t", viewport=VIEWPORT, nodes=nodes)
    snapshot, _ = factory().from_capture(capture)
    assert [(e.name, e.children) for e in snapshot.elements] == [
        ("Button 1", None),
        ("Button 4", None),
    ]


def test_raw_capture_round_trips_through_json() -> None:
    capture = RawCapture(
        url="http://127.0.0.1/",
        title="T",
        viewport=VIEWPORT,
        nodes=[button(0, y=1), RawNode(role="alert", text="Declined", checked="mixed")],
        screenshot=b"\x89PNG\r\n\x1a\nrest",
    )
    again = RawCapture.model_validate_json(capture.model_dump_json())
    assert again == capture
    assert again.screenshot == b"\x89PNG\r\n\x1a\nrest"


def test_a_cut_at_a_space_still_keeps_the_fewest_characters() -> None:
    # found by the pruning laws under a random profile: '0:¯¼ OKOK' was cut to '0:¯¼...'
    from subterminator.snapshot.pruning import shorten

    short = shorten("0:¯¼ OKOK", 1, 5)
    assert short == "0:¯¼ OKOK" or len(short.removesuffix("...")) >= 5
