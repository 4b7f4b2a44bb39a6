"""The V02 facade at the MCP door: its tool list, its replies, and ``browser_session``'s
calls that are the door's own (the session owns the browser: a terminate ends its run, and
a list before any launch starts nothing)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import mcp.types as types

from subterminator.facade.assemble import FacadeSetup
from subterminator.facade.front import Instance, refused
from subterminator.facade.reading import Folders
from subterminator.facade.search import provider
from subterminator.models.browser_response import BrowserResponse
from subterminator.models.result import TaskResult
from subterminator.stack import Reply, ToolStack
from subterminator.tools.facade.args import SessionArgs

log = logging.getLogger(__name__)

TERMINATED = "The client terminated the browser (browser_session terminate)"
SCREENSHOTS = "screenshots"  # the facade's saved screenshots, in the session's folder
NO_ID = "terminate needs the instance_id that launch or get_active gave"


def facade_result(reply: Reply, notes: dict[str, Any] | None = None) -> types.CallToolResult:
    """The ``BrowserResponse`` as JSON text and as structured content; a screenshot it
    carries also as an image. ``notes``: what the door adds to its data (a launch that
    found the browser running, an option the server decides)."""
    said = reply.result
    if notes and said.get("success"):
        said = {**said, "data": {**(said.get("data") or {}), **notes}}
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


def launch_refused(args: SessionArgs, profile: str | None) -> BrowserResponse | None:
    """A launch whose options are refused: the person chose them when starting the server."""
    if args.anti_detect:
        why = "anti_detect is not offered: SubTerminator is the person's own browser"
        return refused("invalid_params", why)
    if args.profile is not None and args.profile != profile:
        why = (
            "the browser profile is chosen by whoever starts the server (--profile), not by "
            "a tool call"
        )
        return refused("invalid_params", why)
    return None


def launch_notes(args: SessionArgs, *, running: bool, headless: bool) -> dict[str, Any]:
    """What a launch's reply adds: whether it found the session's browser already running
    (one browser a session: the same instance), and a headless asked for that the server's
    own choice (--headless, --headed) overrules."""
    notes: dict[str, Any] = {"reused": running}
    if args.headless != headless:
        notes["headless_note"] = (
            f"headless={str(args.headless).lower()} was asked for; the browser is "
            f"{'headless' if headless else 'headed'}, as the server was started "
            "(--headless, --headed)"
        )
    return notes


def before_launch(action: str) -> BrowserResponse:
    """list and get_active before any launch: no browser, and none started to say so."""
    if action == "list":
        return BrowserResponse(success=True, data={"instances": []})
    return BrowserResponse(success=True, data={"active": False})


def terminate_refused(args: SessionArgs, instance_id: str) -> BrowserResponse | None:
    """A terminate that names no browser of this session ends nothing."""
    if args.instance_id is None:
        return refused("invalid_params", NO_ID)
    if args.instance_id != instance_id:
        why = f"no browser {args.instance_id!r:.40} in this session (it has {instance_id})"
        return refused("invalid_params", why)
    return None


def terminated(instance_id: str, ended: TaskResult | None, left: str | None) -> BrowserResponse:
    """The terminate's reply: the run's ending as its record says it."""
    data: dict[str, Any] = {"status": "terminated", "instance_id": instance_id}
    if ended is not None:
        data["run_ended"] = ended.model_dump(mode="json", exclude={"usage"})
    if left is not None:
        data["message"] = left
    return BrowserResponse(success=True, instance_id=instance_id, data=data)


def facade_setup(
    instance_id: str,
    headless: bool,
    folder: Path | None,
    downloads: Path | None,
    search: str | None,
    exit: contextlib.AsyncExitStack,
) -> FacadeSetup:
    """A facade session's parts: its browser's name, where it saves screenshots (the run
    record's ``folder``, else a folder of its own that ``exit`` removes), the downloads
    kept, its search provider."""
    if folder is None:
        temp = tempfile.TemporaryDirectory(prefix="subterminator-v02-")
        folder = Path(exit.enter_context(temp))
    instance = Instance(instance_id, headless, datetime.now(UTC))
    return FacadeSetup(instance, Folders(folder / SCREENSHOTS, downloads), provider(search))


async def judged_on_page(
    stack: ToolStack, ending: str, bound: float
) -> tuple[TaskResult, str | None] | None:
    """The facade has no ``complete_task``: its run ends when the client terminates the
    browser or goes. After an approved step ran, that ending is judged on the page as
    ``complete_task``'s would be (cancelled and verified, or what ran and what to check), so
    the record says whether the membership is cancelled, not only that the client left.
    None: no approved step ran, or the page could not be read within ``bound`` seconds.
    With the ending, the page's screenshot it was judged on."""
    if stack.final_step_state()[0] is not True:
        return None
    try:
        async with asyncio.timeout(bound):
            result = await stack.settle(stack.ending("verification_failed", error=f"{ending}."))
    except Exception as exc:  # the browser is gone: the record says how the run stood
        log.info("the run could not be judged on its page: %s", exc)
        return None
    last = stack.port.last_snapshot
    return result, last.screenshot if last is not None else None
