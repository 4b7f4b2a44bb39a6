"""The whole tool stack on a local service's flow page, and what reached the site.

Browser tests that drive a cancellation step by step share this: the service whose flow
addresses start with ``/p/``, the stack opened on one of its pages with the site's record
emptied, a click by an element's name, and the writes the site received (the proof).
"""

from __future__ import annotations

from subterminator.assembly import build_run
from subterminator.assembly.builder import ToolServer
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.models.approval import HumanApprovalHandler
from subterminator.models.conversation import ToolCall
from subterminator.models.snapshot import Snapshot
from subterminator.services.base import ServiceConfig
from subterminator.stack import Reply, ToolStack
from subterminator.tools.server import BrowserToolServer
from tests.support.browser_helpers import by_name
from tests.support.recording_site import RecordingSite


def flow_service(name: str, display_name: str) -> ServiceConfig:
    """A service on 127.0.0.1 whose flow pages are the addresses under ``/p/``."""
    return ServiceConfig(
        name=name,
        display_name=display_name,
        initial_url="http://127.0.0.1/",
        flow_urls=("/p/",),
    )


def posts(site: RecordingSite) -> list[tuple[str, str]]:
    """The writes that reached the site, in order."""
    return [(m, p) for m, p in site.seen if m == "POST"]


async def stack_on(
    browser: PlaywrightBrowser,
    site: RecordingSite,
    path: str,
    service: ServiceConfig,
    approvals: HumanApprovalHandler | None,
    *,
    tool_server: ToolServer = BrowserToolServer,
) -> tuple[ToolStack, Reply]:
    """The tool stack on ``path`` (a page of the service's flow); the site's record empty."""
    await browser.navigate(site.url(path))
    stack = build_run(service, browser, approvals, tool_server=tool_server).stack
    reply = await stack.execute(ToolCall(id="s", name="get_snapshot", arguments={}))
    site.reset()
    return stack, reply


async def click(stack: ToolStack, shown: Reply | Snapshot, name: str) -> Reply:
    """A click on the element named ``name`` in the reply (or snapshot) shown last."""
    snapshot = shown if isinstance(shown, Snapshot) else shown.snapshot
    ref = by_name(snapshot, name).ref
    return await stack.execute(ToolCall(id="c", name="browser_click", arguments={"ref": ref}))
