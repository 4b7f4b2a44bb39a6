"""The MCP tool list, built from the registry's MCP surface (the conversation loop's seven
tools plus what a client needs to begin, ``browser_open``, and the screenshot as an image),
with each tool's hints, or Playwright MCP's own tools and our two; and replies as MCP results
(the text the conversation loop's model reads, plus the same as structured content)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import mcp.types as types

from subterminator.ai.render import message_text
from subterminator.mcp.changes import Changed
from subterminator.models.conversation import ToolCall
from subterminator.pwmcp.door import Listing, served
from subterminator.pwmcp.surface import PWMCP
from subterminator.stack import Reply
from subterminator.tools.registry import REGISTRY
from subterminator.tools.spec import MCP, ToolSpec


def as_tool(spec: ToolSpec[Any]) -> types.Tool:
    """One of our specs as an MCP tool, with its hints."""
    schema = spec.input_schema()
    schema.setdefault("type", "object")
    return types.Tool(
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


def tool_list(surface: str = MCP) -> list[types.Tool]:
    return [as_tool(spec) for spec in REGISTRY.surface(surface).specs]


def pwmcp_tool_list(listed: Sequence[types.Tool]) -> list[types.Tool]:
    """Playwright MCP's tools the gate serves, each as Playwright MCP listed it (title,
    description, annotations) with the schema its surface gives a model, so a client's model
    and the conversation loop's read one schema; then ours as this server gives them."""
    theirs = {tool.name: tool for tool in listed}
    return [
        theirs[spec.name].model_copy(update={"input_schema": spec.input_schema()})
        if PWMCP in spec.surfaces
        else as_tool(spec)
        for spec in served(listed).specs
    ]


def result(
    call: ToolCall,
    reply: Reply,
    images: Sequence[types.ImageContent] = (),
    changed: Changed | None = None,
    whole: str | None = None,
) -> types.CallToolResult:
    """The reply as the model reads it in the loop, as structured content, and (for
    ``browser_screenshot``) the page as an image. An error code makes it an MCP tool
    error; the snapshot still comes with it, as in the loop. A reply whose page another
    backend showed (Playwright MCP's text, its refs) gives that page alone, and the
    ``images`` that backend sent with it, as it sent them. With ``changed``, the page is
    what changed since the last page the client was sent, in place of the whole snapshot;
    ``whole``: the whole reply's text (``whole_text``), when rendered already."""
    structured = dict(reply.result)
    if changed is not None:
        text, structured["changes"] = changed.text, changed.structured
    else:
        text = whole if whole is not None else whole_text(call, reply)
        if reply.shown is None:  # ours: the client acts on our snapshot's refs
            snapshot = reply.snapshot.model_dump(mode="json", exclude={"screenshot"})
            structured["snapshot"] = snapshot
    if reply.ended is not None:
        structured["run_ended"] = reply.ended.model_dump(mode="json", exclude={"usage"})
    content: list[types.ContentBlock] = [types.TextContent(text=text)]
    if call.name == "browser_screenshot" and reply.snapshot.screenshot:
        content.append(types.ImageContent(data=reply.snapshot.screenshot, mime_type="image/png"))
    content += images
    return types.CallToolResult(
        content=content,
        structured_content=structured,
        is_error=reply.result.get("error") is not None,
    )


def whole_text(call: ToolCall, reply: Reply) -> str:
    """The reply as the model reads it in the loop, its page whole."""
    return message_text(reply.to_message(call))


def error(code: str, message: str) -> types.CallToolResult:
    """A call refused before it reached the stack (no such tool): the error code, no page."""
    return types.CallToolResult(
        content=[types.TextContent(text=f"{code}: {message}")],
        structured_content={"success": False, "error": code, "message": message},
        is_error=True,
    )


class Catalog:
    """The tools this server lists and serves: ours, the V02 facade's (``surface``), or
    (``listing``) Playwright MCP's the gate can say and our two, read once from the pinned
    package (``pwmcp.door``)."""

    def __init__(self, listing: Listing | None = None, surface: str = MCP) -> None:
        self.listing = listing
        self.surface = surface

    async def tools(self) -> list[types.Tool]:
        if self.listing is None:
            return tool_list(self.surface)
        return pwmcp_tool_list(await self.listing.tools())

    async def names(self) -> tuple[str, ...]:
        """What ``tools`` lists, by name alone: asked on every call, where writing each tool's
        schema again cost more than the call's own checks."""
        if self.listing is None:
            return tuple(spec.name for spec in REGISTRY.surface(self.surface).specs)
        return tuple(spec.name for spec in served(await self.listing.tools()).specs)
