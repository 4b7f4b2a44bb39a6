"""Why Chromium will not start, as one line: the cause and the fix (``LaunchError``).

What can be known before launching is checked first (``check_display``, ``prepare_profile``,
``check_executable``); whatever Chromium itself refuses is read from Playwright's error text in
``explain``, the one place that reads it, with a one-line fallback for anything unforeseen.
"""

from __future__ import annotations

import logging
import os
import re
import socket
import stat
import sys
from pathlib import Path

from subterminator.errors import LaunchError

log = logging.getLogger(__name__)

HEADLESS_FIX = "run headless (drop --headed), or from a desktop session"
PROFILE_FIX = "pass --profile with another folder"
LOCK_NAME = "SingletonLock"  # Chromium's: a symlink to "<hostname>-<pid>" while a browser runs

_X11 = ("missing x server", "cannot open display", "can't open display", "without having a xserver")
_WAYLAND = ("failed to connect to wayland",)
_IN_USE = ("processsingleton", "profile is already in use")
_OTHER_COMPUTER = re.compile(r"in use by another .{0,40}? on another computer \(([^)]*)\)")
_EXIT_CODE = re.compile(r"exitCode=(\d+)")
_CALL = re.compile(r"^\w+\.\w+: ")  # "BrowserType.launch: ", Playwright's prefix


# -- before launching ---------------------------------------------------------------------


def check_display(headless: bool, fix: str = "") -> None:
    """A window needs a display: on Linux and the BSDs, DISPLAY or WAYLAND_DISPLAY. ``fix`` is
    the advice in the words of the command that was typed (default: ``HEADLESS_FIX``)."""
    if headless or not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        raise LaunchError(
            f"No display for a browser window (DISPLAY is not set): {fix or HEADLESS_FIX}"
        )


def not_executable(path: str) -> str | None:
    """Why ``path`` cannot be run as a program, or None if it can."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return "no such file"
    except OSError as exc:
        return exc.strerror or str(exc)
    if stat.S_ISDIR(mode):
        return "it is a folder"
    if not stat.S_ISREG(mode):
        return "not a regular file"
    if not os.access(path, os.X_OK):
        return "not executable: chmod +x it"
    return None


def check_executable(path: str) -> None:
    """An explicit ``LaunchOptions.executable`` must be a program."""
    why = not_executable(path)
    if why:
        raise LaunchError(
            f"Chromium executable {path} is not an executable file ({why}): "
            "give the path of a Chrome or Chromium binary"
        )


def prepare_profile(profile: Path) -> None:
    """Make the profile folder, or say why it cannot be one; refuse a profile in use here."""
    try:
        mode = profile.stat().st_mode
    except OSError:
        mode = None  # missing (made below), or mkdir says why not
    if mode is not None and not stat.S_ISDIR(mode):
        kind = "a file" if stat.S_ISREG(mode) else "something else"
        raise LaunchError(f"{_named(profile)} is {kind}, not a folder: {PROFILE_FIX}")
    try:
        profile.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise LaunchError(
            f"{_named(profile)} cannot be created ({_mkdir_problem(profile, exc)}): {PROFILE_FIX}"
        ) from None
    if not os.access(profile, os.W_OK | os.X_OK):
        raise LaunchError(f"{_named(profile)} is not writable: {PROFILE_FIX}")
    pid = profile_holder(profile)
    if pid is not None:
        raise LaunchError(_in_use(profile, f" (pid {pid})"))


def _mkdir_problem(profile: Path, exc: OSError) -> str:
    if isinstance(exc, FileExistsError | NotADirectoryError):
        for parent in reversed(profile.parents):
            if os.path.isfile(parent):
                return f"{parent} is a file"
    if isinstance(exc, PermissionError):
        return "permission denied"
    return exc.strerror or str(exc)


def profile_holder(profile: Path) -> int | None:
    """The pid of a live Chromium on this machine holding ``profile``, from its SingletonLock.

    A stale lock (the pid is dead, or now some other program's) names nobody: Chromium
    clears it itself. A lock from another computer is left to Chromium, which refuses it
    (``explain`` words that).
    """
    try:
        target = os.readlink(profile / LOCK_NAME)
    except OSError:
        return None
    host, _, pid_text = target.rpartition("-")
    if host != socket.gethostname() or not pid_text.isdigit():
        return None
    pid = int(pid_text)
    return pid if _runs_a_profile(pid) else None


def _runs_a_profile(pid: int) -> bool:
    """Is ``pid`` alive and (where /proc can tell) a browser started on a profile folder?"""
    if pid <= 0 or pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # alive, someone else's
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
    except FileNotFoundError:
        return not Path("/proc/self").exists()  # no /proc (macOS): trust the live pid
    except OSError:
        return True
    return b"--user-data-dir" in cmdline  # a reused pid runs something else


def _named(profile: Path | None) -> str:
    return f"The browser profile {profile}" if profile else "The browser profile"


def _in_use(profile: Path | None, pid: str = "") -> str:
    return (
        f"{_named(profile)} is in use by another Chromium{pid}: close that window or run, "
        "or use another --profile"
    )


# -- after Chromium refused ----------------------------------------------------------------


def explain(
    error: Exception, *, headless: bool, profile: Path | None, no_display_fix: str = ""
) -> LaunchError:
    """The one-line ``LaunchError`` for a failed Playwright launch (the full text is logged)."""
    text = str(error)
    log.debug("Chromium did not start: %s", text)
    low = text.lower()
    other = _OTHER_COMPUTER.search(text)
    if other:
        lock = profile / LOCK_NAME if profile else LOCK_NAME
        return LaunchError(
            f"{_named(profile)} is locked by a Chromium on another computer ({other.group(1)}): "
            f"if none runs there, delete {lock}, or use another --profile"
        )
    if any(needle in low for needle in _IN_USE):
        return LaunchError(_in_use(profile))
    if not headless and any(needle in low for needle in _X11 + _WAYLAND):
        display = os.environ.get("DISPLAY")
        cause = f"no X server at DISPLAY={display}" if display else "DISPLAY is not set"
        return LaunchError(
            f"No display for a browser window ({cause}): {no_display_fix or HEADLESS_FIX}"
        )
    lines = text.strip().splitlines()
    first = _CALL.sub("", lines[0]).strip() if lines else ""
    code = _EXIT_CODE.search(text)
    exit_code = f" (exit code {code.group(1)})" if code else ""
    return LaunchError(f"Chromium did not start: {first[:300] or type(error).__name__}{exit_code}")
