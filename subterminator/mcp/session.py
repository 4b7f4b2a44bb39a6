"""One MCP client's run: its browser, tool stack and run record.

Started on the client's first tool call and closed when the client goes (``aclose``): the
browser is closed, the simulator stopped, and the run record written, with the outcome if
``complete_task`` was accepted, or how far the run got if not.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import logging
import secrets
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

import mcp.types as types

from subterminator.assembly import (
    DEFAULT_RUNS,
    BrowserPlace,
    Run,
    browser_tools,
    build_run,
    kept_downloads,
    launch_options,
    start_page,
    warming_patterns,
)
from subterminator.browser.launch import BrowserFactory, launch_playwright
from subterminator.facade.assemble import FacadeSetup
from subterminator.mcp.asking import AskingPerson, Question
from subterminator.mcp.changes import Shown
from subterminator.mcp.facade import facade_setup, judged_on_page
from subterminator.models.approval import ApprovalDecision
from subterminator.models.conversation import ToolCall
from subterminator.models.result import TaskResult
from subterminator.net import http_problem
from subterminator.pwmcp.door import attach
from subterminator.pwmcp.options import BUILTIN, PLAYWRIGHT_MCP, Backend
from subterminator.runlog import RunRecord
from subterminator.services import get_service
from subterminator.stack import Reply
from subterminator.terminal import verdict
from subterminator.tools.facade import V02

log = logging.getLogger(__name__)

UNANSWERED = "The question was not answered (the client sent another call instead)."
# How a session ended, as its run record says it (followed by "before complete_task ...").
WENT_AWAY = "The client went away"  # stdio EOF or broken pipe, an in-process client's exit
ENDED = "The client ended its session"  # an HTTP DELETE
STOPPED = "The server stopped"
STOP_BOUND = 10.0  # seconds a call under way gets to stop when its session closes


def idle_ending(seconds: float) -> str:
    span = f"{seconds / 60:g} min" if seconds >= 60 else f"{seconds:g} s"
    return f"The client went away or went quiet (no request for {span}), so its session ended"


Tools = Literal["default", "v02"]
DEFAULT_TOOLS: Tools = "default"


@dataclass(frozen=True)
class McpOptions(BrowserPlace):
    service: str = "netflix"
    sim: str | None = None  # simulator variant; None for the real site
    url: str | None = None  # start page override
    allow_sites: tuple[str, ...] = ()  # --allow-site: the reach widened, said in the record
    headed: bool | None = None  # None: a window on real sites, none on the simulator
    profile: Path | None = None
    runs_dir: Path | None = DEFAULT_RUNS  # None: no run record
    # A screenshot with every snapshot (--screenshots, kept for old
    # client configurations). With a record, each turn's screenshot is taken after the
    # reply, off its path. The client gets none with a snapshot (``browser_screenshot`` is
    # its image).
    screenshots: bool = False
    keep_downloads: bool = False  # what pages download is kept in the run record, not refused
    backend: Backend = BUILTIN  # whose browser tools run behind the gate
    pwmcp_passthrough: tuple[str, ...] = ()  # Playwright MCP's own options, judged safe
    tools: Tools = DEFAULT_TOOLS  # the tools listed: ours, or the V02 facade's
    search: str | None = None  # web_search's provider (the facade's); None: the default
    # After the first whole page, an action's reply carries what changed (mcp.changes), and
    # an element that did not change keeps its ref; off (--whole-replies): every reply whole
    changes: bool = True

    @property
    def sends_changes(self) -> bool:
        """Our own tools only: Playwright MCP's and the facade's replies are their own."""
        return self.changes and self.tools == DEFAULT_TOOLS and self.backend == BUILTIN


def left_standing(run: Run, tools: Tools, ending: str) -> tuple[bool | None, str]:
    """How a session left before ``complete_task`` stands: whether an approved step ran
    (None: it may have), which, when, and what to check."""
    ran, action = run.stack.final_step_state()
    if ran is False:
        before = "" if tools == V02 else " before complete_task"
        return ran, f"{ending}{before}; nothing approved ran."
    check = f"check your {run.service.display_name} account page or e-mail for a confirmation."
    if ran is None:
        return ran, (
            f"{ending} while the approved step ({action}) was being carried out: it may "
            f"have gone through; {check}"
        )
    step = run.stack.approved_step
    when = f" at {step.at:%H:%M:%S}" if step and step.action == action else ""
    return ran, f"{ending} after the approved step ({action}) ran{when}: {check}"


@dataclass
class Running:
    """A tool call under way; it may be waiting for the person's answer (``waiting``)."""

    call: ToolCall
    task: asyncio.Task[Reply]
    token: str = field(default_factory=lambda: secrets.token_urlsafe(16))
    waiting: Question | None = None
    notes: dict[str, Any] = field(default_factory=dict)  # the door's, added to the reply


class McpSession:
    def __init__(
        self, options: McpOptions, *, browser_factory: BrowserFactory = launch_playwright
    ) -> None:
        self.options = options
        self.browser_factory = browser_factory
        self.person = AskingPerson(window=options.window)
        self.run: Run | None = None
        self.record: RunRecord | None = None
        self.ended: TaskResult | None = None
        self.calls = 0
        self.pending: dict[str, Running] = {}  # waiting for an answer, by their token
        self.current: Running | None = None  # the call under way, if any
        self.instance_id = f"st-{secrets.token_hex(4)}"  # the facade's name for its browser
        self.left: str | None = None  # how the run stood when it closed with no ending
        self.shown = Shown(options.sends_changes)  # the last page the client was sent
        self._exit = contextlib.AsyncExitStack()
        self._lock = asyncio.Lock()
        self._closed = False

    # -- the first use -----------------------------------------------------------------------

    async def _started(self) -> Run:
        """The session's run, started now if it is not yet. A start that fails (no Chromium,
        a profile in use) leaves nothing behind: its record says why, and the next call tries
        again from the beginning."""
        if self.run is not None:
            return self.run
        if self._closed:
            raise RuntimeError("this MCP session is closed")
        try:
            return await self._start()
        except BaseException as exc:
            record, self.record = self.record, None
            try:
                await self._exit.aclose()
            finally:
                self._exit = contextlib.AsyncExitStack()
                if record is not None:
                    record.notice(f"Could not start: {exc}")
                    record.close()
            raise

    async def _start(self) -> Run:
        warming_patterns()  # beside the browser's launch, which is mostly waiting
        options = self.options
        service = get_service(options.service)
        start_url, simulated = await self._exit.enter_async_context(
            start_page(service, sim=options.sim, url=options.url)
        )
        if options.runs_dir is not None:
            self.record = RunRecord.create(service.name, runs_dir=options.runs_dir)
            self.record.start(
                start_url=start_url,
                mode="simulator" if simulated else "live",
                ai="mcp client",
                display_name=service.display_name,
            )
        launch = launch_options(
            simulated=simulated,
            window=options.window,
            profile=options.profile,
            no_display_fix="start the server with --headless, or in a desktop session",
            downloads=kept_downloads(self.record, options.keep_downloads),
        )
        browser = await self.browser_factory(launch)
        self._exit.push_async_callback(browser.close)
        record = self.record
        pwmcp = None
        if options.backend == PLAYWRIGHT_MCP:  # it ends before the browser closes
            folder = record.folder if record is not None else None
            pwmcp = await attach(self._exit, browser, options.pwmcp_passthrough, folder)
        run = build_run(
            service,
            browser,
            self.person,
            record=self.record,
            log_calls=True,
            start_url=start_url,
            # the record's turns get their screenshot after the reply (``LoggedCalls``);
            # a download, a new tab: the client's reply says it, and so does the record
            tool_server=browser_tools(
                screenshots=self.options.screenshots,
                notices=record.notice if record is not None else None,
                keep_refs=options.sends_changes,
            ),
            allow_sites=self.options.allow_sites,
            pwmcp=pwmcp,
            facade=self._facade(record),
        )
        problem = http_problem(await run.browser.navigate(start_url))
        if problem and self.record is not None:
            self.record.notice(f"The start page answered {problem}: {start_url}")
        self.run = run
        return run

    def _facade(self, record: RunRecord | None) -> FacadeSetup | None:
        """The facade's session, when it is the tools served (``facade_setup``)."""
        options = self.options
        if options.tools != V02:
            return None
        folder = record.folder if record is not None else None
        downloads = kept_downloads(record, options.keep_downloads)
        return facade_setup(
            self.instance_id, not options.window, folder, downloads, options.search, self._exit
        )

    # -- calls -----------------------------------------------------------------------------

    async def begin(self, call: ToolCall) -> Running:
        """Start a call. A call left waiting for an answer that never came is answered no
        first (it cannot run unasked), so one call runs at a time."""
        for token in list(self.pending):
            await self.answer(
                token, ApprovalDecision(approved=False, message=UNANSWERED, by_person=False)
            )
            await self.finish(self.pending.pop(token))
        await self._lock.acquire()
        try:
            run = await self._started()
        except BaseException:
            self._lock.release()
            raise
        self.calls += 1
        task = asyncio.create_task(self._execute(run, call))
        task.add_done_callback(lambda _: self._lock.release())
        self.current = Running(call, task)
        return self.current

    async def _execute(self, run: Run, call: ToolCall) -> Reply:
        """The call through the stack; an ending it brings judged by the rule the conversation
        loop ends by (``Completion.settle``): an approved step that ran is never a plain
        failure. Once the run's ending is recorded, a later call reports that one
        (``_ended``): judging its ending again would take a fresh capture for nothing. The
        call itself still goes through every layer, its page through every check."""
        reply = await run.top.execute(call)
        if self.ended is not None:
            return reply
        return await run.stack.settled(reply)

    def images(self) -> tuple[types.ImageContent, ...]:
        """What Playwright MCP sent with the last call's answer (its screenshot), when it is
        this session's backend: passed on as it came."""
        front = self.run.front if self.run is not None else None
        return front.images if front is not None else ()

    async def step(self, running: Running) -> Reply | Question:
        """Run the call until it ends or asks the person."""
        getter = asyncio.ensure_future(self.person.questions.get())
        done, _ = await asyncio.wait({running.task, getter}, return_when=asyncio.FIRST_COMPLETED)
        if getter in done:
            running.waiting = getter.result()
            return running.waiting
        getter.cancel()
        running.waiting = None
        if self.current is running:
            self.current = None
        return self._ended(running.task.result())

    async def answer(self, token: str, decision: ApprovalDecision) -> Running | None:
        """The person's answer to the question a call is waiting on; None if none waits."""
        running = self.pending.get(token)
        if running is None or running.waiting is None:
            return None
        if not running.waiting.answer.done():
            running.waiting.answer.set_result(decision)
        running.waiting = None
        return running

    async def finish(self, running: Running) -> Reply | None:
        """Let a call run to its end, refusing whatever else it asks."""
        while True:
            out = await self.step(running)
            if isinstance(out, Reply):
                return out
            out.answer.set_result(
                ApprovalDecision(approved=False, message=UNANSWERED, by_person=False)
            )

    def _ended(self, reply: Reply) -> Reply:
        """An ending with its turns (the client's calls so far), recorded the first time, in
        the sentence ``cancel`` shows a person for the same ending."""
        if reply.ended is None:
            return reply
        if self.ended is not None:  # the run ended once: a later call reports that ending
            return replace(reply, ended=self.ended)
        result = self._recorded(reply.ended, reply.snapshot.screenshot)
        return replace(reply, ended=result)

    def _recorded(self, ending: TaskResult, shot: str | None) -> TaskResult:
        """The run's one ending, with its turns, in its record with the page it ended on."""
        result = ending.model_copy(update={"turns": self.calls})
        self.ended = result
        if self.record is not None and self.run is not None:
            self.record.ended(
                result,
                summary=verdict(self.run.service, result)[0],
                screenshot=base64.b64decode(shot) if shot else None,
            )
        return result

    # -- the end -----------------------------------------------------------------------------

    async def aclose(self, ending: str = WENT_AWAY) -> None:
        """The client went (``ending`` says how): a call under way stops where it stands (a
        question left open is recorded as unanswered), the browser closes, the record is
        written."""
        if self._closed:
            return
        self._closed = True
        under_way = {r.task for r in self.pending.values()}
        if self.current is not None:
            under_way.add(self.current.task)
        self.pending.clear()
        for task in under_way:
            task.cancel()
        if under_way:  # bounded: a call that ignores its cancel must not keep the browser
            await asyncio.wait(under_way, timeout=STOP_BOUND)
        try:
            if self.run is not None:  # the turns' screenshots, taken after their replies
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.run.stack.written(), STOP_BOUND)
            if self.options.tools == V02 and self.run is not None and self.ended is None:
                # no complete_task: the run is judged on its page (``judged_on_page``)
                judged = await judged_on_page(self.run.stack, ending, STOP_BOUND)
                if judged is not None:
                    self._recorded(*judged)
            if self.record is not None and self.run is not None and self.ended is None:
                ran, self.left = left_standing(self.run, self.options.tools, ending)
                self.record.interrupted(final_step_executed=ran, detail=self.left)
        finally:
            try:
                await self._exit.aclose()
            finally:
                if self.record is not None:
                    report = self.record.close()
                    log.info("run record: %s", report)
