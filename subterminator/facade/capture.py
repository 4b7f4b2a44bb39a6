"""``browser_capture``: the page (its viewport or all of it) or one element, as a PNG.

Saved in the session's screenshots folder under a name of our own (``shot-<n>-<time>.png``,
never a word of the page's), or returned as base64. An element is the one a selector names:
its box is read in our isolated world, so a page script cannot move the picture elsewhere.
"""

from __future__ import annotations

import asyncio
import base64
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from playwright.async_api import Error as PlaywrightError

from subterminator.browser import playwright_errors
from subterminator.facade import nodes
from subterminator.facade.front import refused
from subterminator.models.browser_response import BrowserResponse
from subterminator.tools.arguments import echo
from subterminator.tools.facade.args import CaptureArgs

if TYPE_CHECKING:
    from subterminator.facade.reading import Reading

SHOT = re.compile(r"shot-(\d+)-")
SHOT_MS = 15_000  # a screenshot Chrome does not answer (a page navigating) is given up


async def capture(reading: Reading, args: CaptureArgs) -> BrowserResponse:
    try:
        if args.action == "element_screenshot":
            shot = await _element(reading, args.selector)
        else:
            page = reading.browser.page
            shot = await page.screenshot(type="png", full_page=args.full_page, timeout=SHOT_MS)
    except (PlaywrightError, TimeoutError) as exc:
        detail = playwright_errors.first_line(str(exc)) if str(exc) else "it took too long"
        return refused("action_failed", f"the screenshot could not be taken: {detail}")
    if isinstance(shot, BrowserResponse):
        return shot
    if not args.save_to_disk:
        encoded = base64.b64encode(shot).decode("ascii")
        return BrowserResponse(success=True, screenshot=encoded, data={"format": "base64"})
    path = await asyncio.to_thread(save, reading.folders.screenshots, shot)
    data = {"filepath": str(path), "filename": path.name, "format": "png", "saved": True}
    return BrowserResponse(success=True, data=data)


async def _element(reading: Reading, selector: str | None) -> bytes | BrowserResponse:
    """The one element ``selector`` names, pictured as it shows in the page."""
    if not selector:
        return refused("invalid_params", "browser_capture element_screenshot needs a selector")
    box = await nodes.run(reading, selector, "box", {})
    if isinstance(box, BrowserResponse):
        return box
    count = int(box["matches"])
    if count == 0:
        return nodes.no_match(selector)
    if count > 1:
        return refused(
            "invalid_params",
            f"{echo(selector)} matches {count} elements; a screenshot needs a selector that "
            "names one (add an id, an attribute or :nth-of-type)",
        )
    if box.get("crossOrigin"):
        return refused(
            "invalid_params",
            "the element is inside a frame of another site: take a screenshot of the page",
        )
    if float(box["width"]) < 1 or float(box["height"]) < 1:
        return refused("element_not_visible", f"{echo(selector)} is not shown (it has no size)")
    clip = {k: float(box[k]) for k in ("x", "y", "width", "height")} | {"scale": 1}
    devtools = reading.browser.devtools
    params = {"format": "png", "clip": clip, "captureBeyondViewport": True}
    shot = await asyncio.wait_for(devtools.send("Page.captureScreenshot", params), SHOT_MS / 1000)
    return base64.b64decode(shot["data"])


def save(folder: Path, png: bytes) -> Path:
    """``png`` as the folder's next screenshot (the folder made if need be); never over one."""
    folder.mkdir(parents=True, exist_ok=True)
    taken = [int(m.group(1)) for p in folder.glob("shot-*.png") if (m := SHOT.match(p.name))]
    number = max(taken, default=0) + 1
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    while True:
        path = folder / f"shot-{number}-{stamp}.png"
        try:
            with path.open("xb") as out:
                out.write(png)
        except FileExistsError:
            number += 1
            continue
        return path
