"""Which DevTools session reaches a frame's document: the page's own, or, for a frame Chrome
runs in another process (cross-site), a session of the frame's own, found once and kept."""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING

from playwright.async_api import CDPSession, Frame
from playwright.async_api import Error as PlaywrightError

from subterminator.browser.documents import Doc

if TYPE_CHECKING:
    from subterminator.browser.devtools import DevTools


class FrameSessions:
    """Frame id -> the session that reaches it; frames known to have no session of their own."""

    def __init__(self, devtools: DevTools) -> None:
        self._devtools = devtools
        self._sessions: dict[str, CDPSession] = {}
        self._frame_ids: dict[Frame, str | None] = {}  # None: no session of its own
        self._finding = asyncio.Lock()  # frames are walked at once; one search for sessions

    def get(self, frame_id: str) -> CDPSession | None:
        """The session known to reach ``frame_id`` (None: none known, or the frame is gone)."""
        return self._sessions.get(frame_id)

    async def child(self, doc: Doc, frame_element: str) -> Doc | None:
        """The document inside a frame element of ``doc`` (a remote object id), if reachable."""
        described = await self._devtools.send(
            "DOM.describeNode", {"objectId": frame_element}, via=doc.session
        )
        frame_id = described.get("node", {}).get("frameId")
        if not frame_id:
            return None
        # the session that reached it last first: asking the parent's session for a frame
        # another process runs fails, and cost every capture a round trip per frame (7-19 ms
        # with ten at once); then the parent's (cross-origin but same site: Chrome keeps it
        # in-process, and a frame may come back into it)
        candidates = [doc.session]
        known = self._sessions.get(frame_id)
        if known is not None and known is not doc.session:
            candidates.insert(0, known)
        for session in candidates:
            with contextlib.suppress(PlaywrightError):
                child = Doc(session, frame_id)
                await self._devtools.world(child)
                self._sessions[frame_id] = session
                return child
        own = await self._frame_session(frame_id)
        return Doc(own, frame_id) if own is not None else None

    async def _frame_session(self, frame_id: str) -> CDPSession | None:
        """A DevTools session of its own for a frame Chrome runs in another process."""
        async with self._finding:
            return await self._find_frame_session(frame_id)

    async def _find_frame_session(self, frame_id: str) -> CDPSession | None:
        self._frame_ids = {f: i for f, i in self._frame_ids.items() if not f.is_detached()}
        for frame in self._devtools.page.frames[1:]:
            if frame in self._frame_ids:
                continue
            try:
                session = await self._devtools.context.new_cdp_session(frame)
                tree = await session.send("Page.getFrameTree")
            except PlaywrightError:  # in its parent's process: no session of its own
                self._frame_ids[frame] = None
                continue
            own = str(tree["frameTree"]["frame"]["id"])
            self._frame_ids[frame] = own
            self._sessions[own] = session
        return self._sessions.get(frame_id)
