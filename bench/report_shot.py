"""The README's picture of a run report: ``python -m bench.report_shot [OUT.png]``.

Runs the bundled simulator's cancellation as a person would (offline policy, the final step
approved), then photographs the ``report.html`` it wrote, in headless Chromium. The picture
carries the fingerprint of the report's style sheet (a PNG text chunk), so a test can tell
when the report's look has changed and the picture no longer shows it.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import struct
import sys
import tempfile
import zlib
from pathlib import Path

from rich.console import Console

from harness.approvals import ScriptedApprovals
from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from subterminator.cancellation import CancelOptions, run_cancel
from subterminator.runlog import report

OUT = Path("docs") / "report.png"
KEY = b"subterminator-report-style"
_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def style() -> str:
    """The fingerprint of the report's look today."""
    return hashlib.sha256(report._CSS.encode()).hexdigest()[:16]


def stamp(png: bytes, value: str) -> bytes:
    """``png`` with a tEXt chunk ``KEY``: ``value`` after its header chunk."""
    end = len(_SIGNATURE) + 8 + struct.unpack(">I", png[8:12])[0] + 4  # past IHDR
    body = b"tEXt" + KEY + b"\0" + value.encode("latin-1")
    chunk = struct.pack(">I", len(body) - 4) + body + struct.pack(">I", zlib.crc32(body))
    return png[:end] + chunk + png[end:]


def stamped(png: bytes) -> str | None:
    """The value of ``png``'s ``KEY`` text chunk, if it has one."""
    at = len(_SIGNATURE)
    while at + 8 <= len(png):
        size, kind = struct.unpack(">I4s", png[at : at + 8])
        data = png[at + 8 : at + 8 + size]
        if kind == b"tEXt" and data.startswith(KEY + b"\0"):
            return data[len(KEY) + 1 :].decode("latin-1")
        at += 12 + size
    return None


async def report_of_a_run(runs: Path) -> Path:
    """Run the 2026 simulator flow with a yes at the approval; the report it wrote."""
    options = CancelOptions(service="netflix", sim="2026", ai="offline", runs_dir=runs)
    await run_cancel(
        options, Console(file=io.StringIO(), width=100), handler=ScriptedApprovals([True])
    )
    return next(runs.iterdir()) / "report.html"  # noqa: ASYNC240 - one listing, at the end


async def photograph(report_file: Path, down_to: str = "#turn-1") -> bytes:
    """The report from its top to the end of ``down_to`` (the whole report, with a screenshot
    per step at its own size, is too long a picture for the README)."""
    async with await PlaywrightBrowser.launch(LaunchOptions(viewport=(1100, 900))) as browser:
        page = browser.page
        await page.goto(report_file.as_uri())
        await page.wait_for_load_state("load")
        box = await page.locator(down_to).bounding_box()
        width = await page.evaluate("document.documentElement.scrollWidth")
        clip = None
        if box is not None:
            clip = {"x": 0, "y": 0, "width": width, "height": box["y"] + box["height"] + 16}
        return await page.screenshot(full_page=True, clip=clip)  # type: ignore[arg-type]


async def main(out: Path) -> None:
    with tempfile.TemporaryDirectory() as runs:
        png = await photograph(await report_of_a_run(Path(runs)))
    out.write_bytes(stamp(png, style()))  # noqa: ASYNC240 - one write, at the end
    print(f"wrote {out}")


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT))
