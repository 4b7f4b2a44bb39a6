"""``subterminator cancel`` as a person runs it: output, exit codes, Ctrl+C."""

from __future__ import annotations

import subprocess

import pytest

from tests.support.cli_helpers import run_cli, runs_dir

pytestmark = pytest.mark.browser


def cancel(*args: str, answers: str = "", **extra: str) -> subprocess.CompletedProcess[str]:
    return run_cli("cancel", *args, "--runs-dir", runs_dir(), answers=answers, timeout=180, **extra)


def test_main_job_on_the_simulator_with_approval_at_the_terminal() -> None:
    done = cancel("netflix", "--sim", answers="y\n")
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert "Starting Netflix cancellation..." in out
    assert '[Turn 1] browser_click "Manage membership"' in out
    assert "== Approval needed before the next step ==" in out  # plain lines when piped
    assert "Approve this step? [y/N]:" in out
    assert out.index("Approve this step?") < out.index('browser_click "Finish Cancellation"')
    assert "  Screenshot  " in out
    assert "✓ Netflix membership cancelled; it ends on December 16, 2026" in out
    assert 'Evidence: the page says "Membership Canceled"' in out
    assert "Effective date: December 16, 2026" in out


def test_an_already_cancelled_account_is_reported_as_such() -> None:
    done = cancel("netflix", "--sim", "cancelled")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "✓ Your Netflix membership was already cancelled" in done.stdout
    assert "Nothing was changed." in done.stdout


@pytest.mark.parametrize(
    ("answers", "said"),
    [
        ("n\nplease keep it\n", 'You declined "Finish Cancellation" (button): please keep it'),
        ("n\n\n", 'You declined "Finish Cancellation" (button).'),
    ],
    ids=["with-words", "without"],
)
def test_a_refusal_is_said_once_plainly_and_exits_4(answers: str, said: str) -> None:
    """The person's no is their choice, not a failure: exit 4, and their words once."""
    done = cancel("netflix", "--sim", answers=answers)
    assert done.returncode == 4, done.stdout + done.stderr
    verdict = next(line for line in done.stdout.splitlines() if line.startswith("✗"))
    assert verdict == f"✗ Netflix cancellation stopped. {said}"
    assert "User feedback" not in done.stdout
    assert done.stdout.count("declined") == 1
    assert done.stdout.count("please keep it") <= 1


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
        (
            ("netflix", "--sim", "--model", "claude-x-1", "--ai", "claude"),
            "Missing ANTHROPIC_API_KEY",
        ),
        # a model asked for by name is that model or an error, never the offline policy
        (("netflix", "--sim", "--model", "claude-x-1"), "Missing ANTHROPIC_API_KEY"),
        (("netflix", "--sim", "--model", "o4-mini"), "Missing OPENAI_API_KEY"),
    ],
)
def test_configuration_errors_exit_2(args: tuple[str, ...], message: str) -> None:
    done = cancel(*args)
    assert done.returncode == 2
    assert message in done.stderr.replace("\n", " ")
    assert "Traceback" not in done.stderr


def test_a_model_nobody_serves_is_refused_before_anything_runs() -> None:
    done = cancel("netflix", "--sim", "--model", "llama3")
    assert done.returncode == 2
    assert "Unsupported model: llama3" in done.stderr
    assert "--base-url" in done.stderr  # how a compatible server's name would be taken
    assert "Starting" not in done.stdout


def test_dry_run_shows_the_first_action_and_executes_nothing() -> None:
    done = cancel("netflix", "--sim", "--dry-run")
    assert done.returncode == 0
    assert 'Proposed first action: browser_click "Manage membership"' in done.stdout
    assert "Nothing was executed." in done.stdout
    assert "[Turn" not in done.stdout
