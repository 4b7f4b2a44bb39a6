"""``Completion``: ``complete_task`` answered by the outcome judge, never by the caller.

A success is accepted only when the page shows the cancelled state and the ledger says how it
got there (an approved step that ran, or nothing done at all); after an approved step, every
ending is judged on the page (``settle``) and never says that nothing happened. Both front
doors end by that one rule: the conversation loop on its result, the MCP server on the reply
that ends a client's run (``settled``).
"""

from __future__ import annotations

import dataclasses
import logging

from subterminator.errors import InvalidParamsError
from subterminator.models.conversation import ToolCall
from subterminator.models.result import TaskReason, TaskResult
from subterminator.models.snapshot import Snapshot
from subterminator.models.tools import CompletionAck
from subterminator.outcome import Outcome
from subterminator.safety.ledger import ApprovalLedger
from subterminator.services.base import ServiceConfig
from subterminator.stack.layer import Reply, failed
from subterminator.stack.port import ToolPort
from subterminator.tools.arguments import parse_arguments
from subterminator.tools.builtin.complete_task import CompleteArgs
from subterminator.untrusted import NAME, shown

log = logging.getLogger(__name__)


def ending(
    port: ToolPort,
    success: bool,
    verified: bool,
    reason: TaskReason,
    *,
    error: str | None = None,
    message: str | None = None,
) -> TaskResult:
    """A run's end on the page it is on; the front door adds turns and usage."""
    last = port.last_snapshot
    return TaskResult(
        success=success,
        verified=verified,
        reason=reason,
        turns=0,
        final_url=last.page.url if last else None,
        error=error,
        message=message,
    )


class Completion:
    """The run's outcome for one run, judged on the page the port shows (never the caller's
    word), by what the ledger says happened."""

    def __init__(self, service: ServiceConfig, ledger: ApprovalLedger, port: ToolPort) -> None:
        self.own, self.ledger, self.port = service, ledger, port
        self.unverified_claim = False  # success was claimed and could not be verified

    @property
    def service(self) -> ServiceConfig:
        """The service, its target made the subscription the person approved a step in when
        the service's own target could not tell it among several."""
        which = self.ledger.subscription
        if which and self.ledger.subscription_is_target is None and not self.own.target:
            return dataclasses.replace(self.own, target=which)
        return self.own

    def _outcome(self, snapshot: Snapshot) -> Outcome:
        return self.service.outcome(snapshot, known=tuple(self.ledger.listed))

    def _verify(self, snapshot: Snapshot) -> bool:
        return self.service.verify_success(snapshot, tuple(self.ledger.listed))

    def _other(self) -> TaskResult | None:
        """An approved step was taken in a subscription that is not the target: an unwanted
        effect, never a success, whatever the page says of the target."""
        if not self.ledger.others:
            return None
        names = ", ".join(f'"{shown(n, NAME)}"' for n in dict.fromkeys(self.ledger.others))
        text = (
            f"An approved step was taken in the subscription the page names {names}, which is "
            f"not the one this run was to cancel ({self.own.target or 'the membership'}). It "
            f"may be cancelled: check your {self.own.display_name} account."
        )
        return ending(self.port, False, False, "task_failed", error=text)

    def _shows_cancelled(self, snapshot: Snapshot) -> bool:
        """Verified, for a success: a stated cancellation, or the period end after an approved
        step that wrote (an approved navigation may have only led on)."""
        if not self._verify(snapshot):
            return False
        return self._outcome(snapshot).stated or self.ledger.approved_write

    @staticmethod
    def _ack(snapshot: Snapshot, acknowledged: bool, message: str | None = None) -> Reply:
        return Reply.answer(CompletionAck(acknowledged=acknowledged, message=message), snapshot)

    async def complete(self, call: ToolCall) -> Reply:
        try:
            args = parse_arguments(call.name, call.arguments)
        except InvalidParamsError as exc:
            return Reply.of(failed(await self.port.snapshot(), "invalid_params", str(exc)))
        assert isinstance(args, CompleteArgs)
        snapshot = (await self.port.snapshot()).snapshot
        other = self._other()
        if other is not None:
            reply = self._ack(snapshot, args.status == "failed", other.error)
            return Reply(
                reply.result, reply.snapshot, other.model_copy(update={"message": args.reason})
            )
        if args.status == "success":
            return self._success(snapshot, args.reason)
        log.info(
            "task failed: %s (failure indicators matched: %s); final snapshot: %s",
            args.reason,
            self.service.check_failure(snapshot),
            snapshot.model_dump_json(exclude={"screenshot"}),
        )
        if self.ledger.rejected:  # the person's refusal, in the system's words; the AI's in message
            done = ending(
                self.port,
                False,
                True,
                "human_rejected",
                error=self.ledger.refusal,
                message=args.reason,
            )
        else:
            done = ending(
                self.port, False, True, "task_failed", error=args.reason, message=args.reason
            )
        reply = self._ack(snapshot, True)
        return Reply(reply.result, reply.snapshot, done)

    def _success(self, snapshot: Snapshot, claim: str | None) -> Reply:
        ledger = self.ledger
        if ledger.refused_last:
            return self._refused_yet_claimed(snapshot)
        outcome = self._outcome(snapshot)
        name = self.service.display_name
        if self._verify(snapshot):
            shown = ledger.approved_step is not None and self._shows_cancelled(snapshot)
            # "already cancelled" only when nothing of the flow was asked about or held: a page
            # may say "cancelled" while the commit its timer sends is held (an undo window)
            if shown or (outcome.stated and not ledger.asked and not ledger.suspects):
                reply = self._ack(snapshot, True)
                return Reply(reply.result, reply.snapshot, self.verified(snapshot, claim))
            if ledger.approved_step is not None:
                why = (
                    f"the page gives only a date ({outcome.why()}), and the step approved "
                    "so far only led on: the page may still hold the step that cancels"
                )
            else:
                why = (
                    f"the page reads as cancelled ({outcome.why()}), but no step a person "
                    "approved has run, and this run "
                    + (
                        "was asked to approve one"
                        if ledger.asked
                        else "held what the page tried to send"
                        if ledger.suspects
                        else "has only a date to go on"
                    )
                )
        elif outcome.cancelled:  # the judge reads it as cancelled; the service's checks not
            why = f"the page reads as cancelled ({outcome.why()}), but " + (
                f"it also shows what {name}'s checks call a failure (an error, a sign-in)"
                if self.service.check_failure(snapshot)
                else f"not in the way {name}'s success checks expect"
            )
        else:
            why = (
                f"the page does not show that the {name} membership is cancelled ({outcome.why()})"
            )
        self.unverified_claim = True
        text = (
            f"Cannot verify success: {why}. Current URL: "
            f"{snapshot.page.url}. Check page state and retry, or call "
            "complete_task(status='failed') if cancellation is not possible."
        )
        return self._ack(snapshot, False, text)

    def verified(self, snapshot: Snapshot, claim: str | None) -> TaskResult:
        """A verified cancelled state: done by this run, or found so with nothing done."""
        outcome = self._outcome(snapshot)
        facts = {"evidence": list(outcome.evidence), "ends_on": outcome.ends_on}
        if self.ledger.approved_step is None:
            ends = f"; it ends on {outcome.ends_on}" if outcome.ends_on else ""
            text = (
                f"The {self.service.display_name} membership was already cancelled{ends}. "
                "Nothing was changed."
            )
            done = ending(self.port, True, True, "already_cancelled", message=text)
        else:
            done = ending(self.port, True, True, "completed", message=claim)
        return done.model_copy(update=facts)

    async def settle(self, result: TaskResult) -> TaskResult:
        """After an approved step ran, an ending is judged on the page, never "did not complete".

        If the page now shows the cancelled state the run is verified after all; otherwise it
        says what ran, when and where, and what to check.
        """
        step = self.ledger.approved_step
        other = self._other()
        if other is not None and result.reason != "browser_error":
            kept = {"turns": result.turns, "usage": result.usage, "message": result.message}
            return other.model_copy(update=kept)
        if result.success or step is None or result.reason == "unverified_after_final_step":
            return result  # nothing ran, or judged already (settling twice changes nothing)
        why = result.error or result.reason
        if result.reason != "browser_error":
            try:
                snapshot = (await self.port.snapshot()).snapshot
            except Exception as exc:  # the browser is gone: nothing more to read
                log.info("no page to judge after the approved step: %s", exc)
            else:
                # the AI said it failed: only the page's own statement (or a restart control)
                # outweighs that, never a date alone
                gave_up = result.reason in ("task_failed", "human_rejected")
                stated = self._outcome(snapshot).stated
                if (
                    self._shows_cancelled(snapshot)
                    and not self.ledger.refused_last
                    and (stated or not gave_up)
                ):
                    verified = self.verified(snapshot, result.message)
                    return verified.model_copy(
                        update={"turns": result.turns, "usage": result.usage}
                    )
                why = self._outcome(snapshot).why()
        # a step only the person can take stopped the run: said too, with what to do
        halted = f" {result.error}" if result.reason == "human_action_needed" else ""
        text = (
            f"The step you approved ({step.action}) was carried out at {step.at:%H:%M:%S} on "
            f"{step.url}, but the page did not confirm the cancellation afterwards "
            f"({why}).{halted} Check your {self.service.display_name} account page or e-mail for a "
            "confirmation before trying again."
        )
        return result.model_copy(
            update={
                "success": False,
                "verified": False,
                "reason": "unverified_after_final_step",
                "error": text,
            }
        )

    async def settled(self, reply: Reply) -> Reply:
        """A reply that ends the run, its ending ``settle``d: the rule the conversation loop
        ends by, for a front door that hands the reply on (the MCP server). When the page
        changed the ending, the reply's message says so, for the model that reads it."""
        if reply.ended is None:
            return reply
        ended = await self.settle(reply.ended)
        if ended.reason == reply.ended.reason:
            return dataclasses.replace(reply, ended=ended)
        note = (
            ended.error
            if not ended.success
            else "The page shows the cancellation after the approved step: the run ends "
            "verified on the page."
        )
        said = reply.message
        fields = {**reply.result, "message": f"{said} {note}" if said else note}
        return dataclasses.replace(reply, result=fields, ended=ended)

    def _refused_yet_claimed(self, snapshot: Snapshot) -> Reply:
        """The person said no to the final step and yes to nothing after: never ``completed``."""
        text = (
            "The person refused the final step and approved no other, so this run cannot end "
            "as a success."
        )
        if self._verify(snapshot):
            text += (
                " Yet the page now shows the membership as cancelled: no approved action did "
                "that. Check the account."
            )
        reply = self._ack(snapshot, True, text)
        done = ending(self.port, False, False, "human_rejected", error=text)
        return Reply(reply.result, reply.snapshot, done)
