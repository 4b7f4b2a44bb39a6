"""Sessions: tests (default), demo, lint, bench, fixtures, replay, record; ``-- ARGS`` are
forwarded. This repository's sessions install the ``dev`` extra (the suite, benches and lint);
``test`` alone is what a user's project needs."""

from __future__ import annotations

import os
import shutil
import subprocess
import time

import nox

# chosen here, quietly: "uv|virtualenv" would print "uv binary not found" wherever uv is missing
nox.options.default_venv_backend = "uv" if shutil.which("uv") else "virtualenv"


def _no_uv_said_once() -> None:
    """Without uv, nox still looks for it in every session (uv is an allowed global command) and
    logs "uv binary not found."; what it would find is set here, so nothing is looked for."""
    if shutil.which("uv"):
        return
    import nox.virtualenv
    from packaging.version import Version

    nox.virtualenv.HAS_UV, nox.virtualenv.UV, nox.virtualenv.UV_VERSION = False, "uv", Version("0")


_no_uv_said_once()
nox.options.sessions = ["tests"]
nox.options.reuse_existing_virtualenvs = True


def _chromium(session: nox.Session) -> str | None:
    out = session.run(
        "python", "-m", "subterminator.browser.discovery", silent=True, success_codes=[0, 1]
    )
    line = str(out or "").strip().splitlines()[-1:] or [""]
    return line[0].removeprefix("found: ") if line[0].startswith("found: ") else None


def ensure_chromium(session: nox.Session) -> None:
    """Browser tests need a real Chromium: find one or install one, never skip them."""
    if path := _chromium(session):
        session.log(f"Chromium: {path}")
        return
    session.log("No Chromium found: trying `playwright install chromium`")
    session.run("playwright", "install", "chromium", success_codes=[0, 1])
    if not _chromium(session) and shutil.which("apt-get") and os.geteuid() == 0:
        session.log("Installing Debian's chromium package")
        subprocess.run(["apt-get", "update", "-qq"], check=True)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=True)
    if not (path := _chromium(session)):
        session.error(
            "No Chromium: install one (`apt-get install -y chromium`) or set SUBTERMINATOR_CHROMIUM"
        )
    session.log(f"Chromium: {path}")


# Installed once here, before pytest: its workers then all find it, none races to install it.
PLAYWRIGHT_MCP = "from subterminator.pwmcp.install import install; print(install())"


def ensure_playwright_mcp(session: nox.Session) -> None:
    """The pinned Playwright MCP the backend tests run: npm installs it on first use (about
    1 s here, from the registry or npm's cache), then it is found (0.1 s)."""
    started = time.monotonic()
    out = session.run("python", "-c", PLAYWRIGHT_MCP, silent=True)
    cli = str(out or "").strip().splitlines()[-1:] or ["?"]
    session.log(f"Playwright MCP: {cli[0]} ({time.monotonic() - started:.1f} s)")


@nox.session
def tests(session: nox.Session) -> None:
    """The suite, a worker per core (each file kept in one worker: the property files read
    their controls in order); ``-- ARGS`` runs pytest with your arguments instead."""
    session.install("-e", ".[dev]")
    ensure_chromium(session)
    ensure_playwright_mcp(session)
    session.env["ST_ALL_CASES"] = "1"  # the MCP attack suite's full matrix, not its sample
    session.run(
        "pytest", *(session.posargs or ["-n", "auto", "--dist", "loadfile", "--durations=25"])
    )


UNIT = "not browser and not subprocess and not corpus"


@nox.session
def demo(session: nox.Session) -> None:
    """The main job on its default: the Netflix simulator, offline policy, your approval."""
    session.install("-e", ".")
    ensure_chromium(session)
    session.run("subterminator", "cancel", "netflix", *demo_args(session.posargs), external=False)


def demo_args(given: list[str]) -> list[str]:
    """The simulator unless the arguments name a start page: ``demo --headed`` is the
    simulator in a window, never the person's real membership."""
    names = {arg.split("=", 1)[0] for arg in given}
    return given if names & {"--sim", "--url"} else ["--sim", *given]


@nox.session
def lint(session: nox.Session) -> None:
    session.install("-e", ".[dev]")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")
    session.run("mypy")


NODE_MAJOR = 18  # Playwright MCP's engines.node
ONLY_OTHERS = (
    "--tokens-only",
    "--stages-only",
    "--replay-only",
    "--startup-only",
    "--linear-only",
)


@nox.session
def unit(session: nox.Session) -> None:
    """The fast loop: what needs no Chromium, no process and no big corpus (markers in
    tests/support/markers.py), under two minutes; ``-- ARGS`` are added to pytest's."""
    session.install("-e", ".[dev]")  # the suite's own needs (jsonschema, syrupy, ...)
    session.run("pytest", "-m", UNIT, "-q", *unit_args(session.posargs, os.cpu_count()))


MAX_WORKERS = 4  # past this the unit tests wait on each other's start-up, not on the CPU
WORKER_FLAGS = ("--numprocesses", "--dist", "--maxprocesses")


def unit_args(given: list[str], cores: int | None) -> list[str]:
    """Workers, one per core up to ``MAX_WORKERS`` (each file in one worker: the property files
    read their controls in order), unless the arguments choose (``-n 0``, ``-p no:xdist``)."""
    chooses = any(
        arg.startswith("-n") or arg.split("=", 1)[0] in WORKER_FLAGS or arg.endswith("no:xdist")
        for arg in given
    )
    workers = min(cores or 1, MAX_WORKERS)
    if chooses or workers < 2:
        return given
    return ["-n", str(workers), "--dist", "loadfile", *given]


def ensure_node(session: nox.Session) -> None:
    """Playwright MCP, for the comparison with ours, is an npm package run by node: the bench
    installs its pinned version into .nox/playwright-mcp; node and npm must be here."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if not node or not npm:
        session.error(
            f"The MCP comparison needs Node.js {NODE_MAJOR}+ and npm, to run Playwright MCP "
            "(`apt-get install -y nodejs npm`); or pass --tokens-only, --stages-only, "
            "--replay-only or --startup-only"
        )
    version = subprocess.run([node, "--version"], capture_output=True, text=True, check=False)
    major = version.stdout.strip().lstrip("v").split(".")[0]
    if not major.isdigit() or int(major) < NODE_MAJOR:
        session.error(f"Node.js {NODE_MAJOR}+ is needed for Playwright MCP; {node} is v{major}")
    session.log(f"Node.js: {node} {version.stdout.strip()}")


@nox.session
def bench(session: nox.Session) -> None:
    """Tokens by script, snapshot stage timings and density on grids and realistic stress
    pages, and ours beside Playwright MCP through one MCP client with the issue's ratios.
    First the benches' own laws (bench/tests/, also in the suite), then the figures: medians,
    asserting nothing (``-- --stages-only`` for the stage table alone)."""
    session.install("-e", ".[dev]")  # the token yardstick needs `tokenizers`
    ensure_chromium(session)
    if not any(flag in session.posargs for flag in ONLY_OTHERS):
        ensure_node(session)
    session.run("pytest", "bench/tests", "-q")
    session.run("python", "-m", "bench", *session.posargs)


@nox.session
def density(session: nox.Session) -> None:
    """What an element costs the model and how many in-view controls the element budget keeps,
    on dense pages (bench.density; ``-- --json`` for the figures as JSON)."""
    session.install("-e", ".[dev]")  # the token yardstick needs `tokenizers`
    ensure_chromium(session)
    session.run("python", "-m", "bench.density", *session.posargs)


@nox.session
def fixtures(session: nox.Session) -> None:
    """Regenerate fixtures/snapshot_schema.json, recording_schema.json and snapshots/."""
    session.install("-e", ".[dev]")
    ensure_chromium(session)
    with open("fixtures/snapshot_schema.json", "w", encoding="utf-8") as out:
        session.run("subterminator", "schema", stdout=out)
    with open("fixtures/recording_schema.json", "w", encoding="utf-8") as out:
        session.run("subterminator", "schema", "--recording", stdout=out)
    session.run("pytest", "tests/snapshot/test_golden_pages.py", "--snapshot-update", "-q")


# Played on a live page: Playwright MCP's refs and actions exist only there (so Chromium and Node).
PWMCP_REPLAY = "tests/pwmcp/test_pwmcp_replay.py"


@nox.session
def replay(session: nox.Session) -> None:
    """Every recorded flow (recordings/**) replayed, through Claude's and OpenAI's SDK clients
    where a cassette lies beside (no browser, no network, no API key); and the Playwright MCP
    backend's cassette, its model side played on our Chromium and the real Playwright MCP."""
    session.install("-e", ".[dev]")
    ensure_chromium(session)
    ensure_node(session)
    ensure_playwright_mcp(session)
    session.run(
        "pytest",
        "recordings",
        "tests/recording/test_replay.py",
        PWMCP_REPLAY,
        *session.posargs,
    )


@nox.session
def record(session: nox.Session) -> None:
    """Re-record the simulator's flows into recordings/netflix/ (``-- VARIANT ...`` for some),
    and their cassettes."""
    session.install("-e", ".[dev]")
    ensure_chromium(session)
    session.run("python", "-m", "tests.support.record_sim", *session.posargs)
    folders = [f"recordings/netflix/{v}" for v in session.posargs]
    session.run("subterminator", "cassettes", *folders)
