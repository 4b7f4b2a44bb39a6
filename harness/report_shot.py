"""The README's picture of a run report: ``python -m harness.report_shot [OUT.png]``.

Runs the bundled simulator's cancellation as a person would (offline policy, the final step
approved), then photographs the ``report.html`` it wrote, in headless Chromium.
"""

from __future__ import annotations

import asyncio
import io
import sys
import tempfile
from pathlib import Path

from rich.console import Console

from harness.approvals import ScriptedApprovals
from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from subterminator.cancel import CancelOptions, run_cancel

OUT = Path("docs") / "report.png"


async def report_of_a_run(runs: Path) -> Path:
    """Run the 2026 simulator flow with a yes at the approval; the report it wrote."""
    options = CancelOptions(service="netflix", sim="2026", ai="offline", runs_dir=runs)
    await run_cancel(
        options, Console(file=io.StringIO(), width=100), handler=ScriptedApprovals([True])
    )
    return next(runs.iterdir()) / "report.html"  # noqa: ASYNC240 - one listing, at the end


async def photograph(report: Path, out: Path) -> None:
    async with await PlaywrightBrowser.launch(LaunchOptions(viewport=(1100, 900))) as browser:
        page = browser.page
        await page.goto(report.as_uri())
        await page.screenshot(path=str(out), full_page=True)


async def main(out: Path) -> None:
    with tempfile.TemporaryDirectory() as runs:
        await photograph(await report_of_a_run(Path(runs)), out)
    print(f"wrote {out}")


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT))
