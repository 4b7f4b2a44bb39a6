"""Re-finding a control a re-render replaced: the same control, found by what it is.

A page that re-renders a list puts identical controls in new nodes; a handle taken before
then names a node no longer in the page. capture.js keeps a structural print beside each
handle (role, name, tag and type, form, the landmarks, lists and items around it) in our
isolated world, where page scripts cannot reach it; refind.js looks for the one live control
with that print. Position never decides: identical controls are ambiguous, not guessed.
Only a node gone from the page is re-found; a hidden or covered one stays the action's error.
"""

from __future__ import annotations

from subterminator.browser.devtools import DevTools, script
from subterminator.browser.relocation import Relocation
from subterminator.errors import BrowserActionError

_REFIND_JS = script("refind")


async def relocate(devtools: DevTools, handle: str) -> Relocation:
    """``handle``'s control in the live page of its own document (see the module)."""
    frame_id, _, own = handle.rpartition(":")
    nonce, _, number = own[1:].partition(".")
    if not own.startswith("j") or not number.isdigit() or not nonce.isalnum():
        return Relocation("unknown")
    try:
        doc = await devtools.document(frame_id)
    except BrowserActionError:  # its frame is gone: nothing there to re-find
        return Relocation("unknown")
    found = await devtools.in_world(
        doc,
        "Runtime.callFunctionOn",
        {
            "functionDeclaration": _REFIND_JS,
            "arguments": [{"value": nonce}, {"value": int(number)}],
            "returnByValue": True,
        },
    )
    value = found.get("result", {}).get("value")
    if not isinstance(value, dict) or value.get("s") not in ("here", "one", "none", "many"):
        return Relocation("unknown")
    if value["s"] != "one":
        return Relocation(value["s"], count=int(value.get("count") or 0))
    return Relocation(
        "one",
        handle=handle[: len(handle) - len(own)] + str(value["h"]),
        nth=int(value.get("nth") or 0),
        of=int(value.get("of") or 0),
        scope=str(value.get("scope") or ""),
        scope_name=str(value.get("scopeName") or ""),
    )
