"""``SiteReach``: the run's sites, installed on the browser and answered for in the stack.

The browser stops what goes outside the reach where the request is made (``browser.reach``);
this part of the gate says so to the model and, for another web site, asks the person in words
made for it: what opens there is read by the model, so the yes is for that page, once. Local
addresses and non-web schemes are refused without a question: no answer makes them a page the
model should read.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from subterminator.browser.reach import (
    Held,
    Reach,
    ReachVerdict,
    origin_of,
    resolves_private,
    said,
    with_private_address,
)
from subterminator.models.conversation import ToolCall
from subterminator.models.tools import ToolResult
from subterminator.services.base import ServiceConfig
from subterminator.stack.asking import Asker
from subterminator.stack.layer import Reply, ToolLayer, failed
from subterminator.stack.port import ToolPort

log = logging.getLogger(__name__)

SAFE_METHODS = frozenset({"GET", "HEAD"})
MAX_NAMED = 3  # held navigations named in one reply; the rest counted
URL_SHOWN = 120


def build_reach(
    service: ServiceConfig, start_url: str = "", allow_sites: Iterable[str] = ()
) -> Reach:
    """The service's sites, the start page's origin (the simulator, a --url), and the sites
    the person added. An ``allow_sites`` entry with a scheme is one exact origin, local ones
    included: a run started in code names its own servers so (the command line takes hosts)."""
    sites = [s.strip() for s in allow_sites if s.strip(". ")]
    exact = {origin_of(s) for s in sites if "://" in s} - {""}
    origins = frozenset(({origin_of(start_url)} - {""}) if start_url else set()) | exact
    widened = frozenset(s.lower().strip(".") for s in sites if "://" not in s)
    return Reach(
        service=service.display_name or service.name,
        sites=service.sites(),
        origins=origins,
        widened=widened,
        start_pages=frozenset({start_url.split("#", 1)[0]} if start_url else ()),
    )


def short(url: str) -> str:
    return url if len(url) <= URL_SHOWN else url[: URL_SHOWN - 1] + "…"


class SiteReach:
    """One run's reach, for the gate: install it, answer for what it stopped, open on a yes.
    It reads the page through the port, asks through the asker, and opens a page a person
    agreed to through ``opens`` (below the gate's judgement: the yes was for that page)."""

    def __init__(
        self,
        port: ToolPort,
        asker: Asker,
        opens: ToolLayer,
        reach: Reach,
        *,
        adopt_first_page: bool,
    ) -> None:
        self.port, self.asker, self.opens = port, asker, opens
        self.reach = reach
        # a run started on a page it was not told of (tests, the harness drive the browser to
        # a page first): that page's origin is the start, as --url's would be
        self._adopt = adopt_first_page
        self._installed = False

    def install(self) -> None:
        """On the browser, once the start is known (at once, or after the first page seen)."""
        if not self._installed and not self._adopt:
            self.port.set_reach(self.reach)
            self._installed = True

    def saw(self, url: str) -> None:
        """The first page the run is shown; its origin is the start when none was given."""
        if self._adopt and url and url != "about:blank":
            self._adopt = False
            origin = origin_of(url)
            if origin and url.lower().startswith(("http://", "https://")):
                self.reach.origins = self.reach.origins | {origin}
            self.install()

    def verdict(self, url: str) -> ReachVerdict:
        return self.reach.verdict(url)

    # -- typed addresses -------------------------------------------------------------------

    async def typed(self, url: str) -> ToolResult | None:
        """``browser_open`` of an address outside the reach: refused, or asked for (a yes
        grants that page, once). None: it may be opened."""
        verdict = await self._resolved(self.reach.verdict(url))
        if verdict.kind == "in":
            return None
        if verdict.kind == "refused":
            return failed(
                await self.port.snapshot(),
                "invalid_params",
                f"{short(url)} was not opened: {verdict.reason}. SubTerminator opens only "
                f"{self.reach.service}'s pages and web sites a person agrees to.",
            )
        if await self._asked(verdict):
            self.reach.grant(url)
            return None
        return failed(
            await self.port.snapshot(),
            "human_rejected",
            f"The person declined opening {verdict.site}, which is not {self.reach.service}; "
            "the page was not opened.",
        )

    async def _resolved(self, verdict: ReachVerdict) -> ReachVerdict:
        if verdict.kind == "ask" and await resolves_private(verdict.site):
            return with_private_address(verdict)
        return verdict

    async def _asked(self, verdict: ReachVerdict) -> bool:
        last = self.port.last_snapshot
        decision = await self.asker.ask(
            self.asker.request(
                "checkpoint",
                said(verdict, self.reach.service),
                f"{verdict.site} is outside {self.reach.service}'s sites; the browser holds "
                "your signed-in sessions, and the page will be read by the model",
                last,
                control=short(verdict.url),
            )
        )
        return decision.approved

    # -- what the browser stopped ----------------------------------------------------------

    async def settle(self, reply: Reply) -> Reply:
        """After a call: say what was stopped; for one plain page on another web site, ask the
        person, and open it on a yes."""
        held = _unique(self.reach.take_held())
        if not held:
            return reply
        notes: list[str] = []
        asked = False
        for item in held[:MAX_NAMED]:
            verdict = await self._resolved(item.verdict)
            where = short(verdict.url)
            if verdict.kind == "refused":
                notes.append(f"The page tried to open {where} ({verdict.reason}); it was stopped.")
            elif item.frame:
                notes.append(
                    f"A frame from {verdict.site}, which is not {self.reach.service}, was not "
                    "loaded."
                )
            elif item.method.upper() not in SAFE_METHODS:
                notes.append(
                    f"The page tried to send a form ({item.method}) to {verdict.site}, which "
                    f"is not {self.reach.service}; it was stopped and not sent."
                )
            elif asked:
                notes.append(f"The page also tried to open {where}; it was stopped.")
            else:
                asked = True
                opened = await self._open_on_yes(verdict)
                if opened is not None:
                    reply = opened
                    notes.append(f"The person agreed to open {where}; it is open now.")
                else:
                    notes.append(
                        f"The page tried to open {where}, which is not {self.reach.service}; "
                        "the person declined, and the browser stayed where it was."
                    )
        if len(held) > MAX_NAMED:
            notes.append(f"{len(held) - MAX_NAMED} more such addresses were stopped.")
        log.info("outside the reach: %s", "; ".join(notes))
        message = reply.message
        said_all = " ".join(notes)
        fields = dict(reply.result)
        fields["message"] = f"{message} {said_all}" if message else said_all
        return Reply(fields, reply.snapshot, reply.ended)

    async def _open_on_yes(self, verdict: ReachVerdict) -> Reply | None:
        if not await self._asked(verdict):
            return None
        self.reach.grant(verdict.url)
        opening = ToolCall(id="reach", name="browser_open", arguments={"url": verdict.url})
        return await self.opens.execute(opening)


def _unique(held: list[Held]) -> list[Held]:
    seen: set[tuple[str, bool]] = set()
    kept = []
    for item in held:
        key = (item.verdict.url, item.frame)
        if key not in seen:
            seen.add(key)
            kept.append(item)
    return kept
