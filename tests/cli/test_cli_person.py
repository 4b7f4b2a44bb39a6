"""``subterminator`` as a person meets it: each failure named, with its exit code."""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from harness.fake_anthropic import FakeAnthropic, Reply, error
from harness.sites import StaticSite
from subterminator.cli.parser import build_parser
from subterminator.simulator import NetflixSimulator
from tests.support.cli_helpers import (
    COMMAND,
    chromiums_marked,
    clean_env,
    marker,
    run_cli,
    runs_dir,
)

pytestmark = pytest.mark.browser


def without_display(*args: str) -> subprocess.CompletedProcess[str]:
    """The command where no window can open (neither X nor Wayland)."""
    env = {k: v for k, v in clean_env().items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    return subprocess.run(
        [sys.executable, "-m", "subterminator.cli", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )


def one_line_error(done: subprocess.CompletedProcess[str]) -> str:
    """stderr holds one ``Error:`` line and no traceback; that line."""
    assert "Traceback" not in done.stderr + done.stdout
    errors = [line for line in done.stderr.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1, done.stderr
    return errors[0]


# -- the browser: launch and profile failures are one line and exit 3 -------------------------


def test_a_window_without_a_display_is_exit_3_with_the_fix() -> None:
    done = without_display("cancel", "netflix", "--sim", "--headed")
    assert done.returncode == 3, done.stderr
    line = one_line_error(done)
    assert "display" in line.lower()
    assert "--headless" in line


def test_a_real_site_opens_a_window_by_default(tmp_path: Path) -> None:
    """No display here, so the default (a window on a real site) is what fails."""
    with NetflixSimulator() as sim:
        done = without_display(
            "cancel",
            "netflix",
            "--ai",
            "offline",
            "--url",
            sim.url(),
            "--profile",
            str(tmp_path / "profile"),
            "--runs-dir",
            str(tmp_path / "runs"),
        )
    assert done.returncode == 3
    line = one_line_error(done)
    assert "--headed" not in line  # never given: the window is the default on a real site
    assert "--headless" in line


HOLD_PROFILE = """
import asyncio, sys
from pathlib import Path
from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser

async def hold() -> None:
    browser = await PlaywrightBrowser.launch(LaunchOptions(profile_dir=Path(sys.argv[1])))
    print("ready", flush=True)
    await asyncio.to_thread(sys.stdin.readline)
    await browser.close()

asyncio.run(hold())
"""


def test_a_profile_in_use_is_exit_3(tmp_path: Path) -> None:
    profile = tmp_path / "profile"
    mark = marker()
    holder = tmp_path / "hold.py"
    holder.write_text(HOLD_PROFILE)
    first = subprocess.Popen(
        [sys.executable, str(holder), str(profile)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "ST_TEST_MARK": mark},
    )
    try:
        assert first.stdout is not None
        assert first.stdout.readline().strip() == "ready"
        done = run_cli(
            "cancel", "netflix", "--sim", "--profile", str(profile), "--runs-dir", runs_dir()
        )
    finally:
        first.communicate("\n", timeout=60)
    assert chromiums_marked(mark) == []
    assert done.returncode == 3, done.stderr
    line = one_line_error(done)
    assert "in use" in line
    assert str(profile) in line


def test_a_chromium_that_is_not_executable_is_exit_3(tmp_path: Path) -> None:
    fake = tmp_path / "chromium"
    fake.write_text("not a browser")
    done = run_cli("cancel", "netflix", "--sim", SUBTERMINATOR_CHROMIUM=str(fake))
    assert done.returncode == 3
    assert "SUBTERMINATOR_CHROMIUM" in one_line_error(done)


def test_a_profile_that_is_a_file_is_refused_as_an_argument(tmp_path: Path) -> None:
    file = tmp_path / "profile"
    file.write_text("")
    done = run_cli("cancel", "netflix", "--sim", "--profile", str(file))
    assert done.returncode == 2
    assert "is a file, not a folder" in done.stderr
    assert "Traceback" not in done.stderr


def test_login_without_a_display_is_exit_3(tmp_path: Path) -> None:
    done = without_display("login", "netflix", "--profile", str(tmp_path / "p"))
    assert done.returncode == 3
    line = one_line_error(done)
    assert "display" in line.lower()
    # login always opens a window: no advice about an option the person never gave
    assert "--headed" not in line
    assert "--headless" not in line
    assert "desktop session" in line


def test_record_without_a_display_asks_for_a_desktop_not_headless(tmp_path: Path) -> None:
    """Recording by hand needs a window to click in: ``--headless`` would record nothing."""
    done = without_display("record", "netflix", "--sim", "2026", "--out", str(tmp_path / "rec"))
    assert done.returncode == 3
    line = one_line_error(done)
    assert "desktop session" in line
    assert "--headless" not in line
    assert "--headed" not in line


# -- the model: configuration is exit 2, outages are announced, never silent -------------------


def model_run(
    api: FakeAnthropic, *args: str, answers: str = ""
) -> subprocess.CompletedProcess[str]:
    return run_cli(
        "cancel",
        "netflix",
        *args,
        "--runs-dir",
        runs_dir(),
        answers=answers,
        ANTHROPIC_API_KEY="sk-ant-test-SECRET",
        ANTHROPIC_BASE_URL=api.url,
    )


@pytest.mark.parametrize(
    ("ai", "reply", "said"),
    [
        ("auto", error(401, "authentication_error", "invalid x-api-key"), "ANTHROPIC_API_KEY"),
        ("claude", error(401, "authentication_error", "invalid x-api-key"), "ANTHROPIC_API_KEY"),
        ("auto", error(403, "permission_error", "not allowed"), "HTTP 403"),
        ("auto", error(404, "not_found_error", "model: claude-nope-1"), "--model"),
        ("claude", error(404, "not_found_error", "model: claude-nope-1"), "--model"),
    ],
)
def test_a_refused_key_or_unknown_model_is_exit_2_without_fallback(
    ai: str, reply: Reply, said: str
) -> None:
    with FakeAnthropic() as api:
        api.queue(reply)
        done = model_run(api, "--sim", "--ai", ai, "--model", "claude-nope-1")
        assert len(api.requests) == 1  # no retry, no second try
    assert done.returncode == 2, done.stdout + done.stderr
    assert said in one_line_error(done)
    assert "offline" not in done.stdout.lower()
    assert "SECRET" not in done.stdout + done.stderr


def outage() -> Reply:
    return error(529, "overloaded_error", "Overloaded")


def test_claude_by_name_never_falls_back() -> None:
    with FakeAnthropic() as api:
        api.queue(outage(), outage(), outage())
        done = model_run(api, "--sim", "--ai", "claude", "--no-checkpoint")
    assert done.returncode == 3, done.stdout + done.stderr
    out = done.stdout
    assert "offline" not in out.lower()
    retries = [line for line in out.splitlines() if "trying again" in line]
    assert len(retries) == 2, out  # one line per retry, in plain words
    assert all("{" not in line for line in retries)
    assert "{" not in done.stderr


def test_an_outage_on_the_simulator_is_announced_once_and_continues_offline() -> None:
    with FakeAnthropic() as api:
        api.queue(outage(), outage(), outage())
        done = model_run(api, "--sim", "--no-checkpoint")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("continuing with the offline policy") == 1
    assert "✓ Netflix membership cancelled" in done.stdout


@pytest.mark.parametrize(("answer", "code"), [("n", 3), ("y", 0)])
def test_an_outage_on_a_real_site_asks_before_going_offline(
    answer: str, code: int, tmp_path: Path
) -> None:
    with FakeAnthropic() as api, NetflixSimulator() as sim:
        api.queue(outage(), outage(), outage())
        done = model_run(
            api,
            "--url",
            sim.url(),
            "--headless",
            "--profile",
            str(tmp_path / "profile"),
            answers=f"{answer}\ny\n",
        )
    assert done.returncode == code, done.stdout + done.stderr
    assert "Continue with the offline policy" in done.stdout
    if answer == "n":
        assert "Stopped: no model to continue." in done.stdout
        assert "Finish Cancellation" not in done.stdout
    else:
        assert "✓ Netflix membership cancelled" in done.stdout


def test_no_model_reachable_at_all_is_exit_3_with_claude() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{s.getsockname()[1]}"
    done = run_cli(
        "cancel",
        "netflix",
        "--sim",
        "--ai",
        "claude",
        "--runs-dir",
        runs_dir(),
        ANTHROPIC_API_KEY="sk-x",
        ANTHROPIC_BASE_URL=dead,
    )
    assert done.returncode == 3
    assert "Could not connect to the model API" in done.stdout
    assert "Traceback" not in done.stderr


# -- a headless run cannot ask a person to act in a window ------------------------------------


ADVISED = re.compile(r"`(subterminator [^`]*)`")


def advised(said: str) -> list[argparse.Namespace]:
    """Every command the output advises, parsed by the real parser (it exits on a bad one)."""
    commands = ADVISED.findall(said)
    assert commands, said
    return [build_parser().parse_args(shlex.split(c)[1:]) for c in commands]


def test_sign_in_in_a_headless_run_says_what_to_do_instead() -> None:
    runs = runs_dir()
    done = run_cli("cancel", "netflix", "--sim", "login", "--runs-dir", runs)
    assert done.returncode == 1, done.stdout + done.stderr
    said = done.stdout
    assert "Done in the browser window?" not in said
    assert "this run is headless" in said
    # the simulator's session lives in the simulator: a window helps, `login` would not
    commands = advised(said)
    assert all(a.command == "cancel" and a.sim == "login" and a.headed for a in commands)
    # nobody refused anything: the run ends on what happened
    assert "human_rejected" not in said
    assert "declined" not in said.lower()
    verdict = next(line for line in said.splitlines() if line.startswith("✗"))
    assert "a step only you can take" in verdict
    (folder,) = Path(runs).iterdir()
    events = [json.loads(line) for line in (folder / "events.jsonl").read_text().splitlines()]
    assert events[-1]["reason"] == "human_action_needed"
    report = (folder / "report.html").read_text()
    assert "Refused" not in report
    assert "Not done" in report


def test_sign_in_on_a_real_site_without_a_window_advises_login_on_its_profile(
    tmp_path: Path,
) -> None:
    profile = tmp_path / "my profile"
    with NetflixSimulator("login") as sim:
        done = run_cli(
            "cancel",
            "netflix",
            "--ai",
            "offline",
            "--url",
            sim.url(),
            "--headless",
            "--profile",
            str(profile),
            "--runs-dir",
            runs_dir(),
        )
    assert done.returncode == 1, done.stdout + done.stderr
    commands = advised(done.stdout)
    login = [a for a in commands if a.command == "login"]
    assert login  # on the panel and in the verdict
    assert all((a.service, a.profile) == ("netflix", profile) for a in login)
    again = [a for a in commands if a.command == "cancel"]
    assert {a.headed for a in again} == {False, True}  # the same run again, or with a window
    assert all(a.profile == profile and a.ai == "offline" for a in again)


# -- quiet, plain output -----------------------------------------------------------------------


def test_snapshot_is_quiet_and_saves_a_screenshot_only_when_asked(
    pages: StaticSite, tmp_path: Path
) -> None:
    shot = tmp_path / "page.png"
    done = run_cli("snapshot", pages.url("form.html"), "--screenshot", str(shot))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["screenshot"] == ""
    assert shot.read_bytes().startswith(b"\x89PNG")
    assert shot.stat().st_mode & 0o777 == 0o600
    plain = run_cli("snapshot", pages.url("form.html"))
    assert json.loads(plain.stdout)["screenshot"] == ""
    assert "Screenshot saved" not in plain.stderr


def test_an_http_error_page_is_named_and_not_exit_0(pages: StaticSite) -> None:
    done = run_cli("snapshot", pages.url("no-such-page.html"))
    assert done.returncode == 1
    assert "HTTP 404 Not Found" in done.stderr


def test_piped_output_is_not_wrapped() -> None:
    done = run_cli("cancel", "netflix", "--sim", "--runs-dir", runs_dir(), answers="y\n")
    assert done.returncode == 0, done.stdout + done.stderr
    verdict = next(line for line in done.stdout.splitlines() if line.startswith("✓"))
    assert "Evidence: the page says" in verdict  # one line, well past 80 columns
    assert len(verdict) > 80
    # nothing echoes a piped answer: the line after the prompt starts anew all the same
    assert any(line.rstrip().endswith("[y/N]:") for line in done.stdout.splitlines()), done.stdout


def test_help_loads_no_browser_or_model_code() -> None:
    probe = (
        "import sys\n"
        "from subterminator.cli import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        "heavy = [m for m in ('anthropic', 'playwright', 'rich', 'pydantic') if m in sys.modules]\n"
        "print('HEAVY', heavy)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=False
    )
    assert "HEAVY []" in done.stdout, done.stdout + done.stderr


def test_no_traceback_for_a_bug_either(tmp_path: Path) -> None:
    """An unexpected error is one line that says it is a bug, and exit 1."""
    done = run_cli("schema", "--recording", timeout=60)
    assert done.returncode == 0
    broken = tmp_path / "sitecustomize.py"
    broken.write_text(
        "import subterminator.schema as s\n"
        "def boom():\n    raise RuntimeError('boom')\n"
        "s.render_snapshot_schema = boom\n"
    )
    done = run_cli("schema", timeout=60, PYTHONPATH=f"{tmp_path}:{os.getcwd()}")
    assert done.returncode == 1
    assert "RuntimeError: boom" in done.stderr
    assert "This is a bug" in done.stderr
    assert "Traceback" not in done.stderr


def test_no_chromium_is_left_after_a_run() -> None:
    mark = marker()
    done = run_cli(
        "cancel", "netflix", "--sim", "--runs-dir", runs_dir(), answers="n\n", ST_TEST_MARK=mark
    )
    assert done.returncode == 4  # declined
    assert chromiums_marked(mark) == []


def test_a_start_page_that_answers_an_http_error_is_named(pages: StaticSite) -> None:
    done = run_cli(
        "cancel",
        "netflix",
        "--sim",
        "--url",
        pages.url("no-such-page.html"),
        "--max-turns",
        "1",
        "--runs-dir",
        runs_dir(),
    )
    # a wrong address stops before any turn: exit 2, the status named on stderr
    assert "The start page answered HTTP 404 Not Found" in done.stderr, done.stderr
    assert done.returncode == 2


# -- nobody to ask is not a no; a click that ran is not a refusal -----------------------------


def _events(folder: str) -> list[dict[str, object]]:
    (run,) = Path(folder).iterdir()
    return [json.loads(line) for line in (run / "events.jsonl").read_text().splitlines()]


def test_no_input_at_the_prompt_is_nobody_to_ask_not_a_no() -> None:
    """``< /dev/null``: the question could not be put to anyone; exit 2, its own reason."""
    folder = runs_dir()
    done = subprocess.run(
        [*COMMAND, "cancel", "netflix", "--sim", "--runs-dir", folder],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=180,
        env=clean_env(),
        check=False,
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert "You declined" not in done.stdout
    verdict = next(line for line in done.stdout.splitlines() if line.startswith("✗"))
    assert verdict.startswith('✗ Netflix cancellation stopped. Nobody could be asked about "Fin')
    assert "the step was not taken" in verdict
    (ended,) = [e for e in _events(folder) if e["event"] == "outcome"]
    assert ended["reason"] == "no_one_to_ask"
    (answer,) = [e for e in _events(folder) if e["event"] == "approval_answered"]
    assert answer["asked"] is False
    assert answer["feedback"] is None  # SubTerminator's words are its note, not feedback
    assert "standard input ended" in str(answer["note"])


def test_a_declined_checkpoint_after_a_click_leaves_the_click_a_success() -> None:
    """The expander ran and the person declined the final step it showed: the turn is a
    success with the no said apart, the thought comes before the panel, no 0/0 tokens."""
    folder = runs_dir()
    done = run_cli(
        "cancel", "netflix", "--sim", "--ai", "offline", "-v", "--runs-dir", folder,
        answers="n\nkeep it\n",
    )  # fmt: skip
    assert done.returncode == 4, done.stdout + done.stderr
    turns = [e for e in _events(folder) if e["event"] == "turn"]
    (expand,) = [t for t in turns if t["target"] == "Show option contents"]
    assert expand["outcome"] == "success; the next step was declined"
    assert "human_rejected" not in done.stdout
    said = done.stdout
    thought = said.index("thought: Opening the cancel option")
    assert thought < said.index("== Approval needed"), said
    assert "tokens in/out" not in said  # the offline policy asks no model
    assert 'You declined "Finish Cancellation" (button): keep it' in said


def test_one_turn_is_said_as_one_turn() -> None:
    done = run_cli(
        "cancel", "netflix", "--sim", "--ai", "offline", "--max-turns", "1",
        "--runs-dir", runs_dir(),
    )  # fmt: skip
    assert done.returncode == 1, done.stdout + done.stderr
    assert "; 1 turn)" in done.stdout
    assert "1 turns" not in done.stdout
