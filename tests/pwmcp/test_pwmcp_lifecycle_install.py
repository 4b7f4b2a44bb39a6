"""The pinned package is found before anything is installed; installed once when several
processes ask at the same moment (test workers, a CI step), whole or not at all; and a
machine whose npm cannot reach its registry is told the npm command to run by hand."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from subterminator.errors import ConfigurationError
from subterminator.pwmcp.install import CLI, PINNED, install
from tests.support.paths import ROOT

pytestmark = pytest.mark.subprocess

ASK = "import sys; from pathlib import Path; from subterminator.pwmcp.install import install; "
ASK += "print(install(Path(sys.argv[1])))"


def npm_counting(folder: Path, count: Path) -> None:
    """A real ``npm`` on PATH that notes each time it runs, then runs the real one."""
    real = shutil.which("npm")
    assert real is not None
    program = folder / "npm"
    program.write_text(f'#!/bin/sh\necho "$$" >> {count}\nexec {real} "$@"\n', encoding="utf-8")
    program.chmod(0o755)


def test_an_installed_version_is_found_without_npm(monkeypatch: pytest.MonkeyPatch) -> None:
    installed = install()  # the suite's own: .ci/run and nox install it first
    monkeypatch.setenv("PATH", "")
    assert install() == installed
    assert installed.parts[-len(CLI.parts) :] == CLI.parts


def test_several_processes_at_once_install_it_once_and_whole(tmp_path: Path) -> None:
    bin_, count, folder = tmp_path / "bin", tmp_path / "npm-runs", tmp_path / "cache" / "pinned"
    bin_.mkdir()
    npm_counting(bin_, count)
    env = {**os.environ, "PATH": f"{bin_}{os.pathsep}{os.environ['PATH']}", "PYTHONPATH": str(ROOT)}
    asking = [
        subprocess.Popen(
            [sys.executable, "-c", ASK, str(folder)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for _ in range(3)
    ]
    said = [p.communicate(timeout=300) for p in asking]
    assert [p.returncode for p in asking] == [0, 0, 0], said
    assert {out.strip() for out, _ in said} == {str(folder / CLI)}
    assert len(count.read_text().split()) == 1  # one npm install; the others waited, then found
    assert sorted(p.name for p in folder.parent.iterdir()) == ["pinned", "pinned.lock"]


def test_what_a_killed_install_left_is_cleared_by_the_next(tmp_path: Path) -> None:
    folder = tmp_path / "cache" / "pinned"
    left = folder.parent / ".pinned-k1ll3d"
    (left / "node_modules").mkdir(parents=True)
    assert install(folder) == folder / CLI
    assert sorted(p.name for p in folder.parent.iterdir()) == ["pinned", "pinned.lock"]


def test_an_npm_that_cannot_reach_its_registry_names_the_command_to_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("npm_config_registry", "http://127.0.0.1:9/")  # nothing listens there
    monkeypatch.setenv("npm_config_fetch_retries", "0")
    monkeypatch.setenv("npm_config_cache", str(tmp_path / "empty-npm-cache"))
    folder = tmp_path / "cache" / "pinned"
    with pytest.raises(
        ConfigurationError,
        match=rf"ECONNREFUSED: the npm registry cannot be reached, is this machine offline\?\)\. "
        rf"Run it by hand .*`npm install --prefix {folder} --no-audit --no-fund {PINNED}`",
    ):
        install(folder)
    assert sorted(p.name for p in folder.parent.iterdir()) == ["pinned.lock"]  # nothing half-made


def test_no_npm_says_how_to_get_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", "")
    with pytest.raises(ConfigurationError, match=r"npm was not found.*nodejs\.org.*npm install"):
        install(tmp_path / "pinned")
