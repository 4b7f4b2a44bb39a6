"""``PlaywrightBrowser``: the real ``Browser`` on Chromium.

Capture is one script in an isolated world (candidates, boxes, DFS order) plus Chrome's own
accessibility engine for the candidates only (``Accessibility.getPartialAXTree``): measured
at 10,000 interactive elements this is ~0.3 s for the viewport where ``getFullAXTree`` took
~6 s. Handles are DevTools backend node ids; an action briefly marks its target with an
attribute so Playwright's locator can run its actionability checks on exactly that node.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import logging
import math
import os
import secrets
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from playwright.async_api import Browser as PWBrowser
from playwright.async_api import (
    BrowserContext,
    CDPSession,
    Frame,
    Locator,
    Page,
    Playwright,
    Route,
    async_playwright,
)
from playwright.async_api import Error as PlaywrightError

from subterminator.browser import playwright_errors
from subterminator.browser.capture import RawBox, RawCapture, RawNode, RawViewport
from subterminator.browser.discovery import find_chromium
from subterminator.browser.effect import ActionEffect, EffectTarget, GuardedRequest
from subterminator.browser.protocol import ActionKind, CaptureScope, RequestGuard, ScrollDirection
from subterminator.errors import BrowserActionError, BrowserError
from subterminator.net import is_local_url

log = logging.getLogger(__name__)


def _js(name: str) -> str:
    return resources.files("subterminator.browser").joinpath(f"js/{name}.js").read_text("utf-8")


CAPTURE_JS = _js("capture")
_PRECHECK_JS = _js("precheck")
_CARET_END_JS = _js("caret_end")
_FIND_OPTION_JS = _js("find_option")
_SCROLL_JS = _js("scroll")
_INSPECT_JS = _js("inspect")
DELEGATED_EVENTS = frozenset({"change", "input", "submit"})
PAGE_TEXT_CHARS = 4000
MARK = "data-subterminator-target"
# Naming costs ~0.5 ms per element; past this many, only the viewport's and the earliest
# offscreen elements are named (RawCapture.omitted says how many were left out).
MAX_CAPTURE_NODES = 2000
PAGE_TEXT_PART_CHARS = 4000  # per part of RawCapture.text: in view, main content, the rest
MAX_FRAME_DEPTH = 4  # cross-origin frames inside cross-origin frames, as deep as we follow
WORLD = "subterminator"
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
CHROMIUM_ARGS = (
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-default-apps",
)


@dataclass(frozen=True)
class LaunchOptions:
    """How to start Chromium. ``block_non_local`` aborts every request off this machine."""

    headless: bool = True
    executable: str | None = None
    profile_dir: Path | None = None
    viewport: tuple[int, int] = (1280, 800)
    block_non_local: bool = False
    extra_args: tuple[str, ...] = field(default_factory=tuple)


def chromium_args(executable: str) -> list[str]:
    args = list(CHROMIUM_ARGS)
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--no-sandbox")  # Chromium refuses to run sandboxed as root
    return args


@dataclass(frozen=True)
class _Doc:
    """A document our scripts run in: the DevTools session that reaches it, and its frame.

    ``top`` is the page's own document; handles of nodes walked in any other (cross-origin
    frames, which the top document's script cannot enter) are prefixed with the frame's id.
    """

    session: CDPSession
    frame_id: str
    top: bool = False


@dataclass(frozen=True)
class _Node:
    """An element resolved into our isolated world of its document."""

    doc: _Doc
    object_id: str
    context_id: int


class PlaywrightBrowser:
    """The real ``Browser``. Create with ``launch`` (owns Chromium) or ``attach`` (a context)."""

    def __init__(self, context: BrowserContext, *, owned: list[Any] | None = None) -> None:
        self._context = context
        self._owned = owned or []
        self._page: Page | None = context.pages[-1] if context.pages else None
        self._cdp: dict[Page, CDPSession] = {}
        # Main-frame commits seen on our DevTools session, per page: a capture that straddles
        # one is inconsistent (old elements, new screenshot) and is taken again.
        self._commits: dict[Page, int] = {}
        self._committed: dict[Page, asyncio.Event] = {}
        self._closed = False
        self._watched: set[Page] = set()
        # frame id -> the session that reaches it (the page's, or the frame's own when Chrome
        # runs it in another process); frames known to have no session of their own
        self._frame_sessions: dict[str, CDPSession] = {}
        self._frame_ids: dict[Frame, str | None] = {}  # None: no session of its own
        self.max_nodes = MAX_CAPTURE_NODES
        self.block_non_local = False
        self._guard: RequestGuard | None = None
        context.on("page", self._adopt_page)
        if self._page is not None:
            self._watch(self._page)

    # -- lifecycle -------------------------------------------------------------------------

    @classmethod
    async def launch(cls, options: LaunchOptions | None = None) -> PlaywrightBrowser:
        options = options or LaunchOptions()
        pw: Playwright = await async_playwright().start()
        try:
            executable = options.executable or find_chromium(pw.chromium.executable_path)
            args = [*chromium_args(executable), *options.extra_args]
            width, height = options.viewport
            viewport = {"width": width, "height": height}
            if options.profile_dir is not None:
                options.profile_dir.mkdir(parents=True, exist_ok=True)
                context = await pw.chromium.launch_persistent_context(
                    str(options.profile_dir),
                    executable_path=executable,
                    headless=options.headless,
                    args=args,
                    viewport=viewport,  # type: ignore[arg-type]
                )
                owned: list[Any] = [context, pw]
            else:
                browser: PWBrowser = await pw.chromium.launch(
                    executable_path=executable, headless=options.headless, args=args
                )
                context = await browser.new_context(viewport=viewport)  # type: ignore[arg-type]
                owned = [context, browser, pw]
        except BaseException:
            await pw.stop()
            raise
        return await cls._ready(context, owned, options.block_non_local)

    @classmethod
    async def attach(
        cls, context: BrowserContext, *, block_non_local: bool = False
    ) -> PlaywrightBrowser:
        """Wrap a context someone else owns (test fixtures share one Chromium)."""
        return await cls._ready(context, [], block_non_local)

    @classmethod
    async def _ready(
        cls, context: BrowserContext, owned: list[Any], block_non_local: bool
    ) -> PlaywrightBrowser:
        if not context.pages:
            await context.new_page()
        browser = cls(context, owned=owned)
        browser.block_non_local = block_non_local
        await context.route("**/*", browser._route)
        return browser

    def guard_requests(self, guard: RequestGuard | None) -> None:
        """While set, every request is shown to ``guard``; a reason it returns aborts it."""
        self._guard = guard

    async def _route(self, route: Route) -> None:
        request = route.request
        if self.block_non_local and not is_local_url(request.url):
            log.warning("blocked non-local request: %s", request.url)
            await route.abort("blockedbyclient")
            return
        guard = self._guard
        if guard is not None:
            try:
                reason = guard(
                    GuardedRequest(
                        url=request.url,
                        method=request.method,
                        resource_type=request.resource_type,
                        navigation=request.is_navigation_request(),
                    )
                )
            except Exception as exc:  # a broken guard fails safe: hold the request
                reason = f"the request guard failed: {exc}"
            if reason:
                log.warning("held %s %s: %s", request.method, request.url, reason)
                if request.is_navigation_request():
                    # 204 No Content: the browser stays on the page it was on (an abort would
                    # leave an error page in its place)
                    await route.fulfill(status=204, body="")
                else:
                    await route.abort("blockedbyclient")
                return
        await route.continue_()

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        for thing in self._owned:
            try:
                await (thing.stop() if hasattr(thing, "stop") else thing.close())
            except PlaywrightError as exc:  # already gone: nothing left to release
                log.debug("close: %s", exc)

    async def __aenter__(self) -> PlaywrightBrowser:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def _adopt_page(self, page: Page) -> None:
        """A link that opens a new tab moves the agent to that tab, as a person would."""
        self._page = page
        self._watch(page)

    def _watch(self, page: Page) -> None:
        if page in self._watched:
            return
        self._watched.add(page)
        # A native alert/confirm would block every later call; dismissing is the safe answer.
        page.on("dialog", lambda dialog: asyncio.ensure_future(dialog.dismiss()))

    @property
    def page(self) -> Page:
        if self._closed or self._page is None or self._page.is_closed():
            live = [p for p in self._context.pages if not p.is_closed()] if not self._closed else []
            if not live:
                raise BrowserError("The browser page is closed (crashed or closed by the user).")
            self._page = live[-1]
        return self._page

    async def _session(self) -> CDPSession:
        page = self.page
        if page not in self._cdp:
            session = await self._context.new_cdp_session(page)
            self._commits[page] = 0
            self._committed[page] = asyncio.Event()
            session.on("Page.frameNavigated", lambda event: self._on_commit(page, event))
            await session.send("Page.enable")
            self._cdp[page] = session
            page.once("close", lambda _: self._forget(page))
        return self._cdp[page]

    def _on_commit(self, page: Page, event: dict[str, Any]) -> None:
        if event.get("frame", {}).get("parentId") is None:  # the main frame
            self._commits[page] = self._commits.get(page, 0) + 1
            if page in self._committed:
                self._committed[page].set()

    def _forget(self, page: Page) -> None:
        for table in (self._cdp, self._commits, self._committed):
            table.pop(page, None)

    async def _send(
        self, method: str, params: dict[str, Any] | None = None, *, via: CDPSession | None = None
    ) -> Any:
        try:
            session = via or await self._session()
            return await session.send(method, params or {})
        except PlaywrightError as exc:
            if playwright_errors.classify(str(exc)) == "browser_closed":
                raise BrowserError(
                    f"Browser is gone: {playwright_errors.first_line(str(exc))}"
                ) from None
            raise

    async def _top(self) -> _Doc:
        session = await self._session()
        tree = await self._send("Page.getFrameTree", via=session)
        return _Doc(session, str(tree["frameTree"]["frame"]["id"]), top=True)

    async def _world(self, doc: _Doc) -> int:
        world = await self._send(
            "Page.createIsolatedWorld",
            {"frameId": doc.frame_id, "worldName": WORLD},
            via=doc.session,
        )
        return int(world["executionContextId"])

    async def _isolated_world(self) -> int:
        return await self._world(await self._top())

    async def _child(self, doc: _Doc, frame_element: str) -> _Doc | None:
        """The document inside a frame element of ``doc`` (a remote object id), if reachable."""
        described = await self._send(
            "DOM.describeNode", {"objectId": frame_element}, via=doc.session
        )
        frame_id = described.get("node", {}).get("frameId")
        if not frame_id:
            return None
        candidates = [doc.session]  # cross-origin but same site: Chrome keeps it in-process
        known = self._frame_sessions.get(frame_id)
        if known is not None and known is not doc.session:
            candidates.append(known)
        for session in candidates:
            with contextlib.suppress(PlaywrightError):
                child = _Doc(session, frame_id)
                await self._world(child)
                self._frame_sessions[frame_id] = session
                return child
        own = await self._frame_session(frame_id)
        return _Doc(own, frame_id) if own is not None else None

    async def _frame_session(self, frame_id: str) -> CDPSession | None:
        """A DevTools session of its own for a frame Chrome runs in another process."""
        self._frame_ids = {f: i for f, i in self._frame_ids.items() if not f.is_detached()}
        for frame in self.page.frames[1:]:
            if frame in self._frame_ids:
                continue
            try:
                session = await self._context.new_cdp_session(frame)
                tree = await session.send("Page.getFrameTree")
            except PlaywrightError:  # in its parent's process: no session of its own
                self._frame_ids[frame] = None
                continue
            own = str(tree["frameTree"]["frame"]["id"])
            self._frame_ids[frame] = own
            self._frame_sessions[own] = session
        return self._frame_sessions.get(frame_id)

    async def _root(self, doc: _Doc) -> _Node:
        """The document element of ``doc``, in our world there."""
        context_id = await self._world(doc)
        found = await self._send(
            "Runtime.evaluate",
            {"expression": "document.documentElement", "contextId": context_id},
            via=doc.session,
        )
        object_id = found.get("result", {}).get("objectId")
        if not object_id:
            raise BrowserActionError("element_detached", "the frame has no document")
        return _Node(doc, str(object_id), context_id)

    # -- navigation and capture ------------------------------------------------------------

    async def navigate(self, url: str) -> None:
        try:
            await self.page.goto(url, wait_until="domcontentloaded")
        except PlaywrightError as exc:
            detail = playwright_errors.first_line(str(exc))
            raise BrowserError(f"Could not open {url}: {detail}") from None

    async def _settle(self) -> None:
        try:
            await self.page.wait_for_load_state("domcontentloaded", timeout=2000)
        except PlaywrightError as exc:
            if playwright_errors.classify(str(exc)) == "browser_closed":
                raise BrowserError("The browser page is closed.") from exc

    async def capture(
        self, *, scope: CaptureScope = "viewport", screenshot_pixels: int | None = None
    ) -> RawCapture:
        for attempt in range(3):
            await self._settle()
            try:
                return await self._capture_once(scope, screenshot_pixels)
            except _Committed as exc:
                log.debug("capture attempt %d: %s", attempt, exc)
                last = str(exc)
            except PlaywrightError as exc:
                text = str(exc)
                if playwright_errors.classify(text) == "browser_closed":
                    detail = playwright_errors.first_line(text)
                    raise BrowserError(f"Browser is gone: {detail}") from None
                # A navigation destroyed the context mid-capture; the next try sees the new page.
                log.debug("capture attempt %d failed: %s", attempt, text)
                last = text
        raise BrowserError(
            f"Page kept changing during capture: {playwright_errors.first_line(last)}"
        )

    async def _capture_once(self, scope: CaptureScope, screenshot_pixels: int | None) -> RawCapture:
        top = await self._top()
        page = self.page
        commits = self._commits[page]
        self._committed[page].clear()
        data, nodes, omitted, parts = await self._walk(top, scope, None, self.max_nodes, 0)
        viewport = RawViewport(
            width=data["vw"], height=data["vh"], scroll_x=data["sx"], scroll_y=data["sy"]
        )
        screenshot = None
        if screenshot_pixels:
            screenshot = await self._screenshot(page, viewport, screenshot_pixels)
        if self._commits[page] != commits:
            raise _Committed("the page navigated during the capture")
        return RawCapture(
            url=data["url"],
            title=data["title"],
            viewport=viewport,
            scope=scope,
            nodes=nodes,
            omitted=omitted,
            screenshot=screenshot,
            text="\n".join(p[:PAGE_TEXT_PART_CHARS] for p in parts if p),
        )

    async def _walk(
        self, doc: _Doc, scope: CaptureScope, origin: list[float] | None, limit: int, depth: int
    ) -> tuple[dict[str, Any], list[RawNode], int, list[str]]:
        """Capture one document, then each cross-origin frame in it, spliced in DFS order.

        Returns the document's data, its nodes, how many it left out, and its text by part
        (in view, main content, the rest) with its frames' text appended to each part.
        """
        context_id = await self._world(doc)
        group = f"capture-{secrets.token_hex(4)}"
        evaluated = await self._send(
            "Runtime.callFunctionOn",
            {
                "functionDeclaration": CAPTURE_JS,
                "executionContextId": context_id,
                "arguments": [
                    {"value": scope},
                    {"value": limit},
                    {"value": origin},
                    {"value": PAGE_TEXT_PART_CHARS},
                ],
                "objectGroup": group,
                "returnByValue": False,
            },
            via=doc.session,
        )
        if "exceptionDetails" in evaluated:
            raise BrowserError(f"capture script failed: {evaluated['exceptionDetails']}")
        frames: dict[int, list[RawNode]] = {}
        try:
            props = await self._send(
                "Runtime.getProperties",
                {"objectId": evaluated["result"]["objectId"], "ownProperties": True},
                via=doc.session,
            )
            data: dict[str, Any] = {}
            objects: dict[int, str] = {}
            for prop in props["result"]:
                if prop["name"] == "data":
                    data = json.loads(prop["value"]["value"])
                elif prop["name"].isdigit():
                    objects[int(prop["name"])] = prop["value"]["objectId"]
            ax = await asyncio.gather(
                *(
                    self._send(
                        "Accessibility.getPartialAXTree",
                        {"objectId": objects[i], "fetchRelatives": False},
                        via=doc.session,
                    )
                    for i in range(len(data["meta"]))
                )
            )
            omitted = int(data.get("dropped", 0))
            parts = [str(t) for t in data.get("tx", ["", "", ""])]
            room = limit - len(data["meta"])
            for index, *place in data.get("xf", []) if depth < MAX_FRAME_DEPTH else []:
                child = await self._child(doc, objects[index])
                if child is None or room <= 0:
                    continue
                _, inner, left_out, text = await self._walk(child, scope, place, room, depth + 1)
                frames[index] = inner
                room -= len(inner)
                omitted += left_out
                parts = [
                    f"{mine}\n{theirs}".strip() for mine, theirs in zip(parts, text, strict=True)
                ]
        finally:
            await self._send("Runtime.releaseObjectGroup", {"objectGroup": group}, via=doc.session)
        prefix = "" if doc.top else f"{doc.frame_id}:"
        nodes: list[RawNode] = []
        position: dict[int, int] = {}  # index in this document -> index in ``nodes``
        for index, (meta, tree) in enumerate(zip(data["meta"], ax, strict=True)):
            position[index] = len(nodes)
            nodes.append(_raw_node(meta, tree["nodes"], position.get(meta["p"]), prefix))
            base = len(nodes)
            for node in frames.get(index, []):
                parent = position[index] if node.parent is None else base + node.parent
                nodes.append(node.model_copy(update={"parent": parent}))
        return data, nodes, omitted, parts

    async def _screenshot(self, page: Page, viewport: RawViewport, max_pixels: int) -> bytes:
        """The viewport as PNG; abandoned if the page commits a navigation meanwhile.

        Chrome never answers a screenshot whose frame was replaced by a navigation's commit
        (measured: 120 of 200 captures on a page navigating every 0-40 ms hung until the cap).
        """
        area = viewport.width * viewport.height
        # a hair under the exact ratio: Chrome rounds the image size up, which could overshoot
        scale = min(1.0, 0.998 * math.sqrt(max_pixels / area)) if area else 1.0
        shot = asyncio.ensure_future(self._shoot(viewport, scale))
        committed = asyncio.ensure_future(self._committed[page].wait())
        try:
            done, _ = await asyncio.wait({shot, committed}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            committed.cancel()
            if not shot.done():
                shot.cancel()
        if shot not in done:
            raise _Committed("the page navigated during the screenshot")
        return shot.result()

    async def _shoot(self, viewport: RawViewport, scale: float) -> bytes:
        shot = await self._send(
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

    # -- element actions -------------------------------------------------------------------

    async def _resolve(self, handle: str) -> _Node:
        """The handle's node as a remote object in our isolated world of its document."""
        frame_id, _, backend = handle.rpartition(":")
        try:
            backend_id = int(backend)
        except ValueError:
            raise BrowserActionError(
                "action_failed", f"not a handle of this browser: {handle!r}"
            ) from None
        if frame_id:
            session = self._frame_sessions.get(frame_id)
            if session is None:
                raise BrowserActionError("element_detached", "its frame is gone")
            doc = _Doc(session, frame_id)
        else:
            doc = await self._top()
        try:
            context_id = await self._world(doc)
            resolved = await self._send(
                "DOM.resolveNode",
                {"backendNodeId": backend_id, "executionContextId": context_id},
                via=doc.session,
            )
        except PlaywrightError as exc:
            detail = playwright_errors.first_line(str(exc))
            raise BrowserActionError("element_detached", detail) from None
        return _Node(doc, str(resolved["object"]["objectId"]), context_id)

    async def _target(self, handle: str) -> tuple[Locator, _Node]:
        """Mark the handle's node so a Playwright locator addresses exactly it."""
        node = await self._resolve(handle)
        token = secrets.token_hex(6)
        await self._call_on(node, f"function() {{ this.setAttribute('{MARK}', '{token}') }}")
        return await self._locate(f'[{MARK}="{token}"]'), node

    async def _locate(self, selector: str) -> Locator:
        """The marked node, in whichever frame holds it (same-origin frames are captured too)."""
        page = self.page
        if len(page.frames) == 1 or await page.locator(selector).count():
            return page.locator(selector)
        for frame in page.frames[1:]:
            with contextlib.suppress(PlaywrightError):
                if await frame.locator(selector).count():
                    return frame.locator(selector)
        return page.locator(selector)

    async def _call_on(self, node: _Node, function: str, *args: Any) -> Any:
        result = await self._send(
            "Runtime.callFunctionOn",
            {
                "objectId": node.object_id,
                "functionDeclaration": function,
                "arguments": [{"value": a} for a in args],
                "returnByValue": True,
            },
            via=node.doc.session,
        )
        if "exceptionDetails" in result:
            raise BrowserActionError("action_failed", str(result["exceptionDetails"])[:300])
        return result.get("result", {}).get("value")

    async def _unmark(self, node: _Node) -> None:
        # the node may have gone with a navigation: then there is nothing to clean
        with contextlib.suppress(PlaywrightError, BrowserActionError, BrowserError):
            await self._call_on(node, f"function() {{ this.removeAttribute('{MARK}') }}")

    async def _act(self, handle: str, action: str, timeout_ms: int, **kw: Any) -> None:
        locator, node = await self._target(handle)
        try:
            state = await self._precheck(node, action)
            if action == "click" and state.get("newTab"):
                await self._click_into_new_tab(locator, timeout_ms)
            elif action == "click":
                await locator.click(timeout=timeout_ms)
            elif action == "fill":
                await self._fill(locator, node, kw["value"], kw["clear_first"], timeout_ms)
            elif action == "select":
                await self._select(locator, node, kw["value"], timeout_ms)
            elif action == "scroll":
                await locator.scroll_into_view_if_needed(timeout=timeout_ms)
        except PlaywrightError as exc:
            raise _action_error(str(exc)) from None
        finally:
            await self._unmark(node)

    async def _precheck(self, node: _Node, action: str) -> dict[str, Any]:
        """Fail fast where Playwright would only wait for its timeout."""
        if action == "scroll":
            return {}
        state = await self._call_on(node, _PRECHECK_JS, action)
        if not isinstance(state, dict):
            return {}
        if state.get("code"):
            raise BrowserActionError(state["code"], state["detail"])
        return state

    async def _click_into_new_tab(self, locator: Locator, timeout_ms: int) -> None:
        """A link to another tab: wait for that tab so the next snapshot shows it."""
        clicked = False
        try:
            async with self._context.expect_page(timeout=timeout_ms) as opened:
                await locator.click(timeout=timeout_ms)
                clicked = True
            self._adopt_page(await opened.value)
        except PlaywrightError as exc:
            if not clicked or playwright_errors.classify(str(exc)) != "timeout":
                raise
            log.info("link has a target but no tab opened (popup blocked?)")

    async def _fill(
        self, locator: Locator, node: _Node, value: str, clear_first: bool, timeout_ms: int
    ) -> None:
        if clear_first:
            await locator.fill(value, timeout=timeout_ms)
            return
        await locator.focus(timeout=timeout_ms)
        await self._call_on(node, _CARET_END_JS)
        await self.page.keyboard.insert_text(value)

    async def _select(self, locator: Locator, node: _Node, value: str, timeout_ms: int) -> None:
        found = await self._call_on(node, _FIND_OPTION_JS, value)
        if not isinstance(found, dict) or "index" not in found:
            detail = found.get("detail") if isinstance(found, dict) else None
            raise BrowserActionError("action_failed", detail or "no such option")
        await locator.select_option(index=int(found["index"]), timeout=timeout_ms)

    async def inspect(self, handle: str, action: ActionKind) -> ActionEffect:
        """What ``action`` on ``handle`` will really do, read on the live page now.

        A click whose point lands in a cross-origin frame is followed into that frame's own
        document (hit-tested again there); only a frame we cannot reach stays ``opaque``.
        """
        node = await self._resolve(handle)
        data, handlers, opaque = await self._effect_at(node, action, None)
        lands = bool(data.get("lands_elsewhere"))
        for _ in range(MAX_FRAME_DEPTH):
            point = data.get("frame_point")
            hit_frame = await self._global(node, "__subterminatorFrame") if point else None
            child = await self._child(node.doc, hit_frame) if hit_frame else None
            if child is None:
                break
            node = await self._root(child)
            data, handlers, opaque = await self._effect_at(node, action, point)
            lands = True
        page = data
        if not node.doc.top:  # the page is the top document, whatever frame the target is in
            page, _, _ = await self._effect_at(await self._root(await self._top()), "scroll", None)
        target = EffectTarget(
            **{k: data[k] for k in EffectTarget.model_fields if k in data and k != "handlers"},
            handlers=sorted(set(handlers)),
        )
        return ActionEffect(
            action=action,
            target=target,
            lands_elsewhere=lands,
            opaque=opaque,
            page_url=str(page.get("page_url", "")),
            page_title=str(page.get("page_title", "")),
            page_text=str(page.get("page_text", "")),
            frame_url="" if node.doc.top else str(data.get("page_url", "")),
        )

    async def _global(self, node: _Node, name: str) -> str | None:
        """A value inspect.js left in our world of ``node``'s document, as a remote object."""
        found = await self._send(
            "Runtime.evaluate",
            {"expression": f"globalThis.{name}", "contextId": node.context_id},
            via=node.doc.session,
        )
        object_id = found.get("result", {}).get("objectId")
        return str(object_id) if object_id else None

    async def _effect_at(
        self, node: _Node, action: ActionKind, point: list[float] | None
    ) -> tuple[dict[str, Any], list[str], str]:
        """inspect.js on ``node`` (at ``point`` of its document, if given), plus listeners."""
        data = await self._call_on(node, _INSPECT_JS, action, PAGE_TEXT_CHARS, point)
        if not isinstance(data, dict):
            raise BrowserActionError("action_failed", "the page could not be inspected")
        handlers: list[str] = list(data.get("handlers", []))
        opaque = str(data.get("opaque", ""))
        chain_id = await self._global(node, "__subterminatorHit")
        items = await self._send(
            "Runtime.getProperties",
            {"objectId": chain_id, "ownProperties": True},
            via=node.doc.session,
        )
        listeners_of = [
            p["value"]["objectId"]
            for p in items["result"]
            if p["name"].isdigit() and p.get("value", {}).get("objectId")
        ]
        # the control's own listeners count; its ancestors' only for events it sends up
        changes_up = (
            action in ("fill", "select")
            or data.get("input_type") in ("checkbox", "radio")
            or data.get("role") in ("switch", "checkbox", "radio")
        )
        session = node.doc.session
        previous = ""
        for index, object_id in enumerate(listeners_of if changes_up else listeners_of[:1]):
            types = await self._listener_types(session, object_id, previous)
            handlers += types if index == 0 else types & DELEGATED_EVENTS
            previous = object_id
        if listeners_of:
            described = await self._send(
                "DOM.describeNode", {"objectId": listeners_of[0], "pierce": False}, via=session
            )
            roots = described.get("node", {}).get("shadowRoots", [])
            if any(r.get("shadowRootType") == "closed" for r in roots):
                opaque = opaque or "closed shadow root"
        return data, handlers, opaque

    async def _listener_types(self, session: CDPSession, object_id: str, document: str) -> set[str]:
        """Event types the *page* listens for on a node (or, past its document, the window).

        Listeners belong to the world that added them, so the node is looked up again in the
        page's main world first; asked from our world, DevTools reports none.
        """
        window = False
        try:
            described = await self._send("DOM.describeNode", {"objectId": object_id}, via=session)
        except PlaywrightError:  # not a node: the window of ``document``, the chain's last
            described = await self._send("DOM.describeNode", {"objectId": document}, via=session)
            window = True
        backend = described["node"]["backendNodeId"]
        main = await self._send("DOM.resolveNode", {"backendNodeId": backend}, via=session)
        main_id = main.get("object", {}).get("objectId")
        if main_id and window:
            view = await self._send(
                "Runtime.callFunctionOn",
                {
                    "objectId": main_id,
                    "functionDeclaration": "function() { return this.defaultView }",
                },
                via=session,
            )
            main_id = view.get("result", {}).get("objectId")
        if not main_id:
            return set()
        found = await self._send(
            "DOMDebugger.getEventListeners", {"objectId": main_id}, via=session
        )
        return {str(item["type"]) for item in found.get("listeners", [])}

    async def click(self, handle: str, *, timeout_ms: int) -> None:
        await self._act(handle, "click", timeout_ms)

    async def fill(self, handle: str, value: str, *, clear_first: bool, timeout_ms: int) -> None:
        await self._act(handle, "fill", timeout_ms, value=value, clear_first=clear_first)

    async def select(self, handle: str, value: str, *, timeout_ms: int) -> None:
        await self._act(handle, "select", timeout_ms, value=value)

    async def scroll_into_view(self, handle: str, *, timeout_ms: int) -> None:
        await self._act(handle, "scroll", timeout_ms)

    async def scroll_page(self, direction: ScrollDirection, amount: int) -> None:
        context_id = await self._isolated_world()
        await self._send(
            "Runtime.callFunctionOn",
            {
                "functionDeclaration": _SCROLL_JS,
                "executionContextId": context_id,
                "arguments": [{"value": direction}, {"value": amount}],
                "awaitPromise": True,
            },
        )


class _Committed(Exception):
    """A main-frame navigation committed mid-capture; the capture is taken again."""


def _action_error(message: str) -> Exception:
    code = playwright_errors.classify(message)
    if code == "browser_closed":
        return BrowserError(f"Browser is gone: {playwright_errors.first_line(message)}")
    detail = playwright_errors.first_line(message)
    if code == "element_obscured":
        detail = playwright_errors.obscuring_element(message) or detail
    return BrowserActionError(code, detail)


def _raw_node(
    meta: dict[str, Any], ax_nodes: list[dict[str, Any]], parent: int | None, prefix: str
) -> RawNode:
    ax = ax_nodes[0] if ax_nodes else {}
    props = {p["name"]: p.get("value", {}).get("value") for p in ax.get("properties", [])}
    reasons = {r["name"] for r in ax.get("ignoredReasons", [])}
    hidden = bool(ax.get("ignored")) and bool(reasons & HIDDEN_REASONS)
    role = ax.get("role", {}).get("value", "") if not ax.get("ignored") or hidden else "none"
    value = ax.get("value", {}).get("value")
    if meta.get("pw") and value:
        value = "•" * len(str(value))  # never hand a password to the model or a recording
    checked = props.get("checked")
    level = props.get("level")
    backend = ax.get("backendDOMNodeId")
    x, y, w, h = meta["b"]
    return RawNode(
        handle=f"{prefix}{backend}" if backend is not None else None,
        parent=parent,
        tag=meta["t"],
        role=str(role),
        name=str(ax.get("name", {}).get("value") or ""),
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
    )


def _tristate(value: object) -> Literal["true", "false", "mixed"] | None:
    if value is True or value == "true":
        return "true"
    if value is False or value == "false":
        return "false"
    if value == "mixed":
        return "mixed"
    return None
