"""``subterminator record``: a person clicks through a flow; it becomes a replayable recording.

However it ends (the window closed, Ctrl+C, or ``stop`` typed here) the recording is saved whole
and the command exits 0, saying how it ended, what the last page showed and what to run next.
Only a recording with no page in it (nothing could be saved) is a failure.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

from rich.console import Console

from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from subterminator.cancel import EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_SUCCESS
from subterminator.recording.manual import ManualRecording, record_manually
from subterminator.run import launch_options, start_page
from subterminator.services import get_service
from subterminator.untrusted import NOTICE, shown

ENDED = {
    "window closed": "the window was closed",
    "Ctrl+C": "Ctrl+C",
    "stop": "stop",
}


def terminal_input() -> int | None:
    """The file descriptor ``stop`` is typed at, or None where there is none to read."""
    try:
        return sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):  # closed, or replaced (pytest's capture)
        return None


async def record(
    args: argparse.Namespace,
    err: Console,
    *,
    browser_factory: Callable[[LaunchOptions], Awaitable[PlaywrightBrowser]] = (
        PlaywrightBrowser.launch
    ),
    stdin: int | None = -1,
) -> int:
    """Record until the person ends it; ``stdin`` -1 reads this process's standard input."""
    service = get_service(args.service)
    fd = terminal_input() if stdin == -1 else stdin
    async with start_page(service, sim=args.sim, url=args.url) as (url, simulated):
        options = launch_options(
            simulated=simulated,
            window=not args.headless,
            profile=args.profile,
            no_display_fix="add --headless, or run it in a desktop session",
        )
        typed = "type stop (or press Enter) here, " if fd is not None else ""
        err.print(
            f"Recording {url} into {args.out}: click through the flow. To end it, {typed}close "
            "the window or press Ctrl+C; what was done so far is kept either way.",
            markup=False,
        )
        async with await browser_factory(options) as browser:
            made = await record_manually(browser, service, url, args.out, stdin=fd)
    return report(made, args.out, err)


def report(made: ManualRecording, out: Path, err: Console) -> int:
    """How it ended, what was saved, what the last page shows, and what to run next."""
    recording = made.recorder.recording
    ended = ENDED[made.ended]
    if made.outcome is None or recording.expected is None:
        err.print(
            f"Nothing was recorded ({ended}): no page was captured before it ended, so there is "
            f"nothing to replay in {out}.",
            markup=False,
        )
        return EXIT_INTERRUPTED if made.ended == "Ctrl+C" else EXIT_FAILURE
    outcome = made.outcome
    shows = (
        "the last page shows the membership cancelled"
        if outcome.cancelled
        else "the last page does not show the membership cancelled "
        f"({shown(outcome.why(), NOTICE)})"  # the page's own words
    )
    lines = [
        f"Recording saved ({ended}): {_count(made.actions, 'action')}, "
        f"{_count(len(recording.pages), 'page')} in {out}.",
        f'Outcome: {shows}; its replay must end "{recording.expected.reason}".',
        f"Replay it: pytest {out}",
        f"Make its cassette: python -m harness.record_cassettes {out}",
    ]
    err.print("\n".join(lines), markup=False)
    return EXIT_SUCCESS


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"
