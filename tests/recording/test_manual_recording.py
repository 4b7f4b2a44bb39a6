"""``subterminator record``: a person's clicks, made here with real input events (Playwright's mouse
on headless Chromium), are recorded and replay green, however the recording ends: the
window closed, Ctrl+C or ``stop``."""

from __future__ import annotations

import asyncio
import io
import json
import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Page
from rich.console import Console

from harness.record_cassettes import record_cassette
from harness.replay import replay
from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from subterminator.cancellation import EXIT_CONNECTION
from subterminator.cli.parser import build_parser
from subterminator.cli.record import record
from subterminator.recording import Recording, load
from subterminator.recording.manual import ManualRecording, record_manually
from subterminator.services import NETFLIX
from subterminator.simulator import NetflixSimulator
from subterminator.simulator.netflix import PASSWORD
from tests.support.cli_helpers import (
    COMMAND,
    Session,
    chromiums_marked,
    marker,
    on_terminal,
    run_in,
)
from tests.support.own_service import EXAMPLE as OWN_SERVICE
from tests.support.own_service import acme_site
from tests.support.paths import ROOT
from tests.support.record_by_hand import CLICKS, by_hand, click

pytestmark = pytest.mark.browser


async def test_a_person_s_clicks_are_recorded_and_replay(
    browser: PlaywrightBrowser, tmp_path: Path
) -> None:
    out = tmp_path / "by-hand"
    with NetflixSimulator("2026") as simulator:
        async with by_hand(browser, simulator.url(), out) as page:
            await click(page, "link", "Manage membership")
            await click(page, "button", "Cancel membership")
            await click(page, "button", "Show option contents", 2)
            await click(page, "button", "Finish Cancellation")
            assert simulator.account.status == "cancelled"
    made = load(out)
    assert made.meta.source == "manual"
    assert [t.tool for t in made.turns] == ["browser_click"] * 4 + ["complete_task"]
    assert [t.target.name for t in made.turns if t.target] == [
        "Manage membership",
        "Cancel membership",
        "Show option contents",
        "Finish Cancellation",
    ]
    assert [t.target.nth for t in made.turns if t.target] == [0, 0, 2, 0]
    assert made.expected is not None
    assert made.expected.reason == "completed"
    run = await replay(made, "recorded")
    assert run.result.reason == "completed", run.result
    assert run.result.success


async def test_what_a_person_types_into_a_password_field_is_never_written(
    browser: PlaywrightBrowser, tmp_path: Path
) -> None:
    out = tmp_path / "sign-in"
    with NetflixSimulator("login") as simulator:
        async with by_hand(browser, simulator.url(), out) as page:
            await page.get_by_label("Email or mobile number").click()
            await page.keyboard.press("Control+A")
            await page.keyboard.type("ann@example.com")
            await page.get_by_label("Password").click()  # the email field's change fires here
            await page.keyboard.type(PASSWORD)
            await click(page, "button", "Sign In")  # and the password's
            assert simulator.account.signed_in
    written = (out / "recording.json").read_text()
    made = load(out)
    printed = sum(p.capture.text.count(PASSWORD) for p in made.pages)  # the simulator shows it
    assert written.count(PASSWORD) == printed  # and nowhere else: not the typing
    fills = [t for t in made.turns if t.tool == "browser_fill"]
    assert [t.arguments["value"] for t in fills] == ["ann@example.com", "•••••• (secret)"]


# -- however it ends, the recording is whole and replays ------------------------------------

FINISH = CLICKS  # through to "Finish Cancellation" on variant 2026
Ending = Callable[[PlaywrightBrowser, Page, "asyncio.Task[ManualRecording]"], Awaitable[None]]


async def _close_page(browser: PlaywrightBrowser, page: Page, task: object) -> None:
    await page.close()  # as a person closes the tab, the last one


async def _close_context(browser: PlaywrightBrowser, page: Page, task: object) -> None:
    await page.context.close()  # as a person closes the browser's window


async def _ctrl_c(browser: PlaywrightBrowser, page: Page, task: asyncio.Task[Any]) -> None:
    task.cancel()  # what asyncio.run does to the command's task on SIGINT


async def start(
    browser: PlaywrightBrowser, url: str, out: Path, **options: Any
) -> tuple[asyncio.Task[ManualRecording], Page]:
    """The recorder running on ``browser`` at ``url``, its first page settled."""
    ready = asyncio.Event()
    task = asyncio.create_task(record_manually(browser, NETFLIX, url, out, ready=ready, **options))
    await ready.wait()
    await asyncio.sleep(0.6)
    return task, browser.page


async def clicks(page: Page, steps: list[tuple[str, str, int]]) -> None:
    for role, name, nth in steps:
        await click(page, role, name, nth)


async def seen(out: Path, actions: int) -> None:
    """Until the last of ``actions`` is recorded with the page it led to: what a person saw
    before closing (on a loaded machine the recorder's look takes longer than a glance)."""
    for _ in range(300):
        if (out / "recording.json").exists() and len(load(out).turns) >= actions:
            return
        await asyncio.sleep(0.1)


async def replays_as_recorded(out: Path, reason: str) -> Recording:
    """The saved recording loads, ends with its judgement, replays to it and gets a cassette."""
    made = load(out)
    assert made.expected is not None, "no expected outcome: the recording was cut short"
    assert made.expected.reason == reason
    assert made.expected.success is (reason == "completed")
    last = made.turns[-1]
    assert last.tool == "complete_task"
    assert last.arguments["status"] == ("success" if reason == "completed" else "failed")
    run = await replay(made, "recorded")
    assert run.result.reason == reason, run.result
    assert run.result.success is made.expected.success
    cassette = await record_cassette(out)
    assert cassette.stat().st_size > 0
    return made


async def pytest_on(out: Path) -> str:
    """``pytest DIR``, the command the recorder prints, from another folder: its summary line."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "pytest",
        str(out),
        "-q",
        "-p",
        "no:cacheprovider",
        cwd=out.parent,
        env={**os.environ, "PYTHONPATH": str(ROOT)},  # this checkout's harness, not another
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    shown, _ = await proc.communicate()
    text = shown.decode()
    assert proc.returncode == 0, text
    return text.strip().splitlines()[-1]


def clicked(made: Recording) -> list[str]:
    return [t.target.name for t in made.turns if t.target]


@pytest.mark.parametrize(
    ("end", "ended"),
    [(_close_page, "window closed"), (_close_context, "window closed"), (_ctrl_c, "Ctrl+C")],
    ids=["page-closed", "context-closed", "ctrl-c"],
)
async def test_however_it_ends_the_recording_is_whole_and_replays(
    browser: PlaywrightBrowser, tmp_path: Path, end: Ending, ended: str
) -> None:
    out = tmp_path / "ended"
    with NetflixSimulator("2026") as simulator:
        task, page = await start(browser, simulator.url(), out)
        await clicks(page, FINISH)
        await seen(out, len(FINISH))  # the person reads the confirmation before closing
        await end(browser, page, task)
        made = await task
    assert made.ended == ended
    assert made.outcome is not None
    assert made.outcome.cancelled
    assert made.actions == 4
    recording = await replays_as_recorded(out, "completed")
    assert clicked(recording)[-1] == "Finish Cancellation"


async def test_closing_the_whole_browser_keeps_the_last_page_seen(tmp_path: Path) -> None:
    out = tmp_path / "browser-closed"
    with NetflixSimulator("2026") as simulator:
        options = LaunchOptions(block_non_local=True)
        async with await PlaywrightBrowser.launch(options) as own:
            task, page = await start(own, simulator.url(), out)
            await clicks(page, FINISH)
            await seen(out, len(FINISH))
            chromium = page.context.browser
            assert chromium is not None
            await chromium.close()  # the process a person quits, every window with it
            made = await task
    assert made.ended == "window closed"
    await replays_as_recorded(out, "completed")


async def test_closed_before_the_final_step_is_judged_not_cancelled(
    browser: PlaywrightBrowser, tmp_path: Path
) -> None:
    out = tmp_path / "gave-up"
    with NetflixSimulator("2026") as simulator:
        task, page = await start(browser, simulator.url(), out)
        await clicks(page, FINISH[:-1])  # the final step is on the page, not pressed
        await page.close()
        made = await task
        assert simulator.account.status != "cancelled"
    assert made.ended == "window closed"
    assert made.outcome is not None
    assert not made.outcome.cancelled
    assert made.outcome.why() == 'the final step "finish cancellation" is still offered'
    recording = await replays_as_recorded(out, "task_failed")
    assert clicked(recording)[-1] == "Show option contents"
    # recorded and cassette: the offline policy would go on past where the person stopped
    assert (await pytest_on(out)).startswith("2 passed")


async def test_ctrl_c_just_after_the_final_click_keeps_it(
    browser: PlaywrightBrowser, tmp_path: Path
) -> None:
    """Ctrl+C as the last click is still being recorded: it is finished, not lost."""
    out = tmp_path / "quick"
    with NetflixSimulator("2026") as simulator:
        task, page = await start(browser, simulator.url(), out)
        await clicks(page, FINISH[:-1])
        button = page.get_by_role("button", name="Finish Cancellation", exact=True)
        box = await button.bounding_box()
        assert box is not None
        await page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        await asyncio.sleep(0.15)  # reported, its page not settled yet
        task.cancel()
        made = await task
    assert made.ended == "Ctrl+C"
    recording = await replays_as_recorded(out, "completed")
    assert clicked(recording)[-1] == "Finish Cancellation"


async def test_stop_set_by_a_program_ends_it(browser: PlaywrightBrowser, tmp_path: Path) -> None:
    out = tmp_path / "stopped"
    stop = asyncio.Event()
    with NetflixSimulator("2026") as simulator:
        task, page = await start(browser, simulator.url(), out, stop=stop)
        await clicks(page, FINISH)
        stop.set()
        made = await task
    assert made.ended == "stop"
    await replays_as_recorded(out, "completed")


@pytest.mark.parametrize("typed", [b"stop\n", b"\n", b"not yet\nSTOP\n"])
async def test_stop_typed_at_the_terminal_ends_it(
    browser: PlaywrightBrowser, tmp_path: Path, typed: bytes
) -> None:
    out = tmp_path / "typed"
    read, write = os.pipe()  # the terminal's input, as a pipe
    try:
        with NetflixSimulator("2026") as simulator:
            task, page = await start(browser, simulator.url(), out, stdin=read)
            await clicks(page, FINISH)
            os.write(write, typed)
            made = await asyncio.wait_for(task, 30)
    finally:
        os.close(read)
        os.close(write)
    assert made.ended == "stop"
    await replays_as_recorded(out, "completed")


async def test_input_that_ends_at_once_does_not_end_the_recording(
    browser: PlaywrightBrowser, tmp_path: Path
) -> None:
    """Standard input closed (``< /dev/null``, a script): only the window or Ctrl+C ends it."""
    out = tmp_path / "no-input"
    read, write = os.pipe()
    os.close(write)  # nothing will ever be typed
    try:
        with NetflixSimulator("2026") as simulator:
            task, page = await start(browser, simulator.url(), out, stdin=read)
            await click(page, "link", "Manage membership")
            assert not task.done()
            await page.close()
            made = await task
    finally:
        os.close(read)
    assert made.ended == "window closed"
    assert made.actions == 1
    await replays_as_recorded(out, "task_failed")


# -- the command: its message and exit code -----------------------------------------------


async def test_the_command_says_how_it_ended_and_exits_0(tmp_path: Path) -> None:
    """``subterminator record netflix --sim 2026 --headless``: a person's clicks, then the window
    closed; the command says so, with the outcome and the next commands."""
    out = tmp_path / "by-cli"
    args = build_parser().parse_args(
        ["record", "netflix", "--sim", "2026", "--out", str(out), "--headless"]
    )
    opened: asyncio.Future[PlaywrightBrowser] = asyncio.get_running_loop().create_future()

    async def launch(options: LaunchOptions) -> PlaywrightBrowser:
        browser = await PlaywrightBrowser.launch(options)
        opened.set_result(browser)
        return browser

    shown = io.StringIO()
    err = Console(file=shown, width=300)
    command = asyncio.create_task(record(args, err, browser_factory=launch, stdin=None))
    browser = await opened
    for _ in range(100):  # the recorder's first page
        if (out / "recording.json").exists():
            break
        await asyncio.sleep(0.1)
    await asyncio.sleep(0.6)
    await clicks(browser.page, FINISH)
    await seen(out, len(FINISH))
    await browser.page.close()
    assert await command == 0
    said = shown.getvalue()
    assert "Recording saved (the window was closed): 4 actions" in said, said
    assert "the last page shows the membership cancelled" in said, said
    assert f"Replay it: pytest {out}" in said
    assert f"Make its cassette: subterminator cassettes {out}" in said
    await replays_as_recorded(out, "completed")
    assert (await pytest_on(out)).startswith("3 passed")  # recorded, offline and cassette


def _on_terminal_until_ready(out: Path, mark: str) -> Session:
    session = on_terminal(
        "record", "netflix", "--sim", "2026", "--out", str(out), "--headless", ST_TEST_MARK=mark
    )
    session.read_until("type stop (or press Enter) here")
    for _ in range(300):  # the first page captured
        if (out / "recording.json").exists():
            break
        time.sleep(0.1)
    time.sleep(1)
    return session


@pytest.mark.parametrize(
    ("keys", "said"), [("stop\r", "(stop)"), ("\r", "(stop)"), ("\x03", "(Ctrl+C)")]
)
async def test_at_a_terminal_stop_or_ctrl_c_save_it_and_exit_0(
    tmp_path: Path, keys: str, said: str
) -> None:
    """The real command on a terminal: ``stop`` typed, Enter, or Ctrl+C (SIGINT to the whole
    foreground group, the browser's driver too). Nothing clicked: the first page, not cancelled."""
    out = tmp_path / "at-terminal"
    mark = marker()
    session = _on_terminal_until_ready(out, mark)
    session.send(keys)
    assert session.wait() == 0, session.seen
    shown = " ".join(session.seen.split())
    # no window: nothing to close, and it says that only the start page can be recorded
    assert "with no window (--headless): nothing can be clicked" in shown, shown
    assert "close the window" not in shown
    assert "To end it, type stop (or press Enter) here or press Ctrl+C;" in shown
    assert f"Recording saved {said}: 0 actions, 1 page in {out}" in shown, shown
    assert "the last page does not show the membership cancelled" in shown
    assert f"Replay it: pytest {out}" in shown
    assert not any(sign in session.seen for sign in ("Traceback", "Interrupted")), session.seen
    assert chromiums_marked(mark) == []
    await replays_as_recorded(out, "task_failed")


# -- no display, and the next commands as printed -------------------------------------------


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="DISPLAY is an X11 matter")
def test_without_a_display_it_says_a_window_is_needed(tmp_path: Path) -> None:
    """Recording by hand needs a window: not --headless (which records only the start page),
    but a desktop session. It says so before anything starts, as a launch error (exit 3)."""
    out = tmp_path / "no-display"
    done = run_in(
        tmp_path, *COMMAND, "record", "netflix", "--sim", "2026", "--out", str(out), DISPLAY=""
    )
    assert done.returncode == EXIT_CONNECTION, done.stderr
    assert done.stderr.count("\n") == 1  # one line, and no header saying to click
    message = " ".join(done.stderr.split())
    assert message.startswith("Error: No display for a browser window (DISPLAY is not set): ")
    assert "recording needs a browser window" in message
    assert "desktop session" in message
    assert "--headless" not in message
    assert not out.exists()


def _said(done: subprocess.CompletedProcess[str], label: str) -> str:
    """The command printed after ``label``."""
    (line,) = [line for line in done.stderr.splitlines() if line.startswith(label)]
    return line.removeprefix(label).strip()


def _as_printed(command: str) -> list[str]:
    """``command`` split as a shell splits it, run by this Python."""
    program, *args = shlex.split(command)
    runs = {"pytest": [sys.executable, "-m", "pytest"], "subterminator": COMMAND}
    return [*runs[program], *args]


def test_the_next_commands_work_as_printed_for_a_service_of_your_own(tmp_path: Path) -> None:
    """``record acme --services acme_service.py`` on a local page (no clicks: stop typed at
    once), then what it printed, run as printed from the same folder: the replay and the
    cassette find the service."""
    shutil.copy(OWN_SERVICE, tmp_path / "acme_service.py")
    with acme_site() as site:
        done = run_in(
            tmp_path,
            *COMMAND,
            *("record", "acme", "--services", "acme_service.py", "--headless"),
            *("--url", site.url("/account"), "--out", "recordings/acme"),
            answers="stop\n",
        )
    assert done.returncode == 0, done.stderr
    replay_it, cassette = _said(done, "Replay it:"), _said(done, "Make its cassette:")
    whole = tmp_path / "acme_service.py"
    assert replay_it == f"pytest recordings/acme -o st_services={whole}"
    assert cassette == "subterminator cassettes recordings/acme --services acme_service.py"
    replayed = run_in(tmp_path, *_as_printed(replay_it))
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr
    assert "1 passed" in replayed.stdout  # recorded (a person's stop short of cancelling)
    made = run_in(tmp_path, *_as_printed(cassette))
    assert made.returncode == 0, made.stdout + made.stderr
    assert (tmp_path / "recordings" / "acme" / "cassette.yaml").stat().st_size > 0
    again = run_in(tmp_path, *_as_printed(replay_it))
    assert "2 passed" in again.stdout, again.stdout  # and its cassette through the SDK


def test_an_unknown_service_in_pytest_names_st_services(tmp_path: Path) -> None:
    """``pytest DIR`` without naming the service: the error says how to name it to pytest."""
    flow = tmp_path / "recordings" / "acme"
    shutil.copytree(ROOT / "recordings" / "netflix" / "cancelled", flow)
    data = json.loads((flow / "recording.json").read_text("utf-8"))
    data["meta"]["service"] = "acme"
    (flow / "recording.json").write_text(json.dumps(data), "utf-8")
    done = run_in(tmp_path, sys.executable, "-m", "pytest", "recordings/acme")
    assert done.returncode != 0
    said = " ".join(done.stdout.split())
    assert "Unknown service 'acme'" in said
    assert "st_services = path/to/my_service.py" in said
    assert f"pytest {flow} -o st_services=/full/path/to/my_service.py" in said
    assert "--services path/to/my_service.py" not in said  # the command line's, not pytest's
