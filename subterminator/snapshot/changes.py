"""Between two snapshots of one session: what changed (``changes``), and the page a client
holds once it applies them (``applied``), which the tests and the bench read as a client would.

Elements are matched by ref alone: with ``keep_refs`` the registry gives an element the same
ref only while it is the same node with the same role and name, so equal refs mean the same
element, and anything else is new.
"""

from __future__ import annotations

from collections.abc import Sequence

from subterminator.models.changes import ALL, SnapshotChanges
from subterminator.models.snapshot import Element, Snapshot

Facts = tuple[object, ...]


def _facts(element: Element) -> Facts:
    """What a client reads of an element, but for its box (boxes move with every scroll)."""
    children = tuple(element.children or ())
    return (
        element.role,
        element.name,
        tuple(element.state),
        element.value,
        element.level,
        children,
    )


def changes(base: Snapshot, new: Snapshot) -> SnapshotChanges:
    """``new`` as what changed since ``base``, the last snapshot the client read."""
    before = {e.ref: _facts(e) for e in base.elements}
    added: list[Element] = []
    changed: list[Element] = []
    unchanged = 0
    for element in new.elements:
        facts = before.get(element.ref)
        if facts is None:
            added.append(element)
        elif facts != _facts(element):
            changed.append(element)
        else:
            unchanged += 1
    kept = {e.ref for e in new.elements}
    removed = [ref for ref in before if ref not in kept]
    everything = bool(removed) and len(removed) == len(before)
    return SnapshotChanges(
        snapshot_id=new.snapshot_id,
        base=base.snapshot_id,
        page=new.page if new.page != base.page else None,
        viewport=new.viewport if new.viewport != base.viewport else None,
        focused=new.focused,
        added=added,
        changed=changed,
        removed=ALL if everything else removed,
        unchanged=unchanged,
        meta=new.meta,
    )


def applied(elements: Sequence[Element], changes: SnapshotChanges) -> list[Element]:
    """The elements a client holds after applying ``changes`` to ``elements``: the unchanged
    ones (with the boxes it had), the changed ones, then the added ones."""
    if changes.removed == ALL:
        return [*changes.changed, *changes.added]
    gone = set(changes.removed)
    fresh = {e.ref: e for e in changes.changed}
    kept = [fresh.pop(e.ref, e) for e in elements if e.ref not in gone]
    return [*kept, *fresh.values(), *changes.added]


def applied_snapshot(base: Snapshot, changed: SnapshotChanges) -> Snapshot:
    """The whole page a client holds once it applies ``changed`` to ``base``: the changes'
    id, page and viewport (the base's where they did not change), its elements by
    ``applied``, no screenshot."""
    return Snapshot(
        snapshot_id=changed.snapshot_id,
        timestamp=base.timestamp,
        elements=applied(base.elements, changed),
        focused=changed.focused,
        page=changed.page or base.page,
        screenshot="",
        viewport=changed.viewport or base.viewport,
        meta=changed.meta,
    )
