"""The floor: what may commit on a page of the cancellation flow, read from structure alone.

No word of any language is consulted here, so a page in a language none of our vocabularies
hold is held to the same floor as an English one. An action may commit when:

- it submits a form, of any method (a ``<form method=dialog>`` only closes its dialog; a search
  form with nothing hidden only searches);
- it navigates to an address this run has not shown that carries state: a query, a token-like
  path segment, or a path below the flow (below a page of the flow already shown, or below the
  flow address the page itself is under);
- the page cannot be read (its language is none we hold) and it navigates anywhere not shown;
- it changes a field (types, chooses, ticks) whose listeners may send (``quiet`` says which
  cannot: they only change the page);
- it lands where we cannot see (a cross-origin frame DevTools cannot reach, a closed shadow
  root);
- it accepts a native ``confirm``/``prompt``/``beforeunload`` dialog: the page's script goes on
  with the answer, and may send anything;
- its click's listeners (its own, or those it bubbles to) start a timer whose callback may
  send, or send by a WebSocket, a beacon or a keepalive request (``handlers.channels``): what
  a timer sends comes after the action has returned (an undo window's commit), and the others
  are no form or link to read. It asks before it runs, so the yes covers what they send.

Writes and state-carrying requests that scripts send are the network backstop's (``gate``):
a control whose handlers submit is stopped there, and asks on its next try.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from subterminator.browser.effect import ActionEffect
from subterminator.tools.registry import inspects

FIELD_TYPES = frozenset({"checkbox", "radio", "text", "search", "email", "number", "tel", ""})
CHANGE_EVENTS = frozenset({"change", "input", "click", "keyup", "keydown", "pointerup"})
_MIXED = re.compile(r"^(?=.*\d)(?=.*[a-zA-Z])[a-zA-Z0-9]{8,}$")  # letters and digits
_HEX = re.compile(r"^[0-9a-fA-F]{12,}$")
_UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-")
_LONG = re.compile(r"^[\w-]{32,}$")
_CHANNELS = {
    "timer": "a timer, after the click has returned",
    "socket": "a WebSocket message (or another send())",
    "beacon": "a beacon",
    "keepalive": "a keepalive request",
}


def token(segment: str) -> bool:
    """A path segment that looks like a one-time value: a word of letters and digits mixed
    (``8f3a9c2e71``, not ``overview-2024``), long hex, a UUID, or 32+ characters."""
    if _UUID.search(segment) or _LONG.search(segment):
        return True
    return any(_MIXED.search(part) or _HEX.search(part) for part in re.split(r"[-_.~]", segment))


@dataclass(frozen=True)
class Where:
    """What the floor needs to know of the run: the page, what was shown, the flow's paths."""

    url: str
    shown: frozenset[str]  # addresses shown (no fragment)
    flow_paths: tuple[str, ...]  # the service's flow addresses (path fragments)
    flow_pages: frozenset[str]  # paths of flow pages shown, on this site
    readable: bool  # the page's language is one we hold


def address(url: str) -> str:
    """An address without its fragment: what a page is, for "shown"."""
    return url.split("#", 1)[0]


def site(netloc: str) -> str:
    """The site a host belongs to: its last two labels (an IP or a single label as it is)."""
    host = netloc.rsplit("@", 1)[-1].split(":", 1)[0].lower()
    if re.fullmatch(r"[\d.]+|\[.*\]", host) or "." not in host:
        return host
    return ".".join(host.split(".")[-2:])


def below_flow(path: str, where: Where) -> bool:
    """A path strictly below a page of the flow this run has shown (``/cancelplan`` shown:
    ``/cancelplan/finish``), or, from a page inside a flow address, below that address (from
    ``/cancelplan/step``: ``/cancelplan/commit``): within the flow, its own steps act. An entry
    from outside (``/account/membership`` to ``/cancelplan/options``) is not below."""
    here = urlsplit(where.url).path
    for fragment in where.flow_paths:
        at = path.find(fragment)
        rest = path[at + len(fragment) :] if at >= 0 else ""
        inside = at >= 0 and here.startswith(path[: at + len(fragment)])
        if inside and rest.startswith("/") and rest.strip("/"):
            return True
    return any(path.startswith(p.rstrip("/") + "/") for p in where.flow_pages if p.strip("/"))


def carries_state(url: str, where: Where) -> str:
    """Why going to ``url`` may act on the account ('' if it does not), by its shape."""
    parts = urlsplit(url)
    if parts.query:
        return f"its address carries values ({short(url)})"
    segments = [s for s in parts.path.split("/") if s]
    if any(token(s) for s in segments):
        return f"its address carries a token ({short(url)})"
    if below_flow(parts.path, where):
        return f"it goes below the cancellation flow ({short(url)})"
    return ""


def navigation(url: str, where: Where) -> str:
    """Why a navigation to ``url`` from a flow page may commit ('' if known not to)."""
    if not url or urlsplit(url).scheme not in ("http", "https"):
        return ""
    target = address(url)
    if target in where.shown or target == address(where.url):
        return ""  # back to a page this run has shown (its GET already ran once)
    state = carries_state(url, where)
    if state:
        return state
    if not where.readable:
        return (
            f"it goes to {short(url)}, a page this run has not shown, from a page in a language "
            "SubTerminator cannot read"
        )
    return ""


def same_document(url: str, page_url: str) -> bool:
    """A link within the page (a fragment), not a new document."""
    return address(url) == address(page_url)


def _unreadable(call: str, effect: ActionEffect, where: Where) -> str:
    return (
        f"the click lands inside a {effect.opaque}, which cannot be read" if effect.opaque else ""
    )


def _submission(call: str, effect: ActionEffect, where: Where) -> str:
    target = effect.target
    if not (inspects(call) == "click" and target.submits):
        return ""
    method = target.form_method or "GET"
    if method == "DIALOG":
        return ""  # <form method=dialog>: closes its dialog, sends nothing
    if method == "GET" and not target.form_values:
        return navigation(target.form_action, where)  # carries nothing: a link, in effect
    if target.search and method == "GET" and not navigation(target.form_action, where):
        return ""  # a search form with nothing hidden only searches
    return f"it submits a form ({method} {short(target.form_action)})"


def _link(call: str, effect: ActionEffect, where: Where) -> str:
    target = effect.target
    if inspects(call) != "click" or target.submits or not target.href:
        return ""
    return "" if same_document(target.href, where.url) else navigation(target.href, where)


def _dialog(call: str, effect: ActionEffect, where: Where) -> str:
    # an alert's OK only closes it; any other acceptance is an answer the script acts on
    dialog = effect.dialog
    if (
        inspects(call) == "click"
        and dialog
        and dialog.answer == "accept"
        and dialog.kind != "alert"
    ):
        return (
            f"it accepts the page's {dialog.kind} dialog; the page's script goes on with that "
            "answer"
        )
    return ""


def _deferred(call: str, effect: ActionEffect, where: Where) -> str:
    defers = effect.target.defers
    if inspects(call) == "click" and defers:
        return f"its listeners may send by {', '.join(_CHANNELS.get(c, c) for c in defers)}"
    return ""


def _change(call: str, effect: ActionEffect, where: Where) -> str:
    target = effect.target
    if not changes(call, effect):
        return ""
    loud = [h for h in target.handlers if h in CHANGE_EVENTS and h not in target.quiet]
    if not loud:
        return ""
    return f"the page acts on its change ({', '.join(sorted(set(loud)))} listeners that may send)"


# The floor's rules, in the order their reasons are given; each is '' when it has none.
FLOOR_RULES: tuple[Callable[[str, ActionEffect, Where], str], ...] = (
    _unreadable,
    _submission,
    _link,
    _dialog,
    _deferred,
    _change,
)


def floor(call: str, effect: ActionEffect, where: Where) -> list[str]:
    """The reasons, by structure, that this action on a flow page may commit."""
    return [reason for rule in FLOOR_RULES if (reason := rule(call, effect, where))]


def changes(call: str, effect: ActionEffect) -> bool:
    """The action changes a field's value or state (typing, choosing, ticking)."""
    target = effect.target
    if inspects(call) in ("fill", "select"):
        return True
    return target.input_type in ("checkbox", "radio") or target.role in (
        "switch",
        "checkbox",
        "radio",
    )


def quiet_click(effect: ActionEffect) -> bool:
    """A click that can only change the page: no link away, no submission, quiet listeners."""
    target = effect.target
    if effect.opaque or target.submits:
        return False
    if target.href and not same_document(target.href, effect.page_url):
        return False
    return target.bubbles_quiet and all(h in target.quiet for h in target.handlers)


def short(url: str) -> str:
    """An address as a reason quotes it: its path and query, at most 80 characters."""
    parts = urlsplit(url)
    return (parts.path + (f"?{parts.query}" if parts.query else ""))[:80] or url[:80]
