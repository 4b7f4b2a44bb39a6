"""``SafetyGate``: may this action run now, or must a person say yes first?

The orchestrator asks it before every action, with what the action will really do on the live
page (``ActionEffect``: the element the click lands on, its form, link and handlers, the page's
visible text), and after every snapshot. It is pure: no browser, no I/O, so every AI (Claude,
the offline policy, scripts, replays) meets the same judgment and tests need no Chromium.

The judgment, in order:

- outside the cancellation flow, only a control named as a final step or one that goes to an
  endpoint that acts asks;
- on a flow page (it talks about cancelling), also a non-GET form submission, a field or box
  whose change handler may submit, and a click that lands where we cannot see (a cross-origin
  frame, a closed shadow root);
- on the final page (it states what the last step will do, or offers it), anything not known to
  be safe asks: going back or away, expanding a section, declining, dismissing cookies, a click
  on nothing that acts. Unknown means ask;
- on every page, whatever the words, the network backstop (``request_guard``) holds a write
  that an unapproved action sends; the control then asks on its next try.

An approval covers one action on one element in one snapshot, once. After the approved final
step has run (an action that asked for itself, after which no final step is offered), the flow
is over and only final-step controls (delete account...) ask.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Literal
from urllib.parse import urlsplit

from subterminator.ai.protocol import ToolCall
from subterminator.browser.effect import ActionEffect, GuardedRequest
from subterminator.browser.protocol import RequestGuard
from subterminator.models.snapshot import Element, Snapshot
from subterminator.safety.text import normalize
from subterminator.safety.vocabulary import ACTING_URL, AWAY, CONSEQUENCE, COOKIE, FINAL, FLOW

log = logging.getLogger(__name__)

PageClass = Literal["outside", "flow", "final"]
ACTION_TOOLS = frozenset({"browser_click", "browser_fill", "browser_select"})
ACTIVE_TAGS = frozenset({"a", "button", "input", "select", "textarea", "summary", "label"})
ACTIVE_ROLES = frozenset(
    {"button", "link", "checkbox", "radio", "switch", "menuitem", "option", "tab", "combobox"}
)
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
CHANGE_EVENTS = frozenset({"change", "input", "submit", "click", "pointerup", "mouseup", "keyup"})
VERBS = {"browser_click": "Click", "browser_fill": "Type into", "browser_select": "Choose in"}


@dataclass(frozen=True)
class Verdict:
    """The gate's answer for one action; ``question`` is system-written, never the AI's."""

    ask: bool
    reason: str
    question: str
    page: PageClass
    allow_writes: bool = False  # a known-safe control that may POST (a cookie banner's)
    by_page: bool = False  # asked only because the page offers the final step, not for itself


@dataclass
class _Grant:
    snapshot_id: str
    handle: str
    name: str
    signature: str | None  # what the control did when approved (ActionEffect.signature)


@dataclass
class SafetyGate:
    """Judges actions; holds the approvals granted and refused in one run."""

    irreversible_urls: tuple[str, ...] = ()
    flow_urls: tuple[str, ...] = ()
    grants: list[_Grant] = field(default_factory=list)
    suspects: set[str] = field(default_factory=set)  # controls whose action the backstop held
    refused: int = 0
    approved_after_refusal: bool = False
    flow_done: bool = False  # the approved final step has run
    visited: set[tuple[str, str]] = field(default_factory=set)  # (host, path) of pages shown

    # -- pages -----------------------------------------------------------------------------

    def classify(self, *, url: str, title: str, text: str, names: list[str]) -> PageClass:
        """Where the page stands in the cancellation flow, read from its words."""
        words = normalize(" ".join([title, text, *names]))
        controls = [normalize(n) for n in names]
        final_control = any(FINAL.search(n) for n in controls)
        if self.flow_done:
            return "outside"
        if self._acting(url) or final_control or (FLOW.search(words) and CONSEQUENCE.search(words)):
            return "final"
        path = urlsplit(url).path
        if (
            FLOW.search(words)
            or FLOW.search(normalize(path))
            or any(p in path for p in self.flow_urls)
        ):
            return "flow"
        return "outside"

    def classify_snapshot(self, snapshot: Snapshot, text: str = "") -> PageClass:
        names = [e.name for e in snapshot.elements]
        return self.classify(
            url=snapshot.page.url, title=snapshot.page.title, text=text, names=names
        )

    def saw(self, url: str) -> None:
        """A page this run has shown: a way back may lead there without asking."""
        self.visited.add(_place(url))

    def _acting(self, url: str) -> bool:
        if not url:
            return False
        parts = urlsplit(url)
        where = f"{parts.path}?{parts.query}"
        return bool(ACTING_URL.search(where)) or any(p in url for p in self.irreversible_urls)

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
            question = f'{verb} "{element.name}" ({element.role})'
            if page == "outside" and not FINAL.search(normalize(element.name)):
                return Verdict(False, "", question, page)
            return Verdict(True, "what it would do could not be read on the page", question, page)
        target = effect.target
        shown = target.name or target.text or element.name or "(no name)"
        question = f'{verb} "{shown}" ({target.role or target.tag})'
        if effect.lands_elsewhere and element.name and normalize(element.name) != normalize(shown):
            question += f', which a click on "{element.name}" ({element.role}) would reach'
        names = [normalize(n) for n in (target.name, target.text, element.name) if n.strip()]
        page = self.classify(
            url=effect.page_url or snapshot.page.url,
            title=effect.page_title or snapshot.page.title,
            text=effect.page_text,
            names=[e.name for e in snapshot.elements] + [target.name, target.text],
        )
        reasons: list[str] = []
        if self.suspect_key(effect) in self.suspects:
            reasons.append("last time this control sent something nobody approved")
        if any(FINAL.search(n) for n in names):
            reasons.append("it is named as a final, irreversible step")
        goes_to = target.form_action if target.submits else target.href
        if self._acting(goes_to):
            reasons.append(f"it goes to {_short(goes_to)}, an address that acts")
        cookie = _cookie(effect, names)
        if page != "outside":
            if effect.opaque:
                reasons.append(f"the click lands inside a {effect.opaque}, which cannot be read")
            if target.submits and target.form_method not in SAFE_METHODS and not cookie:
                reasons.append(f"it submits a form ({target.form_method} {_short(goes_to)})")
            if _changes(call, effect) and CHANGE_EVENTS & set(target.handlers):
                reasons.append("the page acts on its change (handlers may submit)")
        if page == "final" and not reasons and not self._known_safe(effect, names, cookie):
            reason = (
                "this page offers the final cancellation step; only going back, expanding a "
                "section, declining an offer or dismissing cookies is known to be safe here"
            )
            return Verdict(True, reason, question, page, by_page=True)
        if reasons:
            return Verdict(True, "; ".join(reasons), question, page)
        return Verdict(False, "", question, page, allow_writes=cookie)

    def _known_safe(self, effect: ActionEffect, names: list[str], cookie: bool) -> bool:
        target = effect.target
        if effect.opaque:
            return False
        if cookie:
            return True
        navigates = bool(target.href and urlsplit(target.href).path) or target.submits
        same_page = target.href and not navigates
        if (target.expanded is not None or target.tag == "summary") and not target.submits:
            return not navigates or bool(same_page) or target.href.endswith("#")
        own = set(target.handlers) - {"change", "input", "submit"}
        if names and all(AWAY.search(n) for n in names):
            # it must do what it says: no script of its own that could do something else, and
            # a way back leads back, to a page this run has already shown (found by
            # tests/properties/test_gate_laws.py: a link named "Go back" whose address cancels
            # by a GET went through with every approval refused)
            honest = not own and (not target.submits or target.form_method in SAFE_METHODS)
            goes_to = target.form_action if target.submits else target.href
            return honest and (not navigates or same_page or _place(goes_to) in self.visited)
        inert = (
            target.tag not in ACTIVE_TAGS
            and target.role not in ACTIVE_ROLES
            and not target.handlers
            and not target.href
        )
        return effect.action == "click" and inert

    # -- approvals -------------------------------------------------------------------------

    def grant(
        self, snapshot_id: str, handle: str, name: str, effect: ActionEffect | None = None
    ) -> None:
        """A person's yes for one element of one snapshot; redeemed once, by that action."""
        signature = effect.signature() if effect is not None else None
        self.grants.append(_Grant(snapshot_id, handle, normalize(name), signature))

    def redeem(self, snapshot_id: str, element_handle: str | None, effect: ActionEffect) -> bool:
        """Use a grant if this very action is the one approved; the page may not have changed."""
        if effect.lands_elsewhere or effect.opaque or element_handle is None:
            return False
        live = {normalize(effect.target.name), normalize(effect.target.text)}
        for grant in self.grants:
            if (
                grant.snapshot_id == snapshot_id
                and grant.handle == element_handle
                and grant.name in live
                and grant.signature in (None, effect.signature())
            ):
                self.grants.remove(grant)
                return True
        return False

    def forget_grants(self, snapshot_id: str) -> None:
        """Any page change ends every grant given on an older snapshot."""
        self.grants = [g for g in self.grants if g.snapshot_id == snapshot_id]

    @staticmethod
    def suspect_key(effect: ActionEffect) -> str:
        """A control as it survives a reload: page address, tag and name."""
        t = effect.target
        page = urlsplit(effect.page_url)
        if t.tag in ("textarea", "select") or (
            t.tag == "input" and t.input_type not in ("submit", "button", "image", "reset")
        ):
            # a field's name is read from its value, which the action changes: the field is
            # known by its kind and form (found by tests/properties/test_gate_laws.py: a text
            # box held once was never asked about on its next try)
            return f"{page.netloc}{page.path}|{t.tag}|{t.input_type}|{t.form_action}"
        return f"{page.netloc}{page.path}|{t.tag}|{normalize(t.name or t.text)}"

    def suspect(self, effect: ActionEffect) -> None:
        """The backstop held what this control sent: from now on it asks."""
        self.suspects.add(self.suspect_key(effect))

    def answered(self, approved: bool) -> None:
        if not approved:
            self.refused += 1
        elif self.refused:
            self.approved_after_refusal = True

    def ran_approved(self, verdict: Verdict, after: Snapshot | None = None) -> None:
        """An approved action ran: was it the final step? Then the flow is over.

        Not when it asked only because of the page it was on (a "No thanks" on the final
        page), nor while the page it led to still offers a final step: a yes for one control
        must not wave the next one through.
        """
        if verdict.page != "final" or verdict.by_page:
            return
        if after is not None and any("disabled" not in e.state for e in final_candidates(after)):
            return
        self.flow_done = True

    # -- the network backstop ----------------------------------------------------------------

    def request_guard(
        self,
        verdict: Verdict,
        approved: bool,
        page_url: str,
        expected: str = "",
        frame_url: str = "",
    ) -> RequestGuard | None:
        """What the page may send while an unapproved action runs, on any page.

        Writes (a non-GET navigation, or a non-GET fetch to the page's own host or to the host
        of the frame the control sits in) are held on every page, not only on pages the
        vocabulary knows as the flow: a Turkish or Czech final step reads as "outside" to
        words, but it still has to write. On the final page a navigation must also be the one
        the control declares (its link or GET form): a "Go back" whose script goes elsewhere is
        held.
        """
        if approved or self.flow_done:
            return None
        sites = {urlsplit(u).netloc for u in (page_url, frame_url) if u}
        declared = urlsplit(expected)

        def guard(request: GuardedRequest) -> str | None:
            if request.resource_type == "ping":
                return None  # sendBeacon / <a ping>: telemetry, which never asks
            if self._acting(request.url):
                return "an address that acts, during an action nobody approved"
            where = urlsplit(request.url)
            undeclared = (where.netloc, where.path) != (declared.netloc, declared.path)
            final_nav = verdict.page == "final" and request.navigation and not verdict.allow_writes
            if final_nav and undeclared:
                return "a navigation the control did not declare, from the final page"
            if request.method in SAFE_METHODS or verdict.allow_writes:
                return None
            if request.navigation or where.netloc in sites:
                return f"a {request.method} from a cancellation page, during an unapproved action"
            return None

        return guard


def _cookie(effect: ActionEffect, names: list[str]) -> bool:
    where = normalize(effect.target.container)
    if not (COOKIE.search(where) or any(COOKIE.search(n) for n in names)):
        return False
    return not any(FINAL.search(n) for n in names) and not effect.opaque


def _changes(call: ToolCall, effect: ActionEffect) -> bool:
    target = effect.target
    if call.name in ("browser_fill", "browser_select"):
        return True
    return target.input_type in ("checkbox", "radio") or target.role in (
        "switch",
        "checkbox",
        "radio",
    )


def _place(url: str) -> tuple[str, str]:
    parts = urlsplit(url)
    return parts.netloc, parts.path.rstrip("/") or "/"


def _short(url: str) -> str:
    parts = urlsplit(url)
    return (parts.path + (f"?{parts.query}" if parts.query else ""))[:80] or url[:80]


def final_candidates(snapshot: Snapshot) -> list[Element]:
    """Controls of a snapshot named as the final step (what a page checkpoint approves)."""
    return [
        e
        for e in snapshot.elements
        if e.role in ("button", "link", "menuitem") and FINAL.search(normalize(e.name))
    ]
