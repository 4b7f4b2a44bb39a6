"""Read Playwright failures: the seam's action codes, and the one translation of a dead browser.

Playwright reports actionability problems in the error text and its call log; this is the one
place that reads them, so a wording change in Playwright breaks one function and its test.
A closed or crashed browser ("Target page, context or browser has been closed", "Target
crashed") becomes ``BrowserError`` here and nowhere else (``translate_closed``, ``gone``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

from playwright.async_api import Error as PlaywrightError

from subterminator.errors import BrowserActionError, BrowserError

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


def is_download(message: str) -> bool:
    """A navigation that became a download (Playwright's goto has no document to give)."""
    return "download is starting" in message.lower()


def gone(detail: str) -> BrowserError:
    """The error for a dead browser, worded alike on every path (and by the replay browser)."""
    return BrowserError(f"Browser is gone: {detail}")


def is_gone(exc: BrowserError) -> bool:
    """Whether ``exc`` says the browser (or the tab read) is gone, not that a page moved."""
    return str(exc).startswith("Browser is gone: ")


@contextmanager
def translate_closed() -> Iterator[None]:
    """Raise ``BrowserError`` for a closed or crashed browser inside the block.

    Any other Playwright error passes through unchanged, for the caller to retry or classify.
    """
    try:
        yield
    except PlaywrightError as exc:
        if classify(str(exc)) == "browser_closed":
            raise gone(first_line(str(exc))) from None
        raise


def action_error(message: str) -> BrowserActionError:
    """The seam's error for a failed element action (run it under ``translate_closed``)."""
    detail = first_line(message)
    code = classify(message)
    if code == "element_obscured":
        detail = obscuring_element(message) or detail
    return BrowserActionError(code, detail)
