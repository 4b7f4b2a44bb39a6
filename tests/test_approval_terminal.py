"""The terminal approval handler, driven through its prompt function."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from subterminator.orchestrator import ApprovalRequest, TerminalApprovalHandler

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
        ask=lambda prompt: asked.append(prompt) or "y",
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
