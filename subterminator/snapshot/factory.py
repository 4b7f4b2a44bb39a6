"""``SnapshotFactory``: raw capture -> pruned, ref'd Snapshot within its token budgets."""

from __future__ import annotations

import base64
import uuid
from collections.abc import Callable, Hashable
from datetime import UTC, datetime

from subterminator.browser.capture import RawCapture
from subterminator.browser.protocol import Browser
from subterminator.models.snapshot import PageInfo, Snapshot, SnapshotMeta, ViewportInfo
from subterminator.snapshot.element import ElementInfo
from subterminator.snapshot.pruning import PruneLimits, link, prune_covered
from subterminator.snapshot.registry import ElementRegistry
from subterminator.snapshot.tokens import (
    PIXELS_PER_IMAGE_TOKEN,
    estimate_json_tokens,
    estimate_tokens,
)

SCREENSHOT_TOKENS = 500  # ~500 image tokens per screenshot: its share of a turn's budget


def excerpt(text: str, budget: int, estimator: Callable[[str], int]) -> str:
    """The longest prefix of ``text`` within ``budget`` tokens, cut at a word, marked "…"."""
    if estimator(text) <= budget:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest prefix that fits, marker included
        middle = (low + high + 1) // 2
        if estimator(text[:middle] + "…") <= budget:
            low = middle
        else:
            high = middle - 1
    cut = text[:low]
    space = max(cut.rfind(" "), cut.rfind("\n"))
    if space > low // 2:
        cut = cut[:space]
    return cut.rstrip() + "…" if cut else ""


def _uuid() -> str:
    return str(uuid.uuid4())


def _now() -> str:
    return datetime.now(UTC).isoformat()


def elements_json(
    elements: list[ElementInfo], written: dict[tuple[object, ...], str] | None = None
) -> str:
    """The elements exactly as ``Snapshot.elements_json`` will render them. ``written``
    remembers each element's JSON after its ref across the many tries of one pruning, keyed
    by what may change between them (its node, name and children; the rest is the node's)."""
    if written is None:
        return "[" + ",".join(e.to_element().model_dump_json() for e in elements) + "]"
    parts = []
    for e in elements:
        head = f'{{"ref":"{e.ref}"'  # a ref is @e and digits: nothing to escape
        key = (e.order, e.name, *e.children)
        tail = written.get(key)
        if tail is None:
            whole = e.to_element().model_dump_json()
            tail = written[key] = whole[len(head) :]
        parts.append(head + tail)
    return "[" + ",".join(parts) + "]"


def identities(capture: RawCapture, elements: list[ElementInfo]) -> list[Hashable | None]:
    """What makes an element the same one in the next snapshot: its node (the capture's
    handle, never reused and never shared by two documents), role and whole name (a name cut
    to fit the budget may be cut elsewhere next time). None without a handle."""
    nodes = capture.nodes
    return [
        None
        if e.handle is None or not 0 <= e.order < len(nodes)
        else (e.handle, e.role, nodes[e.order].name, nodes[e.order].text)
        for e in elements
    ]


class SnapshotFactory:
    """Builds Snapshots; ids and timestamps come from injectable providers for determinism."""

    def __init__(
        self,
        browser: Browser,
        registry: ElementRegistry,
        *,
        limits: PruneLimits | None = None,
        screenshot_tokens: int | None = SCREENSHOT_TOKENS,
        new_id: Callable[[], str] = _uuid,
        clock: Callable[[], str] = _now,
        estimator: Callable[[str], int] = estimate_tokens,
        element_estimator: Callable[[str], int] | None = None,
    ) -> None:
        self.browser = browser
        self.registry = registry
        self.limits = limits or PruneLimits()
        self.screenshot_tokens = screenshot_tokens
        self.new_id = new_id
        self.clock = clock
        self.estimator = estimator
        # the elements JSON is denser than prose: by default the estimator's count plus what
        # its numbers cost (estimate_json_tokens)
        self.element_estimator = element_estimator or (
            lambda text: estimate_json_tokens(text, estimator)
        )

    @property
    def screenshot_pixels(self) -> int | None:
        """Screenshot area whose image cost is ``screenshot_tokens`` (Anthropic: w*h/750)."""
        if not self.screenshot_tokens:
            return None
        return self.screenshot_tokens * PIXELS_PER_IMAGE_TOKEN

    async def create(
        self, viewport_only: bool = True, *, screenshot: bool | None = None
    ) -> tuple[Snapshot, list[ElementInfo]]:
        """``screenshot`` overrides the factory's choice for this one snapshot."""
        pixels = self.screenshot_pixels
        if screenshot is not None:
            pixels = (pixels or SCREENSHOT_TOKENS * PIXELS_PER_IMAGE_TOKEN) if screenshot else None
        capture = await self.browser.capture(
            scope="viewport" if viewport_only else "page", screenshot_pixels=pixels
        )
        return self.from_capture(capture, viewport_only)

    def measure(
        self, elements: list[ElementInfo], written: dict[tuple[object, ...], str] | None = None
    ) -> int:
        """Estimated tokens of ``elements`` once they carry the next snapshot's refs
        (``written``: the JSON of elements already measured for the same capture)."""
        start = self.registry.next_index
        link(elements, [f"@e{start + i}" for i in range(len(elements))])
        return self.element_estimator(elements_json(elements, written))

    def from_capture(
        self, capture: RawCapture, viewport_only: bool = True
    ) -> tuple[Snapshot, list[ElementInfo]]:
        """Prune, register and render one capture (pure but for the registry)."""
        written: dict[tuple[object, ...], str] = {}
        elements, coverage = prune_covered(
            capture, viewport_only, self.limits, lambda kept: self.measure(kept, written)
        )
        meta = None
        if coverage.kept < coverage.in_view:  # the model is told what it does not see
            meta = SnapshotMeta(
                in_view_controls=coverage.in_view,
                kept=coverage.kept,
                tokens_short=coverage.tokens_short,
            )
        snapshot_id = self.new_id()
        refs = self.registry.register_snapshot(snapshot_id, elements, identities(capture, elements))
        link(elements, refs)
        focused = next((e.ref for e in elements if "focused" in e.state), None)
        viewport = capture.viewport
        snapshot = Snapshot(
            snapshot_id=snapshot_id,
            timestamp=self.clock(),
            elements=[e.to_element() for e in elements],
            focused=focused,
            page=PageInfo(
                url=capture.url,
                title=capture.title,
                lang=capture.lang,
                text=excerpt(capture.text, self.limits.text_token_budget, self.estimator),
            ),
            screenshot=base64.b64encode(capture.screenshot).decode() if capture.screenshot else "",
            viewport=ViewportInfo(
                width=max(1, viewport.width),
                height=max(1, viewport.height),
                scroll_x=max(0, viewport.scroll_x),
                scroll_y=max(0, viewport.scroll_y),
            ),
            meta=meta,
        )
        return snapshot, elements

    def empty(self, url: str = "", title: str = "") -> Snapshot:
        """A snapshot with no elements, for replies when the page cannot be captured."""
        snapshot_id = self.new_id()
        self.registry.register_snapshot(snapshot_id, [])
        return Snapshot(
            snapshot_id=snapshot_id,
            timestamp=self.clock(),
            elements=[],
            focused=None,
            page=PageInfo(url=url, title=title),
            screenshot="",
            viewport=ViewportInfo(width=1, height=1, scroll_x=0, scroll_y=0),
        )
