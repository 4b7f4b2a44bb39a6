"""A Playwright element handed to our DevTools side: its backend node id, as our handle.

Playwright does not expose the DevTools object behind an element, so the element the
``aria-ref`` locator names is marked with a one-off attribute, found by DevTools search in
the page's document, and unmarked. The page can see the mark (it is in its DOM, briefly) and
could move it; the gate therefore also checks that the node it got has the role and name the
snapshot said (``sameness``) and asks otherwise, and the network backstop holds what an
unapproved action sends whichever element it lands on. A ref in a frame (``f1e3``) is not
handed over yet: the action asks.
"""

from __future__ import annotations

import contextlib
import secrets

from playwright.async_api import CDPSession, Locator
from playwright.async_api import Error as PlaywrightError

MARK = "data-st-{nonce}"


async def handle_of(cdp: CDPSession, locator: Locator) -> str | None:
    """Our handle (``:<backendNodeId>``, the top document's) of the one element ``locator``
    names; None when it cannot be told (none found, several, a page that moved the mark)."""
    mark = MARK.format(nonce=secrets.token_hex(8))
    try:
        await locator.evaluate("(e, m) => e.setAttribute(m, '')", mark)
    except PlaywrightError:
        return None
    try:
        await cdp.send("DOM.getDocument", {"depth": 0})
        search = await cdp.send("DOM.performSearch", {"query": f"[{mark}]"})
        count = int(search["resultCount"])
        nodes: list[int] = []
        if count:
            found = await cdp.send(
                "DOM.getSearchResults",
                {"searchId": search["searchId"], "fromIndex": 0, "toIndex": count},
            )
            nodes = list(found["nodeIds"])
        await cdp.send("DOM.discardSearchResults", {"searchId": search["searchId"]})
        if len(nodes) != 1:
            return None
        node = (await cdp.send("DOM.describeNode", {"nodeId": nodes[0]}))["node"]
        return f":{node['backendNodeId']}"
    finally:
        with contextlib.suppress(PlaywrightError):  # the element is gone with its mark
            await locator.evaluate("(e, m) => e.removeAttribute(m)", mark)
