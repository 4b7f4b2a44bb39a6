"""``subterminator cancel SERVICE``: the command line read into ``CancelOptions``, then one
cancellation (``subterminator.cancellation``)."""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Callable

from rich.console import Console

from subterminator.assembly import DEFAULT_RUNS
from subterminator.cancellation import (
    EXIT_INTERRUPTED,
    EXIT_SUCCESS,
    CancelOptions,
    run_cancel,
)
from subterminator.cli.checks import check_simulator, netflix_only
from subterminator.cli.parser import service_specs
from subterminator.errors import ConfigurationError
from subterminator.pwmcp.preflight import preflight


def cancel(args: argparse.Namespace, console: Console) -> int:
    if args.service is None and not args.list_variants:
        raise ConfigurationError(
            "Name the service to cancel: `subterminator cancel netflix` (only "
            "`subterminator cancel --list-variants` goes without one)"
        )
    if args.list_variants:
        netflix_only(args.service)
        from subterminator.simulator import VARIANTS

        for name, what in VARIANTS.items():
            console.print(f"{name:16} {what}", markup=False)
        return EXIT_SUCCESS
    check_simulator(args.service, args.sim)
    passthrough = preflight(args.backend, args.playwright_mcp_option, say=_said(console))
    options = CancelOptions(
        service=args.service,
        model=args.model,
        base_url=args.base_url,
        max_turns=args.max_turns,
        dry_run=args.dry_run,
        verbose=args.verbose,
        no_checkpoint=args.no_checkpoint,
        ai=args.ai,
        url=args.url,
        allow_sites=tuple(args.allow_site),
        sim=args.sim,
        headed=args.headed,
        profile=args.profile,
        record=args.record,
        runs_dir=args.runs_dir or DEFAULT_RUNS,
        services=tuple(service_specs(args)),
        keep_downloads=args.keep_downloads,
        backend=args.backend,
        pwmcp_passthrough=passthrough,
    )
    verdict: list[int] = []  # the verdict's exit code, once it is printed
    try:
        return asyncio.run(run_cancel(options, console, on_verdict=verdict.append))
    except KeyboardInterrupt:  # the run has said what was and was not done
        return verdict[0] if verdict else EXIT_INTERRUPTED  # a printed verdict stands


def _said(console: Console) -> Callable[[str], None]:
    return lambda notice: console.print(notice, markup=False, highlight=False)
