"""One cancellation, wired for a person at a terminal: the AI, the browser, the run and its
record, and the verdict with its exit code (the command line is read in ``cli.cancel``)."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import shlex
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from rich.console import Console

from subterminator.ai.fallback import FallbackAI
from subterminator.ai.prompts import build_system_prompt
from subterminator.ai.protocol import AIClientProtocol
from subterminator.ai.sdk_client import SDKClient
from subterminator.ai.selection import choose_model, connect, missing_key
from subterminator.assembly import (
    DEFAULT_RUNS,
    BrowserPlace,
    Run,
    build_run,
    kept_downloads,
    launch_options,
    start_page,
    warming_patterns,
)
from subterminator.browser.launch import BrowserFactory, launch_playwright
from subterminator.browser.opening import open_start_page
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.browser.protocol import Browser
from subterminator.errors import ConfigurationError, LLMError
from subterminator.models.approval import HumanApprovalHandler
from subterminator.models.conversation import Message
from subterminator.models.result import TaskResult
from subterminator.models.snapshot import Snapshot
from subterminator.offline import OfflinePolicy
from subterminator.orchestrator import TaskOrchestrator
from subterminator.pwmcp.backend import PwMcpClient, PwMcpOptions, attached
from subterminator.pwmcp.options import BUILTIN, PLAYWRIGHT_MCP, Backend
from subterminator.pwmcp.speaking import SpeaksPwMcp
from subterminator.recording import Recorder
from subterminator.recording.advice import cassette_command, replay_command
from subterminator.runlog import RunRecord
from subterminator.services import ServiceConfig, get_service
from subterminator.terminal import (
    Progress,
    ProgressAI,
    ProgressTools,
    Terminal,
    describe,
    interruption,
    print_details,
    print_thought,
    verdict,
)
from subterminator.terminal.approval import AutoApprove, TerminalApprovalHandler
from subterminator.tools.registry import tool_schemas
from subterminator.tools.server import BrowserToolServer
from subterminator.untrusted import AI_WORDS, NAME, SENTENCE, URL, shown

EXIT_SUCCESS, EXIT_FAILURE, EXIT_CONFIG, EXIT_CONNECTION, EXIT_INTERRUPTED = 0, 1, 2, 3, 130
EXIT_DECLINED = 4  # the person said no: their choice, not a failure of the program
EXIT_MALFORMED = 5  # the model API answered something no known shape explains


@dataclass(frozen=True)
class CancelOptions(BrowserPlace):
    service: str
    model: str | None = None
    base_url: str | None = None  # an OpenAI-compatible server (--base-url)
    max_turns: int | None = None
    dry_run: bool = False
    verbose: bool = False
    no_checkpoint: bool = False
    ai: Literal["auto", "model", "claude", "offline"] = "auto"
    url: str | None = None
    allow_sites: tuple[str, ...] = ()  # --allow-site: the reach widened, said in the record
    sim: str | None = None  # simulator variant; None for the real site
    headed: bool | None = None  # None: a window on real sites (a person may have to sign in)
    profile: Path | None = None
    record: Path | None = None  # a folder: the run is recorded there (replayable)
    runs_dir: Path | None = None  # where the run record goes; None: no run record
    services: tuple[str, ...] = ()  # --services SPECs: repeated in any command advised
    keep_downloads: bool = False  # what pages download is kept in the run record, not refused
    backend: Backend = BUILTIN  # whose browser tools run behind the gate
    pwmcp_passthrough: tuple[str, ...] = ()  # Playwright MCP's own options, judged safe


def choose_ai(
    options: CancelOptions, service: ServiceConfig, console: Console, terminal: Terminal
) -> AIClientProtocol:
    """The model (Claude, OpenAI's, or a compatible server's: ``ai.selection``) or the offline
    policy; the fallback between them only where it is safe.

    ``--ai model`` (or ``claude``) gets the model or an error, never a silent substitute, and so
    does a model asked for by name (``--model``, ``--base-url``) when its key is missing. With
    ``--ai auto`` an outage hands over to the offline policy with one notice on the simulator,
    and only with the person's yes on a real site, where the policy knows nothing but known
    pages.
    """
    offline: AIClientProtocol = OfflinePolicy(service)
    if options.backend == PLAYWRIGHT_MCP:  # it reads our capture, and speaks their tools
        offline = SpeaksPwMcp(offline)
    if options.ai == "offline":
        return offline
    choice = choose_model(options.model, options.base_url)  # an unknown name: exit 2, here
    if options.ai == "claude" and choice.provider != "anthropic":
        raise ConfigurationError(
            f"--ai claude asks for a Claude model, and {choice.model} is not one: use --ai model"
        )
    if not choice.has_key():
        asked = options.model is not None or options.base_url is not None
        if options.ai == "auto" and options.simulated and not asked:
            terminal.notice(f"No {choice.key_env}: the offline policy drives this run.")
            return offline
        fix = " Or run without a model: --ai offline." if options.ai == "auto" else ""
        raise ConfigurationError(f"{missing_key(choice.key_env)}{fix}")
    model = connect(choice, on_retry=lambda notice: terminal.notice(notice.text))
    if options.ai != "auto":
        return model

    async def may_switch(exc: LLMError) -> bool:
        if options.simulated:
            terminal.notice(f"{exc}; continuing with the offline policy.")
            return True
        terminal.notice(f"{exc}.")
        yes = await terminal.confirm(
            "Continue with the offline policy (rule-based; it knows only the pages it was "
            "written for, and still asks you before the final step)?"
        )
        terminal.notice(
            "Continuing with the offline policy." if yes else "Stopped: no model to continue."
        )
        return yes

    return FallbackAI(model, offline, may_switch)


def ai_label(ai: AIClientProtocol) -> str:
    """What the run record calls the AI: ``offline``, the model client's label (``claude``,
    ``openai``, ...), or for any other AI (one a test or a user's code brings) its class's name:
    never a model it is not."""
    if isinstance(ai, SpeaksPwMcp):
        ai = ai.inner
    if isinstance(ai, OfflinePolicy):
        return "offline"
    inner = ai.primary if isinstance(ai, FallbackAI) else ai
    return inner.label if isinstance(inner, SDKClient) else type(inner).__name__


def cancel_command(options: CancelOptions, *, headed: bool | None = None) -> list[str]:
    """The ``subterminator cancel`` command line for these options (``headed`` replaces the
    window choice): what a person is told to run again is what they ran, with the change."""
    argv = ["subterminator", "cancel", options.service, *_services(options)]
    if options.sim is not None:
        argv += ["--sim", options.sim]
    if options.url is not None:
        argv += ["--url", options.url]
    if options.ai != "auto":
        argv += ["--ai", options.ai]
    if options.model is not None:
        argv += ["--model", options.model]
    if options.base_url is not None:
        argv += ["--base-url", options.base_url]
    if options.max_turns is not None:
        argv += ["--max-turns", str(options.max_turns)]
    if options.profile is not None:
        argv += ["--profile", str(options.profile)]
    if options.runs_dir is not None and options.runs_dir != DEFAULT_RUNS:
        argv += ["--runs-dir", str(options.runs_dir)]
    if options.keep_downloads:
        argv.append("--keep-downloads")
    if options.backend != BUILTIN:
        argv += ["--backend", options.backend]
        argv += [
            f"--playwright-mcp-option={o.removeprefix('--')}" for o in options.pwmcp_passthrough
        ]
    window = options.headed if headed is None else headed
    if window is not None:
        argv.append("--headed" if window else "--headless")
    return argv


def _services(options: CancelOptions) -> list[str]:
    return [part for spec in options.services for part in ("--services", spec)]


def login_command(options: CancelOptions, service: ServiceConfig) -> list[str]:
    """``subterminator login`` on the profile (and start page) this run uses."""
    argv = ["subterminator", "login", service.name, *_services(options)]
    if options.url is not None:
        argv += ["--url", options.url]
    if options.profile is not None:
        argv += ["--profile", str(options.profile)]
    return argv


def no_display_fix(options: CancelOptions, service: ServiceConfig) -> str:
    """No display for the window: advice that fits what was typed (``--headed`` given, or the
    window a real site opens by default)."""
    if options.headed:
        return "drop --headed (or use --headless), or run it in a desktop session"
    return (
        "add --headless (sign in first, in a desktop session, with "
        f"`{shlex.join(login_command(options, service))}`), or run it in a desktop session"
    )


def no_window_advice(options: CancelOptions, service: ServiceConfig) -> str:
    """What to do when a headless run meets a step only a person can take (sign-in, a code, a
    CAPTCHA). Each command is one that exists, for this run: the simulator keeps its session in
    the simulator, so signing in elsewhere (``login``) cannot help it; a window can."""
    headed = f"`{shlex.join(cancel_command(options, headed=True))}`"
    if options.simulated:
        return f"run it again with a window, {headed}, and do this step there"
    again = f"`{shlex.join(cancel_command(options))}`"
    return (
        f"sign in first with `{shlex.join(login_command(options, service))}`, then run {again} "
        f"again; or run it with a window: {headed}"
    )


AIFactory = Callable[[CancelOptions, ServiceConfig, Console, Terminal], AIClientProtocol]


async def run_cancel(
    options: CancelOptions,
    console: Console,
    *,
    handler: HumanApprovalHandler | None = None,
    browser_factory: BrowserFactory = launch_playwright,
    ai_factory: AIFactory | None = None,
    on_verdict: Callable[[int], None] | None = None,
) -> int:
    """One cancellation; the factories let tests and replays put other parts in.

    Ctrl+C (the task cancelled) is answered here: the person is told whether the final step
    ran, the run record says the same, and the browser is closed before the interrupt goes on.
    Once the verdict is printed it stands: ``on_verdict`` is told its exit code first, so the
    caller answers a later Ctrl+C (while the record is written) with that code, not 130.
    """
    service = get_service(options.service)
    if options.no_checkpoint and not options.simulated:
        raise ConfigurationError(
            "--no-checkpoint is refused against a real site: it works only with --sim"
        )
    terminal = Terminal(console)
    run = CancelJob(options, service, console, terminal, handler, on_verdict)
    try:
        code = await run.go(browser_factory, ai_factory or choose_ai)
    except asyncio.CancelledError:
        if run.code is not None:  # the verdict was printed: it stands (``on_verdict``)
            raise
        executed, said = interruption(run.orchestrator, run.check_at, simulated=run.simulated)
        console.print(f"\n{said}", markup=False, highlight=False)
        if terminal.record is not None:
            terminal.record.interrupted(final_step_executed=executed, detail=said)
        raise
    except BaseException as exc:
        if terminal.record is not None:
            terminal.record.notice(f"Stopped by an error: {exc}")
        raise
    finally:
        if terminal.record is not None:
            report = terminal.record.close()
            console.print(f"Run record: {report}", markup=False, highlight=False)
    return code


class CancelJob:
    """One cancellation under way: its parts kept where an interrupt can still read them."""

    def __init__(
        self,
        options: CancelOptions,
        service: ServiceConfig,
        console: Console,
        terminal: Terminal,
        handler: HumanApprovalHandler | None,
        on_verdict: Callable[[int], None] | None = None,
    ) -> None:
        self.options, self.service, self.console = options, service, console
        self.terminal, self.handler = terminal, handler
        self.on_verdict = on_verdict
        self.orchestrator: TaskOrchestrator | None = None
        self.check_at = service.initial_url
        self.simulated = options.simulated  # the simulator stops with the run: nothing to check
        self.code: int | None = None  # the verdict's exit code, once it is printed
        self._exits = contextlib.AsyncExitStack()  # what ends with the run (Playwright MCP)

    def approvals(self) -> HumanApprovalHandler:
        options, service = self.options, self.service
        if self.handler is not None:
            return self.handler
        if options.no_checkpoint:
            return AutoApprove(self.console)
        return TerminalApprovalHandler(
            self.console, window=options.window, instead=no_window_advice(options, service)
        )

    async def go(self, browser_factory: BrowserFactory, ai_factory: AIFactory) -> int:
        warming_patterns()  # beside the browser's launch, which is mostly waiting
        options, service = self.options, self.service
        approvals = self.approvals()
        self.terminal.handler = approvals
        ai = ai_factory(options, service, self.console, self.terminal)
        progress = Progress(self.console)
        async with start_page(service, sim=options.sim, url=options.url) as (start_url, simulated):
            self.simulated = simulated
            if simulated:
                self.check_at = start_url
            record = self._record(ai, start_url, simulated)
            launch = launch_options(
                simulated=simulated,
                window=options.window,
                profile=options.profile,
                no_display_fix=no_display_fix(options, service),
                downloads=kept_downloads(record, options.keep_downloads),
            )
            with progress.waiting("Starting the browser…"):
                browser = await browser_factory(launch)
            recorder = self._recorder(start_url, simulated)
            try:
                pwmcp = await self._pwmcp(browser, record)
                run = build_run(
                    service,
                    browser,
                    approvals,
                    ai=ai,
                    recorder=recorder,
                    record=record,
                    tool_server=self._tool_server(progress),
                    start_url=start_url,
                    allow_sites=options.allow_sites,
                    pwmcp=pwmcp,
                )
                with progress.waiting(f"Opening {start_url}…"):
                    problem = await open_start_page(
                        run.browser, start_url, fix_url=_fix_url(options)
                    )
                if problem:
                    self.terminal.notice(problem)
                if options.dry_run:
                    return await self._dry_run(run)
                result = await self._converse(run, ai, progress)
            finally:
                await self._exits.aclose()  # Playwright MCP first: it drives our browser
                await browser.close()
        return self._report(result, run.server)

    async def _pwmcp(self, browser: Browser, record: RunRecord | None) -> PwMcpClient | None:
        """Playwright MCP attached to the run's browser, when it is the chosen backend."""
        if self.options.backend != PLAYWRIGHT_MCP:
            return None
        if not isinstance(browser, PlaywrightBrowser):
            raise ConfigurationError("--backend playwright-mcp needs a real browser")
        options = PwMcpOptions(
            passthrough=self.options.pwmcp_passthrough,
            output_dir=record.folder if record is not None else None,
        )
        return await self._exits.enter_async_context(attached(browser, options))

    def _record(self, ai: AIClientProtocol, start_url: str, simulated: bool) -> RunRecord | None:
        """The run's record, started; None when the person asked for none."""
        options, service = self.options, self.service
        if options.runs_dir is None:
            return None
        record = RunRecord.create(service.name, runs_dir=options.runs_dir)
        record.start(
            start_url=start_url,
            mode="simulator" if simulated else "live",
            ai=ai_label(ai),
            display_name=service.display_name,
        )
        self.terminal.started(record)
        return record

    def _recorder(self, start_url: str, simulated: bool) -> Recorder | None:
        """A replayable recording of the run, with ``--record``."""
        options = self.options
        if options.record is None:
            return None
        return Recorder(
            options.record,
            service=self.service.name,
            flow=options.sim or "live",
            source="simulator" if simulated else "live",
            start_url=start_url,
        )

    def _tool_server(self, progress: Progress) -> Callable[[Browser], BrowserToolServer]:
        """The browser tools, with the progress a person watches and what pages did by
        themselves (a download, a new tab) told as notices."""

        def tool_server(page: Browser) -> BrowserToolServer:
            tools = ProgressTools(page)
            tools.progress = progress
            tools.on_side_effect.append(self.terminal.notice)
            return tools

        return tool_server

    async def _dry_run(self, run: Run) -> int:
        if self.terminal.record is not None:
            self.terminal.record.notice("Dry run: the first action was proposed, none executed.")
        assert run.ai is not None
        goal = self.service.goal_template
        return await _dry_run(run.ai, run, self.service, goal, self.console)

    async def _converse(self, run: Run, ai: AIClientProtocol, progress: Progress) -> TaskResult:
        """The conversation, watched (turns printed, written to the record) and recorded."""
        offline = isinstance(ai, OfflinePolicy)  # as chosen, before a wrapper (--record) hides it
        label = "Deciding…" if offline else "Waiting for the model…"
        orchestrator = run.conversation(
            ProgressAI(run.ai or ai, progress, label), max_turns=self.options.max_turns
        )
        self.orchestrator = orchestrator
        self._observe(orchestrator, run.server)
        self.console.print(  # a service file's name for itself: never read as markup
            f"Starting {self.service.display_name} cancellation...", markup=False
        )
        result = await orchestrator.run(self.service.goal_template)
        if run.recorder is not None:
            run.recorder.finish(result)
            record, services = self.options.record, self.options.services
            if record is not None:
                self.console.print(
                    f"Recorded to {record}\n"
                    f"Replay it: {replay_command(record, services)}\n"
                    f"Make its cassette: {cassette_command(record, services)}",
                    markup=False,
                )
        return result

    def _observe(self, orchestrator: TaskOrchestrator, tools: BrowserToolServer) -> None:
        console, record = self.console, self.terminal.record
        orchestrator.announcers.append(
            lambda turn, call, target: console.print(
                f"[Turn {turn}] {describe(call, target)}", markup=False, highlight=False
            )
        )
        if self.options.verbose:  # the thought as the turn begins: before its approval panel
            orchestrator.announcers.append(
                lambda turn, call, target: print_thought(console, orchestrator.thought)
            )
        orchestrator.cost.observers.append(
            lambda r: print_details(console, r, self.options.verbose)
        )
        if record is not None:
            orchestrator.announcers.append(
                lambda turn, call, target: record.turn_began(
                    turn=turn, tool=call.name, target=target, arguments=call.arguments
                )
            )
            orchestrator.cost.observers.append(
                lambda r: record.turn_row(r, _png(tools.last_snapshot))
            )

    def _report(self, result: TaskResult, tools: BrowserToolServer) -> int:
        """One verdict a person can act on; and its exit code (``exit_code``)."""
        said, colour = verdict(self.service, result)
        self.code = exit_code(result)
        if self.on_verdict is not None:
            self.on_verdict(self.code)
        self.console.print()
        self.console.print(said, style=colour, markup=False, highlight=False)  # page words in it
        if result.ends_on:
            self.console.print(f"Effective date: {shown(result.ends_on, SENTENCE)}", markup=False)
        record = self.terminal.record
        if record is not None:
            record.ended(result, summary=said, screenshot=_png(tools.last_snapshot))
        return exit_code(result)


def _fix_url(options: CancelOptions) -> str:
    """Where a start address that will not open came from, for its fix."""
    return "--url" if options.url else "the service's initial_url (or pass --url)"


def _png(snapshot: Snapshot | None) -> bytes | None:
    return base64.b64decode(snapshot.screenshot) if snapshot and snapshot.screenshot else None


async def _dry_run(
    ai: AIClientProtocol, run: Run, service: ServiceConfig, goal: str, console: Console
) -> int:
    """The AI's first proposal on the start page, shown and not executed: the page is read
    from the browser tools themselves, so no checkpoint runs on it."""
    tools = run.server
    first = await tools.execute("get_snapshot", {})
    await tools.side_effects_said()  # a download or a tab of the start page: told, not sent
    message = Message(role="user", content=f"Goal: {goal}", snapshot=first.snapshot)
    response = await ai.chat(
        [message], tool_schemas(), build_system_prompt(goal, service.system_prompt_addition)
    )
    console.print(
        f"Dry run on {shown(first.snapshot.page.url, URL)} "
        f"({len(first.snapshot.elements)} elements).",
        markup=False,
    )
    if not response.tool_calls or response.refusal:
        said = shown(response.refusal or response.content, AI_WORDS)
        console.print(f"The AI would not call a tool; it said: {said}", markup=False)
        return EXIT_SUCCESS
    call = response.tool_calls[0]
    preview = run.stack.preview(call)  # its target, and its arguments with secrets masked
    named = f' "{shown(preview.target, NAME)}"' if preview.target else ""
    proposed = shown(f"{call.name}{named} {preview.arguments}", AI_WORDS)
    console.print(f"Proposed first action: {proposed}", markup=False, highlight=False)
    console.print("Nothing was executed.")
    return EXIT_SUCCESS


def exit_code(result: TaskResult) -> int:
    """The exit code a script reads: 0 verified success, 3 connection errors (the model's
    API, the browser), 1 every other outcome; 4 when
    the person declined a step (``human_rejected``): a script can tell their no from a
    failure; and 2 when nobody could be asked (``no_one_to_ask``: no input at the prompt),
    which is fixed, as a bad argument is, by how the command is run; 5 when the model API
    answered something no known shape explains (``llm_malformed``): neither the network nor
    the page, but a server this program cannot read yet."""
    if result.success and result.verified:
        return EXIT_SUCCESS
    if result.reason == "human_rejected":
        return EXIT_DECLINED
    if result.reason == "no_one_to_ask":
        return EXIT_CONFIG
    if result.reason == "llm_malformed":
        return EXIT_MALFORMED
    connection = ("llm_error", "browser_error", "mcp_error")
    return EXIT_CONNECTION if result.reason in connection else EXIT_FAILURE
