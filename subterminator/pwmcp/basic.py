"""The translations of Playwright MCP's reads and its element actions we have our own tool for.

A click or a hover on a ref, typing into a field, one choice in a list, an address to open,
and every read. Each keeps Playwright MCP's own call in ``via``: what runs is that call,
exactly as the model made it, once the gate has judged ours.
"""

from __future__ import annotations

from typing import Any

from subterminator.models.conversation import ToolCall
from subterminator.pwmcp.translate import Resolver, Translator, unread
from subterminator.stack.translated import Translated, canonical, refuse

READS = (
    "browser_snapshot",
    "browser_find",
    "browser_wait_for",
    "browser_take_screenshot",
    "browser_console_messages",
    "browser_resize",
    "browser_emulate_media",
)


def arguments(call: ToolCall) -> dict[str, Any] | None:
    return dict(call.arguments) if isinstance(call.arguments, dict) else None


def not_an_object(call: ToolCall) -> Translated:
    return refuse("invalid_params", f"{call.name}: arguments must be a JSON object")


async def _element(
    call: ToolCall, resolver: Resolver, ours: str, extra: dict[str, Any] | None = None
) -> Translated:
    """An action on the element ``target`` names, as our ``ours`` on our ref of it."""
    args = arguments(call)
    if args is None:
        return not_an_object(call)
    target = args.get("target")
    ref = await resolver.ref(target)
    if ref is None:
        return await unread(call, target, resolver)
    return Translated((canonical(call, ours, {"ref": ref, **(extra or {})}),))


async def click(call: ToolCall, resolver: Resolver) -> Translated:
    return await _element(call, resolver, "browser_click")


async def hover(call: ToolCall, resolver: Resolver) -> Translated:
    """Brought into view and pointed at: it runs under the last action's guard."""
    return await _element(call, resolver, "browser_scroll")


async def type_text(call: ToolCall, resolver: Resolver) -> Translated:
    args = arguments(call)
    if args is None:
        return not_an_object(call)
    text = args.get("text")
    if not isinstance(text, str):
        return refuse("invalid_params", f"{call.name}: 'text' must be a string")
    if args.get("submit"):
        return refuse(
            "invalid_params",
            f"{call.name}: type without submit, then press Enter (browser_press_key)",
        )
    return await _element(call, resolver, "browser_fill", {"value": text})


async def select(call: ToolCall, resolver: Resolver) -> Translated:
    args = arguments(call)
    if args is None:
        return not_an_object(call)
    values = args.get("values")
    if not isinstance(values, list) or len(values) != 1 or not isinstance(values[0], str):
        return refuse("invalid_params", f"{call.name}: give 'values' as a list of one option")
    return await _element(call, resolver, "browser_select", {"value": values[0]})


async def navigate(call: ToolCall, resolver: Resolver) -> Translated:
    args = arguments(call)
    if args is None:
        return not_an_object(call)
    url = args.get("url")
    if not isinstance(url, str) or not url:
        return refuse("invalid_params", f"{call.name}: 'url' must be an address")
    return Translated((canonical(call, "browser_open", {"url": url}),))


async def read(call: ToolCall, resolver: Resolver) -> Translated:
    """A read (or a change to the window, not the page): run under the last guard."""
    if arguments(call) is None and call.arguments is not None:
        return not_an_object(call)
    return Translated((canonical(call, "get_snapshot", {}),))


BASIC: dict[str, Translator] = {
    "browser_click": click,
    "browser_hover": hover,
    "browser_type": type_text,
    "browser_select_option": select,
    "browser_navigate": navigate,
    **dict.fromkeys(READS, read),
}
