"""``subterminator snapshot URL``: the Snapshot the model would see, as JSON on stdout."""

from __future__ import annotations

import argparse
import asyncio
import base64
import os
import time
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.text import Text

from subterminator.browser.launch import BrowserFactory, launch_playwright
from subterminator.browser.playwright_browser import LaunchOptions
from subterminator.cancellation import EXIT_FAILURE, EXIT_SUCCESS
from subterminator.models.snapshot import Snapshot
from subterminator.net import http_problem
from subterminator.snapshot.factory import SnapshotFactory
from subterminator.snapshot.registry import ElementRegistry
from subterminator.snapshot.tokens import ESTIMATOR_NAME, estimate_tokens
from subterminator.untrusted import URL, shown


@dataclass(frozen=True)
class Taken:
    snapshot: Snapshot
    seconds: float  # how long the capture took
    status: int | None  # the document's HTTP status


def to_url(target: str) -> str:
    path = Path(target).expanduser()
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
) -> Taken:
    """The Snapshot the model would see for ``url``."""
    browser = await browser_factory(launch or LaunchOptions())
    try:
        status = await browser.navigate(url)
        if wait:
            await asyncio.sleep(wait)
        factory = SnapshotFactory(
            browser, ElementRegistry(), screenshot_tokens=500 if screenshot else None
        )
        started = time.perf_counter()
        snapshot, _ = await factory.create(viewport_only=viewport_only)
        return Taken(snapshot, time.perf_counter() - started, status)
    finally:
        await browser.close()


async def snapshot(args: argparse.Namespace, err: Console) -> int:
    url = to_url(args.url)
    taken = await take_snapshot(
        url,
        viewport_only=not args.all,
        screenshot=args.screenshot is not None,
        wait=args.wait,
        launch=LaunchOptions(
            headless=not args.headed,
            no_display_fix="drop --headed, or run it in a desktop session",
        ),
    )
    shot = taken.snapshot.screenshot
    print(taken.snapshot.model_copy(update={"screenshot": ""}).model_dump_json(indent=2))
    if args.screenshot is not None and shot:
        _write_private(args.screenshot, base64.b64decode(shot))
        err.print(f"Screenshot saved to {args.screenshot}", markup=False)
    tokens = estimate_tokens(taken.snapshot.elements_json())
    err.print(
        f"[dim]{len(taken.snapshot.elements)} elements, ~{tokens} tokens of elements JSON "
        f"({ESTIMATOR_NAME}), captured in {taken.seconds * 1000:.0f} ms[/dim]"
    )
    problem = http_problem(taken.status)
    if problem:
        err.print(Text.assemble((f"The page answered {problem}:", "yellow"), " ", shown(url, URL)))
        return EXIT_FAILURE
    return EXIT_SUCCESS


def _write_private(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(data)
