"""A session judges an ending once: the call that ends the run is settled on the page; once
its ending is recorded, later calls report that one and take no fresh capture to judge
again. Every call still goes through the whole stack."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, cast

import pytest

from subterminator.assembly import Run
from subterminator.mcp.session import McpOptions, McpSession
from subterminator.models.conversation import ToolCall
from subterminator.models.result import TaskResult
from subterminator.models.snapshot import PageInfo, Snapshot, ViewportInfo
from subterminator.stack import Reply

PAGE = Snapshot(
    snapshot_id="s1",
    timestamp="2026-01-01T00:00:00+00:00",
    elements=[],
    focused=None,
    page=PageInfo(url="http://127.0.0.1/account", title="Account"),
    screenshot="",
    viewport=ViewportInfo(width=1280, height=800, scroll_x=0, scroll_y=0),
)
STOPPED = TaskResult(success=False, verified=False, reason="human_action_needed", turns=0)


@dataclass
class Stack:
    """The stack's two doors a session uses: each call's reply, and the settling."""

    calls: list[str] = field(default_factory=list)
    settled_calls: int = 0

    async def execute(self, call: ToolCall) -> Reply:
        self.calls.append(call.name)
        return Reply({"success": True, "error": None, "message": None}, PAGE, STOPPED)

    async def settled(self, reply: Reply) -> Reply:
        self.settled_calls += 1  # the real one may take a fresh capture to judge the page
        assert reply.ended is not None
        return replace(reply, ended=reply.ended.model_copy(update={"error": "judged"}))


def _session(stack: Stack) -> tuple[McpSession, Run]:
    session = McpSession(McpOptions(runs_dir=None))
    run: Any = type("FakeRun", (), {"top": stack, "stack": stack})()
    return session, cast(Run, run)


@pytest.mark.asyncio
async def test_the_ending_is_judged_once_then_reported_as_recorded() -> None:
    stack = Stack()
    session, run = _session(stack)
    first = session._ended(await session._execute(run, ToolCall(id="1", name="get_snapshot")))
    assert stack.settled_calls == 1
    assert first.ended is not None
    assert first.ended.error == "judged"
    later = session._ended(await session._execute(run, ToolCall(id="2", name="get_snapshot")))
    assert stack.calls == ["get_snapshot", "get_snapshot"]  # still through the stack
    assert stack.settled_calls == 1  # not judged again
    assert later.ended == session.ended
    assert later.ended is not None
    assert later.ended.error == "judged"
