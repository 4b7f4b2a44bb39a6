"""``PlaywrightBrowser``: the real ``Browser`` on Chromium.

This module answers the ``Browser`` protocol and wires its collaborators together, each with
one job: ``chromium`` starts and releases Chromium, ``tabs`` follows the agent's tab (a new
tab and back when it closes), ``routing`` is the network backstop (reach, guard, redirects),
``native_dialogs`` holds a page's dialogs for the tools to answer and ``behind`` what a
capture shows behind one. ``page_capture`` reads the page, ``actions`` acts on it,
``inspection`` says what an action would do, all through ``devtools`` (sessions, documents,
our isolated world). A dead browser becomes ``BrowserError`` in ``playwright_errors`` only; a
Chromium that will not start becomes a one-line ``LaunchError`` in ``launch_errors`` only.
"""

from __future__ import annotations

import contextlib
import re
from pathlib import Path
from typing import Any

from playwright.async_api import BrowserContext, Frame, Page, async_playwright
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

from subterminator.browser import (
    chromium,
    keys,
    launch_errors,
    page_capture,
    playwright_errors,
)
from subterminator.browser.acting import Acting
from subterminator.browser.behind import BehindDialogs
from subterminator.browser.capture import RawCapture
from subterminator.browser.chromium import CHROMIUM_ARGS, LaunchOptions, chromium_args, release
from subterminator.browser.devtools import DevTools
from subterminator.browser.effect import ActionEffect
from subterminator.browser.native_dialogs import NativeDialogs
from subterminator.browser.page_capture import MAX_CAPTURE_NODES
from subterminator.browser.page_effects import PageEffects, tab_now
from subterminator.browser.posted import Posted
from subterminator.browser.protocol import ActionKind, CaptureScope, RequestGuard, ScrollDirection
from subterminator.browser.reach import Reach
from subterminator.browser.routing import Routing
from subterminator.browser.side_effects import SideEffect
from subterminator.browser.tabs import Tabs
from subterminator.browser.watch import ActionWatch
from subterminator.errors import BrowserError

__all__ = ["CHROMIUM_ARGS", "LaunchOptions", "PlaywrightBrowser", "chromium_args", "release"]

ANY_URL = re.compile(".*")
# after the document, a page's frames and scripts: a first snapshot taken at DOMContentLoaded
# misses an iframe's controls (found by the attack suite through the MCP front door)
LOAD_WAIT_MS = 3000


class PlaywrightBrowser:
    """The real ``Browser``. Create with ``launch`` (owns Chromium) or ``attach`` (a context)."""

    def __init__(
        self,
        context: BrowserContext,
        *,
        owned: list[Any] | None = None,
        downloads: Path | None = None,
    ) -> None:
        self._context, self._owned = context, owned or []
        self._tabs = Tabs(context)
        self._devtools = DevTools(context, lambda: self.page)
        self._watched: set[Page] = set()
        self.max_nodes = MAX_CAPTURE_NODES
        # Where the last capture spent its time, ms by stage (page_capture.STAGES): the bench
        # prints it, and a slow snapshot in a log can be read by it.
        self.last_stages: dict[str, float] = {}
        self._effects = self.downloads = PageEffects(downloads)  # kept where, or refused
        self._dialogs = NativeDialogs()
        self.keyed = keys.Keys(self._devtools, self._dialogs).keyed  # what Enter would act on
        self.history = Posted(context, self._devtools).history  # where a history step goes
        self._routing = Routing(context, self._dialogs)
        self._behind = BehindDialogs(context)
        act = self._acting = Acting(
            self._devtools, self._dialogs, self._behind, lambda: self.page, self._adopt_page
        )
        watch = ActionWatch(context, self._devtools, self._dialogs, lambda: self.page)
        self.watch_action, self.action_changes = watch.begin, watch.changes  # browser.watch
        self.relocate = self._acting.relocate  # a re-rendered control's new node (refind)
        self.devtools = self._devtools  # another client of our driver hands us elements here
        # it acts for the agent (Playwright MCP) or on our element (the facade); a dialog blocks
        self.elsewhere, self.perform, self.blocked = act.elsewhere, act.perform, act.blocked
        self.follow = self._tabs.moved_to  # or chooses the tab the agent works in
        context.on("page", self._adopt_page)
        if self._tabs.current is not None:
            self._watch(self._tabs.current)

    # -- lifecycle -------------------------------------------------------------------------

    @classmethod
    async def launch(cls, options: LaunchOptions | None = None) -> PlaywrightBrowser:
        """Start Chromium; any failure is a one-line ``LaunchError`` and leaves nothing running."""
        options = options or LaunchOptions()
        chromium.check(options)
        pw = await async_playwright().start()
        owned: list[Any] = [pw]
        try:
            try:
                context = await chromium.open_context(pw, options, owned)
                return await cls._ready(context, owned, options.block_non_local, options.downloads)
            except PlaywrightError as exc:
                raise launch_errors.explain(
                    exc,
                    headless=options.headless,
                    profile=options.profile_dir,
                    no_display_fix=options.no_display_fix,
                ) from None
        except BaseException:
            await release(owned)
            raise

    @classmethod
    async def attach(
        cls,
        context: BrowserContext,
        *,
        block_non_local: bool = False,
        downloads: Path | None = None,
    ) -> PlaywrightBrowser:
        """Wrap a context someone else owns (test fixtures share one Chromium). Make it with
        ``accept_downloads`` false, or true with ``downloads`` (a folder to keep them in);
        without a folder, a download it accepts anyway is cancelled and deleted."""
        return await cls._ready(context, [], block_non_local, downloads)

    @classmethod
    async def _ready(
        cls,
        context: BrowserContext,
        owned: list[Any],
        block_non_local: bool,
        downloads: Path | None = None,
    ) -> PlaywrightBrowser:
        if not context.pages:
            await context.new_page()
        browser = cls(context, owned=owned, downloads=downloads)
        browser._routing.block_non_local = block_non_local
        await context.route("**/*", browser._routing.route)
        await context.route_web_socket(ANY_URL, browser._routing.route_socket)
        return browser

    async def close(self) -> None:
        if self._tabs.closed:
            return
        self._tabs.closed = True
        self._routing.cancel()
        await self._effects.close()
        await release(self._owned)

    async def wait_until_closed(self) -> None:
        """Until a person closes the window: every tab, or the browser itself."""
        await self._tabs.wait_until_closed()

    async def __aenter__(self) -> PlaywrightBrowser:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # -- the network backstop (routing) ----------------------------------------------------

    def guard_requests(self, guard: RequestGuard | None) -> None:
        """While set, every request is shown to ``guard``; a reason it returns aborts it."""
        self._routing.guard = guard

    def set_reach(self, reach: Reach | None) -> None:
        """Where pages and frames may load from (``Reach``); what is stopped lands in it."""
        self._routing.set_reach(reach)

    # -- tabs ------------------------------------------------------------------------------

    def _adopt_page(self, page: Page) -> None:
        """A new tab (a link's, a script's, a pop-up) moves the agent to it; a reply says so."""
        live = sum(not p.is_closed() for p in self._context.pages)
        if self._effects.tab_opened(page, live):
            self._tabs.moved_to(page)
        self._watch(page)

    def _watch(self, page: Page) -> None:
        if page in self._watched:
            return
        self._watched.add(page)
        routing = self._routing
        # A native alert/confirm is held until the tools answer it (native_dialogs).
        page.on("dialog", lambda dialog: self._dialogs.opened(page, dialog))
        page.on("download", self._effects.download_started)
        page.on("close", self._tabs.tab_closed)
        page.on("download", lambda download: routing.download_seen(download.url))
        page.on("framenavigated", self._frame_navigated)
        page.on("domcontentloaded", routing.document_loaded)
        if routing.reach is not None:
            routing.watch_redirects(page)

    def _frame_navigated(self, frame: Frame) -> None:
        if frame.parent_frame is None:
            self._dialogs.navigated(frame.page)
        self._routing.frame_navigated(frame)

    async def side_effects(self) -> list[SideEffect]:
        """Downloads and new tabs since the last call, each said once: a document still on
        its way is waited for a little, as it may be a download (the reach's look at each
        navigation makes one start a moment later)."""
        await self._routing.quiet()
        tabs = self._tabs
        back: list[SideEffect] = []
        if tabs.went_back and not tabs.closed and tabs.open():
            tabs.went_back = False
            back = [await tab_now(self.page, back=True)]
        current = tabs.current
        if current is not None and current.is_closed():
            current = None
        return [*await self._effects.drain(current), *back, *self._dialogs.news()]

    @property
    def version(self) -> str:  # '' for a persistent profile, whose context hides its browser
        browser = self._context.browser
        return browser.version if browser is not None else ""

    @property
    def page(self) -> Page:
        """The tab the agent works in (``Tabs.page``)."""
        return self._tabs.page

    # -- the Browser protocol --------------------------------------------------------------

    async def navigate(self, url: str) -> int | None:
        await self._routing.armed()
        page = self.page
        await self._dialogs.dismiss_all(page)  # leaving the page: dismissing is always safe
        try:
            with playwright_errors.translate_closed():
                # a page that opens a dialog as it loads is shown with it (the load waits)
                opened, status = await self._dialogs.unless_opened(page, self._goto(page, url))
                return None if opened else status
        except PlaywrightError as exc:
            detail = playwright_errors.first_line(str(exc))
            if playwright_errors.is_download(detail):
                return None  # the address is a file: refused or kept, the reply says which
            raise BrowserError(f"Could not open {url}: {detail}") from None

    async def _goto(self, page: Page, url: str) -> int | None:
        """The tab to ``url``; its navigation is marked as ours (``GuardedRequest.typed``)."""
        with self._routing.typed():
            # a page that turns into a download has no document to wait for
            goto = page.goto(url, wait_until="domcontentloaded")
            response = await self._effects.until_download(goto)
        if response is None and self._effects.began:
            return None
        with contextlib.suppress(PlaywrightTimeoutError):  # a slow image: read it anyway
            await page.wait_for_load_state("load", timeout=LOAD_WAIT_MS)
        return response.status if response is not None else None

    async def capture(
        self, *, scope: CaptureScope = "viewport", screenshot_pixels: int | None = None
    ) -> RawCapture:
        stages: dict[str, float] = {}
        await self._routing.settled()
        page = self.page
        held = self._dialogs.on(page)
        if held is not None:  # the page cannot be read: the dialog is what there is to see
            return self._dialogs.capture(held, await self._behind.capture(page))
        try:
            opened, raw = await self._dialogs.unless_opened(
                page,
                page_capture.capture(
                    self._devtools, scope, screenshot_pixels, self.max_nodes, stages
                ),
            )
        except BrowserError as exc:
            if not playwright_errors.is_gone(exc) or not await self._tabs.closing(page):
                raise
            # the tab closed as it was read (a pop-up done with its step): the one it came from
            return await self.capture(scope=scope, screenshot_pixels=screenshot_pixels)
        finally:
            self.last_stages = stages
        held = self._dialogs.on(page)
        if held is not None:  # it opened meanwhile
            return self._dialogs.capture(held, await self._behind.capture(page))
        if opened or raw is None:  # opened and already answered: the page again
            return await self.capture(scope=scope, screenshot_pixels=screenshot_pixels)
        self._behind.remember(page, raw)
        return raw

    async def inspect(self, handle: str, action: ActionKind) -> ActionEffect:
        return await self._acting.inspect(handle, action)

    async def click(self, handle: str, *, timeout_ms: int) -> None:
        await self._acting.click(handle, timeout_ms=timeout_ms)

    async def fill(self, handle: str, value: str, *, clear_first: bool, timeout_ms: int) -> None:
        await self._acting.fill(handle, value, clear_first=clear_first, timeout_ms=timeout_ms)

    async def select(self, handle: str, value: str, *, timeout_ms: int) -> None:
        await self._acting.select(handle, value, timeout_ms=timeout_ms)

    async def scroll_into_view(self, handle: str, *, timeout_ms: int) -> None:
        await self._acting.scroll_into_view(handle, timeout_ms=timeout_ms)

    async def scroll_page(self, direction: ScrollDirection, amount: int) -> None:
        await self._acting.scroll_page(direction, amount)
