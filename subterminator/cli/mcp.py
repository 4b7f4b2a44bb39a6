"""``subterminator mcp``: serve the tool stack to an MCP client (stdio, or streamable HTTP)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

from subterminator.cancel import EXIT_SUCCESS
from subterminator.cli.app import logs_to_stderr
from subterminator.mcp.server import serve_http, serve_stdio
from subterminator.mcp.session import McpOptions
from subterminator.run import DEFAULT_RUNS


def options(args: argparse.Namespace) -> McpOptions:
    return McpOptions(
        service=args.service,
        sim=args.sim,
        url=args.url,
        headed=args.headed,
        profile=args.profile,
        runs_dir=None if args.no_record else (args.runs_dir or DEFAULT_RUNS),
        screenshots=args.screenshots,
    )


def mcp(args: argparse.Namespace) -> int:
    """Serve until the client goes (stdio: its end of the pipe closes) or Ctrl+C (HTTP).
    Logs go to stderr: stdout is the protocol's."""
    logs_to_stderr(logging.INFO if args.verbose else logging.WARNING, logging.BASIC_FORMAT)
    chosen = options(args)
    try:
        if args.http is None:
            asyncio.run(serve_stdio(chosen))
        else:
            host, _, port = args.http.rpartition(":")
            print(
                f"SubTerminator MCP server: http://{host or '127.0.0.1'}:{port}/mcp",
                file=sys.stderr,
            )
            asyncio.run(serve_http(chosen, host or "127.0.0.1", int(port)))
    except KeyboardInterrupt:
        pass
    return EXIT_SUCCESS
