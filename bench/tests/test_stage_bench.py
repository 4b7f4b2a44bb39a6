"""``bench.stage_bench``'s pure parts: which controls of a raw capture count as in view, which
of the kept elements, the summary of the issue's in-process goals over pages, and measurers
taking turns page by page."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from rich.console import Console

from bench import density, stage_bench
from bench.stage_bench import PageStages, StageFigures, Target
from subterminator.browser.capture import RawBox, RawCapture, RawNode, RawViewport
from subterminator.models.snapshot import BoundingBox
from subterminator.snapshot.element import FULLY_VISIBLE, OFFSCREEN, PARTLY_VISIBLE, ElementInfo
from subterminator.snapshot.factory import elements_json
from subterminator.snapshot.tokens import estimate_json_tokens


def node(role: str, x: float, y: float, hidden: bool = False, boxed: bool = True) -> RawNode:
    box = RawBox(x=x, y=y, width=100, height=20) if boxed else None
    return RawNode(role=role, name=role, box=box, hidden=hidden)


def test_in_view_controls_are_interactive_shown_and_at_least_partly_on_screen() -> None:
    capture = RawCapture(
        url="http://127.0.0.1/",
        title="t",
        viewport=RawViewport(width=1280, height=720),
        nodes=[
            node("link", 10, 10),  # in view
            node("button", 1250, 700),  # partly in view
            node("textbox", 10, 900),  # below the fold
            node("checkbox", 10, 10, hidden=True),  # hidden from assistive technology
            node("heading", 10, 40),  # not a control
            node("link", 0, 0, boxed=False),  # no box: not rendered
            node("switch", -50, 10),  # partly, off the left edge
        ],
    )
    assert stage_bench.in_view_controls(capture) == 3


def element(role: str, seen: int) -> ElementInfo:
    return ElementInfo(
        role=role,
        name=role,
        state=["visible"],
        bbox=BoundingBox(x=0, y=0, width=1, height=1),
        visibility=seen,
    )


def test_kept_in_view_counts_controls_not_landmarks_nor_offscreen() -> None:
    kept = [
        element("link", FULLY_VISIBLE),
        element("button", PARTLY_VISIBLE),
        element("region", FULLY_VISIBLE),
        element("link", OFFSCREEN),
    ]
    assert stage_bench.kept_in_view(kept) == 2


def page(label: str, viewport_ms: float, whole_ms: float, kept: int, present: int) -> PageStages:
    def figures(ms: float, tokens: int = 1_900) -> StageFigures:
        return StageFigures(
            ms={"end to end": ms, "total": ms - 5},
            kept=kept,
            tokens=tokens,
            in_view=present,
            in_view_kept=kept,
        )

    return PageStages(
        Target(label, f"http://127.0.0.1/{label}", stage_bench.STRESS),
        {
            "viewport+shot": figures(viewport_ms + 60),
            "viewport": figures(viewport_ms),
            "whole page": figures(whole_ms, tokens=2_100 if label == "huge" else 1_900),
        },
    )


def test_the_summary_names_the_slowest_and_every_page_over_a_goal() -> None:
    results = [
        page("login", 10, 12, kept=9, present=9),
        page("news", 120, 400, kept=45, present=125),
        page("huge", 350, 1_200, kept=41, present=116),
        PageStages(Target("deep", "http://127.0.0.1/deep", stage_bench.STRESS), error="boom"),
    ]
    summary = stage_bench.summarise_stages(results)
    assert summary.max_viewport == ("huge", 350)
    assert summary.max_whole == ("huge", 1_200)
    assert summary.over_viewport == ["huge"]
    assert summary.over_whole == ["huge"]
    assert summary.dropped == [("news", 45, 125), ("huge", 41, 116)]
    assert summary.over_budget == [("huge", 2_100)]
    lines = stage_bench.summary_lines(summary, ["deep"])
    assert lines[0].endswith("max 350 ms (huge); over 150 ms: huge (goal: none; NOT MET)")
    assert lines[1].endswith("max 1,200 ms (huge); over 1000 ms: huge")
    assert lines[2].endswith("news 45/125, huge 41/116")
    assert lines[3] == "elements JSON over the 2,000-token budget: huge 2,100"
    assert lines[4] == "not measured: deep"


def test_the_report_keeps_held_aside_pages_apart_and_shows_failures() -> None:
    held = page("gov-form", 20, 140, kept=13, present=13)
    held = PageStages(Target("gov-form", held.target.url, stage_bench.HELD), held.modes)
    failed = PageStages(Target("deep", "http://127.0.0.1/deep", stage_bench.STRESS), error="boom")
    console = Console(width=220, record=True)
    console.print(stage_bench.stage_report([page("login", 10, 12, 9, 9), failed, held], runs=3))
    out = console.export_text()
    main, aside = out.split("Held aside (not tuned on)")
    assert "login" in main
    assert "boom" in main
    assert "gov-form" not in main
    assert "gov-form" in aside
    assert "held aside: in-view controls dropped (viewport snapshot, kept/present): none" in aside
    assert "not measured: deep" in main


def test_sizes_parse_with_separators_and_zero_means_none() -> None:
    assert stage_bench.parse_sizes("10,100,1_000") == [10, 100, 1000]
    assert stage_bench.parse_sizes("0") == []
    assert stage_bench.parse_sizes("") == []


# -- taking turns ---------------------------------------------------------------------------


async def test_measurers_take_turns_page_by_page_and_one_done_leaves_the_rest_going() -> None:
    log: list[str] = []

    def measurer(
        name: str, pages: int, fails_after: int | None = None
    ) -> Callable[[stage_bench.Turn], Awaitable[None]]:
        async def work(turn: stage_bench.Turn) -> None:
            for page in range(pages):
                async with turn():
                    log.append(f"{name}{page}+")
                    await asyncio.sleep(0)  # others may run now, but must not take a turn
                    log.append(f"{name}{page}-")
                if fails_after is not None and page + 1 == fails_after:
                    raise RuntimeError("this one breaks")

        return work

    turns = stage_bench.Turns(3)
    with pytest.raises(RuntimeError, match="breaks"):
        await turns.run(measurer("a", 3), measurer("b", 1), measurer("c", 3, fails_after=2))
    pairs = [entry[:-1] for entry in log[::2]]
    assert all(log[i][:-1] == log[i + 1][:-1] for i in range(0, len(log), 2))  # never overlap
    assert pairs == ["a0", "b0", "c0", "a1", "c1", "a2"]


async def test_a_lone_measurer_takes_its_turns_at_once() -> None:
    seen: list[int] = []

    async def work(turn: stage_bench.Turn) -> None:
        for page in range(3):
            async with turn():
                seen.append(page)

    await asyncio.wait_for(stage_bench.Turns(1).run(work), timeout=5)
    assert seen == [0, 1, 2]
    async with stage_bench.anytime():
        seen.append(3)
    assert seen == [0, 1, 2, 3]


def test_a_viewport_is_width_by_height() -> None:
    assert stage_bench.parse_viewport("1280x720") == (1280, 720)
    assert stage_bench.parse_viewport("800X600") == (800, 600)
    assert stage_bench.VIEWPORT == (1280, 800)  # the product's, which `subterminator mcp` uses


def test_the_coverage_line_says_how_many_controls_the_budget_can_hold_at_most() -> None:
    portals = [page("cov-en-100", 20, 30, kept=66, present=100), page("login", 10, 12, 9, 9)]
    line = stage_bench.coverage_line(portals)
    assert line is not None
    assert line.startswith("in-view coverage, kept/present: cov-en-100 66/100; the least")
    each, most = density.least_controls(stage_bench.BUDGET)
    assert f"takes {each:.1f} tokens: 2,000 hold {most} at most" in line
    assert stage_bench.coverage_line([page("login", 10, 12, 9, 9)]) is None  # no portal


@pytest.mark.parametrize("budget", [1, 23, 500, 2_000, 3_000])
def test_the_least_controls_fit_the_budget_and_one_more_would_not(budget: int) -> None:
    each, most = density.least_controls(budget)
    box = BoundingBox(x=100, y=100, width=100, height=20)

    def cost(count: int) -> int:
        links = [ElementInfo("link", "", ["visible", "enabled"], box) for _ in range(count)]
        for i, element in enumerate(links):
            element.ref = f"@e{i + 1}"
        return estimate_json_tokens(elements_json(links))

    assert cost(most) <= budget < cost(most + 1)
    assert each == cost(max(most, 1)) / max(most, 1)


def test_the_empty_page_is_served_only_when_asked_and_in_no_family_of_the_goals() -> None:
    pages = Path(__file__).resolve().parents[2] / "fixtures" / "pages"
    with stage_bench.served(pages, [10], stress=False, held_aside=False) as targets:
        assert [t.label for t in targets] == ["grid n=10"]
    with stage_bench.served(pages, [10], stress=False, held_aside=False, floor=True) as targets:
        empty = targets[-1]
        assert (empty.label, empty.group) == (stage_bench.FLOOR_LABEL, stage_bench.FLOOR)
        assert empty.url.endswith("/grid.html?n=0")
        assert empty.url.rsplit("/", 1)[0] == targets[0].url.rsplit("/", 1)[0]  # one origin
