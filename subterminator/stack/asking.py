"""``Asker``: a question put to the person, in system-written words, and their answer kept.

Every question the gate layer puts (a step that may not be undone, a page checkpoint, a step
only a person can take, the AI's own request) goes through ``ask``: with no approval handler
every approval is refused; the person's answering time is counted apart from the browser's;
a refusal and an answer about a step of the flow go to the ledger; and when nobody can be
asked at all, the run ends there (``halt``) instead of asking on into the void.
"""

from __future__ import annotations

import base64
import logging
import time
from collections.abc import Callable

from subterminator.models.approval import (
    ApprovalDecision,
    ApprovalKind,
    ApprovalRequest,
    HumanApprovalHandler,
)
from subterminator.models.result import TaskResult
from subterminator.models.snapshot import Snapshot
from subterminator.models.tools import ToolResult
from subterminator.outcome.consequence import page_says
from subterminator.safety.ledger import ApprovalLedger
from subterminator.stack.layer import failed
from subterminator.stack.port import ToolPort
from subterminator.untrusted import NAME, shown

log = logging.getLogger(__name__)

NO_HANDLER = (
    "No person is available to approve (no approval handler is configured); "
    "the action was not performed."
)
Ending = Callable[..., TaskResult]  # ``completion.ending`` on this run's page


def feedback(decision: ApprovalDecision) -> str:
    """A refusal as the AI reads it: the person's words, once, as "User feedback"; words
    SubTerminator wrote itself (no handler, no answer) are never labelled so, lest the AI take
    the system's words for the person's."""
    if not decision.by_person:
        return decision.message or "Not approved: no answer came."
    if decision.message:
        return f"User feedback: {decision.message}"
    return "User feedback: none (the person declined without a reason)"


def declined(request: ApprovalRequest, words: str | None) -> str:
    """A refusal as the person is told it afterwards: plainly, their words once."""
    step = f"You declined {request.control}" if request.control else "You declined the step"
    return f"{step}: {words}" if words else f"{step}."


def _screenshot(snapshot: Snapshot | None) -> bytes | None:
    if snapshot is None or not snapshot.screenshot:
        return None
    return base64.b64decode(snapshot.screenshot)


class Asker:
    """Puts questions to the person for one run; owns their answering time and the halt."""

    def __init__(
        self,
        approvals: HumanApprovalHandler | None,
        ledger: ApprovalLedger,
        port: ToolPort,
        end: Ending,
    ) -> None:
        self.approvals = approvals
        self.ledger = ledger
        self.port = port
        self.end = end
        self.person_ms = 0  # a person's answering time in the last call (not the browser's)
        # a step only a person can take was not done (no window, "not done", still there), or
        # nobody could be asked: the run ends here, honestly, instead of the AI wandering on
        self.halt: TaskResult | None = None

    def new_call(self) -> None:
        """A call begins: its answering time starts at nothing."""
        self.person_ms = 0

    def stop(self, text: str) -> None:
        """A step only a person can take was not done: the run ends (the first reason stays)."""
        log.info("stopped at a step only a person can take: %s", text)
        if self.halt is None:
            self.halt = self.end(False, False, "human_action_needed", error=text)

    async def ask(self, request: ApprovalRequest) -> ApprovalDecision:
        if self.approvals is not None:
            request = await self._looked(request)
        if self.approvals is None:
            log.warning("approval refused, no handler: %s", request.action)
            decision = ApprovalDecision(approved=False, message=NO_HANDLER, by_person=False)
        else:
            started = time.monotonic()
            decision = await self.approvals.request_approval(request)
            self.person_ms += int((time.monotonic() - started) * 1000)
        log.info("approval %s: %s", "granted" if decision.approved else "refused", request.action)
        if not decision.approved and request.kind != "human_action":  # "not done" is no refusal
            self.ledger.declined(
                NO_HANDLER if self.approvals is None else declined(request, decision.message)
            )
        if request.kind in ("irreversible", "checkpoint"):
            self.ledger.answered(decision.approved)
        if not decision.asked and self.halt is None:  # no answer will come: the run ends here
            self.halt = self._no_one_to_ask(request, decision)
        return decision

    def _no_one_to_ask(self, request: ApprovalRequest, decision: ApprovalDecision) -> TaskResult:
        """Nobody could be asked (standard input ended at the prompt): not a refusal, and no
        later question could be answered either."""
        what = request.control or "the step"
        text = f"Nobody could be asked about {what}: {decision.message or 'no answer came.'}"
        log.info("no one to ask: %s", text)
        return self.end(False, False, "no_one_to_ask", error=text)

    async def _looked(self, request: ApprovalRequest) -> ApprovalRequest:
        """The page as the person is asked about it, when snapshots are taken without a
        screenshot (the MCP front door's default): their record shows what they approved."""
        if request.screenshot is not None:
            return request
        if request.kind == "human_action":  # a sign-in for the person to do, not a yes
            return request
        screenshot = await self.port.screenshot()
        if screenshot:
            return request.model_copy(update={"screenshot": screenshot})
        return request

    def request(
        self,
        kind: ApprovalKind,
        action: str,
        reason: str,
        snapshot: Snapshot | None,
        control: str = "",
    ) -> ApprovalRequest:
        which = self.ledger.subscription
        if which and kind in ("irreversible", "checkpoint"):  # of several, which one
            other = (
                " (not the one this run is to cancel)"
                if self.ledger.subscription_is_target is False
                else ""
            )
            action += f' · in the subscription the page names "{shown(which, NAME)}"{other}'
        return ApprovalRequest(
            kind=kind,
            action=action,
            reason=reason,
            url=snapshot.page.url if snapshot else "",
            title=snapshot.page.title if snapshot else "",
            screenshot=_screenshot(snapshot),
            control=control,
            page_says=page_says(snapshot) if kind in ("irreversible", "checkpoint") else [],
        )

    async def refused(self, decision: ApprovalDecision, undone: str) -> ToolResult:
        """A no: the page as it is, the person's words, and what did not happen."""
        return failed(
            await self.port.snapshot(), "human_rejected", f"{feedback(decision)} ({undone})"
        )
