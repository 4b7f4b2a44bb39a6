"""At a real terminal (a pseudo-terminal): the approval panel, answers, and Ctrl+C."""

from __future__ import annotations

import asyncio
import io
import json
import os
import re
import signal
import subprocess
import time
from pathlib import Path
from typing import Any, Literal

import pytest
from pydantic import BaseModel
from rich.console import Console

from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from subterminator.browser.protocol import Browser
from subterminator.cancellation import CancelOptions, run_cancel
from subterminator.cli import _interrupts_held
from subterminator.models.approval import ApprovalDecision, ApprovalRequest
from subterminator.models.conversation import AIResponse, Message
from subterminator.offline import OfflinePolicy
from subterminator.services import NETFLIX
from subterminator.simulator import NetflixSimulator
from tests.support.cli_helpers import (
    COMMAND,
    chromiums_marked,
    clean_env,
    marker,
    on_terminal,
    runs_dir,
)

pytestmark = pytest.mark.browser

BROKEN_UP = ("Traceback", "Fatal Python error", "Future exception was never retrieved")


def test_the_approval_panel_names_the_step_and_a_yes_goes_through() -> None:
    mark = marker()
    session = on_terminal("cancel", "netflix", "--sim", "--runs-dir", runs_dir(), ST_TEST_MARK=mark)
    shown = session.read_until("Approve this step? [y/N]:")
    panel = shown[shown.index("Approval needed before the next step") :]
    assert "╭" in shown  # a panel, drawn on a terminal
    for part in ("Next step", '"Finish Cancellation" (button)', "Page says", "Screenshot"):
        assert part in panel, panel
    assert "Cancel" in panel
    assert "/cancelplan" in panel
    assert "December 16, 2026" in panel  # what the page says will happen
    assert 'browser_click "Finish Cancellation"' not in shown  # asked before, not after
    session.send("y\r")
    assert session.wait() == 0, session.seen
    out = session.seen
    assert out.index("Approve this step?") < out.index('browser_click "Finish Cancellation"')
    assert "Effective date: December 16, 2026" in out
    assert "report.html" in out
    assert chromiums_marked(mark) == []


def test_ctrl_c_at_the_prompt_ends_cleanly_and_says_nothing_was_cancelled() -> None:
    mark = marker()
    session = on_terminal("cancel", "netflix", "--sim", "--runs-dir", runs_dir(), ST_TEST_MARK=mark)
    session.read_until("Approve this step? [y/N]:")
    session.send("\x03")  # the terminal turns it into SIGINT for the whole foreground group
    assert session.wait() == 130, session.seen
    out = session.seen
    assert "the final step: it was not executed, nothing was cancelled" in out
    assert not any(sign in out for sign in BROKEN_UP), out
    assert chromiums_marked(mark) == []


def piped_run(mark: str) -> subprocess.Popen[str]:
    """``cancel netflix --sim`` with pipes for stdin, stdout and stderr."""
    return subprocess.Popen(
        [*COMMAND, "cancel", "netflix", "--sim", "--runs-dir", runs_dir()],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=clean_env(ST_TEST_MARK=mark),
    )


def test_ctrl_c_at_the_prompt_with_piped_stdin() -> None:
    mark = marker()
    proc = piped_run(mark)
    assert proc.stdout is not None
    seen = ""
    deadline = time.monotonic() + 120
    while "Approve this step? [y/N]:" not in seen and time.monotonic() < deadline:
        seen += proc.stdout.read(1)
    assert "Approve this step? [y/N]:" in seen, seen
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, (out, err)
    assert "nothing was cancelled" in seen + out
    assert not any(sign in seen + out + err for sign in BROKEN_UP), err
    assert chromiums_marked(mark) == []


@pytest.mark.parametrize("after", [0.3, 0.8, 1.5])
def test_ctrl_c_while_starting_up_is_quiet(after: float) -> None:
    mark = marker()
    proc = piped_run(mark)
    time.sleep(after)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, (out, err)
    assert not any(sign in out + err for sign in BROKEN_UP), err
    assert chromiums_marked(mark) == []


def test_an_interrupt_while_models_are_built_waits_for_the_end_of_loading() -> None:
    """An interrupt met inside pydantic's schema building became a SchemaError traceback (CI)."""
    built: list[BaseModel] = []

    def load() -> None:
        with _interrupts_held():
            os.kill(os.getpid(), signal.SIGINT)

            class Late(BaseModel):
                kind: Literal["a", "b"] | int

            built.append(Late(kind="a"))

    with pytest.raises(KeyboardInterrupt):
        load()
    assert len(built) == 1  # the model was built whole; the interrupt came after


class _Approver:
    approved = False

    async def request_approval(self, request: ApprovalRequest) -> ApprovalDecision:
        self.approved = True
        return ApprovalDecision(approved=True)


@pytest.mark.parametrize(
    ("when", "said", "executed"),
    [
        ("after", "Interrupted after the approved step", True),
        ("during", "Interrupted while the approved step", None),
    ],
)
async def test_ctrl_c_at_the_final_click_says_whether_it_ran(
    when: str, said: str, executed: bool | None, tmp_path: Path
) -> None:
    """The interrupt lands as the approved click runs, or just after: the person is told which."""
    run: asyncio.Task[int] | None = None
    approver = _Approver()

    class InterruptAtTheFinalClick(PlaywrightBrowser):
        async def click(self, handle: str, *, timeout_ms: int) -> None:
            if approver.approved and when == "during":
                assert run is not None
                run.cancel()
            await super().click(handle, timeout_ms=timeout_ms)
            if approver.approved and when == "after":
                assert run is not None
                run.cancel()

    async def factory(options: LaunchOptions) -> Browser:
        browser = await PlaywrightBrowser.launch(options)
        browser.__class__ = InterruptAtTheFinalClick
        return browser

    out = io.StringIO()
    console = Console(file=out, width=300)
    options = CancelOptions("netflix", sim="2026", runs_dir=tmp_path, ai="offline")
    run = asyncio.create_task(
        run_cancel(options, console, handler=approver, browser_factory=factory)
    )
    with pytest.raises(asyncio.CancelledError):
        await run
    shown = out.getvalue()
    assert f'{said} (Click "Finish Cancellation" (button))' in shown, shown
    assert "nothing was cancelled" not in shown
    # when it ran, and no address of the simulator (gone with the run) to check later
    line = next(x for x in shown.splitlines() if x.startswith("Interrupted"))
    assert re.search(r"\bat \d\d:\d\d:\d\d\b", line), line
    assert "Check" not in line
    assert "127.0.0.1" not in line
    assert "simulator" in line
    folder = next(tmp_path.iterdir())  # noqa: ASYNC240 - a test's tmp dir
    log = (folder / "events.jsonl").read_text()
    events = [json.loads(line) for line in log.splitlines()]
    stops = [e for e in events if e["event"] == "interrupted"]
    assert [e["final_step_executed"] for e in stops] == [executed]
    assert (folder / "report.html").exists()


class _SlowOffline(OfflinePolicy):
    """The offline policy taking a visible moment per decision, so the spinner is drawn."""

    async def chat(
        self, messages: list[Message], tools: list[dict[str, Any]], system: str
    ) -> AIResponse:
        await asyncio.sleep(0.4)
        return await super().chat(messages, tools, system)


async def test_a_recorded_offline_run_says_deciding_not_waiting_for_a_model(
    tmp_path: Path,
) -> None:
    """``--record`` wraps the policy; the spinner's words follow the policy, not the wrapper."""
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=True)
    options = CancelOptions(
        "netflix",
        sim="2026",
        ai="offline",
        no_checkpoint=True,
        record=tmp_path / "recording",
        runs_dir=tmp_path / "runs",
    )
    code = await run_cancel(
        options,
        console,
        ai_factory=lambda _options, service, _console, _terminal: _SlowOffline(service),
    )
    shown = out.getvalue()
    assert code == 0, shown
    assert "Deciding…" in shown
    assert "Waiting for the model" not in shown
    assert "Replay it: pytest " in shown  # what to run next, as a recording made by hand
    assert "Make its cassette: subterminator cassettes " in shown


def test_ctrl_c_at_the_prompt_keeps_the_turn_and_the_unanswered_question() -> None:
    runs = runs_dir()
    session = on_terminal("cancel", "netflix", "--sim", "--runs-dir", runs)
    session.read_until("Approve this step? [y/N]:")
    session.send("\x03")
    assert session.wait() == 130, session.seen
    (folder,) = Path(runs).iterdir()
    events = [json.loads(line) for line in (folder / "events.jsonl").read_text().splitlines()]
    asked = next(e for e in events if e["event"] == "approval_asked")
    turns = [e for e in events if e["event"] == "turn"]
    assert turns[-1]["turn"] == asked["turn"]  # the turn that was waiting for the answer
    assert "interrupted" in turns[-1]["outcome"]
    answer = next(e for e in events if e["event"] == "approval_answered")
    assert (answer["approved"], answer["interrupted"]) == (False, True)
    assert events[-1]["event"] == "interrupted"
    html = (folder / "report.html").read_text()
    assert html.index(f'id="turn-{asked["turn"]}"') < html.index('id="approval-1"')
    assert "Interrupted at the prompt" in html


async def test_ctrl_c_after_the_final_step_on_a_real_site_names_its_page_and_time(
    tmp_path: Path,
) -> None:
    """Not the simulator (a --url): the account page to check, and when the step ran."""
    run: asyncio.Task[int] | None = None
    approver = _Approver()

    class InterruptAfterTheFinalClick(PlaywrightBrowser):
        async def click(self, handle: str, *, timeout_ms: int) -> None:
            await super().click(handle, timeout_ms=timeout_ms)
            if approver.approved:
                assert run is not None
                run.cancel()

    async def factory(options: LaunchOptions) -> Browser:
        browser = await PlaywrightBrowser.launch(options)
        browser.__class__ = InterruptAfterTheFinalClick
        return browser

    out = io.StringIO()
    with NetflixSimulator() as sim:
        options = CancelOptions(
            "netflix", url=sim.url(), headed=False, runs_dir=tmp_path, ai="offline"
        )
        run = asyncio.create_task(
            run_cancel(
                options, Console(file=out, width=300), handler=approver, browser_factory=factory
            )
        )
        with pytest.raises(asyncio.CancelledError):
            await run
    line = next(x for x in out.getvalue().splitlines() if x.startswith("Interrupted"))
    assert re.search(r"was executed at \d\d:\d\d:\d\d\b", line), line
    assert line.endswith(f"Check {NETFLIX.initial_url}"), line
