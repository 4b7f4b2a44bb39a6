"""A tab's history as the gate reads it before a step back, forward or a reload.

What Chromium does, found by experiment in headless Playwright: with every request routed (as
ours always are, which turns the HTTP cache off), going back or forward to a page a form's POST
returned, or reloading it, sends that POST again. No dialog asks first (headless Chromium shows
none) and the site receives it. Unrouted, a back or forward is served from the cache and a
reload still resends. DevTools' ``Page.getNavigationHistory`` gives each entry's address and
transition (``form_submit`` for a form's result, also for the page a POST redirected to, which a
step reloads by a GET), but not its method, and a reload turns the transition into ``reload``.
So the method is kept here, per entry: the last main-frame document request before each
commit of the main frame, when it asked for the address that committed.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, Literal

from playwright.async_api import BrowserContext, CDPSession, Frame, Page, Request
from playwright.async_api import Error as PlaywrightError
from pydantic import BaseModel, ConfigDict, Field

if TYPE_CHECKING:
    from subterminator.browser.devtools import DevTools

HistoryAction = Literal["back", "forward", "refresh"]
SAFE = frozenset({"GET", "HEAD"})


class HistoryEntry(BaseModel):
    """One entry: where it is, how it was reached, and whether a POST returned its document."""

    model_config = ConfigDict(extra="forbid")

    url: str
    transition: str = Field(default="", description="DevTools' transitionType")
    posted: bool = Field(default=False, description="Its document is a form's POST result")
    loaded: str = Field(
        default="",
        description="The address its document was loaded from ('' when none was: an entry "
        "a page's script made); a page may rewrite the entry's address since",
    )

    @property
    def rewritten(self) -> bool:
        """A step onto it requests an address no document of it was loaded from."""
        return _address(self.loaded) != _address(self.url)


class History(BaseModel):
    """The tab's entries and the current one; none when it cannot be read (a replay)."""

    model_config = ConfigDict(extra="forbid")

    current: int = -1
    entries: list[HistoryEntry] = Field(default_factory=list)

    @property
    def known(self) -> bool:
        return 0 <= self.current < len(self.entries)

    def target(self, action: HistoryAction) -> HistoryEntry | None:
        """The entry the step loads (the current one for a reload); None when there is none."""
        at = self.current + {"back": -1, "forward": 1, "refresh": 0}[action]
        return self.entries[at] if self.known and 0 <= at < len(self.entries) else None


class Posted:
    """The history entries of each tab of ``context`` whose document a POST returned.

    Each commit is noted on a DevTools session of this class's own (one a tab), so noting never
    races the capture's session of the page; the current entry is also settled when the
    history is read, whatever a note's timing."""

    def __init__(self, context: BrowserContext, devtools: DevTools) -> None:
        self._context, self._devtools = context, devtools
        self._asked: dict[Page, tuple[str, str]] = {}  # the last document request: method, url
        self._unplaced: dict[str, tuple[str, str]] = {}  # new tabs' first ones, by address
        self._committed_doc: dict[Page, tuple[str, bool]] = {}  # the last committed: url, posted
        self._posted: dict[Page, set[int]] = {}
        self._loaded: dict[Page, dict[int, str]] = {}  # each entry's document's address
        self._sessions: dict[Page, asyncio.Future[CDPSession]] = {}
        self._noting: set[asyncio.Task[None]] = set()
        context.on("request", self._requested)
        context.on("page", self._watch)
        for page in context.pages:
            self._watch(page)

    def _watch(self, page: Page) -> None:
        page.on("framenavigated", self._committed)
        page.on("close", self._closed)

    def _closed(self, page: Page) -> None:
        for table in (
            self._asked,
            self._committed_doc,
            self._posted,
            self._loaded,
            self._sessions,
        ):
            table.pop(page, None)

    def _requested(self, request: Request) -> None:
        if not request.is_navigation_request():
            return
        asked = (request.method.upper(), request.url)
        try:
            frame = request.frame
        except PlaywrightError:  # a new tab's first document: asked before its frame exists
            self._unplaced[_address(request.url)] = asked
            return
        if frame.parent_frame is None:
            self._asked[frame.page] = asked

    def _committed(self, frame: Frame) -> None:
        """The main frame committed a document: its entry noted as posted, or not."""
        if frame.parent_frame is not None:
            return
        page = frame.page
        asked = self._asked.pop(page, None) or self._unplaced.pop(_address(frame.url), None)
        if asked is None:
            return  # within the document (no request): the entry keeps its own
        method, url = asked
        if _address(url) != _address(frame.url):
            return  # a request that never committed (held, failed)
        posted = method not in SAFE
        self._committed_doc[page] = (url, posted)
        if page not in self._sessions:
            self._sessions[page] = asyncio.ensure_future(self._context.new_cdp_session(page))
        task = asyncio.get_running_loop().create_task(self._note(page, url, posted))
        self._noting.add(task)
        task.add_done_callback(self._noting.discard)

    async def _note(self, page: Page, url: str, posted: bool) -> None:
        try:
            session = await self._sessions[page]
            found = await session.send("Page.getNavigationHistory")
        except (PlaywrightError, KeyError):  # the tab closed: nothing left to step through
            return
        self._settle(page, found, url, posted)

    def _settle(self, page: Page, found: dict[str, Any], url: str, posted: bool) -> None:
        """The current entry of ``found`` marked, when it is the document at ``url``."""
        entry = found["entries"][found["currentIndex"]]
        if _address(str(entry["url"])) != _address(url):
            return  # the tab moved on meanwhile: that entry is not known to be either
        ids = self._posted.setdefault(page, set())
        (ids.add if posted else ids.discard)(int(entry["id"]))
        self._loaded.setdefault(page, {})[int(entry["id"])] = url

    async def history(self) -> History:
        """The agent's tab's history, once the commits so far are noted."""
        if self._noting:
            await asyncio.gather(*self._noting, return_exceptions=True)
        page = self._devtools.page
        found = await self._devtools.send("Page.getNavigationHistory")
        if page in self._committed_doc:
            self._settle(page, found, *self._committed_doc[page])
        ids, loaded = self._posted.get(page, set()), self._loaded.get(page, {})
        entries = [
            HistoryEntry(
                url=str(e["url"]),
                transition=str(e.get("transitionType", "")),
                posted=int(e["id"]) in ids,
                loaded=loaded.get(int(e["id"]), ""),
            )
            for e in found["entries"]
        ]
        return History(current=int(found["currentIndex"]), entries=entries)


def _address(url: str) -> str:
    return url.split("#", 1)[0]
