"""``GatedTools``: every tool call through the safety gate, with the person asked first.

Checkpoints cannot be skipped by the AI, by page content or by a missing handler, whichever
front door the call came through:

- before every action, the ``SafetyGate`` judges what it will really do on the live page (the
  element the click lands on, its form, link and handlers); when it must ask, a person is asked
  first, in system-written words, never the AI's;
- while an unapproved action runs, and after it until the next one (however late the page
  sends), the ``NetworkBackstop`` below holds what the page tries to send that could change
  the account: requests, beacons, keepalive fetches, socket messages;
- a yes is for what the person was shown: right before the approved action runs, its control
  is inspected again, and a change asks again (``_still``); while it runs, the page may send
  only what the question described (``safety.binding.bound_guard``);
- after every snapshot-returning tool, the service's checkpoint conditions run on the new
  snapshot; an approved ``approve`` checkpoint grants a one-time approval for the final control
  it found, on that snapshot only; a ``human_action`` checkpoint (login, 2FA, CAPTCHA) waits
  for the person to act in the browser;
- ``complete_task`` is answered by the outcome judge (``Completion``), never by the caller;
- with no approval handler every approval is refused.

Every approval, refusal and grant is written to one ``ApprovalLedger``.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import datetime

from subterminator.browser.effect import ActionEffect, EffectTarget
from subterminator.browser.protocol import RequestGuard
from subterminator.errors import BrowserActionError, BrowserError, InvalidParamsError
from subterminator.models.approval import (
    ApprovalDecision,
    ApprovalKind,
    ApprovalRequest,
    HumanApprovalHandler,
)
from subterminator.models.conversation import ToolCall
from subterminator.models.result import TaskResult
from subterminator.models.snapshot import Element, Snapshot
from subterminator.models.tools import ApprovalResult, Declined, ToolResult
from subterminator.outcome.consequence import page_says
from subterminator.outcome.subscriptions import owner, pick, subscriptions
from subterminator.safety.binding import bound_guard, changes, what_it_does
from subterminator.safety.floor import address
from subterminator.safety.gate import SafetyGate, Verdict, final_candidates
from subterminator.safety.ledger import ApprovalLedger
from subterminator.safety.text import normalize
from subterminator.services.base import Checkpoint, ServiceConfig
from subterminator.snapshot.factory import SCREENSHOT_TOKENS
from subterminator.snapshot.tokens import PIXELS_PER_IMAGE_TOKEN
from subterminator.stack.backstop import NetworkBackstop
from subterminator.stack.completion import Completion, ending
from subterminator.stack.layer import Reply, failed
from subterminator.stack.persons import ASKED, CHECKPOINT, SecretStep, secret_page, secret_step
from subterminator.stack.reach import SiteReach, build_reach
from subterminator.tools.arguments import echo, parse_arguments
from subterminator.tools.builtin.browser_open import OpenArgs
from subterminator.tools.registry import inspects
from subterminator.untrusted import NAME, SENTENCE, shown

log = logging.getLogger(__name__)

NO_HANDLER = (
    "No person is available to approve (no approval handler is configured); "
    "the action was not performed."
)
MAX_HUMAN_ROUNDS = 3
MAX_HUMAN_TRIES = 3  # a yes while the obstacle is still on the page is asked again, this often
# the native dialogs an approved action's own step may open, accepted under its yes: a prompt
# wants a value the person did not give, an alert only tells
OWN_DIALOGS = frozenset({"confirm", "beforeunload"})
MAX_CHANGES = 2  # a control the page changes this often after a yes is not acted on at all
GONE = (
    "Not done: the control the person approved is no longer on the page (the page removed or "
    "replaced it after the question), so their yes covers nothing here. See the fresh snapshot."
)
KEEPS_CHANGING = (
    "Not done: the page changed this control again after the person's yes ({count} times; "
    "last: {what}). SubTerminator does not act on a control the page keeps changing; nothing "
    "was sent. Tell the person; do not retry it."
)


@dataclass(frozen=True)
class Pending:
    """An action a person is being asked about: its call, its element and handle, what it
    does (as they were shown it) and the snapshot it is on."""

    call: ToolCall
    element: Element
    handle: str | None
    effect: ActionEffect | None
    snapshot: Snapshot
    verdict: Verdict | None = None  # the verdict of their last question, when asked again


def page_key(snapshot: Snapshot) -> str:
    """A page state: same URL, title and the same buttons and links."""
    controls = sorted(
        f"{e.role}:{e.name}" for e in snapshot.elements if e.role in ("button", "link")
    )
    return "\n".join([snapshot.page.url, snapshot.page.title, *controls])


def feedback(decision: ApprovalDecision) -> str:
    """A refusal as the AI reads it (spec 01 1.6.3): the person's words, once, as "User
    feedback"; words SubTerminator wrote itself (no handler, no answer) are never labelled so."""
    if not decision.by_person:
        return decision.message or "Not approved: no answer came."
    if decision.message:
        return f"User feedback: {decision.message}"
    return "User feedback: none (the person declined without a reason)"


def declined(request: ApprovalRequest, words: str | None) -> str:
    """A refusal as the person is told it afterwards: plainly, their words once."""
    step = f"You declined {request.control}" if request.control else "You declined the step"
    return f"{step}: {words}" if words else f"{step}."


def _words(snapshot: Snapshot, effect: ActionEffect | None) -> str:
    """The page's words as the gate reads them (to tell whether it can read the page)."""
    text = effect.page_text if effect is not None else snapshot.page.text
    names = " ".join(e.name for e in snapshot.elements)
    return normalize(f"{snapshot.page.title} {text} {names}")


def _heading_above(snapshot: Snapshot, element: Element) -> str | None:
    """The name of the heading nearest above ``element`` in the snapshot."""
    name = None
    for e in snapshot.elements:
        if e.ref == element.ref:
            return name
        if e.role == "heading":
            name = e.name
    return None


def _dialog_buttons(snapshot: Snapshot) -> list[str]:
    """The refs of the buttons of the snapshot's dialogs (a native dialog is one)."""
    refs = [r for e in snapshot.elements if e.role == "alertdialog" for r in e.children or []]
    return [r for r in refs if (e := snapshot.element(r)) is not None and e.role == "button"]


def _screenshot(snapshot: Snapshot | None) -> bytes | None:
    if snapshot is None or not snapshot.screenshot:
        return None
    return base64.b64decode(snapshot.screenshot)


class GatedTools:
    """The top of the tool stack: ``execute(call)`` for all seven tools."""

    def __init__(
        self,
        backstop: NetworkBackstop,
        service: ServiceConfig,
        approvals: HumanApprovalHandler | None,
        *,
        ledger: ApprovalLedger | None = None,
        start_url: str = "",
        allow_sites: tuple[str, ...] = (),
    ) -> None:
        self.backstop = backstop
        # the service's start page (the simulator's, under --sim, or a --url)
        self.start_url = start_url or service.initial_url
        self.server = backstop.server
        self.service = service
        self.approvals = approvals
        self.gate = SafetyGate(
            irreversible_urls=service.irreversible_urls,
            flow_urls=service.flow_urls,
            ledger=ledger or ApprovalLedger(flow_urls=service.flow_urls),
        )
        self.ledger = self.gate.ledger
        backstop.on_late = self.ledger.suspect  # a control whose timer sent after it returned
        self.completion = Completion(service, self.ledger, self.fresh, self.server)
        self.person_ms = 0  # a person's answering time in the last call (not the browser's)
        self.started_at: datetime | None = None  # when the approved action in flight began
        # a step only a person can take was not done (no window, "not done", still there):
        # the run ends here, honestly, instead of the AI wandering on a sign-in page
        self.halt: TaskResult | None = None
        self.reach = SiteReach(
            self, build_reach(service, start_url, allow_sites), adopt_first_page=not start_url
        )
        self.reach.install()  # before the front door opens the start page

    def final_step_state(self) -> tuple[bool | None, str | None]:
        """For an interrupt: did an approved step run (True), perhaps (None) or not (False)?"""
        if self.ledger.in_flight is not None:
            action, acted = self.ledger.in_flight
            return (True if self.server.acted > acted else None), action
        if self.ledger.approved_step is not None:
            return True, self.ledger.approved_step.action
        return False, None

    def final_step_at(self) -> datetime | None:
        """When the approved step ran (or began, if it was interrupted while it ran), if one
        did: said with an interrupt."""
        if self.ledger.in_flight is not None:
            return self.started_at
        step = self.ledger.approved_step
        return step.at if step is not None else None

    # -- the layer -------------------------------------------------------------------------

    async def execute(self, call: ToolCall) -> Reply:
        self.person_ms = 0
        ref = call.arguments.get("ref") if isinstance(call.arguments, dict) else None
        found = self.server.registry.peek(ref)  # before the call: its snapshot's element
        self.reach.install()
        reply = await self._execute(call)
        self.reach.saw(reply.snapshot.page.url)
        reply = await self.reach.settle(reply)
        gone = self.server.browser_error
        return replace(  # what the front doors write of the call: never read below the top
            reply,
            target=found.name if found else None,
            person_ms=self.person_ms,
            browser_error=None if gone is None else str(gone),
        )

    async def _execute(self, call: ToolCall) -> Reply:
        if call.name == "complete_task":
            return await self.completion.complete(call)
        if call.name == "request_human_approval":
            reply = await self._ai_approval(call)
        elif inspects(call.name) is not None:
            reply = Reply.of(await self._guarded(call))
        elif call.name == "browser_open":
            reply = Reply.of(await self._open(call))
        else:
            reply = Reply.of(await self._after_snapshot(await self.backstop.execute(call)))
        return reply if self.halt is None else Reply(reply.result, reply.snapshot, self.halt)

    async def fresh(self) -> ToolResult:
        """The page as it is now, with no checkpoint run on it (for a verdict or a refusal)."""
        return await self.server.execute("get_snapshot", {})

    async def _guarded(self, call: ToolCall) -> ToolResult:
        """An action through the SafetyGate, with the network backstop armed unless approved."""
        ref = call.arguments.get("ref") if isinstance(call.arguments, dict) else None
        info = self.server.registry.peek(ref)
        snapshot = self.server.last_snapshot
        if info is None or snapshot is None:  # the server answers ref_invalid; the last guard stays
            return await self._after_snapshot(await self.backstop.execute(call, acts=False))
        element = info.to_element()
        self._entered(snapshot, element)
        effect = await self._inspect(call, info.handle)
        verdict = self._verdict(call, element, effect, snapshot)
        flow_page = verdict.in_flow or verdict.page != "outside"
        step = secret_step(call, info, effect, self.server.registry, flow_page=flow_page)
        if step is not None:  # a password, a code, a card: the person's, never asked as a yes
            return await self._persons_step(step, call, info.handle, snapshot)
        log.info(
            "gate: %s on a %s page -> %s%s",
            verdict.question,
            verdict.page,
            "ask" if verdict.ask else "go",
            f" ({verdict.reason})" if verdict.reason else "",
        )
        approved = False
        if verdict.ask:
            if effect is not None and self.ledger.redeem(snapshot.snapshot_id, info.handle, effect):
                log.info("%s: approved at the page checkpoint", verdict.question)
                approved = True
            else:
                decision = await self.ask(
                    self.request(
                        "irreversible",
                        verdict.question,
                        f"This step may not be undoable: {verdict.reason}.",
                        snapshot,
                        control=f'"{shown(element.name, NAME)}" ({element.role})',
                    )
                )
                if not decision.approved:
                    return await self._refused(decision, "the action was not performed")
                bound = await self._still(Pending(call, element, info.handle, effect, snapshot))
                if isinstance(bound, ToolResult):
                    return bound
                call, effect, snapshot = bound.call, bound.effect, bound.snapshot
                verdict = bound.verdict or verdict
                approved = True
        return await self._after_snapshot(
            await self._run(call, verdict, effect, snapshot, approved=approved)
        )

    def _entered(self, snapshot: Snapshot, element: Element) -> None:
        """An action inside one of several subscriptions: the ledger notes which, and whether
        it is the service's target, for the question and the judge. A page that no longer
        shows them as a list (one lost its control) is read by the names a list had."""
        found = subscriptions(snapshot)
        if len(found) >= 2:
            target = pick(found, self.service.target, self.service.display_name)
            for sub in found:
                self.ledger.listed[sub.key] = None if target is None else sub is target
            section = owner(found, element.ref)
            if section is None:  # outside every one of them: no longer in any
                self.ledger.entered("", None)
            else:
                self.ledger.entered(section.name, self.ledger.listed[section.key])
            return
        heading = _heading_above(snapshot, element)
        if heading is not None and normalize(heading) in self.ledger.listed:
            self.ledger.entered(heading, self.ledger.listed[normalize(heading)])

    def _verdict(
        self, call: ToolCall, element: Element, effect: ActionEffect | None, snapshot: Snapshot
    ) -> Verdict:
        """The gate's verdict, and the service's own irreversible rules on top."""
        verdict = self.gate.judge(call, element, effect, snapshot)
        rule = self.service.irreversible(call, element, snapshot)
        if rule is not None and not verdict.ask:
            verdict = Verdict(
                True, f"the service marks it irreversible ({rule})", verdict.question, verdict.page
            )
        return verdict

    async def _still(self, pending: Pending) -> Pending | ToolResult:
        """A yes is for what the person was shown: right before it runs, the control is
        inspected again. If the page changed what it does while they thought (its element,
        name, form, link, listeners), they are asked again, told what changed; a page that
        keeps changing it gets no action at all (``MAX_CHANGES``). The action, as approved
        last; or the reply when it does not run."""
        for seen in range(1, MAX_CHANGES + 1):
            live, gone = await self._look_again(pending)
            if gone:
                found = await self._replacement(pending)
                if found is None:
                    return failed(await self.fresh(), "action_failed", GONE)
                live = await self._inspect(found.call, found.handle)
                what = ["element: the page replaced it with another one"]
                what += changes(pending.effect, live)
                pending = found
            else:
                what = changes(pending.effect, live)
            if not what:
                return replace(pending, effect=live)
            log.warning("changed after the yes, before it ran: %s", "; ".join(what))
            if seen == MAX_CHANGES:
                text = KEEPS_CHANGING.format(count=seen, what="; ".join(what))
                return failed(await self.fresh(), "action_failed", text)
            verdict = self._verdict(pending.call, pending.element, live, pending.snapshot)
            why = (
                f"This step may not be undoable: {verdict.reason}."
                if verdict.ask
                else "SubTerminator asks because it changed after your yes."
            )
            decision = await self.ask(
                self.request(
                    "irreversible",
                    verdict.question,
                    f"Changed after your yes, before it ran: {'; '.join(what)}. Your yes was "
                    f"for what you were shown, so it does not cover this. {why}",
                    pending.snapshot,
                    control=f'"{pending.element.name}" ({pending.element.role})',
                )
            )
            if not decision.approved:
                return await self._refused(decision, "the action was not performed")
            pending = replace(pending, effect=live, verdict=verdict)
        raise AssertionError("unreachable: the last change returns")  # pragma: no cover

    async def _look_again(self, pending: Pending) -> tuple[ActionEffect | None, bool]:
        """What the control does now, and whether it is gone from the page."""
        if pending.handle is None:
            return None, False
        try:
            action = inspects(pending.call.name)
            return await self.server.browser.inspect(pending.handle, action), False  # type: ignore[arg-type]
        except BrowserActionError as exc:
            log.info("could not inspect %s again: %s", pending.call.name, exc)
            return None, exc.code == "element_detached"
        except Exception:  # a page that breaks the inspection: it cannot be read, ask
            log.exception("inspecting %s again failed", pending.call.name)
            return None, False

    async def _replacement(self, pending: Pending) -> Pending | None:
        """The control that took the approved one's place (same role and name, the only one
        on the page), on a fresh snapshot; None when there is none or no single one."""
        fresh = (await self.fresh()).snapshot
        want = (pending.element.role, normalize(pending.element.name))
        same = [e for e in fresh.elements if (e.role, normalize(e.name)) == want]
        info = self.server.registry.peek(same[0].ref) if len(same) == 1 else None
        if info is None or info.handle is None:
            return None
        arguments = {**dict(pending.call.arguments or {}), "ref": same[0].ref}
        call = ToolCall(id=pending.call.id, name=pending.call.name, arguments=arguments)
        return Pending(call, info.to_element(), info.handle, pending.effect, fresh)

    async def _refused(self, decision: ApprovalDecision, undone: str) -> ToolResult:
        """A no: the page as it is, the person's words, and what did not happen."""
        return failed(await self.fresh(), "human_rejected", f"{feedback(decision)} ({undone})")

    async def _run(
        self,
        call: ToolCall,
        verdict: Verdict,
        effect: ActionEffect | None,
        snapshot: Snapshot,
        *,
        approved: bool,
    ) -> ToolResult:
        """The action itself, through the backstop (armed unless approved), on the ledger."""
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
        approval = ""
        if approved:  # it may send only what the question described (safety.binding)
            guard = bound_guard(effect, snapshot.page.url)
            approval = what_it_does(effect)
        acted_before = self.server.acted
        if approved:
            self.ledger.in_flight = (verdict.question, acted_before)
            self.started_at = datetime.now().astimezone()
        result = await self.backstop.execute(call, guard, approved=approval, effect=effect)
        if approved and result.error is None and guard is not None:
            result = await self._own_dialog(call, result, guard, approval)
        self.ledger.in_flight = None  # kept if the action was interrupted: it may have run
        # the approved action ran (it may have: a timeout), even if no snapshot came after it
        ran = result.error in (None, "timeout") or self.server.acted > acted_before
        if approved and ran:
            self.ledger.ran(verdict.question, snapshot.page.url, writes=verdict.writes)
        if self.backstop.held and effect is not None:
            self.ledger.suspect(effect)
        return result

    async def _own_dialog(
        self, call: ToolCall, result: ToolResult, guard: RequestGuard, approval: str
    ) -> ToolResult:
        """The approved step's own ``confirm()`` (Turbo's ``data-turbo-confirm``, a form's
        ``onsubmit="return confirm(...)"``): a dialog that opened while the approved action
        ran asks the person's own question again, so it is accepted as part of that step,
        within it, with its bound guard still armed: the page may then send only what the
        approved step declared. Any other dialog is the model's to answer, through the gate."""
        for ref in _dialog_buttons(result.snapshot):
            info = self.server.registry.peek(ref)
            if info is None or info.handle is None:
                continue
            effect = await self._inspect(ToolCall(id="", name="browser_click"), info.handle)
            dialog = effect.dialog if effect is not None else None
            if dialog is None or dialog.answer != "accept" or not dialog.in_action:
                continue
            if dialog.kind not in OWN_DIALOGS:
                return result
            accept = ToolCall(id=call.id, name="browser_click", arguments={"ref": ref})
            # the step's guard stays armed after it, as for the step itself
            accepted = await self.backstop.execute(accept, guard, approved=approval, effect=effect)
            said = (
                f"The page asked to confirm this step in a browser {dialog.kind} dialog "
                f'("{shown(dialog.message, SENTENCE)}"); it was accepted as part of the step '
                "the person approved."
            )
            message = f"{said} {accepted.message}" if accepted.message else said
            log.info("accepted the approved step's own %s dialog", dialog.kind)
            return accepted.model_copy(update={"message": message})
        return result

    async def _open(self, call: ToolCall) -> ToolResult:
        """An address to open: the start page, or one this run has shown, opens unasked (with
        the backstop armed); any other address may act by itself (a GET that cancels), so the
        person is asked first, as for a click."""
        try:
            args = parse_arguments(call.name, call.arguments)
        except InvalidParamsError as exc:
            return await self.invalid(exc)
        assert isinstance(args, OpenArgs)
        if args.service is not None and args.service != self.service.name:
            wrong = f"this session is for {self.service.name}, not {echo(args.service)}"
            return await self.invalid(InvalidParamsError(call.name, wrong))
        url = args.url or self.start_url
        if not url:
            unset = "no start page is set: give a url"
            return await self.invalid(InvalidParamsError(call.name, unset))
        outside = self.reach.verdict(url).kind != "in"
        if outside and (refused := await self.reach.typed(url)) is not None:
            return refused
        known = url == self.start_url or address(url) in self.ledger.shown
        acting = self.gate.acting(url)
        verdict = Verdict(False, "", f'Open "{url}"', "outside")
        last = self.server.last_snapshot
        if not outside and (acting or not known or self.ledger.in_flow(url)):
            why = "it is an address that acts" if acting else "it was typed, not reached by a click"
            verdict = Verdict(True, why, verdict.question, "final", in_flow=True)
            decision = await self.ask(
                self.request(
                    "irreversible",
                    verdict.question,
                    f"This step may not be undoable: {why}; an address can take a step by "
                    "itself, as a click on a final button does.",
                    last,
                    control=url,
                )
            )
            if not decision.approved:
                return await self._refused(decision, "the page was not opened")
        opening = ToolCall(id=call.id, name=call.name, arguments={"url": url})
        approved = verdict.ask
        guard = self.gate.request_guard(verdict, approved, url, url)
        if approved:  # the yes was to open this address: not for what its page then sends
            here = last.page.url if last is not None else ""
            typed = ActionEffect(action="click", target=EffectTarget(href=url), page_url=here)
            guard = bound_guard(typed, here)
            self.ledger.in_flight = (verdict.question, self.server.acted)
            self.started_at = datetime.now().astimezone()
        result = await self.backstop.execute(opening, guard)
        self.ledger.in_flight = None
        if approved and result.error is None:
            self.ledger.ran(verdict.question, url, writes=False)
        return await self._after_snapshot(result)

    async def _inspect(self, call: ToolCall, handle: str | None) -> ActionEffect | None:
        """What the action will really do, on the live page; None if it cannot be read."""
        if handle is None:
            return None
        try:
            return await self.server.browser.inspect(handle, inspects(call.name))  # type: ignore[arg-type]
        except (BrowserActionError, BrowserError) as exc:
            log.info("could not inspect %s: %s", call.name, exc)
            return None
        except Exception:  # a page that breaks the inspection is judged unknown: ask
            log.exception("inspecting %s failed", call.name)
            return None

    # -- asking the person -----------------------------------------------------------------

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
        return ending(self.server, False, False, "no_one_to_ask", error=text)

    async def _looked(self, request: ApprovalRequest) -> ApprovalRequest:
        """The page as the person is asked about it, when snapshots are taken without a
        screenshot (the MCP front door's default): their record shows what they approved."""
        factory = self.server.factory
        if request.screenshot is not None or factory.screenshot_tokens is not None:
            return request
        if request.kind == "human_action":  # a sign-in for the person to do, not a yes
            return request
        pixels = SCREENSHOT_TOKENS * PIXELS_PER_IMAGE_TOKEN
        with contextlib.suppress(BrowserError, TimeoutError):
            async with asyncio.timeout(self.server.caps.snapshot / 1000):
                raw = await self.server.browser.capture(scope="viewport", screenshot_pixels=pixels)
            if raw.screenshot:
                return request.model_copy(update={"screenshot": raw.screenshot})
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

    async def _ai_approval(self, call: ToolCall) -> Reply:
        try:
            args = parse_arguments(call.name, call.arguments)
        except InvalidParamsError as exc:
            return Reply.of(await self.invalid(exc))
        fresh = await self.fresh()
        decision = await self.ask(
            self.request(
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

    async def invalid(self, exc: InvalidParamsError) -> ToolResult:
        return failed(await self.fresh(), "invalid_params", str(exc))

    # -- checkpoints after every snapshot --------------------------------------------------

    async def _after_snapshot(self, result: ToolResult) -> ToolResult:
        """Spec 01 FR6: the service's checkpoint conditions on every new snapshot.

        After a person acts in the browser (sign-in, then perhaps a code), the fresh page is
        checked again, a few rounds at most.
        """
        self.ledger.forget_grants(result.snapshot.snapshot_id)
        self.ledger.saw(
            result.snapshot.page.url, worded=self.gate.classify_snapshot(result.snapshot)
        )
        if self._concluded(result.snapshot):
            self.ledger.conclude()
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
        if self.ledger.approved_step is None or self.ledger.flow_done:
            return False
        return self.service.verify_success(snapshot) and self.service.outcome(snapshot).stated

    async def _checkpoint_round(self, result: ToolResult) -> tuple[ToolResult, bool] | None:
        """None if nothing triggered; else the new result and whether to look again."""
        snapshot = result.snapshot
        rejected = False
        checkpoints = self.service.checkpoints(snapshot)
        if not any(c.kind == "human_action" for c in checkpoints) and self._asks_secret(snapshot):
            handled = await self._secret_page(snapshot)
            if handled is None:  # not done: the run stops (self.halt)
                return result, False
            done = "The person did the step that asks for a secret, in the browser window."
            message = f"{result.message} {done}" if result.message else done
            update = {"snapshot": handled.snapshot, "message": message}
            return result.model_copy(update=update), True
        for checkpoint in checkpoints:
            if checkpoint.kind == "human_action":
                handled = await self._human_action(checkpoint, snapshot)
                if handled is None:  # not done: the run stops (self.halt)
                    return result, False
                done = handled.message or ""
                message = f"{result.message} {done}" if result.message else done
                update = {"snapshot": handled.snapshot, "message": message}
                return result.model_copy(update=update), True
            key = f"{checkpoint.name}\n{page_key(snapshot)}"
            if key in self.ledger.checkpoint_answers:
                continue  # asked already for this very page state
            candidates = final_candidates(snapshot)
            if await self._covered(candidates):
                continue  # asked when it can be taken: a yes now would end with the overlay
            one = shown(candidates[0].name, NAME) if len(candidates) == 1 else ""
            step = f': click "{one}"' if len(candidates) == 1 else ""
            request = self.request(
                "checkpoint",
                f"Continue on this page{step}. {checkpoint.message}",  # named in its own row
                "Approving lets SubTerminator take this one final step on this page, once.",
                snapshot,
                control=f'"{one}" ({candidates[0].role})' if len(candidates) == 1 else "",
            )
            decision = await self.ask(request)
            self.ledger.checkpoint_answers[key] = decision.approved
            if not decision.approved:  # the action that led here ran: its result stands
                rejected = True
                said = Declined(
                    step=request.action, message=feedback(decision), asked=decision.asked
                )
                result = result.model_copy(update={"declined": said})
                break
            await self._grant(snapshot, candidates)
        return (result, False) if rejected else None

    async def _human_action(
        self,
        checkpoint: Checkpoint,
        snapshot: Snapshot,
        still: Callable[[Snapshot], Awaitable[bool]] | None = None,
    ) -> ToolResult | None:
        """A step only a person can take (sign-in, a code, a CAPTCHA), in the browser window.

        A yes is checked on the page (``still``, else the checkpoint's own condition): while
        the obstacle is still there the person is asked again, told so, up to
        ``MAX_HUMAN_TRIES`` times. The fresh page once it is gone; None when it was not done
        (no window, "not done", still there), with ``halt`` set.
        """
        what = checkpoint.message.split(". ")[0].rstrip(".")
        self.backstop.disarm()  # what the person sends in the browser is theirs
        for tries in range(1, MAX_HUMAN_TRIES + 1):
            reason = f"Checkpoint: {checkpoint.name}"
            if tries > 1:
                reason = (
                    f"Still there: the page still shows it after your yes (asking {tries} of "
                    f"{MAX_HUMAN_TRIES}). {reason}"
                )
            decision = await self.ask(
                self.request("human_action", checkpoint.message, reason, snapshot)
            )
            if not decision.approved:  # (nobody to ask has its own ending, set by ``ask``)
                self.halt = self.halt or self._needs_person(
                    f"{what}. {decision.message or 'Not done.'}"
                )
                return None
            fresh = await self.fresh()
            snapshot = fresh.snapshot
            there = (
                await still(snapshot)
                if still is not None
                else any(c.name == checkpoint.name for c in self.service.checkpoints(snapshot))
            )
            if not there:
                done = f"The person handled '{checkpoint.name}' in the browser."
                return fresh.model_copy(update={"message": done})
        self.halt = self._needs_person(
            f"{what}. It was still there after {MAX_HUMAN_TRIES} answers of yes: finish it in "
            "the browser, then run again."
        )
        return None

    def _asks_secret(self, snapshot: Snapshot) -> bool:
        """A page of the flow asking for a secret (a re-authentication before the last step, a
        code, a card), whatever its words: a field that is one by what it is, still empty."""
        if self.ledger.flow_done or secret_page(self.server.registry) is None:
            return False
        url = snapshot.page.url
        return self.ledger.in_flow(url) or self.gate.classify_snapshot(snapshot) != "outside"

    async def _secret_page(self, snapshot: Snapshot) -> ToolResult | None:
        """Handed to the person before anything is pressed, whoever drives: the fresh page once
        they did it; None when not done (``halt`` set)."""
        log.info("a page of the flow asks for a secret: the person's step")

        async def still(_: Snapshot) -> bool:
            return secret_page(self.server.registry) is not None

        step = SecretStep(ASKED, typing=False)
        checkpoint = Checkpoint(CHECKPOINT, step.message, lambda _: True, kind="human_action")
        return await self._human_action(checkpoint, snapshot, still)

    async def _persons_step(
        self, step: SecretStep, call: ToolCall, handle: str | None, snapshot: Snapshot
    ) -> ToolResult:
        """A secret to type (or a form sent without it): never done; the person does it in
        the browser window, as a sign-in. The fresh page when they did; else the run halts."""
        log.info("a secret field: %s is the person's step (%s)", call.name, step.asks)

        async def still(fresh: Snapshot) -> bool:
            if step.typing:  # that field, still empty
                registry = self.server.registry
                infos = [registry.peek(r) for r in registry.list_refs()]
                return any(i is not None and i.handle == handle and not i.value for i in infos)
            # that form, still sent without it (gone, or unreadable: the next press checks again)
            live = await self._inspect(call, handle)
            return live is not None and bool(live.target.needs_secret)

        checkpoint = Checkpoint(CHECKPOINT, step.message, lambda _: True, kind="human_action")
        handled = await self._human_action(checkpoint, snapshot, still)
        if handled is None:
            return failed(await self.fresh(), "action_failed", step.refusal(done=False))
        return await self._after_snapshot(failed(handled, "action_failed", step.refusal(done=True)))

    def _needs_person(self, text: str) -> TaskResult:
        log.info("stopped at a step only a person can take: %s", text)
        return ending(self.server, False, False, "human_action_needed", error=text)

    async def _covered(self, candidates: list[Element]) -> bool:
        """The one final control is on screen but cannot be taken yet: it is disabled (it
        waits for a reason), or something covers it (an overlay, a countdown) so a click would
        land elsewhere. Its checkpoint waits until it is free, so the
        person's yes is not spent on a page the next snapshot replaces (found by the held-aside
        issue-19 flow bh-countdown: asked twice, before and after "No thanks")."""
        if len(candidates) != 1:
            return False
        if "disabled" in candidates[0].state:
            return True  # it waits for a reason or a box: the page will change before it
        info = self.server.registry.peek(candidates[0].ref)
        if info is None or not info.handle:
            return False
        effect = await self._inspect(ToolCall(id="", name="browser_click"), info.handle)
        return effect is not None and effect.lands_elsewhere and not effect.opaque

    async def _grant(self, snapshot: Snapshot, candidates: list[Element]) -> None:
        """The checkpoint's yes covers its one final control in this snapshot, once, as it is.

        What the control does now is pinned: if the page changes it before the click, the
        click asks again.
        """
        if len(candidates) != 1:
            return  # several or none: each action asks for itself
        info = self.server.registry.peek(candidates[0].ref)
        if info is None or not info.handle:
            return
        effect = await self._inspect(ToolCall(id="", name="browser_click"), info.handle)
        if effect is not None:
            self.ledger.grant(snapshot.snapshot_id, info.handle, candidates[0].name, effect)
