"""``subterminator mcp``: the tool stack as an MCP server (the official ``mcp`` SDK, low level,
so tools/list carries the tool registry's schemas and descriptions unchanged).

One session per client: over stdio (and the SDK's in-process client) the server's lifespan is
the client's; over streamable HTTP each MCP session gets its own, closed when the session ends
(DELETE, idle timeout, shutdown). A request over HTTP without a session (the 2026 era's
sessionless calls) gets no browser: one shared by every such client would show each the others'
pages. Such clients are told to start a session, and ``server/discover`` says so up front.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import anyio
import mcp.types as types
from mcp import MCPError
from mcp.server import Server, ServerRequestContext
from mcp.server.streamable_http import StreamableHTTPServerTransport
from mcp.types import CONNECTION_CLOSED, INTERNAL_ERROR, INVALID_REQUEST
from mcp.types.version import HANDSHAKE_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS
from starlette.types import ASGIApp

from subterminator import __version__
from subterminator.browser.launch import BrowserFactory, launch_playwright
from subterminator.errors import BrowserError, ConfigurationError, MCPConnectionError
from subterminator.mcp.asking import CANNOT_ASK_DECISION, decision, question, schema_for
from subterminator.mcp.changes import WHOLE_PAGE_TOOLS
from subterminator.mcp.door import guarded, is_loopback, security_settings
from subterminator.mcp.facade import (
    TERMINATED,
    answered,
    before_launch,
    facade_result,
    launch_notes,
    launch_refused,
    session_args,
    terminate_refused,
    terminated,
)
from subterminator.mcp.pipes import stdio_streams
from subterminator.mcp.session import (
    ENDED,
    STOPPED,
    WENT_AWAY,
    McpOptions,
    McpSession,
    Running,
    idle_ending,
)
from subterminator.mcp.tools import Catalog, error, result, whole_text
from subterminator.mcp.wire import answering_malformed
from subterminator.models.approval import ApprovalDecision
from subterminator.models.conversation import ToolCall
from subterminator.pwmcp.door import INSTRUCTIONS as PWMCP_INSTRUCTIONS
from subterminator.pwmcp.door import Listing
from subterminator.pwmcp.options import PLAYWRIGHT_MCP
from subterminator.stack import Reply
from subterminator.tools.facade import V02
from subterminator.tools.spec import MCP

log = logging.getLogger(__name__)

DEFAULT_IDLE_TIMEOUT = 300.0  # seconds without a request before an HTTP session ends
CLOSE_BOUND = 60.0  # seconds the sessions get to close their browsers when the server stops
NO_SESSION = (
    "This server gives each MCP session its own browser, and this request belongs to no "
    "session. Initialise one (the initialize handshake) and send its Mcp-Session-Id header."
)
NOT_LISTED = "The tools could not be listed: {}"  # Playwright MCP's: no Node, no package
CLIENT_GONE = "The client went away before the person answered; nothing was approved."
INSTRUCTIONS = """SubTerminator's browser tools, with a safety gate: \
call browser_open to begin (the service's account page), get_snapshot to read the page, act \
with browser_click / browser_fill / browser_select on @eN refs from the latest reply, and end \
with complete_task, which is verified on the page. After the first whole page, an action's \
reply may carry only what changed: refs it does not list still stand; removed ones are stale; \
get_snapshot gives the whole page. Steps that may not be undoable are shown \
to the person first (MCP elicitation); you cannot approve them. A refusal comes back as \
error human_rejected: tell the person, follow their note, never retry the same step. An \
action that ran while the next step it showed was refused succeeds, with that refusal in \
its "declined" field: do not take that step, nor repeat the action. A reply with run_ended \
means the run is over: tell the person what it says."""


FACADE_INSTRUCTIONS = """SubTerminator's V02 browser tools, with a safety gate: \
browser_session launch opens the service's start page; read with browser_extract / \
browser_inspect, act with browser_interact on a CSS selector naming one element (or an @eN \
ref from the latest reply's data.snapshot). Steps that may not be undoable are shown to the \
person first (MCP elicitation); you cannot approve them. A refusal comes back with \
data.error_code human_rejected: tell the person, follow their note, never retry the same \
step. browser_execute asks the person on a cancellation flow's pages, and what it sends to \
the flow's site is held: use browser_interact for the flow's steps. There is no \
complete_task: when done, browser_session terminate ends the run, and its data.run_ended \
says how it ended, judged on the page."""


@dataclass
class Sessions:
    """Where a request's session lives: the lifespan's (one client) or the HTTP session's."""

    options: McpOptions
    browser_factory: BrowserFactory
    per_client: bool
    catalog: Catalog
    server: Server[Any] | None = None
    idle_timeout: float | None = None
    shared: McpSession | None = None
    opened: list[McpSession] = field(default_factory=list)
    closing: set[asyncio.Task[None]] = field(default_factory=set)

    def make(self) -> McpSession:
        session = McpSession(self.options, browser_factory=self.browser_factory)
        self.opened.append(session)
        return session

    def of(self, ctx: ServerRequestContext[Sessions]) -> McpSession:
        if self.per_client:
            if self.shared is None:
                self.shared = self.make()
            return self.shared
        connection = getattr(ctx.session, "_connection", None)  # the SDK's only way, in 2.3
        session_id = getattr(connection, "session_id", None)
        if connection is None or session_id is None:
            raise MCPError(code=INVALID_REQUEST, message=NO_SESSION)
        found = connection.state.get("subterminator")
        if found is None:
            found = connection.state["subterminator"] = self.make()
            transport = self._transport(session_id)
            connection.exit_stack.push_async_callback(self._session_ended, found, transport)
        return found  # type: ignore[no-any-return]

    def renew(self, ctx: ServerRequestContext[Sessions], old: McpSession) -> None:
        """A fresh session (its own browser and record, on its first call) where ``old``
        was: after the client terminated its browser. Over HTTP the next request makes it
        (``of``), so it too is closed when its HTTP session ends."""
        if old in self.opened:
            self.opened.remove(old)
        if self.per_client:
            self.shared = self.make()
            return
        connection = getattr(ctx.session, "_connection", None)
        if connection is not None and connection.state.get("subterminator") is old:
            del connection.state["subterminator"]

    def _transport(self, session_id: str) -> StreamableHTTPServerTransport | None:
        """The session's HTTP transport, which knows how the session ended."""
        if self.server is None:
            return None
        instances = getattr(self.server.session_manager, "_server_instances", {})  # 2.3: no API
        found = instances.get(session_id)
        return found if isinstance(found, StreamableHTTPServerTransport) else None

    def _ending(self, transport: StreamableHTTPServerTransport | None) -> str:
        if transport is None:
            return WENT_AWAY
        idle = transport.idle_scope
        if idle is not None and idle.cancel_called and self.idle_timeout is not None:
            return idle_ending(self.idle_timeout)
        return ENDED if transport.is_terminated else STOPPED

    async def _session_ended(
        self, session: McpSession, transport: StreamableHTTPServerTransport | None
    ) -> None:
        """Close it in a task of its own: the SDK gives a session's cleanup 5 s, and a
        browser that takes longer must still close (and free its profile)."""
        if session in self.opened:
            self.opened.remove(session)
        task = asyncio.create_task(session.aclose(self._ending(transport)))
        self.closing.add(task)
        task.add_done_callback(self.closing.discard)

    async def aclose(self) -> None:
        while self.closing:
            await asyncio.wait(set(self.closing))
        for session in self.opened:
            await session.aclose(WENT_AWAY if self.per_client else STOPPED)


def can_elicit(ctx: ServerRequestContext[Any]) -> bool:
    capabilities = ctx.session.client_capabilities
    asks = capabilities.elicitation if capabilities else None
    return asks is not None and (asks.form is not None or asks.url is None)  # {} means form


async def call_tool(
    ctx: ServerRequestContext[Sessions], params: types.CallToolRequestParams
) -> types.CallToolResult | types.InputRequiredResult:
    try:
        names = await ctx.lifespan_context.catalog.names()
    except (ConfigurationError, MCPConnectionError) as exc:  # no Node, no package
        return error("action_failed", NOT_LISTED.format(exc))
    if params.name not in names:
        return error(
            "invalid_params", f"unknown tool {params.name!r:.80}; the tools are: {', '.join(names)}"
        )
    session = ctx.lifespan_context.of(ctx)
    notes: dict[str, Any] = {}
    if session.options.tools == V02 and params.name == "browser_session":
        door = await facade_session(ctx, session, params.arguments)
        if isinstance(door, types.CallToolResult):
            return door
        notes = door
    running = None
    if params.request_state:  # a 2026-era retry: the answer to the question its call awaits
        answer = (params.input_responses or {}).get("approval")
        waiting = session.pending.get(params.request_state)
        if waiting is not None and waiting.waiting is not None:
            if isinstance(answer, types.ElicitResult):
                said = decision(waiting.waiting.request, answer.action, answer.content)
            else:
                said = ApprovalDecision(
                    approved=False, message="The client sent no answer.", by_person=False
                )
            running = await session.answer(params.request_state, said)
            session.pending.pop(params.request_state, None)
    try:
        if running is None:
            arguments = params.arguments or {}
            running = await session.begin(
                ToolCall(id=f"mcp-{ctx.request_id}", name=params.name, arguments=arguments)
            )
            running.notes = notes
        return await serve(ctx, session, running)
    except (ConfigurationError, BrowserError, MCPConnectionError) as exc:  # no Chromium,
        # no display, a bad option, a Playwright MCP that did not start
        return error("action_failed", f"The browser session could not start: {exc}")
    except Exception as exc:  # a bug: the client gets one line, the log the traceback
        log.exception("tool %s failed", params.name)
        return error("action_failed", f"{params.name} failed: {type(exc).__name__}: {exc}")


async def serve(
    ctx: ServerRequestContext[Sessions], session: McpSession, running: Running
) -> types.CallToolResult | types.InputRequiredResult:
    """Run the call; each question it asks goes to the person through the client."""
    while True:
        out = await session.step(running)
        if isinstance(out, Reply):
            if session.options.tools == V02:
                return facade_result(out, running.notes)
            whole = None if running.call.name in WHOLE_PAGE_TOOLS else whole_text(running.call, out)
            changed = session.shown.reply(session.run, running.call, out, whole)
            return result(running.call, out, session.images(), changed, whole)
        asked = out
        if not can_elicit(ctx):
            asked.answer.set_result(CANNOT_ASK_DECISION)
            continue
        message, schema = question(asked.request), schema_for(asked.request)
        if ctx.protocol_version in MODERN_PROTOCOL_VERSIONS:
            session.pending[running.token] = running
            return types.InputRequiredResult(
                input_requests={
                    "approval": types.ElicitRequest(
                        params=types.ElicitRequestFormParams(
                            message=message, requested_schema=schema
                        )
                    )
                },
                request_state=running.token,
            )
        if not ctx.session.can_send_request:  # JSON-response HTTP: no way to ask mid-call
            asked.answer.set_result(CANNOT_ASK_DECISION)
            continue
        try:
            answer = await ctx.session.elicit_form(
                message, schema, related_request_id=ctx.request_id
            )
        except MCPError as exc:
            log.info("elicitation failed: %s", exc)
            if exc.code == CONNECTION_CLOSED:
                # Nobody is left to answer: the question stays open, so the record shows it
                # unanswered when the session closes (not as a client that cannot ask).
                session.pending[running.token] = running
                return error("action_failed", CLIENT_GONE)
            asked.answer.set_result(CANNOT_ASK_DECISION)
            continue
        asked.answer.set_result(decision(asked.request, answer.action, answer.content))


async def facade_session(
    ctx: ServerRequestContext[Sessions], session: McpSession, arguments: dict[str, Any] | None
) -> types.CallToolResult | dict[str, Any]:
    """``browser_session``'s calls the door answers itself; for the rest (the front's, in the
    run) what the door adds to their reply. A terminate ends the run and its browser (a
    launch after it starts a new run); a list before a launch starts nothing."""
    args = session_args(arguments)
    if args is None:
        return {}
    if args.action == "launch":
        refusal = launch_refused(args, str(session.options.profile or "") or None)
        if refusal is not None:
            return answered(refusal)
        running = session.run is not None
        return launch_notes(args, running=running, headless=not session.options.window)
    if args.action == "terminate":
        refusal = terminate_refused(args, session.instance_id)
        if refusal is not None:
            return answered(refusal)
        await session.aclose(TERMINATED)
        ctx.lifespan_context.renew(ctx, session)
        return answered(terminated(session.instance_id, session.ended, session.left))
    if session.run is None:
        return answered(before_launch(args.action))
    return {"active": True} if args.action == "get_active" else {}


async def list_tools(
    ctx: ServerRequestContext[Sessions], params: types.PaginatedRequestParams | None
) -> types.ListToolsResult:
    try:
        tools = await ctx.lifespan_context.catalog.tools()
    except (ConfigurationError, MCPConnectionError) as exc:  # no Node, no package
        raise MCPError(code=INTERNAL_ERROR, message=NOT_LISTED.format(exc)) from exc
    return types.ListToolsResult(tools=tools)


def build_server(
    options: McpOptions,
    *,
    per_client: bool = True,
    browser_factory: BrowserFactory = launch_playwright,
    idle_timeout: float | None = None,
) -> Server[Sessions]:
    """The server. ``per_client``: its lifespan is one client's (stdio, in-process); False for
    HTTP, where sessions are the HTTP sessions' (ending after ``idle_timeout`` s unheard)."""
    pwmcp = options.backend == PLAYWRIGHT_MCP
    facade = options.tools == V02
    catalog = Catalog(Listing(options.pwmcp_passthrough) if pwmcp else None, V02 if facade else MCP)
    instructions = PWMCP_INSTRUCTIONS if pwmcp else FACADE_INSTRUCTIONS if facade else INSTRUCTIONS

    @contextlib.asynccontextmanager
    async def lifespan(server: Server[Sessions]) -> AsyncIterator[Sessions]:
        sessions = Sessions(options, browser_factory, per_client, catalog, server, idle_timeout)
        try:
            yield sessions
        finally:  # the client went (stdio EOF, in-process exit) or the server stops
            with anyio.move_on_after(CLOSE_BOUND, shield=True):
                await sessions.aclose()

    server = Server(
        "subterminator",
        version=__version__,
        title="SubTerminator",
        instructions=instructions,
        lifespan=lifespan,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )
    if not per_client:

        async def discover(
            ctx: ServerRequestContext[Sessions], params: types.RequestParams
        ) -> types.DiscoverResult:
            """Only the handshake era: a 2026-era client falls back to a session of its own."""
            return types.DiscoverResult(
                supported_versions=list(HANDSHAKE_PROTOCOL_VERSIONS),
                capabilities=server.get_capabilities(protocol_version=ctx.protocol_version),
                instructions=instructions,
            )

        server.add_request_handler("server/discover", types.RequestParams, discover)
    return server


async def serve_stdio(options: McpOptions) -> None:
    server = build_server(options)
    try:
        async with stdio_streams() as (read, write), answering_malformed(read, write) as checked:
            await server.run(checked, write, server.create_initialization_options())
    except* (BrokenPipeError, ConnectionResetError):  # a reply met a client that had died
        log.info("the client went away (its end of the pipe closed)")


def http_app(
    options: McpOptions,
    host: str,
    port: int,
    *,
    token: str | None = None,
    allowed_hosts: Sequence[str] = (),
    idle_timeout: float = DEFAULT_IDLE_TIMEOUT,
    browser_factory: BrowserFactory = launch_playwright,
) -> ASGIApp:
    """The streamable HTTP app, behind its door (``mcp.door``)."""
    server = build_server(
        options, per_client=False, browser_factory=browser_factory, idle_timeout=idle_timeout
    )
    settings = security_settings(host, port, allowed_hosts)
    app = server.streamable_http_app(
        host=host, transport_security=settings, session_idle_timeout=idle_timeout
    )
    return guarded(app, settings, token)


async def serve_http(
    options: McpOptions,
    host: str,
    port: int,
    *,
    token: str | None = None,
    allowed_hosts: Sequence[str] = (),
    idle_timeout: float = DEFAULT_IDLE_TIMEOUT,
) -> None:
    import uvicorn

    if token is None and not is_loopback(host):  # the CLI says so first; this is the backstop
        raise ConfigurationError(f"serving {host} beyond loopback needs a bearer token")
    app = http_app(
        options, host, port, token=token, allowed_hosts=allowed_hosts, idle_timeout=idle_timeout
    )
    config = uvicorn.Config(app, host=host.strip("[]"), port=port, log_level="warning")
    await uvicorn.Server(config).serve()
