"""``NetworkBackstop``: while an action runs, what the page may send.

The layer above decides the policy, pure: ``SafetyGate.request_guard`` for an action nobody
approved (from the verdict), ``binding.bound_guard`` for an approved one (only what its question
described). This layer arms it on the browser around exactly one tool call and says afterwards
what it held, so the gate can mark the control and the model can be told what did not happen.
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

    async def execute(
        self, call: ToolCall, guard: RequestGuard | None = None, *, approved: str = ""
    ) -> ToolResult:
        """``call`` with ``guard`` armed; ``approved`` names what a person approved, if anyone
        did (the reply then says the held requests were not part of it)."""
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
        tried = ", ".join(held[:3]) + (f" and {len(held) - 3} more" if len(held) > 3 else "")
        note = (
            f"The page tried to send {tried} during this action; it was "
            "stopped because nobody approved it. If this is the step you meant, try it "
            "again: a person will be asked first."
        )
        if approved:
            note = (
                f"The page tried to send {tried} during this approved action; it was stopped "
                f"because the person approved {approved}, not that. Tell the person what the "
                "page tried; do not retry it as it is."
            )
        message = f"{result.message} {note}" if result.message else note
        return result.model_copy(update={"message": message})
