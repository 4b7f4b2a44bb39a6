"""``ElementInfo``: an element as the tool server knows it (the model's view plus a handle)."""

from __future__ import annotations

from dataclasses import dataclass, field

from subterminator.models.snapshot import BoundingBox, Element, ElementState

FULLY_VISIBLE, PARTLY_VISIBLE, OFFSCREEN = 0, 1, 2


@dataclass(slots=True)
class ElementInfo:
    """Pruned element. ``parent`` indexes the pruned list; ``ref`` is set at registration."""

    role: str
    name: str
    state: list[ElementState]
    bbox: BoundingBox
    handle: str | None = None
    value: str | None = None
    level: int | None = None
    parent: int | None = None
    visibility: int = FULLY_VISIBLE
    order: int = 0  # position in the raw capture (document order)
    ref: str = ""
    children: list[str] = field(default_factory=list)
    secret: bool = False  # what is typed here is never written (snapshot.secrecy)
    code_shaped: bool = False  # an input made for a short code

    def but(self, *, name: str | None = None, parent: int | None = None) -> ElementInfo:
        """A fresh copy (no ref, no children) with another name or parent: what pruning
        tries many times a snapshot, where ``dataclasses.replace`` was most of its time."""
        return ElementInfo(
            self.role,
            self.name if name is None else name,
            self.state,
            self.bbox,
            self.handle,
            self.value,
            self.level,
            parent,
            self.visibility,
            self.order,
            secret=self.secret,
            code_shaped=self.code_shaped,
        )

    def to_element(self) -> Element:
        return Element(
            ref=self.ref,
            role=self.role,
            name=self.name,
            state=self.state,
            bbox=self.bbox,
            value=self.value,
            level=self.level,
            children=self.children or None,
        )
