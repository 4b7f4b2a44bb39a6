"""``ActionGate``: a click, a fill or a choice, judged on the live page before it runs.

The ``SafetyGate`` judges what the action will really do (the element the click lands on,
its form, link and handlers), with the service's own irreversible rules on top; when it must
ask, a person is asked first, in system-written words, never the AI's, unless a page
checkpoint's yes already covers this very control. A secret to type is the person's step,
never a yes. An action nobody approved runs with the backstop armed from the verdict; an
approved one may send only what its question described, and its own ``confirm()`` dialog is
accepted as part of it.
"""

from __future__ import annotations

import logging
from dataclasses import replace

from subterminator.browser.effect import ActionEffect
from subterminator.browser.protocol import RequestGuard
from subterminator.errors import InvalidParamsError
from subterminator.models.conversation import ToolCall
from subterminator.models.snapshot import Element, Snapshot
from subterminator.models.tools import ToolResult
from subterminator.outcome.subscriptions import owner, pick, subscriptions
from subterminator.safety.binding import bound_guard, what_it_does
from subterminator.safety.gate import Verdict
from subterminator.safety.text import normalize
from subterminator.services.base import Checkpoint
from subterminator.stack.backstop import Arming
from subterminator.stack.bound import BoundYes, Pending
from subterminator.stack.checkpoints import Checkpoints
from subterminator.stack.effects import inspected
from subterminator.stack.human import HumanSteps
from subterminator.stack.layer import failed
from subterminator.stack.parts import GateParts
from subterminator.stack.persons import CHECKPOINT, SecretStep, secret_step
from subterminator.stack.port import tool_result
from subterminator.tools.arguments import parse_arguments
from subterminator.untrusted import NAME, SENTENCE, shown

log = logging.getLogger(__name__)

# the native dialogs an approved action's own step may open, accepted under its yes: a prompt
# wants a value the person did not give, an alert only tells
OWN_DIALOGS = frozenset({"confirm", "beforeunload"})


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


def _runs(call: ToolCall) -> bool:
    """The call's arguments are ones its tool can take."""
    try:
        parse_arguments(call.name, call.arguments)
    except InvalidParamsError:
        return False
    return True


def _expected(effect: ActionEffect | None) -> str:
    """The address the action declares it goes to (a link, a GET form), if any."""
    if effect is not None and effect.target.href and not effect.target.submits:
        return effect.target.href
    if effect is not None and effect.target.submits and effect.target.form_method == "GET":
        return effect.target.form_action
    return ""


class ActionGate:
    """The element actions (click, fill, select) of one run, through the gate."""

    def __init__(self, parts: GateParts, human: HumanSteps, checkpoints: Checkpoints) -> None:
        self.port, self.backstop, self.gate = parts.port, parts.backstop, parts.gate
        self.service, self.asker, self.ledger = parts.service, parts.asker, parts.ledger
        self.human, self.checkpoints = human, checkpoints
        self.bound = BoundYes(self.port, self.asker, self.verdict)

    async def guarded(self, call: ToolCall) -> ToolResult:
        """An action through the SafetyGate, with the network backstop armed unless approved."""
        ref = call.arguments.get("ref") if isinstance(call.arguments, dict) else None
        info = await self.port.target(ref)  # the live element: the one inspected and acted on
        snapshot = self.port.last_snapshot
        # a ref that is not current, or arguments the tool cannot take: the server answers
        # (ref_invalid, invalid_params) and the last guard stays; nothing is judged or asked,
        # so no person's yes is spent on a call that cannot run
        if info is None or snapshot is None or not _runs(call):
            with self.backstop.arming(Arming(acts=False)):
                reply = await self.backstop.execute(call)
            return await self.checkpoints.after(tool_result(reply))
        element = info.to_element()
        self._entered(snapshot, element)
        effect = await inspected(self.port, call, info.handle)
        verdict = self.verdict(call, element, effect, snapshot)
        flow_page = verdict.in_flow or verdict.page != "outside"
        step = secret_step(call, info, effect, self.port.registry, flow_page=flow_page)
        if step is not None:  # a password, a code, a card: the person's, never asked as a yes
            return await self._persons_step(step, call, info.handle, snapshot)
        log.info(
            "gate: %s on a %s page -> %s%s",
            verdict.question,
            verdict.page,
            "ask" if verdict.ask else "go",
            f" ({verdict.reason})" if verdict.reason else "",
        )
        pending = Pending(call, element, info.handle, effect, snapshot, verdict)
        approved = await self._approval(pending)
        if isinstance(approved, ToolResult):
            return approved
        ran = await self._run(pending if approved is None else approved, approved is not None)
        return await self.checkpoints.after(ran)

    async def _approval(self, pending: Pending) -> Pending | ToolResult | None:
        """None: it runs unasked; the action as the person approved it; or the reply when it
        does not run (refused, changed, gone)."""
        verdict, effect, snapshot = pending.verdict, pending.effect, pending.snapshot
        assert verdict is not None
        if not verdict.ask:
            return None
        if effect is not None and self.ledger.redeem(snapshot.snapshot_id, pending.handle, effect):
            log.info("%s: approved at the page checkpoint", verdict.question)
            return pending
        element = pending.element
        decision = await self.asker.ask(
            self.asker.request(
                "irreversible",
                verdict.question,
                f"This step may not be undoable: {verdict.reason}.",
                snapshot,
                control=f'"{shown(element.name, NAME)}" ({element.role})',
            )
        )
        if not decision.approved:
            return await self.asker.refused(decision, "the action was not performed")
        bound = await self.bound.still(replace(pending, verdict=None))  # as they were shown it
        if isinstance(bound, ToolResult):
            return bound
        return bound if bound.verdict is not None else replace(bound, verdict=verdict)

    def _entered(self, snapshot: Snapshot, element: Element) -> None:
        """An action inside one of several subscriptions: the ledger notes which, and whether
        it is the service's target, for the question and the judge. A page that no longer
        shows them as a list (one lost its control) is read by the names a list had."""
        found = subscriptions(snapshot)
        if len(found) >= 2:
            target = pick(found, self.service.target, self.service.display_name)
            for sub in found:
                self.ledger.list_subscription(sub.key, None if target is None else sub is target)
            section = owner(found, element.ref)
            if section is None:  # outside every one of them: no longer in any
                self.ledger.entered("", None)
            else:
                self.ledger.entered(section.name, self.ledger.listed[section.key])
            return
        heading = _heading_above(snapshot, element)
        if heading is not None and normalize(heading) in self.ledger.listed:
            self.ledger.entered(heading, self.ledger.listed[normalize(heading)])

    def verdict(
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

    async def _run(self, pending: Pending, approved: bool) -> ToolResult:
        """The action itself, through the backstop (armed unless approved), on the ledger."""
        call, effect, snapshot = pending.call, pending.effect, pending.snapshot
        verdict = pending.verdict
        assert verdict is not None
        guard = self.gate.request_guard(
            verdict,
            approved,
            snapshot.page.url,
            _expected(effect),
            frame_url=effect.frame_url if effect is not None else "",
            words=_words(snapshot, effect),
            lang=(effect.page_lang if effect is not None else "") or snapshot.page.lang,
        )
        approval = ""
        if approved:  # it may send only what the question described (safety.binding)
            guard = bound_guard(effect, snapshot.page.url)
            approval = what_it_does(effect)
        acted_before = self.port.acted
        with self.ledger.flying(verdict.question if approved else None, acted_before):
            with self.backstop.arming(Arming(guard, approval, effect)):
                result = tool_result(await self.backstop.execute(call))
            if approved and result.error is None and guard is not None:
                result = await self._own_dialog(call, result, guard, approval)
        # the approved action ran (it may have: a timeout), even if no snapshot came after it
        ran = result.error in (None, "timeout") or self.port.acted > acted_before
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
            info = self.port.peek(ref)
            if info is None or info.handle is None:
                continue
            effect = await inspected(self.port, ToolCall(id="", name="browser_click"), info.handle)
            dialog = effect.dialog if effect is not None else None
            if dialog is None or dialog.answer != "accept" or not dialog.in_action:
                continue
            if dialog.kind not in OWN_DIALOGS:
                return result
            accept = ToolCall(id=call.id, name="browser_click", arguments={"ref": ref})
            # the step's guard stays armed after it, as for the step itself
            with self.backstop.arming(Arming(guard, approval, effect)):
                accepted = tool_result(await self.backstop.execute(accept))
            said = (
                f"The page asked to confirm this step in a browser {dialog.kind} dialog "
                f'("{shown(dialog.message, SENTENCE)}"); it was accepted as part of the step '
                "the person approved."
            )
            message = f"{said} {accepted.message}" if accepted.message else said
            log.info("accepted the approved step's own %s dialog", dialog.kind)
            return accepted.model_copy(update={"message": message})
        return result

    async def _persons_step(
        self, step: SecretStep, call: ToolCall, handle: str | None, snapshot: Snapshot
    ) -> ToolResult:
        """A secret to type (or a form sent without it): never done; the person does it in
        the browser window, as a sign-in. The fresh page when they did; else the run halts."""
        log.info("a secret field: %s is the person's step (%s)", call.name, step.asks)

        async def still(fresh: Snapshot) -> bool:
            if step.typing:  # that field, still empty
                registry = self.port.registry
                infos = [registry.peek(r) for r in registry.list_refs()]
                return any(i is not None and i.handle == handle and not i.value for i in infos)
            # that form, still sent without it (gone, or unreadable: the next press checks again)
            live = await inspected(self.port, call, handle)
            return live is not None and bool(live.target.needs_secret)

        checkpoint = Checkpoint(CHECKPOINT, step.message, lambda _: True, kind="human_action")
        handled = await self.human.act(checkpoint, snapshot, still)
        if handled is None:
            return failed(await self.port.snapshot(), "action_failed", step.refusal(done=False))
        return await self.checkpoints.after(
            failed(handled, "action_failed", step.refusal(done=True))
        )
