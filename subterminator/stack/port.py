"""What the gate layer may ask of the tools below it, and nothing more.

The gate decides on the live page: it peeks at a ref, reads the last snapshot, inspects what
an action will really do, counts the browser's actions (did an interrupted step run?). The
``ToolPort`` names exactly that, so the gate never reaches into the tool server's registry,
browser or snapshot factory; ``ServerPort`` is it over a ``BrowserToolServer``.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Protocol

from subterminator.browser.effect import ActionEffect
from subterminator.browser.history import History
from subterminator.browser.keyed import Keyed
from subterminator.browser.protocol import ActionKind, Activating
from subterminator.browser.reach import Reach
from subterminator.errors import BrowserError
from subterminator.models.snapshot import Snapshot
from subterminator.models.tools import ToolResult
from subterminator.snapshot.element import ElementInfo
from subterminator.snapshot.factory import SCREENSHOT_TOKENS
from subterminator.snapshot.registry import ElementRegistry
from subterminator.snapshot.tokens import PIXELS_PER_IMAGE_TOKEN
from subterminator.stack.layer import Reply
from subterminator.tools.server import BrowserToolServer


class ToolPort(Protocol):
    """The page below the gate, as the gate reads it."""

    @property
    def registry(self) -> ElementRegistry:
        """The refs of the last snapshot (read only: secret fields, a ref's element)."""
        ...

    @property
    def last_snapshot(self) -> Snapshot | None: ...

    @property
    def acted(self) -> int:
        """Element actions the browser completed."""
        ...

    def peek(self, ref: object) -> ElementInfo | None: ...

    async def target(self, ref: object) -> ElementInfo | None:
        """The live element an action on ``ref`` will act on (a re-render's replacement found
        by what it is); None when it names nothing (the call then answers ``ref_invalid``)."""
        ...

    @property
    def browser_error(self) -> str | None:
        """Why the browser is gone, once it is; None while it lives."""
        ...

    async def snapshot(self) -> ToolResult:
        """The page as it is now."""
        ...

    async def inspect(self, handle: str, action: ActionKind) -> ActionEffect:
        """What ``action`` on the element would really do (raises when it cannot be read)."""
        ...

    async def keyed(self, key: Activating) -> Keyed:
        """What that key pressed now on the focused element would act on."""
        ...

    async def history(self) -> History:
        """The tab's history, where a step back, forward or a reload goes."""
        ...

    async def screenshot(self) -> bytes | None:
        """The viewport, when snapshots are taken without one; else None."""
        ...

    def set_reach(self, reach: Reach) -> None: ...


class ServerPort:
    """``ToolPort`` over a ``BrowserToolServer``: the one place the gate's reads of it live."""

    def __init__(self, server: BrowserToolServer) -> None:
        self._server = server
        # refs are resolved once, by ``target``: below the gate, nothing it did not inspect
        server.targets.refinds_itself = False

    @property
    def registry(self) -> ElementRegistry:
        return self._server.registry

    @property
    def last_snapshot(self) -> Snapshot | None:
        return self._server.last_snapshot

    @property
    def acted(self) -> int:
        return self._server.acted

    def peek(self, ref: object) -> ElementInfo | None:
        return self._server.registry.peek(ref)

    async def target(self, ref: object) -> ElementInfo | None:
        return await self._server.targets.peek(ref)

    @property
    def browser_error(self) -> str | None:
        gone = self._server.browser_error
        return None if gone is None else str(gone)

    async def snapshot(self) -> ToolResult:
        return await self._server.execute("get_snapshot", {})

    async def inspect(self, handle: str, action: ActionKind) -> ActionEffect:
        return await self._server.browser.inspect(handle, action)

    async def keyed(self, key: Activating) -> Keyed:
        return await self._server.browser.keyed(key)

    async def history(self) -> History:
        return await self._server.browser.history()

    async def screenshot(self) -> bytes | None:
        if self._server.factory.screenshot_tokens is not None:
            return None  # snapshots carry their own
        pixels = SCREENSHOT_TOKENS * PIXELS_PER_IMAGE_TOKEN
        with contextlib.suppress(BrowserError, TimeoutError):
            async with asyncio.timeout(self._server.caps.snapshot / 1000):
                raw = await self._server.browser.capture(scope="viewport", screenshot_pixels=pixels)
            return raw.screenshot or None
        return None

    def set_reach(self, reach: Reach) -> None:
        self._server.browser.set_reach(reach)


def tool_result(reply: Reply) -> ToolResult:
    """A layer's reply read back as the tool's result, for the gate to add to it."""
    return ToolResult.model_validate({**reply.result, "snapshot": reply.snapshot})
