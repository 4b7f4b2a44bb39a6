"""``subterminator cassettes``: what ``record`` says to run next speaks as the
other commands do. Each recording that cannot be made into a cassette is one line naming it,
the cause and the fix; the others are still made; a summary and exit 1 end it; a cassette
already there is never left half-written. Run through the real command, on copies of the
repository's own recordings."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

from subterminator.cancellation import EXIT_CONFIG, EXIT_FAILURE
from tests.support.cli_helpers import COMMAND, run_in
from tests.support.paths import ROOT

pytestmark = pytest.mark.subprocess  # the CLI in a subprocess

FLOW = ROOT / "recordings" / "netflix" / "cancelled"  # a small flow: already cancelled


def lines(said: str) -> list[str]:
    return [line for line in said.splitlines() if line.strip()]


def a_copy(of: Path, to: Path, **meta: str) -> Path:
    shutil.copytree(of, to)
    if meta:
        data = json.loads((to / "recording.json").read_text("utf-8"))
        data["meta"].update(meta)
        (to / "recording.json").write_text(json.dumps(data), "utf-8")
    return to


def changed_outcome(of: Path, to: Path, reason: str) -> Path:
    """A recording whose run no longer ends as recorded (the recorded outcome edited)."""
    shutil.copytree(of, to)
    data = json.loads((to / "recording.json").read_text("utf-8"))
    data["expected"]["reason"] = reason
    (to / "recording.json").write_text(json.dumps(data), "utf-8")
    return to


def test_each_bad_recording_is_one_line_and_the_others_are_made(tmp_path: Path) -> None:
    good = a_copy(FLOW, tmp_path / "good")
    (good / "cassette.yaml").unlink()
    damaged = a_copy(FLOW, tmp_path / "damaged")
    (damaged / "recording.json").write_text('{"meta": {', "utf-8")
    empty = tmp_path / "empty"
    empty.mkdir()
    a_copy(FLOW, tmp_path / "stranger", service="acme")  # a service nobody named
    drifted = changed_outcome(FLOW, tmp_path / "drifted", "completed")
    before = (drifted / "cassette.yaml").read_bytes()
    names = ["nowhere", "damaged", "empty", "stranger", "drifted", "good"]
    done = run_in(tmp_path, *COMMAND, "cassettes", *names)
    said = done.stdout + done.stderr
    assert done.returncode == EXIT_FAILURE, said
    assert "Traceback" not in said
    errors = [line for line in lines(done.stderr) if line.startswith("Error:")]
    assert len(errors) == 5, said  # one line each, and the command went on past them
    nowhere, bad_json, no_file, unknown, ran = errors
    assert nowhere.startswith("Error: nowhere: no such folder (give the folder")
    assert bad_json.startswith("Error: damaged/recording.json: not valid JSON")
    assert bad_json.endswith("(record the flow again)")
    assert no_file.startswith("Error: empty: it holds no recording.json")
    assert unknown.startswith("Error: stranger: Unknown service 'acme'.")
    assert "--services path/to/my_service.py" in unknown
    assert ran.startswith("Error: drifted: its run ended already_cancelled, not completed")
    assert ran.endswith("record the flow again")
    assert (drifted / "cassette.yaml").read_bytes() == before  # left whole, as it was
    assert not list(drifted.glob("*.rewriting"))
    made = (good / "cassette.yaml").read_text("utf-8")
    assert made.startswith("interactions:")
    assert f"good/cassette.yaml: {len(made.encode())} bytes" in done.stdout
    assert lines(done.stderr)[-1] == (
        "Made 1 cassette; 5 recordings failed: nowhere, damaged, empty, stranger, drifted."
    )


def test_a_service_of_your_own_is_named_with_services(tmp_path: Path) -> None:
    mine = a_copy(FLOW, tmp_path / "mine", service="acme")
    (mine / "cassette.yaml").unlink()
    service = ROOT / "examples" / "acme_service.py"
    done = run_in(tmp_path, *COMMAND, "cassettes", "mine", "--services", str(service))
    assert done.returncode == 0, done.stdout + done.stderr
    assert (mine / "cassette.yaml").stat().st_size > 0
    assert lines(done.stderr) == ["Made 1 cassette."]


def test_the_old_name_is_the_same_command(tmp_path: Path) -> None:
    """``python -m harness.record_cassettes`` (old scripts) answers as the command does.

    It first names the command to use instead.
    """
    done = run_in(tmp_path, sys.executable, "-m", "harness.record_cassettes", "nowhere")
    assert done.returncode == EXIT_FAILURE
    assert lines(done.stderr) == [
        "Note: `python -m harness.record_cassettes` is an old name; run `subterminator "
        "cassettes` instead (the same options).",
        "Error: nowhere: no such folder (give the folder `subterminator record --out` or "
        "`cancel --record` wrote)",
        "Made 0 cassettes; 1 recording failed: nowhere.",
    ]


def test_no_recordings_here_says_what_to_name(tmp_path: Path) -> None:
    done = run_in(tmp_path, *COMMAND, "cassettes")
    assert done.returncode == EXIT_CONFIG
    assert lines(done.stderr) == [
        "Error: no recordings under recordings/ here: name the recording folders, e.g. "
        "`subterminator cassettes recordings/acme`"
    ]


def test_without_vcrpy_it_names_the_install(tmp_path: Path) -> None:
    """vcrpy is the test extra's: where it is not installed, the command says what to install."""
    absent = tmp_path / "absent"
    absent.mkdir()
    (absent / "vcr.py").write_text(  # how Python reports a module that is not installed
        "raise ModuleNotFoundError(\"No module named 'vcr'\", name='vcr')\n", "utf-8"
    )
    done = run_in(tmp_path, *COMMAND, "cassettes", "x", PYTHONPATH=str(absent))
    assert done.returncode == EXIT_CONFIG
    assert lines(done.stderr) == [
        "Error: making cassettes needs vcrpy, which is not installed: "
        "pip install 'subterminator[test]'"
    ]
