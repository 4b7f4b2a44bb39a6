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
