"""``subterminator record``: a person clicks through a flow; it becomes a replayable recording."""

from __future__ import annotations

import argparse

from rich.console import Console

from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from subterminator.cancel import DEFAULT_PROFILE, EXIT_SUCCESS
from subterminator.services import get_service


async def record(args: argparse.Namespace, err: Console) -> int:
    from subterminator.recording.manual import record_manually

    service = get_service(args.service)
    simulator = None
    if args.sim is not None:
        from subterminator.simulator import NetflixSimulator

        simulator = NetflixSimulator(args.sim).start()
    try:
        url = args.url or (simulator.url() if simulator else service.initial_url)
        profile = args.profile or (None if simulator else DEFAULT_PROFILE)
        options = LaunchOptions(
            headless=args.headless,
            profile_dir=profile,
            block_non_local=simulator is not None,
            no_display_fix="add --headless, or run it in a desktop session",
        )
        err.print(
            f"Recording {url} into {args.out}: click through the flow; close the window or "
            "press Ctrl+C to stop.",
            markup=False,
        )
        async with await PlaywrightBrowser.launch(options) as browser:
            recorder = await record_manually(browser, service, url, args.out)
    finally:
        if simulator is not None:
            simulator.stop()
    turns = len(recorder.recording.turns)
    err.print(
        f"Recorded {turns} turns, {len(recorder.recording.pages)} pages into {args.out}",
        markup=False,
    )
    return EXIT_SUCCESS
