"""``subterminator record``: a person clicks through a flow; it becomes a replayable recording.

However it ends (the window closed, Ctrl+C, or ``stop`` typed here) the recording is saved whole
and the command exits 0, saying how it ended, what the last page showed and what to run next.
Only a recording with no page in it (nothing could be saved) is a failure.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

from rich.console import Console
from rich.text import Text

from subterminator.assembly import launch_options, start_page
from subterminator.browser.launch_errors import check_display
from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from subterminator.cancellation import EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_SUCCESS
from subterminator.cli.parser import service_specs
from subterminator.recording.advice import cassette_command, replay_command
from subterminator.recording.manual import ManualRecording, record_manually
from subterminator.services import get_service
from subterminator.untrusted import NOTICE, shown

NO_DISPLAY_FIX = (
    "recording needs a browser window to click through the flow in: run it in a desktop "
    "session (DISPLAY or WAYLAND_DISPLAY set; over SSH, ssh -X)"
)
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
        # after the arguments' own checks (exit 2), before a header that says to click
        check_display(args.headless, NO_DISPLAY_FIX)
        options = launch_options(
            simulated=simulated,
            window=not args.headless,
            profile=args.profile,
            no_display_fix=NO_DISPLAY_FIX,
        )
        err.print(header(url, args.out, headless=args.headless, typed=fd is not None))
        async with await browser_factory(options) as browser:
            made = await record_manually(browser, service, url, args.out, stdin=fd)
    return report(made, args.out, err, services=service_specs(args))


def header(url: str, out: Path, *, headless: bool, typed: bool) -> Text:
    """What to do now, and the ways to end it that this run has."""
    ends = [*(["type stop (or press Enter) here"] if typed else []), "press Ctrl+C"]
    if not headless:
        ends.insert(len(ends) - 1, "close the window")
    doing = (
        "with no window (--headless): nothing can be clicked, so only the start page is "
        "recorded; leave --headless out to click through the flow."
        if headless
        else "click through the flow."
    )
    return Text(
        f"Recording {url} into {out} {doing} To end it, {_either(ends)}; what was done so far "
        "is kept either way."
    )


def _either(ways: list[str]) -> str:
    return ways[0] if len(ways) == 1 else f"{', '.join(ways[:-1])} or {ways[-1]}"


def report(made: ManualRecording, out: Path, err: Console, *, services: Sequence[str] = ()) -> int:
    """How it ended, what was saved, what the last page shows, and what to run next (each
    command as it must be typed: ``services`` are the --services this one was given)."""
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
        f"Replay it: {replay_command(out, services)}",
        f"Make its cassette: {cassette_command(out, services)}",
    ]
    err.print("\n".join(lines), markup=False)
    return EXIT_SUCCESS


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"
