"""browser_select: choose in a native dropdown; the gate reads what it changes first."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field, StrictStr

from subterminator.models.tools import ToolResult
from subterminator.tools.args import RefArg, ToolArgs
from subterminator.tools.builtin.refs import REF_NOTE
from subterminator.tools.spec import LOOP, MCP, ToolSpec

if TYPE_CHECKING:
    from subterminator.tools.server import BrowserToolServer


class SelectArgs(ToolArgs):
    ref: RefArg = Field(description="Element reference for the dropdown")
    value: StrictStr = Field(description="Option value or visible text to select")


DESCRIPTION = f"""Select an option from a dropdown/combobox. The element must have \
role 'combobox' or 'listbox' and be a native select; value is an option's value or its \
visible text.

{REF_NOTE}

WHEN TO USE: choosing from a <select> dropdown (a reason, a plan, a country).

COMMON PATTERNS:
- by visible text: browser_select(ref, "Premium")
- by option value: browser_select(ref, "premium-4k")
- custom (non-native) dropdowns: browser_click to open, then browser_click the option

ERROR CONDITIONS: ref_invalid, element_disabled, action_failed (no such option; the \
message lists the options), timeout.

EXAMPLE: browser_select({{"ref": "@e4", "value": "Basic"}}) -> {{"success": true, \
"error": null, "snapshot": {{...value "Basic"...}}}}"""


async def _run(server: BrowserToolServer, args: SelectArgs) -> ToolResult:
    return await server.browser_select(args.ref, args.value)


SPEC = ToolSpec(
    name="browser_select",
    args=SelectArgs,
    description=DESCRIPTION,
    title="Choose an option",
    effect="destructive",
    surfaces=frozenset({LOOP, MCP}),
    handler=_run,
    inspects="select",
    verb="Choose in",
)
