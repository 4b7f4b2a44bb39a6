"""A Playwright MCP ``target`` resolved on our side, to exactly one live element or to none.

Its refs (``e12``, ``f1e3`` in a frame) are kept by the injected script of the Playwright
driver that took the snapshot (``_lastAriaSnapshotForQuery``, the ``aria-ref`` selector
engine): a client of another driver (ours, over raw CDP) finds nothing. Playwright MCP
therefore drives our browser through our driver (``Browser.bind``), and the same ``aria-ref``
selector then names on our page the element it will act on. Any other target (a CSS or
``getByRole`` selector, which Playwright MCP also takes) is not resolved here: the gate
cannot be sure it reads it as Playwright MCP will, so the action asks or is refused.
"""

from __future__ import annotations

import re

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Locator, Page

REF = re.compile(r"(f\d+)?e\d+")


def is_ref(target: object) -> bool:
    """``target`` is a snapshot ref, as Playwright MCP tells a ref from a selector."""
    return isinstance(target, str) and REF.fullmatch(target) is not None


async def resolve(page: Page, target: object) -> Locator | None:
    """The one element ``target`` names on ``page`` now; None for a selector, a ref no
    snapshot gave, or one whose element is gone (then the action must not run unasked)."""
    if not is_ref(target):
        return None
    locator = page.locator(f"aria-ref={target}")
    try:
        count = await locator.count()
    except PlaywrightError:  # a frame ref whose frame is gone, a page navigating away
        return None
    return locator if count == 1 else None
