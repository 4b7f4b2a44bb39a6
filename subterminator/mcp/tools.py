"""The MCP tool list: spec 01's seven tools with their schemas and descriptions, plus what a
client needs to begin (``browser_open``) and the screenshot as an image; and replies as MCP
results (the text the conversation loop's model reads, plus the same as structured content)."""

from __future__ import annotations

from dataclasses import dataclass

import mcp.types as types

from subterminator.ai.render import message_text
from subterminator.models.conversation import ToolCall
from subterminator.stack import Reply
from subterminator.tools.schemas import (
    DESCRIPTIONS,
    FRONT_DOOR_DESCRIPTIONS,
    TOOL_NAMES,
    input_schema,
)


@dataclass(frozen=True)
class Hints:
    title: str
    read_only: bool
    destructive: bool = False
    idempotent: bool = False
    open_world: bool = True  # it acts on web pages


HINTS: dict[str, Hints] = {
    "browser_open": Hints("Open the account page or an address", read_only=False),
    "get_snapshot": Hints("Read the page (elements with refs)", read_only=True, idempotent=True),
    "browser_click": Hints("Click an element", read_only=False, destructive=True),
    "browser_fill": Hints("Type into a field", read_only=False, destructive=True),
    "browser_select": Hints("Choose an option", read_only=False, destructive=True),
    "browser_scroll": Hints("Scroll the page or to an element", read_only=True),
    "request_human_approval": Hints("Ask the person", read_only=True, open_world=False),
    "complete_task": Hints(
        "Report the outcome (verified on the page)", read_only=True, open_world=False
    ),
    "browser_screenshot": Hints("Screenshot of the page", read_only=True, idempotent=True),
}
NAMES: tuple[str, ...] = ("browser_open", *TOOL_NAMES, "browser_screenshot")


def tool_list() -> list[types.Tool]:
    tools = []
    for name in NAMES:
        hints = HINTS[name]
        schema = input_schema(name)
        schema.setdefault("type", "object")
        tools.append(
            types.Tool(
                name=name,
                title=hints.title,
                description=DESCRIPTIONS.get(name) or FRONT_DOOR_DESCRIPTIONS[name],
                input_schema=schema,
                annotations=types.ToolAnnotations(
                    title=hints.title,
                    read_only_hint=hints.read_only,
                    destructive_hint=hints.destructive,
                    idempotent_hint=hints.idempotent,
                    open_world_hint=hints.open_world,
                ),
            )
        )
    return tools


def result(call: ToolCall, reply: Reply) -> types.CallToolResult:
    """The reply as the model reads it in the loop, as structured content, and (for
    ``browser_screenshot``) the page as an image. A spec 01 error code makes it an MCP tool
    error; the snapshot still comes with it, as in the loop."""
    structured = dict(reply.result)
    structured["snapshot"] = reply.snapshot.model_dump(mode="json", exclude={"screenshot"})
    if reply.ended is not None:
        structured["run_ended"] = reply.ended.model_dump(mode="json", exclude={"usage"})
    content: list[types.ContentBlock] = [
        types.TextContent(text=message_text(reply.to_message(call)))
    ]
    if call.name == "browser_screenshot" and reply.snapshot.screenshot:
        content.append(types.ImageContent(data=reply.snapshot.screenshot, mime_type="image/png"))
    return types.CallToolResult(
        content=content,
        structured_content=structured,
        is_error=reply.result.get("error") is not None,
    )


def error(code: str, message: str) -> types.CallToolResult:
    """A call refused before it reached the stack (no such tool): spec 01's code, no page."""
    return types.CallToolResult(
        content=[types.TextContent(text=f"{code}: {message}")],
        structured_content={"success": False, "error": code, "message": message},
        is_error=True,
    )
