"""``ApprovalLedger``: the one owner of a run's approvals and of where the flow stands.

The gate judges (pure); the ledger remembers. Every front door (the conversation loop, the MCP
server) reads and writes approvals here only, through the gated tool layer: grants a person
gave and which action may redeem them, refusals, controls the backstop caught sending, the
pages of the cancellation flow this run has shown, and whether an approved step has run.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime
from urllib.parse import urlsplit

from subterminator.browser.effect import ActionEffect
from subterminator.safety.binding import changes
from subterminator.safety.floor import address, site
from subterminator.safety.text import normalize

PageWords = str  # "outside" | "flow" | "final": what a page's words say (the gate's PageClass)


@dataclass(frozen=True)
class ApprovedStep:
    """An action a person approved that ran: after it, no ending may say nothing happened."""

    action: str
    at: datetime
    url: str
    subscription: str = ""  # of several on the account, the one it was taken in (as printed)


@dataclass
class Grant:
    snapshot_id: str
    handle: str
    name: str
    signature: str | None  # what the control did when approved (ActionEffect.signature)
    effect: ActionEffect | None = None  # and all of it, for ``binding.changes``
    url: str = ""  # the address of the page it was given on ("": it is never carried)


@dataclass
class ApprovalLedger:
    flow_urls: tuple[str, ...] = ()
    # -- the flow ----------------------------------------------------------------------------
    shown: set[str] = field(default_factory=set)  # addresses of pages shown (no fragment)
    flow_pages: set[tuple[str, str]] = field(default_factory=set)  # (site, path), by structure
    here: str = ""  # the address of the page shown last
    here_worded: bool = False  # its words are about cancelling
    flow_done: bool = False  # the outcome judge read the cancelled state after an approved step
    # -- approvals ---------------------------------------------------------------------------
    grants: list[Grant] = field(default_factory=list)
    suspects: set[str] = field(default_factory=set)  # controls whose action the backstop held
    refused: int = 0
    approved_after_refusal: bool = False
    asked: bool = False  # a person was asked to approve a step of the flow
    rejected: bool = False  # a person said no (or nobody could answer)
    refusal: str = ""  # the last refusal, as the person is told it
    checkpoint_answers: dict[str, bool] = field(default_factory=dict)  # page state -> answer
    approved_step: ApprovedStep | None = None
    approved_write: bool = False  # an approved step that writes (by structure) ran
    # an approved action being executed, and the browser's action count before it
    # (written only by ``flying``)
    in_flight: tuple[str, int] | None = None
    in_flight_at: datetime | None = None  # when it began (the last one, once it returned)
    # -- several subscriptions on one account ----------------------------------------------
    subscription: str = ""  # the one the last action inside a list of them was taken in
    subscription_is_target: bool | None = None  # None: the service's target cannot tell
    others: list[str] = field(default_factory=list)  # approved steps taken in another one
    listed: dict[str, bool | None] = field(default_factory=dict)  # name (normalised) -> target?

    def use_flow_urls(self, flow_urls: tuple[str, ...]) -> None:
        """The service's flow addresses, when the ledger was made without any."""
        if not self.flow_urls:
            self.flow_urls = flow_urls

    # -- pages -----------------------------------------------------------------------------

    def saw(self, url: str, *, worded: PageWords = "outside") -> None:
        """A page this run has shown: a way back may lead there; and, reached from a page of
        the flow on the same site, it is a page of the flow too. ``worded``: what its words
        say (widening only): about cancelling, the pages reached from it are the flow's; the
        last page before the end, it is the flow's itself."""
        if not url:
            return
        if worded == "final":
            self.flow_pages.add(place(url))
        here = address(url)
        if here != self.here:
            came_from_flow = bool(self.here) and (self.in_flow(self.here) or self.here_worded)
            same_site = site(urlsplit(self.here).netloc) == site(urlsplit(url).netloc)
            if self.under_flow(url) or (came_from_flow and same_site):
                self.flow_pages.add(place(url))
            self.here = here
            self.here_worded = worded != "outside"
        self.here_worded = self.here_worded or worded != "outside"
        self.shown.add(here)

    def in_flow(self, url: str) -> bool:
        """A page of the cancellation flow by structure: a flow address, or reached from one."""
        return bool(url) and (self.under_flow(url) or place(url) in self.flow_pages)

    def under_flow(self, url: str) -> bool:
        path = urlsplit(url).path
        return any(p in path for p in self.flow_urls)

    def conclude(self) -> None:
        """The outcome judge read the cancelled state after an approved step: the flow is over."""
        self.flow_done = True

    # -- approvals -------------------------------------------------------------------------

    def grant(
        self,
        snapshot_id: str,
        handle: str,
        name: str,
        effect: ActionEffect | None = None,
        *,
        url: str = "",
    ) -> None:
        """A person's yes for one element of one snapshot; redeemed once, by that action."""
        signature = effect.signature() if effect is not None else None
        given = Grant(snapshot_id, handle, normalize(name), signature, effect, address(url))
        self.grants.append(given)

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
                and (grant.effect is None or not changes(grant.effect, effect))
            ):
                self.grants.remove(grant)
                return True
        return False

    def forget_grants(self, snapshot_id: str) -> None:
        """Any page change ends every grant given on an older snapshot."""
        self.grants = [g for g in self.grants if g.snapshot_id == snapshot_id]

    def carry_grants(self, snapshot_id: str, url: str, present: Mapping[str, str]) -> None:
        """A call that did nothing to the page (refused before it acted, or a read) returned
        snapshot ``snapshot_id``: a grant moves to it when it still shows its very element
        under the same name on the same address, and every other grant ends. ``present``
        names the snapshot's elements by handle, which is a node's identity: a new document
        or a re-rendered control is another node, so a yes never follows it. What the
        control does is compared again when the grant is redeemed."""
        kept = []
        for grant in self.grants:
            if grant.snapshot_id != snapshot_id:
                name = present.get(grant.handle)
                same = name is not None and normalize(name) == grant.name
                if not (same and grant.url and address(url) == grant.url):
                    continue
                grant = replace(grant, snapshot_id=snapshot_id)
            kept.append(grant)
        self.grants = kept

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

    def is_suspect(self, effect: ActionEffect) -> bool:
        return self.suspect_key(effect) in self.suspects

    def answered(self, approved: bool) -> None:
        """A person's answer about a step of the flow (an action or a page checkpoint)."""
        self.asked = True
        if not approved:
            self.refused += 1
        elif self.refused:
            self.approved_after_refusal = True

    def declined(self, refusal: str) -> None:
        """A no (or nobody to answer): the run may end only as the person's refusal, and no
        yes given before it is used after it (they may have changed their mind)."""
        self.rejected = True
        self.refusal = refusal
        self.grants = []

    def ran(self, action: str, url: str, *, writes: bool) -> None:
        """An approved action ran (or may have: it timed out)."""
        self.approved_write = self.approved_write or writes
        now = datetime.now().astimezone()
        self.approved_step = ApprovedStep(action, now, url, self.subscription)
        if self.subscription and self.subscription_is_target is False:
            self.others.append(self.subscription)

    @contextmanager
    def flying(self, action: str | None, acted: int) -> Iterator[None]:
        """An action being executed; ``action`` names it when a person approved it, with the
        browser's action count before it. Cleared when it returns, kept if it was interrupted
        (it may have run: an interrupt asks whether it did)."""
        if action is not None:
            self.in_flight = (action, acted)
            self.in_flight_at = datetime.now().astimezone()
        yield
        self.in_flight = None

    def checkpoint_answered(self, key: str, approved: bool) -> None:
        """A person's answer to a page checkpoint, for that very page state."""
        self.checkpoint_answers[key] = approved

    def list_subscription(self, key: str, is_target: bool | None) -> None:
        """One of several subscriptions a page lists (by normalised name), and whether it is
        the service's target (None: the target cannot tell)."""
        self.listed[key] = is_target

    def entered(self, subscription: str, is_target: bool | None) -> None:
        """An action inside one of several subscriptions the page lists: the steps after it,
        on its pages, are that subscription's."""
        self.subscription, self.subscription_is_target = subscription, is_target

    @property
    def refused_last(self) -> bool:
        """The person refused a step of the flow and approved none after."""
        return bool(self.refused) and not self.approved_after_refusal


def place(url: str) -> tuple[str, str]:
    parts = urlsplit(url)
    return site(parts.netloc), parts.path.rstrip("/") or "/"
