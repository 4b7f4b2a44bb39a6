"""The run log's data contract: one pydantic model per line of ``events.jsonl``.

Every event carries ``event`` (its kind, the discriminator) and ``at`` (UTC), so a reader can
rebuild the run from the log alone and skip what it does not know.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

FORMAT_VERSION = 1


def utc_now() -> datetime:
    return datetime.now(UTC)


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True)

    at: datetime = Field(default_factory=utc_now)


class RunStarted(_Event):
    event: Literal["start"] = "start"
    format_version: int = FORMAT_VERSION
    service: str
    display_name: str = ""  # the service as people write it ("Netflix"); "" in older logs
    start_url: str
    mode: str  # "simulator" or "live"
    ai: str  # "claude", "offline", ...
    version: str  # SubTerminator's


class TurnEvent(_Event):
    """One turn, as the cost log's ``TurnRecord`` has it, plus its screenshot's file name."""

    event: Literal["turn"] = "turn"
    turn: int
    tool: str | None
    target: str | None = None  # the accessible name of the element acted on
    arguments: Any = None  # redacted
    outcome: str = ""
    thought: str = ""
    thinking: str = ""  # the model's marked reasoning, kept apart from its answer
    screenshot: str | None = None  # a file name in the run folder
    ai_ms: int = 0
    tool_ms: int = 0  # the browser's time, without the person's
    person_ms: int = 0  # the time a person took to answer during this turn


class ApprovalAsked(_Event):
    """A person was asked; written before the answer, so a run killed at the prompt shows it."""

    event: Literal["approval_asked"] = "approval_asked"
    number: int  # 1, 2, ...: pairs the question with its answer
    turn: int | None = None  # asked during this turn (0: before the first); None: not known
    kind: str  # ApprovalRequest.kind
    action: str
    reason: str
    title: str = ""
    url: str = ""
    control: str = ""  # the control as the page names it, with its role
    page_says: list[str] = Field(default_factory=list)  # what the page says will happen
    screenshot: str | None = None


class ApprovalAnswered(_Event):
    event: Literal["approval_answered"] = "approval_answered"
    number: int
    approved: bool
    feedback: str | None = None  # the person's own words, only
    interrupted: bool = False  # no answer: the run was stopped (Ctrl+C) at the prompt
    # SubTerminator's words on the answer (no handler, no input left): never the person's
    note: str | None = None
    asked: bool = True  # False: nobody could be asked (input ended at the prompt)


class Notice(_Event):
    event: Literal["notice"] = "notice"
    text: str


class Outcome(_Event):
    """The run's end, as ``TaskResult`` has it, with the sentence the person was shown."""

    event: Literal["outcome"] = "outcome"
    success: bool
    verified: bool  # the page confirmed the success; never set for a run that failed
    reason: str
    error: str | None = None
    evidence: list[str] = Field(default_factory=list)
    ends_on: str | None = None
    turns: int = 0
    final_url: str | None = None
    summary: str = ""
    screenshot: str | None = None  # the page as the run left it


class Interrupted(_Event):
    """The run was stopped (Ctrl+C, a crash) before an outcome."""

    event: Literal["interrupted"] = "interrupted"
    final_step_executed: bool | None = Field(
        description="Whether the approved final step ran; null: it was running when stopped"
    )
    detail: str = ""


Event = Annotated[
    RunStarted | TurnEvent | ApprovalAsked | ApprovalAnswered | Notice | Outcome | Interrupted,
    Field(discriminator="event"),
]
EVENT: TypeAdapter[Event] = TypeAdapter(Event)
