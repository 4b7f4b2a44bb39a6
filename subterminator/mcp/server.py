"""``subterminator mcp``: the tool stack as an MCP server (the official ``mcp`` SDK, low level,
so tools/list carries spec 01's own schemas and descriptions unchanged).

One session per client: over stdio (and the SDK's in-process client) the server's lifespan is
the client's; over streamable HTTP each MCP session gets its own, closed when the session ends
(DELETE, idle timeout, shutdown). A 2026-era HTTP client has no session: those share one.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import mcp.types as types
from mcp import MCPError
from mcp.server import Server, ServerRequestContext
from mcp.types.version import MODERN_PROTOCOL_VERSIONS

from subterminator import __version__
from subterminator.browser.launch import BrowserFactory, launch_playwright
from subterminator.errors import BrowserError, ConfigurationError
from subterminator.mcp.asking import CANNOT_ASK, decision, question, schema_for
from subterminator.mcp.session import McpOptions, McpSession, Running
from subterminator.mcp.tools import NAMES, error, result, tool_list
from subterminator.models.approval import ApprovalDecision
from subterminator.models.conversation import ToolCall
from subterminator.stack import Reply

log = logging.getLogger(__name__)

INSTRUCTIONS = """SubTerminator's browser tools, with a safety gate: \
call browser_open to begin (the service's account page), get_snapshot to read the page, act \
with browser_click / browser_fill / browser_select on @eN refs from the latest reply, and end \
with complete_task, which is verified on the page. Steps that may not be undoable are shown \
to the person first (MCP elicitation); you cannot approve them. A refusal comes back as \
error human_rejected: tell the person, follow their note, never retry the same step."""


@dataclass
class Sessions:
    """Where a request's session lives: the lifespan's (one client) or the HTTP session's."""

    options: McpOptions
    browser_factory: BrowserFactory
    per_client: bool
    shared: McpSession | None = None
    opened: list[McpSession] = field(default_factory=list)

    def make(self) -> McpSession:
        session = McpSession(self.options, browser_factory=self.browser_factory)
        self.opened.append(session)
        return session

    def of(self, ctx: ServerRequestContext[Sessions]) -> McpSession:
        connection = getattr(ctx.session, "_connection", None)  # the SDK's only way, in 2.3
        session_id = getattr(connection, "session_id", None)
        if not self.per_client and connection is not None and session_id is not None:
            found = connection.state.get("subterminator")
            if found is None:
                found = connection.state["subterminator"] = self.make()
                connection.exit_stack.push_async_callback(found.aclose)
            return found  # type: ignore[no-any-return]
        if self.shared is None:
            self.shared = self.make()
        return self.shared

    async def aclose(self) -> None:
        for session in self.opened:
            await session.aclose()


def can_elicit(ctx: ServerRequestContext[Any]) -> bool:
    capabilities = ctx.session.client_capabilities
    asks = capabilities.elicitation if capabilities else None
    return asks is not None and (asks.form is not None or asks.url is None)  # {} means form


async def call_tool(
    ctx: ServerRequestContext[Sessions], params: types.CallToolRequestParams
) -> types.CallToolResult | types.InputRequiredResult:
    if params.name not in NAMES:
        return error(
            "invalid_params", f"unknown tool {params.name!r:.80}; the tools are: {', '.join(NAMES)}"
        )
    session = ctx.lifespan_context.of(ctx)
    running = None
    if params.request_state:  # a 2026-era retry: the answer to the question its call awaits
        answer = (params.input_responses or {}).get("approval")
        waiting = session.pending.get(params.request_state)
        if waiting is not None and waiting.waiting is not None:
            if isinstance(answer, types.ElicitResult):
                said = decision(waiting.waiting.request, answer.action, answer.content)
            else:
                said = ApprovalDecision(approved=False, message="The client sent no answer.")
            running = await session.answer(params.request_state, said)
            session.pending.pop(params.request_state, None)
    try:
        if running is None:
            arguments = params.arguments or {}
            running = await session.begin(
                ToolCall(id=f"mcp-{ctx.request_id}", name=params.name, arguments=arguments)
            )
        return await serve(ctx, session, running)
    except (ConfigurationError, BrowserError) as exc:  # no Chromium, no display, a bad option
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
            return result(running.call, out)
        asked = out
        if not can_elicit(ctx):
            asked.answer.set_result(ApprovalDecision(approved=False, message=CANNOT_ASK))
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
            asked.answer.set_result(ApprovalDecision(approved=False, message=CANNOT_ASK))
            continue
        try:
            answer = await ctx.session.elicit_form(
                message, schema, related_request_id=ctx.request_id
            )
        except MCPError as exc:
            log.info("elicitation failed: %s", exc)
            asked.answer.set_result(ApprovalDecision(approved=False, message=CANNOT_ASK))
            continue
        asked.answer.set_result(decision(asked.request, answer.action, answer.content))


async def list_tools(
    ctx: ServerRequestContext[Sessions], params: types.PaginatedRequestParams | None
) -> types.ListToolsResult:
    return types.ListToolsResult(tools=tool_list())


def build_server(
    options: McpOptions,
    *,
    per_client: bool = True,
    browser_factory: BrowserFactory = launch_playwright,
) -> Server[Sessions]:
    """The server. ``per_client``: its lifespan is one client's (stdio, in-process); False for
    HTTP, where sessions are the HTTP sessions'."""

    @contextlib.asynccontextmanager
    async def lifespan(_: Server[Sessions]) -> AsyncIterator[Sessions]:
        sessions = Sessions(options, browser_factory, per_client)
        try:
            yield sessions
        finally:  # the client went (stdio EOF, in-process exit) or the server stops
            await sessions.aclose()

    return Server(
        "subterminator",
        version=__version__,
        title="SubTerminator",
        instructions=INSTRUCTIONS,
        lifespan=lifespan,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )


async def serve_stdio(options: McpOptions) -> None:
    from mcp.server.stdio import stdio_server

    server = build_server(options)
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


async def serve_http(options: McpOptions, host: str, port: int) -> None:
    import uvicorn

    server = build_server(options, per_client=False)
    app = server.streamable_http_app(host=host)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning")
    await uvicorn.Server(config).serve()
