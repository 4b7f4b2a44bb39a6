"""Recordings are tests: every ``recordings/**/recording.json`` becomes two items.

``recorded`` replays the run with its own tool calls as the AI (each element found again by
role, name and position in today's snapshot), ``offline`` with the offline policy, and, where a
``cassette.yaml`` lies beside, ``cassette`` through the real AIClient (anthropic SDK, HTTP)
answered by the cassette (``--replay-strict``: any prompt drift fails, with the diff). All go
through the real TaskOrchestrator, BrowserToolServer and SnapshotFactory over ReplayBrowser, and
must reach the recorded outcome. ``pytest recordings/netflix/2026`` replays one flow.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from harness.record_cassettes import CASSETTE
from harness.replay.run import Driver, replay
from subterminator.recording import Recording, load
from subterminator.recording.store import FILE_NAME


class RecordingFile(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        drivers: list[Driver] = ["recorded", "offline"]
        if (self.path.parent / CASSETTE).exists():
            drivers.append("cassette")  # the real AIClient, played from the cassette beside
        for driver in drivers:
            yield RecordingItem.from_parent(self, name=driver, driver=driver)


class ReplayMismatch(AssertionError):
    pass


class RecordingItem(pytest.Item):
    def __init__(self, *, driver: Driver, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.driver: Driver = driver
        self.add_marker(pytest.mark.replay)

    def runtest(self) -> None:
        recording = load(self.path)
        if recording.expected is None:
            raise ReplayMismatch(
                f"{self.path}: the recording was interrupted (no expected outcome)"
            )
        asyncio.run(self._check(recording))

    async def _check(self, recording: Recording) -> None:
        expected = recording.expected
        assert expected is not None
        strict_prompt = bool(self.config.getoption("--replay-strict", False))
        run = await replay(
            recording,
            self.driver,
            cassette=self.path.parent / CASSETTE,
            strict_prompt=strict_prompt,
        )
        got = run.result
        problems = []
        for field in ("reason", "success", "verified"):
            if getattr(got, field) != getattr(expected, field):
                problems.append(
                    f"{field}: recorded {getattr(expected, field)!r}, got {getattr(got, field)!r}"
                )
        if expected.approvals is not None and run.asked != expected.approvals:
            problems.append(f"approvals asked: recorded {expected.approvals}, got {run.asked}")
        if self.driver in ("recorded", "cassette"):
            made = [(t["tool"], t["target"]) for t in run.transcript]
            wanted = [(t.tool, t.target.name if t.target else None) for t in recording.turns]
            if made != wanted[: len(made)] or len(made) != len(wanted):
                problems.append(f"turns: recorded {wanted}, got {made}")
        if problems:
            lines = "\n  ".join(problems)
            raise ReplayMismatch(f"{self.path} ({self.driver}):\n  {lines}\nresult: {got!r}")

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, AssertionError | Exception) and excinfo.typename in (
            "ReplayMismatch",
            "ReplayDivergence",
            "RecordingError",
            "PromptDriftError",
            "UnusedInteractionsError",
        ):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, f"replay {self.path.parent.name} ({self.driver})"


def collect_recording(file_path: Path, parent: pytest.Collector) -> RecordingFile | None:
    if file_path.name == FILE_NAME and "recordings" in file_path.parts:
        return RecordingFile.from_parent(parent, path=file_path)
    return None
