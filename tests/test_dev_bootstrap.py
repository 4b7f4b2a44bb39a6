"""``python3 dev.py SESSION``: the README's commands work on Debian's and
Ubuntu's own python3, which refuses ``pip install`` and, in a stock image, has no ensurepip.
Each test runs the real script in a copy of it; none reaches the network (proxies point at a
closed port, pip's index and config are off)."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

pytestmark = pytest.mark.subprocess  # builds venvs and runs dev.py

ROOT = Path(__file__).resolve().parent.parent
DEBIAN = Path("/usr/bin/python3")  # externally managed where the machine is Debian's
# the suite's own Python, and Debian's where this machine has it (the python3 the README's
# commands are for)
PYTHONS = [sys.executable, *([str(DEBIAN)] if DEBIAN.exists() else [])]
CLOSED = "http://127.0.0.1:9"  # nothing listens: a download would fail at once


def pip_wheel() -> Path:
    """A pip wheel already on this machine: the one ensurepip bundles, or Debian's."""
    import ensurepip

    bundled = Path(ensurepip.__file__).parent / "_bundled"
    found = sorted(bundled.glob("pip-*.whl")) + sorted(
        Path("/usr/share/python-wheels").glob("pip-*.whl")
    )
    assert found, "no pip wheel on this machine to install from"
    return found[-1]


@pytest.fixture
def clone(tmp_path: Path) -> Path:
    """dev.py and noxfile.py, as a fresh clone has them."""
    root = tmp_path / "clone"
    root.mkdir()
    shutil.copy(ROOT / "dev.py", root)
    shutil.copy(ROOT / "noxfile.py", root)
    return root


@pytest.fixture
def offline(tmp_path: Path) -> dict[str, str]:
    """An environment with no way out and no ensurepip (as python3 without python3-venv)."""
    blocked = tmp_path / "blocked"
    blocked.mkdir()
    (blocked / "sitecustomize.py").write_text("import sys\nsys.modules['ensurepip'] = None\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PIP_", "VIRTUAL_ENV"))}
    env.update(
        PYTHONPATH=str(blocked),
        http_proxy=CLOSED,
        https_proxy=CLOSED,
        HTTP_PROXY=CLOSED,
        HTTPS_PROXY=CLOSED,
        no_proxy="",
        NO_PROXY="",
        PIP_NO_INDEX="1",
        PIP_CONFIG_FILE=os.devnull,
    )
    return env


def dev(
    python: str, root: Path, env: dict[str, str], *args: str
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [python, str(root / "dev.py"), *args],
        capture_output=True,
        text=True,
        cwd=root,
        env=env,
        timeout=300,
        check=False,
    )


@pytest.mark.parametrize("python", PYTHONS)
def test_without_ensurepip_pip_comes_from_a_wheel_and_the_venv_is_reused(
    python: str, clone: Path, offline: dict[str, str]
) -> None:
    wheel = pip_wheel()
    offline["SUBTERMINATOR_PIP_WHEEL"] = str(wheel)
    first = dev(python, clone, offline, "tests")
    assert "dev.py: making .venv" in first.stdout
    assert f"dev.py: installing pip from {wheel.name}" in first.stdout
    made = clone / ".venv" / "bin" / "python"
    assert subprocess.run([made, "-m", "pip", "--version"], check=False).returncode == 0
    # nox cannot be installed offline: one line says so, and what to do
    assert first.returncode == 1
    assert "dev.py: error: could not install nox" in first.stderr
    assert "check the network or proxy" in first.stderr
    assert "Traceback" not in first.stderr

    (clone / ".venv" / "kept").write_text("a second run makes nothing anew")
    second = dev(python, clone, offline, "tests")
    assert "making" not in second.stdout
    assert "installing pip" not in second.stdout
    assert (clone / ".venv" / "kept").exists()
    assert "dev.py: error: could not install nox" in second.stderr


def test_a_missing_pip_download_is_one_line_with_the_fixes(
    clone: Path, offline: dict[str, str]
) -> None:
    """No ensurepip, no local wheel, no network: the message names what would help."""
    code = (
        "import sys, tempfile\nfrom pathlib import Path\n"
        f"sys.path.insert(0, {str(clone)!r})\nimport dev\n"
        "try:\n    dev.download_pip(Path(tempfile.mkdtemp()))\n"
        "except dev.SetupError as exc:\n    print(exc)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=offline, check=True
    )
    said = done.stdout.strip().splitlines()[-1]
    assert said.startswith("could not download pip (")
    for fix in ("python3-venv", "SUBTERMINATOR_PIP_WHEEL", "network or proxy"):
        assert fix in said


def test_the_session_runs_with_its_arguments_through_nox(
    clone: Path, offline: dict[str, str]
) -> None:
    """With .venv ready (here one that sees the suite's nox), dev.py is nox: the session runs
    in the clone with ARGS after ``--`` as its posargs, and its exit code is the command's."""
    made = clone / ".venv"
    venv.EnvBuilder(with_pip=False).create(made)
    [site] = made.glob("lib/python*/site-packages")
    (site / "suite.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")  # nox, from ours
    offline["SUBTERMINATOR_PIP_WHEEL"] = str(pip_wheel())  # where ours has no pip (uv's)
    (clone / "noxfile.py").write_text(
        "import nox\n\n"
        "@nox.session(python=False)\n"
        "def echo(session):\n"
        "    print('posargs', session.posargs)\n"
        "    session.error('stopped') if session.posargs == ['fail'] else None\n"
    )
    done = dev(sys.executable, clone, offline, "echo", "-k", "name with spaces")
    assert done.returncode == 0, done.stderr
    assert "posargs ['-k', 'name with spaces']" in done.stdout
    assert "making" not in done.stdout
    assert dev(sys.executable, clone, offline, "echo", "--", "fail").returncode == 1


def test_an_unknown_session_is_named_with_the_known_ones(
    clone: Path, offline: dict[str, str]
) -> None:
    done = dev(sys.executable, clone, offline, "tset")
    assert done.returncode == 2
    [line] = done.stderr.strip().splitlines()
    assert line.startswith("dev.py: error: no session 'tset'; sessions: tests, demo, lint, ")
    assert not (clone / ".venv").exists()


def test_an_older_python_is_told_what_it_needs(clone: Path) -> None:
    """The script parses as Python 3.6 (so an old python3 reaches the check), and the check
    stops a Python below 3.11 with one line."""
    ast.parse((clone / "dev.py").read_text(), feature_version=(3, 6))
    code = (
        "import runpy, sys\n"
        "sys.version_info = (3, 10, 12, 'final', 0)\n"
        f"runpy.run_path({str(clone / 'dev.py')!r}, run_name='__main__')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, "tests"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 1
    [line] = done.stderr.strip().splitlines()
    assert line.startswith("dev.py: error: Python 3.11+ is needed; this is ")
    assert not (clone / ".venv").exists()
