"""``subterminator cancel <service>``: wiring the agent for a person at a terminal (spec 03 2.8)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from rich.console import Console

from subterminator.ai.client import KEY_ENV, MISSING_KEY, AIClient
from subterminator.ai.fallback import FallbackAI
from subterminator.ai.offline import OfflinePolicy
from subterminator.ai.prompts import build_system_prompt
from subterminator.ai.protocol import AIClientProtocol, AIResponse, Message, ToolCall
from subterminator.browser.launch import BrowserFactory, launch_playwright
from subterminator.browser.playwright_browser import LaunchOptions
from subterminator.errors import ConfigurationError, LLMError
from subterminator.models.tools import ToolResult
from subterminator.net import is_local_url
from subterminator.orchestrator import TaskOrchestrator, TerminalApprovalHandler
from subterminator.orchestrator.approval import AutoApprove, HumanApprovalHandler
from subterminator.orchestrator.costlog import TurnRecord
from subterminator.orchestrator.result import TaskResult
from subterminator.recording import Recorder, RecordingAI, RecordingApprovals, RecordingBrowser
from subterminator.services import ServiceConfig, get_service
from subterminator.tools.schemas import TOOL_SCHEMAS
from subterminator.tools.server import BrowserToolServer

EXIT_SUCCESS, EXIT_FAILURE, EXIT_CONFIG, EXIT_CONNECTION, EXIT_INTERRUPTED = 0, 1, 2, 3, 130
DEFAULT_PROFILE = Path.home() / ".subterminator" / "browser-profile"


@dataclass(frozen=True)
class CancelOptions:
    service: str
    model: str | None = None
    max_turns: int | None = None
    dry_run: bool = False
    verbose: bool = False
    no_checkpoint: bool = False
    ai: Literal["auto", "claude", "offline"] = "auto"
    url: str | None = None
    sim: str | None = None  # simulator variant; None for the real site
    headed: bool = False
    profile: Path | None = None
    record: Path | None = None  # a folder: the run is recorded there (replayable)


class _Progress:
    """Shows a spinner while the model or the browser is working."""

    def __init__(self, console: Console) -> None:
        self.console = console

    @contextlib.contextmanager
    def waiting(self, what: str) -> Iterator[None]:
        if not self.console.is_terminal:
            yield
            return
        with self.console.status(what, spinner="dots"):
            yield


class _ProgressAI:
    def __init__(self, inner: AIClientProtocol, progress: _Progress, label: str) -> None:
        self.inner, self.progress, self.label = inner, progress, label

    async def chat(
        self, messages: list[Message], tools: list[dict[str, Any]], system: str
    ) -> AIResponse:
        with self.progress.waiting(self.label):
            return await self.inner.chat(messages, tools, system)


class _ProgressTools(BrowserToolServer):
    """The real tool server, with a spinner around each browser call."""

    progress: _Progress

    async def execute(self, tool_name: str, arguments: Any) -> ToolResult:
        with self.progress.waiting("Working in the browser…"):
            return await super().execute(tool_name, arguments)


def choose_ai(options: CancelOptions, service: ServiceConfig, console: Console) -> AIClientProtocol:
    offline = OfflinePolicy(service)
    mode = options.ai
    if mode == "auto":
        if os.environ.get(KEY_ENV):
            mode = "claude"
        elif options.sim is not None:
            console.print("[dim]No ANTHROPIC_API_KEY: the offline policy drives this run.[/dim]")
            mode = "offline"
        else:
            raise ConfigurationError(f"{MISSING_KEY} Or run without a model: --ai offline.")
    if mode == "offline":
        return offline

    def notice(exc: LLMError) -> None:
        console.print(
            f"[yellow]The model API is unavailable ({exc}); "
            "continuing with the offline policy.[/yellow]"
        )

    return FallbackAI(AIClient(model=options.model), offline, notice)


@contextlib.asynccontextmanager
async def _target(
    options: CancelOptions, service: ServiceConfig
) -> AsyncIterator[tuple[str, bool]]:
    """The start URL, and whether it is the bundled simulator (started and stopped here)."""
    if options.sim is None:
        yield options.url or service.initial_url, False
        return
    from subterminator.simulator import NetflixSimulator

    simulator = NetflixSimulator(options.sim).start()
    try:
        yield options.url or simulator.url(), True
    finally:
        simulator.stop()


def describe(call: ToolCall, target: str | None) -> str:
    """``browser_click "Finish Cancellation"``: the spec 03 2.8.6 turn line."""
    args = call.arguments if isinstance(call.arguments, dict) else {}
    if call.name == "complete_task":
        return f'complete_task "{args.get("status", "")}"'
    if target:
        return f'{call.name} "{target}"'
    if call.name == "browser_scroll" and "direction" in args:
        return f"browser_scroll {args['direction']}"
    return call.name


AIFactory = Callable[[CancelOptions, ServiceConfig, Console], AIClientProtocol]


async def run_cancel(
    options: CancelOptions,
    console: Console,
    *,
    handler: HumanApprovalHandler | None = None,
    browser_factory: BrowserFactory = launch_playwright,
    ai_factory: AIFactory | None = None,
) -> int:
    """One cancellation; the factories let tests and replays put other parts in."""
    service = get_service(options.service)
    if options.no_checkpoint and (
        options.sim is None or (options.url is not None and not is_local_url(options.url))
    ):
        raise ConfigurationError(
            "--no-checkpoint is refused against a real site: it works only with --sim"
        )
    ai = (ai_factory or choose_ai)(options, service, console)
    progress = _Progress(console)
    goal = service.goal_template
    async with _target(options, service) as (start_url, simulated):
        profile = options.profile or (None if simulated else DEFAULT_PROFILE)
        launch = LaunchOptions(
            headless=not options.headed, profile_dir=profile, block_non_local=simulated
        )
        with progress.waiting("Starting the browser…"):
            browser = await browser_factory(launch)
        recorder = None
        if options.record is not None:
            recorder = Recorder(
                options.record,
                service=service.name,
                flow=options.sim or "live",
                source="simulator" if simulated else "live",
                start_url=start_url,
            )
            browser = RecordingBrowser(browser, recorder)
            ai = RecordingAI(ai, recorder)
        try:
            with progress.waiting(f"Opening {start_url}…"):
                await browser.navigate(start_url)
            tools = _ProgressTools(browser)
            tools.progress = progress
            label = "Deciding…" if isinstance(ai, OfflinePolicy) else "Waiting for the model…"
            if options.dry_run:
                return await _dry_run(ai, tools, service, goal, console)
            approvals: HumanApprovalHandler = handler or (
                AutoApprove(console) if options.no_checkpoint else TerminalApprovalHandler(console)
            )
            if recorder is not None:
                approvals = RecordingApprovals(approvals, recorder)
            orchestrator = TaskOrchestrator(
                _ProgressAI(ai, progress, label), tools, service, approvals, options.max_turns
            )
            orchestrator.announcers.append(
                lambda turn, call, target: console.print(
                    f"[Turn {turn}] {describe(call, target)}", markup=False, highlight=False
                )
            )
            orchestrator.cost.observers.append(
                lambda r: _print_details(console, r, options.verbose)
            )
            console.print(f"Starting {service.display_name} cancellation...")
            result = await orchestrator.run(goal)
            if recorder is not None:
                recorder.finish(result)
                console.print(f"Recorded to {options.record}", markup=False)
        finally:
            await browser.close()
    return _report(console, service, result)


def _print_details(console: Console, record: TurnRecord, verbose: bool) -> None:
    if record.tool is None:
        console.print(f"[Turn {record.turn}] (no tool call)", markup=False, highlight=False)
    if verbose:
        if record.thought:
            console.print(f"    thought: {record.thought}", markup=False, highlight=False)
        console.print(
            f"    arguments: {record.arguments}  outcome: {record.outcome}  "
            f"ai {record.ai_ms} ms, browser {record.tool_ms} ms, "
            f"tokens in/out {record.usage.input_tokens}/{record.usage.output_tokens}",
            markup=False,
            highlight=False,
            style="dim",
        )


async def _dry_run(
    ai: AIClientProtocol,
    tools: BrowserToolServer,
    service: ServiceConfig,
    goal: str,
    console: Console,
) -> int:
    first = await tools.execute("get_snapshot", {})
    message = Message(role="user", content=f"Goal: {goal}", snapshot=first.snapshot)
    response = await ai.chat(
        [message], TOOL_SCHEMAS, build_system_prompt(goal, service.system_prompt_addition)
    )
    console.print(
        f"Dry run on {first.snapshot.page.url} ({len(first.snapshot.elements)} elements)."
    )
    if not response.tool_calls:
        console.print(f"The AI would not call a tool; it said: {response.content}", markup=False)
        return EXIT_SUCCESS
    call = response.tool_calls[0]
    target = tools.registry.peek(
        (call.arguments or {}).get("ref") if isinstance(call.arguments, dict) else None
    )
    named = f' "{target.name}"' if target else ""
    console.print(
        f"Proposed first action: {call.name}{named} {call.arguments}", markup=False, highlight=False
    )
    console.print("Nothing was executed.")
    return EXIT_SUCCESS


def exit_code(result: TaskResult) -> int:
    """Spec 03 2.8.4: 0 verified success, 3 connection errors, 1 every other outcome."""
    if result.success and result.verified:
        return EXIT_SUCCESS
    return EXIT_CONNECTION if result.reason in ("llm_error", "mcp_error") else EXIT_FAILURE


def _report(console: Console, service: ServiceConfig, result: TaskResult) -> int:
    """One verdict a person can act on; the exit code follows spec 03 2.8.4."""
    console.print()
    name = service.display_name
    ends = f"; it ends on {result.ends_on}" if result.ends_on else ""
    if result.reason == "already_cancelled":
        console.print(
            f"[green]✓ Your {name} membership was already cancelled{ends}. "
            "Nothing was changed.[/green]",
            highlight=False,
        )
    elif result.success and result.verified:
        seen = f" Evidence: {result.evidence[0]}." if result.evidence else ""
        console.print(
            f"[green]✓ {name} membership cancelled{ends} ({result.turns} turns).{seen}[/green]",
            highlight=False,
        )
    elif result.reason == "unverified_after_final_step":
        console.print(f"[yellow]! {result.error}[/yellow]", highlight=False)
    else:
        detail = f": {result.error}" if result.error else ""
        console.print(
            f"[red]✗ {name} cancellation did not complete "
            f"({result.reason}{detail}; {result.turns} turns)[/red]",
            highlight=False,
        )
    return exit_code(result)
