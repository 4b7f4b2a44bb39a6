"""``SnapshotFactory``: raw capture -> pruned, ref'd Snapshot within its token budgets."""

from __future__ import annotations

import base64
import functools
import uuid
from collections.abc import Callable, Hashable, Iterable
from datetime import UTC, datetime
from typing import NamedTuple

from pydantic import TypeAdapter

from subterminator.browser.capture import RawCapture
from subterminator.browser.protocol import Browser
from subterminator.models.snapshot import (
    BoundingBox,
    ElementState,
    PageInfo,
    Snapshot,
    SnapshotMeta,
    ViewportInfo,
)
from subterminator.snapshot.element import ElementInfo
from subterminator.snapshot.pruning import PruneLimits, Tried, link, prune_covered
from subterminator.snapshot.registry import ElementRegistry
from subterminator.snapshot.tokens import (
    PIXELS_PER_IMAGE_TOKEN,
    estimate_json_tokens,
    estimate_tokens,
    json_tokens,
    json_units,
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


class Part(NamedTuple):
    """An element's JSON between its ref and its children, and what that costs
    (``tokens.json_units``): the same in every try, where refs and children are renumbered."""

    body: str
    units: int
    numbers: int


# Each element's part, kept across the many tries of one pruning, keyed by what may change
# between them (its node and name; the rest is the node's).
Written = dict[tuple[object, ...], Part]
_NAME = TypeAdapter(str)
_PLACE = "\x00"  # where the name goes (the first field after the role that could hold it)
_PLACED = _NAME.dump_json(_PLACE).decode()
_VALUE = "\x01"  # where the value goes (after the name)
_VALUED = _NAME.dump_json(_VALUE).decode()


def _head(ref: str) -> str:
    return f'{{"ref":"{ref}"'  # a ref is @e and digits: nothing to escape


def _tail(children: list[str]) -> str:
    """The children, last in an element's JSON (``models.snapshot.Element``), and its end."""
    if not children:
        return "}"
    return ',"children":[' + ",".join(f'"{ref}"' for ref in children) + "]}"


def _around(element: ElementInfo, written: Written) -> Part:
    """The element's JSON with its name left out, once per node: names change between
    tries, the rest never does."""
    key = (element.order,)
    part = written.get(key)
    if part is None:
        value = element.value
        valued = value is not None  # a field's value (a secret, perhaps) is never kept
        body = _body(element.role, tuple(element.state), element.bbox, element.level, valued)
        if value is not None:
            body = body.replace(_VALUED, _NAME.dump_json(value).decode(), 1)
        part = written[key] = Part(body, 0, 0)
    return part


@functools.lru_cache(maxsize=4096)
def _body(
    role: str, state: tuple[ElementState, ...], bbox: BoundingBox, level: int | None, valued: bool
) -> str:
    """The JSON of an element but its name and value (``valued``: its place, ``_VALUED``),
    kept across snapshots: a page looked at again has the same elements, and each is a model
    validated and written, the dearest part of measuring a pruning's try."""
    value = _VALUE if valued else None
    return _written(ElementInfo(role, _PLACE, list(state), bbox, value=value, level=level))


def _written(alone: ElementInfo) -> str:
    """``alone``'s JSON between its ref and its children (it has none)."""
    alone.ref = "@e0"
    return alone.to_element().model_dump_json()[len(_head(alone.ref)) : -1]


def _part(element: ElementInfo, written: Written) -> Part:
    key = (element.order, element.name)
    part = written.get(key)
    if part is None:
        around = _around(element, written).body
        named = _named_kept if element.value is None else _named  # a value is never kept
        part = written[key] = named(around, element.name)
    return part


def _named(around: str, name: str) -> Part:
    """The part of an element whose JSON but its name is ``around``."""
    if name:
        body = around.replace(_PLACED, _NAME.dump_json(name).decode(), 1)
    else:  # an empty name is left out of the JSON
        body = around.replace(f',"name":{_PLACED}', "", 1)
    return Part(body, *json_units(body))


# kept across snapshots, as ``_body``: the page looked at again costs its names once
_named_kept = functools.lru_cache(maxsize=8192)(_named)


def elements_json(elements: list[ElementInfo], written: Written | None = None) -> str:
    """The elements exactly as ``Snapshot.elements_json`` will render them (``written``: the
    parts already rendered for the same capture)."""
    if written is None:
        return "[" + ",".join(e.to_element().model_dump_json() for e in elements) + "]"
    return (
        "["
        + ",".join(_head(e.ref) + _part(e, written).body + _tail(e.children) for e in elements)
        + "]"
    )


@functools.lru_cache(maxsize=4096)
def _head_units(ref: str) -> tuple[int, int]:
    return json_units(_head(ref))


def summed_tokens(elements: list[ElementInfo], written: Written) -> int:
    """``estimate_json_tokens(elements_json(elements))`` without writing the whole text
    again for every try: its parts' costs summed (the brackets and commas: a unit each)."""
    return _summed(((_part(e, written), e.ref, e.children) for e in elements), len(elements))


def tried_tokens(tried: Tried, start: int, written: Written) -> int:
    """``summed_tokens`` of ``tried``'s elements once linked with refs from ``@e{start}``,
    without building them."""
    refs = [f"@e{start + k}" for k in range(len(tried.kept))]
    children: list[list[str]] = [[] for _ in refs]
    for ref, parent in zip(refs, tried.parents, strict=True):
        if parent is not None:
            children[parent].append(ref)
    pool = tried.pool
    parts = (_part(pool[i], written) for i in tried.kept)
    return _summed(zip(parts, refs, children, strict=True), len(refs))


def _summed(rows: Iterable[tuple[Part, str, list[str]]], count: int) -> int:
    """The estimate of elements written as ``rows`` (part, ref, children's refs)."""
    units, numbers = 2 + max(0, count - 1), 0
    for part, ref, children in rows:
        head, head_numbers = _head_units(ref)
        units += head + part.units + 1  # its closing brace
        numbers += head_numbers + part.numbers
        if children:
            tail, tail_numbers = json_units(_tail(children))
            units += tail - 1
            numbers += tail_numbers
    return json_tokens(units, numbers)


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
        self._summable = element_estimator is None and estimator is estimate_tokens

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

    def measure_try(self, tried: Tried, written: Written) -> int:
        """``measure`` of a pruning's try, built only when it cannot be summed."""
        if self._summable:
            return tried_tokens(tried, self.registry.next_index, written)
        return self.measure(tried.elements(), written)

    def measure(self, elements: list[ElementInfo], written: Written | None = None) -> int:
        """Estimated tokens of ``elements`` once they carry the next snapshot's refs
        (``written``: the JSON of elements already measured for the same capture). With the
        default estimator their parts' costs are summed: a pruning measures a dozen tries."""
        start = self.registry.next_index
        link(elements, [f"@e{start + i}" for i in range(len(elements))])
        if written is not None and self._summable:
            return summed_tokens(elements, written)
        return self.element_estimator(elements_json(elements, written))

    def from_capture(
        self, capture: RawCapture, viewport_only: bool = True
    ) -> tuple[Snapshot, list[ElementInfo]]:
        """Prune, register and render one capture (pure but for the registry)."""
        written: Written = {}
        elements, coverage = prune_covered(
            capture, viewport_only, self.limits, lambda tried: self.measure_try(tried, written)
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
