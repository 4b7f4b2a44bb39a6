"""Command line: ``subterminator cancel SERVICE``, ``snapshot URL`` and ``schema``."""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console

from subterminator import __version__
from subterminator.browser.launch import BrowserFactory, launch_playwright
from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from subterminator.cancel import (
    DEFAULT_PROFILE,
    EXIT_CONFIG,
    EXIT_CONNECTION,
    EXIT_INTERRUPTED,
    CancelOptions,
    run_cancel,
)
from subterminator.errors import BrowserError, ConfigurationError
from subterminator.models.snapshot import Snapshot
from subterminator.schema import render_recording_schema, render_snapshot_schema
from subterminator.services import get_service
from subterminator.snapshot.factory import SnapshotFactory
from subterminator.snapshot.registry import ElementRegistry
from subterminator.snapshot.tokens import ESTIMATOR_NAME, estimate_tokens

EXIT_OK = 0


def _url(target: str) -> str:
    path = Path(target)
    if "://" not in target and path.exists():
        return path.resolve().as_uri()
    if "://" not in target and not target.startswith(("about:", "data:")):
        return f"https://{target}"
    return target


async def take_snapshot(
    url: str,
    *,
    viewport_only: bool = True,
    screenshot: bool = True,
    wait: float = 0.0,
    launch: LaunchOptions | None = None,
    browser_factory: BrowserFactory = launch_playwright,
) -> tuple[Snapshot, float]:
    """The Snapshot the model would see for ``url``, and the seconds its capture took."""
    browser = await browser_factory(launch or LaunchOptions())
    try:
        await browser.navigate(url)
        if wait:
            await asyncio.sleep(wait)
        factory = SnapshotFactory(
            browser, ElementRegistry(), screenshot_tokens=500 if screenshot else None
        )
        started = time.perf_counter()
        snapshot, _ = await factory.create(viewport_only=viewport_only)
        return snapshot, time.perf_counter() - started
    finally:
        await browser.close()


async def _snapshot(args: argparse.Namespace, err: Console) -> int:
    snapshot, elapsed = await take_snapshot(
        _url(args.url),
        viewport_only=not args.all,
        screenshot=not args.no_screenshot,
        wait=args.wait,
        launch=LaunchOptions(headless=not args.headed),
    )
    print(snapshot.model_dump_json(indent=2))
    tokens = estimate_tokens(snapshot.elements_json())
    err.print(
        f"[dim]{len(snapshot.elements)} elements, ~{tokens} tokens of elements JSON "
        f"({ESTIMATOR_NAME}), captured in {elapsed * 1000:.0f} ms[/dim]"
    )
    return EXIT_OK


def _turns(text: str) -> int:
    """--max-turns: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value >= 0:  # also refuses nan
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {text}")
    return value


def _address(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty address; leave the option out for the default")
    return text


def _page(text: str) -> str:
    """snapshot's target: a URL, or a local file that must exist."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty address")
    looks_local = text.startswith((".", "/", "~")) or text.lower().endswith((".html", ".htm"))
    if "://" not in text and looks_local and not Path(text).expanduser().exists():
        raise argparse.ArgumentTypeError(f"no such file: {text}")
    return text


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="subterminator", description="AI-led browser agent for cancelling subscriptions."
    )
    parser.add_argument("--version", action="version", version=f"subterminator {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    snap = sub.add_parser("snapshot", help="print the Snapshot JSON the model would see for a page")
    snap.add_argument("url", type=_page, help="a URL or a local HTML file")
    snap.add_argument("--no-screenshot", action="store_true", help="leave the screenshot out")
    snap.add_argument(
        "--all",
        action="store_true",
        help="include elements outside the viewport (viewport_only=false)",
    )
    snap.add_argument("--headed", action="store_true", help="show the browser window")
    snap.add_argument(
        "--wait", type=_seconds, default=0.0, metavar="SECONDS", help="wait before capturing"
    )
    record = sub.add_parser(
        "record", help="record a flow as you click through it (replayable, no model needed)"
    )
    record.add_argument("service", help="the service, e.g. netflix")
    record.add_argument("--out", type=Path, required=True, metavar="DIR", help="where to record")
    record.add_argument("--sim", metavar="VARIANT", default=None, help="the bundled simulator")
    record.add_argument(
        "--url", type=_address, default=None, help="start page (default: the service's)"
    )
    record.add_argument("--headless", action="store_true", help="no window (for scripts)")
    record.add_argument(
        "--profile",
        type=Path,
        default=None,
        help="browser profile (default for real sites: ~/.subterminator/browser-profile)",
    )
    schema = sub.add_parser("schema", help="print the snapshot JSON schema")
    schema.add_argument(
        "--recording", action="store_true", help="the recording format's schema instead"
    )
    cancel = sub.add_parser(
        "cancel", help="cancel a subscription (a person approves the final step)"
    )
    cancel.add_argument("service", help="the service, e.g. netflix")
    cancel.add_argument(
        "--model", help="Claude model (default: $SUBTERMINATOR_MODEL or claude-sonnet-4-6)"
    )
    cancel.add_argument("--max-turns", type=_turns, default=None, help="turn limit (default 20)")
    cancel.add_argument(
        "--dry-run",
        action="store_true",
        help="show the first action the AI proposes; execute nothing",
    )
    cancel.add_argument(
        "-v", "--verbose", action="store_true", help="show thoughts, arguments, timings"
    )
    cancel.add_argument(
        "--no-checkpoint",
        action="store_true",
        help="approve checkpoints automatically (simulator only)",
    )
    cancel.add_argument(
        "--ai",
        choices=["auto", "claude", "offline"],
        default="auto",
        help="who decides: Claude, or the offline policy (auto: Claude if a key is set; "
        "offline on the simulator without one)",
    )
    cancel.add_argument("--url", type=_address, help="start page override (e.g. another host)")
    cancel.add_argument(
        "--sim",
        nargs="?",
        const="2026",
        default=None,
        metavar="VARIANT",
        help="run against the bundled simulator (variant, default 2026; see --list-variants)",
    )
    cancel.add_argument("--list-variants", action="store_true", help="list simulator variants")
    cancel.add_argument(
        "--record",
        type=Path,
        default=None,
        metavar="DIR",
        help="record the run into DIR (recording.json, replayable with the pytest plugin)",
    )
    cancel.add_argument("--headed", action="store_true", help="show the browser window")
    cancel.add_argument(
        "--profile",
        type=Path,
        default=None,
        help="browser profile directory (default ~/.subterminator/browser-profile for real sites)",
    )
    return parser


def _cancel(args: argparse.Namespace) -> int:
    console = Console(highlight=False)
    if args.list_variants:
        from subterminator.simulator import VARIANTS

        if get_service(args.service).name != "netflix":
            raise ConfigurationError(f"The simulator is Netflix's; {args.service} has none")

        for name, what in VARIANTS.items():
            console.print(f"{name:16} {what}", markup=False)
        return EXIT_OK
    if args.sim is not None:
        from subterminator.simulator import VARIANTS

        if args.sim not in VARIANTS:
            raise ConfigurationError(
                f"Unknown simulator variant '{args.sim}'. Variants: {', '.join(VARIANTS)}"
            )
    options = CancelOptions(
        service=args.service,
        model=args.model,
        max_turns=args.max_turns,
        dry_run=args.dry_run,
        verbose=args.verbose,
        no_checkpoint=args.no_checkpoint,
        ai=args.ai,
        url=args.url,
        sim=args.sim,
        headed=args.headed,
        profile=args.profile,
        record=args.record,
    )
    return asyncio.run(run_cancel(options, console))


async def _record(args: argparse.Namespace, err: Console) -> int:
    from subterminator.recording.manual import record_manually

    service = get_service(args.service)
    simulator = None
    if args.sim is not None:
        from subterminator.simulator import NetflixSimulator

        simulator = NetflixSimulator(args.sim).start()
    url = args.url or (simulator.url() if simulator else service.initial_url)
    profile = args.profile or (None if simulator else DEFAULT_PROFILE)
    options = LaunchOptions(
        headless=args.headless, profile_dir=profile, block_non_local=simulator is not None
    )
    err.print(
        f"Recording {url} into {args.out}: click through the flow; close the window or "
        "press Ctrl+C to stop."
    )
    try:
        async with await PlaywrightBrowser.launch(options) as browser:
            recorder = await record_manually(browser, service, url, args.out)
    finally:
        if simulator is not None:
            simulator.stop()
    turns = len(recorder.recording.turns)
    err.print(f"Recorded {turns} turns, {len(recorder.recording.pages)} pages into {args.out}")
    return EXIT_OK


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    err = Console(stderr=True)
    if args.command == "schema":
        sys.stdout.write(render_recording_schema() if args.recording else render_snapshot_schema())
        return EXIT_OK
    try:
        if args.command == "record":
            return asyncio.run(_record(args, err))
        if args.command == "cancel":
            return _cancel(args)
        return asyncio.run(_snapshot(args, err))
    except ConfigurationError as exc:
        err.print(f"[red]Error:[/red] {exc}", highlight=False)
        return EXIT_CONFIG
    except BrowserError as exc:
        err.print(f"[red]Error:[/red] {exc}", highlight=False)
        return EXIT_CONNECTION
    except KeyboardInterrupt:
        err.print("Interrupted: the browser was closed.")
        return EXIT_INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
