"""``subterminator cancel`` as a person runs it: output, exit codes (spec 03 2.8.4), Ctrl+C."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

import pytest

pytestmark = pytest.mark.browser


def env(**extra: str) -> dict[str, str]:
    base = {
        k: v for k, v in os.environ.items() if k not in ("ANTHROPIC_API_KEY", "SUBTERMINATOR_MODEL")
    }
    return {**base, **extra}


def cancel(*args: str, answers: str = "", **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "subterminator.cli", "cancel", *args],
        input=answers,
        capture_output=True,
        text=True,
        timeout=180,
        env=env(**extra),
        check=False,
    )


def test_main_job_on_the_simulator_with_approval_at_the_terminal() -> None:
    done = cancel("netflix", "--sim", answers="y\n")
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert "Starting Netflix cancellation..." in out
    assert '[Turn 1] browser_click "Manage membership"' in out
    assert "Human approval required" in out
    assert "Approve? [y/N]:" in out
    assert out.index("Approve? [y/N]:") < out.index('browser_click "Finish Cancellation"')
    assert "Screenshot: " in out
    said = " ".join(out.split())  # the terminal wraps long lines
    assert "✓ Netflix membership cancelled; it ends on December 16, 2026" in said
    assert 'Evidence: the page says "Membership Canceled"' in said


def test_an_already_cancelled_account_is_reported_as_such() -> None:
    done = cancel("netflix", "--sim", "cancelled")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "✓ Your Netflix membership was already cancelled" in done.stdout
    assert "Nothing was changed." in done.stdout


def test_rejection_at_the_terminal_exits_1() -> None:
    done = cancel("netflix", "--sim", answers="n\nplease keep it\n")
    assert done.returncode == 1
    assert "human_rejected" in done.stdout
    assert "please keep it" in done.stdout


def test_partner_billing_exits_1_with_the_reason() -> None:
    done = cancel("netflix", "--sim", "partner")
    assert done.returncode == 1
    assert "Billed through a partner" in done.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("hulu", "--sim"), "Unknown service 'hulu'. Available services: netflix"),
        (("netflix",), "Missing ANTHROPIC_API_KEY"),
        (
            ("netflix", "--no-checkpoint", "--ai", "offline"),
            "--no-checkpoint is refused against a real site",
        ),
        (("netflix", "--sim", "nope"), "Unknown simulator variant 'nope'"),
        (
            ("netflix", "--sim", "--no-checkpoint", "--url", "https://www.netflix.com/account"),
            "--no-checkpoint is refused against a real site",
        ),
        (("netflix", "--sim", "--model", "gpt-4o", "--ai", "claude"), "Missing ANTHROPIC_API_KEY"),
    ],
)
def test_configuration_errors_exit_2(args: tuple[str, ...], message: str) -> None:
    done = cancel(*args)
    assert done.returncode == 2
    assert message in done.stderr.replace("\n", " ")
    assert "Traceback" not in done.stderr


def test_unsupported_model_exits_2() -> None:
    done = cancel(
        "netflix", "--sim", "--ai", "claude", "--model", "gpt-4o", ANTHROPIC_API_KEY="sk-x"
    )
    assert done.returncode == 2
    assert "Unsupported model: gpt-4o" in done.stderr


def test_dry_run_shows_the_first_action_and_executes_nothing() -> None:
    done = cancel("netflix", "--sim", "--dry-run")
    assert done.returncode == 0
    assert 'Proposed first action: browser_click "Manage membership"' in done.stdout
    assert "Nothing was executed." in done.stdout
    assert "[Turn" not in done.stdout


def test_unreachable_model_falls_back_to_the_offline_policy() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{s.getsockname()[1]}"
    done = cancel(
        "netflix",
        "--sim",
        "--no-checkpoint",
        "--ai",
        "claude",
        ANTHROPIC_API_KEY="sk-test-key",
        ANTHROPIC_BASE_URL=dead,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "continuing with the offline policy" in done.stdout.replace("\n", " ")
    assert "sk-test-key" not in done.stdout + done.stderr


def test_ctrl_c_closes_the_browser_and_exits_130() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "subterminator.cli", "cancel", "netflix", "--sim"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env(),
    )
    assert proc.stdout is not None
    seen = ""
    deadline = time.monotonic() + 120
    while "Approve? [y/N]:" not in seen and time.monotonic() < deadline:
        seen += proc.stdout.read(1)
    assert "Approve? [y/N]:" in seen, seen
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, (out, err)
    assert "Interrupted: the browser was closed." in err
