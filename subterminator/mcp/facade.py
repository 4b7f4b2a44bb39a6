"""The V02 facade at the MCP door: its tool list, its replies, and ``browser_session``'s
calls that are the door's own (the session owns the browser: a terminate ends its run, and
a list before any launch starts nothing)."""

from __future__ import annotations

import json
from typing import Any

import mcp.types as types

from subterminator.models.browser_response import BrowserResponse
from subterminator.stack import Reply
from subterminator.tools.facade import V02
from subterminator.tools.facade.args import SessionArgs
from subterminator.tools.registry import REGISTRY

TERMINATED = "The client terminated the browser (browser_session terminate)"


def facade_result(reply: Reply) -> types.CallToolResult:
    """The ``BrowserResponse`` as JSON text and as structured content; a screenshot it
    carries also as an image."""
    said = reply.result
    content: list[types.ContentBlock] = [
        types.TextContent(text=json.dumps(said, ensure_ascii=False, separators=(",", ":")))
    ]
    shot = said.get("screenshot")
    if isinstance(shot, str) and shot:
        content.append(types.ImageContent(data=shot, mime_type="image/png"))
    return types.CallToolResult(
        content=content, structured_content=said, is_error=not said.get("success", False)
    )


def answered(said: BrowserResponse) -> types.CallToolResult:
    body = said.said()
    return types.CallToolResult(
        content=[types.TextContent(text=json.dumps(body, ensure_ascii=False))],
        structured_content=body,
        is_error=not said.success,
    )


def session_args(arguments: dict[str, Any] | None) -> SessionArgs | None:
    """The call's arguments, when they are a valid ``browser_session`` call (else the front
    says what is wrong with them)."""
    try:
        return SessionArgs.model_validate(arguments or {})
    except ValueError:
        return None


def launch_refused(args: SessionArgs, profile: str | None) -> str | None:
    """Why a launch's options are refused: the person chose them when starting the server."""
    if args.anti_detect:
        return "anti_detect is not offered: SubTerminator is the person's own browser"
    if args.profile is not None and args.profile != profile:
        return (
            "the browser profile is chosen by whoever starts the server (--profile), not by "
            "a tool call"
        )
    return None


def is_facade(name: str) -> bool:
    return name in REGISTRY.surface(V02)
