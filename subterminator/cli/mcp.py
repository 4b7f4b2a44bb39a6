"""``subterminator mcp``: serve the tool stack to an MCP client (stdio, or streamable HTTP)."""

from __future__ import annotations

import argparse
import asyncio
import functools
import logging
import os
import sys

from subterminator.assembly import DEFAULT_RUNS
from subterminator.cancellation import EXIT_SUCCESS
from subterminator.cli.app import logs_to_stderr
from subterminator.cli.checks import check_runs_dir, check_simulator
from subterminator.errors import ConfigurationError
from subterminator.facade.search import provider
from subterminator.mcp.door import is_loopback
from subterminator.mcp.server import serve_http, serve_stdio
from subterminator.mcp.session import DEFAULT_TOOLS, McpOptions, Tools
from subterminator.mcp.token import Token, find_token
from subterminator.pwmcp.options import BUILTIN
from subterminator.pwmcp.preflight import preflight
from subterminator.services import get_service
from subterminator.tools.facade import V02

HTTP_ONLY = ("allow_remote", "require_token", "token_file", "allowed_host")


def options(args: argparse.Namespace) -> McpOptions:
    if args.keep_downloads and args.no_record:
        raise ConfigurationError(
            "--keep-downloads keeps them in the run record: it cannot go with --no-record"
        )
    get_service(args.service)  # an unknown service is refused before serving
    check_simulator(args.service, args.sim)
    runs_dir = None if args.no_record else (args.runs_dir or DEFAULT_RUNS)
    if runs_dir is not None:
        check_runs_dir(runs_dir)
    said = functools.partial(print, file=sys.stderr)  # stdout is the protocol's
    passthrough = preflight(args.backend, args.playwright_mcp_option, say=said)
    return McpOptions(
        service=args.service,
        sim=args.sim,
        url=args.url,
        allow_sites=tuple(args.allow_site),
        headed=args.headed,
        profile=args.profile,
        runs_dir=runs_dir,
        screenshots=args.screenshots,
        keep_downloads=args.keep_downloads,
        backend=args.backend,
        pwmcp_passthrough=passthrough,
        tools=tools(args),
        search=args.search,
        changes=not args.whole_replies,
    )


def tools(args: argparse.Namespace) -> Tools:
    """The tools served; the facade's with our own browser tools only."""
    if args.tools == V02 and args.backend != BUILTIN:
        raise ConfigurationError("--tools v02 runs on the builtin backend: drop --backend")
    if args.search is not None and args.tools != V02:
        raise ConfigurationError("--search is web_search's provider: it goes with --tools v02")
    if args.tools == V02:
        provider(args.search)  # a provider that cannot be used is said now, not at a search
    return "v02" if args.tools == V02 else DEFAULT_TOOLS


def http_token(args: argparse.Namespace, host: str) -> Token | None:
    """The token HTTP clients must send; beyond loopback, only with --allow-remote and a token."""
    remote = not is_loopback(host)
    if remote and not args.allow_remote:
        raise ConfigurationError(
            f"--http {host} lets other machines drive this browser: add --allow-remote (a bearer "
            "token is then required), or bind 127.0.0.1"
        )
    return find_token(os.environ, args.token_file, required=remote or args.require_token)


def banner(host: str, port: str, token: Token | None) -> None:
    """What the person needs to connect a client, on stderr (stdout is the protocol's)."""
    print(f"SubTerminator MCP server: http://{host}:{port}/mcp", file=sys.stderr)
    if token is not None:
        print(
            f"Clients must send `Authorization: Bearer <token>`; the token is in {token.where}.",
            file=sys.stderr,
        )
    if not is_loopback(host):
        print(
            "Warning: reachable beyond this machine over plain HTTP; whoever sees the traffic "
            "sees the token. Prefer an SSH tunnel or a TLS proxy.",
            file=sys.stderr,
        )


def mcp(args: argparse.Namespace) -> int:
    """Serve until the client goes (stdio: its end of the pipe closes) or Ctrl+C (HTTP).
    Logs go to stderr: stdout is the protocol's. Whatever can be refused is refused first
    (one line, exit 2), before anything is served."""
    if args.http is None:
        given = [f"--{n.replace('_', '-')}" for n in HTTP_ONLY if getattr(args, n)]
        if given:
            raise ConfigurationError(f"{', '.join(given)} only apply to --http")
    logs_to_stderr(logging.INFO if args.verbose else logging.WARNING, logging.BASIC_FORMAT)
    chosen = options(args)
    try:
        if args.http is None:
            asyncio.run(serve_stdio(chosen))
        else:
            host, _, port = args.http.rpartition(":")
            host = host or "127.0.0.1"
            token = http_token(args, host)
            banner(host, port, token)
            asyncio.run(
                serve_http(
                    chosen,
                    host,
                    int(port),
                    token=token.value if token else None,
                    allowed_hosts=args.allowed_host,
                    idle_timeout=args.idle_timeout,
                )
            )
    except KeyboardInterrupt:
        pass
    return EXIT_SUCCESS
