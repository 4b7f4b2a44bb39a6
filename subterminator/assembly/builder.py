"""A run, assembled in one place for every front door: ``cancel``, ``record``, the MCP server
and the harness.

What one front door guarantees, the others do too, because none of them stacks the parts
itself: the start page (the bundled simulator, started and stopped here), how the browser is
launched, and the tool stack with the person, the replayable recording and the run record
wrapped around it in one order.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from subterminator.ai.protocol import AIClientProtocol
from subterminator.browser.playwright_browser import LaunchOptions
from subterminator.browser.protocol import Browser
from subterminator.errors import ConfigurationError
from subterminator.facade.assemble import TOOLS_NOTE as FACADE_NOTE
from subterminator.facade.assemble import FacadeSetup, facade_front, facade_server
from subterminator.facade.front import FacadeFront
from subterminator.models.approval import HumanApprovalHandler
from subterminator.net import is_local_url
from subterminator.orchestrator import TaskOrchestrator
from subterminator.outcome import dates, vocabulary
from subterminator.pwmcp.assemble import pwmcp_front, pwmcp_server
from subterminator.pwmcp.backend import PwMcpClient
from subterminator.pwmcp.front import TOOLS_NOTE, PwMcpFront
from subterminator.pwmcp.speaking import speaking
from subterminator.recording import Recorder, RecordingAI, RecordingApprovals, RecordingBrowser
from subterminator.runlog import RunRecord, RunRecordApprovals
from subterminator.services import ServiceConfig
from subterminator.snapshot.factory import SCREENSHOT_TOKENS, SnapshotFactory
from subterminator.snapshot.registry import ElementRegistry
from subterminator.stack import ToolStack, TopLayer
from subterminator.tools.registry import tool_schemas
from subterminator.tools.server import BrowserToolServer

DEFAULT_PROFILE = Path.home() / ".subterminator" / "browser-profile"
DEFAULT_RUNS = Path.home() / ".subterminator" / "runs"


@contextlib.asynccontextmanager
async def start_page(
    service: ServiceConfig, *, sim: str | None = None, url: str | None = None
) -> AsyncIterator[tuple[str, bool]]:
    """The start URL, and whether it is the bundled simulator (started and stopped here)."""
    if sim is None:
        yield url or service.initial_url, False
        return
    if service.name != "netflix":
        raise ConfigurationError(
            f"The simulator is Netflix's; {service.name} has none (use --url for its pages)"
        )
    from subterminator.simulator import NetflixSimulator

    simulator = NetflixSimulator(sim).start()
    try:
        yield url or simulator.url(), True
    finally:
        simulator.stop()


def is_simulated(sim: str | None, url: str | None) -> bool:
    """The bundled simulator, unless the start page was moved off this machine."""
    return sim is not None and (url is None or is_local_url(url))


def has_window(headed: bool | None, simulated: bool) -> bool:
    """A window unless told: on a real site a person may have to sign in; none on the simulator."""
    return headed if headed is not None else not simulated


class BrowserPlace:
    """Where a front door's browser runs, read alike by ``cancel`` and ``mcp`` options: the
    dataclass that mixes it in declares ``sim``, ``url`` and ``headed``."""

    sim: str | None
    url: str | None
    headed: bool | None

    @property
    def simulated(self) -> bool:
        return is_simulated(self.sim, self.url)

    @property
    def window(self) -> bool:
        return has_window(self.headed, self.simulated)


def launch_options(
    *,
    simulated: bool,
    window: bool,
    profile: Path | None = None,
    no_display_fix: str = "",
    downloads: Path | None = None,
) -> LaunchOptions:
    """How the browser starts: a simulator run is closed to the network and keeps no profile
    unless one is named; a real site uses the persistent profile (its sign-in). What pages
    download is refused unless ``downloads`` names a folder to keep it in."""
    return LaunchOptions(
        headless=not window,
        profile_dir=profile or (None if simulated else DEFAULT_PROFILE),
        block_non_local=simulated,
        no_display_fix=no_display_fix,
        downloads=downloads,
    )


ToolServer = Callable[[Browser], BrowserToolServer]  # the browser's tools, made for a run
Front = PwMcpFront | FacadeFront  # another surface's tools in front of the stack


def browser_tools(
    *,
    screenshots: bool = True,
    notices: Callable[[str], None] | None = None,
    keep_refs: bool = False,
) -> ToolServer:
    """The browser's tools as a front door wants them, made here rather than by it: snapshots
    with a screenshot or without (an MCP client with no run record takes its own image), who
    is told what pages did by themselves (a download, a new tab), and whether an element that
    did not change keeps its ref (a client sent what changed rather than every page whole)."""

    def made(browser: Browser) -> BrowserToolServer:
        registry = ElementRegistry(keep_refs=keep_refs)
        shots = SCREENSHOT_TOKENS if screenshots else None
        factory = SnapshotFactory(browser, registry, screenshot_tokens=shots)
        server = BrowserToolServer(browser, registry=registry, factory=factory)
        if notices is not None:
            server.on_side_effect.append(notices)
        return server

    return made


DOWNLOADS = "downloads"  # the run record's folder for the downloads a person keeps


def kept_downloads(record: RunRecord | None, keep: bool) -> Path | None:
    """Where a run keeps what pages download: in its record, when the person asked to."""
    if not keep:
        return None
    if record is None:
        raise ConfigurationError(
            "--keep-downloads keeps them in the run record, and this run writes none"
        )
    return record.folder / DOWNLOADS


@dataclass
class Run:
    """The parts of one run. ``browser`` and ``ai`` are as the run uses them (recording, if on);
    ``top`` is the only way in to the browser: the ``stack``, or Playwright MCP's tools in
    front of it."""

    service: ServiceConfig
    browser: Browser
    stack: ToolStack
    ai: AIClientProtocol | None = None
    recorder: Recorder | None = None
    record: RunRecord | None = None
    front: Front | None = None

    @property
    def top(self) -> TopLayer:
        return self.stack if self.front is None else self.front

    @property
    def schemas(self) -> list[dict[str, Any]]:
        """The tools the model is given: ours, or Playwright MCP's and our two."""
        return tool_schemas() if self.front is None else self.front.surface.schemas()

    @property
    def server(self) -> BrowserToolServer:
        return self.stack.server

    def conversation(
        self, ai: AIClientProtocol | None = None, *, max_turns: int | None = None
    ) -> TaskOrchestrator:
        """The conversation loop over this run's stack; ``ai`` wraps ``self.ai`` (progress)."""
        chosen = ai or self.ai
        if chosen is None:
            raise ValueError("a conversation needs an AI")
        note = ""
        if self.front is not None:
            note = FACADE_NOTE if isinstance(self.front, FacadeFront) else TOOLS_NOTE
        return TaskOrchestrator(
            chosen,
            self.top,
            self.service,
            max_turns=max_turns,
            schemas=self.schemas,
            tools_note=note,
        )


def warming_patterns() -> asyncio.Future[None] | None:
    """The date and outcome patterns that questions, the judge and the offline policy read,
    built in a thread beside the run's first page rather than on the loop when first read."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # built outside a loop (a test): the first read builds them
        return None
    return loop.run_in_executor(None, _warm)


def _warm() -> None:
    dates.warm()
    vocabulary.warm()


def build_run(
    service: ServiceConfig,
    browser: Browser,
    approvals: HumanApprovalHandler | None,
    *,
    ai: AIClientProtocol | None = None,
    recorder: Recorder | None = None,
    record: RunRecord | None = None,
    log_calls: bool = False,
    tool_server: ToolServer = BrowserToolServer,
    start_url: str = "",
    allow_sites: tuple[str, ...] = (),
    pwmcp: PwMcpClient | None = None,
    facade: FacadeSetup | None = None,
) -> Run:
    """The one order of wrappers: the recorder sees the browser, the AI and the person first;
    the run record sees the person as answered; with ``log_calls`` (a front door with no
    conversation to log, the MCP server) the record also logs every tool call. With
    ``pwmcp`` (Playwright MCP attached to ``browser``) its tools stand in front of the stack
    and its actions run at the bottom of it, in place of ours."""
    warming_patterns()
    launched, driver = browser, ai
    if recorder is not None:
        browser = RecordingBrowser(browser, recorder)
        ai = RecordingAI(ai, recorder) if ai is not None else None
        approvals = RecordingApprovals(approvals, recorder) if approvals is not None else None
    if record is not None and approvals is not None:
        approvals = RunRecordApprovals(approvals, record)
    log = record if (log_calls and record is not None) else None
    server = tool_server(browser)
    if pwmcp is not None:
        server = pwmcp_server(browser, pwmcp, launched, server)
    elif facade is not None:
        server = facade_server(browser, launched, facade, server)
    stack = ToolStack(
        server,
        service,
        approvals,
        log=log,
        start_url=start_url,
        allow_sites=allow_sites,
    )
    if recorder is not None:
        recorder.registry = stack.server.registry  # its AI's calls masked as the run masks them
    if record is not None and allow_sites:
        record.notice(
            "The browser may also open these sites without asking (--allow-site): "
            + ", ".join(allow_sites)
        )
    spoken = None if pwmcp is None else pwmcp_front(stack, pwmcp, launched)
    speaking(driver, spoken)  # a driver of our own tools says its calls in Playwright MCP's
    front: Front | None = spoken
    if facade is not None:
        front = facade_front(stack, launched, facade)
    return Run(service, browser, stack, ai, recorder, record, front)


def build_conversation(
    ai: AIClientProtocol,
    browser: Browser,
    service: ServiceConfig,
    approvals: HumanApprovalHandler | None = None,
    max_turns: int | None = None,
    *,
    allow_sites: tuple[str, ...] = (),
    tool_server: ToolServer = BrowserToolServer,
) -> TaskOrchestrator:
    """The conversation loop over a run built here, with no recording and no run record: for
    a caller that brings its own browser and person (a replay, a test)."""
    run = build_run(
        service, browser, approvals, ai=ai, tool_server=tool_server, allow_sites=allow_sites
    )
    return run.conversation(max_turns=max_turns)
