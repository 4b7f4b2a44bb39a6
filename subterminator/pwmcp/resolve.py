"""A Playwright MCP ref read as the ref our capture gave the same element.

Three readings must agree before the gate judges anything: Playwright's own ``aria-ref``
engine finds exactly one element (what Playwright MCP will act on); exactly one element
carries the ref in the driver's utility world (``bridge``), which page scripts cannot reach;
and that node is one our capture registered (its handle in our isolated world). Anything
short of that is no ref at all, and the action is not run unasked.
"""

from __future__ import annotations

from playwright.async_api import CDPSession, Page
from playwright.async_api import Error as PlaywrightError

from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.errors import BrowserActionError, BrowserError
from subterminator.pwmcp import refs
from subterminator.pwmcp.bridge import backend_of, ref_of
from subterminator.tools.server import BrowserToolServer

# Our capture's handle of an element it registered in this world, if it did.
OUR_HANDLE = """function () {
  const reg = globalThis.__subterminator;
  const id = reg ? reg.ids.get(this) : undefined;
  return id === undefined ? null : `j${reg.nonce}.${id}`;
}"""


class PwMcpResolver:
    """Playwright MCP's refs on our browser, as our server's refs (the gate's)."""

    def __init__(self, browser: PlaywrightBrowser, server: BrowserToolServer) -> None:
        self._browser = browser
        self._server = server
        self._sessions: dict[Page, CDPSession] = {}

    async def ref(self, target: object) -> str | None:
        if not refs.is_ref(target) or not isinstance(target, str):
            return None  # a selector: not read as Playwright MCP would read it
        try:
            return await self._ref(target)
        except (BrowserError, BrowserActionError, PlaywrightError):
            return None  # the page went away while it was read

    async def _ref(self, target: str) -> str | None:
        page = self._browser.page
        if await refs.resolve(page, target) is None:
            return None
        backend = await backend_of(await self._session(page), target)
        if backend is None:
            return None
        for fresh in (False, True):
            if fresh:  # not in the last capture (out of view): the whole page, read again
                await self._server.get_snapshot(viewport_only=False)
            found = await self._registered(backend)
            if found is not None:
                return found
        return None

    async def focused(self) -> str | None:
        """Our ref of the element that has the keyboard focus, if our capture has it."""
        try:
            devtools = self._browser.devtools
            doc = await devtools.top()
            # read in our isolated world, where the page cannot redefine what has the focus
            found = await devtools.in_world(
                doc, "Runtime.evaluate", {"expression": "document.activeElement"}, key="contextId"
            )
            object_id = found.get("result", {}).get("objectId")
            if not object_id:
                return None
            node = await devtools.send("DOM.describeNode", {"objectId": object_id}, via=doc.session)
            return await self._registered(int(node["node"]["backendNodeId"]))
        except (BrowserError, BrowserActionError, PlaywrightError):
            return None

    async def theirs(self, ours: str) -> str | None:
        """The Playwright MCP ref of the element our ref names (the other way round: a
        driver that reads our capture, the offline policy, says its call in their words)."""
        info = self._server.registry.peek(ours)
        if info is None or info.handle is None:
            return None
        devtools = self._browser.devtools
        try:
            node = await devtools.resolve(info.handle)
            described = await devtools.send(
                "DOM.describeNode", {"objectId": node.object_id}, via=node.doc.session
            )
            backend = int(described["node"]["backendNodeId"])
            found = await ref_of(await self._session(self._browser.page), backend)
        except (BrowserError, BrowserActionError, PlaywrightError, KeyError):
            return None
        # the element must still be the one Playwright MCP's engine finds by that ref
        if found is None or await refs.resolve(self._browser.page, found) is None:
            return None
        return found

    async def _registered(self, backend: int) -> str | None:
        """The ref our last capture gave the node DevTools calls ``backend``, if any."""
        devtools = self._browser.devtools
        node = await devtools.resolve(f":{backend}")
        ours = await devtools.call_on(node, OUR_HANDLE)
        registry = self._server.registry
        wanted = {f":{backend}", ours} if isinstance(ours, str) else {f":{backend}"}
        for ref in registry.list_refs():
            info = registry.peek(ref)
            if info is not None and info.handle in wanted:
                return ref
        return None

    async def _session(self, page: Page) -> CDPSession:
        """A DevTools session of our own for reading the utility world (its events on and
        off leave our capture's session alone)."""
        if page not in self._sessions:
            self._sessions[page] = await page.context.new_cdp_session(page)
        return self._sessions[page]
