"""``TurnRecord``: one turn of a run as every log of it writes it (the cost log, the run record).

It is data below every layer, so the stack builds a call's row and a front door adds its own
parts (the AI's time, tokens and thought) without either reading the other.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from subterminator.models.conversation import Usage


class TurnRecord(BaseModel):
    turn: int
    tool: str | None
    arguments: Any = None
    ai_ms: int = 0
    tool_ms: int = 0  # the browser's time: a person's answer during the turn is not in it
    person_ms: int = 0  # the time a person took to answer during the turn
    usage: Usage = Field(default_factory=Usage)
    outcome: str = ""
    target: str | None = None  # the accessible name of the element acted on, if any
    thought: str = ""  # the AI's text beside its tool call, or instead of one
    thinking: str = ""  # reasoning the server marked as such: recorded, never sent back
