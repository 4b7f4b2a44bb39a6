"""``NetworkBackstop``: while an action runs, and after it, what the page may send.

It keeps the layer contract (``execute(call) -> Reply``); the layer above arms it for a call
(``arming``) and decides the policy, pure: ``SafetyGate.request_guard`` for an action nobody
approved (from the verdict), ``binding.bound_guard`` for an approved one (only what its question
described). This layer arms it on the browser for one action and says afterwards what it held,
so the gate can mark the control and the model can be told what did not happen.

An action's listeners may send after it returns (an undo window's timer, a keepalive request,
a write that first awaits a read), and a request the page sent while it ran may reach our
interception only after its reply is built (on a loaded machine a switch's POST once went
through unasked that way). So its guard stays armed, on every page, until another action arms
its own or the tab's document changes: no timing ends it, only what the agent or the page does next.
What it holds then marks the control (``on_late``: its next try asks) and is said in the next
reply. Off the flow the guard lets a write to another site go (telemetry) as it does while
the action runs. A call that does not act (a ref that does not exist) leaves it armed. A
socket's messages pass once the action has returned: a page keeps its socket alive by itself
(heartbeats), and the floor asks first for a control whose listeners use one.

Code run in the page is another matter: it can hold a socket, and reach a document it opened
(a tab of its own) after it returns, so neither is the page's own doing. Its guard
``follows`` it: armed on every document and every socket message until the next action.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from subterminator.browser.effect import ActionEffect, GuardedRequest
from subterminator.browser.protocol import RequestGuard
from subterminator.models.conversation import ToolCall
from subterminator.models.tools import ToolResult
from subterminator.stack.layer import Reply
from subterminator.tools.registry import acts as may_act
from subterminator.tools.server import BrowserToolServer

SHOWN = 3  # held things named in a reply; the rest are counted
# A reply that says the call never reached the page: the server refused it before acting.
NOT_REACHED = frozenset({"invalid_params", "ref_invalid"})


@dataclass
class Armed:
    """One action's guard, armed on the browser from its start to the next action's."""

    guard: RequestGuard
    approved: str  # what a person approved ("" for nobody)
    effect: ActionEffect | None  # the control, marked when something is held late
    on_late: Callable[[ActionEffect], None] | None = None  # marks it (the ledger's suspect)
    follows: bool = False  # code's: no new document or socket ends it (``Arming``)
    returned: bool = False
    # the document the action left the tab on: the last one that sent something while it ran
    # (else the first to send after), by the browser's count (GuardedRequest.documents)
    documents: int = -1
    during: list[str] = field(default_factory=list)
    late: list[str] = field(default_factory=list)  # held after it returned, not yet said

    def __call__(self, request: GuardedRequest) -> str | None:
        if self.returned and request.resource_type == "websocket" and not self.follows:
            return None  # the page's own traffic (heartbeats) between actions
        if self.returned and request.typed:
            self.guard = _passes  # a document the browser was told to open: not the page's
            return None
        if self.follows:
            pass  # what code sends from any document it reached is still its own
        elif not self.returned or self.documents < 0:
            self.documents = max(self.documents, request.documents)
        elif request.documents > self.documents:
            return None  # a new document: what it sends is the next action's to judge
        reason = self.guard(request)
        if reason and self.returned:
            self.late.append(said(request))
            if self.effect is not None and self.on_late is not None:
                self.on_late(self.effect)  # now: its next try asks, whatever comes first
        elif reason:
            self.during.append(said(request))
        return reason


@dataclass(frozen=True)
class Arming:
    """How the next call is guarded, as the layer above decided: ``guard`` (None: nothing is
    held), ``approved`` names what a person approved, if anyone did (the reply then says the
    held requests were not part of it), ``effect`` is the control to mark when something is
    held late; ``acts`` false for an action that cannot act (its ref does not exist);
    ``follows`` for code in the page: its guard holds on every document and socket."""

    guard: RequestGuard | None = None
    approved: str = ""
    effect: ActionEffect | None = None
    acts: bool = True
    follows: bool = False


UNGUARDED = Arming()


class NetworkBackstop:
    """The layer below the gate: ``execute(call)`` with the guard the gate armed for it."""

    def __init__(self, server: BrowserToolServer) -> None:
        self.server = server
        self.held: list[str] = []  # what the last call's guard stopped while it ran
        self.armed: Armed | None = None
        # told of a control whose guard held something after its action returned
        self.on_late: Callable[[ActionEffect], None] | None = None
        self._next = UNGUARDED  # the arming of the next call (``arming``)
        # what may have changed the page: actions that reached it, and a person's turns in
        # the browser (a yes given before the count moved is not carried past it)
        self.touches = 0

    @contextlib.contextmanager
    def arming(self, arming: Arming) -> Iterator[None]:
        """Calls within are guarded as ``arming`` says; outside, an action runs unguarded."""
        before, self._next = self._next, arming
        try:
            yield
        finally:
            self._next = before

    async def execute(self, call: ToolCall) -> Reply:
        """``call`` under the current arming. An action replaces the last action's guard,
        which stays armed after it returns; any other call, and an action that cannot act,
        leaves it so."""
        return Reply.of(await self._execute(call, self._next))

    async def _execute(self, call: ToolCall, arming: Arming) -> ToolResult:
        self.held = []
        earlier = self._late()
        acting = may_act(call.name) and arming.acts
        if acting:
            self.armed = None
            self.server.browser.guard_requests(None)
            if arming.guard is not None:
                self.armed = Armed(
                    arming.guard, arming.approved, arming.effect, self.on_late, arming.follows
                )
                self.server.browser.guard_requests(self.armed)
        armed = self.armed
        reached = True
        try:
            result = await self.server.execute(call)
            reached = result.error not in NOT_REACHED
        finally:
            if acting and reached:
                self.touches += 1
            if armed is not None and not armed.returned and acting:
                armed.returned = True  # armed still: what the action sends late is held
                self.held = armed.during
        notes = [*earlier, *self._late()]
        if self.held and armed is not None:
            notes.insert(0, _during(self.held, armed.approved))
        if not notes:
            return result
        note = " ".join(notes)
        message = f"{result.message} {note}" if result.message else note
        return result.model_copy(update={"message": message})

    def disarm(self) -> None:
        """No guard until the next action (a person acts in the browser: a sign-in is theirs).
        What it held after its action and no reply said yet is said in the next one."""
        self.touches += 1
        if self.armed is not None:
            self.server.browser.guard_requests(None)
            self.armed.returned = True
            self.armed.guard = _passes

    def _late(self) -> list[str]:
        """What the armed guard held after its action returned and no reply said yet."""
        armed = self.armed
        if armed is None or not armed.late:
            return []
        held, armed.late = armed.late, []
        tried = _listed(held)
        if armed.approved:
            return [
                f"After the approved action returned, the page tried to send {tried}; it was "
                f"stopped because the person approved {armed.approved}, not that. Tell the "
                "person what the page tried; do not retry it as it is."
            ]
        return [
            f"After the last action returned, the page tried to send {tried} (a timer or a "
            "request that outlives the click); it was stopped because nobody approved it. If "
            "that action was the step you meant, try it again: a person will be asked first."
        ]


def _passes(request: GuardedRequest) -> str | None:
    return None


def said(request: GuardedRequest) -> str:
    """A held request as a reply names it."""
    if request.resource_type == "websocket":
        return f"a WebSocket message to {request.url}"
    if request.resource_type == "ping":
        return f"a beacon ({request.method}) to {request.url}"
    return f"{request.method} {request.url}"


def _listed(held: list[str]) -> str:
    more = len(held) - SHOWN
    return ", ".join(held[:SHOWN]) + (f" and {more} more" if more > 0 else "")


def _during(held: list[str], approved: str) -> str:
    tried = _listed(held)
    if approved:
        return (
            f"The page tried to send {tried} during this approved action; it was stopped "
            f"because the person approved {approved}, not that. Tell the person what the "
            "page tried; do not retry it as it is."
        )
    return (
        f"The page tried to send {tried} during this action; it was "
        "stopped because nobody approved it. If this is the step you meant, try it "
        "again: a person will be asked first."
    )
