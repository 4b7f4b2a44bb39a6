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
from typing import Literal
from urllib.parse import urlsplit

from subterminator.browser.effect import ActionEffect, GuardedRequest
from subterminator.browser.protocol import RequestGuard
from subterminator.models.conversation import ToolCall
from subterminator.models.snapshot import Element, Snapshot
from subterminator.safety.floor import (
    Where,
    address,
    carries_state,
    changes,
    floor,
    navigation,
    quiet_click,
    site,
)
from subterminator.safety.ledger import ApprovalLedger, place
from subterminator.safety.text import normalize
from subterminator.safety.vocabulary import (
    ACTING_PAIR,
    ACTING_URL,
    AWAY,
    CONSEQUENCE,
    COOKIE,
    FINAL,
    FLOW,
    readable,
)
from subterminator.untrusted import NAME, shown

log = logging.getLogger(__name__)

PageClass = Literal["outside", "flow", "final"]
ACTION_TOOLS = frozenset({"browser_click", "browser_fill", "browser_select"})
ACTIVE_TAGS = frozenset({"a", "button", "input", "select", "textarea", "summary", "label"})
ACTIVE_ROLES = frozenset(
    {"button", "link", "checkbox", "radio", "switch", "menuitem", "option", "tab", "combobox"}
)
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
CHANGE_EVENTS = frozenset({"change", "input", "submit", "click", "pointerup", "mouseup", "keyup"})
CHANNEL_NAMES = {"ping": "a beacon", "websocket": "a WebSocket message"}
SCRIPTED_REQUESTS = frozenset({"fetch", "xhr", "eventsource", "websocket", "other"})
VERBS = {"browser_click": "Click", "browser_fill": "Type into", "browser_select": "Choose in"}


@dataclass(frozen=True)
class Verdict:
    """The gate's answer for one action; ``question`` is system-written, never the AI's."""

    ask: bool
    reason: str
    question: str
    page: PageClass
    allow_writes: bool = False  # a cookie banner's, outside the flow only
    by_page: bool = False  # asked only because of the page's words, not for itself
    in_flow: bool = False  # the page is in the cancellation flow by structure (the floor's)
    commits: bool = False  # by structure it may commit (the floor would ask on a flow page)
    writes: bool = False  # it submits a form that writes, or runs a script that may


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

    @property
    def refused(self) -> int:
        return self.ledger.refused

    @property
    def approved_after_refusal(self) -> bool:
        return self.ledger.approved_after_refusal

    @property
    def flow_done(self) -> bool:
        return self.ledger.flow_done

    # -- pages -----------------------------------------------------------------------------

    def classify(
        self, *, url: str, title: str, text: str, names: list[str], lang: str = ""
    ) -> PageClass:
        """Where the page stands: ``final`` by its words (or its address), ``flow`` by structure
        or words, else ``outside``. After the flow is over, every page is ``outside``."""
        if self.flow_done:
            return "outside"
        flow, consequence = _says(normalize(" ".join([title, text, *names])))
        final_control = any(_final_named(n) for n in names)
        if self.acting(url) or final_control or (flow and consequence):
            return "final"
        if self.in_flow(url) or flow or FLOW.search(normalize(urlsplit(url).path)):
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

    def saw(self, url: str, *, worded: PageClass = "outside") -> None:
        self.ledger.saw(url, worded=worded)

    def in_flow(self, url: str) -> bool:
        return self.ledger.in_flow(url)

    def conclude(self) -> None:
        self.ledger.conclude()

    def acting(self, url: str) -> bool:
        """An address that acts, by its endpoint (the last path segment) and its query: a
        folder on the way there (``/finish-setup/account``) says nothing."""
        if not url:
            return False
        parts = urlsplit(url)
        segments = parts.path.rstrip("/").split("/")
        endpoint = f"{segments[-1]}?{parts.query}"
        last_two = "/".join(segments[-2:])  # "do/cancel", "cancel/now"
        return bool(ACTING_URL.search(endpoint) or ACTING_PAIR.search(last_two)) or any(
            p in url for p in self.irreversible_urls
        )

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
        """Whether ``call`` on ``element`` needs a person's yes, from what it really does."""
        verb = VERBS.get(call.name, call.name)
        if call.name not in ACTION_TOOLS:
            return Verdict(False, "", "", "outside")
        if effect is None:  # the live page could not be read: judge by the snapshot, and ask
            page = self.classify_snapshot(snapshot)
            question = f'{verb} "{shown(element.name, NAME)}" ({element.role})'
            if page == "outside" and not _final_named(element.name):
                return Verdict(False, "", question, page)
            return Verdict(
                True, "what it would do could not be read on the page", question, page, in_flow=True
            )
        target = effect.target
        named = target.name or target.text or element.name or "(no name)"
        question = f'{verb} "{shown(named, NAME)}" ({target.role or target.tag})'
        if effect.lands_elsewhere and element.name and normalize(element.name) != normalize(named):
            question += (
                f', which a click on "{shown(element.name, NAME)}" ({element.role}) would reach'
            )
        names = [normalize(n) for n in (target.name, target.text, element.name) if n.strip()]
        page_url = effect.page_url or snapshot.page.url
        title = effect.page_title or snapshot.page.title
        lang = effect.page_lang or snapshot.page.lang
        every = [e.name for e in snapshot.elements] + [target.name, target.text]
        page = self.classify(url=page_url, title=title, text=effect.page_text, names=every)
        structural = not self.flow_done and (
            self.in_flow(page_url) or self.in_flow(snapshot.page.url)
        )
        words = normalize(" ".join([title, effect.page_text, *every]))
        # the floor: structure only, never taken back by words
        firm: list[str] = []
        if self.ledger.is_suspect(effect):
            firm.append("last time this control sent something nobody approved")
        built = floor(call.name, effect, self.where(page_url, words, lang))
        loud = set(target.handlers) - set(target.quiet)
        writes = (target.submits and target.form_method not in (*SAFE_METHODS, "DIALOG")) or (
            not target.submits and not target.href and bool(loud)
        )
        if structural:
            firm += built
        # words: they add reasons; cookie and decline words take back only these
        soft: list[str] = []
        if any(FINAL.search(n) for n in names):
            soft.append("it is named as a final, irreversible step")
        goes_to = target.form_action if target.submits else target.href
        if self.acting(goes_to):
            soft.append(f"it goes to {_short(goes_to)}, an address that acts")
        cookie = _cookie(effect, names)
        if page != "outside" and not structural:
            if effect.opaque:
                soft.append(f"the click lands inside a {effect.opaque}, which cannot be read")
            if target.submits and target.form_method not in SAFE_METHODS and not cookie:
                soft.append(f"it submits a form ({target.form_method} {_short(goes_to)})")
            loud = set(target.handlers) - set(target.quiet)
            if changes(call.name, effect) and CHANGE_EVENTS & loud:
                soft.append("the page acts on its change (handlers may submit)")
        reasons = firm + soft
        if page == "final" and not reasons and not self._known_safe(effect, names, cookie):
            reason = (
                "this page offers or states the final cancellation step; only going back, "
                "expanding a section, closing a dialog, declining an offer or dismissing cookies "
                "is known to be safe here"
            )
            return Verdict(
                True,
                reason,
                question,
                page,
                by_page=True,
                in_flow=structural,
                commits=bool(built),
                writes=writes,
            )
        if reasons:
            return Verdict(
                True,
                "; ".join(reasons),
                question,
                page,
                in_flow=structural,
                commits=bool(built),
                writes=writes,
            )
        return Verdict(
            False,
            "",
            question,
            page,
            allow_writes=cookie and not structural,
            in_flow=structural,
            commits=bool(built),
            writes=writes,
        )

    def _known_safe(self, effect: ActionEffect, names: list[str], cookie: bool) -> bool:
        target = effect.target
        if effect.opaque:
            return False
        if cookie:
            return True
        if quiet_click(effect) and effect.action == "click":
            return True  # it can only change the page: a dialog's close, an overlay's dismiss
        if effect.action in ("fill", "select") and not target.submits:
            loud = set(target.handlers) - set(target.quiet)
            if not loud & CHANGE_EVENTS:
                return True  # a field whose change nothing listens for that could send
        navigates = bool(target.href and urlsplit(target.href).path) or target.submits
        same_page = target.href and not navigates
        if target.submits and target.form_method == "DIALOG":
            return True
        loud = set(target.handlers) - set(target.quiet)
        plain_get = target.submits and target.form_method == "GET" and not target.form_values
        goes_to = target.form_action if target.submits else target.href
        back = (
            bool(goes_to)
            and (plain_get or not target.submits)
            and address(goes_to) in self.ledger.shown
        )
        if back and not loud:
            return True  # back to a page this run has shown (a link, an empty GET form)
        if (target.expanded is not None or target.tag == "summary") and not target.submits:
            return not navigates or bool(same_page) or target.href.endswith("#")
        own = loud - {"change", "input", "submit"}
        if names and all(AWAY.search(n) for n in names):
            # it must do what it says: no script of its own that could do something else, and
            # a way back leads back, to a page this run has already shown (found by
            # tests/properties/test_gate_laws.py: a link named "Go back" whose address cancels
            # by a GET went through with every approval refused)
            honest = not own and (not target.submits or target.form_method in SAFE_METHODS)
            goes_to = target.form_action if target.submits else target.href
            places = {place(u) for u in self.ledger.shown}
            return honest and (not navigates or same_page or place(goes_to) in places)
        inert = (
            target.tag not in ACTIVE_TAGS
            and target.role not in ACTIVE_ROLES
            and not loud
            and not target.href
        )
        return effect.action == "click" and inert

    # -- approvals (the ledger's; kept here for callers that hold only the gate) ----------

    def grant(
        self, snapshot_id: str, handle: str, name: str, effect: ActionEffect | None = None
    ) -> None:
        self.ledger.grant(snapshot_id, handle, name, effect)

    def redeem(self, snapshot_id: str, element_handle: str | None, effect: ActionEffect) -> bool:
        return self.ledger.redeem(snapshot_id, element_handle, effect)

    def forget_grants(self, snapshot_id: str) -> None:
        self.ledger.forget_grants(snapshot_id)

    def suspect(self, effect: ActionEffect) -> None:
        self.ledger.suspect(effect)

    def answered(self, approved: bool) -> None:
        self.ledger.answered(approved)

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
        if approved or self.flow_done:
            return None
        sites = {site(urlsplit(u).netloc) for u in (page_url, frame_url) if u}
        declared = urlsplit(expected)
        structural = verdict.in_flow
        where = self.where(page_url, words, lang)

        def guard(request: GuardedRequest) -> str | None:
            if self.acting(request.url):
                return "an address that acts, during an action nobody approved"
            dest = urlsplit(request.url)
            undeclared = (dest.netloc, dest.path) != (declared.netloc, declared.path)
            if request.method not in SAFE_METHODS:  # a beacon, a socket's message included
                what = CHANNEL_NAMES.get(request.resource_type, f"a {request.method}")
                if structural:
                    return f"{what} from a page of the cancellation flow"
                if verdict.allow_writes:
                    return None
                if request.navigation or site(dest.netloc) in sites:
                    return f"{what} from a cancellation page, nobody approved it"
                return None  # to another site, off the flow: telemetry
            if request.navigation:
                if verdict.page == "final" and undeclared and not verdict.allow_writes:
                    return "a navigation the control did not declare, from the final page"
                if structural and undeclared:
                    why = navigation(request.url, where)
                    if why:
                        return f"a navigation nobody approved: {why}"
                return None
            scripted = request.resource_type in SCRIPTED_REQUESTS
            if structural and scripted and site(dest.netloc) in sites:
                why = carries_state(request.url, where)
                if why:
                    return f"a request nobody approved from a page of the flow: {why}"
            return None

        return guard


def _cookie(effect: ActionEffect, names: list[str]) -> bool:
    where = normalize(effect.target.container)
    if not (COOKIE.search(where) or any(COOKIE.search(n) for n in names)):
        return False
    return not any(FINAL.search(n) for n in names) and not effect.opaque


def _short(url: str) -> str:
    parts = urlsplit(url)
    return (parts.path + (f"?{parts.query}" if parts.query else ""))[:80] or url[:80]


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
