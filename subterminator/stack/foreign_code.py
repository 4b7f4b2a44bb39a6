"""Code in the page, as the gate's part for what it cannot read (``Foreign``) runs it.

No reading of a page says what code will do, so code is judged by where it runs:

- Playwright MCP's (``page_code``): refused on a page of the flow (by the service's
  addresses, or the page reading as a cancellation page); elsewhere the person is asked, the
  code shown, and a yes runs it writing nothing at all;
- the V02 facade's (``page_script``): asked on a page of the flow, the code shown; run
  unasked elsewhere; either way as a step nobody approved, so a write it sends to the flow's
  site is held (and on a page that reads as the flow's, a write to any site).

Either way its guard follows it (``Arming.follows``): code can open a tab of its own, or
keep a socket, and write through it after it returned; until the next action, that is held
too. A yes to code is a yes to running it, never to what it sends. The steps are the
``Foreign``'s own (reading the page, asking, running held): these are two of its policies.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING

from subterminator.models.conversation import ToolCall
from subterminator.models.snapshot import Snapshot
from subterminator.models.tools import ToolResult
from subterminator.stack.layer import failed
from subterminator.untrusted import STEP, shown

if TYPE_CHECKING:
    from subterminator.stack.foreign import Foreign

log = logging.getLogger(__name__)

# Where JavaScript ends a line (and a ``//`` comment), as a question marks it.
_LINE_BREAK = re.compile(r"\r\n|[\n\r\u2028\u2029]")
LINE_MARK = "⏎"
WHY = "code in the page can do anything the page can"


def code_shown(code: str) -> str:
    """Code as the question's one row shows it: its size first, so a cut is never silent,
    and its line breaks marked (a ``//`` comment ends at one: joined into one line, the code
    after it would read as part of the comment). Within the row a door shows (``STEP``)."""
    marked = _LINE_BREAK.sub(f" {LINE_MARK} ", code)
    size = f"{len(code)} characters"
    head = f"Run this code in the page ({size}): "
    if len(head) + len(shown(marked, STEP)) <= STEP:
        return head + shown(marked, STEP)
    head = f"Run this code in the page ({size}, only its start fits here): "
    return head + shown(marked, STEP - len(head))


async def page_code(foreign: Foreign, call: ToolCall, code: str, snapshot: Snapshot) -> ToolResult:
    """Playwright MCP's code: refused on the flow; elsewhere asked, and run writing nothing."""
    if foreign._flow(snapshot):
        log.info("code refused on a page of the flow: %s", snapshot.page.url)
        return failed(
            await foreign.port.snapshot(),
            "action_failed",
            "Code is not run on a page of the cancellation flow: the gate cannot judge "
            "what it does. Nothing was run; use the page's own controls.",
        )
    return await foreign._asked(
        call, code_shown(code), WHY, snapshot, writes=False, control="the code", code=True
    )


async def facade_code(
    foreign: Foreign, call: ToolCall, code: str, snapshot: Snapshot
) -> ToolResult:
    """The facade's code: asked on the flow's pages, the code shown; elsewhere run unasked;
    either way held as code is."""
    if not foreign._flow(snapshot):
        return await foreign._held(call, snapshot, code=True)
    why = f"{WHY}, on a page of the flow"
    return await foreign._asked(
        call, code_shown(code), why, snapshot, writes=True, control="the code", code=True
    )
