"""Snapshot benchmark: ``python -m bench`` (``nox -s bench``); prints medians only.

First the token estimator by script against the tokenizer yardstick
(``bench.token_calibration``: text and pruned snapshot JSON in 18 languages, no browser). Then
where a snapshot's time goes (``bench.stage_bench``): for pages of 10 to 10,000 interactive
elements, the richest fixture pages, and the realistic stress pages of ``bench.stress_pages``
(written at bench time into ``--pages-dir`` or a temporary folder; the held-aside set in a table
of its own), the median of each capture stage, pruning and serialisation, for the viewport with
and without the screenshot and the whole page, with the elements kept, their tokens, and the in-
view controls kept against those present; then what the SafetyGate adds before each action
(reading the live effect with ``Browser.inspect``, and judging it); replays of every recorded
flow (``bench.replay_bench``) and what the pytest plugin adds to a bare project's start
(``bench.startup_bench``); the linear-growth law on families of long inline structures at 10 to
10,000 items (``bench.linear_bench``: per-stage medians per family and size, and each family's
ratio, the held-aside families in a table of their own); last, ``subterminator mcp`` beside
Playwright MCP through one MCP client on the same pages (``bench.mcp_bench``: snapshot latency
and reply tokens, with ours also without its screenshot, the issue's ratio summaries, and one
scripted cancellation; it installs the pinned Playwright MCP from npm into ``.nox/playwright-
mcp`` on first use, so it needs node and npm). ``--tokens-only`` stops after the first table;
``--stages-only``, ``--replay-only``, ``--startup-only``, ``--linear-only`` and ``--mcp-only``
print only theirs.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.table import Table

from bench import (
    inline_pages,
    linear_bench,
    replay_bench,
    stage_bench,
    startup_bench,
    token_calibration,
)
from harness.scripted_ai import call
from harness.sites import StaticSite
from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from subterminator.safety import SafetyGate
from subterminator.snapshot.factory import SnapshotFactory
from subterminator.snapshot.registry import ElementRegistry

SIZES = (10, 100, 1_000, 10_000)
FIXTURES = (("catalog.html (~3,300 controls)", "catalog.html"), ("rules.html", "rules.html"))


async def run(
    pages: Path,
    runs: int,
    tokens_only: bool = False,
    replay_only: bool = False,
    startup_only: bool = False,
    mcp_only: bool = False,
    *,
    stages_only: bool = False,
    linear_only: bool = False,
    sizes: Sequence[int] = SIZES,
    linear_sizes: Sequence[int] = inline_pages.SIZES,
    pages_dir: Path | None = None,
    viewport: tuple[int, int] = stage_bench.VIEWPORT,
) -> None:
    console = Console(width=WIDTH)
    if mcp_only:
        await _mcp(pages, runs, console, sizes, pages_dir)
        return
    if startup_only:
        console.print(startup_bench.table(runs))
        return
    if replay_only:
        console.print(await replay_bench.table())
        return
    if stages_only:
        await _stages(pages, runs, console, sizes, pages_dir, viewport=viewport)
        return
    if linear_only:
        await _linear(runs, console, linear_sizes, pages_dir, viewport)
        return
    console.print(token_calibration.table(token_calibration.measure()))
    if tokens_only:
        return
    await _stages(pages, runs, console, sizes, pages_dir, FIXTURES, viewport)
    await _linear(runs, console, linear_sizes, pages_dir, viewport)
    await _gate(pages, runs, console)
    console.print(await replay_bench.table())
    console.print(startup_bench.table(runs))
    await _mcp(pages, runs, console, sizes, pages_dir)


async def _stages(
    pages: Path,
    runs: int,
    console: Console,
    sizes: Sequence[int],
    pages_dir: Path | None,
    fixtures: Sequence[tuple[str, str]] = (),
    viewport: tuple[int, int] = stage_bench.VIEWPORT,
) -> None:
    """Stage by stage, in-process: grids, fixtures, the stress pages, then the held-aside ones;
    the whole page is timed half as often (it is the slow one)."""
    load = stage_bench.Load()
    with stage_bench.served(pages, sizes, pages_dir, fixtures=fixtures) as targets:
        results = await stage_bench.measure_pages(
            targets, runs, whole_runs=max(1, runs // 2), viewport=viewport
        )
    console.print(stage_bench.stage_report(results, runs, viewport))
    console.print(load.done().line())


async def _linear(
    runs: int,
    console: Console,
    sizes: Sequence[int],
    pages_dir: Path | None,
    viewport: tuple[int, int],
) -> None:
    """The inline families at each size, and each family's linear-growth ratio."""
    load = stage_bench.Load()
    dest = pages_dir / "inline" if pages_dir else None
    results = await linear_bench.measure(sizes, runs, dest, viewport)
    console.print(linear_bench.report(results, runs))
    console.print(load.done().line())


async def _mcp(
    pages: Path, runs: int, console: Console, sizes: Sequence[int], pages_dir: Path | None
) -> None:
    """The MCP comparison (imported here: only this table needs the MCP client)."""
    from bench import mcp_bench

    try:
        report = await mcp_bench.run(runs, sizes, pages=pages, stress_dir=pages_dir)
        console.print(report, width=mcp_bench.WIDTH)
    except mcp_bench.BenchError as exc:
        console.print(f"[yellow]MCP comparison not run: {exc}[/yellow]")
    await _behind_gate(runs, console)


async def _behind_gate(runs: int, console: Console) -> None:
    """The side-by-side's row for Playwright MCP behind our gate (``bench.pwmcp_gate``)."""
    from bench import pwmcp_gate

    try:
        console.print(await pwmcp_gate.report(runs))
    except Exception as exc:  # no Node, no package: one line, the figures above stand
        console.print(f"[yellow]Playwright MCP behind our gate not measured: {exc}[/yellow]")


async def _gate(pages: Path, runs: int, console: Console) -> None:
    table = Table(title=f"SafetyGate before an action, median of {runs} runs")
    for column in ("page", "target", "inspect ms", "judge ms", "page text chars", "asks"):
        table.add_column(column, justify="right" if column not in ("page", "target") else "left")
    targets = [(f"grid n={n}", f"grid.html?n={n}") for n in (100, 10_000)]
    targets += [("catalog.html", "catalog.html"), ("safety/card.html", "safety/card.html")]
    with StaticSite(pages) as site:
        async with await PlaywrightBrowser.launch(LaunchOptions(block_non_local=True)) as browser:
            for label, path in targets:
                await browser.navigate(site.url(path))
                registry = ElementRegistry()
                snapshot, _ = await SnapshotFactory(browser, registry).create()
                element = next(e for e in snapshot.elements if e.role in ("button", "link"))
                info = registry.peek(element.ref)
                assert info is not None
                assert info.handle is not None
                inspect_ms: list[float] = []
                judge_ms: list[float] = []
                for _ in range(runs):
                    started = time.perf_counter()
                    effect = await browser.inspect(info.handle, "click")
                    inspect_ms.append((time.perf_counter() - started) * 1000)
                    started = time.perf_counter()
                    verdict = SafetyGate().judge(
                        call("browser_click", ref=element.ref), element, effect, snapshot
                    )
                    judge_ms.append((time.perf_counter() - started) * 1000)
                table.add_row(
                    label,
                    f"{element.role} {element.name[:24]!r}",
                    f"{statistics.median(inspect_ms):.1f}",
                    f"{statistics.median(judge_ms):.2f}",
                    str(len(effect.page_text)),
                    "yes" if verdict.ask else "no",
                )
    console.print(table)


WIDTH = 210


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pages", type=Path, default=Path("fixtures/pages"))
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument(
        "--sizes", default=",".join(map(str, SIZES)), help="grid page sizes (0: no grids)"
    )
    parser.add_argument(
        "--pages-dir",
        type=Path,
        help="write the stress pages here, e.g. .nox/stress-pages (default: a temporary folder)",
    )
    parser.add_argument(
        "--viewport",
        type=stage_bench.parse_viewport,
        default=stage_bench.VIEWPORT,
        help="WxH for the stage table (default: the product's; the goals are at 1280x720); the "
        "MCP comparison runs at the product's, as `subterminator mcp` has no such option",
    )
    parser.add_argument("--tokens-only", action="store_true", help="only the token table")
    parser.add_argument(
        "--stages-only", action="store_true", help="only the in-process stage table"
    )
    parser.add_argument("--replay-only", action="store_true", help="only the replay table")
    parser.add_argument(
        "--linear-only", action="store_true", help="only the inline families' growth table"
    )
    parser.add_argument(
        "--linear-sizes",
        default=",".join(map(str, inline_pages.SIZES)),
        help="items per inline family page",
    )
    parser.add_argument(
        "--startup-only", action="store_true", help="only the plugin's start-up cost"
    )
    parser.add_argument(
        "--mcp-only", action="store_true", help="only ours beside Playwright MCP over MCP"
    )
    args = parser.parse_args()
    asyncio.run(
        run(
            args.pages,
            args.runs,
            args.tokens_only,
            args.replay_only,
            args.startup_only,
            args.mcp_only,
            stages_only=args.stages_only,
            linear_only=args.linear_only,
            sizes=stage_bench.parse_sizes(args.sizes),
            linear_sizes=stage_bench.parse_sizes(args.linear_sizes),
            pages_dir=args.pages_dir,
            viewport=args.viewport,
        )
    )


if __name__ == "__main__":
    main()
