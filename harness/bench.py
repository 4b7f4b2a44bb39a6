"""Snapshot benchmark: ``python -m harness.bench`` (``nox -s bench``); prints medians only.

First the token estimator by script against the tokenizer yardstick (``harness.token_calibration``:
text and pruned snapshot JSON in 18 languages, no browser). Then, for pages of 10 to 10,000
interactive elements and the richest fixture page, get_snapshot latency with and without the
screenshot, for the viewport and the whole page, and the token estimate of the elements JSON;
then what the SafetyGate adds before each action (reading the live effect with
``Browser.inspect``, and judging it); replays of every recorded flow (``harness.replay.bench``)
and what the pytest plugin adds to a bare project's start (``harness.startup_bench``); last,
``subterminator mcp`` beside Playwright MCP through one MCP client (``harness.mcp_bench``:
snapshot latency and reply tokens, and one scripted cancellation; it installs the pinned
Playwright MCP from npm into ``.nox/playwright-mcp`` on first use, so it needs node and npm).
``--tokens-only`` stops after the first table; ``--replay-only``, ``--startup-only`` and
``--mcp-only`` print only theirs.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from harness import startup_bench, token_calibration
from harness.replay import bench as replay_bench
from harness.scripted_ai import call
from harness.sites import StaticSite
from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from subterminator.safety import SafetyGate
from subterminator.snapshot.factory import SnapshotFactory
from subterminator.snapshot.registry import ElementRegistry
from subterminator.snapshot.tokens import ESTIMATOR_NAME, estimate_tokens

SIZES = (10, 100, 1_000, 10_000)


async def _median_ms(
    factory: SnapshotFactory, viewport_only: bool, runs: int
) -> tuple[float, int, int]:
    timings: list[float] = []
    elements = tokens = 0
    for _ in range(runs):
        started = time.perf_counter()
        snapshot, _ = await factory.create(viewport_only)
        timings.append((time.perf_counter() - started) * 1000)
        elements, tokens = len(snapshot.elements), estimate_tokens(snapshot.elements_json())
    return statistics.median(timings), elements, tokens


async def run(
    pages: Path,
    runs: int,
    tokens_only: bool = False,
    replay_only: bool = False,
    startup_only: bool = False,
    mcp_only: bool = False,
) -> None:
    console = Console(width=150)
    if mcp_only:
        await _mcp(pages, runs, console)
        return
    if startup_only:
        console.print(startup_bench.table(runs))
        return
    if replay_only:
        console.print(await replay_bench.table())
        return
    console.print(token_calibration.table(token_calibration.measure()))
    if tokens_only:
        return
    table = Table(title=f"get_snapshot, median of {runs} runs (tokens: {ESTIMATOR_NAME})")
    for column in (
        "page",
        "viewport ms",
        "no-shot ms",
        "elements",
        "tokens",
        "full-page ms",
        "full elements",
        "full tokens",
    ):
        table.add_column(column, justify="right" if column != "page" else "left")
    targets = [(f"grid n={n}", f"grid.html?n={n}") for n in SIZES]
    targets.append(("catalog.html (~3,300 controls)", "catalog.html"))
    targets.append(("rules.html (every rule)", "rules.html"))
    with StaticSite(pages) as site:
        async with await PlaywrightBrowser.launch(LaunchOptions(block_non_local=True)) as browser:
            for label, path in targets:
                await browser.navigate(site.url(path))
                with_shot = SnapshotFactory(browser, ElementRegistry())
                no_shot = SnapshotFactory(browser, ElementRegistry(), screenshot_tokens=None)
                await with_shot.create()  # warm-up
                shot_ms, count, tokens = await _median_ms(with_shot, True, runs)
                bare_ms, _, _ = await _median_ms(no_shot, True, runs)
                full_ms, full_count, full_tokens = await _median_ms(
                    no_shot, False, max(1, runs // 2)
                )
                table.add_row(
                    label,
                    f"{shot_ms:.0f}",
                    f"{bare_ms:.0f}",
                    str(count),
                    str(tokens),
                    f"{full_ms:.0f}",
                    str(full_count),
                    str(full_tokens),
                )
    console.print(table)
    await _gate(pages, runs, console)
    console.print(await replay_bench.table())
    console.print(startup_bench.table(runs))
    await _mcp(pages, runs, console)


async def _mcp(pages: Path, runs: int, console: Console) -> None:
    """The MCP comparison (imported here: only this table needs the MCP client)."""
    from harness import mcp_bench

    try:
        console.print(await mcp_bench.run(runs, pages=pages), width=170)
    except mcp_bench.BenchError as exc:
        console.print(f"[yellow]MCP comparison not run: {exc}[/yellow]")


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pages", type=Path, default=Path("fixtures/pages"))
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--tokens-only", action="store_true", help="only the token table")
    parser.add_argument("--replay-only", action="store_true", help="only the replay table")
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
        )
    )


if __name__ == "__main__":
    main()
