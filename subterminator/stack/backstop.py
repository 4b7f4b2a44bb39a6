"""``NetworkBackstop``: while an action nobody approved runs, what the page may send.

The gate above decides the policy (``SafetyGate.request_guard``: pure, from the verdict); this
layer arms it on the browser around exactly one tool call and says afterwards what it held, so
the gate can mark the control and the model can be told why nothing happened.
"""

from __future__ import annotations

from subterminator.browser.effect import GuardedRequest
from subterminator.browser.protocol import RequestGuard
from subterminator.models.conversation import ToolCall
from subterminator.models.tools import ToolResult
from subterminator.tools.server import BrowserToolServer


class NetworkBackstop:
    def __init__(self, server: BrowserToolServer) -> None:
        self.server = server
        self.held: list[str] = []  # what the last call's guard stopped ("METHOD url")

    async def execute(self, call: ToolCall, guard: RequestGuard | None = None) -> ToolResult:
        self.held = []
        if guard is None:
            return await self.server.execute(call)
        held = self.held

        def watch(request: GuardedRequest) -> str | None:
            reason = guard(request)
            if reason:
                held.append(f"{request.method} {request.url}")
            return reason

        self.server.browser.guard_requests(watch)
        try:
            result = await self.server.execute(call)
        finally:
            self.server.browser.guard_requests(None)
        if not held:
            return result
        note = (
            f"The page tried to send {', '.join(held[:3])} during this action; it was "
            "stopped because nobody approved it. If this is the step you meant, try it "
            "again: a person will be asked first."
        )
        message = f"{result.message} {note}" if result.message else note
        return result.model_copy(update={"message": message})
