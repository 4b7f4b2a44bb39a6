"""ElementRegistry pins: what a ref resolved to on the live page (a re-render's replacement,
or nothing) holds for every reader until the page changes, and never past it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from subterminator.errors import RefInvalidError
from subterminator.models.snapshot import BoundingBox
from subterminator.snapshot.element import ElementInfo
from subterminator.snapshot.registry import ElementRegistry, Pin

BOX = BoundingBox(x=0, y=0, width=10, height=10)


def registered() -> tuple[ElementRegistry, ElementInfo]:
    registry = ElementRegistry()
    old = ElementInfo(role="button", name="x", state=["visible"], bbox=BOX, handle="j1.1")
    registry.register_snapshot("s1", [old])
    return registry, old


def test_a_replacement_is_what_every_reader_gets_until_the_page_changes() -> None:
    registry, old = registered()
    new = replace(old, handle="j1.9")
    registry.pin("@e0", Pin(new, "re-rendered"))
    assert registry.resolve("@e0").handle == "j1.9"
    found = registry.peek("@e0")
    assert found is not None
    assert found.handle == "j1.9"
    assert registry.pinned("@e0") == Pin(new, "re-rendered")
    registry.invalidate()
    assert registry.pinned("@e0") is None


def test_a_ref_pinned_to_nothing_is_invalid_with_its_reason() -> None:
    registry, _ = registered()
    registry.pin("@e0", Pin(None, why="two controls are like it"))
    assert registry.peek("@e0") is None
    with pytest.raises(RefInvalidError, match="two controls are like it"):
        registry.resolve("@e0")


def test_a_new_snapshot_ends_every_pin() -> None:
    registry, old = registered()
    registry.pin("@e0", Pin(None, why="gone"))
    registry.register_snapshot("s2", [replace(old, ref="")])
    assert registry.pinned("@e1") is None
    assert registry.resolve("@e1").handle == "j1.1"


def test_a_ref_not_current_is_never_pinned() -> None:
    registry, old = registered()
    registry.pin("@e5", Pin(old))
    assert registry.pinned("@e5") is None
    with pytest.raises(RefInvalidError):
        registry.resolve("@e5")


def test_a_secret_field_replaced_stays_secret_by_its_new_handle() -> None:
    registry, old = registered()
    registry.pin("@e0", Pin(replace(old, handle="j1.7", secret=True)))
    registry.register_snapshot("s2", [replace(old, handle="j1.7", ref="", secret=False)])
    found = registry.peek("@e1")
    assert found is not None
    assert found.secret
