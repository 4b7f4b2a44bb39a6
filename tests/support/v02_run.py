"""A run whose front door is the V02 facade, built as the MCP server builds it
(``build_run(..., facade=...)``): every facade test's run comes from ``facade_run``.

The facade's tests of what the gate judges (a step in the history, a key) open it on a page
the browser was brought to first (its origin is the run's start) and empty the site's record
after (``started_run``).
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
from subterminator.facade.search import SearchProvider
from subterminator.models.approval import HumanApprovalHandler
from subterminator.models.conversation import ToolCall
from subterminator.runlog import RunRecord
from subterminator.services.base import ServiceConfig
from subterminator.stack import Reply

# The session's one browser, as browser_session names it in a test's run.
INSTANCE = "v02-test"


class Site(Protocol):
    """A local site that keeps what it received (``reset`` forgets it)."""

    def reset(self) -> None: ...


def facade_run(
    browser: PlaywrightBrowser,
    service: ServiceConfig,
    approvals: HumanApprovalHandler | None,
    folders: Folders | Path,
    *,
    start_url: str = "",
    allow_sites: tuple[str, ...] = (),
    record: RunRecord | None = None,
    search: SearchProvider | None = None,
) -> Run:
    """The facade's run on the browser's page as it stands: its screenshots in ``folders``
    (a folder: no downloads kept); with ``record``, every call logged as the MCP door logs it."""
    kept = folders if isinstance(folders, Folders) else Folders(folders)
    setup = FacadeSetup(Instance(INSTANCE, True, datetime.now(UTC)), kept, search)
    return build_run(
        service,
        browser,
        approvals,
        start_url=start_url,
        allow_sites=allow_sites,
        record=record,
        log_calls=record is not None,
        facade=setup,
    )


async def started_run(
    browser: PlaywrightBrowser,
    site: Site,
    service: ServiceConfig,
    approvals: HumanApprovalHandler | None,
    folder: Path,
) -> Run:
    """The facade's run on the page the browser is on, started there; the site's record
    emptied."""
    run = facade_run(browser, service, approvals, folder)
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
