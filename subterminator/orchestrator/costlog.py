"""One structured log line per turn, and a per-run summary (the spec 04 cost log)."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, Field

from subterminator.models.conversation import Usage

log = logging.getLogger("subterminator.cost")
SECRET_NAME = re.compile(r"pass(word|code)?|pin\b|cvv|cvc|card|secret|token|code", re.I)


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


def redact(tool: str | None, arguments: Any, target_name: str | None) -> Any:
    """Tool arguments without secrets: values typed into secret-looking fields are masked."""
    if not isinstance(arguments, dict):
        return arguments
    if (
        tool == "browser_fill"
        and "value" in arguments
        and (target_name is None or SECRET_NAME.search(target_name))
    ):
        return {**arguments, "value": "***"}
    return arguments


class CostLog:
    """Collects turn records; ``observers`` (a CLI, say) see each one as it is recorded."""

    def __init__(self) -> None:
        self.turns: list[TurnRecord] = []
        self.observers: list[Callable[[TurnRecord], None]] = []

    def record(self, record: TurnRecord) -> None:
        self.turns.append(record)
        data = record.model_dump(mode="json", exclude={"thought"})
        log.info("turn %s", json.dumps(data, ensure_ascii=False))
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
