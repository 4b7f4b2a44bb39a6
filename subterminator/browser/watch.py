"""``ActionWatch``: what an action changed on the page, for the tool server's after-check.

A page can swallow a click (a dead button, a handler that throws), reject a typed value or
revert a choice, and the action still "succeeds". So the page is marked before the action and
read after it: here, what the browser itself reports (the tab and its address, requests,
native dialogs, new tabs, downloads); in our isolated world (watch.js), the mutations of the
target's document, focus, the target's own state and the form fields' states. A field's
value is compared in the page, never brought out: a secret stays there. It is read right
after the action, before the reply's snapshot; a click that shows nothing yet is given
``SETTLE_S`` for a late change (a timer, a fetch's answer), which the snapshot then shows. Only
such a click waits: an action that worked costs two page calls and no wait.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urldefrag

from playwright.async_api import BrowserContext, Download, Page, Request
from playwright.async_api import Error as PlaywrightError

from subterminator.browser.changes import Change, Mark, Seen
from subterminator.browser.devtools import DevTools, script
from subterminator.browser.documents import Node
from subterminator.browser.native_dialogs import NativeDialogs, is_dialog_handle
from subterminator.browser.protocol import ActionKind
from subterminator.errors import BrowserActionError

log = logging.getLogger(__name__)

WATCH_JS = script("watch").replace("FIND_OPTION", f"({script('find_option')})")
SETTLE_S = 0.6  # how long a click that changed nothing yet is given for a late change
READ_S = 1.0  # a page call of the watch that takes longer is given up (the page is busy)


@dataclass
class _Counts:
    requests: int = 0
    tabs: int = 0
    downloads: int = 0
    news: asyncio.Event = field(default_factory=asyncio.Event)


class ActionWatch:
    """Marks the page before an action and reads what changed after it."""

    def __init__(
        self,
        context: BrowserContext,
        devtools: DevTools,
        dialogs: NativeDialogs,
        page: Callable[[], Page],
    ) -> None:
        self._devtools = devtools
        self._dialogs = dialogs
        self._page = page
        self._counts = _Counts()
        context.on("request", self._request)
        context.on("page", self._listen)
        for each in context.pages:
            self._listen(each)

    # -- what the browser reports ------------------------------------------------------------

    def _request(self, _: Request) -> None:
        self._counts.requests += 1
        self._counts.news.set()

    def _listen(self, page: Page) -> None:
        self._counts.tabs += 1
        self._counts.news.set()
        page.on("download", self._download)

    def _download(self, _: Download) -> None:
        self._counts.downloads += 1
        self._counts.news.set()

    def _now(self) -> tuple[int, int, int, int]:
        c = self._counts
        return (c.requests, self._dialogs.count, c.tabs, c.downloads)

    # -- before ------------------------------------------------------------------------------

    async def begin(
        self, handle: str | None, action: ActionKind, wanted: str | None, *, append: bool
    ) -> Mark | None:
        """The page before ``action`` on ``handle`` (None: a native dialog is what is acted
        on, or blocks the page; its answer always changes what the page shows)."""
        page = self._page()
        if (handle is not None and is_dialog_handle(handle)) or self._dialogs.on(page):
            return None
        places, target = await self._places(page, handle)
        mark = Mark(action, page, _address(page.url), self._now(), places, target, wanted, append)
        for index, place in enumerate(places):
            await self._call(place, "begin", target and index == 0, mark)
        return mark

    async def _places(self, page: Page, handle: str | None) -> tuple[list[Node], bool]:
        """The target's node, and the top document's root when the target is in another
        (an out-of-process frame); the root alone when the target cannot be found."""
        top = await self._devtools.top(page)
        if handle is not None:
            with contextlib.suppress(BrowserActionError):
                node = await self._devtools.resolve(handle)
                if node.doc.top:
                    return [node], True
                return [node, await self._devtools.root(top)], True
        return [await self._devtools.root(top)], False

    async def _call(self, place: Node, mode: str, target: bool, mark: Mark, ms: int = 0) -> Any:
        """watch.js on ``place`` in our world ('wait' answers once its promise settles)."""
        arguments = (mode, target, mark.wanted, mark.append, ms)
        async with asyncio.timeout(READ_S + ms / 1000):
            result = await self._devtools.send(
                "Runtime.callFunctionOn",
                {
                    "objectId": place.object_id,
                    "functionDeclaration": WATCH_JS,
                    "arguments": [{"value": a} for a in arguments],
                    "returnByValue": True,
                    "awaitPromise": True,
                },
                via=place.doc.session,
            )
        if "exceptionDetails" in result:
            raise BrowserActionError("action_failed", "the watch could not read the page")
        return result.get("result", {}).get("value")

    # -- after -------------------------------------------------------------------------------

    async def changes(self, mark: Mark) -> Change:
        """What changed since ``mark``; a click that shows nothing yet waits ``SETTLE_S``
        for the first change (less what the click itself waited), and is read again."""
        change = await self._read(mark)
        left = SETTLE_S - mark.settled
        if change.seen or mark.action != "click" or left <= 0:
            return change
        await self._settle(mark, left)
        return await self._read(mark)

    async def _settle(self, mark: Mark, left: float) -> None:
        news = self._counts.news
        news.clear()
        ms = int(left * 1000)
        waits = [
            asyncio.ensure_future(news.wait()),
            asyncio.ensure_future(self._call(mark.places[0], "wait", False, mark, ms)),
        ]
        try:
            await asyncio.wait(waits, timeout=left, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for waiting in waits:
                waiting.cancel()
            await asyncio.gather(*waits, return_exceptions=True)

    async def _read(self, mark: Mark) -> Change:
        seen = self._signals(mark)
        # a dialog blocks the page, another tab or address leaves the target behind, and a
        # click that shows any change needs no more reading
        if {"dialog", "tab", "address"} & set(seen) or (seen and mark.action == "click"):
            return Change(tuple(seen))
        found: dict[str, Any] = {}
        for index, place in enumerate(mark.places):
            try:
                out = await self._call(place, "read", mark.target and index == 0, mark)
            except (PlaywrightError, BrowserActionError, TimeoutError) as exc:
                log.debug("watch: the document is gone or busy: %s", exc)
                out = {"gone": True}
            if not isinstance(out, dict) or out.get("gone"):
                seen.append("document")
                continue
            seen.extend(s for s in out.get("seen", []) if s not in seen)
            if index == 0:
                found = out
        return Change(
            tuple(dict.fromkeys(seen)),
            field=found.get("field"),
            option=found.get("option"),
            showing=str(found.get("showing") or ""),
        )

    def _signals(self, mark: Mark) -> list[Seen]:
        """What the browser itself saw change: the tab, its address, and the counts."""
        page = self._page()
        seen: list[Seen] = []
        if page is not mark.page:
            seen.append("tab")
        elif _address(page.url) != mark.url:
            seen.append("address")
        kinds: tuple[Seen, ...] = ("request", "dialog", "tab", "download")
        for kind, before, now in zip(kinds, mark.counts, self._now(), strict=True):
            if now > before and kind not in seen:
                seen.append(kind)
        return seen


def _address(url: str) -> str:
    """The address, an empty fragment left out (a dead ``href="#"`` link only adds one)."""
    base, fragment = urldefrag(url)
    return url if fragment else base
