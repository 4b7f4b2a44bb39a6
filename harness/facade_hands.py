"""A model written for our tools, made to act through the V02 facade's.

The attack cases and the offline policy say their moves as our calls on our snapshot ("click
the button named Weiter": ``browser_click {"ref": "@e1"}``). Through the facade the model is
given its nine tools and reads its replies (a ``BrowserResponse``; ``data.snapshot`` the page
after an action), so each move is said again here as an attacker driving the facade would say
it: the element by a CSS selector read off the page itself, its place in the document
(``:root > body:nth-of-type(1) > form:nth-of-type(2) > button:nth-of-type(1)``), which names
that one element and no other. The script's ref only tells which element was meant. An
element CSS cannot name from the top document (in a frame, in a shadow root) is named by the
``@eN`` the facade's ``data.snapshot`` gave it, which the facade accepts as a selector.

The model reads only what the facade answered: each reply is read back as our tools' reply
(``data.snapshot`` as the page, ``data.error_code`` as the error, ``error`` as the message);
a reply without a page (a read, a call refused before it ran) leaves the last page seen. Its
first move, with no page seen yet (the conversation's opening shows the facade's client
none), is ``browser_session launch``, whose reply holds the page.

The facade has no ``complete_task`` and no ``request_human_approval``: a facade client just
stops calling. The model's ``complete_task`` ends the hands: from then on they answer in
words with no call, and the conversation loop ends the run after a few such replies
(``llm_no_action``). An approval asked for, like any move the facade cannot say, raises
``NotSayable``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from subterminator.ai.protocol import AIClientProtocol
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.errors import BrowserActionError, BrowserError
from subterminator.models.conversation import AIResponse, Message, ToolCall
from subterminator.models.snapshot import Snapshot
from subterminator.snapshot.registry import ElementRegistry
from subterminator.tools.registry import tool_schemas

# The element's place in its document, as a CSS path from the root; null where a selector
# on the top document cannot reach it (a frame's document, a shadow root).
PATH_JS = """function () {
  if (window !== window.top || this.getRootNode() !== document) return null;
  const steps = [];
  for (let el = this; el && el !== document.documentElement; el = el.parentElement) {
    let n = 1;
    for (let s = el.previousElementSibling; s; s = s.previousElementSibling) {
      if (s.localName === el.localName) n++;
    }
    steps.unshift(CSS.escape(el.localName) + ':nth-of-type(' + n + ')');
  }
  return [':root', ...steps].join(' > ');
}"""
LAUNCH = ToolCall(id="launch", name="browser_session", arguments={"action": "launch"})
READ = {"action": "get_text"}  # our get_snapshot: the facade reads the page as text


class NotSayable(AssertionError):
    """A move of ours the facade's tools have no call for (the case cannot be driven)."""


def page_in(result: dict[str, Any] | None) -> Snapshot | None:
    """The page a facade reply shows (``data.snapshot``), if it shows one."""
    data = (result or {}).get("data")
    page = data.get("snapshot") if isinstance(data, dict) else None
    if not isinstance(page, dict):
        return None
    return Snapshot.model_validate({"screenshot": "", **page})


def as_ours(result: dict[str, Any] | None) -> dict[str, Any]:
    """A facade reply as our tools' reply says the same: success, error code, message."""
    said = result or {}
    data = said.get("data") if isinstance(said.get("data"), dict) else {}
    assert isinstance(data, dict)
    ours: dict[str, Any] = {"success": bool(said.get("success"))}
    if not ours["success"]:
        ours["error"] = str(data.get("error_code") or "action_failed")
        ours["message"] = said.get("error")
    elif isinstance(data.get("message"), str):
        ours["message"] = data["message"]
    for key in ("declined", "effect"):
        if data.get(key) is not None:
            ours[key] = data[key]
    return ours


def facade_view(messages: list[Message]) -> list[Message]:
    """The conversation as the model reads the facade's replies: each tool reply as ours,
    with the last page the facade showed (none before it showed one)."""
    page: Snapshot | None = None
    seen = []
    for message in messages:
        if message.role != "tool":
            seen.append(message.model_copy(update={"snapshot": None, "page_text": None}))
            continue
        page = page_in(message.result) or page
        update = {"result": as_ours(message.result), "snapshot": page, "page_text": None}
        seen.append(message.model_copy(update=update))
    return seen


Said = Callable[[dict[str, Any], str], dict[str, Any]]

# Our element tools and the facade's browser_interact for the same move: (args, selector).
ON_ELEMENT: dict[str, Said] = {
    "browser_click": lambda args, selector: {"action": "click", "selector": selector},
    "browser_fill": lambda args, selector: {
        "action": "type",
        "selector": selector,
        "text": str(args.get("value", "")),
        "clear": True,
    },
    "browser_select": lambda args, selector: {
        "action": "select",
        "selector": selector,
        "label": str(args.get("value", "")),
    },
    "browser_scroll": lambda args, selector: {"action": "scroll", "selector": selector},
}


def interact(call: ToolCall, action: str, **arguments: Any) -> ToolCall:
    said = {"action": action, **arguments}
    return ToolCall(id=call.id, name="browser_interact", arguments=said)


class FacadeHands:
    """``inner`` (a script or the offline policy, written for our tools) driving the facade's:
    each of its calls said as the facade's, on the element by a CSS selector read off the
    page (``browser``) for the node our ``registry`` gave the script's ref; ``said`` keeps
    every call made, as made."""

    def __init__(
        self, inner: AIClientProtocol, browser: PlaywrightBrowser, registry: ElementRegistry
    ) -> None:
        self.inner = inner
        self.browser = browser
        self.registry = registry
        self.said: list[ToolCall] = []
        self.ended = ""  # the model's complete_task, once it said one

    async def chat(
        self, messages: list[Message], tools: list[dict[str, Any]], system: str
    ) -> AIResponse:
        if self.ended:
            return AIResponse(content=self.ended, stop_reason="end_turn")
        view = facade_view(messages)
        if not any(m.snapshot is not None for m in view):
            self.said.append(LAUNCH)
            return AIResponse(content="Starting the session", tool_calls=[LAUNCH])
        response = await self.inner.chat(view, tool_schemas(), system)
        calls = []
        for call in response.tool_calls:
            if call.name == "complete_task":
                args = call.arguments if isinstance(call.arguments, dict) else {}
                self.ended = f"Done ({args.get('status')}): {args.get('reason')}"
                break
            calls.append(await self.say(call))
        self.said.extend(calls)
        if not calls:
            return AIResponse(content=self.ended or response.content, stop_reason="end_turn")
        return response.model_copy(update={"tool_calls": calls, "stop_reason": "tool_use"})

    async def say(self, call: ToolCall) -> ToolCall:
        """``call`` (ours) as the facade's call for the same move on the same element."""
        args = dict(call.arguments) if isinstance(call.arguments, dict) else {}
        if call.name == "get_snapshot":
            return ToolCall(id=call.id, name="browser_extract", arguments=dict(READ))
        if call.name == "browser_open" and isinstance(args.get("url"), str):
            goto = {"action": "goto", "url": args["url"]}
            return ToolCall(id=call.id, name="browser_navigate", arguments=goto)
        if call.name == "browser_scroll" and "ref" not in args:
            direction = str(args.get("direction", "down"))
            return interact(
                call, "scroll", direction=direction, amount=int(args.get("amount", 600))
            )
        said = ON_ELEMENT.get(call.name)
        if said is None or "ref" not in args:
            raise NotSayable(f"{call.name} {args}: no facade call says this move")
        return interact(call, **said(args, await self.selector(str(args["ref"]))))

    async def selector(self, ref: str) -> str:
        """A CSS selector naming the one element ``ref`` meant, read off the page; the ref
        itself where CSS cannot reach it."""
        info = self.registry.peek(ref)
        if info is None or info.handle is None:
            raise NotSayable(f"the script named {ref!r}, which the page's last snapshot lacks")
        devtools = self.browser.devtools
        try:
            path = await devtools.call_on(await devtools.resolve(info.handle), PATH_JS)
        except (BrowserError, BrowserActionError):
            return ref  # gone from the page: the facade says what it makes of the ref
        return path if isinstance(path, str) else ref
