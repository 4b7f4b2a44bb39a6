"""``LoggedCalls``: any layer, with each call and its reply logged as a turn as it happens.

A front door without a conversation (the MCP server) keeps its run record here: one turn per
tool call, with the page's screenshot after it. The log is anything with ``turn_began`` and
``turn_row`` (``RunRecord`` is one); this layer never imports it, so it sits below the record.
"""

from __future__ import annotations

import base64
import time
from typing import Any, Protocol

from subterminator.models.conversation import ToolCall
from subterminator.models.turn import TurnRecord
from subterminator.snapshot.registry import ElementRegistry
from subterminator.stack.layer import Preview, Reply, ToolLayer, call_row


class CallLog(Protocol):
    def turn_began(
        self, *, turn: int, tool: str | None, target: str | None, arguments: Any
    ) -> None: ...

    def turn_row(self, row: TurnRecord, screenshot: bytes | None = None) -> None: ...


class LoggedCalls:
    """The layer below, each call written to ``log`` (a run record) as one turn."""

    def __init__(self, inner: ToolLayer, log: CallLog, registry: ElementRegistry) -> None:
        self.inner, self.log, self.registry = inner, log, registry
        self.calls = 0

    async def execute(self, call: ToolCall) -> Reply:
        self.calls += 1
        shown = Preview.of(call, self.registry)
        self.log.turn_began(
            turn=self.calls, tool=call.name, target=shown.target, arguments=shown.arguments
        )
        started = time.monotonic()
        reply = await self.inner.execute(call)
        took = int((time.monotonic() - started) * 1000)
        shot = reply.snapshot.screenshot
        row = call_row(self.calls, call, shown, reply, took)
        self.log.turn_row(row, base64.b64decode(shot) if shot else None)
        return reply
