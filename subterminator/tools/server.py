"""``BrowserToolServer``: the browser's tools behind one ``execute``; never raises.

Every reply carries a fresh snapshot (errors included), so the model always acts on the page
as it is now. Each call runs its spec's handler (tools/builtin/); a tool without one
(request_human_approval, complete_task) is the TaskOrchestrator's to answer: called here
directly it is validated and refused, never approved.
"""

from __future__ import annotations

import asyncio
import builtins
import logging
from collections.abc import Callable
from typing import Any

from subterminator.browser.protocol import Browser
from subterminator.browser.side_effects import describe
from subterminator.errors import (
    BrowserError,
    ElementDisabledError,
    ElementNotVisibleError,
    ElementObscuredError,
    InvalidParamsError,
    MCPError,
    RefInvalidError,
    TimeoutError,
)
from subterminator.models.conversation import ToolCall
from subterminator.models.snapshot import Snapshot
from subterminator.models.tools import ErrorCode, ToolResult
from subterminator.net import http_problem
from subterminator.snapshot.factory import SnapshotFactory
from subterminator.snapshot.registry import ElementRegistry
from subterminator.snapshot.secrecy import mask
from subterminator.tools.arguments import echo, parse_call
from subterminator.tools.executor import ActionExecutor, LatencyCaps
from subterminator.tools.targets import Targets
from subterminator.tools.verify import Expect, Verifier

log = logging.getLogger(__name__)

_CODES: tuple[tuple[type[Exception], ErrorCode], ...] = (
    (RefInvalidError, "ref_invalid"),
    (ElementDisabledError, "element_disabled"),
    (ElementObscuredError, "element_obscured"),
    (ElementNotVisibleError, "element_not_visible"),
    (TimeoutError, "timeout"),
    (InvalidParamsError, "invalid_params"),
)


def _typed(arguments: Any) -> bool:
    """Arguments carrying a typed value: a log line never shows it (snapshot.secrecy)."""
    return isinstance(arguments, dict) and "value" in arguments


def error_code(exc: BaseException) -> ErrorCode:
    """The error code a reply gives for an exception (``action_failed`` when none fits)."""
    return next((code for kind, code in _CODES if isinstance(exc, kind)), "action_failed")


class BrowserToolServer:
    def __init__(
        self,
        browser: Browser,
        *,
        registry: ElementRegistry | None = None,
        factory: SnapshotFactory | None = None,
        caps: LatencyCaps | None = None,
    ) -> None:
        self.browser = browser
        self.registry = registry or ElementRegistry()
        self.factory = factory or SnapshotFactory(browser, self.registry)
        self.caps = caps or LatencyCaps()
        self.executor = ActionExecutor(browser, self.caps)
        self.targets = Targets(browser, self.registry)  # a ref to its live element
        self.verifier = Verifier(browser)  # whether each action had its effect
        self.last_snapshot: Snapshot | None = None
        self.browser_error: BrowserError | None = None  # set once the browser is gone
        self.acted = 0  # element actions the browser completed (an interrupt asks: did it?)
        # What pages do by themselves (downloads, new tabs) is said in this server's replies,
        # unless a ToolStack above it says it once, at its top (its layers replace messages).
        self.tells_side_effects = True
        self.on_side_effect: list[Callable[[str], None]] = []  # the person, the run record

    async def execute(self, call: ToolCall | str, arguments: Any = None) -> ToolResult:
        """Run one tool call (a ``ToolCall``, or a name and its arguments). Any failure becomes
        a ToolResult with a precise message; what the page did by itself is said after it."""
        result = await self._execute(call, arguments)
        if not self.tells_side_effects:
            return result
        said = await self.side_effects_said()
        if said is None:
            return result
        message = f"{result.message} {said}" if result.message else said
        return result.model_copy(update={"message": message})

    async def side_effects_said(self) -> str | None:
        """What pages did by themselves since the last reply (downloads, new tabs), in our
        sentences; each sentence also goes to ``on_side_effect``. None when nothing happened."""
        try:
            sentences = describe(await self.browser.side_effects())
        except Exception:  # a reply is never lost to this; the page may be gone
            log.exception("could not read what the page did by itself")
            return None
        for sentence in sentences:
            for observer in self.on_side_effect:
                observer(sentence)
        return " ".join(sentences) or None

    async def _execute(self, call: ToolCall | str, arguments: Any) -> ToolResult:
        if isinstance(call, ToolCall):
            tool_name, arguments = call.name, call.arguments
        else:
            tool_name, arguments = call, {} if arguments is None else arguments
        try:
            spec, args = parse_call(tool_name, arguments)
            if spec.handler is None:
                return await self._reply(
                    "action_failed",
                    f"{tool_name} is answered by the TaskOrchestrator, not the browser; "
                    "nothing was approved or completed",
                )
            return await spec.handler(self, args)
        except InvalidParamsError as exc:
            return await self._reply("invalid_params", str(exc))
        except Exception as exc:  # the loop must never die on one tool call
            shown = (
                {**arguments, "value": mask(arguments["value"])} if _typed(arguments) else arguments
            )
            log.exception("tool %s(%r) failed unexpectedly", tool_name, shown)
            return await self._reply("action_failed", f"{tool_name} failed: {exc}")

    # -- snapshots -------------------------------------------------------------------------

    async def _refresh(
        self, viewport_only: bool = True, *, screenshot: bool | None = None
    ) -> Snapshot:
        """A fresh snapshot within the cap; raises TimeoutError or BrowserError."""
        self.registry.invalidate()
        try:
            async with asyncio.timeout(self.caps.snapshot / 1000):  # cancellation-safe
                snapshot, _ = await self.factory.create(viewport_only, screenshot=screenshot)
        except builtins.TimeoutError:
            raise TimeoutError("get_snapshot", self.caps.snapshot) from None
        except BrowserError as exc:
            self.browser_error = exc
            raise
        self.last_snapshot = snapshot
        return snapshot

    async def _snapshot_or_placeholder(self) -> tuple[Snapshot, str | None]:
        """A fresh snapshot, or an empty one plus the reason none could be taken."""
        try:
            return await self._refresh(), None
        except (TimeoutError, BrowserError) as exc:
            last = self.last_snapshot
            placeholder = self.factory.empty(
                last.page.url if last else "", last.page.title if last else ""
            )
            return placeholder, f"No fresh snapshot: {exc}"

    async def _reply(
        self, error: ErrorCode | None, message: str | None, viewport_only: bool = True
    ) -> ToolResult:
        snapshot, problem = await self._snapshot_or_placeholder()
        if problem:
            message = f"{message}. {problem}" if message else problem
            error = error or ("timeout" if self.browser_error is None else "action_failed")
        if error:
            log.warning("tool error %s: %s (url=%s)", error, message, snapshot.page.url)
        return ToolResult(success=error is None, snapshot=snapshot, error=error, message=message)

    def _describe_current(self) -> str:
        last = self.last_snapshot
        if last is None or not last.elements:
            return "the fresh snapshot below"
        return f"the fresh snapshot below ({last.elements[0].ref}-{last.elements[-1].ref})"

    # -- the tools -------------------------------------------------------------------------

    async def get_snapshot(
        self, viewport_only: bool = True, *, screenshot: bool | None = None
    ) -> ToolResult:
        try:
            snapshot = await self._refresh(viewport_only, screenshot=screenshot)
        except (TimeoutError, BrowserError) as exc:
            return await self._reply(error_code(exc), str(exc))
        return ToolResult(success=True, snapshot=snapshot)

    async def open_page(self, url: str) -> ToolResult:
        """Open an address: a front door's start (the gate above decides whether it may)."""
        self.registry.invalidate()
        try:
            status = await self.browser.navigate(url)
        except BrowserError as exc:
            return await self._reply("action_failed", str(exc))
        problem = http_problem(status)
        return await self._reply(None, f"The page answered {problem}." if problem else None)

    async def _action(self, ref: str | None, run: Any, expect: Expect | None = None) -> ToolResult:
        try:
            target = await self.targets.live(ref) if ref is not None else None
        except RefInvalidError as exc:
            result = await self._reply("ref_invalid", None)
            detail = (
                f"{echo(ref)} is not a current ref: {exc.detail}. "
                "Refs are valid for one snapshot only"
            )
            return result.model_copy(
                update={"message": f"{detail}; use a ref from {self._describe_current()}."}
            )
        self.registry.invalidate()
        note = target.note if target is not None else None  # a re-render's replacement
        watch = await self.verifier.watch(target.element if target is not None else None, expect)
        try:
            await run(target.element if target is not None else None)
            self.acted += 1
        except BrowserError as exc:
            self.browser_error = exc
            return await self._reply("action_failed", f"Browser error: {exc}")
        except MCPError as exc:
            return await self._reply(error_code(exc), f"{note} {exc}" if note else str(exc))
        return await self.verifier.checked(watch, lambda: self._reply(None, note))

    async def browser_click(self, ref: str) -> ToolResult:
        return await self._action(ref, lambda e: self.executor.click(e), Expect("click"))

    async def browser_fill(self, ref: str, value: str, clear_first: bool = True) -> ToolResult:
        return await self._action(
            ref,
            lambda e: self.executor.fill(e, value, clear_first),
            Expect("fill", value, append=not clear_first),
        )

    async def browser_select(self, ref: str, value: str) -> ToolResult:
        return await self._action(
            ref, lambda e: self.executor.select(e, value), Expect("select", value)
        )

    async def browser_scroll(
        self, ref: str | None = None, direction: str | None = None, amount: int = 300
    ) -> ToolResult:
        if ref is not None:
            return await self._action(ref, lambda e: self.executor.scroll_to_element(e))
        if direction not in ("up", "down", "top", "bottom"):
            return await self._reply(
                "invalid_params", "browser_scroll needs either 'ref' or 'direction'"
            )
        return await self._action(
            None,
            lambda _e: self.executor.scroll_page(direction, amount),  # type: ignore[arg-type]
        )
