"""The tool stack: ``Recorded( Gated( Backstop( BrowserToolServer ) ) )``, assembled once.

Both front doors (the conversation loop and the MCP server) hold a ``ToolStack`` and call only
``execute``; what the gate guarantees to one it guarantees to the other.
"""

from __future__ import annotations

from datetime import datetime

from subterminator.models.approval import HumanApprovalHandler
from subterminator.models.conversation import ToolCall
from subterminator.services.base import ServiceConfig
from subterminator.stack.backstop import NetworkBackstop
from subterminator.stack.completion import Completion
from subterminator.stack.gated import GatedTools
from subterminator.stack.layer import Reply, ToolLayer
from subterminator.stack.recorded import CallLog, RecordedTools
from subterminator.tools.server import BrowserToolServer


class ToolStack:
    """The layers of one run, over one browser; ``execute`` enters at the top."""

    def __init__(
        self,
        server: BrowserToolServer,
        service: ServiceConfig,
        approvals: HumanApprovalHandler | None,
        *,
        log: CallLog | None = None,
        start_url: str = "",
        allow_sites: tuple[str, ...] = (),
    ) -> None:
        self.server = server
        server.tells_side_effects = False  # said once, here at the top: see ``execute``
        self.service = service
        self.backstop = NetworkBackstop(server)
        self.gated = GatedTools(
            self.backstop, service, approvals, start_url=start_url, allow_sites=allow_sites
        )
        self.top: ToolLayer = (
            self.gated if log is None else RecordedTools(self.gated, log, server.registry)
        )

    async def execute(self, call: ToolCall) -> Reply:
        """The call through every layer; then what pages did by themselves meanwhile
        (downloads, new tabs), said at the end of its message, whatever the layers replied."""
        reply = await self.top.execute(call)
        said = await self.server.side_effects_said()
        if said is None:
            return reply
        message = f"{reply.message} {said}" if reply.message else said
        return Reply({**reply.result, "message": message}, reply.snapshot, reply.ended)

    @property
    def completion(self) -> Completion:
        return self.gated.completion

    def final_step_state(self) -> tuple[bool | None, str | None]:
        return self.gated.final_step_state()

    def final_step_at(self) -> datetime | None:
        return self.gated.final_step_at()


__all__ = ["CallLog", "NetworkBackstop", "Reply", "ToolLayer", "ToolStack"]
