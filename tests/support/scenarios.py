"""Checks for the property tests: browser call logs, contract checks, recorded flows.

The generators themselves are in ``harness.strategies``.

- ``CallLog``: a ``Browser`` around any other that logs every call, and for element actions
  the raw node the handle named in the latest capture (so a test can see which element a ref
  really reached, on a ReplayBrowser or on Chromium);
- ``contract_problems`` and ``RefLedger``: a reply is a valid ToolResult (pydantic and
  fixtures/snapshot_schema.json), and across a session snapshot ids are unique and refs are
  never reused (each snapshot takes the next contiguous block, from @e0);
- recorded flows for the ReplayBrowser, and which recorded clicks are the final step.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]
from pydantic import ValidationError

from harness.replay.browser import ReplayBrowser
from subterminator.browser.capture import RawCapture, RawNode
from subterminator.browser.effect import ActionEffect
from subterminator.browser.history import History
from subterminator.browser.keyed import Keyed
from subterminator.browser.protocol import (
    ActionKind,
    Activating,
    Browser,
    CaptureScope,
    RequestGuard,
    ScrollDirection,
)
from subterminator.browser.reach import Reach
from subterminator.browser.side_effects import SideEffect
from subterminator.models.snapshot import BoundingBox, Element, Snapshot
from subterminator.models.tools import ERROR_CODES, ToolResult
from subterminator.recording import Recording, load
from subterminator.schema import snapshot_json_schema
from subterminator.services.base import ServiceConfig
from subterminator.snapshot.factory import SnapshotFactory
from subterminator.snapshot.pruning import truncate
from subterminator.snapshot.registry import ElementRegistry
from subterminator.tools.executor import FILLABLE_ROLES, SELECTABLE_ROLES
from subterminator.tools.server import BrowserToolServer
from tests.support.cuts import cut_of

ROOT = Path(__file__).resolve().parents[2]
RECORDINGS = ROOT / "recordings"
SCHEMA_FILE = ROOT / "fixtures" / "snapshot_schema.json"
MESSAGE_LIMIT = 2_000  # a reply's message goes into the model's context: never unbounded

# -- recorded flows ----------------------------------------------------------------------------


@cache
def recording(name: str, service: str = "netflix") -> Recording:
    """A recorded flow, loaded once per process (treat it as read-only)."""
    return load(RECORDINGS / service / name)


def replay_browser(name: str, *, strict: bool = False) -> ReplayBrowser:
    """A ReplayBrowser over one recorded flow; lenient by default (unrecorded: nothing happens)."""
    return ReplayBrowser([recording(name)], strict=strict)


def page_snapshot(capture: RawCapture) -> Snapshot:
    """A whole-page snapshot of a recorded page, on a throwaway registry."""
    factory = SnapshotFactory(None, ElementRegistry(), screenshot_tokens=None)  # type: ignore[arg-type]
    return factory.from_capture(capture, viewport_only=False)[0]


def cancelled_pages(browser: ReplayBrowser, service: ServiceConfig) -> frozenset[str]:
    """Recorded pages the service's outcome judge reads as cancelled."""
    return frozenset(
        page_id
        for page_id, page in browser.pages.items()
        if service.verify_success(page_snapshot(page.capture))
    )


def final_steps(browser: ReplayBrowser, service: ServiceConfig) -> frozenset[tuple[str, str]]:
    """The recorded final steps: (page id, target) of every recorded action that led from a
    page not read as cancelled to one that is (``ReplayCall.target`` spelling)."""
    done = cancelled_pages(browser, service)
    steps = set()
    for edge in browser.edges.values():
        event = edge.event
        if event.result_page in done and event.page not in done and event.target is not None:
            steps.add((event.page, event.target.describe()))
    return frozenset(steps)


# -- a call log around any Browser ----------------------------------------------------------

ELEMENT_ACTIONS = frozenset({"click", "fill", "select", "scroll_into_view"})


@dataclass(frozen=True)
class Logged:
    """One call across the Browser seam; element actions name the node their handle had in
    the latest capture (``known`` False: the handle was not in it)."""

    call: str
    handle: str = ""
    argument: str = ""
    node: RawNode | None = None
    known: bool = True


class CallLog:
    """A ``Browser`` that forwards to ``inner`` and logs every call, before it is made."""

    def __init__(self, inner: Browser) -> None:
        self.inner = inner
        self.log: list[Logged] = []
        self.nodes: dict[str, RawNode] = {}

    def actions(self, since: int = 0) -> list[Logged]:
        return [e for e in self.log[since:] if e.call in ELEMENT_ACTIONS]

    def _element(self, call: str, handle: str, argument: str = "") -> None:
        node = self.nodes.get(handle)
        self.log.append(Logged(call, handle, argument, node, node is not None))

    async def navigate(self, url: str) -> int | None:
        self.log.append(Logged("navigate", argument=url))
        return await self.inner.navigate(url)

    async def capture(
        self, *, scope: CaptureScope = "viewport", screenshot_pixels: int | None = None
    ) -> RawCapture:
        self.log.append(Logged("capture", argument=scope))
        captured = await self.inner.capture(scope=scope, screenshot_pixels=screenshot_pixels)
        self.nodes = {n.handle: n for n in captured.nodes if n.handle}
        return captured

    async def inspect(self, handle: str, action: ActionKind) -> ActionEffect:
        self.log.append(Logged("inspect", handle, action))
        return await self.inner.inspect(handle, action)

    async def keyed(self, key: Activating) -> Keyed:
        return await self.inner.keyed(key)

    async def history(self) -> History:
        return await self.inner.history()

    def guard_requests(self, guard: RequestGuard | None) -> None:
        self.inner.guard_requests(guard)

    def set_reach(self, reach: Reach | None) -> None:
        self.inner.set_reach(reach)

    async def side_effects(self) -> list[SideEffect]:
        return await self.inner.side_effects()

    async def click(self, handle: str, *, timeout_ms: int) -> None:
        self._element("click", handle)
        await self.inner.click(handle, timeout_ms=timeout_ms)

    async def fill(self, handle: str, value: str, *, clear_first: bool, timeout_ms: int) -> None:
        self._element("fill", handle, value)
        await self.inner.fill(handle, value, clear_first=clear_first, timeout_ms=timeout_ms)

    async def select(self, handle: str, value: str, *, timeout_ms: int) -> None:
        self._element("select", handle, value)
        await self.inner.select(handle, value, timeout_ms=timeout_ms)

    async def scroll_into_view(self, handle: str, *, timeout_ms: int) -> None:
        self._element("scroll_into_view", handle)
        await self.inner.scroll_into_view(handle, timeout_ms=timeout_ms)

    async def scroll_page(self, direction: ScrollDirection, amount: int) -> None:
        self.log.append(Logged("scroll_page", argument=f"{direction} {amount}"))
        await self.inner.scroll_page(direction, amount)

    async def close(self) -> None:
        self.log.append(Logged("close"))
        await self.inner.close()


def same_element(node: RawNode | None, element: Element) -> bool:
    """Is ``element`` (from a snapshot) the pruned form of raw ``node``: role, name and box?
    The name is whole (cut at 200 characters), or, where the element budget had to cut
    names, a prefix of it marked "..."."""
    if node is None:
        return False
    name = node.name if node.name.strip() or not node.text else node.text
    box = node.box
    bbox = (
        BoundingBox(x=0, y=0, width=0, height=0)
        if box is None
        else BoundingBox(
            x=round(box.x),
            y=round(box.y),
            width=max(0, round(box.width)),
            height=max(0, round(box.height)),
        )
    )
    whole = truncate(name)
    shown = element.name
    named = shown == whole or cut_of(shown, whole)
    return named and (node.role, bbox) == (element.role, element.bbox)


def reaches_browser(tool: str, element: Element) -> bool:
    """Would the executor pass this tool on this element to the browser (its role checks)?"""
    if tool == "browser_fill":
        return element.role in FILLABLE_ROLES
    if tool == "browser_select":
        return element.role in SELECTABLE_ROLES
    return tool in ("browser_click", "browser_scroll")


# -- the reply contract ----------------------------------------------------------------------


@cache
def _validator() -> jsonschema.Draft202012Validator:
    schema = json.loads(SCHEMA_FILE.read_text()) if SCHEMA_FILE.exists() else None
    return jsonschema.Draft202012Validator(schema or snapshot_json_schema())


def contract_problems(result: object) -> list[str]:
    """What is wrong with a tool reply: its fields, its error code, its snapshot's schema (empty:
    nothing)."""
    if not isinstance(result, ToolResult):
        return [f"not a ToolResult: {type(result).__name__}"]
    try:
        data = json.loads(result.model_dump_json())
        again = ToolResult.model_validate(data)
    except (ValueError, ValidationError) as exc:
        return [f"does not round-trip through JSON: {exc}"]
    problems = [
        f"snapshot: {e.message} at {'/'.join(map(str, e.absolute_path))}"
        for e in _validator().iter_errors(data["snapshot"])
    ]
    if again != result:
        problems.append("the JSON form validates to a different reply")
    if result.success != (result.error is None):
        problems.append(f"success={result.success} with error={result.error!r}")
    if result.error is not None and result.error not in ERROR_CODES:
        problems.append(f"unknown error code {result.error!r}")
    if result.error is not None and not result.message:
        problems.append(f"error {result.error!r} without a message")
    if len(result.message or "") > MESSAGE_LIMIT:
        problems.append(f"a {len(result.message or '')}-character message (input echoed?)")
    snapshot = result.snapshot
    refs = [e.ref for e in snapshot.elements]
    if len(set(refs)) != len(refs):
        problems.append(f"refs repeat within a snapshot: {refs}")
    if snapshot.focused is not None and snapshot.focused not in refs:
        problems.append(f"focused {snapshot.focused} is not an element")
    for element in snapshot.elements:
        stray = set(element.children or []) - set(refs)
        if stray:
            problems.append(f"{element.ref} has children outside the snapshot: {sorted(stray)}")
    return problems


@dataclass
class RefLedger:
    """Every snapshot a session showed, in order: ids never repeat, and each snapshot's refs
    are the next contiguous block (the first from @e0), so no ref ever names two elements."""

    ids: set[str] = field(default_factory=set)
    owner: dict[str, str] = field(default_factory=dict)  # ref -> snapshot id that issued it
    next: int = 0
    snapshots: list[Snapshot] = field(default_factory=list)

    def add(self, snapshot: Snapshot) -> list[str]:
        problems = []
        if snapshot.snapshot_id in self.ids:
            problems.append(f"snapshot id {snapshot.snapshot_id} was used before")
        refs = [e.ref for e in snapshot.elements]
        reused = [r for r in refs if r in self.owner]
        if reused:
            problems.append(f"refs reused from earlier snapshots: {reused[:5]}")
        block = [f"@e{self.next + i}" for i in range(len(refs))]
        if refs != block:
            problems.append(f"refs {refs[:3]}... are not the next block {block[:3]}...")
        self.ids.add(snapshot.snapshot_id)
        self.owner.update(dict.fromkeys(refs, snapshot.snapshot_id))
        self.next += len(refs)
        self.snapshots.append(snapshot)
        return problems

    def stale(self) -> list[str]:
        """Refs issued by an earlier snapshot than the latest."""
        latest = self.snapshots[-1].snapshot_id if self.snapshots else None
        return [r for r, owner in self.owner.items() if owner != latest]


# -- generated tool calls ---------------------------------------------------------------------

# -- a checked session over the real BrowserToolServer ----------------------------------------

TOOL_ACTION = {
    "browser_click": "click",
    "browser_fill": "fill",
    "browser_select": "select",
    "browser_scroll": "scroll_into_view",
}


def acceptance_problems(
    name: str,
    arguments: Any,
    latest: Snapshot | None,
    result: ToolResult,
    logged: Sequence[Logged],
    *,
    malformed: bool = False,
    disturbed: bool = False,
) -> list[str]:
    """The ref law, on what reached the browser: a well-formed element call reaches it iff its
    ref is in the latest snapshot, and then on that very element; otherwise ``ref_invalid``.
    ``disturbed``: a fault was armed or the page moved, so a current ref may still come back
    ``ref_invalid`` (the element left the page), but only after the browser was asked."""
    acted = [e for e in logged if e.call in ELEMENT_ACTIONS]
    scrolled = [e for e in logged if e.call == "scroll_page"]
    problems = []
    ref = arguments.get("ref") if isinstance(arguments, dict) else None
    if malformed:
        if acted or scrolled:
            problems.append(f"a malformed call reached the browser: {[e.call for e in acted]}")
        return problems
    if name in TOOL_ACTION and isinstance(ref, str):
        element = latest.element(ref) if latest is not None else None
        if element is None:
            if acted:
                problems.append(f"{ref} is not in the latest snapshot, yet it was acted on")
            if result.error != "ref_invalid":
                problems.append(f"{ref} is not in the latest snapshot: got {result.error!r}")
        elif reaches_browser(name, element):
            if [e.call for e in acted] != [TOOL_ACTION[name]]:
                problems.append(f"{ref} is current: wanted one {TOOL_ACTION[name]}, got {acted}")
            elif not acted[0].known or not same_element(acted[0].node, element):
                problems.append(f"{ref} ({element.role} {element.name!r}) reached {acted[0]}")
            if result.error == "ref_invalid" and not disturbed:
                problems.append(f"{ref} is current, yet refused: {result.message}")
        else:
            if acted:
                problems.append(f"{name} on a {element.role} reached the browser")
            if result.error != "action_failed":
                problems.append(f"{name} on a {element.role}: got {result.error!r}")
    elif acted:
        problems.append(f"{name} acted on an element: {acted}")
    if name == "browser_scroll" and ref is None and len(scrolled) != 1:
        problems.append(f"a page scroll scrolled {len(scrolled)} times")
    return problems


class Session:
    """One BrowserToolServer over a logged browser; ``execute`` checks every reply."""

    def __init__(self, inner: Browser, server_factory: Any = None) -> None:
        self.browser = CallLog(inner)
        make = server_factory or BrowserToolServer
        self.server = make(self.browser)
        self.ledger = RefLedger()
        self.latest: Snapshot | None = None
        self.replies: list[ToolResult] = []

    async def execute(
        self, name: str, arguments: Any, *, malformed: bool = False, disturbed: bool = False
    ) -> ToolResult:
        before, latest = len(self.browser.log), self.latest
        result = await self.server.execute(name, arguments)
        problems = contract_problems(result)
        if isinstance(result, ToolResult):
            problems += self.ledger.add(result.snapshot)
            problems += acceptance_problems(
                name,
                arguments,
                latest,
                result,
                self.browser.log[before:],
                malformed=malformed,
                disturbed=disturbed,
            )
        assert not problems, f"{name}({_short(arguments)}) -> {_short(result)}:\n" + "\n".join(
            problems
        )
        self.latest = result.snapshot
        self.replies.append(result)
        return result

    def refs(self) -> list[str]:
        return [e.ref for e in self.latest.elements] if self.latest else []

    def older_refs(self) -> list[str]:
        """Refs issued by earlier snapshots of this session (dead, for stale-ref calls)."""
        live = set(self.refs())
        return [ref for ref in self.ledger.owner if ref not in live]


def _short(value: Any, limit: int = 300) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} chars)"
