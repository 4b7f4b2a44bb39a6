"""What a person is asked, and what they answer: the contract every front
door's approval handler speaks (the terminal panel, MCP elicitation, scripted answers)."""

from __future__ import annotations

from typing import Literal, Protocol

from pydantic import BaseModel, Field, ValidationInfo, field_validator

from subterminator import untrusted
from subterminator.untrusted import shown

ApprovalKind = Literal["irreversible", "checkpoint", "ai_request", "human_action"]


class ApprovalRequest(BaseModel):
    """What a person is asked. Texts are written by the system, except for ``ai_request``,
    but they quote the page (a name, a title, an address, its sentences): each is made one
    safe line of its stated size here (``untrusted``), so every front door, the run record
    and the report get the same words; the panel and the elicitation make them safe again,
    for a request built without this check (``model_copy``)."""

    kind: ApprovalKind
    action: str
    reason: str
    url: str = ""
    title: str = ""
    screenshot: bytes | None = None
    control: str = ""  # the control as the page names it, with its role
    page_says: list[str] = Field(
        default_factory=list, description="What the page says will happen: dates, plan, price"
    )
    screenshot_path: str = ""  # where the screenshot was saved, if it was

    @field_validator("action", "reason", "url", "title", "control")
    @classmethod
    def _one_safe_line(cls, value: str, info: ValidationInfo) -> str:
        return shown(value, LIMITS[info.field_name or ""])

    @field_validator("page_says")
    @classmethod
    def _few_safe_sentences(cls, value: list[str]) -> list[str]:
        said = [shown(sentence, untrusted.SENTENCE) for sentence in value]
        return [sentence for sentence in said if sentence][: untrusted.PAGE_SAYS]


# The size each field is shown at: a step quotes a name or a title in the system's words, a
# control is a name with its role (or an address), an AI's request is the AI's words.
LIMITS = {
    "action": untrusted.STEP,
    "reason": untrusted.AI_WORDS,
    "url": untrusted.URL,
    "title": untrusted.TITLE,
    "control": untrusted.CONTROL,
}


class ApprovalDecision(BaseModel):
    approved: bool
    message: str | None = None
    # who wrote ``message``: only the person's own words reach the AI as "User feedback";
    # SubTerminator's (why no answer came, what the client did) are said as its own
    by_person: bool = True
    # False when nobody could be asked (standard input ended at the prompt): no answer at
    # all, not a "no"; the run then ends ``no_one_to_ask``, the step not taken
    asked: bool = True


class HumanApprovalHandler(Protocol):
    async def request_approval(self, request: ApprovalRequest) -> ApprovalDecision:
        """Wait (without timeout) for the person's answer."""
        ...
