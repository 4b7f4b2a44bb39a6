"""DevTools plumbing under ``PlaywrightBrowser``: sessions, documents and our isolated world.

Handles are our isolated world's ids for elements it named (``j<nonce>.<id>``), or DevTools
backend node ids for those DevTools named; capture, actions and inspection all talk DevTools:
through the page's session (which also counts main-frame commits, since a capture straddling
one is inconsistent) or, for a frame Chrome runs in another process, that frame's own session;
and always in an isolated world of the document, where page scripts cannot reach our code.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from importlib import resources
from typing import Any

from playwright.async_api import BrowserContext, CDPSession, Page
from playwright.async_api import Error as PlaywrightError

from subterminator.browser import playwright_errors
from subterminator.browser.documents import Doc, Node
from subterminator.browser.frames import FrameSessions
from subterminator.errors import BrowserActionError

log = logging.getLogger(__name__)

WORLD = "subterminator"
MAX_FRAME_DEPTH = 4  # cross-origin frames inside cross-origin frames, as deep as we follow


def script(name: str) -> str:
    """One of our page scripts (``js/<name>.js``), run in the isolated world."""
    return resources.files("subterminator.browser").joinpath(f"js/{name}.js").read_text("utf-8")


HANDLE_JS = script("handle")


class DevTools:
    """DevTools sessions of the current page and its out-of-process frames, and calls on them.

    ``page`` is asked anew each time: the browser moves to a new tab, and says when none is left.
    """

    def __init__(self, context: BrowserContext, page: Callable[[], Page]) -> None:
        self.context = context
        self._current = page
        self._cdp: dict[Page, CDPSession] = {}
        # Main-frame commits seen on our DevTools session, per page: a capture that straddles
        # one is inconsistent (old elements, new screenshot) and is taken again.
        self._commits: dict[Page, int] = {}
        self._committed: dict[Page, asyncio.Event] = {}
        self.frames = FrameSessions(self)  # the session of each frame's document
        # Round trips saved on every capture and action: the page's main frame id (as its
        # commit says it), and our world's context id by (session, frame), dropped when the
        # frame commits a new document (a world gone anyway is asked again: ``in_world``).
        self._top_frame: dict[Page, str] = {}
        # Sessions whose documents keep Chrome's accessibility on, so that our scripts name
        # elements in the page (``computedName``); without it each name rebuilds the tree.
        # ``name_in_page`` False names through DevTools instead (the older, slower path).
        self.name_in_page = True
        self._accessible: dict[CDPSession, bool] = {}
        self._worlds: dict[tuple[CDPSession, str], int] = {}

    @property
    def page(self) -> Page:
        return self._current()

    # -- the page's session and its commits ------------------------------------------------

    async def session(self, page: Page | None = None) -> CDPSession:
        """``page``'s session (the agent's tab unless given: it may change while we wait)."""
        page = page or self.page
        if page not in self._cdp:
            with playwright_errors.translate_closed():
                session = await self.context.new_cdp_session(page)
                self._commits[page] = 0
                self._committed[page] = asyncio.Event()
                session.on(
                    "Page.frameNavigated", lambda event: self._on_commit(page, session, event)
                )
                await session.send("Page.enable")
            self._cdp[page] = session
            page.once("close", lambda _: self._forget(page))
        return self._cdp[page]

    def commits(self, page: Page) -> int:
        """Main-frame commits of ``page`` so far (its session must exist: see ``top``)."""
        return self._commits[page]

    def committed(self, page: Page) -> asyncio.Event:
        """Set on each main-frame commit of ``page``; clear it before waiting for the next."""
        return self._committed[page]

    def _on_commit(self, page: Page, session: CDPSession, event: dict[str, Any]) -> None:
        frame = event.get("frame", {})
        self._worlds.pop((session, str(frame.get("id"))), None)
        if frame.get("parentId") is None:  # the main frame: its id is said here, no call
            self._top_frame[page] = str(frame.get("id") or "")
            self._commits[page] = self._commits.get(page, 0) + 1
            if page in self._committed:
                self._committed[page].set()

    def _forget(self, page: Page) -> None:
        session = self._cdp.get(page)
        if session is not None:
            self._accessible.pop(session, None)
        for table in (self._cdp, self._commits, self._committed, self._top_frame):
            table.pop(page, None)

    async def send(
        self, method: str, params: dict[str, Any] | None = None, *, via: CDPSession | None = None
    ) -> Any:
        """One DevTools command, on the page's session unless ``via`` another."""
        with playwright_errors.translate_closed():
            session = via or await self.session()
            return await session.send(method, params or {})

    # -- documents and worlds --------------------------------------------------------------

    async def top(self, page: Page | None = None) -> Doc:
        page = page or self.page  # one tab throughout: a new one may be adopted meanwhile
        session = await self.session(page)
        frame_id = self._top_frame.get(page)
        if not frame_id:
            tree = await self.send("Page.getFrameTree", via=session)
            frame_id = self._top_frame[page] = str(tree["frameTree"]["frame"]["id"])
        return Doc(session, frame_id, top=True)

    def has_world(self, doc: Doc) -> bool:
        """Whether our world in ``doc`` is known (else the next call makes a new one)."""
        return (doc.session, doc.frame_id) in self._worlds

    async def world(self, doc: Doc, *, fresh: bool = False) -> int:
        """Our isolated world's execution context in ``doc`` (DevTools reuses it by name)."""
        key = (doc.session, doc.frame_id)
        if not fresh and key in self._worlds:
            return self._worlds[key]
        world = await self.send(
            "Page.createIsolatedWorld",
            {"frameId": doc.frame_id, "worldName": WORLD},
            via=doc.session,
        )
        context_id = self._worlds[key] = int(world["executionContextId"])
        return context_id

    async def in_world(
        self, doc: Doc, method: str, params: dict[str, Any], key: str = "executionContextId"
    ) -> Any:
        """``method`` run in our world of ``doc`` (its context id passed as ``key``). A world
        found gone (its document replaced without a commit we saw) is asked for again, once."""
        for fresh in (False, True):
            context_id = await self.world(doc, fresh=fresh)
            try:
                return await self.send(method, {**params, key: context_id}, via=doc.session)
            except PlaywrightError as exc:
                if fresh or "context" not in str(exc).lower():
                    raise
        raise AssertionError("unreachable")

    async def names_in_page(self, doc: Doc, *, cold: bool = False) -> bool:
        """Whether our scripts may name elements in ``doc``: accessibility is on for its
        session (turned on here, once per session; a session that refuses names through
        DevTools) and Chrome keeps its tree of the document.

        Chrome keeps the tree it builds for DevTools only once something asked for it; until
        then each ``computedName`` builds and drops one (measured: 1.5 ms an element against
        0.01). So the root is asked for when the session is new, and again whenever capture.js
        finds the tree ``cold``."""
        if not self.name_in_page:
            return False
        known = self._accessible.get(doc.session)
        if known is None:
            try:
                await self.send("Accessibility.enable", via=doc.session)
                known = True
            except PlaywrightError as exc:
                log.debug("accessibility stays off: %s", exc)
                known = False
            self._accessible[doc.session] = known
            cold = known
        if known and cold:
            return await self._keep_trees(doc)
        return known

    async def _keep_trees(self, doc: Doc) -> bool:
        """Has Chrome keep the tree of ``doc`` and of each frame below it: a same-process
        frame is named with its parent, and each name rebuilt a frame's tree not kept."""
        try:
            await self.send(
                "Accessibility.getRootAXNode", {"frameId": doc.frame_id}, via=doc.session
            )
        except PlaywrightError as exc:  # a document going away: named through DevTools
            log.debug("no accessibility tree now: %s", exc)
            return False
        try:
            tree = await self.send("Page.getFrameTree", via=doc.session)
        except PlaywrightError as exc:
            log.debug("no frame tree now: %s", exc)
            return True
        for frame_id in _frames_below(tree["frameTree"], doc.frame_id):
            try:
                await self.send(
                    "Accessibility.getRootAXNode", {"frameId": frame_id}, via=doc.session
                )
            except PlaywrightError as exc:  # another process's frame keeps its own, or gone
                log.debug("no accessibility tree of frame %s: %s", frame_id, exc)
        return True

    async def root(self, doc: Doc) -> Node:
        """The document element of ``doc``, in our world there."""
        found = await self.in_world(
            doc, "Runtime.evaluate", {"expression": "document.documentElement"}, "contextId"
        )
        object_id = found.get("result", {}).get("objectId")
        if not object_id:
            raise BrowserActionError("element_detached", "the frame has no document")
        return Node(doc, str(object_id), await self.world(doc))

    # -- nodes -----------------------------------------------------------------------------

    async def resolve(self, handle: str) -> Node:
        """The handle's node as a remote object in our isolated world of its document."""
        frame_id, _, backend = handle.rpartition(":")
        if backend.startswith("j"):
            return await self._resolve_ours(frame_id, backend)
        try:
            backend_id = int(backend)
        except ValueError:
            raise BrowserActionError(
                "action_failed", f"not a handle of this browser: {handle!r}"
            ) from None
        doc = await self.document(frame_id)
        try:
            resolved = await self.in_world(doc, "DOM.resolveNode", {"backendNodeId": backend_id})
            context_id = await self.world(doc)
        except PlaywrightError as exc:
            detail = playwright_errors.first_line(str(exc))
            raise BrowserActionError("element_detached", detail) from None
        return Node(doc, str(resolved["object"]["objectId"]), context_id)

    async def document(self, frame_id: str) -> Doc:
        """The document a handle's prefix names: the page's own when empty (raises when its
        frame is gone)."""
        if not frame_id:
            return await self.top()
        session = self.frames.get(frame_id)
        if session is None:
            raise BrowserActionError("element_detached", "its frame is gone")
        return Doc(session, frame_id)

    async def _resolve_ours(self, frame_id: str, handle: str) -> Node:
        """A handle capture.js gave out (``j<nonce>.<id>``), looked up in our world of its
        document: another world's nonce, or an element since collected, is detached."""
        nonce, _, number = handle[1:].partition(".")
        if not number.isdigit() or not nonce.isalnum():
            raise BrowserActionError("action_failed", f"not a handle of this browser: {handle!r}")
        doc = await self.document(frame_id)
        params = {
            "functionDeclaration": HANDLE_JS,
            "arguments": [{"value": nonce}, {"value": int(number)}],
        }
        try:
            found = await self.in_world(doc, "Runtime.callFunctionOn", params)
            context_id = await self.world(doc)
        except PlaywrightError as exc:
            detail = playwright_errors.first_line(str(exc))
            raise BrowserActionError("element_detached", detail) from None
        object_id = found.get("result", {}).get("objectId")
        if not object_id:
            raise BrowserActionError("element_detached", "the element is gone from the page")
        return Node(doc, str(object_id), context_id)

    async def call_on(self, node: Node, function: str, *args: Any) -> Any:
        """``function`` with ``this`` as the node, in our world; its JSON result."""
        result = await self.send(
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


def _frames_below(tree: dict[str, Any], frame_id: str, *, below: bool = False) -> list[str]:
    """The ids of the frames under ``frame_id`` in a ``Page.getFrameTree`` answer."""
    here = below or tree["frame"]["id"] == frame_id
    found = [str(tree["frame"]["id"])] if below else []
    for child in tree.get("childFrames", []):
        found += _frames_below(child, frame_id, below=here)
    return found
