"""Runs a parsed command; every failure a person can meet ends in one line and an exit code.

Exit codes, so a script tells the outcomes apart: 0 done, 1 not done, 2 configuration or
arguments (or nobody to ask: no input at an approval prompt), 3 browser or connection, 4 the
person declined a step, 5 an answer of the model API no known shape explains, 130 interrupted.
``record`` is ended by Ctrl+C as by closing its window: it exits 0 once its recording is saved.
No traceback reaches a person unless ``SUBTERMINATOR_DEBUG=1``.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import logging
import os
import sys

from rich.console import Console
from rich.text import Text

from subterminator.cancellation import (
    EXIT_CONFIG,
    EXIT_CONNECTION,
    EXIT_FAILURE,
    EXIT_INTERRUPTED,
    EXIT_MALFORMED,
)
from subterminator.errors import (
    BrowserError,
    ConfigurationError,
    LLMError,
    MalformedResponseError,
    MCPConnectionError,
    ToolCallRejectedError,
)
from subterminator.untrusted import NOTICE, ShownFormatter, shown

DEBUG_ENV = "SUBTERMINATOR_DEBUG"


def console(*, stderr: bool = False) -> Console:
    """Rich output that wraps only on a terminal: piped lines stay whole for grep and logs."""
    made = Console(stderr=stderr, highlight=False)
    made.soft_wrap = not made.is_terminal
    return made


# What each command loads before it starts anything: imported while Ctrl+C is held back, since
# pydantic turns an interrupt met while it builds a model into a SchemaError.
_MODULES = {
    "cancel": ("subterminator.cli.cancel", "subterminator.simulator", "subterminator.terminal"),
    "mcp": ("subterminator.cli.mcp", "subterminator.simulator", "subterminator.mcp.server"),
    "login": ("subterminator.cli.login",),
    "record": ("subterminator.cli.record", "subterminator.simulator"),
    "cassettes": ("subterminator.cli.cassettes",),
    "schema": ("subterminator.schema",),
    "snapshot": ("subterminator.cli.snapshot", "subterminator.simulator"),
}


def preload(args: argparse.Namespace) -> None:
    """Imports the command's own modules, so nothing heavy is imported once it runs."""
    for module in ("subterminator.services.registry", *_MODULES.get(args.command, ())):
        importlib.import_module(module)


def logs_to_stderr(level: int = logging.WARNING, form: str = "%(message)s") -> None:
    """Log lines to stderr, each made safe: they quote pages, the AI and servers (a blocked
    address, a tool's error), and a terminal would obey an escape sequence in them."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(ShownFormatter(form))
    logging.basicConfig(level=level, handlers=[handler])  # no-op where logging is set up


def dispatch(args: argparse.Namespace) -> int:
    if args.command != "mcp":  # which sets its own level (-v)
        logs_to_stderr()
    err = console(stderr=True)
    try:
        return _run(args, err)
    except ConfigurationError as exc:
        _error(err, str(exc))
        return EXIT_CONFIG
    except (BrowserError, MCPConnectionError) as exc:
        _error(err, str(exc))
        return EXIT_CONNECTION
    except LLMError as exc:  # outside a run's loop (a dry run's one question): as a run ends
        _error(err, str(exc))
        if isinstance(exc, MalformedResponseError):
            return EXIT_MALFORMED
        return EXIT_FAILURE if isinstance(exc, ToolCallRejectedError) else EXIT_CONNECTION
    except KeyboardInterrupt:
        err.print("Interrupted: the browser was closed.")
        return EXIT_INTERRUPTED
    except Exception as exc:
        if os.environ.get(DEBUG_ENV):
            raise
        _error(
            err,
            f"an unexpected {type(exc).__name__}: {exc}. This is a bug in SubTerminator; "
            f"please report it ({DEBUG_ENV}=1 shows the traceback).",
        )
        return EXIT_FAILURE


def _error(err: Console, message: str) -> None:
    """One line: the cause and the fix (page text and paths are never read as markup)."""
    err.print(Text.assemble(("Error:", "red"), " ", shown(message, NOTICE)))


def _run(args: argparse.Namespace, err: Console) -> int:
    from subterminator.cli.parser import service_specs

    specs = service_specs(args)
    if specs or getattr(args, "service", None) is not None:
        from subterminator.services.registry import load_services

        load_services(specs)  # a bad spec is a ConfigurationError: one line, exit 2
    if args.command == "schema":
        from subterminator.schema import render_recording_schema, render_snapshot_schema

        sys.stdout.write(render_recording_schema() if args.recording else render_snapshot_schema())
        return 0
    if args.command == "cancel":
        from subterminator.cli.cancel import cancel

        return cancel(args, console())
    if args.command == "mcp":
        from subterminator.cli.mcp import mcp

        return mcp(args)
    if args.command == "login":
        from subterminator.cli.login import login

        return asyncio.run(login(args, err))
    if args.command == "record":
        from subterminator.cli.record import record

        try:
            return asyncio.run(record(args, err))
        except KeyboardInterrupt:  # the first Ctrl+C ends the recording; this was a second
            err.print(
                f"Interrupted again while saving: {args.out} holds what was saved until then.",
                markup=False,
            )
            return EXIT_INTERRUPTED
    if args.command == "cassettes":
        from subterminator.cli.cassettes import cassettes

        return cassettes(args, console(), err)
    from subterminator.cli.snapshot import snapshot

    return asyncio.run(snapshot(args, err))
