"""What the offline policy remembers between turns: what it tried, where, and what it learnt."""

from __future__ import annotations

from dataclasses import dataclass, field

from subterminator.models.snapshot import Snapshot
from subterminator.offline.controls import Control, Decision, tool
from subterminator.outcome.subscriptions import ADD_ON, Subscription
from subterminator.services.base import ServiceConfig

Key = tuple[str, str, str, str]
"""A control in a place: (page, role, name, context)."""


def page_of(url: str) -> str:
    """A page's address without its query or fragment."""
    return url.split("#", 1)[0].split("?", 1)[0]


@dataclass
class Memory:
    """One run's memory; every step reads and writes it, nothing else does."""

    service: ServiceConfig
    tried: set[Key] = field(default_factory=set)
    scrolled_to: dict[str, int] = field(default_factory=dict)  # url -> scroll_y after a scroll
    looked_whole: set[str] = field(default_factory=set)  # urls whose whole page we asked to see
    unverified: int = 0
    final_clicked: bool = False
    started: bool = False  # a control that starts or continues cancelling was clicked
    last: Key | None = None  # the last control clicked
    blocked: bool = False  # that click was stopped by something covering the page
    listed: list[str] = field(default_factory=list)  # a <select>'s options, from its error
    probed: set[Key] = field(default_factory=set)  # selects asked for their options
    doubted: set[str] = field(default_factory=set)  # pages where a success claim was not taken
    typed: set[tuple[str, str]] = field(default_factory=set)  # (page, field) a word went into
    # several subscriptions on one account: the one the person named, those they did not
    chosen: str = ""  # normalised name
    not_chosen: set[str] = field(default_factory=set)
    asking: str = ""  # the subscription a question about it is out for
    target: Subscription | None = None  # on this page, when it lists several
    others: set[str] = field(default_factory=set)  # the other subscriptions listed (normalised)
    subs_seen: set[str] = field(default_factory=set)  # every subscription listed (normalised)
    # structure, where words fail: the pages seen, each control's pages (one on several is
    # the site's chrome: its menu, its footer), and the pages first seen inside the flow
    visited: set[str] = field(default_factory=set)
    shown_on: dict[tuple[str, str], set[str]] = field(default_factory=dict)
    flow_pages: set[str] = field(default_factory=set)
    primaries: int = 0  # flow pages' one action pressed (bounded: each asks the gate)
    way_ins: int = 0  # links followed by where they stand, not by their words
    retreats: int = 0  # ways back taken after such a link led nowhere

    @staticmethod
    def key(snapshot: Snapshot, control: Control) -> Key:
        return (snapshot.page.url, control.role, control.name, control.context)

    def click(self, snapshot: Snapshot, control: Control, why: str) -> Decision:
        self.last = self.key(snapshot, control)
        self.tried.add(self.last)
        return tool("browser_click", {"ref": control.ref}, why)

    def remember(self, snapshot: Snapshot, controls: list[Control]) -> None:
        """Which pages each control is shown on, and which pages were first seen in the flow."""
        url = page_of(snapshot.page.url)
        if url not in self.visited:
            self.visited.add(url)
            if self.started:
                self.flow_pages.add(url)
        for control in controls:
            self.shown_on.setdefault((control.role, control.name), set()).add(url)

    def chrome(self, snapshot: Snapshot, control: Control) -> bool:
        """Shown on another page too: the site's header, menu or footer, not this page's own."""
        pages = self.shown_on.get((control.role, control.name), set())
        return bool(pages - {page_of(snapshot.page.url)})

    def elsewhere(self, control: Control) -> bool:
        """A control of another subscription than the target: under the heading of one a page
        listed before, or (with no target named, the membership being it) named as an add-on."""
        if control.context in self.others:
            return True
        if self.service.target or self.chosen or self.target is not None:
            return False
        return bool(ADD_ON.search(control.name))
