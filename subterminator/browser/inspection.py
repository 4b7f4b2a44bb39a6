"""``PlaywrightBrowser.inspect``: what an action on a handle will really do, read live.

inspect.js hit-tests the action's point and describes what receives the event (link, form,
text, container); DevTools adds the listeners the *page* registered, which no page script can
see. A click landing in a cross-origin frame is followed into that frame's own document.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from playwright.async_api import CDPSession
from playwright.async_api import Error as PlaywrightError

from subterminator.browser.devtools import MAX_FRAME_DEPTH, DevTools, script
from subterminator.browser.documents import Node
from subterminator.browser.effect import ActionEffect, EffectTarget
from subterminator.browser.handlers import channels, quiet
from subterminator.browser.protocol import ActionKind
from subterminator.browser.secret_fields import CREDENTIAL_WORDS, SECRET_AUTOCOMPLETE
from subterminator.errors import BrowserActionError

_INSPECT_JS = script("inspect")
DELEGATED_EVENTS = frozenset({"change", "input", "submit"})
# what a popover, dialog or command target hears when an invoker opens or closes it
INVOKED_EVENTS = frozenset({"command", "beforetoggle", "toggle", "close", "cancel"})
_GROUP = "subterminator-inspect"
PAGE_TEXT_CHARS = 4000
_WORDS = CREDENTIAL_WORDS.pattern  # the same words, read by the page's regular expressions


async def inspect(devtools: DevTools, handle: str, action: ActionKind) -> ActionEffect:
    """What ``action`` on ``handle`` will really do, read on the live page now.

    A click whose point lands in a cross-origin frame is followed into that frame's own
    document (hit-tested again there); only a frame we cannot reach stays ``opaque``.
    """
    node = await devtools.resolve(handle)
    data, handlers, opaque = await _effect_at(devtools, node, action, None)
    lands = bool(data.get("lands_elsewhere"))
    for _ in range(MAX_FRAME_DEPTH):
        point = data.get("frame_point")
        hit_frame = await _global(devtools, node, "__subterminatorFrame") if point else None
        child = await devtools.frames.child(node.doc, hit_frame) if hit_frame else None
        if child is None:
            break
        node = await devtools.root(child)
        data, handlers, opaque = await _effect_at(devtools, node, action, point)
        lands = True
    page = data
    if not node.doc.top:  # the page is the top document, whatever frame the target is in
        top = await devtools.root(await devtools.top())
        page, _, _ = await _effect_at(devtools, top, "scroll", None)
    target = EffectTarget(
        **{k: data[k] for k in EffectTarget.model_fields if k in data and k != "handlers"},
        handlers=sorted(set(handlers)),
    )
    return ActionEffect(
        action=action,
        target=target,
        lands_elsewhere=lands,
        opaque=opaque,
        page_url=str(page.get("page_url", "")),
        page_title=str(page.get("page_title", "")),
        page_lang=str(page.get("page_lang", "")),
        page_text=str(page.get("page_text", "")),
        frame_url="" if node.doc.top else str(data.get("page_url", "")),
    )


async def _global(devtools: DevTools, node: Node, name: str) -> str | None:
    """A value inspect.js left in our world of ``node``'s document, as a remote object."""
    found = await devtools.send(
        "Runtime.evaluate",
        {"expression": f"globalThis.{name}", "contextId": node.context_id},
        via=node.doc.session,
    )
    object_id = found.get("result", {}).get("objectId")
    return str(object_id) if object_id else None


@dataclass
class _Heard:
    """What the listeners of a control (and of what it invokes) hear, as they are read."""

    handlers: list[str]
    heard: set[str] = field(default_factory=set)
    loud: set[str] = field(default_factory=set)  # heard by a listener DevTools did not show quiet
    defers: set[str] = field(default_factory=set)
    code: list[str] = field(default_factory=list)

    def add(self, kept: dict[str, bool]) -> None:
        self.handlers += kept
        self.heard |= set(kept)
        self.loud |= {k for k, still in kept.items() if not still}


async def _effect_at(
    devtools: DevTools, node: Node, action: ActionKind, point: list[float] | None
) -> tuple[dict[str, Any], list[str], str]:
    """inspect.js on ``node`` (at ``point`` of its document, if given), plus listeners."""
    data = await devtools.call_on(
        node, _INSPECT_JS, action, PAGE_TEXT_CHARS, point, SECRET_AUTOCOMPLETE, _WORDS
    )
    if not isinstance(data, dict):
        raise BrowserActionError("action_failed", "the page could not be inspected")
    if data.get("connected") is False:
        raise BrowserActionError("element_detached", "the element is no longer on the page")
    heard = _Heard(list(data.get("handlers", [])))
    opaque = str(data.get("opaque", ""))
    chain_id = await _global(devtools, node, "__subterminatorHit")
    session = node.doc.session
    items = await devtools.send(
        "Runtime.getProperties", {"objectId": chain_id, "ownProperties": True}, via=session
    )
    listeners_of = [
        p["value"]["objectId"]
        for p in items["result"]
        if p["name"].isdigit() and p.get("value", {}).get("objectId")
    ]
    previous = await _own_listeners(devtools, session, data, action, listeners_of, heard)
    if data.get("invokes"):
        await _invoked_listeners(devtools, node, action, previous, heard)
    # quiet: every listener DevTools showed for it is quiet (an inline attribute it did not
    # show stays loud)
    data["quiet"] = sorted(heard.heard - heard.loud)
    # what they run, not only what they hear: a listener swapped for another of the same type
    # after a person's yes changes this (gated.GatedTools checks it before the action runs)
    data["listeners"] = hashlib.sha256("\n".join(sorted(heard.code)).encode()).hexdigest()[:16]
    data["bubbles_quiet"] = False
    href = str(data.get("href") or "").split("#", 1)[0]
    leaves = bool(href) and href != str(data.get("page_url") or "").split("#", 1)[0]
    if action == "click":
        # what the listeners it bubbles to (a framework's dispatcher on the root, a delegated
        # handler) may do: send (unknown means yes), or send by a timer, a socket, a beacon
        above_quiet, above = await _bubbled(devtools, session, listeners_of)
        heard.defers |= above
        if not (data.get("submits") or leaves or heard.loud) and set(heard.handlers) <= heard.heard:
            # a click that itself sends nothing (no submission, no link away)
            data["bubbles_quiet"] = above_quiet
    data["defers"] = sorted(heard.defers)
    if await _sealed(devtools, node, data, listeners_of):
        opaque = opaque or "closed shadow root"
    return data, heard.handlers, opaque


async def _own_listeners(
    devtools: DevTools,
    session: CDPSession,
    data: dict[str, Any],
    action: ActionKind,
    listeners_of: list[str],
    heard: _Heard,
) -> str:
    """The control's own listeners count; its ancestors' only for events it sends up (a
    change it makes). Returns the last object read."""
    changes_up = (
        action in ("fill", "select")
        or data.get("input_type") in ("checkbox", "radio")
        or data.get("role") in ("switch", "checkbox", "radio")
    )
    previous = ""
    for index, object_id in enumerate(listeners_of if changes_up else listeners_of[:1]):
        sources: list[str] = []
        types = await _listener_types(devtools, session, object_id, previous, sources)
        kept = types if index == 0 else {k: v for k, v in types.items() if k in DELEGATED_EVENTS}
        heard.code += [f"{index}:{s}" for s in sources if s.split(":", 1)[0] in kept]
        if action == "click":
            heard.defers |= _channels(sources, POINTER_EVENTS | DELEGATED_EVENTS | {"submit"})
        heard.add(kept)
        previous = object_id
    return previous


async def _invoked_listeners(
    devtools: DevTools, node: Node, action: ActionKind, before: str, heard: _Heard
) -> None:
    """What the control opens or closes hears toggle/command/close (on it, or on an ancestor
    that listens in the capture phase): those listeners count as the control's own."""
    session = node.doc.session
    for object_id in await _members(devtools, node, "__subterminatorInvoked"):
        heard_there: list[str] = []
        types = await _listener_types(devtools, session, object_id, before, heard_there)
        kept = {k: v for k, v in types.items() if k in INVOKED_EVENTS}
        heard.code += [f"invoked:{c}" for c in heard_there if c.split(":", 1)[0] in kept]
        if action == "click":  # what it opens may send later too (a timer, a socket)
            heard.defers |= _channels(heard_there, INVOKED_EVENTS)
        heard.add(kept)
        before = object_id


async def _sealed(
    devtools: DevTools, node: Node, data: dict[str, Any], listeners_of: list[str]
) -> bool:
    """The control, or where the action lands, hosts a closed shadow root (unreadable)."""
    landed = (
        await _global(devtools, node, "__subterminatorLanded") if data.get("sealable") else None
    )
    sealed = False
    for object_id in filter(None, [listeners_of[0] if listeners_of else None, landed]):
        described = await devtools.send(
            "DOM.describeNode", {"objectId": object_id, "pierce": False}, via=node.doc.session
        )
        roots = described.get("node", {}).get("shadowRoots", [])
        sealed = sealed or any(r.get("shadowRootType") == "closed" for r in roots)
    return sealed


async def _members(devtools: DevTools, node: Node, name: str) -> list[str]:
    """The remote objects of an array inspect.js left in our world, in order."""
    array_id = await _global(devtools, node, name)
    if not array_id:
        return []
    items = await devtools.send(
        "Runtime.getProperties", {"objectId": array_id, "ownProperties": True}, via=node.doc.session
    )
    found = [
        (int(p["name"]), p["value"]["objectId"])
        for p in items["result"]
        if p["name"].isdigit() and p.get("value", {}).get("objectId")
    ]
    return [object_id for _, object_id in sorted(found)]


POINTER_EVENTS = frozenset(
    {"click", "mousedown", "mouseup", "pointerdown", "pointerup", "touchstart", "touchend",
     "auxclick", "dblclick"}
)  # fmt: skip


async def _bubbled(
    devtools: DevTools, session: CDPSession, chain: list[str]
) -> tuple[bool, set[str]]:
    """Whether every listener above the control (to the window) for a click's events is
    quiet, and the channels those listeners may send by (``handlers.channels``)."""
    previous = chain[0] if chain else ""
    still = True
    found: set[str] = set()
    for object_id in chain[1:]:
        sources: list[str] = []
        types = await _listener_types(devtools, session, object_id, previous, sources)
        still = still and all(ok for kind, ok in types.items() if kind in POINTER_EVENTS)
        found |= _channels(sources, POINTER_EVENTS)
        previous = object_id
    return still, found


def _channels(sources: list[str], events: frozenset[str]) -> set[str]:
    """The channels of the listeners in ``sources`` (``type:code``) for ``events``."""
    found: set[str] = set()
    for item in sources:
        kind, _, code = item.partition(":")
        if kind in events:
            found.update(channels(code))
    return found


async def _listener_types(
    devtools: DevTools,
    session: CDPSession,
    object_id: str,
    document: str,
    sources: list[str] | None = None,
) -> dict[str, bool]:
    """Event types the *page* listens for on a node (or, past its document, the window), each
    with whether every listener for it is quiet (``handlers.quiet``: it cannot send); each
    listener's ``type:code`` is added to ``sources`` when given.

    Listeners belong to the world that added them, so the node is looked up again in the
    page's main world first; asked from our world, DevTools reports none.
    """
    window = False
    try:
        described = await devtools.send("DOM.describeNode", {"objectId": object_id}, via=session)
    except PlaywrightError:  # not a node: the window of ``document``, the chain's last
        described = await devtools.send("DOM.describeNode", {"objectId": document}, via=session)
        window = True
    backend = described["node"]["backendNodeId"]
    # in an object group, so that DevTools also hands over each listener's function
    main = await devtools.send(
        "DOM.resolveNode", {"backendNodeId": backend, "objectGroup": _GROUP}, via=session
    )
    main_id = main.get("object", {}).get("objectId")
    if main_id and window:
        view = await devtools.send(
            "Runtime.callFunctionOn",
            {
                "objectId": main_id,
                "functionDeclaration": "function() { return this.defaultView }",
                "objectGroup": _GROUP,
            },
            via=session,
        )
        main_id = view.get("result", {}).get("objectId")
    if not main_id:
        return {}
    try:
        found = await devtools.send(
            "DOMDebugger.getEventListeners", {"objectId": main_id}, via=session
        )
    finally:
        await devtools.send("Runtime.releaseObjectGroup", {"objectGroup": _GROUP}, via=session)
    types: dict[str, bool] = {}
    for item in found.get("listeners", []):
        source = str(item.get("handler", {}).get("description", ""))
        kind = str(item["type"])
        types[kind] = types.get(kind, True) and quiet(source)
        if sources is not None:
            sources.append(f"{kind}:{source}")
    return types
