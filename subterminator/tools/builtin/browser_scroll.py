"""browser_scroll: move the page or bring an element into view; changes nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import AfterValidator, Field, StrictInt, model_validator

from subterminator.models.tools import ToolResult
from subterminator.tools.args import RefArg, ToolArgs
from subterminator.tools.builtin.refs import REF_NOTE
from subterminator.tools.spec import LOOP, MCP, ToolSpec

if TYPE_CHECKING:
    from subterminator.tools.server import BrowserToolServer


def _positive(amount: int) -> int:
    if amount <= 0:
        raise ValueError("amount must be a positive number of pixels")
    return amount


class ScrollArgs(ToolArgs):
    ref: RefArg | None = Field(
        default=None, description="Element to scroll into view. If provided, direction is ignored."
    )
    direction: Literal["up", "down", "top", "bottom"] | None = Field(
        default=None, description="Scroll direction. Required if ref not provided."
    )
    amount: Annotated[StrictInt, AfterValidator(_positive)] = Field(
        default=300, description="Pixels to scroll if using direction"
    )

    @model_validator(mode="after")
    def _ref_or_direction(self) -> ScrollArgs:
        if self.ref is None and self.direction is None:
            raise ValueError("provide either 'ref' (scroll an element into view) or 'direction'")
        return self


DESCRIPTION = f"""Scroll the page or bring an element into view. Use when you need \
to see elements that are off-screen. Provide EITHER 'ref' to scroll element into view, OR \
'direction' to scroll the page.

{REF_NOTE}

WHEN TO USE: the goal is probably below the fold; an element's state says "offscreen"; \
get_snapshot(viewport_only=false) listed something you want to see.

COMMON PATTERNS:
- browser_scroll(direction="down") to read further (amount defaults to 300 px)
- browser_scroll(direction="bottom") to reach a page footer
- browser_scroll(ref="@e12") to bring one element into view

ERROR CONDITIONS: invalid_params (neither ref nor direction), ref_invalid, timeout.

EXAMPLE: browser_scroll({{"direction": "down", "amount": 600}}) -> {{"success": true, \
"error": null, "snapshot": {{"viewport": {{"scroll_y": 600, ...}}, ...}}}}"""


async def _run(server: BrowserToolServer, args: ScrollArgs) -> ToolResult:
    return await server.browser_scroll(args.ref, args.direction, args.amount)


SPEC = ToolSpec(
    name="browser_scroll",
    args=ScrollArgs,
    description=DESCRIPTION,
    title="Scroll the page or to an element",
    effect="read-only",
    surfaces=frozenset({LOOP, MCP}),
    handler=_run,
)
