"""The suite's three markers, applied where a rule can tell and checked where it cannot.

``browser``: the test drives a real Chromium; ``subprocess``: it starts a process (the CLI, the
MCP server over stdio, a pty, a venv); ``corpus``: it walks one of the big page or flow corpora.
``nox -s unit`` runs what carries none of them. A test that uses a Chromium fixture is marked
``browser`` here; a test that starts a process without ``browser`` or ``subprocess`` fails with
the reason, so the fast loop can never quietly start one.
"""

from __future__ import annotations

import inspect
import os
import sys
from typing import Any

import pytest

MARKERS = {
    "browser": "drives a real headless Chromium",
    "subprocess": "starts a process: the CLI, the MCP server over stdio, a pty, a venv",
    "corpus": "walks a big page or flow corpus",
}
# the fixtures that bring a real Chromium (the plugin's, and this suite's short names)
BROWSER_FIXTURES = frozenset(
    {
        "browser",
        "st_playwright",
        "st_browser",
        "st_chromium_session",
        "st_on_both_browsers",
        "chromium_session",
        "on_both_browsers",
        "chromium",
    }
)
# calls that start a process, as a test's own code spells them
SPAWNING_CALLS = (
    "run_cli(",
    "on_terminal(",
    "run_in(",
    "subprocess.run(",
    "subprocess.Popen(",
    "runpytest_subprocess(",
    "create_subprocess_exec(",
    "StdioServerParameters(",
)
# what Python raises as an audit event when it starts a process, whatever the API
SPAWNS = frozenset({"subprocess.Popen", "os.posix_spawn", "os.fork", "os.forkpty", "os.exec"})
MAY_SPAWN = ("browser", "subprocess")
# platform.processor(), which the openai SDK calls for its request headers, runs uname: a
# probe of this machine, not a process the test is about
PROBES = frozenset({"uname"})


class Spawns:
    """The processes started while the current test runs (an audit hook cannot be removed, so
    it is installed once and only records while ``watching``)."""

    def __init__(self) -> None:
        self.watching = False
        self.seen: list[str] = []

    def __call__(self, event: str, args: tuple[Any, ...]) -> None:
        if self.watching and event in SPAWNS and not probe(event, args):
            self.seen.append(f"{event} {args[:2]!r}"[:200])

    def start(self) -> None:
        self.seen, self.watching = [], True

    def stop(self) -> list[str]:
        self.watching = False
        return self.seen


def probe(event: str, args: tuple[Any, ...]) -> bool:
    return event == "subprocess.Popen" and os.path.basename(str(args[0])) in PROBES


SPAWNED = Spawns()


def install() -> None:
    sys.addaudithook(SPAWNED)


def mark(items: list[pytest.Item]) -> None:
    """``browser`` by the fixtures a test uses, ``subprocess`` by the calls its body makes;
    a call made through a helper is caught by ``unmarked_spawn`` and marked by hand."""
    for item in items:
        if set(getattr(item, "fixturenames", ())) & BROWSER_FIXTURES:
            item.add_marker(pytest.mark.browser)
        if isinstance(item, pytest.Function) and spawns(item):
            item.add_marker(pytest.mark.subprocess)


def spawns(item: pytest.Function) -> bool:
    try:
        body = inspect.getsource(item.function)
    except (OSError, TypeError):  # no source (a generated test): the audit still watches it
        return False
    return any(call in body for call in SPAWNING_CALLS)


def may_spawn(item: pytest.Item) -> bool:
    return any(item.get_closest_marker(name) for name in MAY_SPAWN)


def unmarked_spawn(item: pytest.Item) -> str | None:
    """Why ``item`` fails: it started a process without a mark that allows it; else None."""
    seen = SPAWNED.stop()
    if not seen or may_spawn(item):
        return None
    return (
        f"{item.nodeid} started a process without a 'subprocess' or 'browser' mark "
        f"(so `nox -s unit` would run it): {seen[0]}"
    )
