"""``Opener``: ``browser_open``, an address typed rather than reached by a click.

The start page, or one this run has shown, opens unasked (with the backstop armed); any
other address may act by itself (a GET that cancels), so the person is asked first, as for a
click, and a yes covers opening that address, not what its page then sends.
"""

from __future__ import annotations

from subterminator.browser.effect import ActionEffect, EffectTarget
from subterminator.errors import InvalidParamsError
from subterminator.models.conversation import ToolCall
from subterminator.models.snapshot import Snapshot
from subterminator.models.tools import ToolResult
from subterminator.safety.binding import bound_guard
from subterminator.safety.floor import address
from subterminator.safety.gate import SafetyGate, Verdict
from subterminator.stack.backstop import Arming
from subterminator.stack.checkpoints import Checkpoints
from subterminator.stack.layer import failed
from subterminator.stack.parts import GateParts
from subterminator.stack.port import ToolPort, tool_result
from subterminator.stack.reach import SiteReach
from subterminator.tools.arguments import echo, parse_arguments
from subterminator.tools.builtin.browser_open import OpenArgs


async def invalid(port: ToolPort, exc: InvalidParamsError) -> ToolResult:
    """Arguments the tool cannot take: the page as it is, and why."""
    return failed(await port.snapshot(), "invalid_params", str(exc))


def opening_asks(
    gate: SafetyGate, url: str, start_url: str = "", *, loaded: bool | None = None
) -> str | None:
    """Why opening ``url`` (on the run's sites) asks the person, or None: an address that
    acts, one this run has not shown (it was typed, not reached by a click), or one of the
    flow's. A step in the history onto an address (``loaded`` said) is judged by the same
    rule, but a page of the flow it loaded and showed before is known, as a page it goes
    back to; one whose document was never loaded from that address (a page rewrote its
    entry's address) is not, whatever the page showed."""
    known = url == start_url or address(url) in gate.ledger.shown
    typed = loaded is None
    known = known and (typed or bool(loaded))
    acting = gate.acting(url)
    if not (acting or not known or (typed and gate.ledger.in_flow(url))):
        return None
    return "it is an address that acts" if acting else "it was typed, not reached by a click"


class Opener:
    """Typed addresses for one run, through the gate and the run's reach."""

    def __init__(
        self, parts: GateParts, checkpoints: Checkpoints, reach: SiteReach, start_url: str
    ) -> None:
        self.port, self.backstop, self.gate = parts.port, parts.backstop, parts.gate
        self.service, self.asker, self.ledger = parts.service, parts.asker, parts.ledger
        self.checkpoints, self.reach, self.start_url = checkpoints, reach, start_url

    async def open(self, call: ToolCall) -> ToolResult:
        """The address opened, asked first when it may act by itself; or why not."""
        url = await self._address(call)
        if isinstance(url, ToolResult):
            return url
        outside = self.reach.verdict(url).kind != "in"
        if outside and (refused := await self.reach.typed(url)) is not None:
            return refused
        last = self.port.last_snapshot
        verdict = await self._verdict(url, outside, last)
        if isinstance(verdict, ToolResult):
            return verdict
        opening = ToolCall(id=call.id, name=call.name, arguments={"url": url}, via=call.via)
        approved = verdict.ask
        guard = self.gate.request_guard(verdict, approved, url, url)
        if approved:  # the yes was to open this address: not for what its page then sends
            here = last.page.url if last is not None else ""
            typed = ActionEffect(action="click", target=EffectTarget(href=url), page_url=here)
            guard = bound_guard(typed, here)
        flying = self.ledger.flying(verdict.question if approved else None, self.port.acted)
        with flying, self.backstop.arming(Arming(guard)):
            result = tool_result(await self.backstop.execute(opening))
        if approved and result.error is None:
            self.ledger.ran(verdict.question, url, writes=False)
        return await self.checkpoints.after(result)

    async def _address(self, call: ToolCall) -> str | ToolResult:
        """The address to open (the start page when none is given), or why not."""
        try:
            args = parse_arguments(call.name, call.arguments)
        except InvalidParamsError as exc:
            return await invalid(self.port, exc)
        assert isinstance(args, OpenArgs)
        if args.service is not None and args.service != self.service.name:
            wrong = f"this session is for {self.service.name}, not {echo(args.service)}"
            return await invalid(self.port, InvalidParamsError(call.name, wrong))
        url = args.url or self.start_url
        if not url:
            unset = "no start page is set: give a url"
            return await invalid(self.port, InvalidParamsError(call.name, unset))
        return url

    async def _verdict(
        self, url: str, outside: bool, last: Snapshot | None
    ) -> Verdict | ToolResult:
        """Whether opening ``url`` asks (and the person's no, when they refused)."""
        verdict = Verdict(False, "", f'Open "{url}"', "outside")
        why = None if outside else opening_asks(self.gate, url, self.start_url)
        if why is None:
            return verdict
        verdict = Verdict(True, why, verdict.question, "final", in_flow=True)
        decision = await self.asker.ask(
            self.asker.request(
                "irreversible",
                verdict.question,
                f"This step may not be undoable: {why}; an address can take a step by "
                "itself, as a click on a final button does.",
                last,
                control=url,
            )
        )
        if not decision.approved:
            return await self.asker.refused(decision, "the page was not opened")
        return verdict
