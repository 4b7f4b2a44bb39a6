"""``SafetyGate``: may this action run now, or must a person say yes first?

The orchestrator asks it before every action, with what the action will really do on the live
page (``ActionEffect``: the element the click lands on, its form, link and listeners, the page's
visible text), and tells it every page shown. It is pure: no browser, no I/O, so every AI
(Claude, the offline policy, scripts, replays) meets the same judgment and tests need no
Chromium.

Two layers, and words may only add to what the first asks:

- **the floor** (``floor``), on every page of the cancellation flow: the service's flow
  addresses, and pages reached from them. It reads structure only (forms, addresses, listeners'
  code, frames), never words, so it holds in any language: a form submission, a navigation that
  carries state, a field whose listeners may send, anything on a page it cannot read that goes
  somewhere new, asks. The network backstop (``request_guard``) holds what scripts send that
  may commit (writes; requests carrying values) while an unapproved action runs; the control
  then asks on its next try. Nothing worded may exempt an action from the floor;
- **words**, on any page: a control named as a final step, an address that acts; on a page whose
  words say it is the last before the end (or offers the final step), anything not known safe.
  Words may also say a control only declines or dismisses cookies: that takes back only what
  words asked, never what the floor asked.

An approval covers one action on one element in one snapshot, once. The flow is over only when
the outcome judge reads the cancelled state after an approved step (``conclude``); until then
every further step that may commit asks again, on its own page.
"""

from __future__ import annotations

import functools
import logging
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from subterminator.browser.effect import ActionEffect
from subterminator.browser.protocol import RequestGuard
from subterminator.models.conversation import ToolCall
from subterminator.models.snapshot import Element, Snapshot
from subterminator.safety.floor import Where, floor, site
from subterminator.safety.holding import Hold
from subterminator.safety.judging import Action, acts, decide
from subterminator.safety.ledger import ApprovalLedger
from subterminator.safety.text import normalize
from subterminator.safety.verdict import PageClass, Verdict
from subterminator.safety.vocabulary import CONSEQUENCE, FINAL, FLOW, readable
from subterminator.tools.registry import inspects
from subterminator.tools.registry import verb as tool_verb
from subterminator.untrusted import NAME, shown

__all__ = ["PageClass", "SafetyGate", "Verdict", "final_candidates"]

log = logging.getLogger(__name__)


@dataclass
class SafetyGate:
    """Judges actions against the service's addresses and what the run's ledger holds.

    The ledger (``ApprovalLedger``) owns every piece of state; the gate only reads it (and the
    thin methods below hand a caller's news to it)."""

    irreversible_urls: tuple[str, ...] = ()
    flow_urls: tuple[str, ...] = ()
    ledger: ApprovalLedger = field(default_factory=ApprovalLedger)

    def __post_init__(self) -> None:
        self.ledger.use_flow_urls(self.flow_urls)

    # -- pages -----------------------------------------------------------------------------

    def classify(
        self, *, url: str, title: str, text: str, names: list[str], lang: str = ""
    ) -> PageClass:
        """Where the page stands: ``final`` by its words (or its address), ``flow`` by structure
        or words, else ``outside``. After the flow is over, every page is ``outside``."""
        if self.ledger.flow_done:
            return "outside"
        flow, consequence = _says(normalize(" ".join([title, text, *names])))
        final_control = any(_final_named(n) for n in names)
        if self.acting(url) or final_control or (flow and consequence):
            return "final"
        if self.ledger.in_flow(url) or flow or FLOW.search(normalize(urlsplit(url).path)):
            return "flow"
        return "outside"

    def classify_snapshot(self, snapshot: Snapshot, text: str = "") -> PageClass:
        names = [e.name for e in snapshot.elements]
        return self.classify(
            url=snapshot.page.url,
            title=snapshot.page.title,
            text=text or snapshot.page.text,
            names=names,
            lang=snapshot.page.lang,
        )

    def acting(self, url: str) -> bool:
        """An address that acts (``judging.acts``), or one of the service's irreversible ones."""
        return acts(url, self.irreversible_urls)

    def where(self, url: str, words: str, lang: str) -> Where:
        """What the floor reads of the run, for a page at ``url``."""
        here = site(urlsplit(url).netloc)
        return Where(
            url=url,
            shown=frozenset(self.ledger.shown),
            flow_paths=self.flow_urls,
            flow_pages=frozenset(path for s, path in self.ledger.flow_pages if s == here),
            readable=readable(lang, words),
        )

    # -- actions ---------------------------------------------------------------------------

    def judge(
        self,
        call: ToolCall,
        element: Element,
        effect: ActionEffect | None,
        snapshot: Snapshot,
    ) -> Verdict:
        """Whether ``call`` on ``element`` needs a person's yes, from what it really does: the
        floor's reasons on a page of the flow by structure, then the words' (``judging``)."""
        if inspects(call.name) is None:
            return Verdict(False, "", "", "outside")
        if effect is None:
            return self._unread(call, element, snapshot)
        action, where = self._action(call, element, effect, snapshot)
        # the floor: structure only, never taken back by words
        firm: list[str] = []
        if self.ledger.is_suspect(effect):
            firm.append("last time this control sent something nobody approved")
        built = floor(call.name, effect, where)
        if action.structural:
            firm += built
        return decide(action, firm, _question(call, element, effect), commits=bool(built))

    def _unread(self, call: ToolCall, element: Element, snapshot: Snapshot) -> Verdict:
        """The live page could not be read: judge by the snapshot, and ask."""
        page = self.classify_snapshot(snapshot)
        verb = tool_verb(call.name)
        question = f'{verb} "{shown(element.name, NAME)}" ({element.role})'
        if page == "outside" and not _final_named(element.name):
            return Verdict(False, "", question, page)
        return Verdict(
            True, "what it would do could not be read on the page", question, page, in_flow=True
        )

    def _action(
        self, call: ToolCall, element: Element, effect: ActionEffect, snapshot: Snapshot
    ) -> tuple[Action, Where]:
        """What the rules read of this action, and what the floor reads of its page."""
        target = effect.target
        names = tuple(normalize(n) for n in (target.name, target.text, element.name) if n.strip())
        page_url = effect.page_url or snapshot.page.url
        title = effect.page_title or snapshot.page.title
        lang = effect.page_lang or snapshot.page.lang
        every = [e.name for e in snapshot.elements] + [target.name, target.text]
        page = self.classify(url=page_url, title=title, text=effect.page_text, names=every)
        structural = not self.ledger.flow_done and (
            self.ledger.in_flow(page_url) or self.ledger.in_flow(snapshot.page.url)
        )
        words = normalize(" ".join([title, effect.page_text, *every]))
        shown_here = frozenset(self.ledger.shown)
        action = Action(
            call.name, effect, names, page, structural, shown_here, self.irreversible_urls
        )
        return action, self.where(page_url, words, lang)

    # -- the network backstop ----------------------------------------------------------------

    def request_guard(
        self,
        verdict: Verdict,
        approved: bool,
        page_url: str,
        expected: str = "",
        frame_url: str = "",
        *,
        words: str = "",
        lang: str = "",
    ) -> RequestGuard | None:
        """What the page may send while an unapproved action runs (and after, until the next
        action or a new document: ``NetworkBackstop``).

        A write is any method but GET, HEAD and OPTIONS: a beacon (``sendBeacon``, a POST of
        type ping), a keepalive fetch and a WebSocket message (method SEND) are writes too.
        On a page of the flow (by structure): no write to any host, no navigation that carries
        state or (on a page it cannot read) goes anywhere new unless the control declared it
        and the gate let it go, no script request carrying values to the site. On every other
        page: no write to the page's own site or the frame's (a Turkish or Czech final step
        reads as "outside" to words, but it still has to write), no write navigation; a beacon
        or a socket's message to another site is telemetry there, and goes. On a page
        whose words make it final, a navigation must also be the one the control declares.
        Held navigations are answered 204 (the page stays); the control asks on its next try.
        """
        if approved or self.ledger.flow_done:
            return None
        where = self.where(page_url, words, lang)
        return Hold.of(verdict, where, self.irreversible_urls, expected, frame_url)


def _question(call: ToolCall, element: Element, effect: ActionEffect) -> str:
    """What the person is asked about: the element the action really lands on."""
    target = effect.target
    verb = tool_verb(call.name)
    named = target.name or target.text or element.name or "(no name)"
    question = f'{verb} "{shown(named, NAME)}" ({target.role or target.tag})'
    if effect.lands_elsewhere and element.name and normalize(element.name) != normalize(named):
        question += f', which a click on "{shown(element.name, NAME)}" ({element.role}) would reach'
    return question


def final_candidates(snapshot: Snapshot) -> list[Element]:
    """Controls of a snapshot named as the final step (what a page checkpoint approves)."""
    return [
        e
        for e in snapshot.elements
        if e.role in ("button", "link", "menuitem") and _final_named(e.name)
    ]


# A page's words and names repeat from snapshot to snapshot, and the vocabularies are long
# alternations: each string is searched once (~1 ms a snapshot on a small page otherwise).
@functools.lru_cache(maxsize=4096)
def _final_named(name: str) -> bool:
    """Whether a control's name says it is the final step."""
    return bool(FINAL.search(normalize(name)))


@functools.lru_cache(maxsize=256)
def _says(words: str) -> tuple[bool, bool]:
    """Whether normalised page words speak of the flow, and of its consequence."""
    return bool(FLOW.search(words)), bool(CONSEQUENCE.search(words))
