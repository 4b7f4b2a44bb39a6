"""``subterminator cassettes [DIR ...]``: the model's side of recorded flows, for replay through
the real SDK clients (``harness.record_cassettes`` makes each one).

What ``record`` and ``cancel --record`` tell a person to run next, so it speaks as the other
commands do: a recording that cannot be made into a cassette (no such folder, no recording in
it, a damaged or interrupted one, an unknown service, a run that no longer ends as recorded) is
one line naming it, the cause and the fix; the others are still made; a summary ends it, and
the exit code is 1 if any failed. A cassette already there is replaced only by a whole new one.
"""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from rich.console import Console
from rich.text import Text

from subterminator.ai.selection import Provider
from subterminator.cancellation import EXIT_CONFIG, EXIT_FAILURE, EXIT_SUCCESS
from subterminator.errors import ServiceNotFoundError
from subterminator.recording.store import FILE_NAME, RecordingError, load
from subterminator.services.registry import get_service
from subterminator.untrusted import NOTICE, shown

ROOT = Path("recordings")  # where a project keeps its recordings (the default: all of them)
INSTALL = "pip install 'subterminator[test]'"
OUT_HINT = "give the folder `subterminator record --out` or `cancel --record` wrote"


class NotMade(Exception):
    """This recording gets no cassette; the message is the cause and the fix."""


def cassettes(args: argparse.Namespace, out: Console, err: Console) -> int:
    try:
        from harness.record_cassettes import providers_for
    except ModuleNotFoundError as exc:
        if exc.name != "vcr":
            raise
        _error(err, f"making cassettes needs vcrpy, which is not installed: {INSTALL}")
        return EXIT_CONFIG
    folders: list[Path] = args.folders or sorted(p.parent for p in ROOT.glob(f"**/{FILE_NAME}"))
    if not folders:
        _error(
            err,
            f"no recordings under {ROOT}/ here: name the recording folders, e.g. "
            "`subterminator cassettes recordings/acme`",
        )
        return EXIT_CONFIG
    made: list[Path] = []
    failed: list[Path] = []
    for folder in folders:
        try:
            _check(folder)
            for provider in providers_for(folder, args.provider):
                path = _make(folder, provider)
                made.append(path)
                out.print(f"{path}: {path.stat().st_size} bytes", markup=False, highlight=False)
        except NotMade as exc:
            failed.append(folder)
            _error(err, str(exc))
    return _summary(made, failed, err)


def _check(folder: Path) -> None:
    """What can be told before anything runs: the folder, its recording, its service."""
    if not folder.exists():
        raise NotMade(f"{folder}: no such folder ({OUT_HINT})")
    if not folder.is_dir():
        raise NotMade(f"{folder}: not a folder ({OUT_HINT})")
    if not (folder / FILE_NAME).is_file():
        raise NotMade(f"{folder}: it holds no {FILE_NAME} ({OUT_HINT})")
    try:
        recording = load(folder)
    except RecordingError as exc:
        fix = "" if "record the flow again" in str(exc) else " (record the flow again)"
        raise NotMade(f"{exc}{fix}") from None
    try:
        get_service(recording.meta.service)
    except ServiceNotFoundError as exc:
        raise NotMade(f"{folder}: {exc}") from None


def _make(folder: Path, provider: Provider) -> Path:
    from harness.record_cassettes import CassetteError, record_cassette

    try:
        return asyncio.run(record_cassette(folder, provider))
    except (CassetteError, RecordingError) as exc:
        raise NotMade(str(exc)) from None
    except Exception as exc:  # a replay that diverged, a page the recording lacks...
        raise NotMade(
            f"{folder}: its run failed ({type(exc).__name__}: {exc}); no cassette was written "
            "and any old one is kept: record the flow again"
        ) from None


def _summary(made: list[Path], failed: list[Path], err: Console) -> int:
    if not failed:
        err.print(f"Made {_count(len(made), 'cassette')}.", markup=False, highlight=False)
        return EXIT_SUCCESS
    names = ", ".join(str(f) for f in failed)
    err.print(
        f"Made {_count(len(made), 'cassette')}; {_count(len(failed), 'recording')} "
        f"failed: {names}.",
        markup=False,
        highlight=False,
    )
    return EXIT_FAILURE


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


def _error(err: Console, message: str) -> None:
    """One line: the cause and the fix (paths and page words are never read as markup)."""
    err.print(Text.assemble(("Error:", "red"), " ", shown(message, NOTICE)))
