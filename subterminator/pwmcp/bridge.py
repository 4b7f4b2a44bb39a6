"""A Playwright MCP ref handed to our DevTools side: its node, as our handle.

The snapshot that gave the ref was taken in the Playwright driver's utility world (an
isolated world named ``__playwright_utility_world_…``), and each element it named carries its
ref there (``element._ariaRef.ref``). Page scripts cannot see or change that world, so the
node found there by the ref is the one Playwright MCP means, whatever the page does; nothing
is written to the page. Our DevTools session reads the world through ``Runtime`` and gives
back our handle (``:<backendNodeId>``, the top document's). A ref in a frame (``f1e3``) lives
in that frame's world and is not handed over yet: the action asks.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from playwright.async_api import CDPSession
from playwright.async_api import Error as PlaywrightError

UTILITY_WORLD = "__playwright_utility_world_"
# The one element carrying ``ref`` in this world (open shadow roots included), else null.
FIND = """(() => {{
  const want = {ref};
  const hits = [];
  const walk = (root) => {{
    for (const e of root.querySelectorAll('*')) {{
      if (e._ariaRef && e._ariaRef.ref === want) hits.push(e);
      if (e.shadowRoot) walk(e.shadowRoot);
    }}
  }};
  walk(document);
  return hits.length === 1 ? hits[0] : null;
}})()"""


async def utility_world(cdp: CDPSession) -> int | None:
    """The id of the driver's utility world in the top frame's document, if it has one yet."""
    seen: list[dict[str, Any]] = []
    cdp.on("Runtime.executionContextCreated", lambda event: seen.append(event["context"]))
    top = (await cdp.send("Page.getFrameTree"))["frameTree"]["frame"]["id"]
    await cdp.send("Runtime.enable")  # reports every live context, then we stop listening
    await asyncio.sleep(0)
    await cdp.send("Runtime.disable")
    for context in seen:
        aux = context.get("auxData", {})
        if str(context.get("name", "")).startswith(UTILITY_WORLD) and aux.get("frameId") == top:
            return int(context["id"])
    return None


async def backend_of(cdp: CDPSession, ref: str) -> int | None:
    """DevTools' id of the one element ``ref`` names in the top document; None when no
    element, or more than one, carries it there (then the action must not run unasked)."""
    world = await utility_world(cdp)
    if world is None:
        return None
    try:
        found = await cdp.send(
            "Runtime.evaluate", {"expression": FIND.format(ref=json.dumps(ref)), "contextId": world}
        )
    except PlaywrightError:  # the document went away with its world
        return None
    element = found.get("result", {})
    if element.get("subtype") != "node" or "objectId" not in element:
        return None
    try:
        node = (await cdp.send("DOM.describeNode", {"objectId": element["objectId"]}))["node"]
    finally:
        await cdp.send("Runtime.releaseObject", {"objectId": element["objectId"]})
    return int(node["backendNodeId"])


async def handle_of(cdp: CDPSession, ref: str) -> str | None:
    """Our DevTools handle (``:<backendNodeId>``) of the element ``ref`` names, if one."""
    backend = await backend_of(cdp, ref)
    return None if backend is None else f":{backend}"


# The ref Playwright MCP's last snapshot gave this element, if it gave one.
REF_OF = "function () { return this._ariaRef ? String(this._ariaRef.ref) : null; }"


async def ref_of(cdp: CDPSession, backend: int) -> str | None:
    """The Playwright MCP ref of the node DevTools calls ``backend`` in the top document."""
    world = await utility_world(cdp)
    if world is None:
        return None
    try:
        node = await cdp.send(
            "DOM.resolveNode", {"backendNodeId": backend, "executionContextId": world}
        )
        object_id = node["object"]["objectId"]
        found = await cdp.send(
            "Runtime.callFunctionOn",
            {"objectId": object_id, "functionDeclaration": REF_OF, "returnByValue": True},
        )
    except (PlaywrightError, KeyError):  # gone, or not in this document
        return None
    await cdp.send("Runtime.releaseObject", {"objectId": object_id})
    value = found.get("result", {}).get("value")
    return value if isinstance(value, str) else None
