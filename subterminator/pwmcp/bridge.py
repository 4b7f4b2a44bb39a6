"""A Playwright MCP ref handed to our DevTools side: its node, as our handle.

The snapshot that gave the ref was taken in the Playwright driver's utility world (an
isolated world named ``__playwright_utility_world_…``), and each element it named carries its
ref there (``element._ariaRef.ref``). Page scripts cannot see or change that world, so the
node found there by the ref is the one Playwright MCP means, whatever the page does; nothing
is written to the page. Our DevTools session reads the world through ``Runtime`` and gives
back the node; every frame's world is searched (a frame Chrome runs in another process through
that frame's own session), and the ref must name one element in all of them.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
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


@dataclass(frozen=True)
class World:
    """The driver's utility world in one frame's document, reached through ``session``;
    ``top``: the frame is the root of that session's tree (the page's main frame only for the
    page's own session: a frame in another process is the root of its own)."""

    session: CDPSession
    frame_id: str
    context_id: int
    top: bool


@dataclass(frozen=True)
class Found:
    """The one element a ref names: its frame's world, and DevTools' id of its node."""

    world: World
    backend: int


async def worlds(cdp: CDPSession) -> list[World]:
    """Every utility world ``cdp`` reaches (the top document's and its in-process frames')."""
    seen: list[dict[str, Any]] = []

    def created(event: dict[str, Any]) -> None:
        seen.append(event["context"])

    cdp.on("Runtime.executionContextCreated", created)
    try:
        tree = (await cdp.send("Page.getFrameTree"))["frameTree"]
        await cdp.send("Runtime.enable")  # reports every live context, then we stop listening
        await asyncio.sleep(0)
        await cdp.send("Runtime.disable")
    finally:
        cdp.remove_listener("Runtime.executionContextCreated", created)
    top = str(tree["frame"]["id"])
    found = []
    for context in seen:
        frame = str(context.get("auxData", {}).get("frameId", ""))
        if str(context.get("name", "")).startswith(UTILITY_WORLD) and frame:
            found.append(World(cdp, frame, int(context["id"]), frame == top))
    return found


async def utility_world(cdp: CDPSession) -> int | None:
    """The id of the driver's utility world in the top frame's document, if it has one yet."""
    return next((w.context_id for w in await worlds(cdp) if w.top), None)


async def find(sessions: list[CDPSession], ref: str) -> Found | None:
    """The one element carrying ``ref`` in any frame these sessions reach; None when none,
    or more than one, carries it (then the action must not run unasked)."""
    hits: list[Found] = []
    for session in sessions:
        for world in await worlds(session):
            backend = await _in_world(world, ref)
            if backend is not None:
                hits.append(Found(world, backend))
    return hits[0] if len(hits) == 1 else None


async def _in_world(world: World, ref: str) -> int | None:
    cdp = world.session
    try:
        found = await cdp.send(
            "Runtime.evaluate",
            {"expression": FIND.format(ref=json.dumps(ref)), "contextId": world.context_id},
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


async def backend_of(cdp: CDPSession, ref: str) -> int | None:
    """DevTools' id of the one element ``ref`` names in the top document (or its
    in-process frames), if exactly one carries it."""
    found = await find([cdp], ref)
    return None if found is None else found.backend


async def handle_of(cdp: CDPSession, ref: str) -> str | None:
    """Our DevTools handle (``:<backendNodeId>``) of the element ``ref`` names, if one."""
    backend = await backend_of(cdp, ref)
    return None if backend is None else f":{backend}"


# The ref Playwright MCP's last snapshot gave this element, if it gave one.
REF_OF = "function () { return this._ariaRef ? String(this._ariaRef.ref) : null; }"


async def ref_of(world: World, backend: int) -> str | None:
    """The Playwright MCP ref of the node DevTools calls ``backend`` in ``world``'s document."""
    cdp = world.session
    try:
        node = await cdp.send(
            "DOM.resolveNode", {"backendNodeId": backend, "executionContextId": world.context_id}
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
