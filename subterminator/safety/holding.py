"""What the page may send while an unapproved action runs: the network backstop's rules.

A request is read by what it is, one table entry per kind: a write (any method but GET, HEAD
and OPTIONS: a beacon, a keepalive fetch and a WebSocket message too), a navigation, or a
script's read. An address that acts is held before any of them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal
from urllib.parse import SplitResult, urlsplit

from subterminator.browser.effect import GuardedRequest
from subterminator.safety.floor import Where, carries_state, navigation, site
from subterminator.safety.judging import acts
from subterminator.safety.verdict import SAFE_METHODS, Verdict

CHANNEL_NAMES = {"ping": "a beacon", "websocket": "a WebSocket message"}
SCRIPTED_REQUESTS = frozenset({"fetch", "xhr", "eventsource", "websocket", "other"})
Kind = Literal["write", "navigation", "read"]


@dataclass(frozen=True)
class Hold:
    """The facts a guard reads, fixed when the unapproved action starts; called per request,
    it says why the request is held (``None``: it goes)."""

    verdict: Verdict
    sites: frozenset[str]  # the page's site and its frame's
    declared: SplitResult  # where the control said it goes
    where: Where
    irreversible: tuple[str, ...]

    @classmethod
    def of(
        cls,
        verdict: Verdict,
        where: Where,
        irreversible: tuple[str, ...],
        expected: str = "",
        frame_url: str = "",
    ) -> Hold:
        sites = frozenset(site(urlsplit(u).netloc) for u in (where.url, frame_url) if u)
        return cls(verdict, sites, urlsplit(expected), where, irreversible)

    def __call__(self, request: GuardedRequest) -> str | None:
        if acts(request.url, self.irreversible):
            return "an address that acts, during an action nobody approved"
        return BY_KIND[kind(request)](self, request)

    def undeclared(self, url: str) -> bool:
        dest = urlsplit(url)
        return (dest.netloc, dest.path) != (self.declared.netloc, self.declared.path)


def kind(request: GuardedRequest) -> Kind:
    if request.method not in SAFE_METHODS:  # a beacon, a socket's message included
        return "write"
    return "navigation" if request.navigation else "read"


def _write(hold: Hold, request: GuardedRequest) -> str | None:
    what = CHANNEL_NAMES.get(request.resource_type, f"a {request.method}")
    if hold.verdict.in_flow:
        return f"{what} from a page of the cancellation flow"
    if hold.verdict.allow_writes:
        return None
    if request.navigation:
        return f"{what} that navigates, during an action nobody approved"
    if site(urlsplit(request.url).netloc) in hold.sites:
        return f"{what} to the page's own site, during an action nobody approved"
    return None  # to another site, off the flow: telemetry


def _navigation(hold: Hold, request: GuardedRequest) -> str | None:
    verdict, undeclared = hold.verdict, hold.undeclared(request.url)
    if verdict.page == "final" and undeclared and not verdict.allow_writes:
        return "a navigation the control did not declare, from the final page"
    if verdict.in_flow and undeclared:
        why = navigation(request.url, hold.where)
        if why:
            return f"a navigation nobody approved: {why}"
    return None


def _read(hold: Hold, request: GuardedRequest) -> str | None:
    scripted = request.resource_type in SCRIPTED_REQUESTS
    own_site = site(urlsplit(request.url).netloc) in hold.sites
    if hold.verdict.in_flow and scripted and own_site:
        why = carries_state(request.url, hold.where)
        if why:
            return f"a request nobody approved from a page of the flow: {why}"
    return None


BY_KIND: dict[Kind, Callable[[Hold, GuardedRequest], str | None]] = {
    "write": _write,
    "navigation": _navigation,
    "read": _read,
}
