"""``ActionExecutor``: element actions under latency caps, so a hung page costs the model one
turn, not the run.

Raises our typed exceptions (``errors.py``) with the model's ref; the BrowserToolServer turns them
into error codes. Every action has a hard wall (``asyncio.timeout``) at its cap; the browser
gets 90% of it so that its own, more informative, timeout usually answers first.
"""

from __future__ import annotations

import asyncio
import builtins
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from subterminator.browser.protocol import Browser, ScrollDirection
from subterminator.errors import (
    BrowserActionError,
    ElementDisabledError,
    ElementNotVisibleError,
    ElementObscuredError,
    MCPError,
    RefInvalidError,
    TimeoutError,
)
from subterminator.snapshot.element import ElementInfo

FILLABLE_ROLES = frozenset({"textbox", "searchbox", "spinbutton", "combobox"})
SELECTABLE_ROLES = frozenset({"combobox", "listbox"})


@dataclass(frozen=True)
class LatencyCaps:
    """Each action's hard wall, in milliseconds: a page that takes longer answers ``timeout``."""

    snapshot: int = 3000
    click: int = 2000
    fill: int = 2000
    select: int = 2000
    scroll: int = 1000


class ActionExecutor:
    def __init__(self, browser: Browser, caps: LatencyCaps | None = None) -> None:
        self.browser = browser
        self.caps = caps or LatencyCaps()

    async def _run(
        self,
        operation: str,
        element: ElementInfo | None,
        cap_ms: int,
        action: Callable[[int], Awaitable[None]],
    ) -> None:
        ref = element.ref if element else "page"
        try:
            async with asyncio.timeout(cap_ms / 1000):  # not wait_for: on 3.11 it can swallow
                await action(int(cap_ms * 0.9))  # a Ctrl+C landing as the action finishes
        except builtins.TimeoutError:
            raise TimeoutError(f"{operation} on {ref}", cap_ms) from None
        except BrowserActionError as exc:
            raise _from_code(exc, operation, ref, cap_ms) from None

    def _handle(self, element: ElementInfo) -> str:
        if not element.handle:
            raise MCPError(f"Element '{element.ref}' cannot be acted on (no handle)")
        return element.handle

    async def click(self, element: ElementInfo) -> None:
        handle = self._handle(element)
        await self._run(
            "click",
            element,
            self.caps.click,
            lambda t: self.browser.click(handle, timeout_ms=t),
        )

    async def fill(self, element: ElementInfo, value: str, clear_first: bool = True) -> None:
        if element.role not in FILLABLE_ROLES:
            raise MCPError(
                f"Element '{element.ref}' is a {element.role}, not a text field; "
                "browser_fill needs a textbox"
            )
        handle = self._handle(element)
        await self._run(
            "fill",
            element,
            self.caps.fill,
            lambda t: self.browser.fill(handle, value, clear_first=clear_first, timeout_ms=t),
        )

    async def select(self, element: ElementInfo, value: str) -> None:
        if element.role not in SELECTABLE_ROLES:
            raise MCPError(
                f"Element '{element.ref}' is a {element.role}, not a dropdown; "
                "browser_select needs a combobox or listbox"
            )
        handle = self._handle(element)
        await self._run(
            "select",
            element,
            self.caps.select,
            lambda t: self.browser.select(handle, value, timeout_ms=t),
        )

    async def scroll_to_element(self, element: ElementInfo) -> None:
        handle = self._handle(element)
        await self._run(
            "scroll",
            element,
            self.caps.scroll,
            lambda t: self.browser.scroll_into_view(handle, timeout_ms=t),
        )

    async def elsewhere(
        self,
        operation: str,
        element: ElementInfo,
        cap_ms: int,
        action: Callable[[str, int], Awaitable[None]],
    ) -> None:
        """Another surface's own action on the element (``action(handle, timeout_ms)``),
        under our wall and with our error codes."""
        handle = self._handle(element)
        await self._run(operation, element, cap_ms, lambda t: action(handle, t))

    async def scroll_page(self, direction: ScrollDirection, amount: int) -> None:
        await self._run(
            "scroll",
            None,
            self.caps.scroll,
            lambda _t: self.browser.scroll_page(direction, amount),
        )


def _from_code(exc: BrowserActionError, operation: str, ref: str, cap_ms: int) -> MCPError:
    code = exc.code
    if code == "element_disabled":
        return ElementDisabledError(ref)
    if code == "element_obscured":
        return ElementObscuredError(ref, exc.detail)
    if code == "element_not_visible":
        return ElementNotVisibleError(ref, exc.detail)
    if code == "timeout":
        return TimeoutError(f"{operation} on {ref}", cap_ms)
    if code == "element_detached":
        return RefInvalidError(ref, "the element left the page after the snapshot was taken")
    return MCPError(f"{operation} on {ref} failed: {exc.detail}")
