"""``PlaywrightBrowser``: the real ``Browser`` on Chromium.

This module owns Chromium and its tabs (launch or attach, close, following a new tab and back
when it closes, native dialogs held for the tools to answer (``native_dialogs``), the network
backstop) and answers the ``Browser`` protocol by delegating: ``page_capture`` reads
the page, ``actions`` acts on it, ``inspection`` says what an action would do, all through
``devtools`` (sessions, documents, our isolated world). A dead browser becomes ``BrowserError``
in ``playwright_errors`` only; a Chromium that will not start becomes a one-line ``LaunchError``
in ``launch_errors`` only.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.async_api import Browser as PWBrowser
from playwright.async_api import (
    BrowserContext,
    Frame,
    Page,
    Request,
    Route,
    WebSocketRoute,
    async_playwright,
)
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

from subterminator.browser import (
    actions,
    inspection,
    launch_errors,
    page_capture,
    playwright_errors,
)
from subterminator.browser.capture import RawCapture, RawViewport
from subterminator.browser.devtools import DevTools
from subterminator.browser.discovery import find_chromium
from subterminator.browser.effect import ActionEffect, GuardedRequest
from subterminator.browser.native_dialogs import NativeDialogs, is_dialog_handle
from subterminator.browser.page_capture import MAX_CAPTURE_NODES
from subterminator.browser.page_effects import PageEffects, tab_now
from subterminator.browser.protocol import ActionKind, CaptureScope, RequestGuard, ScrollDirection
from subterminator.browser.reach import Held, Reach
from subterminator.browser.redirects import RedirectWatch
from subterminator.browser.side_effects import SideEffect
from subterminator.errors import BrowserActionError, BrowserError
from subterminator.net import is_local_url

log = logging.getLogger(__name__)
ANY_URL = re.compile(".*")
PLACEHOLDER = "<!doctype html><title></title>"
REOPEN_WAIT_S = 10.0
NAVIGATING_WAIT_S = 2.0
TITLE_WAIT_S = 1.0  # a tab's title, asked of the browser while a dialog blocks its page
NOT_SENT = (
    "a native dialog opened on the page before the action's event was sent (a timer's, not "
    "the action's): it was not done; see the snapshot: the dialog's buttons answer it"
)
CLOSING_WAIT_MS = 500  # a capture that failed on a tab: it may be closing (a pop-up, done)

# after the document, a page's frames and scripts: a first snapshot taken at DOMContentLoaded
# misses an iframe's controls (found by the attack suite through the MCP front door)
LOAD_WAIT_MS = 3000
CHROMIUM_ARGS = (
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-default-apps",
    # Element.computedRole/computedName: capture.js names elements in the page with Chrome's
    # own accessibility engine instead of a DevTools round trip per element
    "--enable-blink-features=ComputedAccessibilityInfo",
)


# SIGINT_NOTE: a terminal sends Ctrl+C to the whole foreground group, Playwright's driver
# included. With its own SIGINT handling on, the driver kills Chromium and exits at once, and the
# run can neither close in order nor say whether the final step ran (the futures it leaves
# behind print "Connection closed while reading from the driver" at exit). Off, the interrupt
# is the run's to handle: it says what happened, then closes the browser itself.


@dataclass(frozen=True)
class LaunchOptions:
    """How to start Chromium. ``block_non_local`` aborts every request off this machine."""

    headless: bool = True
    executable: str | None = None
    profile_dir: Path | None = None
    viewport: tuple[int, int] = (1280, 800)
    block_non_local: bool = False
    # a folder to keep what pages download in (the run record's); None: downloads are refused
    downloads: Path | None = None
    extra_args: tuple[str, ...] = field(default_factory=tuple)
    # what to do when a window cannot open, in the words of the command the person typed
    # ("" for the generic advice): login has no headless, cancel's window may be its default
    no_display_fix: str = ""


def chromium_args(executable: str, extra: tuple[str, ...] = ()) -> list[str]:
    args = list(CHROMIUM_ARGS)
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--no-sandbox")  # Chromium refuses to run sandboxed as root
    return _one_blink_features([*args, *extra])


def _one_blink_features(args: list[str]) -> list[str]:
    """Chromium reads only the last ``--enable-blink-features``: a person's own joins ours."""
    flag = "--enable-blink-features="
    features = [f for a in args if a.startswith(flag) for f in a[len(flag) :].split(",") if f]
    kept = [a for a in args if not a.startswith(flag)]
    return [*kept, flag + ",".join(dict.fromkeys(features))] if features else kept


async def release(owned: list[Any]) -> None:
    """Close what a launch owns in order (context, browser, then the Playwright driver).

    The driver is stopped whatever happens first, even a cancellation mid-close: stopping it
    ends its Chromium too, so nothing is left running.
    """
    try:
        for thing in owned:
            try:
                await (thing.stop() if hasattr(thing, "stop") else thing.close())
            except PlaywrightError as exc:  # already gone: nothing left to release
                log.debug("close: %s", exc)
    finally:
        for thing in owned:
            if hasattr(thing, "stop"):
                await thing.stop()  # at once if it already ran


class PlaywrightBrowser:
    """The real ``Browser``. Create with ``launch`` (owns Chromium) or ``attach`` (a context)."""

    def __init__(
        self,
        context: BrowserContext,
        *,
        owned: list[Any] | None = None,
        downloads: Path | None = None,
    ) -> None:
        self._context = context
        self._owned = owned or []
        self._page: Page | None = context.pages[-1] if context.pages else None
        self._devtools = DevTools(context, lambda: self.page)
        self._closed = False
        self._watched: set[Page] = set()
        self.max_nodes = MAX_CAPTURE_NODES
        # Where the last capture spent its time, ms by stage (page_capture.STAGES): the bench
        # prints it, and a slow snapshot in a log can be read by it.
        self.last_stages: dict[str, float] = {}
        self.block_non_local = False
        self._guard: RequestGuard | None = None
        self._documents = 0  # documents the tabs have loaded (GuardedRequest.documents)
        self._typing = 0  # navigate() calls under way (GuardedRequest.typed)
        self._reach: Reach | None = None
        self._redirects = RedirectWatch(context, self._hop, self._document_let_go)
        # documents our redirect watch let go that neither routing nor a download has shown
        # yet: an <a download> is never routed, and our look makes it start a moment later
        self._unseen: set[str] = set()
        self._arming: list[asyncio.Future[None]] = []
        self._reopening: list[asyncio.Future[None]] = []
        self._reopened: weakref.WeakSet[Page] = weakref.WeakSet()

        self._effects = PageEffects(downloads)
        self._dialogs = NativeDialogs()
        # each tab's last capture: what a capture shows behind a native dialog (its address,
        # title, words), for the page cannot be read while the dialog is open
        self._behind: weakref.WeakKeyDictionary[Page, RawCapture] = weakref.WeakKeyDictionary()
        # the tab the agent was in when each tab opened: where it goes back to when one closes
        self._came_from: weakref.WeakKeyDictionary[Page, Page] = weakref.WeakKeyDictionary()
        self._went_back = False
        context.on("page", self._adopt_page)
        # documents asked for and not yet answered: one may still turn into a download
        self._navigating: weakref.WeakSet[Request] = weakref.WeakSet()
        context.on("requestfinished", self._navigating.discard)
        context.on("requestfailed", self._navigating.discard)
        if self._page is not None:
            self._watch(self._page)

    # -- lifecycle -------------------------------------------------------------------------

    @classmethod
    async def launch(cls, options: LaunchOptions | None = None) -> PlaywrightBrowser:
        """Start Chromium; any failure is a one-line ``LaunchError`` and leaves nothing running."""
        options = options or LaunchOptions()
        launch_errors.check_display(options.headless, options.no_display_fix)
        if options.executable is not None:
            launch_errors.check_executable(options.executable)
        if options.profile_dir is not None:
            launch_errors.prepare_profile(options.profile_dir)
        pw = await async_playwright().start()
        owned: list[Any] = [pw]
        try:
            executable = options.executable or find_chromium(pw.chromium.executable_path)
            args = chromium_args(executable, options.extra_args)
            width, height = options.viewport
            viewport = {"width": width, "height": height}
            try:
                if options.profile_dir is not None:
                    context = await pw.chromium.launch_persistent_context(
                        str(options.profile_dir),
                        executable_path=executable,
                        headless=options.headless,
                        args=args,
                        viewport=viewport,  # type: ignore[arg-type]
                        accept_downloads=options.downloads is not None,
                        handle_sigint=False,  # Ctrl+C is ours: see SIGINT_NOTE
                    )
                else:
                    browser: PWBrowser = await pw.chromium.launch(
                        executable_path=executable,
                        headless=options.headless,
                        args=args,
                        handle_sigint=False,  # see SIGINT_NOTE
                    )
                    owned.insert(0, browser)
                    context = await browser.new_context(
                        viewport=viewport,  # type: ignore[arg-type]
                        accept_downloads=options.downloads is not None,
                    )
                owned.insert(0, context)
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
        browser.block_non_local = block_non_local
        await context.route("**/*", browser._route)
        await context.route_web_socket(ANY_URL, browser._route_socket)
        return browser

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        for task in [*self._arming, *self._reopening]:
            task.cancel()

        await self._effects.close()
        await release(self._owned)

    async def wait_until_closed(self) -> None:
        """Until a person closes the window: every tab, or the browser itself."""
        closed = asyncio.Event()

        def tab_closed(_: Page) -> None:
            if all(page.is_closed() for page in self._context.pages):
                closed.set()

        def watch(page: Page) -> None:
            page.on("close", tab_closed)

        self._context.on("close", lambda _: closed.set())
        self._context.on("page", watch)
        for page in self._context.pages:
            watch(page)
        if all(page.is_closed() for page in self._context.pages):
            return
        await closed.wait()

    async def __aenter__(self) -> PlaywrightBrowser:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # -- the network backstop --------------------------------------------------------------

    def guard_requests(self, guard: RequestGuard | None) -> None:
        """While set, every request is shown to ``guard``; a reason it returns aborts it."""
        self._guard = guard

    def set_reach(self, reach: Reach | None) -> None:
        """Where pages and frames may load from (``Reach``); what is stopped lands in it."""
        first = self._reach is None and reach is not None
        self._reach = reach
        if first:
            for page in self._context.pages:
                self._watch_redirects(page)

    def _outside(self, url: str, method: str, frame: bool, redirect: bool) -> str | None:
        """Why a navigation to ``url`` may not go (None: it may), recorded in the reach."""
        reach = self._reach
        if reach is None:
            return None
        verdict = reach.verdict(url)
        if verdict.kind == "in":
            reach.consume(url)
            return None
        reach.held.append(Held(verdict, method, frame=frame, redirect=redirect))
        log.warning("outside the run's reach: %s %s (%s)", method, url, verdict.reason)
        return verdict.reason or "outside the run's reach"

    def _document_let_go(self, url: str) -> None:
        self._unseen.add(url)

    def _hop(self, url: str, method: str, frame: bool) -> str | None:
        return self._outside(url, method, frame, redirect=True)

    async def _route(self, route: Route) -> None:
        request = route.request
        # the guard armed when the request reached us, before any wait of ours (the reach's
        # redirect watch): an action that returns meanwhile does not let its request go
        guard, documents = self._guard, self._documents
        if self.block_non_local and not is_local_url(request.url):
            log.warning("blocked non-local request: %s", request.url)
            await route.abort("blockedbyclient")
            return
        if self._reach is not None and await self._out_of_reach(route, request):
            return
        if guard is not None:
            try:
                reason = guard(
                    GuardedRequest(
                        url=request.url,
                        method=request.method,
                        resource_type=request.resource_type,
                        navigation=request.is_navigation_request(),
                        document=_document_of(request),
                        typed=self._typing > 0 and request.is_navigation_request(),
                        documents=documents,
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
        if request.is_navigation_request():
            self._navigating.add(request)
            self._unseen.discard(request.url)
        await route.continue_()

    async def _route_socket(self, socket: WebSocketRoute) -> None:
        """WebSockets are not requests to ``route``: a page's socket to this machine's other
        services (or off it, on a closed run) is refused the same way; the rest connect."""
        url = socket.url
        closed_off = self.block_non_local and not is_local_url(url)
        if closed_off or (self._reach is not None and self._reach.subresource_refused(url)):
            log.warning("refused a WebSocket: %s", url)
            await socket.close(code=1008, reason="outside the run's reach")
            return
        server = socket.connect_to_server()
        # what the page sends is shown to the guard as a write (SEND); the server's replies
        # reach the page untouched
        socket.on_message(lambda message: self._socket_sent(url, server, message))

    def _socket_sent(self, url: str, server: WebSocketRoute, message: str | bytes) -> None:
        """A message the page sends over its socket: forwarded unless the guard holds it
        (then it is simply not sent: the socket stays open, the server never hears it)."""
        guard = self._guard
        if guard is not None:
            request = GuardedRequest(
                url=url, method="SEND", resource_type="websocket", documents=self._documents
            )
            try:
                reason = guard(request)
            except Exception as exc:  # a broken guard fails safe: hold the message
                reason = f"the request guard failed: {exc}"
            if reason:
                log.warning("held a WebSocket message to %s: %s", url, reason)
                return
        server.send(message)

    async def _out_of_reach(self, route: Route, request: Request) -> bool:
        """Stops a request outside the run's reach (True); arms redirect watching first."""
        assert self._reach is not None
        if not request.is_navigation_request():
            if self._reach.subresource_refused(request.url):
                log.warning("refused a request to a local address: %s", request.url)
                await route.abort("blockedbyclient")
                return True
            return False
        try:
            frame: Frame | None = request.frame
        except PlaywrightError:  # a new tab's first address, asked for before its frame existed
            frame = None
        is_frame = frame is not None and frame.parent_frame is not None
        if self._outside(request.url, request.method, is_frame, redirect=False) is not None:
            if is_frame:
                await route.abort("blockedbyclient")
            else:  # 204 No Content: the tab stays where it was
                await route.fulfill(status=204, body="")
            return True
        if frame is None and request.method == "GET":
            # A new tab's redirects could not be watched (a tab is watched once it exists): it
            # gets an empty document first (so the tab exists), then the address itself, once
            # the tab is watched. The server is asked once.
            await route.fulfill(status=200, content_type="text/html", body=PLACEHOLDER)
            self._reopening.append(asyncio.ensure_future(self._reopen(request.url)))
            return True
        if frame is not None:
            await self._safely(self._redirects.arm(frame))
        return False

    async def _reopen(self, url: str) -> None:
        """The held address, in the oldest tab still showing its placeholder."""
        for _ in range(100):  # the tab's page event comes after its first document
            waiting = [
                p
                for p in self._context.pages
                if not p.is_closed() and p.url == url and p not in self._reopened
            ]
            if waiting:
                break
            await asyncio.sleep(0.02)
        else:
            return
        tab = waiting[0]
        self._reopened.add(tab)
        await self._armed()
        with contextlib.suppress(PlaywrightError):  # a dialog as it loads: open for real
            await self._dialogs.unless_opened(tab, tab.goto(url, wait_until="domcontentloaded"))

    async def _settled(self) -> None:
        """Until held new tabs are open for real (a snapshot must not read a placeholder)."""
        pending = [task for task in self._reopening if not task.done()]
        self._reopening = pending
        if pending:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(REOPEN_WAIT_S):
                    await asyncio.gather(*pending, return_exceptions=True)

    async def _safely(self, arming: Awaitable[None]) -> None:
        try:
            await arming
        except Exception as exc:  # the target went away: nothing left to watch
            log.debug("redirect watch: %s", exc)

    async def _armed(self) -> None:
        """Until every tab and frame known so far is watched for redirects."""
        pending = [task for task in self._arming if not task.done()]
        self._arming = pending
        if pending:
            await asyncio.gather(*pending, return_exceptions=True)

    # -- tabs ------------------------------------------------------------------------------

    def _adopt_page(self, page: Page) -> None:
        """A new tab (a link's, a script's, a pop-up) moves the agent to it, as a person
        would; the next reply says so."""
        live = sum(not p.is_closed() for p in self._context.pages)
        if self._effects.tab_opened(page, live):
            if self._page is not None and self._page is not page:
                self._came_from.setdefault(page, self._page)
            self._page = page
        self._watch(page)

    def _watch(self, page: Page) -> None:
        if page in self._watched:
            return
        self._watched.add(page)
        # A native alert/confirm is held until the tools answer it (native_dialogs).
        page.on("dialog", lambda dialog: self._dialogs.opened(page, dialog))
        page.on("download", self._effects.download_started)
        page.on("close", self._tab_closed)
        page.on("download", lambda download: self._unseen.discard(download.url))
        page.on("framenavigated", self._frame_navigated)
        page.on("domcontentloaded", self._document_loaded)
        if self._reach is not None:
            self._watch_redirects(page)

    def _watch_redirects(self, page: Page) -> None:
        """Each tab, and each frame once it has a document, is watched for redirect hops
        before it navigates by itself (DevTools' Fetch sees no hop of a request in flight)."""
        arming = self._safely(self._redirects.arm(page.main_frame))
        self._arming.append(asyncio.ensure_future(arming))

    def _tab_closed(self, page: Page) -> None:
        if page is self._page:
            self._went_back = True  # the next reply names the tab the agent is back in

    def _document_loaded(self, _: Page) -> None:
        self._documents += 1

    def _frame_navigated(self, frame: Frame) -> None:
        if frame.parent_frame is None:
            self._dialogs.navigated(frame.page)
        if frame.parent_frame is not None and self._reach is not None:
            self._arming.append(asyncio.ensure_future(self._safely(self._redirects.arm(frame))))

    async def side_effects(self) -> list[SideEffect]:
        """Downloads and new tabs since the last call, each said once: a document still on
        its way is waited for a little, as it may be a download (the reach's look at each
        navigation makes one start a moment later)."""
        for _ in range(int(NAVIGATING_WAIT_S / 0.02)):
            if not self._navigating and not self._unseen:
                break
            await asyncio.sleep(0.02)
        self._unseen.clear()
        back: list[SideEffect] = []
        if (
            self._went_back
            and not self._closed
            and any(not p.is_closed() for p in self._context.pages)
        ):
            self._went_back = False
            back = [await tab_now(self.page, back=True)]
        current = self._page if self._page is not None and not self._page.is_closed() else None
        return [*await self._effects.drain(current), *back, *self._dialogs.news()]

    @property
    def version(self) -> str:
        """Chromium's version ('' for a persistent profile, whose context hides its browser)."""
        browser = self._context.browser
        return browser.version if browser is not None else ""

    @property
    def page(self) -> Page:
        """The tab the agent works in. When it closes (a pop-up that closes itself once it is
        done), the tab it was opened from, if still open, as a person would go back to it."""
        if self._closed or self._page is None or self._page.is_closed():
            live = [p for p in self._context.pages if not p.is_closed()] if not self._closed else []
            if not live:
                raise playwright_errors.gone("the page is closed (crashed or closed by the user)")
            back = self._page
            while back is not None and back.is_closed():
                back = self._came_from.get(back)
            self._page = back if back is not None else live[-1]
        return self._page

    async def _tab_closing(self, page: Page) -> bool:
        """Whether ``page`` closed (or is closing) while other tabs stay open: a capture that
        failed on it is not a dead browser."""
        if not page.is_closed():
            with contextlib.suppress(PlaywrightError, PlaywrightTimeoutError):
                await page.wait_for_event("close", timeout=CLOSING_WAIT_MS)
        live = any(not p.is_closed() for p in self._context.pages)
        return page.is_closed() and live and not self._closed

    # -- native dialogs (native_dialogs) ---------------------------------------------------

    async def _behind_dialog(self, page: Page) -> RawCapture:
        """What the tab showed before its dialog: its last capture, if of the same address;
        else its address and title as the browser knows them (the page cannot be asked)."""
        last = self._behind.get(page)
        if last is not None and last.url == page.url:
            return last
        size = page.viewport_size or {"width": 1280, "height": 800}
        viewport = RawViewport(width=size["width"], height=size["height"])
        return RawCapture(url=page.url, title=await self._title(page), viewport=viewport)

    async def _title(self, page: Page) -> str:
        """A tab's title from the browser's list of targets: the page itself cannot answer
        while its dialog is open (nor can a session be attached to it). '' when unknown, or
        when several tabs show the same address."""
        browser = self._context.browser
        if browser is None:  # a persistent profile hides its browser
            return ""
        with contextlib.suppress(PlaywrightError, TimeoutError):
            async with asyncio.timeout(TITLE_WAIT_S):
                session = await browser.new_browser_cdp_session()
                try:
                    found = await session.send("Target.getTargets")
                finally:
                    await session.detach()
                titles = [
                    str(t.get("title", ""))
                    for t in found.get("targetInfos", [])
                    if t.get("type") == "page" and t.get("url") == page.url
                ]
                return titles[0] if len(titles) == 1 else ""
        return ""

    def _unblocked(self, page: Page) -> None:
        """Fail at once, saying why, on a tab whose native dialog is open (it would hang)."""
        error = self._dialogs.blocked(page)
        if error is not None:
            raise error

    async def _act(self, act: Callable[[Callable[[], None]], Awaitable[None]]) -> None:
        """An action on the page (``act(ready)``). One whose event opens a dialog is done
        (the reply shows the dialog), and ends once the dialog is answered; one that a dialog
        interrupts before its event is sent (a timer's) is not done, and never will be."""
        page = self.page
        start = self._dialogs.count
        sent = False

        def ready() -> None:
            nonlocal sent
            if self._dialogs.count != start:
                raise BrowserActionError("element_obscured", NOT_SENT)
            sent = True

        self._dialogs.acting += 1
        try:
            opened, _ = await self._dialogs.unless_opened(page, act(ready), park=True)
        finally:
            self._dialogs.acting -= 1
        if opened and not sent:
            raise BrowserActionError("element_obscured", NOT_SENT)

    # -- the Browser protocol --------------------------------------------------------------

    async def navigate(self, url: str) -> int | None:
        await self._armed()
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
        self._typing += 1
        try:
            # a page that turns into a download has no document to wait for
            goto = page.goto(url, wait_until="domcontentloaded")
            response = await self._effects.until_download(goto)
        finally:
            self._typing -= 1
        if response is None and self._effects.began:
            return None
        with contextlib.suppress(PlaywrightTimeoutError):  # a slow image: read it anyway
            await page.wait_for_load_state("load", timeout=LOAD_WAIT_MS)
        return response.status if response is not None else None

    async def capture(
        self, *, scope: CaptureScope = "viewport", screenshot_pixels: int | None = None
    ) -> RawCapture:
        stages: dict[str, float] = {}
        await self._settled()
        page = self.page
        held = self._dialogs.on(page)
        if held is not None:  # the page cannot be read: the dialog is what there is to see
            return self._dialogs.capture(held, await self._behind_dialog(page))
        try:
            opened, raw = await self._dialogs.unless_opened(
                page,
                page_capture.capture(
                    self._devtools, scope, screenshot_pixels, self.max_nodes, stages
                ),
            )
        except BrowserError as exc:
            if not playwright_errors.is_gone(exc) or not await self._tab_closing(page):
                raise
            # the tab closed as it was read (a pop-up done with its step): the one it came from
            return await self.capture(scope=scope, screenshot_pixels=screenshot_pixels)
        finally:
            self.last_stages = stages
        held = self._dialogs.on(page)
        if held is not None:  # it opened meanwhile
            return self._dialogs.capture(held, await self._behind_dialog(page))
        if opened or raw is None:  # opened and already answered: the page again
            return await self.capture(scope=scope, screenshot_pixels=screenshot_pixels)
        self._behind[page] = raw.model_copy(update={"nodes": [], "screenshot": None})
        return raw

    async def inspect(self, handle: str, action: ActionKind) -> ActionEffect:
        page = self.page
        if is_dialog_handle(handle):
            return self._dialogs.effect(page, handle, action, await self._behind_dialog(page))
        self._unblocked(page)
        opened, effect = await self._dialogs.unless_opened(
            page, inspection.inspect(self._devtools, handle, action)
        )
        if opened or effect is None:
            self._unblocked(page)
            raise BrowserActionError("action_failed", "a dialog opened during the inspection")
        return effect

    async def click(self, handle: str, *, timeout_ms: int) -> None:
        if is_dialog_handle(handle):
            await self._dialogs.answer(self.page, handle, timeout_ms)
            return
        self._unblocked(self.page)
        await self._act(
            lambda ready: actions.click(self._devtools, handle, timeout_ms, self._adopt_page, ready)
        )

    async def fill(self, handle: str, value: str, *, clear_first: bool, timeout_ms: int) -> None:
        if is_dialog_handle(handle):
            self._dialogs.type_value(self.page, handle, value, clear_first)
            return
        self._unblocked(self.page)
        await self._act(
            lambda ready: actions.fill(
                self._devtools, handle, value, clear_first, timeout_ms, ready
            )
        )

    async def select(self, handle: str, value: str, *, timeout_ms: int) -> None:
        self._unblocked(self.page)
        await self._act(
            lambda ready: actions.select(self._devtools, handle, value, timeout_ms, ready)
        )

    async def scroll_into_view(self, handle: str, *, timeout_ms: int) -> None:
        if is_dialog_handle(handle):
            return  # the dialog is in view
        self._unblocked(self.page)
        await self._act(
            lambda ready: actions.scroll_into_view(self._devtools, handle, timeout_ms, ready)
        )

    async def scroll_page(self, direction: ScrollDirection, amount: int) -> None:
        self._unblocked(self.page)
        await self._act(lambda ready: actions.scroll_page(self._devtools, direction, amount, ready))


def _document_of(request: Request) -> str:
    """The address of the document that sent ``request`` (a service worker's has none)."""
    try:
        return request.frame.url
    except PlaywrightError:
        return ""
