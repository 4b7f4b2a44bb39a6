"""``Foreign``: the gate's part for another backend's calls it cannot read as one effect.

Playwright MCP can run code in the page, drag, hand the page files, press keys, answer a
dialog, switch tabs and go back. None of these is a click, a fill or a choice the gate reads
on an element, so each comes here as a stand-in (``tools.builtin.stand_ins``, the original in
``ToolCall.via``) and is judged by what it is:

- code (``foreign_code``): Playwright MCP's is refused on a page of the flow and asked
  elsewhere; the V02 facade's is asked on a page of the flow and run unasked elsewhere; a
  yes to code is never a yes to a write it sends, and what it sends is held from any
  document it reaches until the next action;
- a drag or a drop: asked on a page of the flow; elsewhere run as an unapproved action;
- files from the disk: refused at the conversation loop's door (``uploads`` false: nobody
  chose them); asked at the MCP server's, the files named;
- an element named in a way the gate could not resolve to exactly one: asked, and a yes runs
  it with every write held (the yes cannot bind what it could not read);
- Enter or Space: what it does. The click of the focused control or of its form's default
  button is a click, judged by ``ActionGate`` as any other; the submission of a form without a
  button is judged here as that click would be. The key is asked on a page of the flow (and
  held elsewhere) when the gate cannot place it: the focus in a frame, on a widget whose own
  listeners decide, or on a control under a cover (a click's reading would be the cover's);
- the facade's step back, forward or reload (``history_step``): by the page it loads
  (``stack.history``);
- any other key, a dialog with no answer to judge, a tab, Playwright MCP's step back: run as
  an unapproved action on the page, the backstop armed from the page.

With no approval handler every question is refused (``Asker``).
"""

from __future__ import annotations

import logging

from subterminator.browser.effect import GuardedRequest
from subterminator.browser.keyed import Keyed
from subterminator.browser.protocol import Activating, RequestGuard
from subterminator.errors import BrowserActionError, BrowserError, InvalidParamsError
from subterminator.models.conversation import ToolCall
from subterminator.models.snapshot import Snapshot
from subterminator.models.tools import ToolResult
from subterminator.safety.binding import bound_guard, what_it_does
from subterminator.safety.text import normalize
from subterminator.safety.verdict import SAFE_METHODS, Verdict
from subterminator.snapshot.element import ElementInfo
from subterminator.stack import foreign_code
from subterminator.stack.actions import ActionGate
from subterminator.stack.backstop import Arming
from subterminator.stack.checkpoints import Checkpoints
from subterminator.stack.effects import inspected
from subterminator.stack.history import HistorySteps
from subterminator.stack.layer import failed
from subterminator.stack.opening import invalid
from subterminator.stack.parts import GateParts
from subterminator.stack.port import tool_result
from subterminator.stack.reach import SiteReach
from subterminator.stack.submission import confirmed, sent, submission
from subterminator.tools.arguments import parse_arguments
from subterminator.tools.builtin.stand_ins import (
    CodeArgs,
    DialogArgs,
    DragArgs,
    DropArgs,
    HistoryArgs,
    KeyArgs,
    PointerArgs,
    ScriptArgs,
    UnreadArgs,
    UploadArgs,
)
from subterminator.untrusted import NAME, URL, shown

log = logging.getLogger(__name__)

# Playwright's names for the keys that act as a click or a submission (with modifiers too):
# its keyboard takes a line break ("\n", "\r") for Enter as well
ACTIVATING: dict[str, Activating] = {
    "enter": "enter",
    "numpadenter": "enter",
    "\n": "enter",
    "\r": "enter",
    "space": "space",
}
NO_WRITE = "a write during a step the gate could not read (a yes to it covers no write)"


def activating(key: str) -> Activating | None:
    """``enter`` or ``space`` when ``key`` (``Shift+Enter``, `` ``) presses one, else None."""
    last = key if key in ("+", " ") else key.rsplit("+", 1)[-1]
    return "space" if last == " " else ACTIVATING.get(last.lower())


def _no_writes(inner: RequestGuard | None) -> RequestGuard:
    """``inner``, and no write to any site at all."""

    def guard(request: GuardedRequest) -> str | None:
        if request.method not in SAFE_METHODS:
            return NO_WRITE
        return inner(request) if inner is not None else None

    return guard


def _named(info: ElementInfo | None) -> str:
    return f'"{shown(info.name, NAME)}" ({info.role})' if info is not None else "an element"


class Foreign:
    """Stand-ins of one run, through the gate (``uploads``: the MCP server's door)."""

    def __init__(
        self,
        parts: GateParts,
        checkpoints: Checkpoints,
        actions: ActionGate,
        reach: SiteReach,
        *,
        uploads: bool = False,
    ) -> None:
        self.parts = parts
        self.port, self.backstop, self.gate = parts.port, parts.backstop, parts.gate
        self.asker, self.ledger = parts.asker, parts.ledger
        self.checkpoints, self.actions = checkpoints, actions
        self.uploads = uploads
        self.history = HistorySteps(parts, checkpoints, reach, self._held, self._flow)

    async def run(self, call: ToolCall) -> ToolResult:
        """The stand-in judged by what it is: run, asked first, or refused."""
        try:
            args = parse_arguments(call.name, call.arguments)
        except InvalidParamsError as exc:
            return await invalid(self.port, exc)
        if isinstance(args, KeyArgs):
            return await self._key(call, args.key)
        if isinstance(args, DialogArgs):
            return await self._dialog(call, args.accept)
        if isinstance(args, PointerArgs):  # on the last page: its ref is that page's
            return await self._held(call, None)
        named = {r: self.port.peek(r) for r in _refs(args)}  # before the fresh page renames
        snapshot = (await self.port.snapshot()).snapshot
        if isinstance(args, CodeArgs):
            return await foreign_code.page_code(self, call, args.code, snapshot)
        if isinstance(args, ScriptArgs):
            return await foreign_code.facade_code(self, call, args.code, snapshot)
        if isinstance(args, HistoryArgs):
            return await self.history.step(call, args.action, snapshot)
        if isinstance(args, UploadArgs) and args.paths:
            return await self._upload(call, args.paths, snapshot)
        if isinstance(args, UnreadArgs):
            what = f'{shown(args.tool, NAME)} on "{shown(args.target, NAME)}"'
            why = "it names no one element the gate could read"
            return await self._asked(call, what, why, snapshot, writes=False)
        if isinstance(args, (DragArgs, DropArgs)) and self._flow(snapshot):
            what = " onto ".join(_named(i) for i in named.values())
            verb = "Drag" if isinstance(args, DragArgs) else "Drop data on"
            why = "what a drop does is the page's listeners', which the gate cannot read"
            return await self._asked(call, f"{verb} {what}", why, snapshot, writes=False)
        return await self._held(call, snapshot)

    # -- what the page reads as -------------------------------------------------------------

    def _flow(self, snapshot: Snapshot) -> bool:
        """A page of the cancellation flow: by the service's addresses, or by its words."""
        url = snapshot.page.url
        return self.ledger.in_flow(url) or self.gate.classify_snapshot(snapshot) != "outside"

    def _verdict(self, question: str, snapshot: Snapshot, *, code: bool = False) -> Verdict:
        """An unapproved action's verdict on this page: the backstop is armed from it. Code
        on a page that reads as the flow's is held as on one by structure (no write at all):
        it cannot be read, so nothing it sends is telemetry."""
        page = self.gate.classify_snapshot(snapshot)
        in_flow = self.ledger.in_flow(snapshot.page.url) or (code and self._flow(snapshot))
        return Verdict(False, "", question, page, in_flow=in_flow)

    def _guard(
        self, verdict: Verdict, snapshot: Snapshot, expected: str = ""
    ) -> RequestGuard | None:
        page = snapshot.page
        words = normalize(" ".join([page.title, page.text, *(e.name for e in snapshot.elements)]))
        return self.gate.request_guard(
            verdict, False, page.url, expected, words=words, lang=page.lang
        )

    # -- running ----------------------------------------------------------------------------

    async def _held(
        self,
        call: ToolCall,
        snapshot: Snapshot | None,
        *,
        writes: bool = True,
        code: bool = False,
        approved: str = "",
    ) -> ToolResult:
        """Run below as an unapproved action on the page (``writes`` false: none at all;
        ``code``: its guard follows it, ``Arming.follows``)."""
        snapshot = snapshot or self.port.last_snapshot
        guard: RequestGuard | None = None
        if snapshot is not None:
            guard = self._guard(self._verdict(call.name, snapshot, code=code), snapshot)
        if not writes:
            guard = _no_writes(guard)
        with self.backstop.arming(Arming(guard, approved, follows=code)):
            result = tool_result(await self.backstop.execute(call))
        return await self.checkpoints.after(result)

    async def _asked(
        self,
        call: ToolCall,
        what: str,
        why: str,
        snapshot: Snapshot,
        *,
        writes: bool,
        control: str = "",
        code: bool = False,
    ) -> ToolResult:
        """The person asked first; a yes runs it held (``writes`` false: no write at all;
        ``code``: held as code is, and what it sends said as no part of the yes)."""
        held = (
            "what the page then sends is held as for any step nobody approved"
            if writes
            else "nothing the page then sends that writes will go"
        )
        decision = await self.asker.ask(
            self.asker.request(
                "irreversible",
                what,
                f"SubTerminator cannot tell what this step will do: {why}. A yes lets it run "
                f"once; {held}.",
                snapshot,
                control=control or what,
            )
        )
        if not decision.approved:
            return await self.asker.refused(decision, "it was not done")
        approved = "running this code" if code else ""
        return await self._held(call, snapshot, writes=writes, code=code, approved=approved)

    async def _upload(self, call: ToolCall, paths: list[str], snapshot: Snapshot) -> ToolResult:
        """Files from the person's disk: never at the loop's door; asked at the MCP server's."""
        if not self.uploads:
            return failed(
                await self.port.snapshot(),
                "action_failed",
                "Files from the disk are not given to a page in a cancellation run. Nothing "
                "was uploaded.",
            )
        files = ", ".join(shown(p, URL) for p in paths[:5])
        files += " and more" if len(paths) > 5 else ""
        what = f"Give the page these files from the disk: {files}"
        return await self._asked(call, what, "a file leaves the computer", snapshot, writes=True)

    # -- keys and dialogs: said as the click they are ---------------------------------------

    async def _key(self, call: ToolCall, key: str) -> ToolResult:
        """Enter or Space as what it does on the focused element; any other key held."""
        pressed = activating(key)
        if pressed is None:
            return await self._held(call, None)
        try:
            keyed = await self.port.keyed(pressed)
        except (BrowserActionError, BrowserError) as exc:
            log.info("could not read what %s does: %s", key, exc)
            keyed = Keyed(how="unknown")
        if keyed.how == "other":
            return await self._held(call, None)
        info = self._element(keyed.handles)
        if info is not None and keyed.how in ("element", "default") and await self._open(info):
            return await self.actions.guarded(_click(call, info.ref))
        snapshot = (await self.port.snapshot()).snapshot
        if info is not None and keyed.how == "form":
            return await self._submits(call, keyed, info, snapshot)
        if not self._flow(snapshot):
            return await self._held(call, snapshot)
        what = f'Press {shown(key, NAME)} on "{shown(keyed.name, NAME)}" ({keyed.role or "?"})'
        why = "the key falls where the gate cannot read what it does"
        return await self._asked(call, what, why, snapshot, writes=False)

    async def _open(self, info: ElementInfo) -> bool:
        """A click there lands on the control itself: the gate's reading of that click (a
        hit test at its point) is what the key does. A key acts on the control even under
        a cover, where the click's reading would be of the cover."""
        probe = ToolCall(id="", name="browser_click")
        effect = await inspected(self.port, probe, info.handle)
        return effect is not None and not effect.lands_elsewhere and not effect.opaque

    def _element(self, handles: list[str]) -> ElementInfo | None:
        """Our element, in the last snapshot, of the one a key acts on."""
        registry = self.port.registry
        infos = (registry.peek(ref) for ref in registry.list_refs())
        return next((i for i in infos if i is not None and i.handle in handles), None)

    async def _submits(
        self, call: ToolCall, keyed: Keyed, info: ElementInfo, snapshot: Snapshot
    ) -> ToolResult:
        """Enter in a field of a form with no button: that form's submission, judged as a
        submit button's click would be, and bound to it when the person says yes."""
        page = snapshot.page
        effect = submission(
            page, keyed.form_method, keyed.form_action, role=info.role, name=keyed.name
        )
        verdict = self.actions.verdict(_click(call, info.ref), info.to_element(), effect, snapshot)
        arming = Arming(self._guard(verdict, snapshot, _declared(keyed)), "", effect)
        if verdict.ask:
            form = f"{shown(keyed.form_method, NAME)} {shown(keyed.form_action, URL)}"
            refused = await confirmed(
                self.asker,
                f"Press Enter in {_named(info)}, which submits its form ({form})",
                f"This step may not be undoable: {verdict.reason}.",
                snapshot,
                control=_named(info),
                undone="the form was not submitted",
            )
            if refused is not None:
                return refused
            arming = Arming(bound_guard(effect, page.url), what_it_does(effect), effect)
        approved = verdict.question if verdict.ask else None
        return await sent(
            self.parts,
            self.checkpoints,
            call,
            arming,
            approved,
            page=page.url,
            writes=verdict.writes,
        )

    async def _dialog(self, call: ToolCall, accept: bool) -> ToolResult:
        """The page's native dialog answered: the click of its accept or dismiss button, as
        the gate judges any dialog's button; with no such dialog shown, run held."""
        snapshot = self.port.last_snapshot
        answer = "accept" if accept else "dismiss"
        dialogs = [e for e in snapshot.elements if e.role == "alertdialog"] if snapshot else []
        probe = ToolCall(id="", name="browser_click")
        for ref in (r for d in dialogs for r in d.children or []):
            info = self.port.peek(ref)
            effect = await inspected(self.port, probe, info.handle if info else None)
            if effect is not None and effect.dialog is not None and effect.dialog.answer == answer:
                return await self.actions.guarded(_click(call, ref))
        return await self._held(call, None)


def _refs(args: object) -> list[str]:
    """The refs a stand-in names, in order."""
    if isinstance(args, DragArgs):
        return [args.ref, args.to]
    return [args.ref] if isinstance(args, DropArgs) else []


def _declared(keyed: Keyed) -> str:
    """Where a form's submission says it goes, when it goes there by a plain GET."""
    return keyed.form_action if keyed.form_method == "GET" else ""


def _click(call: ToolCall, ref: str) -> ToolCall:
    """Our click on ``ref``, standing for what ``call`` stands for."""
    return ToolCall(id=call.id, name="browser_click", arguments={"ref": ref}, via=call.via)
