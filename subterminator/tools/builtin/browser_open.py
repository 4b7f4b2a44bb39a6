"""browser_open: how a client without a conversation begins (MCP only).

The gate treats it like an action: only the start page and pages already shown open unasked,
since an address can act by itself as a click on a final button does."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field, StrictStr

from subterminator.models.tools import ToolResult
from subterminator.tools.args import ToolArgs
from subterminator.tools.spec import MCP, ToolSpec

if TYPE_CHECKING:
    from subterminator.tools.server import BrowserToolServer


class OpenArgs(ToolArgs):
    url: StrictStr | None = Field(
        default=None, description="An address to open; omit it for the service's account page"
    )
    service: StrictStr | None = Field(
        default=None, description="The service whose account page to open (the session's own)"
    )


DESCRIPTION = """Open the service's account page (no arguments, or {"service": name}) or \
an address ({"url": ...}); reply: a fresh snapshot, as get_snapshot.

WHEN TO USE: to begin. The account page and pages this session has already shown open \
at once; any other address is shown to the person first (an address can act by itself, \
as a click on a final button does).

ERROR CONDITIONS: human_rejected (the person said no), invalid_params, action_failed \
(the page could not be opened)."""


async def _run(server: BrowserToolServer, args: OpenArgs) -> ToolResult:
    return await server.open_page(args.url or "")


SPEC = ToolSpec(
    name="browser_open",
    args=OpenArgs,
    description=DESCRIPTION,
    title="Open the account page or an address",
    effect="additive",
    surfaces=frozenset({MCP}),
    kind="open",
    handler=_run,
)
