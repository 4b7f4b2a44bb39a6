"""get_snapshot: the page as the model reads it, with fresh refs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field, StrictBool

from subterminator.models.tools import ToolResult
from subterminator.tools.args import ToolArgs
from subterminator.tools.builtin.refs import REF_NOTE
from subterminator.tools.spec import LOOP, MCP, ToolSpec

if TYPE_CHECKING:
    from subterminator.tools.server import BrowserToolServer


class GetSnapshotArgs(ToolArgs):
    viewport_only: StrictBool = Field(
        default=True, description="If true, only include elements visible in viewport"
    )


DESCRIPTION = f"""Capture the current page state: pruned accessibility elements with refs, \
page url, title and visible text (page.text: viewport first, cut to a budget; read it for \
confirmations and dates, which are often plain prose), viewport and scroll, and a screenshot.

{REF_NOTE}

READING ELEMENTS: bbox is [x, y, width, height] in viewport pixels. An element is visible \
and enabled unless its state says otherwise, so state lists only the rest ("offscreen", \
"disabled", "checked", "collapsed", ...) and is left out when there is none. A name ending \
in "..." was cut to fit the budget (page.text often has it whole).

WHEN TO USE: at the start; after something changed the page without a tool (a redirect, a \
timer); when you need elements outside the viewport (viewport_only=false).

COMMON PATTERNS:
- get_snapshot() to look before the first action
- get_snapshot(viewport_only=false) to list controls further down the page
- get_snapshot() after an error reply, to re-read the page

ERROR CONDITIONS: timeout (the page took longer than 3 s to capture).

EXAMPLE: get_snapshot({{"viewport_only": true}}) -> {{"success": true, "error": null, \
"snapshot": {{"elements": [{{"ref": "@e0", "role": "button", "name": "Cancel membership", \
"bbox": [24, 310, 180, 40]}}, {{"ref": "@e1", "role": "checkbox", "name": "Email me", \
"state": ["checked"], "bbox": [24, 370, 16, 16]}}], ...}}}}"""


async def _run(server: BrowserToolServer, args: GetSnapshotArgs) -> ToolResult:
    return await server.get_snapshot(args.viewport_only)


SPEC = ToolSpec(
    name="get_snapshot",
    args=GetSnapshotArgs,
    description=DESCRIPTION,
    title="Read the page (elements with refs)",
    effect="read-only",
    surfaces=frozenset({LOOP, MCP}),
    handler=_run,
    idempotent=True,
)
