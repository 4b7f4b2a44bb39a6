"""The tools SubTerminator ships, one module each; a new tool is a module and a line here.

The order is the order clients see: the conversation loop's seven as the tool contract lists
them, with the MCP front door's way in first and its image last.
"""

from __future__ import annotations

from typing import Any

from subterminator.tools.builtin import (
    browser_click,
    browser_fill,
    browser_open,
    browser_screenshot,
    browser_scroll,
    browser_select,
    complete_task,
    get_snapshot,
    request_human_approval,
)
from subterminator.tools.builtin.stand_ins import STAND_INS
from subterminator.tools.spec import ToolSpec

BUILTIN: tuple[ToolSpec[Any], ...] = (
    browser_open.SPEC,
    get_snapshot.SPEC,
    browser_click.SPEC,
    browser_fill.SPEC,
    browser_select.SPEC,
    browser_scroll.SPEC,
    request_human_approval.SPEC,
    complete_task.SPEC,
    browser_screenshot.SPEC,
    *STAND_INS,  # on no client's surface: what another backend's calls are said as
)
