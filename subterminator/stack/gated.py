"""``GatedTools``: every tool call through the safety gate, with the person asked first.

Checkpoints cannot be skipped by the AI, by page content or by a missing handler, whichever
front door the call came through. This layer decides, per call, which part answers it:

- an element action (``actions.ActionGate``): judged on the live page, the person asked
  first when it may not be undone; a yes is for what they were shown (``bound.BoundYes``);
- an address to open (``opening.Opener``): the start page or one shown opens unasked;
- the AI's own request for approval: put to the person (``asking.Asker``), their words back;
- the run's outcome: answered by the outcome judge (``Completion``), never by the caller;
- another backend's call the gate cannot read as one effect (code, a drag, a file, a key):
  judged by what it is (``foreign.Foreign``; ``uploads`` says the door may hand out files);
- anything else runs below, under the last action's guard (``checkpoints.Checked``).

Which part answers is what the tool is (its spec's ``kind`` and ``inspects``), never its
name, so another surface's tools of the same kinds go through the same parts.

After every snapshot-returning tool the service's checkpoints run on the new page
(``checkpoints.Checkpoints``); a step only a person can take is theirs, in the browser
(``human.HumanSteps``). With no approval handler every approval is refused. Every approval,
refusal and grant is written to one ``ApprovalLedger``; the layer below is read only through
its ``ToolPort``.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from functools import partial

from subterminator.errors import InvalidParamsError
from subterminator.models.approval import HumanApprovalHandler
from subterminator.models.conversation import ToolCall
from subterminator.models.tools import ApprovalResult
from subterminator.safety.gate import SafetyGate
from subterminator.safety.ledger import ApprovalLedger
from subterminator.services.base import ServiceConfig
from subterminator.stack.actions import ActionGate
from subterminator.stack.asking import Asker, feedback
from subterminator.stack.backstop import NetworkBackstop
from subterminator.stack.checkpoints import Checked, Checkpoints
from subterminator.stack.completion import Completion, ending
from subterminator.stack.foreign import Foreign
from subterminator.stack.human import HumanSteps
from subterminator.stack.layer import Reply
from subterminator.stack.opening import Opener, invalid
from subterminator.stack.parts import GateParts
from subterminator.stack.port import ToolPort
from subterminator.stack.reach import SiteReach, build_reach
from subterminator.tools.arguments import parse_arguments
from subterminator.tools.registry import inspects, kind


class GatedTools:
    """The top of the tool stack: ``execute(call)`` for all seven tools."""

    def __init__(
        self,
        port: ToolPort,
        backstop: NetworkBackstop,
        service: ServiceConfig,
        approvals: HumanApprovalHandler | None,
        *,
        ledger: ApprovalLedger | None = None,
        start_url: str = "",
        allow_sites: tuple[str, ...] = (),
    ) -> None:
        self.port = port  # the tools below, as the gate may read them
        self.backstop = backstop
        # the service's start page (the simulator's, under --sim, or a --url)
        self.start_url = start_url or service.initial_url
        self.service = service
        self.gate = SafetyGate(
            irreversible_urls=service.irreversible_urls,
            flow_urls=service.flow_urls,
            ledger=ledger or ApprovalLedger(flow_urls=service.flow_urls),
        )
        self.ledger = self.gate.ledger
        backstop.on_late = self.ledger.suspect  # a control whose timer sent after it returned
        self.completion = Completion(service, self.ledger, port)
        self.asker = Asker(approvals, self.ledger, port, partial(ending, port))
        parts = GateParts(port, backstop, self.gate, service, self.asker)
        human = HumanSteps(parts)
        self.checkpoints = Checkpoints(parts, human)
        self.actions = ActionGate(parts, human, self.checkpoints)
        self.checked = Checked(backstop, self.checkpoints)
        self.reach = SiteReach(
            port,
            self.asker,
            self.checked,
            build_reach(service, start_url, allow_sites),
            adopt_first_page=not start_url,
        )
        self.opener = Opener(parts, self.checkpoints, self.reach, self.start_url)
        self.foreign = Foreign(parts, self.checkpoints, self.actions, self.reach)  # files: refused
        self.reach.install()  # before the front door opens the start page

    @property
    def person_ms(self) -> int:
        """A person's answering time in the last call (not the browser's)."""
        return self.asker.person_ms

    def final_step_state(self) -> tuple[bool | None, str | None]:
        """For an interrupt: did an approved step run (True), perhaps (None) or not (False)?"""
        if self.ledger.in_flight is not None:
            action, acted = self.ledger.in_flight
            return (True if self.port.acted > acted else None), action
        if self.ledger.approved_step is not None:
            return True, self.ledger.approved_step.action
        return False, None

    def final_step_at(self) -> datetime | None:
        """When the approved step ran (or began, if it was interrupted while it ran), if one
        did: said with an interrupt."""
        if self.ledger.in_flight is not None:
            return self.ledger.in_flight_at
        step = self.ledger.approved_step
        return step.at if step is not None else None

    # -- the layer -------------------------------------------------------------------------

    async def execute(self, call: ToolCall) -> Reply:
        self.asker.new_call()
        ref = call.arguments.get("ref") if isinstance(call.arguments, dict) else None
        found = self.port.peek(ref)  # before the call: its snapshot's element
        touches = self.backstop.touches
        self.reach.install()
        reply = await self._execute(call)
        self.reach.saw(reply.snapshot.page.url)
        reply = await self.reach.settle(reply)
        touched = self.backstop.touches != touches
        self.checkpoints.settle_grants(reply.snapshot, touched=touched)
        return replace(  # what the front doors write of the call: never read below the top
            reply,
            target=found.name if found else None,
            person_ms=self.asker.person_ms,
            browser_error=self.port.browser_error,
        )

    async def _execute(self, call: ToolCall) -> Reply:
        answered_by = kind(call.name)  # what the tool is, not what it is called
        if answered_by == "complete":
            return await self.completion.complete(call)
        if answered_by == "ask":
            reply = await self._ai_approval(call)
        elif answered_by == "open":
            reply = Reply.of(await self.opener.open(call))
        elif answered_by == "foreign":
            reply = Reply.of(await self.foreign.run(call))
        elif inspects(call.name) is not None:
            reply = Reply.of(await self.actions.guarded(call))
        else:
            reply = await self.checked.execute(call)
        halt = self.asker.halt
        return reply if halt is None else Reply(reply.result, reply.snapshot, halt)

    async def _ai_approval(self, call: ToolCall) -> Reply:
        try:
            args = parse_arguments(call.name, call.arguments)
        except InvalidParamsError as exc:
            return Reply.of(await invalid(self.port, exc))
        fresh = await self.port.snapshot()
        decision = await self.asker.ask(
            self.asker.request(
                "ai_request",
                getattr(args, "action", ""),
                getattr(args, "reason", ""),
                fresh.snapshot,
            )
        )
        message = None if decision.approved else feedback(decision)
        return Reply.answer(
            ApprovalResult(approved=decision.approved, message=message), fresh.snapshot
        )
