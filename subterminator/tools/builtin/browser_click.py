"""browser_click: click an element; the gate reads what the click would do first."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from subterminator.models.tools import ToolResult
from subterminator.tools.args import RefArg, ToolArgs
from subterminator.tools.builtin.refs import REF_NOTE
from subterminator.tools.spec import LOOP, MCP, ToolSpec

if TYPE_CHECKING:
    from subterminator.tools.server import BrowserToolServer


class ClickArgs(ToolArgs):
    ref: RefArg = Field(description="Element reference (e.g., '@e7')")


DESCRIPTION = f"""Click an element by its ref from the most recent snapshot.

{REF_NOTE}

WHEN TO USE: buttons, links, checkboxes, radios, tabs, and collapsed sections to expand. \
The element must not be "disabled"; offscreen elements are scrolled into view first.

COMMON PATTERNS:
- expand a section: click the button whose state has "collapsed"
- tick a checkbox: click it; the fresh snapshot shows "checked"
- continue a flow: click the button named "Continue", "Next" or "Finish ..."

ERROR CONDITIONS: ref_invalid (ref not in the latest snapshot), element_disabled, \
element_obscured (something covers it: close that first), element_not_visible, timeout, \
action_failed, human_rejected (a person declined an irreversible step; read their message). \
A success with "declined": the click ran, then the person declined the step the page showed \
next; do not take it, and do not click again.

EXAMPLE: browser_click({{"ref": "@e7"}}) -> {{"success": true, "error": null, "snapshot": \
{{...fresh refs...}}}}"""


async def _run(server: BrowserToolServer, args: ClickArgs) -> ToolResult:
    return await server.browser_click(args.ref)


SPEC = ToolSpec(
    name="browser_click",
    args=ClickArgs,
    description=DESCRIPTION,
    title="Click an element",
    effect="destructive",
    surfaces=frozenset({LOOP, MCP}),
    handler=_run,
    inspects="click",
    verb="Click",
)
