"""The person, asked through the MCP client (elicitation), with the approval panel's facts.

The stack asks in the middle of a tool call (before a click, after a snapshot). The question
goes to whoever serves that call: over a handshake-era connection the server elicits there and
then; over a 2026-era one the call returns ``input_required`` and the client's retry (carrying
the answer and our one-time token) resumes the very same execution, which never runs twice.

Only the client can answer: its answer is the person's word, as the client reports it. A client
that cannot elicit gets a refusal the model can relay, and nothing that needs a yes runs.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from subterminator import untrusted
from subterminator.models.approval import ApprovalDecision, ApprovalRequest
from subterminator.net import shown_url
from subterminator.untrusted import shown

APPROVAL_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "approve": {
            "type": "boolean",
            "title": "Approve this step",
            "description": "Yes lets SubTerminator take this one step, once.",
        },
        "note": {
            "type": "string",
            "title": "Note for the agent (optional)",
            "description": "Why not, or what to do instead.",
        },
    },
    "required": ["approve"],
}
DONE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "done": {
            "type": "boolean",
            "title": "Done in the browser window",
            "description": "Yes once you have done it in the window SubTerminator opened.",
        }
    },
    "required": ["done"],
}
CANNOT_ASK = (
    "This MCP client cannot ask the person (it does not support elicitation), so the step "
    "that needs their yes was not taken. Tell the person: use a client that supports MCP "
    "elicitation (Claude Code, VS Code), or run `subterminator cancel` in a terminal."
)
# nobody could be asked, which is no refusal: the run ends ``no_one_to_ask``, as a terminal's
# closed input does
CANNOT_ASK_DECISION = ApprovalDecision(
    approved=False, message=CANNOT_ASK, by_person=False, asked=False
)
NO_WINDOW = (
    "This session has no browser window (headless), so nobody can do this step. Tell the "
    "person: start the server with --headed, or sign in first with `subterminator login`."
)
DECLINED = {"decline": "declined", "cancel": "dismissed the question"}


def question(request: ApprovalRequest) -> str:
    """The approval panel's facts as the elicitation's message: step, control, why, and who
    wrote it when the AI did; then the page and what it says. One line each: every outside
    string is made one safe line of its stated size (``untrusted``), so no row is the page's."""
    action = shown(request.action, untrusted.STEP)
    lines = [("To do" if request.kind == "human_action" else "Next step") + f": {action}"]
    if request.control:
        lines.append(f"Control: {shown(request.control, untrusted.CONTROL)}")
    lines.append(f"Why asked: {shown(request.reason, untrusted.AI_WORDS)}")
    if request.kind == "ai_request":
        lines.append("Note: this request was written by the AI, not by SubTerminator.")
    if request.kind == "human_action":
        lines.append("Do it in the browser window SubTerminator opened, then answer.")
    title = shown(request.title, untrusted.TITLE)
    page = " · ".join(p for p in (title, shown(shown_url(request.url), untrusted.URL)) if p)
    if page:
        lines.append(f"Page: {page}")
    says = [said for said in (shown(s, untrusted.SENTENCE) for s in request.page_says) if said]
    lines += [f"Page says: {said}" for said in says[: untrusted.PAGE_SAYS]]
    return "\n".join(lines)


def schema_for(request: ApprovalRequest) -> dict[str, Any]:
    return DONE_SCHEMA if request.kind == "human_action" else APPROVAL_SCHEMA


def decision(
    request: ApprovalRequest, action: str, content: dict[str, Any] | None
) -> ApprovalDecision:
    """An elicitation's answer as the stack reads it: only an explicit yes approves."""
    content = content or {}
    if action != "accept":
        return ApprovalDecision(
            approved=False,
            message=f"The person {DECLINED.get(action, action)} the question.",
            by_person=False,
        )
    field_name = "done" if request.kind == "human_action" else "approve"
    yes = content.get(field_name) is True
    note = content.get("note")
    message = note.strip() if isinstance(note, str) and note.strip() else None
    if not yes and message is None and request.kind == "human_action":  # our words, not theirs
        return ApprovalDecision(
            approved=False, message="The person said it was not done.", by_person=False
        )
    return ApprovalDecision(approved=yes, message=None if yes else message)


@dataclass
class Question:
    request: ApprovalRequest
    answer: asyncio.Future[ApprovalDecision] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )


class AskingPerson:
    """The stack's ``HumanApprovalHandler`` for an MCP session: each question is handed to the
    call being served (``questions``), and its answer awaited."""

    def __init__(self, *, window: bool) -> None:
        self.window = window
        self.questions: asyncio.Queue[Question] = asyncio.Queue()

    async def request_approval(self, request: ApprovalRequest) -> ApprovalDecision:
        if request.kind == "human_action" and not self.window:
            return ApprovalDecision(approved=False, message=NO_WINDOW, by_person=False)
        asked = Question(request)
        await self.questions.put(asked)
        return await asked.answer
