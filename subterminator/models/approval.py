"""What a person is asked, and what they answer (spec 03 2.5.4): the contract every front
door's approval handler speaks (the terminal panel, MCP elicitation, scripted answers)."""

from __future__ import annotations

from typing import Literal, Protocol

from pydantic import BaseModel, Field

ApprovalKind = Literal["irreversible", "checkpoint", "ai_request", "human_action"]


class ApprovalRequest(BaseModel):
    """What a person is asked. Texts are written by the system, except for ``ai_request``."""

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


class ApprovalDecision(BaseModel):
    approved: bool
    message: str | None = None


class HumanApprovalHandler(Protocol):
    async def request_approval(self, request: ApprovalRequest) -> ApprovalDecision:
        """Wait (without timeout) for the person's answer."""
        ...
