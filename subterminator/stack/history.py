"""``HistorySteps``: a step back, forward or a reload, judged by the page it will load.

The facade's ``browser_navigate`` back, forward and refresh come to the gate as one stand-in
(``history_step``). What such a step does is read from the tab's history before it runs
(``Browser.history``), never from its name:

- an entry on another web site is judged as our ``browser_open`` of its address would be (the
  run's reach: a local address or another scheme is refused, another site asked for, and a yes
  lets that page's GET go and no write);
- an entry whose document a form's POST returned: the step sends that POST again (what
  Chromium does: ``browser.history``); so does one a GET form reached, its values in the
  address. Where the page left or the page loaded is of the flow, the person is asked
  ("Resend the form that led to ...") and a yes lets exactly that submission go, bound as
  that form's; off the flow it runs as a step nobody approved;
- an entry whose address opening would ask about (``opening_asks``: an address that acts, one
  the run has not shown, one of the flow's; a page may rewrite its entry's address to any
  of its site's) is asked about as that opening is, and a yes lets that GET go, no write;
- any other entry (a page a GET loads, the page a POST redirected to) runs as a step nobody
  approved, the backstop armed from the page: what it then writes to the flow's site is
  held, and so is a navigation the flow's rules hold (an address carrying values, a page the
  run has not shown on a page it cannot read);
- a history that cannot be read (a replay): asked on a page of the flow, held elsewhere.

With no approval handler every question is refused (``Asker``).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from urllib.parse import urlsplit

from subterminator.browser.effect import ActionEffect, EffectTarget
from subterminator.browser.history import History, HistoryAction, HistoryEntry
from subterminator.errors import BrowserActionError, BrowserError
from subterminator.models.conversation import ToolCall
from subterminator.models.snapshot import Snapshot
from subterminator.models.tools import ToolResult
from subterminator.safety.binding import bound_guard, what_it_does
from subterminator.stack.backstop import Arming
from subterminator.stack.checkpoints import Checkpoints
from subterminator.stack.opening import opening_asks
from subterminator.stack.parts import GateParts
from subterminator.stack.reach import SiteReach
from subterminator.stack.submission import confirmed, sent, submission
from subterminator.untrusted import URL, shown

log = logging.getLogger(__name__)

Held = Callable[[ToolCall, Snapshot | None], Awaitable[ToolResult]]
STEP = {"back": "Go back", "forward": "Go forward", "refresh": "Reload the page"}
GOING = {"back": "going back", "forward": "going forward", "refresh": "reloading"}


class HistorySteps:
    """Steps in the tab's history of one run, through the gate and the run's reach (``held``
    and ``flow``: how the gate runs a step nobody approved, and reads a page as the flow's)."""

    def __init__(
        self,
        parts: GateParts,
        checkpoints: Checkpoints,
        reach: SiteReach,
        held: Held,
        flow: Callable[[Snapshot], bool],
    ) -> None:
        self.parts, self.checkpoints, self.reach = parts, checkpoints, reach
        self.held, self.flow = held, flow

    async def step(self, call: ToolCall, action: HistoryAction, snapshot: Snapshot) -> ToolResult:
        """The step run, asked first, or refused, by the entry it loads."""
        history = await self._history()
        if not history.known:
            return await self._unread(call, action, snapshot)
        target = history.target(action)
        if target is None:
            return await self.held(call, snapshot)  # no entry there: the step does nothing
        if self.reach.verdict(target.url).kind != "in":
            refused = await self.reach.typed(target.url)
            return refused or await self._opened(call, target.url, snapshot)
        method = resent(target)
        if method and (self.flow(snapshot) or self.parts.ledger.in_flow(target.url)):
            return await self._resend(call, action, target, method, snapshot)
        why = opening_asks(self.parts.gate, target.url, loaded=not target.rewritten)
        if why is not None:  # an address that may act by itself, as a typed one would
            return await self._address(call, action, target.url, why, snapshot)
        return await self.held(call, snapshot)

    async def _address(
        self, call: ToolCall, action: HistoryAction, url: str, why: str, snapshot: Snapshot
    ) -> ToolResult:
        """The person asked about the address the step loads, as about opening it; a yes
        lets that address's GET go and no write."""
        refused = await confirmed(
            self.parts.asker,
            f"{STEP[action]}: {shown(url, URL)}",
            f"This step may not be undoable: {GOING[action]} loads that address, and {why}; "
            "an address can take a step by itself, as a click on a final button does.",
            snapshot,
            control=shown(url, URL),
            undone="the page was not loaded",
        )
        return refused or await self._opened(call, url, snapshot)

    async def _history(self) -> History:
        try:
            return await self.parts.port.history()
        except (BrowserActionError, BrowserError) as exc:
            log.info("the tab's history could not be read: %s", exc)
            return History()

    async def _opened(self, call: ToolCall, url: str, snapshot: Snapshot) -> ToolResult:
        """An entry on another site the person agreed to open: that address's GET goes, and
        no write (the yes was to a page, as for a typed address)."""
        here = snapshot.page.url
        link = ActionEffect(action="click", target=EffectTarget(href=url), page_url=here)
        arming = Arming(bound_guard(link, here))
        return await sent(self.parts, self.checkpoints, call, arming, None, page=here, writes=False)

    async def _resend(
        self,
        call: ToolCall,
        action: HistoryAction,
        target: HistoryEntry,
        method: str,
        snapshot: Snapshot,
    ) -> ToolResult:
        """The person asked about the form the step sends again; a yes lets that one go."""
        page = snapshot.page
        url = shown(target.url, URL)
        what = f"Resend the form that led to {url}"
        refused = await confirmed(
            self.parts.asker,
            what,
            f"This step may not be undoable: {GOING[action]} sends the form that led to that "
            f"page again ({method} {url}), as its submit button did.",
            snapshot,
            control=url,
            undone="the form was not sent again",
        )
        if refused is not None:
            return refused
        effect = submission(page, method, target.url, role="form", name=what)
        arming = Arming(bound_guard(effect, page.url), what_it_does(effect), effect)
        return await sent(
            self.parts, self.checkpoints, call, arming, what, page=page.url, writes=True
        )

    async def _unread(
        self, call: ToolCall, action: HistoryAction, snapshot: Snapshot
    ) -> ToolResult:
        """A history the gate cannot read: asked on a page of the flow (a yes runs the step
        as one nobody approved: the yes cannot bind what it could not read), held elsewhere."""
        if self.flow(snapshot):
            refused = await confirmed(
                self.parts.asker,
                STEP[action],
                "SubTerminator cannot read where this step goes: it may send a form again. "
                "A yes lets it run once; what the page then sends is held as for any step "
                "nobody approved.",
                snapshot,
                control=STEP[action],
                undone="it was not done",
            )
            if refused is not None:
                return refused
        return await self.held(call, snapshot)


def resent(entry: HistoryEntry) -> str:
    """The method of the form a step onto ``entry`` sends again ('' for none): a POST result's,
    or a GET form's values in its address (the page a POST redirected to carries none)."""
    if entry.posted:
        return "POST"
    return "GET" if entry.transition == "form_submit" and urlsplit(entry.url).query else ""
