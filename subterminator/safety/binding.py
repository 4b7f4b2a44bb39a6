"""The yes is for what runs: what changed since a person approved, and what may then be sent.

A person answers a question about what a control does (its element, form, link, listeners);
the page runs on while they think. Two checks bind their yes to that:

- ``changes``: right before the approved action runs, the control is inspected again and
  compared with what the question showed. Any difference that alters what it does means the
  yes does not apply (``stack.bound.BoundYes`` asks again, saying what changed);
- ``bound_guard``: while the approved action runs, the page may send only what the question
  described: that form submission (its method and address) or that link, subresources, and
  scripted requests to the page's own site. A different navigation, or a write to another
  site, is held: a listener may still change the form in the click's own events.

Pure: no browser, no I/O. Structure only, never the page's words, so it holds in any language.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from subterminator.browser.effect import ActionEffect, GuardedRequest
from subterminator.browser.protocol import RequestGuard
from subterminator.safety.floor import address, site
from subterminator.safety.text import normalize

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
SHOWN = 160  # a value in "what changed" is cut to this many characters


@dataclass(frozen=True)
class Declared:
    """The one navigation a question described: a form's submission or a link's address."""

    method: str
    url: str
    any_query: bool  # a GET form: its query is the form's values, read as they are sent

    def matches(self, request: GuardedRequest) -> bool:
        if request.method != self.method:
            return False
        if not self.any_query:
            return address(request.url) == address(self.url)
        sent, meant = urlsplit(request.url), urlsplit(self.url)
        return (sent.scheme, sent.netloc, sent.path) == (meant.scheme, meant.netloc, meant.path)

    def describe(self) -> str:
        return f"{self.method} {address(self.url)}"


def declared(effect: ActionEffect | None) -> tuple[Declared, ...]:
    """The navigations the action declares: its form's submission, its link; for a control
    in a form whose own listeners may act (a choice that submits on change), that form's
    submission. Empty for a control that declares none, as a scripted button."""
    if effect is None or effect.opaque:
        return ()
    target = effect.target
    method = target.form_method or "GET"
    form: tuple[Declared, ...] = ()
    if target.form_action and method != "DIALOG":
        form = (Declared(method, target.form_action, any_query=method == "GET"),)
    if target.submits:
        return form
    page = effect.frame_url or effect.page_url
    link: tuple[Declared, ...] = ()
    if target.href and address(target.href) != address(page):
        link = (Declared("GET", target.href, any_query=False),)
    loud = set(target.handlers) - set(target.quiet)
    return link + (form if loud else ())


def what_it_does(effect: ActionEffect | None) -> str:
    """The approved action in a few words, for the reply that says what was held."""
    if effect is None:
        return "a control that could not be read"
    goes = declared(effect)
    t = effect.target
    shown = f'"{_cut(t.name or t.text, 60)}" ({t.role or t.tag})'
    return f"{shown}, which {_what(goes)}" if goes else shown


# -- what changed ------------------------------------------------------------------------------


def changes(before: ActionEffect | None, after: ActionEffect | None) -> list[str]:
    """What ``after`` does differently from ``before``, one line each; empty when the same.

    Compared: the element the event reaches (kind, role, name, where the click lands), its form
    submission (method and address), its link, where that opens, its listeners (their events and
    their code) and the page it is on. Its visible text and the page's words are not (a clock on
    the page must not ask again; a new name does)."""
    if before is None and after is None:
        return []
    if after is None:
        return ["what it does can no longer be read on the page"]
    if before is None:
        return [f"it can be read now: {what_it_does(after)}"]
    base = before.page_url
    found: list[str] = []

    def differ(what: str, old: str, new: str) -> None:
        if old != new:
            found.append(f"{what}: {_cut(old, SHOWN) or '(none)'} → {_cut(new, SHOWN) or '(none)'}")

    b, a = before.target, after.target
    differ("page", _url(address(before.page_url), base), _url(address(after.page_url), base))
    differ("element", _kind(before), _kind(after))
    if normalize(b.name) != normalize(a.name):
        differ("name", f'"{b.name}"', f'"{a.name}"')
    differ("form submission", _submission(before, base), _submission(after, base))
    differ("link", _url(b.href, base), _url(a.href, base))
    differ("opens in", b.link_target, a.link_target)
    differ("frame", _url(before.frame_url, base), _url(after.frame_url, base))
    if _events(before) != _events(after):
        differ("listeners", _events(before), _events(after))
    elif b.listeners != a.listeners:
        found.append("listeners: the code they run was replaced")
    return found


def _kind(effect: ActionEffect) -> str:
    t = effect.target
    kind = " ".join(p for p in (t.tag, f"role={t.role}" if t.role else "", t.input_type) if p)
    if effect.opaque:
        kind += f", inside a {effect.opaque}"
    elif effect.lands_elsewhere:
        kind += ", the click lands on it, not on the referenced element"
    return kind


def _submission(effect: ActionEffect, base: str) -> str:
    t = effect.target
    if not t.submits:
        return ""
    return f"{t.form_method or 'GET'} {_url(t.form_action, base)}"


def _events(effect: ActionEffect) -> str:
    t = effect.target
    quiet = set(t.quiet)
    heard = [f"{h}{' (only changes the page)' if h in quiet else ''}" for h in t.handlers]
    events = ", ".join(heard)
    if not t.submits and not t.href and not t.bubbles_quiet and effect.action == "click":
        events += "; a listener above it may send" if events else "a listener above it may send"
    return events


def _url(url: str, base: str) -> str:
    """An address as a person compares two: its path on the page's own origin, else whole."""
    if not url:
        return ""
    parts, here = urlsplit(url), urlsplit(base)
    if (parts.scheme, parts.netloc) == (here.scheme, here.netloc) and parts.path:
        return parts.path + (f"?{parts.query}" if parts.query else "")
    return url


def _cut(text: str, size: int) -> str:
    return text if len(text) <= size else text[: size - 1] + "…"


# -- what the approved action may send -------------------------------------------------------


def bound_guard(effect: ActionEffect | None, page_url: str) -> RequestGuard:
    """What the page may send while an approved action runs: what its question described.

    Passes: the declared navigation (its method and address; a GET form's query as sent),
    every subresource and read, and scripted writes to the page's own site (or its frame's:
    a fetch, a keepalive fetch, a beacon, a WebSocket message);
    for a control that declares no navigation (its script decides), any request to that site.
    Holds: for a control that declares one, any other navigation that writes, and any other
    top-level navigation before it (a listener that rewrote the form or link in the click's
    own events); for every control, a navigation to another site and a write to another site.
    After the declared navigation, the new page's own reads pass (what it then does is the
    next action's to judge).
    """
    goes = declared(effect)
    page = address(effect.page_url if effect is not None and effect.page_url else page_url)
    urls = [page_url] + ([effect.page_url, effect.frame_url] if effect is not None else [])
    sites = {site(urlsplit(u).netloc) for u in urls if u}
    spent = False

    def guard(request: GuardedRequest) -> str | None:
        nonlocal spent
        dest = site(urlsplit(request.url).netloc)
        if not request.navigation:
            if request.method in SAFE_METHODS or dest in sites:
                return None  # a beacon or a socket's message to its own site, as its fetch
            what = {"ping": "a beacon", "websocket": "a WebSocket message"}.get(
                request.resource_type, f"a {request.method}"
            )
            return f"{what} to {dest}, another site than the approved step's"
        if any(one.matches(request) for one in goes):
            spent = True
            sites.add(dest)
            return None
        if request.method not in SAFE_METHODS:
            if not goes and not spent and dest in sites:
                return None  # a scripted control's submission to its own site, as its fetch
            return f"a {request.method} to another address than the approved {_what(goes)}"
        if spent:
            return None
        if dest not in sites:
            return f"a navigation to {dest}, which the approved step does not go to"
        if goes and address(request.document) == page:
            return f"a navigation to another address than the approved {_what(goes)}"
        return None

    return guard


def _what(goes: tuple[Declared, ...]) -> str:
    if not goes:
        return "step (it declared no navigation)"
    return " or ".join(one.describe() for one in goes)
