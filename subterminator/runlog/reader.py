"""Reading ``events.jsonl`` back, tolerant of the damage a crash or a full disk can do."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from subterminator.runlog.events import EVENT, Event

EVENTS_FILE = "events.jsonl"


@dataclass
class RunLog:
    """The events that could be read; ``cut_short`` when the last line was incomplete or
    unreadable (the run was killed mid-write), ``unreadable`` counts the lines skipped."""

    events: list[Event] = field(default_factory=list)
    cut_short: bool = False
    unreadable: int = 0


def _parse(line: str) -> Event | None:
    try:
        return EVENT.validate_python(json.loads(line))
    except (json.JSONDecodeError, ValidationError):
        return None  # damaged, or an event kind from a newer SubTerminator


def read_events(folder: Path) -> RunLog:
    """The run's events in order; a missing log reads as an empty one, cut short."""
    path = folder / EVENTS_FILE
    try:
        text = path.read_bytes().decode("utf-8", errors="replace")
    except FileNotFoundError:
        return RunLog(cut_short=True)
    log = RunLog()
    segments = text.split("\n")
    unterminated = bool(segments[-1].strip())  # whatever follows the last "\n"
    lines = [line for line in segments if line.strip()]
    for index, line in enumerate(lines):
        last = index == len(lines) - 1
        event = None if last and unterminated else _parse(line)
        if event is not None:
            log.events.append(event)
        elif last:
            log.cut_short = True  # killed mid-write: the final line is partial or damaged
        else:
            log.unreadable += 1
    return log
