"""A misconfigured ``subterminator mcp`` refuses to start, as ``cancel`` does.

A server that starts is shown "Connected" by its client (Claude Code), which learns of a bad
service or variant only at its first call. So the real command, over stdio and over HTTP,
exits 2 with one line on stderr and writes nothing on stdout (the protocol's), and serves
nothing.
"""

from __future__ import annotations

import socket
import subprocess
import tempfile
from collections.abc import Callable

import pytest

from subterminator.cancellation import EXIT_CONFIG
from subterminator.simulator import VARIANTS
from tests.support.cli_helpers import run_cli, runs_dir
from tests.support.paths import ROOT

pytestmark = pytest.mark.subprocess  # the CLI in a subprocess

ACME = ROOT / "examples" / "acme_service.py"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def refused(done: subprocess.CompletedProcess[str]) -> str:
    """The one line a refused start says; nothing reached stdout."""
    assert done.returncode == EXIT_CONFIG, (done.returncode, done.stdout, done.stderr)
    assert done.stdout == ""
    (line,) = done.stderr.strip().splitlines()
    assert line.startswith("Error: ")
    return line


TRANSPORTS: dict[str, Callable[[], list[str]]] = {
    "stdio": lambda: [],
    "http": lambda: ["--http", f"127.0.0.1:{free_port()}"],
}


@pytest.mark.parametrize("transport", list(TRANSPORTS))
def test_an_unknown_simulator_variant_is_refused_before_serving(transport: str) -> None:
    done = run_cli("mcp", "--sim", "bogus", *TRANSPORTS[transport](), timeout=60)
    line = refused(done)
    assert f"Unknown simulator variant 'bogus'. Variants: {', '.join(VARIANTS)}" in line


@pytest.mark.parametrize("transport", list(TRANSPORTS))
def test_an_unknown_service_is_refused_before_serving(transport: str) -> None:
    done = run_cli("mcp", "hulu", "--sim", *TRANSPORTS[transport](), timeout=60)
    line = refused(done)
    assert "Unknown service 'hulu'. Available services: netflix." in line
    assert "--services path/to/my_service.py" in line


def test_a_service_without_a_simulator_is_refused_with_sim() -> None:
    done = run_cli("mcp", "acme", "--sim", "--services", str(ACME), timeout=60)
    assert "The simulator is Netflix's; acme has none" in refused(done)


@pytest.mark.parametrize(
    ("served", "cancelled"),
    [
        (["--sim", "bogus"], ["netflix", "--sim", "bogus"]),
        (["hulu", "--sim"], ["hulu", "--sim"]),
        (["acme", "--sim", "--services", str(ACME)], ["acme", "--sim", "--services", str(ACME)]),
    ],
    ids=["variant", "service", "no-simulator"],
)
def test_the_same_line_as_cancel(served: list[str], cancelled: list[str]) -> None:
    """One style for both commands: the same line for the same mistake."""
    said = refused(run_cli("mcp", *served, timeout=60))
    assert said == refused(run_cli("cancel", *cancelled, "--ai", "offline", timeout=60))


def test_a_runs_dir_that_cannot_be_made_is_refused_before_serving() -> None:
    with tempfile.NamedTemporaryFile() as afile:  # a file where a folder would have to be
        done = run_cli("mcp", "--sim", "--runs-dir", f"{afile.name}/runs", timeout=60)
    line = refused(done)
    assert f"run records cannot be written to {afile.name}/runs" in line
    assert "--no-record" in line


def test_a_good_start_still_serves_until_the_client_goes() -> None:
    """The checks refuse only what is wrong: a right command serves, and its client's end of
    the pipe closing (no request at all) ends it with 0."""
    done = run_cli("mcp", "--sim", "--runs-dir", runs_dir(), timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
