"""Ctrl+C at a terminal ends a run's Playwright MCP with it: no ``node`` of ours is left
running, neither Playwright MCP (which the terminal's Ctrl+C does not reach: the run ends it)
nor our Playwright driver, nor Chromium, and the bound browser's socket file is gone."""

from __future__ import annotations

import os
import pty
import signal
import sys
import time
from pathlib import Path

import pytest

from tests.support.cli_helpers import Session, chromiums_marked, clean_env, marker
from tests.support.paths import ROOT
from tests.support.pwmcp_procs import alive, endpoint_of, pwmcp_processes
from tests.support.pwmcp_run import ATTACHED, INTERRUPTED

pytestmark = [pytest.mark.browser, pytest.mark.subprocess]


def holding(folder: Path, mark: str) -> Session:
    """``tests.support.pwmcp_run`` on a pseudo-terminal of its own (Ctrl+C works)."""
    env = clean_env(ST_TEST_MARK=mark, PYTHONPATH=str(ROOT), TERM="xterm")
    argv = [sys.executable, "-m", "tests.support.pwmcp_run", str(folder)]
    pid, fd = pty.fork()
    if pid == 0:
        try:
            os.execve(sys.executable, argv, env)
        finally:
            os._exit(127)
    return Session(pid, fd)


def test_ctrl_c_leaves_no_process_of_the_run(tmp_path: Path) -> None:
    mark = marker()
    run = holding(tmp_path, mark)
    run.read_until(ATTACHED, timeout=120)
    started = pwmcp_processes(folder=tmp_path)
    assert len(started) == 1
    (socket,) = (Path(endpoint_of(argv)) for argv in started.values())
    ours = chromiums_marked(mark)  # our Playwright driver (a node too) and Chromium
    assert ours
    run.send("\x03")
    assert run.wait(timeout=60) == 130
    assert INTERRUPTED in run.seen
    assert [pid for pid in [*started, *ours] if alive(pid)] == []
    assert pwmcp_processes(folder=tmp_path) == {}
    assert not socket.exists()  # the bind went with it


def test_a_run_killed_outright_leaves_no_playwright_mcp(tmp_path: Path) -> None:
    """No ``finally`` runs after SIGKILL: Playwright MCP ends because its input closed."""
    run = holding(tmp_path, marker())
    run.read_until(ATTACHED, timeout=120)
    (pid,) = pwmcp_processes(folder=tmp_path)
    os.kill(run.pid, signal.SIGKILL)
    assert run.wait(timeout=60) == -signal.SIGKILL
    deadline = time.monotonic() + 30  # a bound for the wait, not a claim about speed
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not alive(pid)
