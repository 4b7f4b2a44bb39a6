"""Running ``subterminator`` as a person would: a subprocess, piped or on a pseudo-terminal."""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from tests.support.paths import ROOT

COMMAND = [sys.executable, "-m", "subterminator.cli"]


HOME = tempfile.mkdtemp(prefix="st-home-")  # run records and profiles land here, not in ~
# What chooses or reaches a model: a test names what it wants, the developer's own never leaks in
MODEL_ENVIRONMENT = frozenset(
    {
        "ANTHROPIC_API_KEY",
        "ANTHROPIC_BASE_URL",
        "SUBTERMINATOR_MODEL",
        "OPENAI_API_KEY",
        "OPENAI_BASE_URL",
        "OPENAI_ORG_ID",
        "OPENAI_PROJECT_ID",
    }
)


def clean_env(**extra: str) -> dict[str, str]:
    """This environment without a model key or server, with a scratch HOME, plus ``extra``."""
    base = {k: v for k, v in os.environ.items() if k not in MODEL_ENVIRONMENT}
    return {**base, "HOME": HOME, **extra}


def runs_dir() -> str:
    return tempfile.mkdtemp(prefix="st-runs-")


def run_cli(
    *args: str, answers: str = "", timeout: float = 180, **extra: str
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*COMMAND, *args],
        input=answers,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=clean_env(**extra),
        check=False,
    )


def run_in(
    cwd: Path, *args: str, answers: str = "", **extra: str
) -> subprocess.CompletedProcess[str]:
    """``args`` run from ``cwd``, as a person in another folder runs a command: this checkout's
    code first on the path, wherever the package is installed from."""
    env = clean_env(**extra)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *env.get("PYTHONPATH", "").split(os.pathsep)])
    return subprocess.run(
        args,
        cwd=cwd,
        input=answers,
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        check=False,
    )


def chromiums_marked(marker: str) -> list[int]:
    """Live processes whose environment carries ``marker`` (Chromium inherits ours)."""
    needle = f"ST_TEST_MARK={marker}".encode()
    found: list[int] = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            environ = (entry / "environ").read_bytes()
            state = (entry / "stat").read_text().split(") ")[-1][:1]
        except OSError:
            continue
        if needle in environ.split(b"\0") and state != "Z":
            found.append(int(entry.name))
    return found


@dataclass
class Session:
    """A command on a pseudo-terminal: what it printed, and keys to send."""

    pid: int
    fd: int
    seen: str = ""
    status: int | None = None

    def read_until(self, text: str, timeout: float = 120) -> str:
        """What the terminal showed once ``text`` appeared in it, however the terminal
        wrapped its lines (the wrap moves with the length of a temporary path)."""
        deadline = time.monotonic() + timeout
        while not self.showed(text) and time.monotonic() < deadline:
            if not self._read(0.5):
                break
        if not self.showed(text):
            raise AssertionError(f"{text!r} never appeared; the terminal showed:\n{self.seen}")
        return self.seen

    def showed(self, text: str) -> bool:
        return " ".join(text.split()) in " ".join(self.seen.split())

    def _read(self, wait: float) -> bool:
        ready, _, _ = select.select([self.fd], [], [], wait)
        if not ready:
            return True
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:  # the child closed the terminal
            return False
        if not chunk:
            return False
        self.seen += chunk.decode(errors="replace")
        return True

    def send(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def answer_until_exit(self, replies: dict[str, str], timeout: float = 180) -> int:
        """Send ``replies[prompt]`` each time ``prompt`` newly appears, until the command ends;
        its exit code."""
        answered = dict.fromkeys(replies, 0)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            alive = self._read(0.2)
            for prompt, keys in replies.items():
                while self.seen.count(prompt) > answered[prompt]:
                    answered[prompt] += 1
                    self.send(keys)
            if not alive:  # the command closed its terminal: it is ending
                break
        return self.wait(max(1.0, deadline - time.monotonic()))

    def wait(self, timeout: float = 120) -> int:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self._read(0.2)
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                while self._read(0.1):
                    if not select.select([self.fd], [], [], 0)[0]:
                        break
                os.close(self.fd)
                self.status = os.waitstatus_to_exitcode(status)
                return self.status
        os.kill(self.pid, signal.SIGKILL)
        raise AssertionError(f"still running after {timeout} s:\n{self.seen}")


def on_terminal(*args: str, columns: int = 120, lines: int = 40, **extra: str) -> Session:
    """Start the command with a pseudo-terminal as its controlling terminal (Ctrl+C works)."""
    env = clean_env(**extra, COLUMNS=str(columns), LINES=str(lines), TERM="xterm-256color")
    pid, fd = pty.fork()
    if pid == 0:  # the child: the terminal is its own
        try:
            os.execve(sys.executable, [*COMMAND, *args], env)
        finally:
            os._exit(127)
    return Session(pid, fd)


def marker() -> str:
    return uuid.uuid4().hex
