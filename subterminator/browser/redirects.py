"""Redirect hops, judged where they are made.

Playwright's routing sees only the first address of a navigation: a ``302`` to a local service
is followed without a word (its cookies sent). DevTools' Fetch domain pauses every hop of a
document's navigation, so each target the run's pages live in (a tab, a frame in a process of
its own) gets a session of ours that holds the document requests a redirect leads to, and lets
the rest go at once. A broken session must never leave a request paused: every path answers it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

from playwright.async_api import BrowserContext, CDPSession, Frame, Page
from playwright.async_api import Error as PlaywrightError

from subterminator.browser.reach import origin_of

log = logging.getLogger(__name__)

# A hop's verdict: None lets it go; otherwise why it was stopped
HopJudge = Callable[[str, str, bool], str | None]  # (url, method, frame) -> reason
DOCUMENTS = [{"urlPattern": "*", "resourceType": "Document", "requestStage": "Request"}]


class RedirectWatch:
    """Arms each target once, before its first navigation is let through."""

    def __init__(
        self,
        context: BrowserContext,
        judge: HopJudge,
        on_document: Callable[[str], None] = lambda url: None,
    ) -> None:
        self.context = context
        self.judge = judge
        # a document request let go: Playwright's routing may never see it (a download link)
        self.on_document = on_document
        self._armed: dict[Any, CDPSession | None] = {}
        self._lock = asyncio.Lock()

    async def arm(self, frame: Frame) -> None:
        """The target ``frame`` lives in: its page's, or its own for an out-of-process frame."""
        async with self._lock:
            page = frame.page
            if page not in self._armed:
                self._armed[page] = await self._enable(page, top=True)
            if frame.parent_frame is None:
                return
            # Only a frame in a process of its own has a session (others share the page's),
            # and a frame becomes one only once a document of another site is in it: so it is
            # tried again until it has one, and again when its document's origin changed.
            key = (frame, origin_of(frame.url))
            if self._armed.get(key) is None:
                self._armed[key] = await self._enable(frame, top=False)

    async def _enable(self, target: Page | Frame, *, top: bool) -> CDPSession | None:
        try:
            session = await self.context.new_cdp_session(target)
        except PlaywrightError:
            return None
        session.on(
            "Fetch.requestPaused",
            lambda event: asyncio.ensure_future(self._paused(session, event, top)),
        )
        try:
            await session.send("Fetch.enable", {"patterns": DOCUMENTS})
        except PlaywrightError as exc:
            log.debug("no redirect watch on a target: %s", exc)
            return None
        return session

    async def _paused(self, session: CDPSession, event: dict[str, Any], top: bool) -> None:
        request_id = event.get("requestId", "")
        request = event.get("request") or {}
        reason: str | None = None
        if event.get("redirectedRequestId"):
            try:
                url, method = str(request.get("url", "")), str(request.get("method", "GET"))
                reason = self.judge(url, method, not top)
            except Exception as exc:  # a broken judge fails safe: the hop is held
                reason = f"the reach check failed: {exc}"
        with contextlib.suppress(PlaywrightError):
            if reason is None:
                if not event.get("redirectedRequestId"):
                    self.on_document(str(request.get("url", "")))
                await session.send("Fetch.continueRequest", {"requestId": request_id})
            else:  # 204: the tab stays on the page it was on (an abort shows an error page)
                await session.send(
                    "Fetch.fulfillRequest", {"requestId": request_id, "responseCode": 204}
                )
