"""A Playwright MCP ref read as the ref our capture gave the same element.

Three readings must agree before the gate judges anything: Playwright's own ``aria-ref``
engine finds exactly one element (what Playwright MCP will act on); exactly one element
carries the ref in the driver's utility world (``bridge``), which page scripts cannot reach;
and that node is one our capture registered (its handle in our isolated world). Anything
short of that is no ref at all, and the action is not run unasked.
"""

from __future__ import annotations

import contextlib

from playwright.async_api import CDPSession, Frame, Page
from playwright.async_api import Error as PlaywrightError

from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.errors import BrowserActionError, BrowserError
from subterminator.pwmcp import refs
from subterminator.pwmcp.bridge import World, find, ref_of, worlds
from subterminator.snapshot.registry import ElementRegistry
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
        self._sessions: dict[Page | Frame, CDPSession | None] = {}

    async def ref(self, target: object) -> str | None:
        if not refs.is_ref(target) or not isinstance(target, str):
            return None  # a selector: not read as Playwright MCP would read it
        try:
            return await self._ref(target)
        except (BrowserError, BrowserActionError, PlaywrightError):
            return None  # the page went away while it was read

    async def names_one(self, target: object) -> bool:
        try:
            return await refs.resolve(self._browser.page, target) is not None
        except (BrowserError, PlaywrightError):
            return False

    async def _ref(self, target: str) -> str | None:
        page = self._browser.page
        if await refs.resolve(page, target) is None:
            return None
        found = await find(await self._reaching(page), target)
        if found is None:
            return None
        for fresh in (False, True):
            if fresh:  # not in the last capture (out of view): the whole page, read again
                await self._server.get_snapshot(viewport_only=False)
            ref = await self._registered(found.world, found.backend)
            if ref is not None:
                return ref
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
            return await self._ours(f":{node['node']['backendNodeId']}")
        except (BrowserError, BrowserActionError, PlaywrightError):
            return None

    async def theirs(self, ours: str) -> str | None:
        """The Playwright MCP ref of the element our ref names (the other way round: a
        driver that reads our capture, the offline policy, says its call in their words)."""
        info = self._server.registry.peek(ours)
        if info is None or info.handle is None:
            return None
        devtools = self._browser.devtools
        frame_id = info.handle.rpartition(":")[0]
        try:
            node = await devtools.resolve(info.handle)
            described = await devtools.send(
                "DOM.describeNode", {"objectId": node.object_id}, via=node.doc.session
            )
            backend = int(described["node"]["backendNodeId"])
            page = self._browser.page
            reaching = await self._reaching(page)
            for world in [w for s in reaching for w in await worlds(s)]:
                main = world.top and world.session is reaching[0]
                if (main and not frame_id) or world.frame_id == frame_id:
                    found = await ref_of(world, backend)
                    # still the element Playwright MCP's engine finds by that ref
                    if found is not None and await refs.resolve(page, found) is not None:
                        return found
        except (BrowserError, BrowserActionError, PlaywrightError, KeyError):
            return None
        return None

    async def _registered(self, world: World, backend: int) -> str | None:
        """The ref our last capture gave the node DevTools calls ``backend`` in ``world``'s
        document, if any: a same-origin frame's elements are captured from the top
        document's world, another's from the frame's own."""
        # a node id is the renderer's: only a world the page's own session reaches (the top
        # document, a frame in its process) may be read in the top document
        in_page = world.session is self._sessions.get(self._browser.page)
        if in_page and world.top:
            frames = [""]
        else:
            frames = ["", world.frame_id] if in_page else [world.frame_id]
        for frame_id in frames:
            with contextlib.suppress(BrowserActionError, PlaywrightError):
                ref = await self._ours(f"{frame_id}:{backend}")
                if ref is not None:
                    return ref
        return None

    async def _ours(self, handle: str) -> str | None:
        return await registered_ref(self._browser, self._server.registry, handle)

    async def _reaching(self, page: Page) -> list[CDPSession]:
        """Sessions of our own that reach every frame of ``page``: its own (the top document
        and in-process frames) and one per frame Chrome runs in another process. Their
        events on and off leave our capture's sessions alone."""
        if page not in self._sessions:
            self._sessions[page] = await page.context.new_cdp_session(page)
        for frame in page.frames[1:]:
            if frame not in self._sessions:
                try:
                    self._sessions[frame] = await page.context.new_cdp_session(frame)
                except PlaywrightError:  # in its parent's process: the page's session has it
                    self._sessions[frame] = None
        live: list[Page | Frame] = [page, *page.frames[1:]]
        self._sessions = {k: v for k, v in self._sessions.items() if k in live}
        return [s for k in live if (s := self._sessions.get(k)) is not None]


async def registered_ref(
    browser: PlaywrightBrowser, registry: ElementRegistry, handle: str
) -> str | None:
    """The registry's ref of the node ``handle`` (``[frame]:backendNodeId``) names, if our
    last capture registered it."""
    devtools = browser.devtools
    frame_id = handle.rpartition(":")[0]
    node = await devtools.resolve(handle)
    ours = await devtools.call_on(node, OUR_HANDLE)
    wanted = {handle, handle.lstrip(":")}  # the top document's: with or without ":"
    if isinstance(ours, str):
        wanted.add(f"{frame_id}:{ours}" if frame_id else ours)
    for ref in registry.list_refs():
        info = registry.peek(ref)
        if info is not None and info.handle in wanted:
            return ref
    return None
