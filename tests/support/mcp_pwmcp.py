"""The Playwright MCP backend's MCP tests' shared parts: the tools a client must be given,
the walk to the final step by Playwright MCP's refs, and reading its replies."""

from __future__ import annotations

import re
from typing import Any

import mcp.types as types
from mcp.client import Client

FLOW = [
    ("link", "Manage membership", 0),
    ("button", "Cancel membership", 0),
    ("button", "Show option contents", 2),
]
FINAL = "Finish Cancellation"
WANTED = {
    "browser_snapshot",
    "browser_click",
    "browser_navigate",
    "browser_type",
    "complete_task",
    "request_human_approval",
}


def text_of(reply: types.CallToolResult) -> str:
    return "\n".join(c.text for c in reply.content if isinstance(c, types.TextContent))


def target(reply: types.CallToolResult, role: str, name: str, nth: int = 0) -> str:
    """The ``nth`` ref Playwright MCP's snapshot in ``reply`` gives a ``role`` named ``name``."""
    line = re.compile(rf'- {role} "{re.escape(name)}"[^\n]*\[ref=((?:f\d+)?e\d+)\]')
    found = line.findall(text_of(reply))
    assert len(found) > nth, f"no {role} {name!r} in:\n{text_of(reply)}"
    return str(found[nth])


def fields(reply: types.CallToolResult) -> dict[str, Any]:
    found = reply.structured_content
    assert found is not None, reply.content
    return dict(found)


async def walk(client: Client) -> types.CallToolResult:
    """From the account page (the session opened it) to the page with the final step."""
    reply = await client.call_tool("browser_snapshot", {})
    assert not reply.is_error, text_of(reply)
    assert "/account" in text_of(reply)
    for role, name, nth in FLOW:
        reply = await client.call_tool(
            "browser_click", {"target": target(reply, role, name, nth), "element": name}
        )
    return reply


async def final_click(client: Client, reply: types.CallToolResult) -> types.CallToolResult:
    """The final step, by the ref ``reply``'s page gives it."""
    return await client.call_tool(
        "browser_click", {"target": target(reply, "button", FINAL), "element": FINAL}
    )
