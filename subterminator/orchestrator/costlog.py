"""One structured log line per turn, and a per-run summary (the spec 04 cost log)."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, Field

from subterminator.models.conversation import Usage
from subterminator.snapshot.secrecy import KNOWN

log = logging.getLogger("subterminator.cost")


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
    thought: str = ""  # the AI's text beside its tool call


class CostLog:
    """Collects turn records; ``observers`` (a CLI, say) see each one as it is recorded."""

    def __init__(self) -> None:
        self.turns: list[TurnRecord] = []
        self.observers: list[Callable[[TurnRecord], None]] = []

    def record(self, record: TurnRecord) -> None:
        self.turns.append(record)
        data = record.model_dump(mode="json", exclude={"thought"})
        log.info("turn %s", KNOWN.scrub(json.dumps(data, ensure_ascii=False)))
        for observer in self.observers:
            observer(record)

    @property
    def usage(self) -> Usage:
        total = Usage()
        for record in self.turns:
            total = total + record.usage
        return total

    def summary(self) -> dict[str, Any]:
        usage = self.usage
        data = {
            "turns": len(self.turns),
            "input_tokens": usage.input_tokens,
            "output_tokens": usage.output_tokens,
            "cache_read_input_tokens": usage.cache_read_input_tokens,
            "cache_creation_input_tokens": usage.cache_creation_input_tokens,
            "tokens_estimated": usage.estimated,
            "ai_ms": sum(t.ai_ms for t in self.turns),
            "tool_ms": sum(t.tool_ms for t in self.turns),
            "person_ms": sum(t.person_ms for t in self.turns),
        }
        log.info("run %s", json.dumps(data))
        return data
