"""Can a listener's code send anything? Read from the code itself, never from what it is called.

A control's listener decides whether clicking or changing it may commit: one that only shows a
dialog, enables a button or toggles a class cannot reach the server; one that submits, fetches,
navigates, or calls a function we cannot see might. The reading is deliberately one-sided: a
listener is *quiet* only when every call in it is a known DOM method that sends nothing and it
assigns no address; anything else (a framework's dispatcher, a helper defined elsewhere, an
``eval``) may send.

``channels`` reads the other side: what in a listener may send past the backstop's view of one
action, or over a channel that is no request (a timer whose callback may send, after the click
has returned; a WebSocket message; a beacon; a keepalive fetch, which outlives its page).
"""

from __future__ import annotations

import re

# Calls that only read or change the page in place.
QUIET_CALLS = frozenset(
    {
        "add", "remove", "toggle", "replace", "contains", "item",  # classList
        "setAttribute", "removeAttribute", "toggleAttribute", "getAttribute", "hasAttribute",
        "showModal", "show", "close", "focus", "blur", "scrollIntoView", "scrollTo", "scrollBy",
        "getElementById", "querySelector", "querySelectorAll", "getElementsByClassName",
        "getElementsByTagName", "getElementsByName", "closest", "matches",
        "preventDefault", "stopPropagation", "stopImmediatePropagation",
        "appendChild", "removeChild", "replaceChildren", "replaceWith", "append", "prepend",
        "before", "after", "insertBefore", "insertAdjacentHTML", "insertAdjacentText",
        "insertAdjacentElement", "cloneNode", "createElement", "createTextNode",
        "setProperty", "removeProperty", "trim", "toLowerCase", "toUpperCase", "includes",
        "startsWith", "endsWith", "indexOf", "slice", "split", "join", "map", "filter",
        "forEach", "some", "every", "find", "push", "pop", "parseInt", "parseFloat", "Number",
        "String", "Boolean", "isNaN", "max", "min", "floor", "ceil", "round", "abs",
        "log", "warn", "info", "debug", "error", "setTimeout", "clearTimeout", "setInterval",
        "clearInterval", "requestAnimationFrame", "queueMicrotask", "requestIdleCallback",
        "cancelAnimationFrame", "checkValidity", "reportValidity",
        "setCustomValidity", "select", "getBoundingClientRect", "animate", "now",
        "if", "for", "while", "switch", "return", "typeof", "function", "catch",
    }
)  # fmt: skip
_CALL = re.compile(r"([A-Za-z_$][\w$]*)\s*\(")
# Assigning an address or a form's target sends, or prepares a send.
_ADDRESS = re.compile(
    r"\b(location|href|action|formAction|method|src|srcdoc|cookie)\s*(\+?=)(?!=)|\blocation\b"
)
_STRING_TIMER = re.compile(r"set(Timeout|Interval)\s*\(\s*['\"`]")
_HEAD = re.compile(r"^\s*(async\s+)?(function\b[^(]*)?")
_TIMER = re.compile(
    r"\b(setTimeout|setInterval|requestAnimationFrame|queueMicrotask|requestIdleCallback)\s*\("
)
_INLINE = re.compile(r"^\s*(async\s+)?(function\b|\([^()]*\)\s*=>|[A-Za-z_$][\w$]*\s*=>)")
_SOCKET = re.compile(r"\bWebSocket\b|\.send\s*\(")
_BEACON = re.compile(r"\bsendBeacon\b")
_KEEPALIVE = re.compile(r"\bkeepalive\b")


def quiet(source: str) -> bool:
    """Whether a listener's code (``Function.prototype.toString``) can only change the page.

    ``[native code]`` (a bound function), an empty or cut source, a call to anything not known
    to be local, an address assigned or a timer given a string: not quiet.
    """
    if not source or "[native code]" in source or len(source) > 4000:
        return False
    body = _HEAD.sub("", source, count=1)
    if _ADDRESS.search(body) or _STRING_TIMER.search(body):
        return False
    if any(not _inline(callback) for callback in _timed(body)):
        return False  # a timer given a function defined elsewhere: what it runs is unseen
    return all(name in QUIET_CALLS for name in _CALL.findall(body))


def channels(source: str) -> list[str]:
    """What a listener may send by, besides a request the action's own events make, sorted:

    - ``timer``: it starts a timer (``setTimeout``, ``setInterval``, ``requestAnimationFrame``,
      ``queueMicrotask``, ``requestIdleCallback``) whose callback may send: given by name, or
      inline and not quiet. It runs after the click returns (an undo window's commit);
    - ``socket``: it names a WebSocket or calls a ``send`` (a socket's message is no request);
    - ``beacon``: ``navigator.sendBeacon``;
    - ``keepalive``: a ``keepalive`` request, which is sent even once the page is gone.

    A bound function or a cut source is read as all four: it cannot be read.
    """
    if not source or "[native code]" in source or len(source) > 4000:
        return ["beacon", "keepalive", "socket", "timer"]
    body = _HEAD.sub("", source, count=1)
    found: set[str] = set()
    if _STRING_TIMER.search(body) or any(
        not _inline(c) or not quiet(_body(c)) for c in _timed(body)
    ):
        found.add("timer")
    if _SOCKET.search(body):
        found.add("socket")
    if _BEACON.search(body):
        found.add("beacon")
    if _KEEPALIVE.search(body):
        found.add("keepalive")
    return sorted(found)


def _timed(body: str) -> list[str]:
    """The first argument of every timer call in ``body`` (the callback), as written."""
    found: list[str] = []
    for match in _TIMER.finditer(body):
        depth, start = 0, match.end()
        for index in range(start, len(body)):
            char = body[index]
            if char in "([{":
                depth += 1
            elif char in ")]}":
                if depth == 0:
                    found.append(body[start:index])
                    break
                depth -= 1
            elif char == "," and depth == 0:
                found.append(body[start:index])
                break
        else:
            found.append(body[start:])
    return found


def _inline(callback: str) -> bool:
    """A callback written in place (a function or an arrow), not one named from elsewhere."""
    return bool(_INLINE.search(callback))


def _body(callback: str) -> str:
    """An inline callback as a listener source ``quiet`` can read."""
    head = _INLINE.search(callback)
    return callback[head.end() :] if head else callback
