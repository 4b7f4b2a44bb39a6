"""Recordings are tests: every ``recordings/**/recording.json`` becomes two items.

``recorded`` replays the run with its own tool calls as the AI (each element found again by
role, name and position in today's snapshot), ``offline`` with the offline policy (not for a
person's recording that stops short of the cancellation), and, where a
``cassette.yaml`` lies beside, ``cassette`` through the real AIClient (anthropic SDK, HTTP)
answered by the cassette (``--replay-strict``: any prompt drift fails, with the diff). All go
through the real TaskOrchestrator, BrowserToolServer and SnapshotFactory over ReplayBrowser, and
must reach the recorded outcome. ``pytest recordings/netflix/2026`` replays one flow, and
``pytest DIR`` one recorded anywhere else.
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
from subterminator.recording.store import FILE_NAME, RecordingError


class RecordingFile(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        drivers: list[Driver] = ["recorded"]
        if _policy_can_follow(self.path):
            drivers.append("offline")
        if (self.path.parent / CASSETTE).exists():
            drivers.append("cassette")  # the real AIClient, played from the cassette beside
        for driver in drivers:
            yield RecordingItem.from_parent(self, name=driver, driver=driver)


def _policy_can_follow(path: Path) -> bool:
    """Not a person's recording that stops short of the cancellation: the offline policy would
    go on to steps the person never took, so nothing recorded can answer it."""
    try:
        recording = load(path)
    except RecordingError:
        return True  # the replay items say what is wrong with it
    expected = recording.expected
    return recording.meta.source != "manual" or expected is None or expected.success


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
    if file_path.name == FILE_NAME and (
        "recordings" in file_path.parts or _named(file_path, parent.config)
    ):
        return RecordingFile.from_parent(parent, path=file_path)
    return None


def _named(file_path: Path, config: pytest.Config) -> bool:
    """The recording, or its own folder, was named on the command line: ``pytest DIR`` replays
    a recording ``subterminator record --out DIR`` made anywhere (a folder above it does not)."""
    here = config.invocation_params.dir
    wanted = {file_path.resolve(), file_path.resolve().parent}
    return any((here / arg.split("::")[0]).resolve() in wanted for arg in config.args)
