"""How ``PlaywrightBrowser`` captures a page into a ``RawCapture`` (the model is ``capture.py``).

One script in our isolated world finds the candidates (boxes, DFS order, text) and names them
with Chrome's own accessibility engine (``computedRole``/``computedName``, states from the
DOM): a few microseconds an element, where a DevTools round trip each
(``Accessibility.getPartialAXTree``, still used for Chrome's internal roles and for a
Chromium without the feature) costs ~0.25 ms through Playwright's driver. Cross-origin frames
are walked in their own documents and spliced in; a main-frame commit during the capture makes
it start again.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import logging
import math
import secrets
import time
from collections.abc import Awaitable, Callable, Iterator
from typing import Any, Literal, TypeVar

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from subterminator.browser import playwright_errors
from subterminator.browser.capture import RawBox, RawCapture, RawNode, RawViewport
from subterminator.browser.devtools import MAX_FRAME_DEPTH, DevTools, script
from subterminator.browser.documents import Doc
from subterminator.browser.protocol import CaptureScope
from subterminator.errors import BrowserError

log = logging.getLogger(__name__)

CAPTURE_JS = script("capture")
# capture.js is sent once per world (16 KB through Playwright's driver each time was a good
# part of a small page's capture): it stays there as a function, called by the short one.
# Either returns [ms waited for the document to be parsed, capture.js's JSON] (ready.js).
_READY = script("ready")
_KEEP_CAPTURE = f"(...a) => ({_READY})(globalThis.__subterminatorCapture = ({CAPTURE_JS}), a)"
_CALL_CAPTURE = (
    f"(...a) => {{ const run = globalThis.__subterminatorCapture;"
    f" return run ? ({_READY})(run, a) : null; }}"
)
# A snapshot keeps at most 100 elements (what a model can weigh in one turn), so past this
# many only the highest-ranked are captured: in view first, then by the role the markup
# implies, then in document order
# (RawCapture.omitted says how many were left out); more would only cost pruning its time.
MAX_CAPTURE_NODES = 300
MAX_NEW_TABS = 10  # captures restarted for a tab that opened meanwhile; then the one held
# A capture a navigation spoiled is taken again (3 tries at most) only when the try begins
# within this long of the first: on a loaded machine one try of a page that keeps replacing
# itself takes most of a second, and the answer is "it keeps changing", not the snapshot cap.
RETRY_WITHIN_S = 1.0
PAGE_TEXT_PART_CHARS = 4000  # per part of RawCapture.text: in view, main content, the rest
HIDDEN_REASONS = frozenset(
    {
        "ariaHiddenElement",
        "ariaHiddenSubtree",
        "notVisible",
        "notRendered",
        "inertElement",
        "inertSubtree",
        "hiddenByChildTree",
    }
)


# Where a capture spends its time (PlaywrightBrowser.last_stages, ms): the wait for a loading
# page (in the page: also part of "script"), our script in the page, Chrome naming the
# candidates, cross-origin frames walked on their own, the screenshot (taken while the
# candidates are named), and the capture as a whole.
STAGES = ("settle", "script", "naming", "frames", "screenshot", "total")
_T = TypeVar("_T")


class _Clock:
    """Adds each stage's wall time to ``stages``; concurrent stages overlap in ``total``."""

    def __init__(self, stages: dict[str, float]) -> None:
        self.stages = stages

    @contextlib.contextmanager
    def stage(self, name: str) -> Iterator[None]:
        started = time.perf_counter()
        try:
            yield
        finally:
            elapsed = (time.perf_counter() - started) * 1000
            self.stages[name] = self.stages.get(name, 0.0) + elapsed

    async def timed(self, name: str, work: Awaitable[_T]) -> _T:
        with self.stage(name):
            return await work


class _NewTab(Exception):
    """The agent moved to a new tab (a pop-up) while its old one was being captured."""


class _Committed(Exception):
    """A main-frame navigation committed mid-capture; the capture is taken again."""


async def capture(
    devtools: DevTools,
    scope: CaptureScope,
    screenshot_pixels: int | None,
    max_nodes: int,
    stages: dict[str, float] | None = None,
) -> RawCapture:
    """The page now, retried while navigations keep replacing it under us."""
    clock = _Clock({} if stages is None else stages)
    with clock.stage("total"):
        return await _capture(devtools, scope, screenshot_pixels, max_nodes, clock)


async def _capture(
    devtools: DevTools,
    scope: CaptureScope,
    screenshot_pixels: int | None,
    max_nodes: int,
    clock: _Clock,
) -> RawCapture:
    attempt = tabs = 0
    started = time.monotonic()
    while attempt < 3 and (attempt == 0 or time.monotonic() - started < RETRY_WITHIN_S):
        try:
            with playwright_errors.translate_closed():
                return await _capture_once(
                    devtools, scope, screenshot_pixels, max_nodes, clock, tabs < MAX_NEW_TABS
                )
        except _NewTab as exc:  # the newest tab is captured; a flood of them, the one held
            log.debug("capture: %s", exc)
            tabs += 1
            continue
        except _Committed as exc:
            log.debug("capture attempt %d: %s", attempt, exc)
            last = str(exc)
        except PlaywrightError as exc:
            # A navigation destroyed the context mid-capture; the next try sees the new page.
            log.debug("capture attempt %d failed: %s", attempt, exc)
            last = str(exc)
        attempt += 1
    raise BrowserError(f"Page kept changing during capture: {playwright_errors.first_line(last)}")


async def _capture_once(
    devtools: DevTools,
    scope: CaptureScope,
    screenshot_pixels: int | None,
    max_nodes: int,
    clock: _Clock,
    follow_tabs: bool = True,
) -> RawCapture:
    page = devtools.page
    top = await devtools.top(page)
    commits = devtools.commits(page)
    devtools.committed(page).clear()
    shots: list[asyncio.Future[bytes]] = []

    def shoot(data: dict[str, Any]) -> None:
        """Starts the screenshot as soon as the script has measured the viewport, so that it
        is taken while Chrome names the candidates, of the page the script just read."""
        if screenshot_pixels:
            view = _viewport(data)
            work = _screenshot(devtools, page, view, screenshot_pixels)
            shots.append(asyncio.ensure_future(clock.timed("screenshot", work)))

    try:
        data, nodes, omitted, parts = await _walk(
            devtools, top, scope, None, max_nodes, 0, clock, shoot
        )
        screenshot = await shots[0] if shots else None
    finally:
        for shot in shots:
            shot.cancel()
    viewport = _viewport(data)
    if devtools.commits(page) != commits:
        raise _Committed("the page navigated during the capture")
    if follow_tabs and devtools.page is not page:
        raise _NewTab("a new tab opened during the capture")
    return RawCapture(
        url=data["url"],
        title=data["title"],
        lang=str(data.get("lang") or "")[:35],
        viewport=viewport,
        scope=scope,
        nodes=nodes,
        omitted=omitted,
        screenshot=screenshot,
        text="\n".join(p[:PAGE_TEXT_PART_CHARS] for p in parts if p),
    )


def _viewport(data: dict[str, Any]) -> RawViewport:
    return RawViewport(
        width=data["vw"], height=data["vh"], scroll_x=data["sx"], scroll_y=data["sy"]
    )


def _released(devtools: DevTools, doc: Doc, group: str) -> None:
    """Frees the capture's objects without waiting: nothing reads them again, and the reply
    would only add a round trip to every snapshot (a gone document frees them itself)."""

    async def release() -> None:
        with contextlib.suppress(PlaywrightError, BrowserError):
            await devtools.send(
                "Runtime.releaseObjectGroup", {"objectGroup": group}, via=doc.session
            )

    task = asyncio.ensure_future(release())
    _RELEASING.add(task)
    task.add_done_callback(_RELEASING.discard)


_RELEASING: set[asyncio.Future[None]] = set()
# a document's data, its nodes, how many it left out, its text by part
_Walked = tuple[
    dict[str, Any], list[RawNode], int, list[str]
]  # held until done: a bare task may be collected


async def _together(*work: Awaitable[Any]) -> list[Any]:
    """All of ``work`` run at once and awaited to the end, then the first failure raised: no
    call is left running unobserved behind a failed capture."""
    done = await asyncio.gather(*work, return_exceptions=True)
    for result in done:
        if isinstance(result, BaseException):
            raise result
    return done


async def _walk(
    devtools: DevTools,
    doc: Doc,
    scope: CaptureScope,
    origin: list[float] | None,
    limit: int,
    depth: int,
    clock: _Clock,
    measured: Callable[[dict[str, Any]], None] | None = None,
) -> _Walked:
    """Capture one document, then each cross-origin frame in it, spliced in DFS order.

    Returns the document's data, its nodes, how many it left out, and its text by part
    (in view, main content, the rest) with its frames' text appended to each part.
    ``measured`` is told the top document's data as soon as the script returns it.
    """
    group = f"capture-{secrets.token_hex(4)}"
    data = await _run_script(devtools, doc, scope, origin, limit, clock)
    if measured is not None:
        measured(data)
    # element references only for frames to walk and elements DevTools names
    asked = [not data.get("named") or bool(m.get("ax")) for m in data["meta"]]
    hosts = [i for i, m in enumerate(data["meta"]) if m.get("cs")]
    # with no room left, frames are still walked for their text (their nodes are cut)
    listed = data.get("xf", []) if depth < MAX_FRAME_DEPTH else []
    wanted = sorted(
        {i for i, ask in enumerate(asked) if ask} | set(hosts) | {e for _, e, *_ in listed}
    )
    sealed: set[int] = set()
    try:
        objects: dict[int, str] = {}
        if wanted:
            with clock.stage("script"):
                objects = await _elements(devtools, doc, group, wanted)
        room = limit - len(data["meta"])

        async def frame(element: int, place: list[float]) -> _Walked | None:
            child = await devtools.frames.child(doc, objects[element])
            if child is None:
                return None
            cap = max(room, 0)
            return await _walk(devtools, child, scope, place, cap, depth + 1, _Clock({}))

        # Chrome names this document's candidates while every frame in it is walked (cross-site
        # frames run in processes of their own), each frame within the room left before any;
        # they are spliced in document order after, the excess cut off
        ax, walked, sealed = await _together(
            clock.timed("naming", _named(devtools, doc, objects, asked)),
            clock.timed(
                "frames",
                _together(*(_unless_gone(devtools, frame(e, place)) for _, e, *place in listed)),
            ),
            clock.timed("naming", _closed_roots(devtools, doc, [(i, objects[i]) for i in hosts])),
        )
        frames, omitted, parts = _spliced(data, listed, walked, room)
    finally:
        if wanted:
            _released(devtools, doc, group)
    nodes = _assembled(data, ax, frames, sealed, doc.handle_prefix)
    return data, nodes, omitted, parts


async def _unless_gone(devtools: DevTools, walk: Awaitable[_Walked | None]) -> _Walked | None:
    """A frame's walk; a frame whose own process closed as it was read (a consent frame removed
    once answered) is gone, not the browser, while the page is still open."""
    try:
        return await walk
    except PlaywrightError as exc:
        if playwright_errors.classify(str(exc)) != "browser_closed" or devtools.page.is_closed():
            raise
        log.debug("capture: a frame went away as it was read: %s", exc)
        return None


async def _named(
    devtools: DevTools, doc: Doc, objects: dict[int, str], asked: list[bool]
) -> list[Any]:
    """Chrome's accessibility tree of each element the script could not name in the page (or
    left to DevTools); None for the rest."""
    trees = iter(
        await _together(
            *(
                devtools.send(
                    "Accessibility.getPartialAXTree",
                    {"objectId": objects[i], "fetchRelatives": False},
                    via=doc.session,
                )
                for i, ask in enumerate(asked)
                if ask
            )
        )
    )
    return [next(trees) if ask else None for ask in asked]


def _spliced(
    data: dict[str, Any], listed: list[Any], walked: list[_Walked | None], room: int
) -> tuple[dict[int, list[RawNode]], int, list[str]]:
    """The walked frames' nodes by their element's index, each within the room left (a frame
    out of view gives its text only), how many were left out, and the text by part with
    each frame's appended."""
    frames: dict[int, list[RawNode]] = {}
    omitted = int(data.get("dropped", 0))
    parts = [str(t) for t in data.get("tx", ["", "", ""])]
    for (index, *_), result in zip(listed, walked, strict=True):
        if result is None:
            continue
        _, inner, left_out, text = result
        parts = [f"{mine}\n{theirs}".strip() for mine, theirs in zip(parts, text, strict=True)]
        if index < 0:  # out of view: its text only
            omitted += left_out + len(inner)
            continue
        if len(inner) > room:  # a DFS prefix keeps every kept node's parent
            left_out += len(inner) - room
            inner = inner[: max(0, room)]
        frames[index] = inner
        room -= len(inner)
        omitted += left_out
    return frames, omitted, parts


def _assembled(
    data: dict[str, Any],
    ax: list[Any],
    frames: dict[int, list[RawNode]],
    sealed: set[int],
    prefix: str,
) -> list[RawNode]:
    """The document's nodes in DFS order, its frames' spliced in after their element, plain
    wrappers dropped (their children's parent is theirs) and closed shadow roots noted."""
    nodes: list[RawNode] = []
    position: dict[int, int | None] = {}  # index in this document -> index in ``nodes``
    for index, (meta, tree) in enumerate(zip(data["meta"], ax, strict=True)):
        parent = position.get(meta["p"])
        if tree is None:
            node = _named_node(meta, parent, prefix)
        else:
            node = _raw_node(meta, tree["nodes"], parent, prefix)
        if (meta.get("ce") or index in sealed) and _plain(node):
            position[index] = parent  # no control (Chrome leaves it out): its children's
        else:  # parent is its own
            position[index] = len(nodes)
            nodes.append(node)
        if index in sealed:  # said, where it is: there is content here we cannot read
            nodes.append(_sealed_note(node, position[index]))
        base = len(nodes)
        for inner in frames.get(index, []):
            parent = position[index] if inner.parent is None else base + inner.parent
            nodes.append(inner.model_copy(update={"parent": parent}))
    return nodes


PLAIN_ROLES = frozenset({"", "generic", "none", "presentation"})
SEALED_NAME = "Closed shadow root: its content cannot be read"


def _plain(node: RawNode) -> bool:
    """Nothing a snapshot keeps: hidden, or neither a role nor focus (pruning's rules)."""
    return node.hidden or (node.role in PLAIN_ROLES and not node.focusable)


def _sealed_note(host: RawNode, parent: int | None) -> RawNode:
    """What a snapshot shows of a closed shadow root: a region over its host, saying so (a
    click on it reaches the host, which the gate finds opaque)."""
    return RawNode(
        handle=host.handle,
        parent=parent,
        tag=host.tag,
        role="region",
        name=SEALED_NAME,
        box=host.box,
        hidden=host.hidden,
    )


async def _closed_roots(devtools: DevTools, doc: Doc, hosts: list[tuple[int, str]]) -> set[int]:
    """Which of ``hosts`` (index, remote object id) host a closed shadow root: no page
    script can tell, DevTools can."""
    described = await _together(
        *(
            devtools.send("DOM.describeNode", {"objectId": object_id}, via=doc.session)
            for _, object_id in hosts
        )
    )
    return {
        index
        for (index, _), found in zip(hosts, described, strict=True)
        if any(
            r.get("shadowRootType") == "closed"
            for r in found.get("node", {}).get("shadowRoots", [])
        )
    }


def _naming(names_in_page: bool, attempt: int) -> bool | str:
    """capture.js's ``nameHere``: ``'kept'`` once the tree was just asked for, so a slow
    first name on a loaded machine does not send the whole capture to DevTools' names."""
    return "kept" if names_in_page and attempt > 0 else names_in_page


async def _run_script(
    devtools: DevTools,
    doc: Doc,
    scope: CaptureScope,
    origin: list[float] | None,
    limit: int,
    clock: _Clock,
) -> dict[str, Any]:
    """capture.js's data for ``doc``; run again once Chrome keeps its tree, if it had not."""
    for attempt in range(2):
        arguments = [
            {"value": scope},
            {"value": limit},
            {"value": origin},
            {"value": PAGE_TEXT_PART_CHARS},
            {"value": _naming(await devtools.names_in_page(doc, cold=attempt > 0), attempt)},
        ]
        with clock.stage("script"):
            # the short call, then (a world that has not had capture.js yet) the whole script;
            # a world about to be made (a new document) has none: the whole script at once
            known = devtools.has_world(doc)
            for declaration in (_CALL_CAPTURE, _KEEP_CAPTURE) if known else (_KEEP_CAPTURE,):
                evaluated = await devtools.in_world(
                    doc,
                    "Runtime.callFunctionOn",
                    {
                        "functionDeclaration": declaration,
                        "arguments": arguments,
                        "returnByValue": True,
                        "awaitPromise": True,
                    },
                )
                if "exceptionDetails" in evaluated or evaluated["result"].get("value") is not None:
                    break
        if "exceptionDetails" in evaluated:
            # a document torn down under the walk (a navigation, a frame replaced) throws;
            # the capture is taken again, and only a script that fails every time is an error
            details = evaluated["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text", "")
            raise _Committed(f"capture script failed: {playwright_errors.first_line(str(text))}")
        waited, text = evaluated["result"]["value"]
        clock.stages["settle"] = clock.stages.get("settle", 0.0) + float(waited)
        data: dict[str, Any] = json.loads(text)
        if not data.get("cold"):
            break
        log.debug("Chrome's accessibility tree of %s was not kept; asked for", doc.frame_id)
    return data


async def _elements(devtools: DevTools, doc: Doc, group: str, wanted: list[int]) -> dict[int, str]:
    """Remote object ids of the ``wanted`` ones among the elements capture.js just returned,
    by index. Only those: each remote object is listed and later freed by the browser, and a
    whole form's 200 fields took 10-25 ms to list and as long again to free, where one field
    was wanted (one DevTools names)."""
    found = await devtools.in_world(
        doc,
        "Runtime.callFunctionOn",
        {
            "functionDeclaration": "(w) => w.map((i) => globalThis.__subterminatorLast[i])",
            "arguments": [{"value": wanted}],
            "objectGroup": group,
            "returnByValue": False,
        },
    )
    object_id = found.get("result", {}).get("objectId")
    if not object_id:
        raise _Committed("the capture's elements are gone")
    props = await devtools.send(
        "Runtime.getProperties", {"objectId": object_id, "ownProperties": True}, via=doc.session
    )
    objects = {
        wanted[int(p["name"])]: p["value"]["objectId"]
        for p in props["result"]
        if p["name"].isdigit() and "objectId" in p.get("value", {})
    }
    if len(objects) != len(wanted):
        raise _Committed("the capture's elements are gone")
    return objects


async def _screenshot(
    devtools: DevTools, page: Page, viewport: RawViewport, max_pixels: int
) -> bytes:
    """The viewport as PNG; abandoned if the page commits a navigation meanwhile.

    Chrome never answers a screenshot whose frame was replaced by a navigation's commit
    (measured: 120 of 200 captures on a page navigating every 0-40 ms hung until the cap).
    """
    area = viewport.width * viewport.height
    # a hair under the exact ratio: Chrome rounds the image size up, which could overshoot
    scale = min(1.0, 0.998 * math.sqrt(max_pixels / area)) if area else 1.0
    shot = asyncio.ensure_future(_shoot(devtools, viewport, scale))
    committed = asyncio.ensure_future(devtools.committed(page).wait())
    try:
        done, _ = await asyncio.wait({shot, committed}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        committed.cancel()
        if not shot.done():
            shot.cancel()
    if shot not in done:
        raise _Committed("the page navigated during the screenshot")
    return shot.result()


async def _shoot(devtools: DevTools, viewport: RawViewport, scale: float) -> bytes:
    shot = await devtools.send(
        "Page.captureScreenshot",
        {
            "format": "png",
            "clip": {
                "x": viewport.scroll_x,
                "y": viewport.scroll_y,
                "width": viewport.width,
                "height": viewport.height,
                "scale": scale,
            },
        },
    )
    return base64.b64decode(shot["data"])


def _raw_node(
    meta: dict[str, Any], ax_nodes: list[dict[str, Any]], parent: int | None, prefix: str
) -> RawNode:
    """One captured element: capture.js's ``meta`` plus Chrome's accessibility node."""
    ax = ax_nodes[0] if ax_nodes else {}
    props = {p["name"]: p.get("value", {}).get("value") for p in ax.get("properties", [])}
    reasons = {r["name"] for r in ax.get("ignoredReasons", [])}
    hidden = bool(ax.get("ignored")) and bool(reasons & HIDDEN_REASONS)
    role = ax.get("role", {}).get("value", "") if not ax.get("ignored") or hidden else "none"
    value = ax.get("value", {}).get("value")
    if meta.get("sc") and value:
        value = "•" * len(str(value))  # never hand a secret to the model or a recording
    checked = props.get("checked")
    level = props.get("level")
    backend = ax.get("backendDOMNodeId")
    x, y, w, h = meta["b"]
    return RawNode(
        handle=f"{prefix}{backend}" if backend is not None else None,
        parent=parent,
        tag=meta["t"],
        role=str(role),
        name=_name(ax.get("name", {}).get("value")),
        value=None if value is None else str(value),
        level=int(level) if isinstance(level, int | float) else None,
        box=RawBox(x=x, y=y, width=w, height=h),
        focusable=bool(props.get("focusable")),
        focused=bool(meta.get("f") or props.get("focused")),
        disabled=bool(props.get("disabled")),
        readonly=bool(props.get("readonly")),
        busy=bool(props.get("busy")),
        hidden=hidden,
        checked=_tristate(checked),
        expanded=props.get("expanded") if isinstance(props.get("expanded"), bool) else None,
        text=meta.get("x"),
        secret=bool(meta.get("sc")),
        code_shaped=bool(meta.get("cd")),
    )


def _name(given: Any) -> str:
    """An accessible name with its white space as a person reads it: Chrome's tree and its
    ``computedName`` differ at the ends (a label's trailing space, kept by one of them)."""
    return " ".join(str(given or "").split())


def _named_node(meta: dict[str, Any], parent: int | None, prefix: str) -> RawNode:
    """One captured element named in the page (capture.js ``axFacts``): the same fields as
    ``_raw_node`` reads from Chrome's accessibility node, in short keys."""
    value = meta.get("va")
    if meta.get("sc") and value:
        value = "•" * len(str(value))  # never hand a secret to the model or a recording
    x, y, w, h = meta["b"]
    return RawNode(
        handle=f"{prefix}{meta['h']}",
        parent=parent,
        tag=meta["t"],
        role=str(meta.get("r", "")),
        name=_name(meta.get("n")),
        value=None if value is None else str(value),
        level=meta.get("lv"),
        box=RawBox(x=x, y=y, width=w, height=h),
        focusable=bool(meta.get("fo")),
        focused=bool(meta.get("f")),
        disabled=bool(meta.get("di")),
        readonly=bool(meta.get("ro")),
        busy=bool(meta.get("bu")),
        hidden=bool(meta.get("hd")),
        checked=_tristate(meta.get("ch")),
        expanded=meta.get("ex"),
        text=meta.get("x"),
        secret=bool(meta.get("sc")),
        code_shaped=bool(meta.get("cd")),
    )


def _tristate(value: object) -> Literal["true", "false", "mixed"] | None:
    if value is True or value == "true":
        return "true"
    if value is False or value == "false":
        return "false"
    if value == "mixed":
        return "mixed"
    return None
