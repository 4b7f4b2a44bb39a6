"""A driver of our own tools (the offline policy) made to speak Playwright MCP's.

The offline policy reads our capture and decides on our refs; with Playwright MCP as the
browser's hands, each of its calls is said as the Playwright MCP call that does the same on
the same element (our ref read back as Playwright MCP's), so the run goes through Playwright
MCP's tools exactly as a model's would, and through the same gate.
"""

from __future__ import annotations

from typing import Any

from subterminator.ai.protocol import AIClientProtocol
from subterminator.models.conversation import AIResponse, Message, ToolCall
from subterminator.pwmcp.front import PwMcpFront
from subterminator.pwmcp.resolve import PwMcpResolver
from subterminator.tools.registry import tool_schemas

# Our page-level scroll, as the key that does it.
KEYS = {"down": "PageDown", "up": "PageUp", "top": "Home", "bottom": "End"}


class SpeaksPwMcp:
    """``inner``'s calls, each said as Playwright MCP's; ``front`` is set once the run is
    built (the driver is chosen before the run)."""

    def __init__(self, inner: AIClientProtocol) -> None:
        self.inner = inner
        self.front: PwMcpFront | None = None

    async def chat(
        self, messages: list[Message], tools: list[dict[str, Any]], system: str
    ) -> AIResponse:
        response = await self.inner.chat(messages, tool_schemas(), system)
        if self.front is None:
            return response
        calls = [await self.said(self.front, call) for call in response.tool_calls]
        return response.model_copy(update={"tool_calls": calls})

    async def said(self, front: PwMcpFront, call: ToolCall) -> ToolCall:
        """``call`` in Playwright MCP's words; ours unchanged where it has none."""
        args = dict(call.arguments) if isinstance(call.arguments, dict) else {}
        if call.name == "get_snapshot":
            return call.model_copy(update={"name": "browser_snapshot", "arguments": {}})
        if call.name == "browser_open" and isinstance(args.get("url"), str):
            return call.model_copy(
                update={"name": "browser_navigate", "arguments": {"url": args["url"]}}
            )
        if call.name == "browser_scroll" and args.get("ref") is None:
            key = KEYS.get(str(args.get("direction")), "PageDown")
            return call.model_copy(update={"name": "browser_press_key", "arguments": {"key": key}})
        ref, resolver = args.get("ref"), front.resolver
        target = None
        if isinstance(ref, str) and isinstance(resolver, PwMcpResolver):
            target = await resolver.theirs(ref)
        if target is None:
            return call
        info = front.stack.server.registry.peek(ref)
        named = {"target": target, "element": info.name if info is not None else target}
        if call.name == "browser_click":
            return call.model_copy(update={"arguments": named})
        if call.name == "browser_fill":
            words = {**named, "text": args.get("value", "")}
            return call.model_copy(update={"name": "browser_type", "arguments": words})
        if call.name == "browser_select":
            chosen = {**named, "values": [args.get("value", "")]}
            return call.model_copy(update={"name": "browser_select_option", "arguments": chosen})
        if call.name == "browser_scroll":
            return call.model_copy(update={"name": "browser_hover", "arguments": named})
        return call


def speaking(ai: AIClientProtocol | None, front: PwMcpFront | None) -> None:
    """Give every ``SpeaksPwMcp`` in ``ai`` (itself, or a fallback's) the run's front."""
    for part in (ai, getattr(ai, "fallback", None)):
        if isinstance(part, SpeaksPwMcp):
            part.front = front
