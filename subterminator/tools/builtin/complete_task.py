"""complete_task: the model reports the outcome; the conversation loop verifies it."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, StrictStr

from subterminator.tools.args import ToolArgs
from subterminator.tools.builtin.refs import REF_NOTE
from subterminator.tools.spec import LOOP, MCP, ToolSpec


class CompleteArgs(ToolArgs):
    status: Literal["success", "failed"] = Field(description="Whether the goal was achieved")
    reason: StrictStr = Field(description="Explanation of the outcome")


DESCRIPTION = f"""Signal that the task is complete. You MUST call this when the goal \
is achieved or when you determine it cannot be achieved.

{REF_NOTE}

WHEN TO USE: the page confirms the goal (status="success"); or the goal cannot be reached, \
for example billing by a partner or a dead end (status="failed", say why).

COMMON PATTERNS:
- complete_task(status="success", reason="Page confirms the membership ends on ...")
- complete_task(status="failed", reason="Billed through a partner; cancel with them")
- after acknowledged=false: read the message, act, and call again

ERROR CONDITIONS: acknowledged=false when a success claim cannot be verified on the page.

EXAMPLE: complete_task({{"status": "success", "reason": "Cancellation confirmed"}}) -> \
{{"acknowledged": true, "message": null}}"""

SPEC = ToolSpec(
    name="complete_task",
    args=CompleteArgs,
    description=DESCRIPTION,
    title="Report the outcome (verified on the page)",
    effect="read-only",
    surfaces=frozenset({LOOP, MCP}),
    kind="complete",
    handler=None,  # the conversation loop answers it
    open_world=False,
)
