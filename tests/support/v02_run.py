"""A run whose front door is the V02 facade, on a local service's page, driven call by call.

The facade's tests of what the gate judges (a step in the history, a key) share this: the run
built as the MCP server builds it (``build_run(..., facade=...)``), opened on a page the browser
was brought to first (its origin is the run's start), the site's record emptied after.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from subterminator.assembly import build_run
from subterminator.assembly.builder import Run
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.facade.assemble import FacadeSetup
from subterminator.facade.front import Instance
from subterminator.facade.reading import Folders
from subterminator.models.approval import HumanApprovalHandler
from subterminator.models.conversation import ToolCall
from subterminator.services.base import ServiceConfig
from subterminator.stack import Reply


class Site(Protocol):
    """A local site that keeps what it received (``reset`` forgets it)."""

    def reset(self) -> None: ...


async def facade_run(
    browser: PlaywrightBrowser,
    site: Site,
    service: ServiceConfig,
    approvals: HumanApprovalHandler | None,
    folder: Path,
) -> Run:
    """The facade's run on the page the browser is on; the site's record emptied."""
    setup = FacadeSetup(Instance("v02-test", True, datetime.now(UTC)), Folders(folder))
    run = build_run(service, browser, approvals, facade=setup)
    await facade_call(run, "browser_navigate", action="get_url")
    site.reset()
    return run


async def facade_call(run: Run, tool: str, **arguments: Any) -> Reply:
    return await run.top.execute(ToolCall(id="v02", name=tool, arguments=arguments))


def error_code(reply: Reply) -> str | None:
    """The refusal's code in the facade's reply (None for a success)."""
    if reply.result.get("success"):
        return None
    data = reply.result.get("data") or {}
    return str(data.get("error_code"))
