"""Command line: ``subterminator snapshot URL`` and ``subterminator schema``."""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console

from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from subterminator.errors import BrowserError
from subterminator.schema import render_snapshot_schema
from subterminator.snapshot.factory import SnapshotFactory
from subterminator.snapshot.registry import ElementRegistry
from subterminator.snapshot.tokens import ESTIMATOR_NAME, estimate_tokens

EXIT_OK, EXIT_ERROR, EXIT_CONFIG = 0, 2, 3


def _url(target: str) -> str:
    path = Path(target)
    if "://" not in target and path.exists():
        return path.resolve().as_uri()
    if "://" not in target and not target.startswith(("about:", "data:")):
        return f"https://{target}"
    return target


async def _snapshot(args: argparse.Namespace, err: Console) -> int:
    options = LaunchOptions(headless=not args.headed)
    async with await PlaywrightBrowser.launch(options) as browser:
        await browser.navigate(_url(args.url))
        if args.wait:
            await asyncio.sleep(args.wait)
        factory = SnapshotFactory(
            browser, ElementRegistry(), screenshot_tokens=None if args.no_screenshot else 500
        )
        started = time.perf_counter()
        snapshot, _ = await factory.create(viewport_only=not args.all)
        elapsed = time.perf_counter() - started
    print(snapshot.model_dump_json(indent=2))
    tokens = estimate_tokens(snapshot.elements_json())
    err.print(
        f"[dim]{len(snapshot.elements)} elements, ~{tokens} tokens of elements JSON "
        f"({ESTIMATOR_NAME}), captured in {elapsed * 1000:.0f} ms[/dim]"
    )
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="subterminator", description="AI-led browser agent for cancelling subscriptions."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    snap = sub.add_parser("snapshot", help="print the Snapshot JSON the model would see for a page")
    snap.add_argument("url", help="a URL or a local HTML file")
    snap.add_argument("--no-screenshot", action="store_true", help="leave the screenshot out")
    snap.add_argument(
        "--all",
        action="store_true",
        help="include elements outside the viewport (viewport_only=false)",
    )
    snap.add_argument("--headed", action="store_true", help="show the browser window")
    snap.add_argument(
        "--wait", type=float, default=0.0, metavar="SECONDS", help="wait before capturing"
    )
    sub.add_parser("schema", help="print the snapshot JSON schema")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    err = Console(stderr=True)
    if args.command == "schema":
        sys.stdout.write(render_snapshot_schema())
        return EXIT_OK
    try:
        return asyncio.run(_snapshot(args, err))
    except BrowserError as exc:
        err.print(f"[red]Error:[/red] {exc}")
        return EXIT_ERROR
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
