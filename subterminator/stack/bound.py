"""``BoundYes``: a yes is for what the person was shown, so it is checked right before it runs.

The page runs on while the person thinks. Right before the approved action runs, its control
is inspected again: if the page changed what it does (its element, name, form, link,
listeners), the person is asked again, told what changed; a page that keeps changing it gets
no action at all. A control the page replaced by an identical one (same role and name, the
only one) is followed; one that is gone is not acted on.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, replace

from subterminator.browser.effect import ActionEffect
from subterminator.errors import BrowserActionError
from subterminator.models.conversation import ToolCall
from subterminator.models.snapshot import Element, Snapshot
from subterminator.models.tools import ToolResult
from subterminator.safety.binding import changes
from subterminator.safety.gate import Verdict
from subterminator.safety.text import normalize
from subterminator.stack.asking import Asker
from subterminator.stack.effects import inspected
from subterminator.stack.layer import failed
from subterminator.stack.port import ToolPort
from subterminator.tools.registry import inspects

log = logging.getLogger(__name__)

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
Judge = Callable[[ToolCall, Element, ActionEffect | None, Snapshot], Verdict]


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


class BoundYes:
    """Checks an approved action against what its question showed, for one run."""

    def __init__(self, port: ToolPort, asker: Asker, judge: Judge) -> None:
        self.port, self.asker, self.judge = port, asker, judge

    async def still(self, pending: Pending) -> Pending | ToolResult:
        """The action, as approved last; or the reply when it does not run (gone, refused,
        or changed ``MAX_CHANGES`` times)."""
        for seen in range(1, MAX_CHANGES + 1):
            live, gone = await self._look_again(pending)
            if gone:
                found = await self._replacement(pending)
                if found is None:
                    return failed(await self.port.snapshot(), "action_failed", GONE)
                live = await inspected(self.port, found.call, found.handle)
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
                return failed(await self.port.snapshot(), "action_failed", text)
            asked = await self._ask_again(pending, live, what)
            if isinstance(asked, ToolResult):
                return asked
            pending = asked
        raise AssertionError("unreachable: the last change returns")  # pragma: no cover

    async def _ask_again(
        self, pending: Pending, live: ActionEffect | None, what: list[str]
    ) -> Pending | ToolResult:
        """The person asked again, told what changed: the action as it is now on a yes."""
        verdict = self.judge(pending.call, pending.element, live, pending.snapshot)
        why = (
            f"This step may not be undoable: {verdict.reason}."
            if verdict.ask
            else "SubTerminator asks because it changed after your yes."
        )
        decision = await self.asker.ask(
            self.asker.request(
                "irreversible",
                verdict.question,
                f"Changed after your yes, before it ran: {'; '.join(what)}. Your yes was "
                f"for what you were shown, so it does not cover this. {why}",
                pending.snapshot,
                control=f'"{pending.element.name}" ({pending.element.role})',
            )
        )
        if not decision.approved:
            return await self.asker.refused(decision, "the action was not performed")
        return replace(pending, effect=live, verdict=verdict)

    async def _look_again(self, pending: Pending) -> tuple[ActionEffect | None, bool]:
        """What the control does now, and whether it is gone from the page."""
        if pending.handle is None:
            return None, False
        try:
            action = inspects(pending.call.name)
            return await self.port.inspect(pending.handle, action), False  # type: ignore[arg-type]
        except BrowserActionError as exc:
            log.info("could not inspect %s again: %s", pending.call.name, exc)
            return None, exc.code == "element_detached"
        except Exception:  # a page that breaks the inspection: it cannot be read, ask
            log.exception("inspecting %s again failed", pending.call.name)
            return None, False

    async def _replacement(self, pending: Pending) -> Pending | None:
        """The control that took the approved one's place (same role and name, the only one
        on the page), on a fresh snapshot; None when there is none or no single one."""
        fresh = (await self.port.snapshot()).snapshot
        want = (pending.element.role, normalize(pending.element.name))
        same = [e for e in fresh.elements if (e.role, normalize(e.name)) == want]
        info = self.port.peek(same[0].ref) if len(same) == 1 else None
        if info is None or info.handle is None:
            return None
        arguments = {**dict(pending.call.arguments or {}), "ref": same[0].ref}
        call = ToolCall(id=pending.call.id, name=pending.call.name, arguments=arguments)
        return Pending(call, info.to_element(), info.handle, pending.effect, fresh)
