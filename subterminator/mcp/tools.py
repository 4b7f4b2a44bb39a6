"""The MCP tool list, built from the registry's MCP surface (the conversation loop's seven
tools plus what a client needs to begin, ``browser_open``, and the screenshot as an image),
with each tool's hints; and replies as MCP results (the text the conversation loop's model
reads, plus the same as structured content)."""

from __future__ import annotations

import mcp.types as types

from subterminator.ai.render import message_text
from subterminator.models.conversation import ToolCall
from subterminator.stack import Reply
from subterminator.tools.registry import REGISTRY
from subterminator.tools.spec import MCP


def tool_list() -> list[types.Tool]:
    tools = []
    for spec in REGISTRY.surface(MCP).specs:
        schema = spec.input_schema()
        schema.setdefault("type", "object")
        tools.append(
            types.Tool(
                name=spec.name,
                title=spec.title,
                description=spec.description,
                input_schema=schema,
                annotations=types.ToolAnnotations(
                    title=spec.title,
                    read_only_hint=spec.effect == "read-only",
                    destructive_hint=spec.effect == "destructive",
                    idempotent_hint=spec.idempotent,
                    open_world_hint=spec.open_world,
                ),
            )
        )
    return tools


def result(call: ToolCall, reply: Reply) -> types.CallToolResult:
    """The reply as the model reads it in the loop, as structured content, and (for
    ``browser_screenshot``) the page as an image. An error code makes it an MCP tool
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
    """A call refused before it reached the stack (no such tool): the error code, no page."""
    return types.CallToolResult(
        content=[types.TextContent(text=f"{code}: {message}")],
        structured_content={"success": False, "error": code, "message": message},
        is_error=True,
    )
