"""request_human_approval: the model asks the person; the conversation loop answers it."""

from __future__ import annotations

from pydantic import Field, StrictStr

from subterminator.tools.args import ToolArgs
from subterminator.tools.builtin.refs import REF_NOTE
from subterminator.tools.spec import LOOP, MCP, ToolSpec


class ApprovalArgs(ToolArgs):
    action: StrictStr = Field(description="Description of the action requiring approval")
    reason: StrictStr = Field(description="Why this action needs approval")


DESCRIPTION = f"""Request human approval before proceeding. The system \
will pause until the human responds. Note: The server may automatically trigger this at \
critical points, and always asks before irreversible actions whatever you call.

{REF_NOTE}

WHEN TO USE: before an irreversible or costly step you are unsure of; when the page asks \
for something only the person can give (a password, a verification code, a CAPTCHA).

COMMON PATTERNS:
- before finishing a cancellation: action="Click 'Finish Cancellation'", reason="irreversible"
- for a login or 2FA prompt: ask the person to complete it in the browser window
- when the page offers a choice the goal does not settle

ERROR CONDITIONS: human_rejected (the reply carries the person's feedback: follow it).

EXAMPLE: request_human_approval({{"action": "Cancel the membership", "reason": "cannot be \
undone"}}) -> {{"approved": true, "message": null}}"""

SPEC = ToolSpec(
    name="request_human_approval",
    args=ApprovalArgs,
    description=DESCRIPTION,
    title="Ask the person",
    effect="read-only",
    surfaces=frozenset({LOOP, MCP}),
    kind="ask",
    handler=None,  # the conversation loop answers it
    open_world=False,
)
