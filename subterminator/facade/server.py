"""``FacadeToolServer``: the bottom of the stack when the V02 facade is the front door.

The gate above judged our own canonical call (a click on our ref, a stand-in for a key or a
step in the history); here, where our server would act, the facade's own call it stands for
(``ToolCall.via``) runs when ours would not do exactly it (``facade.hands``). A read of the
facade's runs here too, on the page as it is, and leaves our refs as they were: a client that
reads between two actions keeps the refs its last snapshot gave.
"""

from __future__ import annotations

import asyncio
import builtins
from typing import Any

from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.browser.protocol import Browser
from subterminator.errors import BrowserActionError, BrowserError
from subterminator.facade import hands
from subterminator.facade.code import run_code
from subterminator.facade.reading import Reading, read
from subterminator.models.browser_response import BrowserResponse
from subterminator.models.conversation import ToolCall
from subterminator.models.tools import ToolResult
from subterminator.snapshot.factory import SnapshotFactory
from subterminator.snapshot.registry import ElementRegistry
from subterminator.tools.executor import LatencyCaps
from subterminator.tools.facade import FACADE
from subterminator.tools.facade.args import ExecuteArgs
from subterminator.tools.server import BrowserToolServer, error_code
from subterminator.tools.verify import Expect

FACADE_TOOLS = frozenset(spec.name for spec in FACADE)
# Stand-ins whose facade original is a step on the whole page (a key, the history).
PAGE_STEPS = frozenset({"key_press", "history_step"})
ACTION_MS = 5000  # the facade's own actions' wall (Playwright's actionability waits inside)


class FacadeToolServer(BrowserToolServer):
    """Our tool server, running the facade's own action where a call stands for one."""

    def __init__(
        self,
        browser: Browser,
        launched: PlaywrightBrowser,
        reading: Reading,
        *,
        registry: ElementRegistry | None = None,
        factory: SnapshotFactory | None = None,
        caps: LatencyCaps | None = None,
    ) -> None:
        super().__init__(browser, registry=registry, factory=factory, caps=caps)
        self.launched = launched
        self.reading = reading
        self._via: ToolCall | None = None
        self._canonical = ""  # our call the facade's stands behind
        self._args: dict[str, Any] = {}  # its arguments (the element it names)
        self._said: BrowserResponse | None = None

    async def _execute(self, call: ToolCall | str, arguments: Any) -> ToolResult:
        via = call.via if isinstance(call, ToolCall) else None
        if via is None or via.name not in FACADE_TOOLS:
            return await super()._execute(call, arguments)
        assert isinstance(call, ToolCall)
        self._via, self._canonical, self._said = via, call.name, None
        self._args = call.arguments if isinstance(call.arguments, dict) else {}
        try:
            result = await super()._execute(call, arguments)
        finally:
            self._via = None
        if self._said is None:
            return result
        return result.model_copy(update={"foreign": self._said.model_dump_json()})

    # -- where our server would act, the facade's own action runs ----------------------------

    async def _action(self, ref: str | None, run: Any, expect: Expect | None = None) -> ToolResult:
        via = self._via
        if via is None or via.name != "browser_interact" or ref is None:
            return await super()._action(ref, run, expect)

        canonical = self._canonical
        wall = hands.wall_ms(hands.interact_args(via), ACTION_MS)

        async def own(element: Any) -> None:
            await self.executor.elsewhere(
                "the action",
                element,
                wall,
                lambda handle, ms: hands.on_element(via, canonical, self.launched, handle, ms),
            )

        return await super()._action(ref, own, expect)

    async def get_snapshot(
        self, viewport_only: bool = True, *, screenshot: bool | None = None
    ) -> ToolResult:
        via = self._via
        if via is None:
            return await super().get_snapshot(viewport_only, screenshot=screenshot)
        if self._canonical == "page_script":
            return await self._code(via)
        if self._canonical == "pointer_step":
            return await self._pointer(via)
        if self._canonical in PAGE_STEPS or hands.sideways(via):
            return await self._page_step(via)
        return await self._read(via)

    async def _pointer(self, via: ToolCall) -> ToolResult:
        """A hover or a focus: on our ref's element, or on a node no ref names."""
        ref, handle = self._args.get("ref"), self._args.get("handle")
        if isinstance(ref, str):
            return await self._action(ref, None)
        if not isinstance(handle, str):
            return await self._reply("invalid_params", "pointer_step names no element")
        self.registry.invalidate()
        try:
            async with asyncio.timeout(ACTION_MS / 1000):
                await hands.on_element(via, self._canonical, self.launched, handle, ACTION_MS)
        except BrowserError as exc:
            self.browser_error = exc
            return await self._reply("action_failed", str(exc))
        except BrowserActionError as exc:
            return await self._reply("action_failed", exc.detail)
        except builtins.TimeoutError:
            return await self._reply("timeout", f"{via.name}: no answer in {ACTION_MS} ms")
        except Exception as exc:  # Playwright's own: the element went away
            return await self._reply("action_failed", f"{via.name}: {exc}")
        return await super().get_snapshot()

    async def _code(self, via: ToolCall) -> ToolResult:
        """The facade's code, once the gate let it run; its result, then the fresh page."""
        self.registry.invalidate()
        try:
            async with self.launched.elsewhere():
                self._said = await run_code(self.reading, ExecuteArgs.model_validate(via.arguments))
        except BrowserError as exc:
            self.browser_error = exc
            return await self._reply("action_failed", str(exc))
        return await super().get_snapshot()

    async def _page_step(self, via: ToolCall) -> ToolResult:
        """A key or a step in the history, then the fresh page."""
        self.registry.invalidate()
        try:
            async with self.launched.elsewhere():
                await hands.on_page(via, self.launched, ACTION_MS)
        except BrowserError as exc:
            self.browser_error = exc
            return await self._reply("action_failed", str(exc))
        except Exception as exc:  # Playwright's own: a timeout, a page that went away
            return await self._reply("action_failed", f"{via.name}: {exc}")
        return await super().get_snapshot()

    async def _read(self, via: ToolCall) -> ToolResult:
        """A read on the page as it is; our last snapshot stays (a fresh one if none, or if
        the page moved on by itself)."""
        last = self.last_snapshot
        try:
            if last is None or last.page.url != self.launched.page.url:
                last = await self._refresh()
            self._said = await read(via, self.reading)
        except (BrowserError, BrowserActionError) as exc:
            if isinstance(exc, BrowserError):
                self.browser_error = exc
            return await self._reply(error_code(exc), str(exc))
        return ToolResult(success=True, snapshot=last)  # the read's own success is said
