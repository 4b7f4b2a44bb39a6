"""The terminal approval handler, driven through its prompt function."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console

from subterminator.models.approval import ApprovalRequest
from subterminator.net import shown_url
from subterminator.terminal.approval import TerminalApprovalHandler
from tests.support.answers import answering

PNG = b"\x89PNG\r\n\x1a\n" + b"0" * 40


def handler(
    answers: list[str], tmp_path: Path
) -> tuple[TerminalApprovalHandler, list[str], Console]:
    asked: list[str] = []
    replies = iter(answers)

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return next(replies)

    console = Console(record=True, width=200)
    return TerminalApprovalHandler(console, screenshot_dir=tmp_path, ask=ask), asked, console


def request() -> ApprovalRequest:
    return ApprovalRequest(
        kind="irreversible",
        action='Click "Finish Cancellation" (button)',
        reason="This step cannot be undone.",
        url="https://www.netflix.com/cancelplan",
        title="Cancel your membership",
        screenshot=PNG,
        control='"Finish Cancellation" (button)',
        page_says=["Your membership ends on December 16, 2026."],
    )


async def test_yes_approves_and_shows_everything(tmp_path: Path) -> None:
    terminal, asked, console = handler(["y"], tmp_path)
    decision = await terminal.request_approval(request())
    assert decision.approved
    assert asked == ["Approve this step? [y/N]: "]
    out = console.export_text()
    assert "Approval needed before the next step" in out
    assert '"Finish Cancellation" (button)' in out
    assert "Cancel your membership · https://www.netflix.com/cancelplan" in out
    assert "Page says" in out
    assert "December 16, 2026" in out
    saved = next(iter(sorted(tmp_path.iterdir())))  # noqa: ASYNC240 - a test's tmp dir
    assert str(saved) in out
    assert saved.read_bytes() == PNG
    assert saved.stat().st_mode & 0o777 == 0o600


async def test_empty_answer_rejects_and_collects_feedback(tmp_path: Path) -> None:
    terminal, asked, _ = handler(["", "keep it, I changed my mind"], tmp_path)
    decision = await terminal.request_approval(request())
    assert not decision.approved
    assert decision.message == "keep it, I changed my mind"
    assert asked[1].startswith("Feedback")


async def test_human_action_asks_whether_done(tmp_path: Path) -> None:
    terminal, asked, _ = handler(["yes"], tmp_path)
    decision = await terminal.request_approval(
        request().model_copy(update={"kind": "human_action"})
    )
    assert decision.approved
    assert asked == ["Done in the browser window? [y/N]: "]


async def test_human_action_without_a_window_says_what_to_do_instead(tmp_path: Path) -> None:
    asked: list[str] = []
    console = Console(record=True, width=200)
    terminal = TerminalApprovalHandler(
        console,
        screenshot_dir=tmp_path,
        ask=answering("y", asked),
        window=False,
        instead="sign in first with `subterminator login netflix`",
    )
    decision = await terminal.request_approval(
        request().model_copy(update={"kind": "human_action", "action": "Sign in to Netflix"})
    )
    assert not decision.approved
    assert asked == []  # nobody is asked to act in a window that does not exist
    assert "subterminator login netflix" in (decision.message or "")
    assert "subterminator login netflix" in console.export_text()


async def test_screenshots_go_to_a_private_folder_by_default() -> None:
    terminal = TerminalApprovalHandler(Console(record=True, width=200), ask=lambda _: "n")
    await terminal.request_approval(request())
    folder = terminal._screenshot_dir
    assert folder is not None
    assert folder.stat().st_mode & 0o777 == 0o700
    shot = next(folder.iterdir())
    assert shot.stat().st_mode & 0o777 == 0o600


LONG_DIR = "/home/a-person/.subterminator/runs/20261123T104512Z-netflix-from-a-long-home-folder"


def captcha(url: str = "http://127.0.0.1:8000/captcha?") -> ApprovalRequest:
    return ApprovalRequest(
        kind="human_action",
        action="A CAPTCHA appeared. Solve it in the browser window, then confirm here",
        reason="Checkpoint: captcha",
        url=url,
        title="Netflix",
        screenshot_path=f"{LONG_DIR}/approval-01.png",
    )


async def test_a_headed_run_says_it_has_a_window_never_that_it_is_headless() -> None:
    console = Console(record=True, width=120, force_terminal=True)
    terminal = TerminalApprovalHandler(
        console, ask=lambda _: "y", window=True, instead="sign in with `subterminator login`"
    )
    assert (await terminal.request_approval(captcha())).approved
    shown = console.export_text()
    assert "headless" not in shown
    assert "No window" not in shown
    assert "the browser window this run opened" in shown


async def test_a_headless_run_says_so_and_asks_nothing() -> None:
    console = Console(record=True, width=120, force_terminal=True)
    asked: list[str] = []
    terminal = TerminalApprovalHandler(
        console, ask=answering("y", asked), window=False, instead="run it headed"
    )
    decision = await terminal.request_approval(captcha())
    assert not decision.approved
    assert asked == []
    shown = console.export_text()
    assert "this run is headless" in shown
    assert "Your turn, in the browser window" not in shown  # there is no window to turn to
    assert "Solve it in the browser window" not in shown
    assert "A CAPTCHA appeared" in shown


@pytest.mark.parametrize("terminal", [True, False])
async def test_the_address_has_no_stray_question_mark_and_the_path_is_whole(
    terminal: bool,
) -> None:
    """On an 80-column terminal too: the screenshot path is printed whole, never cut."""
    console = Console(record=True, width=80, force_terminal=terminal)
    handler = TerminalApprovalHandler(console, ask=lambda _: "y")
    await handler.request_approval(captcha())
    shown = console.export_text()
    assert "http://127.0.0.1:8000/captcha" in shown
    assert "/captcha?" not in shown
    assert f"{LONG_DIR}/approval-01.png" in shown.splitlines() or any(
        line.endswith(f"{LONG_DIR}/approval-01.png") for line in shown.splitlines()
    )
    assert "…" not in shown


def test_a_query_or_fragment_that_says_something_is_kept() -> None:
    assert (
        shown_url("http://127.0.0.1/login?next=/account") == "http://127.0.0.1/login?next=/account"
    )
    assert shown_url("http://127.0.0.1/login?") == "http://127.0.0.1/login"
    assert shown_url("http://127.0.0.1/login?#") == "http://127.0.0.1/login"
    assert shown_url("http://127.0.0.1/a#top") == "http://127.0.0.1/a#top"
