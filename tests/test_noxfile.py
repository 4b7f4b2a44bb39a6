"""``noxfile.py`` picks its virtualenv backend quietly: uv when it is installed, else virtualenv
(``"uv|virtualenv"`` printed "uv binary not found" on every session where uv is missing)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.subprocess  # runs Python on the noxfile

ROOT = Path(__file__).resolve().parent.parent
PROBE = (
    "import runpy, nox\n"
    f"runpy.run_path({str(ROOT / 'noxfile.py')!r})\n"
    "print(nox.options.default_venv_backend)\n"
)


def backend(path: Path) -> str:
    """The backend the noxfile chooses with ``path`` as the whole PATH."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PATH": str(path)},
        check=True,
    )
    return done.stdout.strip()


def test_without_uv_the_backend_is_virtualenv_alone(tmp_path: Path) -> None:
    assert backend(tmp_path) == "virtualenv"


def test_without_uv_nox_does_not_go_looking_for_it(tmp_path: Path) -> None:
    """A session asks nox which global commands it may run (uv's among them): that question
    must not log "uv binary not found." on every run."""
    probe = (
        "import logging, runpy, nox, nox.virtualenv\n"
        f"runpy.run_path({str(ROOT / 'noxfile.py')!r})\n"
        "logging.basicConfig(level=logging.DEBUG)\n"
        "print(nox.virtualenv.VirtualEnv('x').allowed_globals)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PATH": str(tmp_path)},
        check=True,
    )
    assert "uv" in done.stdout
    assert "uv binary not found" not in done.stderr + done.stdout


def test_with_uv_on_the_path_the_backend_is_uv(tmp_path: Path) -> None:
    uv = tmp_path / "uv"
    uv.write_text("#!/bin/sh\nexit 0\n")
    uv.chmod(0o755)
    assert backend(tmp_path) == "uv"


def test_the_demo_stays_on_the_simulator_whatever_options_it_is_given() -> None:
    """``python3 dev.py demo --headed`` once ran ``cancel netflix --headed``: the person's real
    membership. Options alone add to the simulator run; only --sim or --url name a start."""
    import runpy

    demo_args = runpy.run_path(str(ROOT / "noxfile.py"))["demo_args"]
    assert demo_args([]) == ["--sim"]
    assert demo_args(["--headed", "-v"]) == ["--sim", "--headed", "-v"]
    assert demo_args(["--sim", "legacy"]) == ["--sim", "legacy"]
    assert demo_args(["--sim=partner"]) == ["--sim=partner"]
    assert demo_args(["--url", "http://127.0.0.1:8000/"]) == ["--url", "http://127.0.0.1:8000/"]


def test_the_unit_session_runs_workers_unless_told_otherwise() -> None:
    """``nox -s unit`` spreads over the cores (a few at most), each file in one worker; the
    person's own choice (``-n 0``, ``-p no:xdist``, ``--dist``) wins, other arguments pass."""
    import runpy

    unit_args = runpy.run_path(str(ROOT / "noxfile.py"))["unit_args"]
    assert unit_args([], 2) == ["-n", "2", "--dist", "loadfile"]
    assert unit_args(["-x", "-k", "gate"], 64) == [
        "-n",
        "4",
        "--dist",
        "loadfile",
        "-x",
        "-k",
        "gate",
    ]
    assert unit_args(["-p", "no:cacheprovider"], 2)[:2] == ["-n", "2"]
    for own in (["-n", "0"], ["-n3"], ["-p", "no:xdist"], ["--dist=load"], ["--numprocesses=2"]):
        assert unit_args(own, 8) == own
    assert unit_args(["-x"], 1) == ["-x"]  # one core: no worker to start
    assert unit_args(["-x"], None) == ["-x"]
