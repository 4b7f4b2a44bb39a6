"""ElementRegistry: ref lifecycle (refs are ``@eN`` from 0; a ref from an
earlier snapshot is ``ref_invalid``), as examples and as a state machine."""

from __future__ import annotations

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from subterminator.errors import RefInvalidError
from subterminator.models.snapshot import BoundingBox
from subterminator.snapshot.element import ElementInfo
from subterminator.snapshot.registry import ElementRegistry


def elements(count: int) -> list[ElementInfo]:
    box = BoundingBox(x=0, y=0, width=10, height=10)
    return [
        ElementInfo(role="button", name=f"b{i}", state=["visible"], bbox=box) for i in range(count)
    ]


def test_first_snapshot_starts_at_e0_and_refs_are_contiguous() -> None:
    registry = ElementRegistry()
    assert registry.register_snapshot("s1", elements(3)) == ["@e0", "@e1", "@e2"]
    assert registry.register_snapshot("s2", elements(2)) == ["@e3", "@e4"]
    assert registry.snapshot_id == "s2"
    assert registry.list_refs() == ["@e3", "@e4"]


def test_stale_ref_names_the_snapshot_it_came_from() -> None:
    registry = ElementRegistry()
    registry.register_snapshot("first-id", elements(3))
    registry.register_snapshot("second-id", elements(3))
    with pytest.raises(RefInvalidError) as info:
        registry.resolve("@e1")
    assert "snapshot #1 (first-id, @e0-@e2)" in str(info.value)
    assert "no longer current" in str(info.value)


def test_never_issued_and_malformed_refs_are_explained() -> None:
    registry = ElementRegistry()
    registry.register_snapshot("s1", elements(2))
    with pytest.raises(RefInvalidError, match="no snapshot in this session has issued it"):
        registry.resolve("@e99")
    with pytest.raises(RefInvalidError, match="refs look like '@e7'"):
        registry.resolve("e1")


def test_huge_and_non_ascii_refs_are_explained_not_raised() -> None:
    """Found by the execute fuzzer: 4,300+ digits made int() raise, so the reply said
    action_failed instead of ref_invalid; '@e\u0661' (an Arabic-Indic 1) read as @e1."""
    registry = ElementRegistry()
    registry.register_snapshot("s1", elements(2))
    with pytest.raises(RefInvalidError, match="no snapshot in this session has issued it"):
        registry.resolve("@e" + "9" * 5000)
    with pytest.raises(RefInvalidError, match="refs look like '@e7'"):
        registry.resolve("@e\u0661")


def test_invalidate_makes_every_ref_stale() -> None:
    registry = ElementRegistry()
    registry.register_snapshot("s1", elements(2))
    registry.invalidate()
    assert registry.snapshot_id is None
    assert registry.list_refs() == []
    with pytest.raises(RefInvalidError, match="snapshot #1"):
        registry.resolve("@e0")


class RefLifecycle(RuleBasedStateMachine):
    """Whatever the sequence of snapshots and invalidations, a ref never changes meaning."""

    def __init__(self) -> None:
        super().__init__()
        self.registry = ElementRegistry()
        self.issued: dict[str, ElementInfo] = {}
        self.current: dict[str, ElementInfo] = {}

    @rule(count=st.integers(min_value=0, max_value=12))
    def snapshot(self, count: int) -> None:
        new = elements(count)
        refs = self.registry.register_snapshot(f"s{self.registry.snapshot_count + 1}", new)
        assert not set(refs) & set(self.issued), "a ref was reused"
        numbers = [int(r[2:]) for r in refs]
        assert numbers == list(range(numbers[0], numbers[0] + count)) if numbers else True
        self.current = dict(zip(refs, new, strict=True))
        self.issued.update(self.current)

    @rule()
    def invalidate(self) -> None:
        self.registry.invalidate()
        self.current = {}

    @precondition(lambda self: bool(self.issued))
    @rule(data=st.data())
    def resolve_any_issued(self, data: st.DataObject) -> None:
        ref = data.draw(st.sampled_from(sorted(self.issued)))
        if ref in self.current:
            assert self.registry.resolve(ref) is self.current[ref]
        else:
            with pytest.raises(RefInvalidError, match="snapshot #"):
                self.registry.resolve(ref)

    @invariant()
    def only_current_refs_listed(self) -> None:
        assert self.registry.list_refs() == list(self.current)


TestRefLifecycle = RefLifecycle.TestCase
