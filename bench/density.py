"""What an element costs the model, and how many in-view controls the budget keeps:
``python -m bench.density`` (``--json`` for machine-readable figures).

Dense pages (``fixtures/pages/news.html``, an English portal with ~65 controls in a 1280x720
viewport; ``portal-zh.html``, a Chinese one with ~54; ``catalog.html``; ``grid.html?n=100``)
are loaded in headless Chromium and captured once each. For each page it prints:

- in view / kept: the controls (every admitted element but headings and landmarks) at least
  partly in the viewport, and how many of them the default ``SnapshotFactory`` (2,000-token
  element budget, 100 elements) keeps;
- tokens per element: each in-view element's JSON as the model reads it (one element of
  ``Snapshot.elements_json()``, full names), median and mean, as the element budget counts it
  (``estimate_json_tokens``), by the plain estimator (``estimate_tokens``) and by the tokenizer
  yardstick of ``bench.token_calibration``, over every admitted in-view element (the same
  set whatever the pruning keeps);
- the elements JSON actually sent, in estimated and yardstick tokens.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
from dataclasses import asdict, dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table

from bench import token_calibration
from harness.sites import StaticSite
from subterminator.browser.capture import RawCapture
from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from subterminator.models.snapshot import BoundingBox
from subterminator.snapshot.element import OFFSCREEN, ElementInfo
from subterminator.snapshot.factory import SnapshotFactory, elements_json
from subterminator.snapshot.pruning import PruneLimits, candidates, is_control, keep, link
from subterminator.snapshot.registry import ElementRegistry
from subterminator.snapshot.tokens import ESTIMATOR_NAME, estimate_json_tokens, estimate_tokens

PAGES = Path(__file__).resolve().parent.parent / "fixtures/pages"
TARGETS = (
    ("news portal (en)", "news.html"),
    ("news portal (zh-CN)", "portal-zh.html"),
    ("catalog.html", "catalog.html"),
    ("grid n=100", "grid.html?n=100"),
)
VIEWPORT = (1280, 720)


@dataclass(frozen=True)
class Density:
    page: str
    controls_in_view: int
    controls_kept: int
    elements_kept: int
    median_estimate: float  # tokens per in-view element, as the element budget counts them
    mean_estimate: float
    median_plain: float  # the same by the plain estimator (estimate_tokens)
    mean_plain: float
    median_yardstick: float  # the same by the tokenizer yardstick
    mean_yardstick: float
    sent_estimate: int  # the elements JSON sent, default limits
    sent_yardstick: int


def least_controls(budget: int = PruneLimits().element_token_budget) -> tuple[float, int]:
    """The tokens each of the cheapest controls the contract can write takes (a link with no
    name, its ref and its box: a box of numbers up to three digits costs the same whatever
    they are), and how many of them ``budget`` holds: more controls in view than that cannot
    all be kept, however their names are cut."""
    box = BoundingBox(x=100, y=100, width=100, height=20)

    def tokens(count: int) -> int:
        links = [ElementInfo("link", "", ["visible", "enabled"], box) for _ in range(count)]
        link(links, [f"@e{i + 1}" for i in range(count)])
        return estimate_json_tokens(elements_json(links))

    low, high = 0, budget  # each takes more than a token: at most ``budget`` of them
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if tokens(middle) <= budget else (low, middle - 1)
    each = max(low, 1)
    return tokens(each) / each, low


def _in_view_controls(capture: RawCapture) -> set[int]:
    """The capture indexes of the controls at least partly in the viewport."""
    admitted = candidates(capture, True, PruneLimits())
    return {e.order for e in admitted if e.visibility != OFFSCREEN and is_control(e)}


def measure(label: str, capture: RawCapture) -> Density:
    """The figures for one captured page (no browser needed from here on)."""
    every = [e for e in candidates(capture, True, PruneLimits()) if e.visibility != OFFSCREEN]
    every = keep(every, set(range(len(every))), PruneLimits().max_depth)
    link(every, [f"@e{i}" for i in range(len(every))])
    pieces = [e.to_element().model_dump_json() for e in every]
    estimated = [estimate_json_tokens(p) for p in pieces]
    plain = [estimate_tokens(p) for p in pieces]
    measured = [token_calibration.yardstick(p) for p in pieces]
    snapshot, infos = SnapshotFactory(None, ElementRegistry()).from_capture(capture)  # type: ignore[arg-type]
    in_view = _in_view_controls(capture)
    sent = snapshot.elements_json()
    return Density(
        page=label,
        controls_in_view=len(in_view),
        controls_kept=len(in_view & {e.order for e in infos}),
        elements_kept=len(snapshot.elements),
        median_estimate=statistics.median(estimated),
        mean_estimate=round(statistics.fmean(estimated), 1),
        median_plain=statistics.median(plain),
        mean_plain=round(statistics.fmean(plain), 1),
        median_yardstick=statistics.median(measured),
        mean_yardstick=round(statistics.fmean(measured), 1),
        sent_estimate=estimate_json_tokens(sent),
        sent_yardstick=token_calibration.yardstick(sent),
    )


async def captures(pages: Path = PAGES) -> list[tuple[str, RawCapture]]:
    out = []
    with StaticSite(pages) as site:
        options = LaunchOptions(block_non_local=True, viewport=VIEWPORT)
        async with await PlaywrightBrowser.launch(options) as browser:
            for label, path in TARGETS:
                await browser.navigate(site.url(path))
                out.append((label, await browser.capture(scope="viewport")))
    return out


def table(rows: list[Density]) -> Table:
    grid = Table(
        title=f"Element density, {VIEWPORT[0]}x{VIEWPORT[1]} viewport, 2,000-token budget "
        f"(estimator: {ESTIMATOR_NAME}; yardstick: {token_calibration.YARDSTICK_NAME})"
    )
    for column in (
        "page",
        "controls in view",
        "kept",
        "elements sent",
        "tok/element median (budget/plain/yard)",
        "tok/element mean (budget/plain/yard)",
        "elements JSON (est/yard)",
    ):
        grid.add_column(column, justify="left" if column == "page" else "right")
    for row in rows:
        grid.add_row(
            row.page,
            str(row.controls_in_view),
            str(row.controls_kept),
            str(row.elements_kept),
            f"{row.median_estimate:g} / {row.median_plain:g} / {row.median_yardstick:g}",
            f"{row.mean_estimate:g} / {row.mean_plain:g} / {row.mean_yardstick:g}",
            f"{row.sent_estimate} / {row.sent_yardstick}",
        )
    return grid


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.density", description=__doc__)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    rows = [measure(label, capture) for label, capture in asyncio.run(captures())]
    if args.json:
        print(json.dumps([asdict(r) for r in rows], indent=1))
    else:
        Console(width=170).print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
