"""What a person at a terminal sees of a cancel run: progress, notices, turns, the verdict.

Kept apart from the wiring in ``subterminator.cancellation`` so that the words a person reads
are in one place, and each notice also lands in the run record.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from datetime import datetime
from typing import TYPE_CHECKING, Any

from rich.console import Console

from subterminator.ai.protocol import AIClientProtocol
from subterminator.models.approval import HumanApprovalHandler
from subterminator.models.conversation import AIResponse, Message, ToolCall
from subterminator.models.result import TaskResult
from subterminator.models.tools import ToolResult
from subterminator.models.turn import TurnRecord
from subterminator.services import ServiceConfig
from subterminator.snapshot.secrecy import KNOWN
from subterminator.terminal.approval import TerminalApprovalHandler
from subterminator.tools.server import BrowserToolServer
from subterminator.untrusted import AI_WORDS, NAME, NOTICE, SENTENCE, STEP, shown

if TYPE_CHECKING:
    from subterminator.orchestrator.orchestrator import TaskOrchestrator
    from subterminator.runlog import RunRecord


class Progress:
    """Shows a spinner while the model or the browser is working (on a terminal only)."""

    def __init__(self, console: Console) -> None:
        self.console = console

    @contextlib.contextmanager
    def waiting(self, what: str) -> Iterator[None]:
        if not self.console.is_terminal:
            yield
            return
        with self.console.status(what, spinner="dots"):
            yield


class ProgressAI:
    def __init__(self, inner: AIClientProtocol, progress: Progress, label: str) -> None:
        self.inner, self.progress, self.label = inner, progress, label

    async def chat(
        self, messages: list[Message], tools: list[dict[str, Any]], system: str
    ) -> AIResponse:
        with self.progress.waiting(self.label):
            return await self.inner.chat(messages, tools, system)


class ProgressTools(BrowserToolServer):
    """The real tool server, with a spinner around each browser call."""

    progress: Progress

    async def execute(self, call: ToolCall | str, arguments: Any = None) -> ToolResult:
        with self.progress.waiting("Working in the browser…"):
            return await super().execute(call, arguments)


class Terminal:
    """The person's side of a run: notices they read, questions they answer."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.record: RunRecord | None = None
        self.handler: HumanApprovalHandler | None = None
        self._early: list[str] | None = []  # told before the record's start line

    def notice(self, text: str) -> None:
        """Said to the person and kept in the record (a server's error text may be in it)."""
        text = shown(text, NOTICE)
        self.console.print(text, style="yellow", markup=False, highlight=False)
        if self._early is not None:
            self._early.append(text)
        elif self.record is not None:
            self.record.notice(text)

    def started(self, record: RunRecord) -> None:
        """The run record exists, with its start line: notices from the setup follow it."""
        self.record = record
        early, self._early = self._early or [], None
        for text in early:
            record.notice(text)

    async def confirm(self, question: str) -> bool:
        """A yes/no from the person; without a terminal to ask at, no."""
        if isinstance(self.handler, TerminalApprovalHandler):
            return await self.handler.confirm(question)
        return False


def describe(call: ToolCall, target: str | None) -> str:
    """``browser_click "Finish Cancellation"``: the line a person reads as a turn begins, one
    safe line (the target is the page's name, the rest the AI's words)."""
    args = call.arguments if isinstance(call.arguments, dict) else {}
    tool = shown(call.name, NAME)
    if call.name == "complete_task":
        return f'complete_task "{shown(str(args.get("status", "")), NAME)}"'
    if target:
        return f'{tool} "{shown(target, NAME)}"'
    if call.name == "browser_scroll" and "direction" in args:
        return f"browser_scroll {shown(str(args['direction']), NAME)}"
    return tool


def plural(count: int, word: str) -> str:
    """``1 turn``, ``2 turns``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def print_thought(console: Console, thought: str) -> None:
    """The AI's thought under ``-v``, one safe line: printed as its turn begins, so it comes
    before any question the turn's call asks (its approval panel)."""
    if thought:
        said = shown(KNOWN.scrub(thought), AI_WORDS)
        console.print(f"    thought: {said}", markup=False, highlight=False)


def print_details(console: Console, record: TurnRecord, verbose: bool) -> None:
    """A turn's details under ``-v``, once it is done: the arguments, the outcome (which may
    quote the page), the times, and the tokens when a model was asked (the offline policy
    uses none), each one safe line of its stated size. A turn without a tool call has no
    beginning to print its thought at: it is printed here."""
    if record.tool is None:  # no call: the model said something else, or its call failed
        what = record.outcome if record.outcome != "no tool call" else "(no tool call)"
        said = shown(KNOWN.scrub(what), NOTICE)
        console.print(f"[Turn {record.turn}] {said}", markup=False, highlight=False)
    if verbose:
        if record.tool is None:
            print_thought(console, record.thought)
        yours = f"you {record.person_ms} ms, " if record.person_ms else ""
        # the arguments come masked (snapshot.secrecy); the rest is scrubbed, then made safe
        arguments = shown(KNOWN.scrub(str(record.arguments)), AI_WORDS)
        outcome = shown(KNOWN.scrub(record.outcome), NOTICE)
        usage = record.usage
        tokens = (
            f", tokens in/out {usage.input_tokens}/{usage.output_tokens}"
            if usage.input_tokens or usage.output_tokens
            else ""
        )
        console.print(
            f"    arguments: {arguments}  outcome: {outcome}  "
            f"ai {record.ai_ms} ms, browser {record.tool_ms} ms, {yours}".rstrip(", ")
            + tokens,
            markup=False,
            highlight=False,
            style="dim",
        )


def verdict(service: ServiceConfig, result: TaskResult) -> tuple[str, str]:
    """The one sentence a person acts on, and its colour: its outside words (the page's date
    and evidence, the AI's or a server's error) made safe and cut, and it is never markup."""
    said, colour = _verdict(service, result)
    return shown(said, NOTICE + SENTENCE), colour


def _verdict(service: ServiceConfig, result: TaskResult) -> tuple[str, str]:
    name = service.display_name
    ends = f"; it ends on {shown(result.ends_on, SENTENCE)}" if result.ends_on else ""
    if result.reason == "already_cancelled":
        return (
            f"✓ Your {name} membership was already cancelled{ends}. Nothing was changed.",
            "green",
        )
    if result.success and result.verified:
        seen = f" Evidence: {shown(result.evidence[0], SENTENCE)}." if result.evidence else ""
        turns = plural(result.turns, "turn")
        return f"✓ {name} membership cancelled{ends} ({turns}).{seen}", "green"
    if result.reason == "unverified_after_final_step":
        return f"! {result.error}", "yellow"
    if result.reason == "human_rejected":  # the person's choice, said once, not a failure
        return f"✗ {name} cancellation stopped. {result.error}", "yellow"
    if result.reason == "no_one_to_ask":  # nobody said no: there was nobody to ask
        return f"✗ {name} cancellation stopped. {result.error}", "yellow"
    if result.reason == "human_action_needed":
        return f"✗ {name} cancellation stopped at a step only you can take. {result.error}", "red"
    detail = f": {result.error}" if result.error else ""
    return (
        f"✗ {name} cancellation did not complete ({result.reason}{detail}; "
        f"{plural(result.turns, 'turn')})",
        "red",
    )


def interruption(
    orchestrator: TaskOrchestrator | None, check_at: str, *, simulated: bool = False
) -> tuple[bool | None, str]:
    """Whether the final step ran (None: perhaps), said for a person who pressed Ctrl+C: when
    it ran, and where to check; the simulator stops with the run, so there is nothing to
    check later, and it is said so instead of naming its address."""
    ran, step = orchestrator.final_step_state() if orchestrator else (False, None)
    at = orchestrator.final_step_at() if orchestrator else None
    action = shown(step or "", STEP)  # quotes the page's name for the control
    if simulated:
        check = "This run used the simulator, which stopped with it: there is no account to check."
    else:
        check = f"Check {check_at}"
    if ran:
        when = f" at {at:%H:%M:%S}" if at is not None else ""
        return True, (
            f"Interrupted after the approved step ({action}) was executed{when}: the "
            f"cancellation was probably submitted. {check}"
        )
    if ran is None:
        return None, (
            f"Interrupted while the approved step ({action}) was being executed (at "
            f"{datetime.now():%H:%M:%S}): it may have gone through. {check}"
        )
    return False, "Interrupted before the final step: it was not executed, nothing was cancelled."
