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
        screenshot=PNG,
    )


async def test_yes_approves_and_shows_everything(tmp_path: Path) -> None:
    terminal, asked, console = handler(["y"], tmp_path)
    decision = await terminal.request_approval(request())
    assert decision.approved
    assert asked == ["Approve? [y/N]: "]
    out = console.export_text()
    assert "Human approval required" in out
    assert "Finish Cancellation" in out
    assert "https://www.netflix.com/cancelplan" in out
    saved = next(iter(sorted(tmp_path.iterdir())))  # noqa: ASYNC240 - a test's tmp dir
    assert str(saved) in out
    assert saved.read_bytes() == PNG


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
    assert asked == ["Done? [y/N]: "]
