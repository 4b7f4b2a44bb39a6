"""Can a listener's code send anything? Read from the code itself, never from what it is called.

A control's listener decides whether clicking or changing it may commit: one that only shows a
dialog, enables a button or toggles a class cannot reach the server; one that submits, fetches,
navigates, or calls a function we cannot see might. The reading is deliberately one-sided: a
listener is *quiet* only when every call in it is a known DOM method that sends nothing and it
assigns no address; anything else (a framework's dispatcher, a helper defined elsewhere, an
``eval``) may send.
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
        "clearInterval", "requestAnimationFrame", "checkValidity", "reportValidity",
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
    return all(name in QUIET_CALLS for name in _CALL.findall(body))
