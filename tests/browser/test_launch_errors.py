"""Every way Chromium fails to start is one line, the cause and the fix, and leaves nothing running.

Real launches of real Chromium; each failing launch is marked with a switch Chromium ignores, so
a scan of /proc finds any Chromium it left behind, and the Playwright drivers this process
started are counted before and after.
"""

from __future__ import annotations

import asyncio
import os
import socket
import sys
import uuid
from pathlib import Path

import pytest
from playwright.async_api import async_playwright

from subterminator.browser import launch_errors
from subterminator.browser.discovery import ENV_VAR
from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from subterminator.errors import BrowserError, BrowserNotFoundError, LaunchError

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path("/proc/self").exists(), reason="the leftover check reads /proc"),
]

# What Chromium 156 said (through Playwright 1.65) on a second launch of a profile in use.
IN_USE_TEXT = """BrowserType.launch_persistent_context: Failed to create a ProcessSingleton for \
your profile directory. This usually means that the profile is already in use by another \
instance of Chromium.
Call log:
  - <launched> pid=7556
  - [pid=7556][err] [7556:7556:1123/105011.482803:ERROR:chrome/browser/\
process_singleton_posix.cc:349] Failed to create /tmp/p/SingletonLock: File exists (17)
  - [pid=7556] <process did exit: exitCode=21, signal=null>
"""


def processes() -> list[tuple[int, int, bytes]]:
    """(pid, parent pid, command line) of every process /proc shows."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            found.append((int(entry.name), parent, (entry / "cmdline").read_bytes()))
        except (OSError, IndexError, ValueError):
            continue  # gone meanwhile
    return found


def drivers() -> int:
    """How many Playwright drivers this process runs (a session fixture may hold one)."""
    me = os.getpid()
    return sum(1 for _, parent, cmd in processes() if parent == me and b"run-driver" in cmd)


def exists(path: str) -> bool:
    return Path(path).exists()


def running(marker: str) -> list[int]:
    return [pid for pid, _, cmd in processes() if marker.encode() in cmd]


class Attempt:
    """One launch marked for the leftover check."""

    def __init__(self) -> None:
        self.marker = f"--subterminator-test={uuid.uuid4().hex}"

    def options(self, **kwargs: object) -> LaunchOptions:
        return LaunchOptions(extra_args=(self.marker,), **kwargs)  # type: ignore[arg-type]

    async def launch_and_close(self, **kwargs: object) -> None:
        browser = await PlaywrightBrowser.launch(self.options(**kwargs))
        await browser.close()

    async def fails(self, **kwargs: object) -> str:
        """Launch, expect ``LaunchError``; check it is one line and nothing is left running."""
        before = drivers()
        with pytest.raises(LaunchError) as caught:
            await self.launch_and_close(**kwargs)
        message = str(caught.value)
        assert "\n" not in message
        assert "Traceback" not in message
        assert message.strip() == message
        assert running(self.marker) == []
        assert drivers() == before
        return message


@pytest.fixture
def attempt() -> Attempt:
    return Attempt()


# -- 1. no display for a window -----------------------------------------------------------


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="DISPLAY is an X11 matter")
async def test_a_window_without_any_display(
    attempt: Attempt, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    message = await attempt.fails(headless=False)
    assert message.startswith("No display for a browser window (DISPLAY is not set): ")
    assert "--headed" in message
    assert "desktop session" in message


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="DISPLAY is an X11 matter")
@pytest.mark.skipif(Path("/tmp/.X11-unix/X97").exists(), reason="an X server runs on :97")
async def test_a_window_on_a_display_with_no_x_server(
    attempt: Attempt, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DISPLAY is set, so only Chromium can tell: its "Missing X server" becomes the same line."""
    monkeypatch.setenv("DISPLAY", ":97")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    message = await attempt.fails(headless=False)
    assert message.startswith("No display for a browser window (no X server at DISPLAY=:97): ")


# -- 2. a profile that cannot be a folder -------------------------------------------------


async def test_a_profile_that_is_a_file(attempt: Attempt, tmp_path: Path) -> None:
    profile = tmp_path / "profile"
    profile.write_text("not a folder")
    message = await attempt.fails(profile_dir=profile)
    assert message == (
        f"The browser profile {profile} is a file, not a folder: pass --profile with another folder"
    )


async def test_a_profile_that_is_a_pipe(attempt: Attempt, tmp_path: Path) -> None:
    profile = tmp_path / "profile"
    os.mkfifo(profile)
    message = await attempt.fails(profile_dir=profile)
    assert f"The browser profile {profile} is something else, not a folder: " in message


async def test_a_profile_inside_a_file(attempt: Attempt, tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    profile = tmp_path / "file" / "deeper" / "profile"
    message = await attempt.fails(profile_dir=profile)
    assert message == (
        f"The browser profile {profile} cannot be created ({tmp_path / 'file'} is a file): "
        "pass --profile with another folder"
    )


async def test_a_profile_that_cannot_be_made(attempt: Attempt, tmp_path: Path) -> None:
    profile = tmp_path / ("p" * 300)  # longer than a file name may be
    message = await attempt.fails(profile_dir=profile)
    assert f"The browser profile {profile} cannot be created (File name too long): " in message


# -- 3. a profile in use ------------------------------------------------------------------


async def test_a_profile_in_use_by_another_run(attempt: Attempt, tmp_path: Path) -> None:
    profile = tmp_path / "profile"
    first = Attempt()
    async with await PlaywrightBrowser.launch(first.options(profile_dir=profile)):
        holder = os.readlink(profile / "SingletonLock")
        pid = int(holder.rpartition("-")[2])
        assert pid in running(first.marker)
        message = await attempt.fails(profile_dir=profile)
        assert message == (
            f"The browser profile {profile} is in use by another Chromium (pid {pid}): "
            "close that window or run, or use another --profile"
        )
    assert running(first.marker) == []
    async with await PlaywrightBrowser.launch(attempt.options(profile_dir=profile)):
        pass  # free again once the first is closed


async def test_a_stale_lock_does_not_block(tmp_path: Path) -> None:
    """Chromium left a lock and died: the pid in it is gone, and Chromium takes the lock over."""
    dead = await asyncio.create_subprocess_exec(sys.executable, "-c", "")
    await dead.wait()
    profile = tmp_path / "profile"
    profile.mkdir()
    (profile / "SingletonLock").symlink_to(f"{socket.gethostname()}-{dead.pid}")
    assert launch_errors.profile_holder(profile) is None
    launch = Attempt()
    async with await PlaywrightBrowser.launch(launch.options(profile_dir=profile)):
        assert os.readlink(profile / "SingletonLock") != f"{socket.gethostname()}-{dead.pid}"
    assert running(launch.marker) == []


async def test_a_lock_naming_a_live_process_that_is_not_chromium(tmp_path: Path) -> None:
    """A pid reused by another program (this test) is stale too, as Chromium judges it."""
    profile = tmp_path / "profile"
    profile.mkdir()
    sleeper = await asyncio.create_subprocess_exec(
        sys.executable, "-c", "import sys; sys.stdin.read()", stdin=asyncio.subprocess.PIPE
    )
    try:
        (profile / "SingletonLock").symlink_to(f"{socket.gethostname()}-{sleeper.pid}")
        assert launch_errors.profile_holder(profile) is None
        async with await PlaywrightBrowser.launch(Attempt().options(profile_dir=profile)):
            pass
    finally:
        await sleeper.communicate(b"")


async def test_a_profile_locked_on_another_computer(attempt: Attempt, tmp_path: Path) -> None:
    """Left to Chromium, which refuses; its words become ours."""
    profile = tmp_path / "profile"
    profile.mkdir()
    (profile / "SingletonLock").symlink_to("elsewhere.example-4242")
    message = await attempt.fails(profile_dir=profile)
    assert message == (
        f"The browser profile {profile} is locked by a Chromium on another computer "
        f"(elsewhere.example): if none runs there, delete {profile / 'SingletonLock'}, "
        "or use another --profile"
    )


def test_chromium_refusing_a_profile_in_use_is_read() -> None:
    """What Chromium says when the lock check passed but the profile was taken meanwhile."""
    error = launch_errors.explain(Exception(IN_USE_TEXT), headless=True, profile=Path("/tmp/p"))
    assert str(error) == (
        "The browser profile /tmp/p is in use by another Chromium: "
        "close that window or run, or use another --profile"
    )


# -- 4. a Chromium that is not a program --------------------------------------------------


def not_programs(tmp_path: Path) -> dict[str, tuple[str, str]]:
    """name: (path, why)"""
    plain = tmp_path / "plain"
    plain.write_text("#!/bin/sh\nexit 0\n")
    plain.chmod(0o644)
    return {
        "missing": (str(tmp_path / "missing"), "no such file"),
        "folder": (str(tmp_path), "it is a folder"),
        "plain": (str(plain), "not executable: chmod +x it"),
    }


@pytest.mark.parametrize("kind", ["missing", "folder", "plain"])
async def test_the_environment_names_no_program(
    attempt: Attempt, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    path, why = not_programs(tmp_path)[kind]
    monkeypatch.setenv(ENV_VAR, path)
    with pytest.raises(BrowserNotFoundError):
        await PlaywrightBrowser.launch(attempt.options())
    message = await attempt.fails()
    assert message == (
        f"{ENV_VAR}={path} is not an executable file ({why}): "
        "point it at a Chrome or Chromium binary, or unset it"
    )


@pytest.mark.parametrize("kind", ["missing", "folder", "plain"])
async def test_the_options_name_no_program(attempt: Attempt, tmp_path: Path, kind: str) -> None:
    path, why = not_programs(tmp_path)[kind]
    message = await attempt.fails(executable=path)
    assert message == (
        f"Chromium executable {path} is not an executable file ({why}): "
        "give the path of a Chrome or Chromium binary"
    )


# -- 5. no Chromium at all ----------------------------------------------------------------


async def test_no_chromium_anywhere(
    attempt: Attempt, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with async_playwright() as pw:
        bundled = pw.chromium.executable_path
    if exists(bundled):
        pytest.skip("Playwright's own Chromium is installed")
    monkeypatch.delenv(ENV_VAR, raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(BrowserNotFoundError):
        await PlaywrightBrowser.launch(attempt.options())
    message = await attempt.fails()
    assert message.startswith("No Chromium found. Install one: ")
    assert issubclass(LaunchError, BrowserError)  # the CLI's exit 3


# -- anything else ------------------------------------------------------------------------


async def test_anything_else_is_one_line_too(attempt: Attempt, tmp_path: Path) -> None:
    """A program that is not Chromium: it talks and exits; the first line of the error stays."""
    fake = tmp_path / "fake-chromium"
    fake.write_text("#!/bin/sh\necho 'line one' >&2\necho 'line two' >&2\nexit 3\n")
    fake.chmod(0o755)
    message = await attempt.fails(executable=str(fake))
    assert message == (
        "Chromium did not start: Target page, context or browser has been closed (exit code 3)"
    )


# -- closing ------------------------------------------------------------------------------


async def test_a_close_cancelled_midway_still_ends_everything(tmp_path: Path) -> None:
    before = drivers()
    launch = Attempt()
    browser = await PlaywrightBrowser.launch(launch.options(profile_dir=tmp_path / "profile"))
    assert running(launch.marker)
    assert drivers() == before + 1
    closing = asyncio.ensure_future(browser.close())
    await asyncio.sleep(0)  # it is now waiting on Chromium to close the context
    assert closing.cancel()
    with pytest.raises(asyncio.CancelledError):
        await closing
    assert running(launch.marker) == []
    assert drivers() == before
    await browser.close()  # again: nothing to do
