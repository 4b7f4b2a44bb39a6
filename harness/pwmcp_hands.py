"""A model written for our tools, made to act through Playwright MCP's.

The attack cases and the offline policy say their moves as our calls on our snapshot ("click
the button named Weiter": ``browser_click {"ref": "@e1"}``). Through the Playwright MCP
backend the model is given Playwright MCP's tools and reads its YAML snapshot, so each move is
said again here as an attacker driving Playwright MCP would make it: the element's role and
name, looked up in Playwright MCP's own snapshot text, give its ref (``target``). Nothing of
ours decides what runs; our snapshot only tells which element the script meant.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from subterminator.ai.protocol import AIClientProtocol
from subterminator.models.conversation import AIResponse, Message, ToolCall, latest
from subterminator.models.snapshot import Snapshot

# One line of Playwright MCP's YAML snapshot that names an element it gives a ref.
LINE = re.compile(
    r'^\s*- (?P<role>[a-z]+)(?: (?P<name>"(?:[^"\\]|\\.)*"))?[^\n]*?\[ref=(?P<ref>(?:f\d+)?e\d+)\]',
    re.MULTILINE,
)
CUT = "..."  # how our snapshot ends a name it shortened


@dataclass(frozen=True)
class Named:
    role: str
    name: str
    ref: str


def named(page_text: str) -> list[Named]:
    """The elements Playwright MCP's newest snapshot in ``page_text`` gives a ref, in order."""
    blocks = page_text.split("### Snapshot")
    newest = blocks[-1] if len(blocks) > 1 else page_text
    found = []
    for line in LINE.finditer(newest):
        quoted = line.group("name")
        name = json.loads(quoted) if quoted else ""
        found.append(Named(line.group("role"), name, line.group("ref")))
    return found


def plain(name: str) -> str:
    """A name as two readers agree on it: no format characters (zero-width), one space."""
    kept = "".join(c for c in name if unicodedata.category(c) != "Cf")
    return " ".join(kept.split())


def same_name(ours: str, theirs: str) -> bool:
    mine, other = plain(ours), plain(theirs)
    if mine.endswith(CUT):  # ours was shortened for the model: its start must match
        return other.startswith(mine.removesuffix(CUT))
    return mine == other


def target_of(role: str, name: str, nth: int, page_text: str) -> str:
    """Playwright MCP's ref of the ``nth`` element with ``role`` and ``name`` on its page."""
    found = [e for e in named(page_text) if e.role == role and same_name(name, e.name)]
    if nth >= len(found):
        seen = ", ".join(f"{e.role} {e.name!r}" for e in named(page_text))
        raise AssertionError(f"no {role} {name!r} (#{nth}) in Playwright MCP's snapshot: {seen}")
    return found[nth].ref


def page_text(messages: list[Message]) -> str:
    for message in reversed(messages):
        if message.page_text:
            return message.page_text
    raise AssertionError("Playwright MCP's snapshot is not in the conversation yet")


def _element(snapshot: Snapshot, ref: object) -> tuple[str, str, int]:
    """The role, name and place among its namesakes of our snapshot's ``ref``."""
    elements = snapshot.elements
    index = next((i for i, e in enumerate(elements) if e.ref == ref), None)
    if index is None:
        raise AssertionError(f"the script named {ref!r}, which our snapshot does not have")
    chosen = elements[index]
    nth = sum(1 for e in elements[:index] if (e.role, e.name) == (chosen.role, chosen.name))
    return chosen.role, chosen.name, nth


Said = Callable[[dict[str, Any], str], tuple[str, dict[str, Any]]]

# Our element tools and Playwright MCP's for the same move: (its tool, its arguments).
ON_ELEMENT: dict[str, Said] = {
    "browser_click": lambda args, ref: ("browser_click", {"target": ref}),
    "browser_scroll": lambda args, ref: ("browser_hover", {"target": ref}),
    "browser_fill": lambda args, ref: (
        "browser_type",
        {"target": ref, "text": str(args.get("value", ""))},
    ),
    "browser_select": lambda args, ref: (
        "browser_select_option",
        {"target": ref, "values": [str(args.get("value", ""))]},
    ),
}
# Ours that need no element, said as Playwright MCP's; and ours kept as they are.
WHOLE = {"get_snapshot": "browser_snapshot", "browser_wait": "browser_snapshot"}
KEPT = frozenset({"complete_task", "request_human_approval"})


class NotSayable(AssertionError):
    """A move of ours Playwright MCP's tools have no call for (the case cannot be driven)."""


def through_pwmcp(call: ToolCall, messages: list[Message]) -> ToolCall:
    """``call`` (ours) as Playwright MCP's call for the same move on the same element."""
    args = dict(call.arguments) if isinstance(call.arguments, dict) else {}
    if call.name in KEPT:
        return call
    if call.name in WHOLE:
        return call.model_copy(update={"name": WHOLE[call.name], "arguments": {}})
    if call.name == "browser_open" and isinstance(args.get("url"), str):
        return call.model_copy(
            update={"name": "browser_navigate", "arguments": {"url": args["url"]}}
        )
    said = ON_ELEMENT.get(call.name)
    snapshot, _ = latest(messages)
    if said is None or "ref" not in args or snapshot is None:
        raise NotSayable(f"{call.name} {args}: no Playwright MCP call says this move")
    role, name, nth = _element(snapshot, args["ref"])
    tool, arguments = said(args, target_of(role, name, nth, page_text(messages)))
    return call.model_copy(update={"name": tool, "arguments": {**arguments, "element": name}})


class PwMcpHands:
    """``inner`` (a script or the offline policy, written for our tools) driving Playwright
    MCP's: each of its calls said as Playwright MCP's, by the ref Playwright MCP gave the
    element; ``said`` keeps every call made, as made."""

    def __init__(self, inner: AIClientProtocol) -> None:
        self.inner = inner
        self.said: list[ToolCall] = []

    async def chat(
        self, messages: list[Message], tools: list[dict[str, Any]], system: str
    ) -> AIResponse:
        response = await self.inner.chat(messages, tools, system)
        calls = [through_pwmcp(c, messages) for c in response.tool_calls]
        self.said.extend(calls)
        return response.model_copy(update={"tool_calls": calls})
