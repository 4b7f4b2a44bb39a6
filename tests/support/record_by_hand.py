"""A recording made the way a person makes one: ``python -m tests.support.record_by_hand``.

Runs ``subterminator record``'s recorder on the simulator (variant 2026) and clicks through it
with real input events (Playwright's mouse, as a person's hand), then makes the cassette. The
result, ``recordings/netflix/by-hand-2026``, replays like any recorded flow.
"""

from __future__ import annotations

import asyncio
import contextlib
import shutil
from collections.abc import AsyncIterator
from pathlib import Path

from playwright.async_api import Page

from harness.record_cassettes import record_cassette
from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from subterminator.recording.manual import record_manually
from subterminator.services import NETFLIX
from subterminator.simulator import NetflixSimulator

OUT = Path("recordings") / "netflix" / "by-hand-2026"
CLICKS = [  # (role, name, which of its kind)
    ("link", "Manage membership", 0),
    ("button", "Cancel membership", 0),
    ("button", "Show option contents", 2),
    ("button", "Finish Cancellation", 0),
]


async def click(page: Page, role: str, name: str, nth: int = 0) -> None:
    """As a person clicks: the mouse moves to the element's middle and presses."""
    element = page.get_by_role(role, name=name, exact=True).nth(nth)  # type: ignore[arg-type]
    await element.scroll_into_view_if_needed()
    box = await element.bounding_box()
    if box is None:
        raise SystemExit(f"{role} {name!r} is not on the page")
    await page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    await page.wait_for_load_state("load")
    await asyncio.sleep(0.6)  # a person looks before the next click


@contextlib.asynccontextmanager
async def by_hand(browser: PlaywrightBrowser, url: str, out: Path) -> AsyncIterator[Page]:
    """``subterminator record``'s recorder on ``browser`` at ``url``; yields the page a person
    acts on. Leaving the block ends the recording (as closing the window would) and saves it."""
    ready, stop = asyncio.Event(), asyncio.Event()
    recording = asyncio.ensure_future(
        record_manually(browser, NETFLIX, url, out, ready=ready, stop=stop)
    )
    await ready.wait()
    await asyncio.sleep(0.6)  # the first page settles, as a person's eyes would
    try:
        yield browser.page
    finally:
        stop.set()
        await recording


async def record(out: Path = OUT) -> None:
    with NetflixSimulator("2026") as simulator:
        options = LaunchOptions(block_non_local=True)
        async with (
            await PlaywrightBrowser.launch(options) as browser,
            by_hand(browser, simulator.url(), out) as page,
        ):
            for role, name, nth in CLICKS:
                await click(page, role, name, nth)
    print(f"{await record_cassette(out)}")


def main(out: Path = OUT) -> None:
    if out.exists():
        shutil.rmtree(out)
    asyncio.run(record(out))


if __name__ == "__main__":
    main()
