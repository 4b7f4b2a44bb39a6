"""Which history entries a POST returned, and the address each entry's document was loaded
from: noted per tab as the main frame commits (``browser.history`` says why)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from playwright.async_api import BrowserContext, Frame, Page, Request
from playwright.async_api import Error as PlaywrightError

from subterminator.browser.history import SAFE, History, HistoryEntry
from subterminator.browser.history import address_of as _address
from subterminator.errors import BrowserError

if TYPE_CHECKING:
    from subterminator.browser.devtools import DevTools


NOTE_TRIES = 20
NOTE_PAUSE_S = 0.05


class Posted:
    """The history entries of each tab of ``context`` whose document a POST returned.

    Each commit is noted as soon as it happens (the entry it made, found by its address even
    when the tab moved on before the note was read); the current entry is also settled when
    the history is read, whatever a note's timing."""

    def __init__(self, context: BrowserContext, devtools: DevTools) -> None:
        self._context, self._devtools = context, devtools
        self._asked: dict[Page, tuple[str, str]] = {}  # the last document request: method, url
        self._unplaced: dict[str, tuple[str, str]] = {}  # new tabs' first ones, by address
        self._committed_doc: dict[Page, tuple[str, bool]] = {}  # the last committed: url, posted
        self._posted: dict[Page, set[int]] = {}
        self._loaded: dict[Page, dict[int, str]] = {}  # each entry's document's address
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
        task = asyncio.get_running_loop().create_task(self._note(page, url, posted))
        self._noting.add(task)
        task.add_done_callback(self._noting.discard)

    async def _note(self, page: Page, url: str, posted: bool) -> None:
        """The entry the commit made, read on the tab's own DevTools session. A session
        caught mid-commit says it is not attached to a page: asked again, a few times (a
        bound, not a speed); a tab that closed meanwhile has nothing left to note."""
        for _ in range(NOTE_TRIES):
            try:
                found = await self._devtools.send(
                    "Page.getNavigationHistory", via=await self._devtools.session(page)
                )
            except (PlaywrightError, BrowserError) as exc:
                if page.is_closed() or "not attached" not in str(exc).lower():
                    return
                await asyncio.sleep(NOTE_PAUSE_S)
                continue
            self._settle(page, found, url, posted)
            return

    def _settle(self, page: Page, found: dict[str, Any], url: str, posted: bool) -> None:
        """The entry of the document at ``url`` marked: the current one, or, when the tab
        moved on before this was read (a step back, a new page), the nearest with that
        address."""
        at = int(found["currentIndex"])
        entries = found["entries"]
        nearest = sorted(range(len(entries)), key=lambda i: (abs(i - at), i > at))
        entry = next(
            (entries[i] for i in nearest if _address(str(entries[i]["url"])) == _address(url)),
            None,
        )
        if entry is None:
            return  # no entry has that address any more: it is not known to be either
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
