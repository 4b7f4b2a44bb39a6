"""``PageEffects``: the downloads and tabs a Chromium context's pages start by themselves.

Downloads are refused unless a folder to keep them in is given. The context is created with
downloads not accepted, so Chromium denies them and writes nothing; in a context made elsewhere
that accepts them, each is cancelled and Playwright's copy deleted. Kept downloads are copied
into the folder (``downloads.save_private``), then Playwright's copy is deleted. New tabs are
remembered until a reply says them, with the title and address they have by then; past
``MAX_LIVE_TABS`` open at once, a new one is closed as it opens (a page that opens fifty would
otherwise hold fifty renderers, and the agent would chase each).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from collections.abc import Awaitable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

from playwright.async_api import Download, Page
from playwright.async_api import Error as PlaywrightError

from subterminator.browser.downloads import disk_name, save_private
from subterminator.browser.side_effects import SideEffect, plain

log = logging.getLogger(__name__)

T = TypeVar("T")
MAX_KEPT = 20  # downloads kept in one run: a page that downloads without end is refused past it
SETTLE_S = 1.0  # a reply waits this long at most for a new tab's document
SAVE_WAIT_S = 10.0  # ...and this long for a download being kept (later, the next reply says it)
MAX_LIVE_TABS = 8  # tabs open at once; a page's tab past these is closed as it opens


class PageEffects:
    def __init__(self, keep_in: Path | None) -> None:
        self.keep_in = keep_in  # None: refused (a call may turn keeping off, and on again)
        self.kept = 0
        self._seen: weakref.WeakSet[Page] = weakref.WeakSet()
        self._shut: weakref.WeakSet[Page] = weakref.WeakSet()  # closed by us as they opened
        self._tabs: list[Page] = []  # opened since the last reply, oldest first
        self._done: list[SideEffect] = []  # downloads settled since the last reply
        self._working: set[asyncio.Task[None]] = set()
        self._began = asyncio.Event()

    # -- what the pages do -------------------------------------------------------------------

    def tab_opened(self, page: Page, live: int) -> bool:
        """A new tab, ``live`` tabs open with it: whether it is kept (else it is closing)."""
        if page in self._seen:  # a click into a new tab hands it over twice
            return not page.is_closed() and page not in self._shut
        self._seen.add(page)
        self._tabs.append(page)
        if live <= MAX_LIVE_TABS:
            return True
        self._shut.add(page)
        self._track(_close(page))
        return False

    def download_started(self, download: Download) -> None:
        self._began.set()
        keep_in = self.keep_in
        if keep_in is None or self.kept >= MAX_KEPT:
            if keep_in is not None:
                log.warning("refused a download past %d in this run", MAX_KEPT)
            self._done.append(
                SideEffect(kind="download", url=download.url, name=download.suggested_filename)
            )
            self._track(_discard(download))
            return
        self.kept += 1
        self._track(self._keep(download, keep_in))

    def _track(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(work)
        self._working.add(task)
        task.add_done_callback(self._working.discard)

    async def _keep(self, download: Download, folder: Path) -> None:
        name = download.suggested_filename
        try:
            source = await download.path()  # at the download's end
            saved = await asyncio.to_thread(save_private, Path(source), folder, disk_name(name))
            effect = SideEffect(kind="download", url=download.url, name=name, saved=str(saved))
        except (PlaywrightError, OSError) as exc:
            why = plain(str(exc).splitlines()[0] if str(exc) else type(exc).__name__, 120)
            effect = SideEffect(kind="download", url=download.url, name=name, problem=why)
        finally:
            with contextlib.suppress(PlaywrightError):
                await download.delete()
        self._done.append(effect)

    # -- what a reply says -------------------------------------------------------------------

    async def drain(self, current: Page | None) -> list[SideEffect]:
        """Everything since the last call, each once: tabs as they are now, then downloads."""
        await self.settled(SAVE_WAIT_S)
        tabs, self._tabs = self._tabs, []
        said = await asyncio.gather(
            *(tab_now(page, current=page is current, shut=page in self._shut) for page in tabs)
        )
        done, self._done = self._done, []
        return [*said, *done]

    async def settled(self, seconds: float) -> None:
        """Until the downloads being kept now are saved (``seconds`` at most): a file in the
        folder is whole once this returns."""
        if self._working:
            await asyncio.wait(set(self._working), timeout=seconds)

    @property
    def began(self) -> bool:
        """A download began during the last ``until_download``."""
        return self._began.is_set()

    async def until_download(self, step: Awaitable[T]) -> T | None:
        """``step`` (a navigation), unless the page turns it into a download: then None, after
        ``SETTLE_S`` at most (Playwright would wait its whole timeout for a document that is
        not coming)."""
        self._began.clear()
        task = asyncio.ensure_future(step)
        began = asyncio.ensure_future(self._began.wait())
        try:
            done, _ = await asyncio.wait({task, began}, return_when=asyncio.FIRST_COMPLETED)
            if task in done:
                return task.result()
            try:
                async with asyncio.timeout(SETTLE_S):
                    return await asyncio.shield(task)
            except TimeoutError:
                return None
        finally:
            began.cancel()
            task.cancel()  # done already, or given up on (the download said why)

    async def close(self) -> None:
        for task in list(self._working):
            task.cancel()


async def _discard(download: Download) -> None:
    """Refused: cancelled, and whatever a context that accepts downloads wrote, deleted."""
    with contextlib.suppress(PlaywrightError):
        await download.cancel()
    with contextlib.suppress(PlaywrightError):
        await download.delete()


async def _close(page: Page) -> None:
    with contextlib.suppress(PlaywrightError):
        await page.close()


async def tab_now(
    page: Page, *, current: bool = True, shut: bool = False, back: bool = False
) -> SideEffect:
    """A tab as a reply names it: its address and title now (its document waited for a little)."""
    title = ""
    if not page.is_closed() and not shut:
        with contextlib.suppress(PlaywrightError, TimeoutError):
            async with asyncio.timeout(SETTLE_S):
                await page.wait_for_load_state("domcontentloaded")
                title = await page.title()
    return SideEffect(
        kind="tab",
        url=page.url,
        name=title,
        current=current,
        closed=page.is_closed() or shut,
        shut=shut,
        back=back,
    )
