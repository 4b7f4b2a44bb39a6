"""``TaskOrchestrator``: the conversation loop of spec 01 1.4 with its safety layers.

Checkpoints cannot be skipped by the AI, by page content or by a missing handler:

- before every action, the ``SafetyGate`` judges what it will really do on the live page (the
  element the click lands on, its form, link and handlers); when it must ask, a person is asked
  first, in system-written words, never the AI's;
- while an unapproved action runs on a cancellation page, the network backstop aborts what the
  page tries to send that could change the account (non-GET submissions, addresses that act);
- after every snapshot-returning tool, the service's checkpoint conditions run on the new
  snapshot; an approved ``approve`` checkpoint grants a one-time approval for the final control
  it found, on that snapshot only; a ``human_action`` checkpoint (login, 2FA, CAPTCHA) waits
  for the person to act in the browser;
- with no approval handler every approval is refused.
"""

from __future__ import annotations

import base64
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from subterminator.ai.history import HISTORY_TOKEN_BUDGET, truncate_history
from subterminator.ai.prompts import NO_TOOL_NUDGE, build_system_prompt
from subterminator.ai.protocol import AIClientProtocol
from subterminator.ai.render import outcome
from subterminator.browser.effect import ActionEffect, GuardedRequest
from subterminator.errors import BrowserActionError, BrowserError, InvalidParamsError, LLMError
from subterminator.models.conversation import Message, ToolCall
from subterminator.models.snapshot import Snapshot
from subterminator.models.tools import ApprovalResult, CompletionAck, ToolResult
from subterminator.orchestrator.approval import (
    ApprovalDecision,
    ApprovalRequest,
    HumanApprovalHandler,
)
from subterminator.orchestrator.costlog import CostLog, TurnRecord, redact
from subterminator.orchestrator.result import TaskReason, TaskResult
from subterminator.outcome.consequence import page_says
from subterminator.safety.gate import ACTION_TOOLS, SafetyGate, Verdict, final_candidates
from subterminator.safety.text import normalize
from subterminator.services.base import Checkpoint, ServiceConfig
from subterminator.tools.schemas import TOOL_SCHEMAS, CompleteArgs, parse_arguments
from subterminator.tools.server import BrowserToolServer

log = logging.getLogger(__name__)

NO_HANDLER = (
    "No person is available to approve (no approval handler is configured); "
    "the action was not performed."
)
MAX_NO_ACTION = 3
MAX_HUMAN_ROUNDS = 3
MAX_HUMAN_TRIES = 3  # a yes while the obstacle is still on the page is asked again, this often


@dataclass(frozen=True)
class ApprovedStep:
    """An action a person approved that ran: after it, no ending may say nothing happened."""

    action: str
    at: datetime
    url: str


def page_key(snapshot: Snapshot) -> str:
    """A page state: same URL, title and the same buttons and links."""
    controls = sorted(
        f"{e.role}:{e.name}" for e in snapshot.elements if e.role in ("button", "link")
    )
    return "\n".join([snapshot.page.url, snapshot.page.title, *controls])


def _words(snapshot: Snapshot, effect: ActionEffect | None) -> str:
    """The page's words as the gate reads them (to tell whether it can read the page)."""
    text = effect.page_text if effect is not None else snapshot.page.text
    names = " ".join(e.name for e in snapshot.elements)
    return normalize(f"{snapshot.page.title} {text} {names}")


def feedback(decision: ApprovalDecision) -> str:
    """A refusal as the AI reads it (spec 01 1.6.3): the person's words, once."""
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


class TaskOrchestrator:
    def __init__(
        self,
        ai_client: AIClientProtocol,
        tool_server: BrowserToolServer,
        service_config: ServiceConfig,
        human_handler: HumanApprovalHandler | None = None,
        max_turns: int | None = None,
        *,
        history_budget: int = HISTORY_TOKEN_BUDGET,
    ) -> None:
        self.ai_client = ai_client
        self.tool_server = tool_server
        self.service = service_config
        self.human_handler = human_handler
        self.max_turns = max_turns or service_config.max_turns
        self.history_budget = history_budget
        self.conversation: list[Message] = []
        self.system_prompt = ""
        self.cost = CostLog()
        # called with (turn, call, target element name) just before a tool runs: progress output
        self.announcers: list[Callable[[int, ToolCall, str | None], None]] = []
        self._checkpoint_answers: dict[str, bool] = {}
        self.gate = SafetyGate(
            irreversible_urls=service_config.irreversible_urls,
            flow_urls=service_config.flow_urls,
        )
        self._rejected = False
        self._unverified_claim = False
        self.approved_step: ApprovedStep | None = None
        # an approved action being executed, and the browser's action count before it
        self.in_flight: tuple[str, int] | None = None
        self._asked = False  # a person was asked to approve a step of the flow
        self._approved_write = False  # an approved step that writes (by structure) ran
        self._person_ms = 0  # a person's answering time in this turn (not the browser's)
        self._refusal = ""  # the last refusal, as the person is told it
        # a step only a person can take was not done (no window, "not done", still there):
        # the run ends here, honestly, instead of the AI wandering on a sign-in page
        self._halt: TaskResult | None = None

    def final_step_state(self) -> tuple[bool | None, str | None]:
        """For an interrupt: did an approved step run (True), perhaps (None) or not (False)?"""
        if self.in_flight is not None:
            action, acted = self.in_flight
            return (True if self.tool_server.acted > acted else None), action
        if self.approved_step is not None:
            return True, self.approved_step.action
        return False, None

    # -- the loop --------------------------------------------------------------------------

    async def run(self, goal: str) -> TaskResult:
        return await self._settle(await self._loop(goal))

    async def _loop(self, goal: str) -> TaskResult:
        self.system_prompt = build_system_prompt(goal, self.service.system_prompt_addition)
        first = await self._after_snapshot(await self.tool_server.execute("get_snapshot", {}))
        if self.tool_server.browser_error is not None:
            return self._finish(
                False, False, "mcp_error", 0, error=str(self.tool_server.browser_error)
            )
        if self._halt is not None:
            self.cost.summary()
            return self._halt
        opening = f"Goal: {goal}"
        if first.message:
            opening += f"\n\nNote: {first.message}"
        self.conversation = [Message(role="user", content=opening, snapshot=first.snapshot)]
        no_action = 0
        for turn in range(1, self.max_turns + 1):
            view = truncate_history(
                self.conversation, system=self.system_prompt, budget=self.history_budget
            )
            started = time.monotonic()
            try:
                response = await self.ai_client.chat(view, TOOL_SCHEMAS, self.system_prompt)
            except LLMError as exc:  # a ConfigurationError (key, model) propagates: not a result
                self.cost.record(TurnRecord(turn=turn, tool=None, outcome=f"llm_error: {exc}"))
                return self._finish(False, False, "llm_error", turn, error=str(exc))
            ai_ms = int((time.monotonic() - started) * 1000)
            if not response.tool_calls:
                no_action += 1
                self.conversation.append(Message(role="assistant", content=response.content))
                self.cost.record(
                    TurnRecord(
                        turn=turn,
                        tool=None,
                        ai_ms=ai_ms,
                        usage=response.usage,
                        outcome="no tool call",
                    )
                )
                if no_action >= MAX_NO_ACTION:
                    return self._finish(
                        False,
                        False,
                        "llm_no_action",
                        turn,
                        error=f"No tool call in {MAX_NO_ACTION} replies in a row",
                    )
                self.conversation.append(Message(role="user", content=NO_TOOL_NUDGE))
                continue
            no_action = 0
            call = response.tool_calls[0]
            if len(response.tool_calls) > 1:
                ignored = ", ".join(c.name for c in response.tool_calls[1:])
                log.info(  # the model's business, not the person's: INFO, never on stderr
                    "Ignoring %d additional tool calls (%s): one tool per turn",
                    len(response.tool_calls) - 1,
                    ignored,
                )
            self.conversation.append(
                Message(role="assistant", content=response.content, tool_calls=[call])
            )
            target = self.tool_server.registry.peek(
                (call.arguments or {}).get("ref") if isinstance(call.arguments, dict) else None
            )
            for announce in self.announcers:
                announce(turn, call, target.name if target else None)
            started = time.monotonic()
            self._person_ms = 0
            reply, done = await self._execute(call)
            self.conversation.append(reply)
            took = int((time.monotonic() - started) * 1000)
            self.cost.record(
                TurnRecord(
                    turn=turn,
                    tool=call.name,
                    arguments=redact(call.name, call.arguments, target.name if target else None),
                    ai_ms=ai_ms,
                    tool_ms=max(0, took - self._person_ms),
                    person_ms=self._person_ms,
                    usage=response.usage,
                    outcome=outcome(reply),
                    target=target.name if target else None,
                    thought=response.content,
                )
            )
            done = done or self._halt
            if done is not None:
                self.cost.summary()
                return done.model_copy(update={"turns": turn, "usage": self.cost.usage})
            if self.tool_server.browser_error is not None:
                return self._finish(
                    False, False, "mcp_error", turn, error=str(self.tool_server.browser_error)
                )
        reason: TaskReason = (
            "verification_failed" if self._unverified_claim else "max_turns_exceeded"
        )
        return self._finish(
            False,
            False,
            reason,
            self.max_turns,
            error=f"No completion after {self.max_turns} turns",
        )

    def _finish(
        self,
        success: bool,
        verified: bool,
        reason: TaskReason,
        turns: int,
        *,
        error: str | None = None,
        message: str | None = None,
        summarize: bool = True,
    ) -> TaskResult:
        last = self.tool_server.last_snapshot
        if summarize:  # a completion is summarized by run(), once its turn is recorded
            self.cost.summary()
        return TaskResult(
            success=success,
            verified=verified,
            reason=reason,
            turns=turns,
            final_url=last.page.url if last else None,
            error=error,
            message=message,
            usage=self.cost.usage,
        )

    # -- tools -----------------------------------------------------------------------------

    async def _execute(self, call: ToolCall) -> tuple[Message, TaskResult | None]:
        if call.name == "request_human_approval":
            return await self._ai_approval(call), None
        if call.name == "complete_task":
            return await self._complete(call)
        if call.name in ACTION_TOOLS:
            return await self._guarded(call), None
        result = await self.tool_server.execute(call.name, call.arguments)
        return self._reply(call, await self._after_snapshot(result)), None

    async def _guarded(self, call: ToolCall) -> Message:
        """An action through the SafetyGate, with the network backstop armed unless approved."""
        ref = call.arguments.get("ref") if isinstance(call.arguments, dict) else None
        info = self.tool_server.registry.peek(ref)
        snapshot = self.tool_server.last_snapshot
        if info is None or snapshot is None:  # the server answers ref_invalid
            result = await self.tool_server.execute(call.name, call.arguments)
            return self._reply(call, await self._after_snapshot(result))
        element = info.to_element()
        effect = await self._inspect(call, info.handle)
        verdict = self.gate.judge(call, element, effect, snapshot)
        rule = self.service.irreversible(call, element, snapshot)
        if rule is not None and not verdict.ask:
            verdict = Verdict(
                True, f"the service marks it irreversible ({rule})", verdict.question, verdict.page
            )
        log.info(
            "gate: %s on a %s page -> %s%s",
            verdict.question,
            verdict.page,
            "ask" if verdict.ask else "go",
            f" ({verdict.reason})" if verdict.reason else "",
        )
        approved = False
        if verdict.ask:
            if effect is not None and self.gate.redeem(snapshot.snapshot_id, info.handle, effect):
                log.info("%s: approved at the page checkpoint", verdict.question)
                approved = True
            else:
                decision = await self._ask(
                    self._request(
                        "irreversible",
                        verdict.question,
                        f"This step may not be undoable: {verdict.reason}.",
                        snapshot,
                        control=f'"{element.name}" ({element.role})',
                    )
                )
                if not decision.approved:
                    fresh = await self._fresh()
                    return self._reply(
                        call,
                        fresh.model_copy(
                            update={
                                "success": False,
                                "error": "human_rejected",
                                "message": f"{feedback(decision)} (the action was not performed)",
                            }
                        ),
                    )
                approved = True
        held: list[str] = []
        expected = ""
        if effect is not None and effect.target.href and not effect.target.submits:
            expected = effect.target.href
        elif effect is not None and effect.target.submits and effect.target.form_method == "GET":
            expected = effect.target.form_action
        guard = self.gate.request_guard(
            verdict,
            approved,
            snapshot.page.url,
            expected,
            frame_url=effect.frame_url if effect is not None else "",
            words=_words(snapshot, effect),
            lang=(effect.page_lang if effect is not None else "") or snapshot.page.lang,
        )
        if guard is not None:

            def watch(request: GuardedRequest, guard: Any = guard) -> str | None:
                reason: str | None = guard(request)
                if reason:
                    held.append(f"{request.method} {request.url}")
                return reason

            self.tool_server.browser.guard_requests(watch)
        acted_before = self.tool_server.acted
        if approved:
            self.in_flight = (verdict.question, acted_before)
        try:
            result = await self.tool_server.execute(call.name, call.arguments)
        finally:
            self.tool_server.browser.guard_requests(None)
        self.in_flight = None  # kept if the action was interrupted: it may have run
        # the approved action ran (it may have: a timeout), even if no snapshot came after it
        ran = result.error in (None, "timeout") or self.tool_server.acted > acted_before
        if approved and ran:
            self._approved_write = self._approved_write or verdict.writes
            self.approved_step = ApprovedStep(
                verdict.question, datetime.now().astimezone(), snapshot.page.url
            )
        if held:
            if effect is not None:
                self.gate.suspect(effect)
            note = (
                f"The page tried to send {', '.join(held[:3])} during this action; it was "
                "stopped because nobody approved it. If this is the step you meant, try it "
                "again: a person will be asked first."
            )
            message = f"{result.message} {note}" if result.message else note
            result = result.model_copy(update={"message": message})
        return self._reply(call, await self._after_snapshot(result))

    async def _inspect(self, call: ToolCall, handle: str | None) -> ActionEffect | None:
        """What the action will really do, on the live page; None if it cannot be read."""
        if handle is None:
            return None
        action = {"browser_click": "click", "browser_fill": "fill", "browser_select": "select"}
        try:
            return await self.tool_server.browser.inspect(handle, action[call.name])  # type: ignore[arg-type]
        except (BrowserActionError, BrowserError) as exc:
            log.info("could not inspect %s: %s", call.name, exc)
            return None
        except Exception:  # a page that breaks the inspection is judged unknown: ask
            log.exception("inspecting %s failed", call.name)
            return None

    @staticmethod
    def _reply(call: ToolCall, result: ToolResult) -> Message:
        return Message(
            role="tool",
            tool_call_id=call.id,
            result={"success": result.success, "error": result.error, "message": result.message},
            snapshot=result.snapshot,
        )

    async def _fresh(self) -> ToolResult:
        return await self.tool_server.execute("get_snapshot", {})

    async def _invalid(self, call: ToolCall, exc: InvalidParamsError) -> Message:
        fresh = await self._fresh()
        return self._reply(
            call,
            fresh.model_copy(
                update={"success": False, "error": "invalid_params", "message": str(exc)}
            ),
        )

    async def _ask(self, request: ApprovalRequest) -> ApprovalDecision:
        if request.kind in ("irreversible", "checkpoint"):
            self._asked = True
        if self.human_handler is None:
            log.warning("approval refused, no handler: %s", request.action)
            decision = ApprovalDecision(approved=False, message=NO_HANDLER)
        else:
            started = time.monotonic()
            decision = await self.human_handler.request_approval(request)
            self._person_ms += int((time.monotonic() - started) * 1000)
        log.info("approval %s: %s", "granted" if decision.approved else "refused", request.action)
        if not decision.approved and request.kind != "human_action":  # "not done" is no refusal
            self._rejected = True
            self._refusal = (
                NO_HANDLER if self.human_handler is None else declined(request, decision.message)
            )
        if request.kind in ("irreversible", "checkpoint"):
            self.gate.answered(decision.approved)
        return decision

    def _request(
        self, kind: Any, action: str, reason: str, snapshot: Snapshot | None, control: str = ""
    ) -> ApprovalRequest:
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

    async def _ai_approval(self, call: ToolCall) -> Message:
        try:
            args = parse_arguments(call.name, call.arguments)
        except InvalidParamsError as exc:
            return await self._invalid(call, exc)
        fresh = await self._fresh()
        decision = await self._ask(
            self._request(
                "ai_request",
                getattr(args, "action", ""),
                getattr(args, "reason", ""),
                fresh.snapshot,
            )
        )
        message = None if decision.approved else feedback(decision)
        return Message(
            role="tool",
            tool_call_id=call.id,
            result=ApprovalResult(approved=decision.approved, message=message).model_dump(),
            snapshot=fresh.snapshot,
        )

    async def _after_snapshot(self, result: ToolResult) -> ToolResult:
        """Spec 01 FR6: the service's checkpoint conditions on every new snapshot.

        After a person acts in the browser (sign-in, then perhaps a code), the fresh page is
        checked again, a few rounds at most.
        """
        self.gate.forget_grants(result.snapshot.snapshot_id)
        self.gate.saw(result.snapshot.page.url, worded=self.gate.classify_snapshot(result.snapshot))
        if self._concluded(result.snapshot):
            self.gate.conclude()
        for _ in range(MAX_HUMAN_ROUNDS):
            handled = await self._checkpoint_round(result)
            if handled is None:
                return result
            result, again = handled
            if not again:
                return result
        return result

    def _concluded(self, snapshot: Snapshot) -> bool:
        """Is the flow over? Only when, after an approved step, the page states the cancelled
        state. A date alone ("will end on ...") is how the page before the last step talks
        too (found by the held-aside issue-19 flows: a confirmshaming link approved, then a
        page stating the end date whose "Continue" opened the real step, which then ran
        unasked)."""
        if self.approved_step is None or self.gate.flow_done:
            return False
        return self.service.verify_success(snapshot) and self.service.outcome(snapshot).stated

    def _shows_cancelled(self, snapshot: Snapshot) -> bool:
        """Verified, for a success: a stated cancellation, or the period end after an approved
        step that wrote (an approved navigation may have only led on)."""
        if not self.service.verify_success(snapshot):
            return False
        return self.service.outcome(snapshot).stated or self._approved_write

    async def _checkpoint_round(self, result: ToolResult) -> tuple[ToolResult, bool] | None:
        """None if nothing triggered; else the new result and whether to look again."""
        snapshot = result.snapshot
        rejected = False
        for checkpoint in self.service.checkpoints(snapshot):
            if checkpoint.kind == "human_action":
                handled = await self._human_action(checkpoint, snapshot)
                if handled is None:  # not done: the run stops (self._halt)
                    return result, False
                done = handled.message or ""
                message = f"{result.message} {done}" if result.message else done
                update = {"snapshot": handled.snapshot, "message": message}
                return result.model_copy(update=update), True
            key = f"{checkpoint.name}\n{page_key(snapshot)}"
            if key in self._checkpoint_answers:
                continue  # asked already for this very page state
            candidates = final_candidates(snapshot)
            if await self._covered(candidates):
                continue  # asked when it can be taken: a yes now would end with the overlay
            step = f': click "{candidates[0].name}"' if len(candidates) == 1 else ""
            request = self._request(
                "checkpoint",
                f'Continue on "{snapshot.page.title}"{step}. {checkpoint.message}',
                "Approving lets SubTerminator take this one final step on this page, once.",
                snapshot,
                control=(
                    f'"{candidates[0].name}" ({candidates[0].role})' if len(candidates) == 1 else ""
                ),
            )
            decision = await self._ask(request)
            self._checkpoint_answers[key] = decision.approved
            if not decision.approved:
                rejected = True
                result = result.model_copy(
                    update={
                        "success": False,
                        "error": "human_rejected",
                        "message": feedback(decision),
                    }
                )
                break
            await self._grant(snapshot, candidates)
        return (result, False) if rejected else None

    async def _human_action(self, checkpoint: Checkpoint, snapshot: Snapshot) -> ToolResult | None:
        """A step only a person can take (sign-in, a code, a CAPTCHA), in the browser window.

        A yes is checked on the page: while the obstacle is still there the person is asked
        again, told so, up to ``MAX_HUMAN_TRIES`` times. The fresh page once it is gone; None
        when it was not done (no window, "not done", still there), with ``_halt`` set.
        """
        what = checkpoint.message.split(". ")[0].rstrip(".")
        for tries in range(1, MAX_HUMAN_TRIES + 1):
            reason = f"Checkpoint: {checkpoint.name}"
            if tries > 1:
                reason = (
                    f"Still there: the page still shows it after your yes (asking {tries} of "
                    f"{MAX_HUMAN_TRIES}). {reason}"
                )
            decision = await self._ask(
                self._request("human_action", checkpoint.message, reason, snapshot)
            )
            if not decision.approved:
                self._halt = self._needs_person(f"{what}. {decision.message or 'Not done.'}")
                return None
            fresh = await self._fresh()
            snapshot = fresh.snapshot
            if all(c.name != checkpoint.name for c in self.service.checkpoints(snapshot)):
                done = f"The person handled '{checkpoint.name}' in the browser."
                return fresh.model_copy(update={"message": done})
        self._halt = self._needs_person(
            f"{what}. It was still there after {MAX_HUMAN_TRIES} answers of yes: finish it in "
            "the browser, then run again."
        )
        return None

    def _needs_person(self, text: str) -> TaskResult:
        log.info("stopped at a step only a person can take: %s", text)
        return self._finish(False, False, "human_action_needed", 0, error=text, summarize=False)

    async def _covered(self, candidates: list[Any]) -> bool:
        """The one final control is on screen but cannot be taken yet: it is disabled (it
        waits for a reason), or something covers it (an overlay, a countdown) so a click would
        land elsewhere. Its checkpoint waits until it is free, so the
        person's yes is not spent on a page the next snapshot replaces (found by the held-aside
        issue-19 flow bh-countdown: asked twice, before and after "No thanks")."""
        if len(candidates) != 1:
            return False
        if "disabled" in candidates[0].state:
            return True  # it waits for a reason or a box: the page will change before it
        info = self.tool_server.registry.peek(candidates[0].ref)
        if info is None or not info.handle:
            return False
        effect = await self._inspect(ToolCall(id="", name="browser_click"), info.handle)
        return effect is not None and effect.lands_elsewhere and not effect.opaque

    async def _grant(self, snapshot: Snapshot, candidates: list[Any]) -> None:
        """The checkpoint's yes covers its one final control in this snapshot, once, as it is.

        What the control does now is pinned: if the page changes it before the click, the
        click asks again.
        """
        if len(candidates) != 1:
            return  # several or none: each action asks for itself
        info = self.tool_server.registry.peek(candidates[0].ref)
        if info is None or not info.handle:
            return
        effect = await self._inspect(ToolCall(id="", name="browser_click"), info.handle)
        if effect is not None:
            self.gate.grant(snapshot.snapshot_id, info.handle, candidates[0].name, effect)

    @staticmethod
    def _ack(
        call: ToolCall, snapshot: Snapshot, acknowledged: bool, message: str | None = None
    ) -> Message:
        return Message(
            role="tool",
            tool_call_id=call.id,
            result=CompletionAck(acknowledged=acknowledged, message=message).model_dump(),
            snapshot=snapshot,
        )

    async def _complete(self, call: ToolCall) -> tuple[Message, TaskResult | None]:
        try:
            args = parse_arguments(call.name, call.arguments)
        except InvalidParamsError as exc:
            return await self._invalid(call, exc), None
        assert isinstance(args, CompleteArgs)
        snapshot = (await self._fresh()).snapshot
        if args.status == "success":
            if self.gate.refused and not self.gate.approved_after_refusal:
                return self._refused_yet_claimed(call, snapshot)
            outcome = self.service.outcome(snapshot)
            name = self.service.display_name
            if self.service.verify_success(snapshot):
                shown = self.approved_step is not None and self._shows_cancelled(snapshot)
                if shown or (outcome.stated and not self._asked):
                    return self._ack(call, snapshot, True), self._verified(snapshot, args.reason)
                if self.approved_step is not None:
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
                            if self._asked
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
                    f"the page does not show that the {name} membership is cancelled "
                    f"({outcome.why()})"
                )
            self._unverified_claim = True
            text = (
                f"Cannot verify success: {why}. Current URL: "
                f"{snapshot.page.url}. Check page state and retry, or call "
                "complete_task(status='failed') if cancellation is not possible."
            )
            reply = self._ack(call, snapshot, False, text)
            return reply, None
        log.info(
            "task failed: %s (failure indicators matched: %s); final snapshot: %s",
            args.reason,
            self.service.check_failure(snapshot),
            snapshot.model_dump_json(exclude={"screenshot"}),
        )
        reply = self._ack(call, snapshot, True)
        if self._rejected:  # the person's refusal, in the system's words; the AI's in message
            done = self._finish(
                False,
                True,
                "human_rejected",
                0,
                error=self._refusal,
                message=args.reason,
                summarize=False,
            )
        else:
            done = self._finish(
                False,
                True,
                "task_failed",
                0,
                error=args.reason,
                message=args.reason,
                summarize=False,
            )
        return reply, done

    def _verified(self, snapshot: Snapshot, claim: str | None) -> TaskResult:
        """A verified cancelled state: done by this run, or found so with nothing done."""
        outcome = self.service.outcome(snapshot)
        facts = {"evidence": list(outcome.evidence), "ends_on": outcome.ends_on}
        if self.approved_step is None:
            ends = f"; it ends on {outcome.ends_on}" if outcome.ends_on else ""
            text = (
                f"The {self.service.display_name} membership was already cancelled{ends}. "
                "Nothing was changed."
            )
            done = self._finish(True, True, "already_cancelled", 0, message=text, summarize=False)
        else:
            done = self._finish(True, True, "completed", 0, message=claim, summarize=False)
        return done.model_copy(update=facts)

    async def _settle(self, result: TaskResult) -> TaskResult:
        """After an approved step ran, an ending is judged on the page, never "did not complete".

        If the page now shows the cancelled state the run is verified after all; otherwise it
        says what ran, when and where, and what to check.
        """
        step = self.approved_step
        if result.success or step is None:
            return result
        why = result.error or result.reason
        if result.reason != "mcp_error":
            try:
                snapshot = (await self._fresh()).snapshot
            except Exception as exc:  # the browser is gone: nothing more to read
                log.info("no page to judge after the approved step: %s", exc)
            else:
                refused = self.gate.refused and not self.gate.approved_after_refusal
                # the AI said it failed: only the page's own statement (or a restart control)
                # outweighs that, never a date alone
                gave_up = result.reason in ("task_failed", "human_rejected")
                stated = self.service.outcome(snapshot).stated
                if self._shows_cancelled(snapshot) and not refused and (stated or not gave_up):
                    verified = self._verified(snapshot, result.message)
                    return verified.model_copy(
                        update={"turns": result.turns, "usage": result.usage}
                    )
                why = self.service.outcome(snapshot).why()
        text = (
            f"The step you approved ({step.action}) was carried out at {step.at:%H:%M:%S} on "
            f"{step.url}, but the page did not confirm the cancellation afterwards ({why}). "
            f"Check your {self.service.display_name} account page or e-mail for a "
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

    def _refused_yet_claimed(
        self, call: ToolCall, snapshot: Snapshot
    ) -> tuple[Message, TaskResult | None]:
        """The person said no to the final step and yes to nothing after: never ``completed``."""
        shows = self.service.verify_success(snapshot)
        text = (
            "The person refused the final step and approved no other, so this run cannot end "
            "as a success."
        )
        if shows:
            text += (
                " Yet the page now shows the membership as cancelled: no approved action did "
                "that. Check the account."
            )
        reply = self._ack(call, snapshot, True, text)
        done = self._finish(False, False, "human_rejected", 0, error=text, summarize=False)
        return reply, done
