"""Clear states: what ran is said as run, a declined checkpoint apart from it, and
words SubTerminator wrote itself never passed off as the person's; on real Chromium."""

from __future__ import annotations

import io
import os
import signal
from pathlib import Path

import pytest
from rich.console import Console

from harness.approvals import ScriptedApprovals
from harness.sites import StaticSite
from subterminator.assembly import build_run
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.cancellation import EXIT_DECLINED, exit_code
from subterminator.cli.cancel import cancel
from subterminator.cli.parser import build_parser
from subterminator.models.conversation import ToolCall
from subterminator.models.result import TaskResult
from subterminator.models.snapshot import Snapshot
from subterminator.models.tools import DECLINED_NOTE
from subterminator.models.turn import TurnRecord
from subterminator.services import NETFLIX
from subterminator.stack import ToolStack
from subterminator.stack.asking import NO_HANDLER
from subterminator.terminal import print_details, verdict
from subterminator.terminal.approval import TerminalApprovalHandler

pytestmark = pytest.mark.browser

EXPANDER = "Show option contents"
FINAL = "Finish Cancellation"


def refs(snapshot: Snapshot, name: str) -> list[str]:
    return [e.ref for e in snapshot.elements if e.name == name]


def click(ref: str) -> ToolCall:
    return ToolCall(id="t", name="browser_click", arguments={"ref": ref})


async def on_cancel_page(
    browser: PlaywrightBrowser, pages: StaticSite, approvals: ScriptedApprovals | None
) -> tuple[ToolStack, Snapshot]:
    await browser.navigate(pages.url("netflix/cancelplan.html"))
    stack = build_run(NETFLIX, browser, approvals).stack
    first = await stack.execute(ToolCall(id="s", name="get_snapshot"))
    return stack, first.snapshot


async def test_a_click_that_ran_is_success_and_the_declined_checkpoint_is_said_apart(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    """The expander ran and opened its section; the person then declined the final step the
    page showed. The click's own result is a success; the no is in ``declined``."""
    approvals = ScriptedApprovals([(False, "Keep my membership")])
    stack, snapshot = await on_cancel_page(browser, pages, approvals)
    reply = await stack.execute(click(refs(snapshot, EXPANDER)[-1]))
    assert [r.kind for r in approvals.requests] == ["checkpoint"]  # what was declined
    assert reply.result["success"] is True
    assert reply.result["error"] is None
    declined = reply.result["declined"]
    assert declined["message"] == "User feedback: Keep my membership"
    assert FINAL in declined["step"]
    assert declined["note"] == DECLINED_NOTE
    assert "do not repeat the action" in DECLINED_NOTE  # the model is not invited to again
    # what the click did stands: the section is open, the final step was not taken
    opened = [e for e in reply.snapshot.elements if e.name == EXPANDER][-1]
    assert "expanded" in opened.state
    assert refs(reply.snapshot, FINAL)
    assert browser.page.url.endswith("cancelplan.html")
    # the person's no still ends the run as theirs
    done = await stack.execute(
        ToolCall(id="c", name="complete_task", arguments={"status": "failed", "reason": "declined"})
    )
    assert done.ended is not None
    assert done.ended.reason == "human_rejected"
    assert exit_code(done.ended) == EXIT_DECLINED
    assert done.ended.error == 'You declined "Finish Cancellation" (button): Keep my membership'


async def test_a_success_claimed_after_a_declined_checkpoint_is_still_refused(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    """Safety holds: the declined step is not taken, and no success can be claimed."""
    approvals = ScriptedApprovals([(False, "no"), (False, "still no")])
    stack, snapshot = await on_cancel_page(browser, pages, approvals)
    reply = await stack.execute(click(refs(snapshot, EXPANDER)[-1]))
    assert reply.result["success"] is True
    final = await stack.execute(click(refs(reply.snapshot, FINAL)[0]))  # asked again, refused
    assert final.result["error"] == "human_rejected"
    assert browser.page.url.endswith("cancelplan.html")
    claim = ToolCall(id="c", name="complete_task", arguments={"status": "success", "reason": "x"})
    done = await stack.execute(claim)
    assert done.ended is not None
    assert done.ended.reason == "human_rejected"


async def test_words_the_system_wrote_are_not_labelled_user_feedback(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    """With nobody configured to ask, the refusal is SubTerminator's, said as its own."""
    stack, snapshot = await on_cancel_page(browser, pages, None)
    reply = await stack.execute(click(refs(snapshot, EXPANDER)[-1]))
    assert reply.result["success"] is True
    said = reply.result["declined"]["message"]
    assert said == NO_HANDLER
    assert "User feedback" not in said
    final = await stack.execute(click(refs(reply.snapshot, FINAL)[0]))
    assert final.result["error"] == "human_rejected"
    assert final.result["message"].startswith(NO_HANDLER)
    assert "User feedback" not in final.result["message"]


async def test_the_end_of_input_at_the_prompt_is_no_one_to_ask(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    """The terminal's handler with its input ended: no answer, not a no; the run ends there."""

    def ended(prompt: str) -> str:
        raise EOFError

    handler = TerminalApprovalHandler(Console(file=io.StringIO()), ask=ended)
    await browser.navigate(pages.url("netflix/cancelplan.html"))
    stack = build_run(NETFLIX, browser, handler).stack
    snapshot = (await stack.execute(ToolCall(id="s", name="get_snapshot"))).snapshot
    reply = await stack.execute(click(refs(snapshot, EXPANDER)[-1]))
    assert reply.result["success"] is True  # the expander ran
    assert "User feedback" not in reply.result["declined"]["message"]
    assert reply.ended is not None
    assert reply.ended.reason == "no_one_to_ask"
    assert "Nobody could be asked" in (reply.ended.error or "")
    assert exit_code(reply.ended) == 2
    assert browser.page.url.endswith("cancelplan.html")


# -- what the person reads -----------------------------------------------------------------


def test_one_turn_is_one_turn() -> None:
    done = TaskResult(success=False, verified=False, reason="max_turns_exceeded", turns=1)
    said, _ = verdict(NETFLIX, done)
    assert "; 1 turn)" in said
    won = TaskResult(success=True, verified=True, reason="completed", turns=1)
    assert "(1 turn)" in verdict(NETFLIX, won)[0]


def test_no_token_counts_when_no_model_was_asked() -> None:
    out = io.StringIO()
    console = Console(file=out, width=300)
    print_details(console, TurnRecord(turn=1, tool="get_snapshot", outcome="success"), True)
    assert "tokens" not in out.getvalue()
    assert "browser 0 ms" in out.getvalue()


class _Tripwire(io.StringIO):
    """A console's output that presses Ctrl+C the moment the verdict is written to it."""

    def write(self, text: str) -> int:
        written = super().write(text)
        if text.startswith("✓"):
            os.kill(os.getpid(), signal.SIGINT)
        return written


def test_ctrl_c_just_after_the_verdict_keeps_its_exit_code(tmp_path: Path) -> None:
    """The verdict was printed: a Ctrl+C while the record is written does not make it 130."""
    argv = ["cancel", "netflix", "--sim", "--ai", "offline", "--no-checkpoint"]
    args = build_parser().parse_args([*argv, "--runs-dir", str(tmp_path)])
    out = _Tripwire()
    code = cancel(args, Console(file=out, width=300))
    assert "✓ Netflix membership cancelled" in out.getvalue()
    assert code == 0, out.getvalue()
