"""``RecordedTools``: any layer, with each call and its reply written to a log as it happens.

A front door without a conversation (the MCP server) keeps its run record here: one turn per
tool call, with the page's screenshot after it. The log is anything with ``turn_began`` and
``turn`` (``RunRecord`` is one); this layer never imports it, so it sits below the record.
"""

from __future__ import annotations

import base64
import time
from typing import Any, Protocol

from subterminator.ai.render import outcome
from subterminator.models.conversation import ToolCall
from subterminator.snapshot.registry import ElementRegistry
from subterminator.snapshot.secrecy import written_arguments
from subterminator.stack.layer import Reply, ToolLayer


class CallLog(Protocol):
    def turn_began(
        self, *, turn: int, tool: str | None, target: str | None, arguments: Any
    ) -> None: ...

    def turn(
        self,
        *,
        turn: int,
        tool: str | None,
        target: str | None,
        arguments: Any,
        outcome: str,
        thought: str = "",
        screenshot: bytes | None = None,
        ai_ms: int = 0,
        tool_ms: int = 0,
        person_ms: int = 0,
    ) -> None: ...


class RecordedTools:
    def __init__(self, inner: ToolLayer, log: CallLog, registry: ElementRegistry) -> None:
        self.inner, self.log, self.registry = inner, log, registry
        self.calls = 0

    async def execute(self, call: ToolCall) -> Reply:
        self.calls += 1
        ref = call.arguments.get("ref") if isinstance(call.arguments, dict) else None
        found = self.registry.peek(ref)
        target = found.name if found else None
        written = written_arguments(call.name, call.arguments, self.registry)  # secrets masked
        self.log.turn_began(turn=self.calls, tool=call.name, target=target, arguments=written)
        started = time.monotonic()
        reply = await self.inner.execute(call)
        person_ms = int(getattr(self.inner, "person_ms", 0))
        took = int((time.monotonic() - started) * 1000)
        shot = reply.snapshot.screenshot
        self.log.turn(
            turn=self.calls,
            tool=call.name,
            target=target,
            arguments=written,
            outcome=outcome(reply.to_message(call)),
            screenshot=base64.b64decode(shot) if shot else None,
            tool_ms=max(0, took - person_ms),
            person_ms=person_ms,
        )
        return reply
