"""What an action will really do, read on the live page before the gate decides on it.

The gate judges what a click, a fill or a choice does (the element it lands on, its form,
link and handlers), never what the AI says it does. A page that cannot be read, or that
breaks the inspection, is judged unknown (None): the gate then asks.
"""

from __future__ import annotations

import logging

from subterminator.browser.effect import ActionEffect
from subterminator.errors import BrowserActionError, BrowserError
from subterminator.models.conversation import ToolCall
from subterminator.stack.port import ToolPort
from subterminator.tools.registry import inspects

log = logging.getLogger(__name__)


async def inspected(port: ToolPort, call: ToolCall, handle: str | None) -> ActionEffect | None:
    """What the action will really do, on the live page; None if it cannot be read."""
    if handle is None:
        return None
    try:
        return await port.inspect(handle, inspects(call.name))  # type: ignore[arg-type]
    except (BrowserActionError, BrowserError) as exc:
        log.info("could not inspect %s: %s", call.name, exc)
        return None
    except Exception:  # a page that breaks the inspection is judged unknown: ask
        log.exception("inspecting %s failed", call.name)
        return None
