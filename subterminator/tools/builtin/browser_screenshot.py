"""browser_screenshot: the page as an image, for an MCP client that can look (MCP only)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from subterminator.models.tools import ToolResult
from subterminator.tools.args import ToolArgs
from subterminator.tools.spec import MCP, ToolSpec

if TYPE_CHECKING:
    from subterminator.tools.server import BrowserToolServer


class ScreenshotArgs(ToolArgs):
    pass


DESCRIPTION = """The current page as a PNG image, with the same reply as \
get_snapshot. Read-only."""


async def _run(server: BrowserToolServer, args: ScreenshotArgs) -> ToolResult:
    return await server.get_snapshot(screenshot=True)


SPEC = ToolSpec(
    name="browser_screenshot",
    args=ScreenshotArgs,
    description=DESCRIPTION,
    title="Screenshot of the page",
    effect="read-only",
    surfaces=frozenset({MCP}),
    handler=_run,
    idempotent=True,
)
