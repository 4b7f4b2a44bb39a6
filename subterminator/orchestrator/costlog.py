"""What a run cost: one structured log line per turn, and a summary of its time and tokens."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

from subterminator.models.conversation import Usage
from subterminator.models.turn import TurnRecord
from subterminator.snapshot.secrecy import KNOWN

log = logging.getLogger("subterminator.cost")


class CostLog:
    """Collects turn records; ``observers`` (a CLI, say) see each one as it is recorded."""

    def __init__(self) -> None:
        self.turns: list[TurnRecord] = []
        self.observers: list[Callable[[TurnRecord], None]] = []

    def record(self, record: TurnRecord) -> None:
        self.turns.append(record)
        data = record.model_dump(mode="json", exclude={"thought", "thinking"})
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
