"""Pruning rules of spec 01 1.3.2-1.3.4, as pure functions over a ``RawCapture``.

Precedence, where the spec's lists overlap: hidden and (with ``viewport_only``) offscreen
elements are always out; the excluded roles (generic, presentation, none, separator) are out
unless the element is keyboard focusable, because focusability is the spec's own stand-in for
click handlers it cannot see. The document itself (RootWebArea, WebArea) is the page, not an
element on it: never admitted, though Chrome reports it focusable. Depth is counted over
included elements (wrapper divs do not count); an element deeper than ``max_depth`` hangs off
its ancestor at that depth, so capping the tree never hides a control.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass

from subterminator.browser.capture import RawCapture, RawNode
from subterminator.models.snapshot import MAX_ELEMENTS, MAX_NAME_LENGTH, BoundingBox, ElementState
from subterminator.snapshot.element import (
    FULLY_VISIBLE,
    OFFSCREEN,
    PARTLY_VISIBLE,
    ElementInfo,
)

INTERACTIVE_ROLES = frozenset(
    {
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
)
LANDMARK_ROLES = frozenset({"region", "dialog", "alert", "alertdialog"})
EXCLUDED_ROLES = frozenset({"generic", "presentation", "none", "separator", "StaticText"})
CHECKABLE_ROLES = frozenset(
    {"checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio", "option"}
)
VALUE_ROLES = frozenset({"textbox", "searchbox", "combobox", "spinbutton", "slider", "listbox"})
_ROLE_RANK = {
    **dict.fromkeys(("button", "link"), 0),
    **dict.fromkeys(("checkbox", "radio", "textbox"), 1),
    **dict.fromkeys(("combobox", "listbox"), 2),
    "heading": 3,
    **dict.fromkeys(("region", "dialog"), 4),
}
_SPACE = re.compile(r"\s+")


@dataclass(frozen=True)
class PruneLimits:
    max_elements: int = MAX_ELEMENTS
    max_depth: int = 10
    max_name_length: int = MAX_NAME_LENGTH
    element_token_budget: int = 2000  # spec 01 2.1.1 hard limit for the elements JSON
    # The page's visible text beside the elements (spec 04 gives the model ~2 KB of it); its
    # own budget, so prose never crowds out controls.
    text_token_budget: int = 500


def truncate(text: str, limit: int = MAX_NAME_LENGTH) -> str:
    text = _SPACE.sub(" ", text).strip()
    return text if len(text) <= limit else text[:limit] + "..."


def is_included(node: RawNode) -> bool:
    """Spec 01 1.3.2 inclusion and exclusion rules (visibility is checked separately)."""
    if node.hidden:
        return False
    if node.role in EXCLUDED_ROLES and not node.focusable:
        return False
    if node.role in INTERACTIVE_ROLES or node.role in LANDMARK_ROLES:
        return True
    if node.role == "heading" and node.level in (1, 2, 3):
        return True
    return node.focusable and node.role not in ("RootWebArea", "WebArea")


def visibility(node: RawNode, width: int, height: int) -> int:
    box = node.box
    if box is None:
        return OFFSCREEN
    if box.x >= 0 and box.y >= 0 and box.x + box.width <= width and box.y + box.height <= height:
        return FULLY_VISIBLE
    if box.x + box.width > 0 and box.y + box.height > 0 and box.x < width and box.y < height:
        return PARTLY_VISIBLE
    return OFFSCREEN


def states(node: RawNode, seen: int) -> list[ElementState]:
    """Spec 01 1.3.4 states, in the spec's order."""
    out: list[ElementState] = ["offscreen" if seen == OFFSCREEN else "visible"]
    if node.role not in LANDMARK_ROLES and node.role != "heading":
        out.append("disabled" if node.disabled else "enabled")
    if node.readonly:
        out.append("readonly")
    if node.role in CHECKABLE_ROLES or node.checked is not None:
        out.append({"true": "checked", "mixed": "mixed"}.get(node.checked or "", "unchecked"))  # type: ignore[arg-type]
    if node.expanded is not None:
        out.append("expanded" if node.expanded else "collapsed")
    if node.focused:
        out.append("focused")
    if node.busy:
        out.append("busy")
    return out


def _bbox(node: RawNode) -> BoundingBox:
    box = node.box
    if box is None:
        return BoundingBox(x=0, y=0, width=0, height=0)
    return BoundingBox(
        x=round(box.x),
        y=round(box.y),
        width=max(0, round(box.width)),
        height=max(0, round(box.height)),
    )


def candidates(capture: RawCapture, viewport_only: bool, limits: PruneLimits) -> list[ElementInfo]:
    """Every element the rules admit, in DFS order, with parents among the admitted."""
    width, height = capture.viewport.width, capture.viewport.height
    admitted: dict[int, int] = {}  # raw index -> position in result
    result: list[ElementInfo] = []
    for index, node in enumerate(capture.nodes):
        seen = visibility(node, width, height)
        if not is_included(node) or (viewport_only and seen == OFFSCREEN):
            continue
        # Up the ancestors to the nearest admitted one. Each step must go to an earlier node:
        # a corrupt capture's self-parent or cycle would otherwise loop forever.
        parent = node.parent if node.parent is not None and 0 <= node.parent < index else None
        while parent is not None and parent not in admitted:
            up = capture.nodes[parent].parent
            parent = up if up is not None and 0 <= up < parent else None
        name = node.name
        if not name.strip() and node.text:
            name = node.text  # live regions and role-less custom controls: their text says it
        value = node.value if node.role in VALUE_ROLES and node.value is not None else None
        admitted[index] = len(result)
        result.append(
            ElementInfo(
                role=node.role,
                name=truncate(name, limits.max_name_length),
                state=states(node, seen),
                bbox=_bbox(node),
                handle=node.handle,
                value=None if value is None else truncate(value, limits.max_name_length),
                level=node.level if node.role == "heading" and node.level in range(1, 7) else None,
                parent=None if parent is None else admitted[parent],
                visibility=seen,
                order=index,
            )
        )
    return result


def rank_key(element: ElementInfo) -> tuple[int, int, int]:
    """Spec 01 1.3.3: viewport visibility, then role priority, then document order."""
    return (element.visibility, _ROLE_RANK.get(element.role, 5), element.order)


def keep(elements: list[ElementInfo], chosen: set[int], max_depth: int) -> list[ElementInfo]:
    """The chosen elements in document order, parents re-linked and depth capped."""
    position: dict[int, int] = {}
    depth: list[int] = []
    kept: list[ElementInfo] = []
    for index, element in enumerate(elements):
        if index not in chosen:
            continue
        parent = element.parent
        while parent is not None and parent not in position:
            parent = elements[parent].parent
        new_parent = None if parent is None else position[parent]
        while new_parent is not None and depth[new_parent] >= max_depth:
            new_parent = kept[new_parent].parent
        position[index] = len(kept)
        depth.append(1 if new_parent is None else depth[new_parent] + 1)
        kept.append(dataclasses.replace(element, parent=new_parent, ref="", children=[]))
    return kept


def link(elements: list[ElementInfo], refs: list[str]) -> None:
    """Give elements their refs and fill every parent's ``children``."""
    for element, ref in zip(elements, refs, strict=True):
        element.ref = ref
        element.children = []
    for element in elements:
        if element.parent is not None:
            elements[element.parent].children.append(element.ref)


def prune(
    capture: RawCapture,
    viewport_only: bool,
    limits: PruneLimits,
    measure: Callable[[list[ElementInfo]], int],
) -> list[ElementInfo]:
    """The highest-ranked elements that fit both the count cap and ``measure``'s token budget.

    ``measure`` returns the tokens of the elements as the model will see them (refs and
    children filled in provisionally), so the budget holds for the exact JSON sent.
    """
    admitted = candidates(capture, viewport_only, limits)
    ranked = sorted(range(len(admitted)), key=lambda i: rank_key(admitted[i]))

    def take(count: int) -> list[ElementInfo]:
        return keep(admitted, set(ranked[:count]), limits.max_depth)

    low, high = 0, min(len(admitted), limits.max_elements)
    if measure(take(high)) <= limits.element_token_budget:
        return take(high)
    while low < high:  # the largest count whose JSON fits the budget
        middle = (low + high + 1) // 2
        if measure(take(middle)) <= limits.element_token_budget:
            low = middle
        else:
            high = middle - 1
    return take(low)
