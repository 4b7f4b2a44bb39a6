"""A facade run for ``browser_execute`` tests: built as the MCP door builds it, on real
Chromium, and one call's reply as a client reads it."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from playwright.async_api import Request

from subterminator.assembly import Run, build_run
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.facade.assemble import FacadeSetup
from subterminator.facade.front import Instance
from subterminator.facade.reading import Folders
from subterminator.models.approval import HumanApprovalHandler
from subterminator.models.conversation import ToolCall
from subterminator.services.base import ServiceConfig


def facade_run(
    browser: PlaywrightBrowser,
    service: ServiceConfig,
    approvals: HumanApprovalHandler | None,
    folder: Path,
) -> Run:
    """The run whose front door is the V02 facade, on the browser's page as it stands."""
    setup = FacadeSetup(
        Instance("code-test", True, datetime.now(UTC)), Folders(folder / "screenshots")
    )
    return build_run(service, browser, approvals, facade=setup)


async def call(run: Run, tool: str, **arguments: Any) -> dict[str, Any]:
    """One facade call through the run's top; its reply as the client reads it."""
    reply = await run.top.execute(ToolCall(id="x", name=tool, arguments=arguments))
    return reply.result


async def execute(run: Run, code: str, **arguments: Any) -> dict[str, Any]:
    """``browser_execute``: ``action`` execute unless told (``evaluate``)."""
    arguments.setdefault("action", "execute")
    return await call(run, "browser_execute", code=code, **arguments)


async def request_to(browser: PlaywrightBrowser, marker: str) -> Request:
    """The next request of the browser's tabs whose address holds ``marker``, once it is over
    (answered, or stopped by our interception): after it, the site has it or never will."""
    request: Request = await browser.page.context.wait_for_event(
        "request", lambda r: marker in r.url, timeout=20_000
    )
    await request.response()  # None when it was stopped
    return request
