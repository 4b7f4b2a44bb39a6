"""The browser's network backstop: every request and WebSocket message of every tab passes
here, to be refused off this machine (``block_non_local``), held outside the run's reach
(``Reach``, redirect hops included), or shown to the request guard while one is armed."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from collections.abc import Awaitable, Iterator

from playwright.async_api import BrowserContext, Frame, Page, Request, Route, WebSocketRoute
from playwright.async_api import Error as PlaywrightError

from subterminator.browser.effect import GuardedRequest
from subterminator.browser.native_dialogs import NativeDialogs
from subterminator.browser.protocol import RequestGuard
from subterminator.browser.reach import Held, Reach
from subterminator.browser.redirects import RedirectWatch
from subterminator.net import is_local_url

log = logging.getLogger(__name__)
PLACEHOLDER = "<!doctype html><title></title>"
REOPEN_WAIT_S = 10.0
NAVIGATING_WAIT_S = 2.0


class Routing:
    """Routes a context's requests and sockets; knows the documents still on their way."""

    def __init__(self, context: BrowserContext, dialogs: NativeDialogs) -> None:
        self._context = context
        self._dialogs = dialogs
        self.block_non_local = False
        self.guard: RequestGuard | None = None
        self.reach: Reach | None = None
        self.documents = 0  # documents the tabs have loaded (GuardedRequest.documents)
        self._typing = 0  # navigate() calls under way (GuardedRequest.typed)
        self._redirects = RedirectWatch(context, self._hop, self._document_let_go)
        # documents our redirect watch let go that neither routing nor a download has shown
        # yet: an <a download> is never routed, and our look makes it start a moment later
        self._unseen: set[str] = set()
        self._arming: list[asyncio.Future[None]] = []
        self._reopening: list[asyncio.Future[None]] = []
        self._reopened: weakref.WeakSet[Page] = weakref.WeakSet()
        # documents asked for and not yet answered: one may still turn into a download
        self._navigating: weakref.WeakSet[Request] = weakref.WeakSet()
        context.on("requestfinished", self._navigating.discard)
        context.on("requestfailed", self._navigating.discard)

    def cancel(self) -> None:
        """Stop watching: the browser is closing."""
        for task in [*self._arming, *self._reopening]:
            task.cancel()

    def set_reach(self, reach: Reach | None) -> None:
        first = self.reach is None and reach is not None
        self.reach = reach
        if first:
            for page in self._context.pages:
                self.watch_redirects(page)

    @contextlib.contextmanager
    def typed(self) -> Iterator[None]:
        """While the agent's own navigation is under way (``GuardedRequest.typed``)."""
        self._typing += 1
        try:
            yield
        finally:
            self._typing -= 1

    # -- what a tab reports -----------------------------------------------------------------

    def document_loaded(self, _: Page) -> None:
        self.documents += 1

    def download_seen(self, url: str) -> None:
        self._unseen.discard(url)

    def frame_navigated(self, frame: Frame) -> None:
        if frame.parent_frame is not None and self.reach is not None:
            self._arming.append(asyncio.ensure_future(self._safely(self._redirects.arm(frame))))

    def watch_redirects(self, page: Page) -> None:
        """Each tab, and each frame once it has a document, is watched for redirect hops
        before it navigates by itself (DevTools' Fetch sees no hop of a request in flight)."""
        arming = self._safely(self._redirects.arm(page.main_frame))
        self._arming.append(asyncio.ensure_future(arming))

    async def quiet(self) -> None:
        """A document still on its way is waited for a little, as it may be a download (the
        reach's look at each navigation makes one start a moment later)."""
        for _ in range(int(NAVIGATING_WAIT_S / 0.02)):
            if not self._navigating and not self._unseen:
                break
            await asyncio.sleep(0.02)
        self._unseen.clear()

    # -- routing ----------------------------------------------------------------------------

    def _outside(self, url: str, method: str, frame: bool, redirect: bool) -> str | None:
        """Why a navigation to ``url`` may not go (None: it may), recorded in the reach."""
        reach = self.reach
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

    async def route(self, route: Route) -> None:
        request = route.request
        # the guard armed when the request reached us, before any wait of ours (the reach's
        # redirect watch): an action that returns meanwhile does not let its request go
        guard, documents = self.guard, self.documents
        if self.block_non_local and not is_local_url(request.url):
            log.warning("blocked non-local request: %s", request.url)
            await route.abort("blockedbyclient")
            return
        if self.reach is not None and await self._out_of_reach(route, request):
            return
        if guard is not None and await self._held(route, request, guard, documents):
            return
        if request.is_navigation_request():
            self._navigating.add(request)
            self._unseen.discard(request.url)
        await route.continue_()

    async def _held(
        self, route: Route, request: Request, guard: RequestGuard, documents: int
    ) -> bool:
        """Shows the request to the guard; one it holds is stopped (True)."""
        navigation = request.is_navigation_request()
        try:
            reason = guard(
                GuardedRequest(
                    url=request.url,
                    method=request.method,
                    resource_type=request.resource_type,
                    navigation=navigation,
                    document=_document_of(request),
                    typed=self._typing > 0 and navigation,
                    documents=documents,
                )
            )
        except Exception as exc:  # a broken guard fails safe: hold the request
            reason = f"the request guard failed: {exc}"
        if not reason:
            return False
        log.warning("held %s %s: %s", request.method, request.url, reason)
        if navigation:
            # 204 No Content: the browser stays on the page it was on (an abort would
            # leave an error page in its place)
            await route.fulfill(status=204, body="")
        else:
            await route.abort("blockedbyclient")
        return True

    async def route_socket(self, socket: WebSocketRoute) -> None:
        """WebSockets are not requests to ``route``: a page's socket to this machine's other
        services (or off it, on a closed run) is refused the same way; the rest connect."""
        url = socket.url
        closed_off = self.block_non_local and not is_local_url(url)
        if closed_off or (self.reach is not None and self.reach.subresource_refused(url)):
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
        guard = self.guard
        if guard is not None:
            request = GuardedRequest(
                url=url, method="SEND", resource_type="websocket", documents=self.documents
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
        assert self.reach is not None
        if not request.is_navigation_request():
            if self.reach.subresource_refused(request.url):
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
        await self.armed()
        with contextlib.suppress(PlaywrightError):  # a dialog as it loads: open for real
            await self._dialogs.unless_opened(tab, tab.goto(url, wait_until="domcontentloaded"))

    async def settled(self) -> None:
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

    async def armed(self) -> None:
        """Until every tab and frame known so far is watched for redirects."""
        pending = [task for task in self._arming if not task.done()]
        self._arming = pending
        if pending:
            await asyncio.gather(*pending, return_exceptions=True)


def _document_of(request: Request) -> str:
    """The address of the document that sent ``request`` (a service worker's has none)."""
    try:
        return request.frame.url
    except PlaywrightError:
        return ""
