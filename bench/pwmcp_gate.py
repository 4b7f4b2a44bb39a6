"""Playwright MCP behind our gate, beside Playwright MCP alone and ours: the side-by-side's row
for the backend (``cancel --backend playwright-mcp``), per call.

Why: the backend's price is what the gate adds to each of Playwright MCP's calls: a snapshot
also reads our capture (the gate's, the checkpoints' and the judge's page), and a click also
resolves Playwright MCP's ref to our element, judges it, arms the backstop, reads our capture
after and asks Playwright MCP for the page after (its click replies only link a file). All
three rows run in one process on one Chromium, on the same grid pages, with no MCP transport
in between: Playwright MCP alone is its own client's call on the attached process; behind our
gate is ``build_run(..., pwmcp=client).top``; ours is our own stack. Both take no screenshot
on the call's path, as the MCP server serves them (the run record's is taken after the reply),
and Playwright MCP's snapshot takes none. The click is on a link within the page (judged safe,
so nobody is asked; our pruning keeps it on every size). Medians; nothing is asserted.

``python -m bench.pwmcp_gate [--runs N] [--sizes 100,1000]``
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.table import Table

from harness.pwmcp_hands import target_of
from harness.sites import StaticSite
from subterminator.assembly import build_run
from subterminator.assembly.builder import browser_tools
from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from subterminator.models.conversation import ToolCall
from subterminator.pwmcp.backend import PwMcpClient, PwMcpOptions, attached, reply_text
from subterminator.services import NETFLIX
from subterminator.stack import Reply

PAGES = Path("fixtures/pages")
SIZES = (100, 1_000)
CLICKED = ("link", "Item link 0")  # the grid's first control: a link within the page
ALONE, GATED, OURS = (
    "Playwright MCP alone (its call)",
    "Playwright MCP behind our gate (run.top)",
    "ours (our stack, no screenshot)",
)


@dataclass
class Row:
    """One side's medians per page: snapshot and click, in ms."""

    label: str
    ms: dict[tuple[int, str], float] = field(default_factory=dict)


Call = Callable[[], Awaitable[object]]


async def _median_ms(call: Call, runs: int) -> float:
    timings = []
    for _ in range(runs):
        started = time.perf_counter()
        await call()
        timings.append((time.perf_counter() - started) * 1000)
    return statistics.median(timings)


def _ok(reply: Reply) -> Reply:
    if not reply.result.get("success", True):
        raise RuntimeError(f"the bench's call failed: {reply.result}")
    return reply


async def _page(
    browser: PlaywrightBrowser, client: PwMcpClient, url: str, runs: int, rows: list[Row]
) -> None:
    """The three sides on one page, each call timed ``runs`` times."""
    size = int(url.rsplit("=", 1)[-1])
    await browser.navigate(url)
    served = browser_tools(screenshots=False)  # as the MCP server serves both
    gated = build_run(NETFLIX, browser, None, start_url=url, tool_server=served, pwmcp=client).top
    ours = build_run(NETFLIX, browser, None, tool_server=served).stack
    pw_text = reply_text(await client.call("browser_snapshot", {}))
    target = target_of(*CLICKED, 0, pw_text)
    click = {"target": target, "element": CLICKED[1]}

    async def our_click() -> None:
        snapshot = (await ours.execute(ToolCall(id="s", name="get_snapshot"))).snapshot
        found = [e.ref for e in snapshot.elements if (e.role, e.name) == CLICKED]
        if not found:
            raise RuntimeError(f"no {CLICKED} in our snapshot of {snapshot.page.url}")
        ref = found[0]
        started = time.perf_counter()
        _ok(await ours.execute(ToolCall(id="c", name="browser_click", arguments={"ref": ref})))
        our_clicks.append((time.perf_counter() - started) * 1000)

    our_clicks: list[float] = []
    measured: dict[str, tuple[Call, Call]] = {
        ALONE: (
            lambda: client.call("browser_snapshot", {}),
            lambda: client.call("browser_click", click),
        ),
        GATED: (
            lambda: gated.execute(ToolCall(id="s", name="browser_snapshot", arguments={})),
            lambda: _gated_click(gated.execute, click),
        ),
    }
    for row in rows:
        if row.label in measured:
            snap, act = measured[row.label]
            row.ms[(size, "snapshot")] = await _median_ms(snap, runs)
            row.ms[(size, "click")] = await _median_ms(act, runs)
    ours_row = next(r for r in rows if r.label == OURS)
    ours_row.ms[(size, "snapshot")] = await _median_ms(
        lambda: ours.execute(ToolCall(id="s", name="get_snapshot")), runs
    )
    for _ in range(runs):
        await our_click()
    ours_row.ms[(size, "click")] = statistics.median(our_clicks)


async def _gated_click(
    execute: Callable[[ToolCall], Awaitable[Reply]], click: dict[str, str]
) -> None:
    _ok(await execute(ToolCall(id="c", name="browser_click", arguments=dict(click))))


async def measure(runs: int = 5, sizes: Sequence[int] = SIZES, pages: Path = PAGES) -> list[Row]:
    rows = [Row(ALONE), Row(GATED), Row(OURS)]
    with StaticSite(pages) as site, tempfile.TemporaryDirectory(prefix="pwmcp-gate-") as folder:
        browser = await PlaywrightBrowser.launch(LaunchOptions(headless=True, block_non_local=True))
        try:
            async with attached(browser, PwMcpOptions(output_dir=Path(folder))) as client:
                for size in sizes:
                    await _page(browser, client, site.url(f"grid.html?n={size}"), runs, rows)
        finally:
            await browser.close()
    return rows


def table(rows: Sequence[Row], sizes: Sequence[int], runs: int) -> Table:
    """One row per side; per page, a snapshot's and a click's median ms, and the gate's
    ratio to Playwright MCP alone under the row behind it."""
    out = Table(
        title=(
            f"Playwright MCP behind our gate, per call in one process (grid pages), median of "
            f"{runs}; ratio = behind our gate / alone"
        )
    )
    out.add_column("side")
    cells = [(size, kind) for size in sizes for kind in ("snapshot", "click")]
    for size, kind in cells:
        out.add_column(f"n={size:,} {kind} ms", justify="right")
    for row in rows:
        out.add_row(row.label, *(_ms(row.ms.get(cell)) for cell in cells))
    alone, gated = (next((r for r in rows if r.label == label), None) for label in (ALONE, GATED))
    if alone is not None and gated is not None:
        out.add_row("ratio", *(_ratio(gated.ms.get(c), alone.ms.get(c)) for c in cells))
    return out


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def _ratio(ours: float | None, theirs: float | None) -> str:
    return "-" if ours is None or not theirs else f"{ours / theirs:.1f}x"


async def report(runs: int = 5, sizes: Sequence[int] = SIZES) -> Table:
    return table(await measure(runs, sizes), sizes, runs)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=5, help="calls timed per page and kind")
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="grid page sizes")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    Console(width=160).print(asyncio.run(report(args.runs, sizes)))


if __name__ == "__main__":
    main()
