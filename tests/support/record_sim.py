"""Record the bundled simulator's flows: ``python -m tests.support.record_sim [VARIANT ...]``.

Each variant is run as a person would run it (``subterminator cancel netflix --sim VARIANT
--ai offline --no-checkpoint --record recordings/netflix/VARIANT``), never written by hand.
Where the simulator needs a person in the browser (sign-in, a code, a CAPTCHA), a
``SimulatedPerson`` approves and acts, and the recording keeps where each of their steps led.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console

from harness.person import SimulatedPerson
from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from subterminator.browser.protocol import Browser
from subterminator.cancellation import CancelOptions, run_cancel
from subterminator.recording import load
from subterminator.simulator import VARIANTS

NEEDS_A_PERSON = frozenset({"login", "2fa", "captcha", "session-expiry"})  # SimulatedPerson acts
RECORDABLE = list(VARIANTS)
ROOT = Path("recordings") / "netflix"


async def record(variant: str, root: Path = ROOT) -> Path:
    folder = root / variant
    if folder.exists():
        shutil.rmtree(folder)
    console = Console(file=io.StringIO(), width=100)
    if variant not in NEEDS_A_PERSON:
        options = CancelOptions(
            service="netflix", sim=variant, ai="offline", no_checkpoint=True, record=folder
        )
        await run_cancel(options, console)
        return folder
    launched: list[PlaywrightBrowser] = []

    async def chromium(options: LaunchOptions) -> Browser:
        launched.append(await PlaywrightBrowser.launch(options))
        return launched[-1]

    person = SimulatedPerson(lambda: launched[-1].page)
    options = CancelOptions(service="netflix", sim=variant, ai="offline", record=folder)
    await run_cancel(options, console, handler=person, browser_factory=chromium)
    return folder


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.support.record_sim", description=__doc__)
    parser.add_argument("variants", nargs="*", default=RECORDABLE, help="simulator variants")
    parser.add_argument("--out", type=Path, default=ROOT, help="folder of the flows")
    args = parser.parse_args(argv)
    for variant in args.variants:
        if variant not in VARIANTS:
            print(f"unknown variant {variant!r}; known: {', '.join(VARIANTS)}", file=sys.stderr)
            return 2
        folder = asyncio.run(record(variant, args.out))
        recording = load(folder)
        expected = recording.expected
        outcome = f"{expected.reason} success={expected.success}" if expected else "interrupted"
        print(
            f"{variant:16} {len(recording.pages):3} pages {len(recording.turns):3} turns  {outcome}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
