"""Recordings are tests: each collected ``recording.json`` becomes two or three items.

``recorded`` replays the run with its own tool calls as the AI (each element found again by
role, name and position in today's snapshot), ``offline`` with the offline policy (not for a
person's recording that stops short of the cancellation: the policy would go on to steps the
person never took), and, where a
``cassette.yaml`` lies beside, ``cassette`` through the real AIClient (anthropic SDK, HTTP)
answered by the cassette (``--st-replay-strict``: any prompt drift fails, with the diff); where
a ``cassette-openai.yaml`` does, ``cassette-openai`` through the real OpenAIClient. All go
through the real TaskOrchestrator, BrowserToolServer and SnapshotFactory over ReplayBrowser, and
must reach the recorded outcome.

``recorded`` and ``offline`` also compare what the agent did, turn by turn, with the folder's
``transcript.json``. A flow without one (just recorded) gets it written on its first run;
``--st-update-transcripts`` (or syrupy's ``--snapshot-update``, where syrupy is installed)
rewrites a changed one. Which files are collected:
harness/plugin/recordings.py.
"""

from __future__ import annotations

import asyncio
import difflib
import json
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from harness.plugin import availability
from harness.replay.run import CASSETTES, Driver, Replay, replay
from subterminator.errors import ConfigurationError, ServiceNotFoundError
from subterminator.recording import Recording, RecordingError, load
from subterminator.services.registry import ENV_VAR, HOW_TO_ADD, get_service, load_services

CASSETTE = CASSETTES["cassette"]


def unknown_fix(folder: Path) -> str:
    """How to name a service of one's own to pytest (its --services is the command line's)."""
    return (
        "Name the file or module that defines it in the st_services ini option (st_services = "
        "path/to/my_service.py, read from the ini file's folder), or for one run: pytest "
        f"{folder} -o st_services=/full/path/to/my_service.py (${ENV_VAR} and installed "
        "'subterminator.services' entry points work too)."
    )


TRANSCRIPT = "transcript.json"


class TranscriptWritten(UserWarning):
    """A flow's first run wrote its transcript (commit it with the recording)."""


class RecordingFile(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        try:
            recording = load(self.path)
        except RecordingError as error:
            raise self.CollectError(str(error)) from None
        try:
            load_services(services_in_ini(self.config))
            get_service(recording.meta.service)
        except ServiceNotFoundError as error:  # told the pytest way, not the command line's
            told = str(error).replace(HOW_TO_ADD, unknown_fix(self.path.parent))
            raise self.CollectError(f"{self.path}: {told}") from None
        except ConfigurationError as error:
            raise self.CollectError(f"{self.path}: {error}") from None
        drivers: list[Driver] = ["recorded"]
        expected = recording.expected
        if recording.meta.source != "manual" or expected is None or expected.success:
            drivers.append("offline")
        for driver, cassette in CASSETTES.items():  # a real SDK client, played from the file
            if (self.path.parent / cassette).exists():
                drivers.append(driver)
        for driver in drivers:
            yield RecordingItem.from_parent(self, name=driver, driver=driver, recording=recording)


def services_in_ini(config: pytest.Config) -> list[str]:
    """The ``st_services`` ini option's specs; a file's path is read from the ini's folder."""
    base = config.inipath.parent if config.inipath else config.rootpath
    specs = []
    for spec in config.getini("st_services"):
        looks_like_file = spec.endswith(".py") or "/" in spec
        specs.append(str(base / spec) if looks_like_file else spec)
    return specs


class ReplayMismatch(AssertionError):
    pass


def transcript(run: Replay) -> dict[str, Any]:
    """What the agent did, per turn, then the asks and the result: a diff shows a change."""
    result = run.result
    return {
        "turns": [f"{t['tool']} {t['target'] or ''} -> {t['outcome']}" for t in run.transcript],
        "asked": run.asked,
        "result": f"{result.reason} success={result.success} verified={result.verified}",
    }


class RecordingItem(pytest.Item):
    def __init__(self, *, driver: Driver, recording: Recording, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.driver: Driver = driver
        self.recording = recording  # read once, when its file was collected
        self.add_marker(pytest.mark.st_replay)
        self.add_marker(pytest.mark.replay)  # the old name: ``-m replay`` still selects them

    def runtest(self) -> None:
        recording = self.recording
        if recording.expected is None:
            raise ReplayMismatch(
                f"{self.path}: the recording has no outcome (it was interrupted before its "
                "last page was read): record the flow again"
            )
        if self.driver in CASSETTES:
            availability.require("vcr", "replaying a cassette")
        asyncio.run(self._check(recording))

    async def _check(self, recording: Recording) -> None:
        expected = recording.expected
        assert expected is not None
        strict_prompt = bool(self.config.getoption("--st-replay-strict", False))
        run = await replay(
            recording,
            self.driver,
            cassette=self.path.parent / CASSETTES.get(self.driver, CASSETTE),
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
        if self.driver == "recorded" or self.driver in CASSETTES:
            made = [(t["tool"], t["target"]) for t in run.transcript]
            wanted = [(t.tool, t.target.name if t.target else None) for t in recording.turns]
            if made != wanted[: len(made)] or len(made) != len(wanted):
                problems.append(f"turns: recorded {wanted}, got {made}")
        if self.driver not in CASSETTES and not problems:
            problems += self._compare_transcript(transcript(run))
        if problems:
            lines = "\n  ".join(problems)
            raise ReplayMismatch(f"{self.path} ({self.driver}):\n  {lines}\nresult: {got!r}")

    def _compare_transcript(self, now: dict[str, Any]) -> list[str]:
        """Compared with the stored transcript; written when there is none yet (or updated)."""
        path = self.path.parent / TRANSCRIPT
        stored: dict[str, Any] = json.loads(path.read_text("utf-8")) if path.exists() else {}
        before = stored.get(self.driver)
        if before == now:
            return []
        if before is not None and not updating(self.config):
            old = json.dumps(before, indent=1, ensure_ascii=False).splitlines()
            new = json.dumps(now, indent=1, ensure_ascii=False).splitlines()
            diff = "\n".join(difflib.unified_diff(old, new, "stored", "now", lineterm=""))
            return [
                f"the {self.driver} transcript changed ({path}; --st-update-transcripts to "
                "accept):\n" + diff
            ]
        _write_transcript(path, self.driver, now)
        if before is None:
            written = TranscriptWritten(f"{path}: wrote the {self.driver} transcript")
            warnings.warn(written, stacklevel=2)
        return []

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


def updating(config: pytest.Config) -> bool:
    """Our own option, or syrupy's ``--snapshot-update`` where syrupy is installed: one flag
    that updates every stored snapshot is what a syrupy user types. Without syrupy the option
    does not exist, and registering it here would collide with syrupy's when both load."""
    return bool(
        config.getoption("--st-update-transcripts", False)
        or config.getoption("--snapshot-update", False)
    )


def _write_transcript(path: Path, driver: str, now: dict[str, Any]) -> None:
    """Re-read, merge and replace atomically: the drivers of one flow may run in parallel
    workers (pytest-xdist), each adding its own part."""
    stored: dict[str, Any] = json.loads(path.read_text("utf-8")) if path.exists() else {}
    stored[driver] = now
    temporary = path.with_name(f".{path.name}.{driver}.tmp")
    temporary.write_text(
        json.dumps(dict(sorted(stored.items())), indent=1, ensure_ascii=False) + "\n", "utf-8"
    )
    temporary.replace(path)
