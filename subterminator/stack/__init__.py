"""The tool stack: ``Logged( Gated( Backstop( BrowserToolServer ) ) )``, assembled once.

Both front doors (the conversation loop and the MCP server) hold a ``ToolStack``, built by the
run builder, and read only what its top answers (``TopLayer``: each call's ``Reply``, how a
run's end is settled): what the gate guarantees to one it guarantees to the other.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from subterminator.models.approval import HumanApprovalHandler
from subterminator.models.conversation import ToolCall
from subterminator.models.result import TaskReason, TaskResult
from subterminator.safety.ledger import ApprovedStep
from subterminator.services.base import ServiceConfig
from subterminator.stack.backstop import NetworkBackstop
from subterminator.stack.completion import Completion, ending
from subterminator.stack.gated import GatedTools
from subterminator.stack.layer import Preview, Reply, ToolLayer, TopLayer
from subterminator.stack.logged import CallLog, LoggedCalls
from subterminator.stack.port import ServerPort
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
        self.port = ServerPort(server)  # the one way the layers above read the server
        self.gated = GatedTools(
            self.port,
            self.backstop,
            service,
            approvals,
            start_url=start_url,
            allow_sites=allow_sites,
        )
        self.logged = (
            None
            if log is None
            else LoggedCalls(self.gated, log, server.registry, self.port.screenshot)
        )
        self.top: ToolLayer = self.gated if self.logged is None else self.logged

    async def execute(self, call: ToolCall) -> Reply:
        """The call through every layer; then what pages did by themselves meanwhile
        (downloads, new tabs), said at the end of its message, whatever the layers replied."""
        reply = await self.top.execute(call)
        said = await self.server.side_effects_said()
        if said is None:
            return reply
        message = f"{reply.message} {said}" if reply.message else said
        return replace(reply, result={**reply.result, "message": message})

    async def written(self) -> None:
        """Every call so far in the run record, with its screenshot (taken after the reply):
        before the record says how the run ended, and before the browser closes."""
        if self.logged is not None:
            await self.logged.written()

    def preview(self, call: ToolCall) -> Preview:
        return Preview.of(call, self.server.registry)

    async def settle(self, result: TaskResult) -> TaskResult:
        return await self.completion.settle(result)

    async def settled(self, reply: Reply) -> Reply:
        """A reply that ends the run, settled as ``settle`` settles a result."""
        return await self.completion.settled(reply)

    def ending(self, reason: TaskReason, *, error: str | None = None) -> TaskResult:
        """A run that ends without success, on the page it is on."""
        return ending(self.port, False, False, reason, error=error)

    @property
    def unverified_claim(self) -> bool:
        return self.completion.unverified_claim

    @property
    def completion(self) -> Completion:
        return self.gated.completion

    @property
    def approved_step(self) -> ApprovedStep | None:
        """The approved step that ran, if one did: what, when and where."""
        return self.gated.ledger.approved_step

    def final_step_state(self) -> tuple[bool | None, str | None]:
        return self.gated.final_step_state()

    def final_step_at(self) -> datetime | None:
        return self.gated.final_step_at()


__all__ = ["CallLog", "NetworkBackstop", "Preview", "Reply", "ToolLayer", "ToolStack", "TopLayer"]
