"""Refs kept across snapshots (``ElementRegistry(keep_refs=True)``) and the changes between two
snapshots: as examples, and as laws over any two pages of one session.

The laws: a number is never given to two elements; an element keeps its ref exactly when its
identity was in the last snapshot; applying ``changes(base, new)`` to ``base`` gives ``new``'s
elements (boxes of unchanged ones aside); every element is counted once (added, changed or
unchanged); the loop's registry (no ``keep_refs``) gives every snapshot new refs.
"""

from __future__ import annotations

import uuid
from collections.abc import Hashable, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from subterminator.errors import RefInvalidError
from subterminator.models.changes import ALL
from subterminator.models.snapshot import (
    BoundingBox,
    PageInfo,
    Snapshot,
    SnapshotMeta,
    ViewportInfo,
)
from subterminator.snapshot.changes import applied, applied_snapshot, changes
from subterminator.snapshot.element import ElementInfo
from subterminator.snapshot.registry import ElementRegistry

BOX = BoundingBox(x=0, y=0, width=10, height=10)


def infos(names: Sequence[str], *, checked: Sequence[bool] = ()) -> list[ElementInfo]:
    return [
        ElementInfo(
            role="checkbox",
            name=name,
            state=[
                "visible",
                "enabled",
                "checked" if i < len(checked) and checked[i] else "unchecked",
            ],
            bbox=BOX,
        )
        for i, name in enumerate(names)
    ]


def snapshot_of(
    registry: ElementRegistry, nodes: Sequence[tuple[str, bool]], url: str = "u"
) -> Snapshot:
    """A page of checkboxes, one per (node, checked): the node is its identity and its name."""
    elements = infos([n for n, _ in nodes], checked=[c for _, c in nodes])
    identities: list[Hashable | None] = [(n, "checkbox", n) for n, _ in nodes]
    snapshot_id = str(uuid.uuid4())
    registry.register_snapshot(snapshot_id, elements, identities)
    return Snapshot(
        snapshot_id=snapshot_id,
        timestamp="t",
        elements=[e.to_element() for e in elements],
        focused=None,
        page=PageInfo(url=url, title="t"),
        screenshot="",
        viewport=ViewportInfo(width=1, height=1, scroll_x=0, scroll_y=0),
    )


def test_an_unchanged_element_keeps_its_ref_and_a_new_one_takes_the_next_number() -> None:
    registry = ElementRegistry(keep_refs=True)
    first = snapshot_of(registry, [("a", False), ("b", False)])
    second = snapshot_of(registry, [("a", False), ("c", False), ("b", True)])
    assert [e.ref for e in first.elements] == ["@e0", "@e1"]
    assert [e.ref for e in second.elements] == ["@e0", "@e2", "@e1"]
    found = changes(first, second)
    assert [e.ref for e in found.added] == ["@e2"]
    assert [e.ref for e in found.changed] == ["@e1"]
    assert found.unchanged == 1
    assert found.removed == []
    third = snapshot_of(registry, [("c", False)])
    assert changes(second, third).removed == ["@e0", "@e1"]
    with pytest.raises(RefInvalidError, match="changed or gone"):
        registry.resolve("@e0")


def test_a_page_with_nothing_left_is_all_removed() -> None:
    registry = ElementRegistry(keep_refs=True)
    first = snapshot_of(registry, [("a", False)])
    second = snapshot_of(registry, [("z", False)], url="v")
    found = changes(first, second)
    assert found.removed == ALL
    assert found.page == second.page
    assert applied(first.elements, found) == second.elements


def test_the_loops_registry_gives_every_snapshot_new_refs() -> None:
    registry = ElementRegistry()
    first = snapshot_of(registry, [("a", False), ("b", False)])
    second = snapshot_of(registry, [("a", False), ("b", False)])
    assert not {e.ref for e in first.elements} & {e.ref for e in second.elements}


def test_an_element_without_an_identity_never_keeps_a_ref() -> None:
    registry = ElementRegistry(keep_refs=True)
    assert registry.register_snapshot("s1", infos(["a"]), [None]) == ["@e0"]
    assert registry.register_snapshot("s2", infos(["a"]), [None]) == ["@e1"]
    assert registry.register_snapshot("s3", infos(["a", "a"]), [("x",), ("x",)]) == ["@e2", "@e3"]
    # an identity two elements share is no one's
    assert registry.register_snapshot("s4", infos(["a", "a"]), [("x",), ("x",)]) == ["@e4", "@e5"]


pages = st.lists(
    st.lists(
        st.tuples(st.sampled_from("abcdefgh"), st.booleans()), max_size=8, unique_by=lambda t: t[0]
    ),
    min_size=1,
    max_size=6,
)


@given(pages)
def test_laws_over_the_pages_of_a_session(sequence: list[list[tuple[str, bool]]]) -> None:
    registry = ElementRegistry(keep_refs=True)
    shown: list[Snapshot] = []
    issued: dict[str, str] = {}  # ref -> the node it was given to
    for nodes in sequence:
        new = snapshot_of(registry, nodes)
        for element in new.elements:
            assert issued.setdefault(element.ref, element.name) == element.name  # never reissued
        if shown:
            base = shown[-1]
            before = {e.name: e.ref for e in base.elements}
            for element in new.elements:  # kept exactly when the node was there before
                assert (element.ref == before.get(element.name)) == (element.name in before)
            found = changes(base, new)
            total = len(found.added) + len(found.changed) + found.unchanged
            assert total == len(new.elements)
            held = applied_snapshot(base, found)
            assert sorted(e.model_dump_json() for e in held.elements) == sorted(
                e.model_dump_json() for e in new.elements
            )
        shown.append(new)


def test_the_budget_meta_comes_with_every_change_of_a_page_that_needs_it() -> None:
    registry = ElementRegistry(keep_refs=True)
    first = snapshot_of(registry, [("a", False)])
    meta = SnapshotMeta(in_view_controls=140, kept=63, tokens_short=2502)
    second = snapshot_of(registry, [("a", True)]).model_copy(update={"meta": meta})
    found = changes(first, second)
    assert found.meta == meta
    assert found.model_dump()["meta"]["kept"] == 63
    assert applied_snapshot(first, found).meta == meta
    assert "meta" not in changes(second, first).model_dump()
