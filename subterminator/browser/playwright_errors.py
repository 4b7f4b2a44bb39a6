"""Classify Playwright failures into the seam's action codes.

Playwright reports actionability problems in the error text and its call log; this is the one
place that reads them, so a wording change in Playwright breaks one function and its test.
"""

from __future__ import annotations

import re

_INTERCEPT = re.compile(r"(<[^\n]*?>)[^\n]*? intercepts pointer events")
_RULES: tuple[tuple[str, str], ...] = (
    ("intercepts pointer events", "element_obscured"),
    ("element is not enabled", "element_disabled"),
    ("element is disabled", "element_disabled"),
    ("element is not editable", "element_disabled"),
    ("element is not visible", "element_not_visible"),
    ("element is outside of the viewport", "element_not_visible"),
    ("not attached to the dom", "element_detached"),
    ("element is not attached", "element_detached"),
    ("has been closed", "browser_closed"),
    ("target crashed", "browser_closed"),
    ("timeout", "timeout"),
)


def classify(message: str) -> str:
    """Return the action code for a Playwright error message (``action_failed`` if unknown)."""
    low = message.lower()
    for needle, code in _RULES:
        if needle in low:
            return code
    return "action_failed"


def obscuring_element(message: str) -> str | None:
    """The element Playwright says intercepts the pointer, if it names one."""
    found = _INTERCEPT.findall(message)
    return found[-1][:120] if found else None


def first_line(message: str) -> str:
    """Playwright messages carry a call log; the model needs the first line only."""
    return message.strip().splitlines()[0][:300] if message.strip() else "unknown error"
