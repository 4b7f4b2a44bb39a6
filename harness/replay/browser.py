"""``ReplayBrowser``: a ``Browser`` that serves recorded pages: a flow replays offline, fast and
the same every time.

Several recordings of one service merge into one state graph: pages are keyed by their content
fingerprint, and every recorded action is an edge from the page it was taken on to the page it
led to. Captures are cut from the recorded whole page at the current scroll offset, so scrolling
behaves as in a browser. An action nobody recorded is a divergence: strict mode raises
``ReplayDivergence`` naming the step, the element and what was recorded there; lenient mode
answers that nothing happened. ``failures`` simulate what real browsers do (a crash, a slow
capture, a failed action, a page that moves under the agent's hand), so a test can check
that the agent survives them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal
from urllib.parse import urlsplit

from subterminator.browser.capture import RawCapture, RawNode
from subterminator.browser.effect import ActionEffect, EffectTarget
from subterminator.browser.history import History
from subterminator.browser.keyed import Keyed
from subterminator.browser.protocol import (
    ActionKind,
    Activating,
    CaptureScope,
    RequestGuard,
    ScrollDirection,
)
from subterminator.browser.reach import Reach
from subterminator.browser.side_effects import SideEffect
from subterminator.errors import BrowserActionError, BrowserError
from subterminator.recording.model import (
    BrowserEvent,
    ElementIdentity,
    RecordedPage,
    Recording,
    identity_of,
)
from subterminator.snapshot.secrecy import is_mask

FailureCode = Literal[
    "timeout",
    "element_disabled",
    "element_obscured",
    "element_not_visible",
    "element_detached",
    "crash",
    "slow",
    "navigated",
]
ACTIONS = ("click", "fill", "select")


class ReplayDivergence(BrowserError):
    """The run asked for something the recordings do not hold."""


@dataclass
class Failure:
    """Make ``call`` (on the element named ``name``, or on any) fail with ``code``, ``times``
    times. ``slow`` delays captures by ``seconds``; ``navigated`` moves to the recorded page
    ``to`` just before the action, as a page that navigates under the agent's hand."""

    call: Literal["click", "fill", "select", "capture", "navigate", "any"]
    code: FailureCode
    name: str | None = None
    times: int = 1
    seconds: float = 0.0
    to: str = ""  # a page id, for "navigated"


@dataclass
class ReplayCall:
    call: str
    page: str
    target: str = ""
    outcome: str = "ok"


@dataclass
class _Edge:
    event: BrowserEvent
    recording: str


def _key(identity: ElementIdentity | None) -> tuple[str, str, int]:
    return (identity.role, identity.name, identity.nth) if identity else ("", "", 0)


def _path(url: str) -> tuple[str, str]:
    parts = urlsplit(url)
    return parts.path, parts.query


@dataclass
class ReplayBrowser:
    recordings: Sequence[Recording]
    strict: bool = True
    failures: list[Failure] = field(default_factory=list)
    viewport: tuple[int, int] = (0, 0)  # (0, 0): the recorded viewport
    calls: list[ReplayCall] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.pages: dict[str, RecordedPage] = {}
        self.edges: dict[tuple[str, str, tuple[str, str, int], str], _Edge] = {}
        self.effects: dict[tuple[str, tuple[str, str, int], str], ActionEffect] = {}
        self.starts: dict[tuple[str, str], str] = {}
        self.humans: dict[str, str] = {}  # page -> page a person's action led to
        for recording in self.recordings:
            name = f"{recording.meta.service}/{recording.meta.flow}"
            for page in recording.pages:
                self.pages.setdefault(page.id, page)
            for event in recording.events:
                if event.call == "navigate" and event.result_page:
                    self.starts.setdefault(_path(event.arguments.get("url", "")), event.result_page)
                elif event.call == "inspect" and event.effect is not None:
                    action = str(event.arguments.get("action", "click"))
                    self.effects.setdefault((event.page, _key(event.target), action), event.effect)
                elif event.call == "human" and event.result_page:
                    self.humans.setdefault(event.page, event.result_page)
                elif event.call in ACTIONS:
                    value = str(event.arguments.get("value", ""))
                    edge_key = (event.page, event.call, _key(event.target), value)
                    self.edges.setdefault(edge_key, _Edge(event, name))
        if not self.viewport[0] and self.recordings:
            vp = self.recordings[0].meta.viewport
            self.viewport = (vp.get("width", 1280), vp.get("height", 800))
        self.current = ""
        self.scroll_y = 0
        self.closed = False
        self.guard: RequestGuard | None = None
        self.reach: Reach | None = None

    # -- helpers --------------------------------------------------------------------------------

    @property
    def page(self) -> RecordedPage:
        if not self.current:
            raise ReplayDivergence("replay: nothing navigated yet")
        return self.pages[self.current]

    def _alive(self) -> None:
        if self.closed:
            raise BrowserError("Browser is gone: the replay browser was closed")

    def _fail(self, call: str, name: str) -> Failure | None:
        for failure in self.failures:
            wanted = failure.call in (call, "any") and failure.name in (None, name)
            if failure.times > 0 and wanted:
                failure.times -= 1
                return failure
        return None

    def _node(self, handle: str) -> tuple[int, RawNode]:
        page_id, _, index = handle.partition("#")
        if page_id != self.current or not index.isdigit():
            raise BrowserActionError(
                "element_detached", f"{handle} is not on the current page any more"
            )
        nodes = self.page.capture.nodes
        return int(index), nodes[int(index)]

    def _height(self) -> int:
        boxes = [n.box for n in self.page.capture.nodes if n.box is not None]
        bottom = max((b.y + b.height for b in boxes), default=0.0)
        return max(0, int(bottom) - self.viewport[1])

    def recorded_here(self) -> list[str]:
        """What the recordings did on the current page (for divergence messages)."""
        return sorted(
            {
                f"{call} {identity[0]} {identity[1]!r}"
                for (page, call, identity, _), _e in self.edges.items()
                if page == self.current
            }
        )

    def _diverge(self, what: str) -> None:
        step = len(self.calls)
        recorded = "; ".join(self.recorded_here()) or "nothing"
        message = (
            f"replay diverged at step {step} on {self.page.capture.url} "
            f"({self.page.capture.title!r}): {what}; recorded on this page: {recorded}"
        )
        if self.strict:
            raise ReplayDivergence(message)

    # -- the Browser protocol -------------------------------------------------------------------

    async def navigate(self, url: str) -> int | None:
        self._alive()
        self.calls.append(ReplayCall("navigate", self.current, url))
        failure = self._fail("navigate", url)
        if failure and failure.code == "crash":
            raise BrowserError("Browser is gone: simulated crash")
        page = self.starts.get(_path(url))
        if page is None:
            known = ", ".join(sorted(p for p, _ in self.starts)) or "nothing"
            raise ReplayDivergence(f"replay: no recording starts at {url}; recorded: {known}")
        self.current, self.scroll_y = page, 0
        return None  # recordings keep pages, not HTTP statuses

    async def capture(
        self, *, scope: CaptureScope = "viewport", screenshot_pixels: int | None = None
    ) -> RawCapture:
        self._alive()
        failure = self._fail("capture", "")
        if failure and failure.code == "crash":
            raise BrowserError("Browser is gone: simulated crash")
        if failure and failure.code == "slow":
            await asyncio.sleep(failure.seconds)
        self.calls.append(ReplayCall("capture", self.current, scope))
        whole = self.page.capture
        top, height = self.scroll_y, self.viewport[1]
        nodes = _in_view(whole.nodes, self.current, top, height, scope)
        viewport = whole.viewport.model_copy(
            update={"width": self.viewport[0], "height": height, "scroll_y": top}
        )
        return whole.model_copy(
            update={
                "nodes": nodes,
                "viewport": viewport,
                "scope": scope,
                "screenshot": whole.screenshot if screenshot_pixels else None,
            }
        )

    async def inspect(self, handle: str, action: ActionKind) -> ActionEffect:
        self._alive()
        index, node = self._node(handle)
        identity = identity_of(self.page.capture.nodes, index)
        recorded = self.effects.get((self.current, _key(identity), action))
        if recorded is not None:
            return recorded
        capture = self.page.capture
        return ActionEffect(  # what the page shows of it; no listeners known, so the gate is wary
            action=action,
            target=EffectTarget(tag=node.tag, role=node.role, name=node.name, text=node.text or ""),
            page_url=capture.url,
            page_title=capture.title,
            page_text=capture.text,
        )

    async def keyed(self, key: Activating) -> Keyed:
        self._alive()
        return Keyed(how="unknown")  # focus is not recorded: the gate reads the key as unknown

    async def history(self) -> History:
        self._alive()
        return History()  # not recorded: the gate reads a step in it as unknown

    def guard_requests(self, guard: RequestGuard | None) -> None:
        self.guard = guard

    def set_reach(self, reach: Reach | None) -> None:
        """Recorded pages are already where they are: nothing is loaded to stop."""
        self.reach = reach

    async def side_effects(self) -> list[SideEffect]:
        return []  # a recording holds pages and actions; what a page did alone is not replayed

    async def _act(self, call: str, handle: str, value: str = "") -> None:
        self._alive()
        index, node = self._node(handle)
        identity = identity_of(self.page.capture.nodes, index)
        entry = ReplayCall(call, self.current, identity.describe())
        self.calls.append(entry)
        failure = self._fail(call, node.name)
        if failure is not None:
            entry.outcome = failure.code
            if failure.code == "crash":
                raise BrowserError("Browser is gone: simulated crash")
            if failure.code == "navigated":
                self.current, self.scroll_y = failure.to or self.current, 0
                raise BrowserActionError("element_detached", "the page navigated during the action")
            if failure.code != "slow":
                raise BrowserActionError(failure.code, f"simulated {failure.code}")
        edge = self.edges.get((self.current, call, _key(identity), value))
        if edge is None:
            entry.outcome = "diverged"
            shown = f" with {value!r}" if value else ""
            self._diverge(f"{call} on {identity.describe()}{shown} was never recorded")
            return  # lenient: nothing happened
        event = edge.event
        if event.error_code:
            entry.outcome = event.error_code
            raise BrowserActionError(event.error_code, event.error_detail or "as recorded")
        self.current = event.result_page or self.current
        self.scroll_y = event.scroll_y

    async def person_acts(self) -> None:
        """The person does in the browser what they did when the run was recorded."""
        self._alive()
        self.calls.append(ReplayCall("human", self.current))
        after = self.humans.get(self.current)
        if after is None:  # asked for a secret: what they typed here, as recorded (masked)
            typed = [
                edge.event.result_page or page
                for (page, call, _, value), edge in self.edges.items()
                if page == self.current and call in ("fill", "select") and is_mask(value)
            ]
            after = typed[0] if typed else None
        if after is None:
            self._diverge("a person was asked to act where nobody acted when recording")
            return
        self.current, self.scroll_y = after, 0

    async def click(self, handle: str, *, timeout_ms: int) -> None:
        await self._act("click", handle)

    async def fill(self, handle: str, value: str, *, clear_first: bool, timeout_ms: int) -> None:
        await self._act("fill", handle, value)

    async def select(self, handle: str, value: str, *, timeout_ms: int) -> None:
        await self._act("select", handle, value)

    async def scroll_into_view(self, handle: str, *, timeout_ms: int) -> None:
        self._alive()
        _, node = self._node(handle)
        if node.box is not None:
            top, height = self.scroll_y, self.viewport[1]
            if node.box.y < top or node.box.y + node.box.height > top + height:
                wanted = int(node.box.y + node.box.height / 2 - height / 2)
                self.scroll_y = max(0, min(wanted, self._height()))

    async def scroll_page(self, direction: ScrollDirection, amount: int) -> None:
        self._alive()
        self.calls.append(ReplayCall("scroll_page", self.current, direction))
        bottom = self._height()
        if direction == "top":
            self.scroll_y = 0
        elif direction == "bottom":
            self.scroll_y = bottom
        else:
            step = amount if direction == "down" else -amount
            self.scroll_y = max(0, min(self.scroll_y + step, bottom))

    async def close(self) -> None:
        self.closed = True


def _in_view(
    whole: Sequence[RawNode], page: str, top: int, height: int, scope: CaptureScope
) -> list[RawNode]:
    """The recorded page's nodes a capture of ``scope`` at scroll ``top`` shows (their
    ancestors too: the landmarks and dialogs around what is seen), with handles of this page
    and boxes where the viewport puts them."""
    keep: list[int] = []
    for index, node in enumerate(whole):
        box = node.box
        inside = box is not None and box.y < top + height and box.y + box.height > top
        if scope == "page" or inside or box is None:
            keep.append(index)
    wanted = set(keep)
    for index in list(keep):
        up = whole[index].parent
        while up is not None and up not in wanted:
            wanted.add(up)
            up = whole[up].parent
    order = sorted(wanted)
    position = {old: new for new, old in enumerate(order)}
    nodes: list[RawNode] = []
    for old in order:
        node = whole[old]
        up = node.parent
        while up is not None and up not in position:
            up = whole[up].parent
        box = node.box
        nodes.append(
            node.model_copy(
                update={
                    "handle": f"{page}#{old}",
                    "parent": position[up] if up is not None else None,
                    "box": box.model_copy(update={"y": box.y - top}) if box else None,
                }
            )
        )
    return nodes
