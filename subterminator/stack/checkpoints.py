"""``Checkpoints``: the service's checks on every new snapshot, whatever the call was.

After every snapshot-returning tool the page is looked at before the AI sees it: a page of
the flow asking for a secret, or a ``human_action`` checkpoint (login, 2FA, CAPTCHA), is the
person's to do in the browser; an ``approve`` checkpoint asks the person once per page state,
and a yes grants a one-time approval for the final control it found, on that snapshot only.
The ledger is told what was shown, and whether the flow is over.
"""

from __future__ import annotations

from subterminator.models.conversation import ToolCall
from subterminator.models.snapshot import Element, Snapshot
from subterminator.models.tools import Declined, ToolResult
from subterminator.safety.gate import final_candidates
from subterminator.services.base import Checkpoint
from subterminator.stack.asking import feedback
from subterminator.stack.backstop import NetworkBackstop
from subterminator.stack.effects import inspected
from subterminator.stack.human import HumanSteps
from subterminator.stack.layer import Reply
from subterminator.stack.parts import GateParts
from subterminator.stack.port import tool_result
from subterminator.untrusted import NAME, shown

MAX_HUMAN_ROUNDS = 3
Round = tuple[ToolResult, bool] | None  # None: nothing triggered; else the result, look again?


def page_key(snapshot: Snapshot) -> str:
    """A page state: same URL, title and the same buttons and links."""
    controls = sorted(
        f"{e.role}:{e.name}" for e in snapshot.elements if e.role in ("button", "link")
    )
    return "\n".join([snapshot.page.url, snapshot.page.title, *controls])


def _with_done(result: ToolResult, handled: ToolResult, done: str) -> ToolResult:
    """The call's result on the page after the person's step, saying they did it."""
    message = f"{result.message} {done}" if result.message else done
    return result.model_copy(update={"snapshot": handled.snapshot, "message": message})


class Checkpoints:
    """The checks after a step, for one run."""

    def __init__(self, parts: GateParts, human: HumanSteps) -> None:
        self.port, self.gate, self.service = parts.port, parts.gate, parts.service
        self.asker, self.human, self.ledger = parts.asker, human, parts.ledger

    async def after(self, result: ToolResult) -> ToolResult:
        """The service's checkpoint conditions on the new snapshot.

        After a person acts in the browser (sign-in, then perhaps a code), the fresh page is
        checked again, a few rounds at most.
        """
        self.ledger.saw(
            result.snapshot.page.url, worded=self.gate.classify_snapshot(result.snapshot)
        )
        if self._concluded(result.snapshot):
            self.ledger.conclude()
        for _ in range(MAX_HUMAN_ROUNDS):
            handled = await self._round(result)
            if handled is None:
                return result
            result, again = handled
            if not again:
                return result
        return result

    def _concluded(self, snapshot: Snapshot) -> bool:
        """Is the flow over? Only when, after an approved step, the page states the cancelled
        state. A date alone ("will end on ...") is how the page before the last step talks
        too (a confirmshaming link approved, then a page stating the end date whose
        "Continue" opened the real step, which then ran unasked)."""
        if self.ledger.approved_step is None or self.ledger.flow_done:
            return False
        return self.service.verify_success(snapshot) and self.service.outcome(snapshot).stated

    async def _round(self, result: ToolResult) -> Round:
        """None if nothing triggered; else the new result and whether to look again."""
        snapshot = result.snapshot
        checkpoints = self.service.checkpoints(snapshot)
        if not any(c.kind == "human_action" for c in checkpoints) and self.human.asks_secret(
            snapshot
        ):
            handled = await self.human.secret_page(snapshot)
            if handled is None:  # not done: the run stops (the asker's halt)
                return result, False
            done = "The person did the step that asks for a secret, in the browser window."
            return _with_done(result, handled, done), True
        for checkpoint in checkpoints:
            if checkpoint.kind == "human_action":
                handled = await self.human.act(checkpoint, snapshot)
                if handled is None:  # not done: the run stops (the asker's halt)
                    return result, False
                return _with_done(result, handled, handled.message or ""), True
            said = await self._approve(checkpoint, snapshot)
            if said is not None:  # the action that led here ran: its result stands
                return result.model_copy(update={"declined": said}), False
        return None

    async def _approve(self, checkpoint: Checkpoint, snapshot: Snapshot) -> Declined | None:
        """An ``approve`` checkpoint, asked once per page state: a yes grants its one final
        control; the refusal when the person said no."""
        key = f"{checkpoint.name}\n{page_key(snapshot)}"
        if key in self.ledger.checkpoint_answers:
            return None  # asked already for this very page state
        candidates = final_candidates(snapshot)
        if await self._covered(candidates):
            return None  # asked when it can be taken: a yes now would end with the overlay
        one = shown(candidates[0].name, NAME) if len(candidates) == 1 else ""
        step = f': click "{one}"' if len(candidates) == 1 else ""
        request = self.asker.request(
            "checkpoint",
            f"Continue on this page{step}. {checkpoint.message}",  # named in its own row
            "Approving lets SubTerminator take this one final step on this page, once.",
            snapshot,
            control=f'"{one}" ({candidates[0].role})' if len(candidates) == 1 else "",
        )
        decision = await self.asker.ask(request)
        self.ledger.checkpoint_answered(key, decision.approved)
        if not decision.approved:
            return Declined(step=request.action, message=feedback(decision), asked=decision.asked)
        await self._grant(snapshot, candidates)
        return None

    async def _covered(self, candidates: list[Element]) -> bool:
        """The one final control is on screen but cannot be taken yet: it is disabled (it
        waits for a reason), or something covers it (an overlay, a countdown) so a click would
        land elsewhere. Its checkpoint waits until it is free, so the person's yes is not
        spent on a page the next snapshot replaces (a countdown flow was asked twice, before
        and after "No thanks")."""
        if len(candidates) != 1:
            return False
        if "disabled" in candidates[0].state:
            return True  # it waits for a reason or a box: the page will change before it
        info = self.port.peek(candidates[0].ref)
        if info is None or not info.handle:
            return False
        effect = await inspected(self.port, ToolCall(id="", name="browser_click"), info.handle)
        return effect is not None and effect.lands_elsewhere and not effect.opaque

    async def _grant(self, snapshot: Snapshot, candidates: list[Element]) -> None:
        """The checkpoint's yes covers its one final control in this snapshot, once, as it is.

        What the control does now is pinned: if the page changes it before the click, the
        click asks again.
        """
        if len(candidates) != 1:
            return  # several or none: each action asks for itself
        info = self.port.peek(candidates[0].ref)
        if info is None or not info.handle:
            return
        effect = await inspected(self.port, ToolCall(id="", name="browser_click"), info.handle)
        if effect is not None:
            name = candidates[0].name
            self.ledger.grant(
                snapshot.snapshot_id, info.handle, name, effect, url=snapshot.page.url
            )

    def settle_grants(self, snapshot: Snapshot, *, touched: bool) -> None:
        """After a call, the grants for the snapshot it returned. A call that did nothing to
        the page (refused before it acted, or a read) keeps a yes for its very element, still
        there as it was, so the person is not asked again for nothing; a call that acted, a
        navigation, a person's turn in the browser end every yes given on an older snapshot."""
        registry = self.port.registry
        if touched or registry.snapshot_id != snapshot.snapshot_id:
            self.ledger.forget_grants(snapshot.snapshot_id)
            return
        infos = (registry.peek(ref) for ref in registry.list_refs())
        present = {i.handle: i.name for i in infos if i is not None and i.handle}
        self.ledger.carry_grants(snapshot.snapshot_id, snapshot.page.url, present)


class Checked:
    """A call the gate does not judge (a read, a scroll, a page a person agreed to open): run
    below under the last action's guard, then the page's checkpoints. The layer the reach
    opens through, so it holds no more of the gate than that."""

    def __init__(self, backstop: NetworkBackstop, checkpoints: Checkpoints) -> None:
        self.backstop, self.checkpoints = backstop, checkpoints

    async def execute(self, call: ToolCall) -> Reply:
        return Reply.of(
            await self.checkpoints.after(tool_result(await self.backstop.execute(call)))
        )
