"""browser_fill: type into a field; the gate reads the form it would change first."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field, StrictBool, StrictStr

from subterminator.models.tools import ToolResult
from subterminator.tools.args import RefArg, ToolArgs
from subterminator.tools.builtin.refs import REF_NOTE
from subterminator.tools.spec import LOOP, MCP, ToolSpec

if TYPE_CHECKING:
    from subterminator.tools.server import BrowserToolServer


class FillArgs(ToolArgs):
    ref: RefArg = Field(description="Element reference for the input field")
    value: StrictStr = Field(description="Text to enter into the field")
    clear_first: StrictBool = Field(
        default=True, description="If true, clear existing content before filling"
    )


DESCRIPTION = f"""Fill a text input field with the specified value. The element must \
have role 'textbox' (or searchbox, spinbutton, editable combobox).

{REF_NOTE}

WHEN TO USE: typing into inputs, text areas and editable fields.

COMMON PATTERNS:
- replace a field's text: browser_fill(ref, value) (clear_first defaults to true)
- append to existing text: browser_fill(ref, value, clear_first=false)
- fill a form field, then click the form's submit button

ERROR CONDITIONS: ref_invalid, element_disabled (disabled or read-only), element_obscured, \
element_not_visible, timeout, action_failed (not a text field).

EXAMPLE: browser_fill({{"ref": "@e3", "value": "me@example.com"}}) -> {{"success": true, \
"error": null, "snapshot": {{...the field's value is shown...}}}}"""


async def _run(server: BrowserToolServer, args: FillArgs) -> ToolResult:
    return await server.browser_fill(args.ref, args.value, args.clear_first)


SPEC = ToolSpec(
    name="browser_fill",
    args=FillArgs,
    description=DESCRIPTION,
    title="Type into a field",
    effect="destructive",
    surfaces=frozenset({LOOP, MCP}),
    handler=_run,
    inspects="fill",
    verb="Type into",
)
