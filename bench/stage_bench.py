"""Where a snapshot's time goes, page by page, in-process: ``python -m bench
--stages-only`` (and the first table of ``nox -s bench``).

For every page (the grids of ``fixtures/pages/grid.html?n=N`` and the realistic stress pages of
``bench.stress_pages``, written at bench time), ``PlaywrightBrowser`` + ``SnapshotFactory``
as the product drives them, in three modes: the viewport with the screenshot (what
``get_snapshot`` does), the viewport without it, and the whole page without it. Per mode, the
median of each capture stage (``PlaywrightBrowser.last_stages``: settle, script, naming,
frames, screenshot, and the capture's total), then what we time here: pruning
(``SnapshotFactory.from_capture``: prune, register, render) and serialisation (what the model
reads: ``snapshot_text(snapshot, True)``), and the sum, capture wall time to text.

Density: the elements kept, the tokens of their JSON (the 2,000-token element budget), and the
in-view controls kept against those on the page. An in-view control is a raw capture node
whose role is one of ``INTERACTIVE_ROLES``, not hidden, and at least partly in the viewport.
The coverage line ends with how many controls the budget could hold at most, each the least
the element contract can write (``density.least_controls``): past that, none can be complete.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import statistics
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Group
from rich.table import Table
from rich.text import Text

from bench import (
    coverage_pages,
    coverage_pages_held,
    density,
    kinds_pages,
    kinds_pages_held,
    stress_pages,
)
from bench.coverage_pages import CoveragePage
from bench.stress_pages import StressPage
from harness.sites import StaticSite
from subterminator.ai.render import snapshot_text
from subterminator.browser.capture import RawCapture
from subterminator.browser.page_capture import STAGES
from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from subterminator.browser.protocol import CaptureScope
from subterminator.snapshot.element import OFFSCREEN, ElementInfo
from subterminator.snapshot.factory import SCREENSHOT_TOKENS, SnapshotFactory
from subterminator.snapshot.pruning import INTERACTIVE_ROLES, PruneLimits, visibility
from subterminator.snapshot.registry import ElementRegistry
from subterminator.snapshot.tokens import ESTIMATOR_NAME, estimate_tokens

VIEWPORT_MS_GOAL = 150.0  # our viewport snapshot without screenshot, on any page, at 1280x720
WHOLE_MS_GOAL = 1000.0  # and the whole page
BUDGET = PruneLimits().element_token_budget
# The product's (``subterminator mcp`` has no option for another, so the MCP comparison runs
# both servers at this one); the goals are stated at 1280x720: ``--viewport 1280x720``.
VIEWPORT = LaunchOptions().viewport


def parse_viewport(text: str) -> tuple[int, int]:
    """``1280x720`` -> (1280, 720)."""
    width, _, height = text.lower().partition("x")
    return int(width), int(height)


# -- the pages ---------------------------------------------------------------------------------


def parse_sizes(text: str) -> list[int]:
    """``10,100,1_000`` -> [10, 100, 1000]; empty (or ``0``) means no grids."""
    return [n for n in (int(s.replace("_", "")) for s in text.split(",") if s.strip()) if n > 0]


@dataclass(frozen=True)
class Target:
    """One page to measure: its row label, its address, and the set it belongs to."""

    label: str
    url: str
    group: str  # GRIDS, STRESS, HELD or FLOOR
    what: str = ""
    kind: str = ""  # its family in the goal lines, when not its group's (KINDS, KINDS_HELD)

    @property
    def family(self) -> str:
        return self.kind or self.group


GRIDS, STRESS, HELD = "grids", "stress", "held aside"
# A page with one heading and nothing else (``grid.html?n=0``): what a snapshot costs when
# there is nothing to capture, the least any page can take; kept out of every family's goals.
FLOOR = "floor"
FLOOR_LABEL = "empty page"
KINDS, KINDS_HELD = "kinds", "kinds held aside"  # ``bench.kinds_pages``: in STRESS, HELD
COVERAGE, COVERAGE_HELD = "coverage", "coverage held aside"  # ``bench.coverage_pages``


@contextlib.contextmanager
def served(
    pages: Path,
    sizes: Sequence[int],
    stress_dir: Path | None = None,
    *,
    stress: bool = True,
    held_aside: bool = True,
    fixtures: Sequence[tuple[str, str]] = (),
    coverage: bool = True,
    floor: bool = False,
) -> Iterator[list[Target]]:
    """Write the stress pages (into ``stress_dir``, else a temporary folder), serve them and the
    fixture pages on 127.0.0.1, and yield the targets: grids (then ``fixtures``: label, path
    under ``pages``; then, with ``floor``, the empty page), stress set, held-aside set."""
    with contextlib.ExitStack() as stack:
        targets: list[Target] = []
        if sizes or fixtures:
            grids = stack.enter_context(StaticSite(pages))
            targets += [
                Target(f"grid n={n:,}", grids.url(f"grid.html?n={n}"), GRIDS, f"{n:,} controls")
                for n in sizes
            ]
            targets += [Target(label, grids.url(path), GRIDS) for label, path in fixtures]
            if floor:
                empty = grids.url("grid.html?n=0")
                targets.append(Target(FLOOR_LABEL, empty, FLOOR, "one heading, nothing else"))
        if stress or held_aside:
            if stress_dir is None:
                stress_dir = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="st-")))
            written = stress_pages.write_pages(stress_dir) if stress else []
            held = stress_pages.write_pages(stress_dir, held_aside=True) if held_aside else []
            kinds = kinds_pages.write_pages(stress_dir) if stress else []
            kinds_held = kinds_pages_held.write_pages(stress_dir) if held_aside else []
            portals: list[CoveragePage] = []
            portals_held: list[CoveragePage] = []
            if coverage:  # portals of 25 to 140 controls in view (and their held-aside twins)
                portals = coverage_pages.write_pages(stress_dir) if stress else []
                portals_held = coverage_pages_held.write_pages(stress_dir) if held_aside else []
            site = stack.enter_context(StaticSite(stress_dir))
            chosen_sets: list[tuple[str, str, Sequence[StressPage | CoveragePage]]] = [
                (STRESS, "", written),
                (KINDS, STRESS, kinds),
                (COVERAGE, STRESS, portals),
                (HELD, "", held),
                (KINDS_HELD, HELD, kinds_held),
                (COVERAGE_HELD, HELD, portals_held),
            ]
            for family, group, chosen in chosen_sets:
                targets += [
                    Target(
                        p.name,
                        site.url(p.url_path(stress_dir)),
                        group or family,
                        p.what,
                        family if group else "",
                    )
                    for p in chosen
                ]
        yield targets


# -- taking turns ------------------------------------------------------------------------------

Turn = Callable[[], AbstractAsyncContextManager[None]]


def anytime() -> AbstractAsyncContextManager[None]:
    """The turn of a measurer alone: now."""
    return contextlib.nullcontext()


class Turns:
    """Round robin between concurrent measurers (Playwright MCP, ours, ours in-process): one
    works at a time, each in turn, page by page, so the figures a ratio divides are taken
    moments apart, under the same load; on a shared two-core machine the load drifts over the
    minutes one side alone would take. A measurer that is done leaves; the rest go on."""

    def __init__(self, parties: int) -> None:
        self._order = list(range(parties))
        self._at = 0
        self._changed = asyncio.Condition()

    def of(self, who: int) -> Turn:
        return lambda: self.turn(who)

    @contextlib.asynccontextmanager
    async def turn(self, who: int) -> AsyncIterator[None]:
        async with self._changed:
            await self._changed.wait_for(lambda: self._order[self._at] == who)
        try:
            yield
        finally:
            async with self._changed:
                self._at = (self._at + 1) % len(self._order)
                self._changed.notify_all()

    async def leave(self, who: int) -> None:
        async with self._changed:
            if who not in self._order:
                return
            index, current = self._order.index(who), self._order[self._at]
            self._order.remove(who)
            if not self._order:
                return
            if current == who:  # its turn passes to the next in line
                self._at = index % len(self._order)
            elif index < self._at:
                self._at -= 1
            self._changed.notify_all()

    async def run(self, *work: Callable[[Turn], Awaitable[None]]) -> None:
        """Run each measurer, called with its turn; each leaves when done, failed or not."""

        async def party(who: int, job: Callable[[Turn], Awaitable[None]]) -> None:
            try:
                await job(self.of(who))
            finally:
                await self.leave(who)

        await asyncio.gather(*(party(who, job) for who, job in enumerate(work)))


# -- one page, one mode ------------------------------------------------------------------------


@dataclass(frozen=True)
class Mode:
    label: str
    viewport_only: bool
    screenshot: bool


MODES = (
    Mode("viewport+shot", True, True),
    Mode("viewport", True, False),
    Mode("whole page", False, False),
)
PARTS = (*STAGES, "prune", "serialise", "end to end")  # "total" is the capture's own total


@dataclass
class StageFigures:
    """Medians of one page in one mode, and what the last snapshot held."""

    ms: dict[str, float] = field(default_factory=dict)  # PARTS -> median ms
    best: dict[str, float] = field(default_factory=dict)  # PARTS -> fastest run's ms
    raw_nodes: int = 0
    omitted: int = 0
    kept: int = 0
    tokens: int = 0
    text_chars: int = 0  # of the serialised snapshot
    in_view: int = 0  # controls in view on the page
    in_view_kept: int = 0
    tokens_short: int = 0  # the snapshot's meta: what the element budget lacked for them

    @property
    def tokens_per_element(self) -> float | None:
        return self.tokens / self.kept if self.kept else None

    @property
    def dropped(self) -> int:
        return max(0, self.in_view - self.in_view_kept)


def in_view_controls(capture: RawCapture) -> int:
    """Controls of the raw capture a person sees: interactive role, not hidden, in view."""
    width, height = capture.viewport.width, capture.viewport.height
    return sum(
        1
        for node in capture.nodes
        if node.role in INTERACTIVE_ROLES
        and not node.hidden
        and visibility(node, width, height) != OFFSCREEN
    )


def kept_in_view(elements: Sequence[ElementInfo]) -> int:
    return sum(1 for e in elements if e.role in INTERACTIVE_ROLES and e.visibility != OFFSCREEN)


async def measure_mode(
    browser: PlaywrightBrowser, mode: Mode, runs: int, warm: bool = True
) -> StageFigures:
    """``runs`` snapshots of the open page in ``mode`` (after one warm-up), stage by stage."""
    tokens = SCREENSHOT_TOKENS if mode.screenshot else None
    factory = SnapshotFactory(browser, ElementRegistry(), screenshot_tokens=tokens)
    scope: CaptureScope = "viewport" if mode.viewport_only else "page"
    samples: dict[str, list[float]] = {part: [] for part in PARTS}
    figures = StageFigures()
    for attempt in range(runs + (1 if warm else 0)):
        started = time.perf_counter()
        capture = await browser.capture(scope=scope, screenshot_pixels=factory.screenshot_pixels)
        captured = time.perf_counter()
        stages = dict(browser.last_stages)
        snapshot, elements = factory.from_capture(capture, mode.viewport_only)
        pruned = time.perf_counter()
        text = snapshot_text(snapshot, True)
        done = time.perf_counter()
        if warm and attempt == 0:
            continue
        for stage in STAGES:
            samples[stage].append(stages.get(stage, 0.0))
        samples["prune"].append((pruned - captured) * 1000)
        samples["serialise"].append((done - pruned) * 1000)
        samples["end to end"].append((done - started) * 1000)
        figures.raw_nodes, figures.omitted = len(capture.nodes), capture.omitted
        figures.kept = len(elements)
        figures.tokens = estimate_tokens(snapshot.elements_json())
        figures.text_chars = len(text)
        figures.in_view = in_view_controls(capture)
        figures.in_view_kept = kept_in_view(elements)
        figures.tokens_short = snapshot.meta.tokens_short if snapshot.meta else 0
    figures.ms = {part: statistics.median(values) for part, values in samples.items() if values}
    figures.best = {part: min(values) for part, values in samples.items() if values}
    return figures


@dataclass
class PageStages:
    target: Target
    modes: dict[str, StageFigures] = field(default_factory=dict)  # Mode.label -> figures
    error: str = ""


def _one_line(exc: BaseException) -> str:
    return " ".join(f"{type(exc).__name__}: {exc}".split())[:200]


async def measure_pages(
    targets: Sequence[Target],
    runs: int,
    modes: Sequence[Mode] = MODES,
    whole_runs: int | None = None,
    executable: str | None = None,
    turn: Turn = anytime,
    viewport: tuple[int, int] = VIEWPORT,
) -> list[PageStages]:
    """Each target in each mode, one browser for all; a page that fails keeps its error.
    The browser starts, each page is measured, and the browser stops, each in ``turn``."""
    results: list[PageStages] = []
    options = LaunchOptions(block_non_local=True, executable=executable, viewport=viewport)
    async with contextlib.AsyncExitStack() as stack:
        async with turn():
            browser = await stack.enter_async_context(await PlaywrightBrowser.launch(options))
            if targets:  # a browser just started is busy a while: not on the first page's bill
                with contextlib.suppress(Exception):
                    await browser.navigate(targets[0].url)
                    for scope in ("viewport", "page", "viewport"):
                        await browser.capture(scope=scope)
        for target in targets:
            page = PageStages(target)
            results.append(page)
            async with turn():
                try:
                    await browser.navigate(target.url)
                    for mode in modes:
                        count = runs if mode.viewport_only or whole_runs is None else whole_runs
                        page.modes[mode.label] = await measure_mode(browser, mode, max(1, count))
                except Exception as exc:  # one page's failure is its row, the rest go on
                    page.error = _one_line(exc)
        async with turn():
            await stack.aclose()
    return results


class Load:
    """The machine's load around a measurement: timings on a busy machine read high."""

    def __init__(self) -> None:
        self.start = self.end = self._now()

    @staticmethod
    def _now() -> float:
        return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")

    def done(self) -> Load:
        self.end = self._now()
        return self

    def line(self) -> str:
        return (
            f"machine load (1-minute average) {self.start:.1f} at the start, {self.end:.1f} at "
            f"the end, on {os.cpu_count()} cores"
        )


# -- the table ---------------------------------------------------------------------------------


def _ms(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:,.1f}" if value < 10 else f"{value:,.0f}"


COLUMNS = (
    "page",
    "mode",
    "settle",
    "script",
    "naming",
    "frames",
    "shot",
    "capture",
    "prune",
    "serialise",
    "total ms",
    "raw nodes",
    "kept",
    "in-view ctrl kept/present",
    "tokens",
    "tok/el",
)


def stage_table(
    results: Sequence[PageStages], runs: int, title: str = "", viewport: tuple[int, int] = VIEWPORT
) -> Table:
    table = Table(
        title=title
        or (
            f"Snapshot stages in-process (PlaywrightBrowser + SnapshotFactory) at "
            f"{viewport[0]}x{viewport[1]}, median of {runs} (whole page: fewer), ms; total = "
            f"capture + prune + serialise; tokens of the elements JSON ({ESTIMATOR_NAME}), "
            f"budget {BUDGET:,}"
        )
    )
    for column in COLUMNS:
        table.add_column(column, justify="left" if column in ("page", "mode") else "right")
    for page in results:
        if page.error:
            table.add_row(page.target.label, "failed", page.error, *[""] * (len(COLUMNS) - 3))
            table.add_section()
            continue
        for index, (label, f) in enumerate(page.modes.items()):
            ms = f.ms.get
            ratio = f"{f.in_view_kept}/{f.in_view}"
            if f.dropped:
                ratio = f"[red]{ratio}[/red]" + (f" -{f.tokens_short:,}t" if f.tokens_short else "")
            table.add_row(
                page.target.label if index == 0 else "",
                label,
                _ms(ms("settle")),
                _ms(ms("script")),
                _ms(ms("naming")),
                _ms(ms("frames")),
                _ms(ms("screenshot")) if "shot" in label else "-",
                _ms(ms("total")),
                _ms(ms("prune")),
                _ms(ms("serialise")),
                _ms(ms("end to end")),
                f"{f.raw_nodes:,}" + (f"+{f.omitted:,}" if f.omitted else ""),
                f"{f.kept:,}",
                ratio,
                f"{f.tokens:,}",
                "-" if f.tokens_per_element is None else f"{f.tokens_per_element:.1f}",
            )
        table.add_section()
    return table


@dataclass(frozen=True)
class StageSummary:
    """The issue's in-process goals over a set of pages."""

    max_viewport: tuple[str, float] | None  # slowest page, viewport without screenshot
    max_whole: tuple[str, float] | None
    over_viewport: list[str]  # pages over VIEWPORT_MS_GOAL
    over_whole: list[str]
    dropped: list[tuple[str, int, int]]  # page, in-view controls kept, present
    over_budget: list[tuple[str, int]]


def summarise_stages(results: Sequence[PageStages]) -> StageSummary:
    viewport: list[tuple[str, float]] = []
    whole: list[tuple[str, float]] = []
    dropped: list[tuple[str, int, int]] = []
    over_budget: list[tuple[str, int]] = []
    for page in results:
        label = page.target.label
        if (f := page.modes.get("viewport")) is not None and "end to end" in f.ms:
            viewport.append((label, f.ms["end to end"]))
        if (f := page.modes.get("whole page")) is not None and "end to end" in f.ms:
            whole.append((label, f.ms["end to end"]))
        shown = page.modes.get("viewport+shot") or page.modes.get("viewport")
        if shown is not None and shown.dropped:
            dropped.append((label, shown.in_view_kept, shown.in_view))
        for f in page.modes.values():
            if f.tokens > BUDGET:
                over_budget.append((label, f.tokens))
                break
    return StageSummary(
        max_viewport=max(viewport, key=lambda x: x[1], default=None),
        max_whole=max(whole, key=lambda x: x[1], default=None),
        over_viewport=[label for label, ms in viewport if ms > VIEWPORT_MS_GOAL],
        over_whole=[label for label, ms in whole if ms > WHOLE_MS_GOAL],
        dropped=dropped,
        over_budget=over_budget,
    )


def summary_lines(summary: StageSummary, failed: Sequence[str] = ()) -> list[str]:
    def slowest(pair: tuple[str, float] | None) -> str:
        return "-" if pair is None else f"{pair[1]:,.0f} ms ({pair[0]})"

    over_v = ", ".join(summary.over_viewport) or "none"
    over_w = ", ".join(summary.over_whole) or "none"
    dropped = ", ".join(f"{p} {k}/{n}" for p, k, n in summary.dropped) or "none"
    met = "met" if summary.max_viewport and not summary.over_viewport else "NOT MET"
    lines = [
        "ours viewport, no screenshot (in-process, capture to text): "
        f"max {slowest(summary.max_viewport)}; over {VIEWPORT_MS_GOAL:.0f} ms: {over_v} "
        f"(goal: none; {met})",
        f"ours whole page, no screenshot (in-process): max {slowest(summary.max_whole)}"
        f"; over {WHOLE_MS_GOAL:.0f} ms: {over_w}",
        f"in-view controls dropped (viewport snapshot, kept/present): {dropped}",
    ]
    if summary.over_budget:
        over = ", ".join(f"{p} {t:,}" for p, t in summary.over_budget)
        lines.append(f"elements JSON over the {BUDGET:,}-token budget: {over}")
    if failed:
        lines.append(f"not measured: {', '.join(failed)}")
    return lines


def coverage_line(results: Sequence[PageStages]) -> str | None:
    """The coverage portals' in-view controls kept/present (viewport snapshot), and what the
    snapshot's meta says the budget lacked; none when no portal was measured."""
    parts = []
    for page in results:
        name = page.target.label
        f = page.modes.get("viewport+shot") or page.modes.get("viewport")
        if f is None or not name.startswith(("cov-", "held-")):
            continue
        short = f" (-{f.tokens_short:,} tokens)" if f.tokens_short else ""
        parts.append(f"{name} {f.in_view_kept}/{f.in_view}{short}")
    if not parts:
        return None
    each, most = density.least_controls(BUDGET)
    return (
        f"in-view coverage, kept/present: {', '.join(parts)}; the least control the contract "
        f"can write (a link with no name) takes {each:.1f} tokens: {BUDGET:,} hold {most} at most"
    )


def family_line(family: str, pages: Sequence[PageStages]) -> str:
    """One family's slowest viewport snapshot against the goal."""
    summary = summarise_stages(pages)
    slow = summary.max_viewport
    shown = "-" if slow is None else f"{slow[1]:,.0f} ms ({slow[0]})"
    met = "not measured" if slow is None else ("met" if slow[1] <= VIEWPORT_MS_GOAL else "NOT MET")
    return f"{family}: slowest viewport {shown} (goal <= {VIEWPORT_MS_GOAL:.0f} ms: {met})"


def stage_report(
    results: Sequence[PageStages], runs: int, viewport: tuple[int, int] = VIEWPORT
) -> Group:
    """The table, the held-aside pages in their own, and the summary of each."""
    parts: list[Table | Text] = []
    main = [r for r in results if r.target.group != HELD]
    held = [r for r in results if r.target.group == HELD]
    for chosen, name in ((main, ""), (held, "held aside: ")):
        if not chosen:
            continue
        families: dict[str, list[PageStages]] = {}
        for r in chosen:
            families.setdefault(r.target.family, []).append(r)
        title = ""
        if name:
            title = (
                f"Held aside (not tuned on): snapshot stages in-process at "
                f"{viewport[0]}x{viewport[1]}, median of {runs}, ms"
            )
        parts.append(stage_table(chosen, runs, title, viewport))
        failed = [r.target.label for r in chosen if r.error]
        for line in summary_lines(summarise_stages(chosen), failed):
            parts.append(Text(name + line))
        if (covered := coverage_line(chosen)) is not None:
            parts.append(Text(name + covered))
        if len(families) > 1:  # the slowest-page goal, family by family
            parts += [Text(family_line(family, pages)) for family, pages in families.items()]
    return Group(*parts)
