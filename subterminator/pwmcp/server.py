"""``PwMcpToolServer``: the bottom of the stack when Playwright MCP is the browser's hands.

The gate above judged our own canonical call (a click on our ref); here, where our server
would click, the original Playwright MCP call it stands for (``ToolCall.via``) runs instead,
on the same page of the same browser. Everything else is our server's: the ref must still be
current, the effect is checked, and the reply carries our fresh capture (what the gate, the
checkpoints and the judge read) plus Playwright MCP's own answer for its caller.
"""

from __future__ import annotations

import asyncio
import builtins
from dataclasses import replace
from typing import Any

import mcp.types as types

from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.browser.protocol import Browser
from subterminator.errors import BrowserError, MCPError, TimeoutError
from subterminator.models.conversation import ToolCall
from subterminator.models.tools import ToolResult
from subterminator.pwmcp.backend import PwMcpClient, reply_text
from subterminator.snapshot.factory import SnapshotFactory
from subterminator.snapshot.registry import ElementRegistry
from subterminator.tools.executor import LatencyCaps
from subterminator.tools.server import BrowserToolServer
from subterminator.tools.verify import Expect

# Playwright MCP's own timeouts (actions 5 s, navigation 60 s) answer first; this wall only
# keeps a hung process from holding the run.
FORWARD_S = 90.0
# How Playwright MCP's reply says a dialog is open (its section heading): then the action
# lasts until our dialog keeper has the dialog too.
MODAL = "### Modal state"


class PwMcpToolServer(BrowserToolServer):
    """Our tool server whose actions are Playwright MCP's, when a call stands for one."""

    def __init__(
        self,
        browser: Browser,
        client: PwMcpClient,
        launched: PlaywrightBrowser,
        *,
        registry: ElementRegistry | None = None,
        factory: SnapshotFactory | None = None,
        caps: LatencyCaps | None = None,
    ) -> None:
        super().__init__(browser, registry=registry, factory=factory, caps=caps)
        self.client = client
        self.launched = launched  # the browser Playwright MCP acts in (``browser`` may wrap it)
        self._via: ToolCall | None = None  # the call being run in place of ours
        self._answered: list[str] = []  # what Playwright MCP said while it ran
        self.images: list[types.ImageContent] = []  # and showed (its screenshot), as it sent it

    async def _execute(self, call: ToolCall | str, arguments: Any) -> ToolResult:
        via = call.via if isinstance(call, ToolCall) else None
        if via is None:
            return await super()._execute(call, arguments)
        self._via, self._answered, self.images = via, [], []
        try:
            result = await super()._execute(call, arguments)
        finally:
            self._via = None
        said = "\n".join(self._answered)
        return result.model_copy(update={"foreign": said})

    async def _forward(self) -> None:
        """Run the call's original on Playwright MCP; its error is the action's."""
        via = self._via
        assert via is not None
        try:
            async with self.launched.elsewhere() as there:  # a dialog it opens is its own
                async with asyncio.timeout(FORWARD_S):
                    answer = await self.client.call(via.name, dict(via.arguments or {}))
                there.dialog = MODAL in reply_text(answer)
        except builtins.TimeoutError:
            raise TimeoutError(via.name, int(FORWARD_S * 1000)) from None
        if via.name == "browser_tabs" and not answer.is_error:
            self._follow(via.arguments)
        text = reply_text(answer)
        self._answered.append(text)
        self.images += [part for part in answer.content if isinstance(part, types.ImageContent)]
        if answer.is_error:
            raise MCPError(f"Playwright MCP: {text}")

    def _follow(self, arguments: Any) -> None:
        """The tab Playwright MCP selected is the one the agent works in, ours too (its tabs
        are the context's pages, in the order they opened)."""
        if not isinstance(arguments, dict) or arguments.get("action") != "select":
            return
        index = arguments.get("index")
        if not isinstance(index, int | float) or isinstance(index, bool) or index != int(index):
            return
        pages = self.launched.page.context.pages
        if 0 <= int(index) < len(pages):
            self.launched.follow(pages[int(index)])

    # -- where our server would act, Playwright MCP acts -----------------------------------

    async def _action(self, ref: str | None, run: Any, expect: Expect | None = None) -> ToolResult:
        if self._via is None:
            return await super()._action(ref, run, expect)
        if expect is not None and self._via.name == "browser_click":  # it waits after a click
            expect = replace(expect, settled=self.client.settle_s)
        return await super()._action(ref, lambda _element: self._forward(), expect)

    async def open_page(self, url: str) -> ToolResult:
        if self._via is None:
            return await super().open_page(url)
        self.registry.invalidate()
        try:
            await self._forward()
        except BrowserError as exc:
            self.browser_error = exc
            return await self._reply("action_failed", str(exc))
        except MCPError as exc:
            return await self._reply("action_failed", str(exc))
        return await self._reply(None, None)

    async def get_snapshot(
        self, viewport_only: bool = True, *, screenshot: bool | None = None
    ) -> ToolResult:
        if self._via is not None:
            try:
                await self._forward()
            except BrowserError as exc:
                self.browser_error = exc
                return await self._reply("action_failed", str(exc))
            except MCPError as exc:
                return await self._reply("action_failed", str(exc))
        return await super().get_snapshot(viewport_only, screenshot=screenshot)
