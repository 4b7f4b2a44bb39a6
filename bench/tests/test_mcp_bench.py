"""``bench.mcp_bench``'s pure parts: finding a control's ref by its visible name in each
server's reply, reading the page URL, counting a reply, the ratios and the issue's summaries
over pages (median per-page ratio, the small pages, the slowest, where ours is slower), and
measuring page after page when one fails or the server dies (a fake server). No npm, no
browser.

The Playwright MCP samples in ``fixtures/mcp_bench/`` are real replies of @playwright/mcp 0.0.83
(``browser_snapshot`` on the simulator's cancel page with the Cancel option open, on a page of
awkward names, and ``browser_click``, whose snapshot goes to a file). ``ours_cancelplan.json``
is the product's ``ToolResult`` for the same page (``BrowserToolServer.browser_click`` on the
third expander), the shape of our server's structuredContent; screenshot and boxes cut out.
"""

from __future__ import annotations

import base64
import json
import struct
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import mcp_types as types
import pytest
from rich.console import Console

from bench import mcp_bench
from bench.mcp_bench import (
    CANCEL_STEPS,
    Control,
    RunFigures,
    SideResult,
    SnapshotFigures,
    ours_controls,
    ours_ref,
    ours_url,
    playwright_controls,
    playwright_ref,
    playwright_url,
    ratio,
    ref_for,
    reply_of,
)
from bench.stage_bench import FLOOR_LABEL, Target
from subterminator.snapshot.tokens import estimate_tokens

SAMPLES = Path(__file__).resolve().parents[2] / "fixtures" / "mcp_bench"


def sample(name: str) -> str:
    return (SAMPLES / name).read_text(encoding="utf-8")


def ours_sample() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(sample("ours_cancelplan.json"))
    return data


def test_playwright_refs_by_role_and_name_on_the_cancel_page() -> None:
    text = sample("playwright_mcp_0.0.83_cancelplan.txt")
    assert playwright_ref(text, "button", "Show option contents") == "f1e8"
    assert playwright_ref(text, "button", "Show option contents", nth=2) == "f1e14"
    assert playwright_ref(text, "button", "Show option contents", nth=-1) == "f1e14"
    assert playwright_ref(text, "button", "Show option contents", nth=3) is None
    assert playwright_ref(text, "button", "Finish Cancellation") == "f1e19"
    assert playwright_ref(text, "link", "Go Back") == "f1e15"
    assert playwright_ref(text, "button", "Go Back") is None  # the role counts too
    assert playwright_ref(text, "region", "Cancel") == "f1e12"


def test_playwright_names_that_yaml_quoted_or_escaped() -> None:
    controls = playwright_controls(sample("playwright_mcp_0.0.83_names.txt"))
    assert controls is not None
    named = {(c.role, c.name): c.ref for c in controls if c.name}
    assert named == {
        ("button", "Say: hi"): "e2",
        ("button", '"Quoted" name'): "e3",
        ("button", "It's #1 - yes"): "e4",
        ("link", "Back \\ slash"): "e5",
        ("button", "Ünïcödé café"): "e6",
        ("checkbox", "Keep me: posted"): "e8",
        ("button", "[ref=e99] fake"): "e9",  # a ref inside a name is not one
    }


def test_a_playwright_action_reply_carries_no_snapshot_only_a_link() -> None:
    text = sample("playwright_mcp_0.0.83_click.txt")
    assert playwright_controls(text) is None
    assert playwright_ref(text, "button", "Finish Cancellation") is None
    assert str(playwright_url(mcp_bench.Reply(text, 0, None, False))).endswith("/cancelplan")


def test_ours_refs_from_structured_content() -> None:
    data = ours_sample()
    assert ours_ref(data, "button", "Show option contents", nth=2) == "@e22"
    assert ours_ref(data, "button", "Finish Cancellation") == "@e23"
    assert ours_ref(data, "button", "Restart Membership") is None
    assert ours_url(mcp_bench.Reply("", 0, data, False)) == data["snapshot"]["page"]["url"]
    assert ours_controls(None) is None
    assert ours_controls({"acknowledged": True, "message": None}) is None


def test_each_step_of_the_script_names_the_same_control_in_both_replies() -> None:
    """Steps 3 and 4 act on the cancel page; both servers show what they look for."""
    playwright = playwright_controls(sample("playwright_mcp_0.0.83_cancelplan.txt")) or []
    ours = ours_controls(ours_sample()) or []
    for step in CANCEL_STEPS[2:4]:
        assert ref_for(playwright, step.role, step.name, step.nth) is not None
        assert ref_for(ours, step.role, step.name, step.nth) is not None


def test_names_match_whatever_their_case_and_spacing() -> None:
    controls = [Control("button", "Cancel  Membership ", "e1"), Control("link", "Cancel", "e2")]
    assert ref_for(controls, "button", "cancel membership") == "e1"
    assert ref_for(controls, "button", "Cancel") is None


def test_a_reply_counts_its_text_blocks_and_its_images() -> None:
    png = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + struct.pack(">II", 100, 75)
    result = types.CallToolResult(
        content=[
            types.TextContent(type="text", text="abc"),
            types.ImageContent(
                type="image", data=base64.b64encode(png).decode(), mime_type="image/png"
            ),
            types.TextContent(type="text", text="def"),
        ],
        structured_content={"success": True},
    )
    reply = reply_of(result)
    assert reply.text == "abc\ndef"
    assert reply.image_tokens == 10  # 100 x 75 / 750
    assert reply.tokens == estimate_tokens("abc\ndef") + 10
    assert reply.structured == {"success": True}
    assert not reply.is_error


@pytest.mark.parametrize(
    ("ours", "theirs", "shown"),
    [
        (1, 2, "0.50x"),
        (3, 2, "1.50x"),
        (30, 2, "15x"),
        (1, 1000, "0.001x"),
        (0, 5, "0x"),
        (None, 5, "-"),
        (5, None, "-"),
        (5, 0, "-"),
    ],
)
def test_ratio_is_ours_over_theirs(ours: float | None, theirs: float | None, shown: str) -> None:
    assert ratio(ours, theirs) == shown


def test_the_tables_print_one_side_when_the_other_failed() -> None:
    pw = SideResult(mcp_bench.PW)
    pw.snapshots["grid n=10"] = SnapshotFigures(ms=12.0, tokens=372, chars=1115, refs=25)
    pw.run = RunFigures(13, 2604, 7776, 0.3, 4.5, "cancelled", 0)
    ours = SideResult(mcp_bench.OURS)
    why = "the server closed the connection (its stderr: No module named subterminator.__main__)"
    ours.errors.update({"snapshot grid n=10": why, "cancellation": why})
    console = Console(width=mcp_bench.WIDTH, record=True)
    console.print(mcp_bench.tables(pw, ours, ["grid n=10"], runs=5))
    out = console.export_text()
    assert "372" in out
    assert "cancelled" in out
    assert f"{mcp_bench.OURS}: not measured: {why}" in out
    assert out.count("not measured") == 1


# -- the summaries: ratios over pages, given the figures ------------------------------


def test_the_median_ratio_is_over_pages_both_sides_measured() -> None:
    ours = {"a": 50.0, "b": 300.0, "c": 90.0, "d": 10.0}
    theirs = {"a": 100.0, "b": 200.0, "c": 100.0, "e": 5.0, "d": 0.0}  # d: no figure to divide
    summary = mcp_bench.ratio_summary(ours, theirs, {"a": 12, "b": 5_000, "c": 99})
    assert summary.pages == ["a", "b", "c"]
    assert summary.median == pytest.approx(0.9)  # of 0.5, 1.5, 0.9
    assert summary.small == ["a", "c"]  # under 100 elements; b is big, d unmeasured
    assert summary.small_median == pytest.approx(0.7)
    assert summary.small_max is not None
    assert summary.small_max[0] == "c"
    assert summary.small_max[1] == pytest.approx(0.9)


def test_a_page_of_exactly_the_threshold_or_unknown_size_is_not_small() -> None:
    summary = mcp_bench.ratio_summary(
        {"a": 2.0, "b": 3.0}, {"a": 1.0, "b": 1.0}, {"a": 100, "b": None}
    )
    assert summary.small == []
    assert summary.small_median is None
    assert summary.small_max is None
    assert summary.median == pytest.approx(2.5)
    empty = mcp_bench.ratio_summary({}, {"a": 1.0}, {})
    assert (empty.pages, empty.median) == ([], None)


def test_slower_than_lists_the_pages_where_ours_took_longer() -> None:
    pairs = mcp_bench.slower_than({"a": 120.0, "b": 80.0, "c": 5.0}, {"a": 100.0, "b": 100.0})
    assert [label for label, _ in pairs] == ["a"]
    assert pairs[0][1] == pytest.approx(1.2)
    assert mcp_bench.slowest({"a": 1.0, "b": 3.0}) == ("b", 3.0)
    assert mcp_bench.slowest({}) is None


def test_elements_are_the_controls_in_playwright_mcps_snapshot() -> None:
    controls = playwright_controls(sample("playwright_mcp_0.0.83_cancelplan.txt")) or []
    # 3 expanders, Finish Cancellation, the Netflix and Go Back links; not the regions, headings
    assert mcp_bench.count(controls) == 6
    assert len(controls) > 6
    pw = SideResult(mcp_bench.PW)
    pw.snapshots["login"] = SnapshotFigures(40.0, 400, 1200, 21, controls=10)
    assert mcp_bench.elements_of("login", pw) == 10
    assert mcp_bench.elements_of("news", pw) is None


def sides() -> tuple[SideResult, SideResult]:
    pw, ours = SideResult(mcp_bench.PW), SideResult(mcp_bench.OURS)
    figures = {  # label: PW ms, PW controls, ours ms (MCP), ours whole ms (MCP)
        "login": (40.0, 10, 50.0, 52.0),
        "story": (900.0, 215, 160.0, 300.0),
        "huge": (2_000.0, 9_973, 350.0, 2_500.0),
    }
    for label, (pw_ms, controls, ms, whole) in figures.items():
        pw.snapshots[label] = SnapshotFigures(pw_ms, 1_000, 3_000, controls + 5, controls)
        ours.snapshots[label] = SnapshotFigures(ms, 2_000, 6_000, 40, 30)
        ours.whole[label] = SnapshotFigures(whole, 2_000, 6_000, 40, 30)
    ours.bare.update(login=10.0, story=100.0, huge=220.0)
    ours.bare_whole.update(login=9.0, story=170.0, huge=850.0)
    return pw, ours


def test_summary_lines_say_each_speed_goal_met_or_not_with_and_without_mcp() -> None:
    pw, ours = sides()
    lines = mcp_bench.summary_lines(pw, ours, ["login", "story", "huge"])
    bare, mcp, slower = lines
    # per-page ratios: in-process 0.25, 0.11, 0.11 -> 0.11; MCP 1.25, 0.18, 0.175 -> 0.18
    assert bare.startswith("pages, in-process (3 pages): median per-page ratio 0.11x")
    assert "(goal <= 0.25x: met)" in bare
    assert "worst page 0.25x (login) (goal <= 1.2x: met)" in bare
    assert "slowest 220 ms (huge) (goal <= 150 ms: NOT MET)" in bare
    assert mcp.startswith("pages, over MCP (3 pages): median per-page ratio 0.18x")
    assert "worst page 1.25x (login) (goal <= 1.2x: NOT MET)" in mcp
    assert "slowest 350 ms (huge) (goal <= 150 ms: NOT MET)" in mcp
    assert slower.endswith("never (in-process); login 1.30x, huge 1.25x (over MCP)")


def test_summary_lines_go_family_by_family() -> None:
    pw, ours = sides()
    families = {"login": "stress", "story": "stress", "huge": "kinds"}
    lines = mcp_bench.summary_lines(pw, ours, ["login", "story", "huge"], families)
    assert [line.split(" (")[0] for line in lines[:4]] == [
        "stress, in-process",
        "stress, over MCP",
        "kinds, in-process",
        "kinds, over MCP",
    ]
    assert "median per-page ratio 0.18x (goal <= 0.25x: met)" in lines[0]  # 0.25, 0.11
    assert "slowest 220 ms (huge) (goal <= 150 ms: NOT MET)" in lines[2]


def test_a_goal_with_no_figure_is_not_met() -> None:
    line = mcp_bench.goal_line("empty", {}, {"a": 10.0})
    assert line.count("no figure") == 3


def test_summary_lines_name_the_pages_a_figure_lacks() -> None:
    pw, ours = sides()
    del ours.whole["huge"]  # get_snapshot timed out
    del ours.bare["login"]
    lines = mcp_bench.summary_lines(pw, ours, ["login", "story", "huge"])
    assert "(2 pages)" in lines[0]  # the in-process figures are over the pages measured
    assert lines[-1] == (
        "no figure (failed) for ours whole page (MCP): huge; ours viewport (in-process): login"
    )
    assert len(mcp_bench.summary_lines(*sides(), ["login", "story", "huge"])) == 3


def test_summary_lines_only_count_the_pages_asked_for() -> None:
    pw, ours = sides()
    lines = mcp_bench.summary_lines(pw, ours, ["story"])
    assert "over MCP (1 pages): median per-page ratio 0.18x" in lines[1]
    assert "never (in-process); never (over MCP)" in lines[2]


def test_held_aside_pages_get_their_own_table_and_summary() -> None:
    pw, ours = sides()
    console = Console(width=mcp_bench.WIDTH, record=True)
    console.print(mcp_bench.tables(pw, ours, ["login", "story"], runs=3, held=["huge"]))
    out = console.export_text()
    main, held = out.split("Held aside (not tuned on)")
    assert "story" in main
    assert "huge" not in main.split("median per-page")[0]  # not a row of the main table
    assert "huge" in held
    assert "held aside, in-process (1 pages): median per-page ratio" in held
    assert "ours whole page slower than PW on: never (in-process); huge" in (" ".join(held.split()))


# -- measuring page after page: one that fails is its own line --------------------------------


class FakeMeter:
    """Answers like a server: fails where told, dies where told."""

    def __init__(self, fail: set[str], die: set[str], log: list[str]) -> None:
        self.fail, self.die, self.log = fail, die, log
        self.url = ""

    async def call(self, tool: str, arguments: dict[str, Any]) -> mcp_bench.Reply:
        if tool == "browser_open":
            self.url = arguments["url"]
            self.log.append(self.url)
        if self.url in self.die:
            raise ConnectionError("gone")  # not a BenchError: the connection is lost
        if self.url in self.fail:
            raise mcp_bench.BenchError(f"{tool} failed on {self.url}")
        return mcp_bench.Reply("ok", 0, {"snapshot": {"elements": []}}, False)


def fake_side() -> mcp_bench.Side:
    return mcp_bench.Side(
        label="fake",
        params=None,  # type: ignore[arg-type]
        open_tool="browser_open",
        snapshot_tool="get_snapshot",
        click=lambda c: {},
        controls=lambda reply, seen: ours_controls(reply.structured, seen),
        url=lambda reply: None,
        finish=("complete_task", {}),
    )


def fake_connected(
    monkeypatch: pytest.MonkeyPatch, fail: set[str], die: set[str], start_fails: bool = False
) -> list[str]:
    log: list[str] = []

    @asynccontextmanager
    async def connected(side: mcp_bench.Side) -> AsyncIterator[FakeMeter]:
        log.append("connect")
        if start_fails:
            raise mcp_bench.BenchError("no such server")
        try:
            yield FakeMeter(fail, die, log)
        except ConnectionError as exc:
            raise mcp_bench.BenchError(f"the server closed the connection ({exc})") from None

    monkeypatch.setattr(mcp_bench, "connected", connected)
    return log


TARGETS = [Target(name, name, "stress") for name in ("a", "b", "c", "d")]


def test_failures_are_one_line_per_reason_naming_the_pages() -> None:
    ours = SideResult(mcp_bench.OURS)
    ours.snapshots["login"] = SnapshotFigures(50.0, 700, 2_100, 11, 9)
    ours.errors.update(
        {
            "snapshot huge": "get_snapshot failed: timeout",
            "snapshot chat": "get_snapshot failed: timeout",
            "cancellation": "no button 'Submit' (#0) on the page",
        }
    )
    assert ours.notes() == [
        f"{mcp_bench.OURS}: snapshot huge, snapshot chat: get_snapshot failed: timeout",
        f"{mcp_bench.OURS}: cancellation: no button 'Submit' (#0) on the page",
    ]
    del ours.errors["cancellation"]  # one reason, but pages were measured: they are named
    assert ours.notes() == [
        f"{mcp_bench.OURS}: snapshot huge, snapshot chat: get_snapshot failed: timeout"
    ]


async def test_a_page_that_fails_is_noted_and_the_rest_measured(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    log = fake_connected(monkeypatch, fail={"b"}, die=set())
    result = SideResult("fake")
    await mcp_bench.measure_snapshots(fake_side(), TARGETS, 1, result)
    assert sorted(result.snapshots) == ["a", "c", "d"]
    assert result.errors == {"snapshot b": "browser_open failed on b"}
    assert log == ["connect", "a", "b", "c", "d"]


async def test_a_server_that_dies_on_a_page_is_started_again_for_the_rest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    log = fake_connected(monkeypatch, fail=set(), die={"b"})
    result = SideResult("fake")
    await mcp_bench.measure_snapshots(fake_side(), TARGETS, 1, result)
    assert sorted(result.snapshots) == ["a", "c", "d"]
    assert result.errors == {"snapshot b": "the server closed the connection (gone)"}
    assert log == ["connect", "a", "b", "connect", "c", "d"]


async def test_a_server_that_cannot_start_is_not_started_for_every_page(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    log = fake_connected(monkeypatch, fail=set(), die=set(), start_fails=True)
    result = SideResult("fake")
    await mcp_bench.measure_snapshots(fake_side(), TARGETS, 1, result)
    assert result.snapshots == {}
    assert result.errors == {f"snapshot {t}": "no such server" for t in "abcd"}
    assert log == ["connect"]
    assert result.notes() == ["fake: not measured: no such server"]


def test_the_floor_is_what_each_side_takes_on_the_empty_page() -> None:
    pw, ours = sides()
    assert mcp_bench.floor_line(pw, ours) is None  # not measured: no line
    assert mcp_bench.under_floor_line(pw, ours, ["login"]) is None
    pw.snapshots[FLOOR_LABEL] = SnapshotFigures(9.0, 30, 90, 1)
    ours.snapshots[FLOOR_LABEL] = SnapshotFigures(12.5, 40, 120, 1)
    ours.bare[FLOOR_LABEL] = 3.25
    assert mcp_bench.floor_line(pw, ours) == (
        "the floor, the empty page (one heading): ours 12.5 ms over MCP (3.2 ms in-process), "
        "PW 9.0 ms"
    )


def test_the_pages_whose_goal_is_under_our_floor_are_named() -> None:
    pw, ours = sides()  # PW: login 40 ms, story 900, huge 2,000
    ours.snapshots[FLOOR_LABEL] = SnapshotFigures(12.5, 40, 120, 1)
    line = mcp_bench.under_floor_line(pw, ours, ["login", "story", "huge", "unmeasured"])
    # 0.25 x 40 = 10 ms < 12.5; story's 225 ms and huge's 500 are not; unmeasured is not counted
    assert line == (
        "0.25x PW's time is under ours' floor over MCP (12.5 ms) on 1 of 3 pages: login (10.0 ms)"
    )
    assert mcp_bench.under_floor_line(pw, ours, ["story"]) == (
        "0.25x PW's time is under ours' floor over MCP (12.5 ms) on 0 of 1 pages: none"
    )


def test_the_tables_say_the_floor_under_each_summary_but_never_list_the_empty_page() -> None:
    pw, ours = sides()
    for side in (pw, ours):
        side.snapshots[FLOOR_LABEL] = SnapshotFigures(12.5, 40, 120, 1)
    console = Console(width=mcp_bench.WIDTH, record=True)
    console.print(mcp_bench.tables(pw, ours, ["login", "story"], runs=3, held=["huge"]))
    out = " ".join(console.export_text().split())
    main, held = out.split("Held aside (not tuned on)")
    assert "the floor, the empty page (one heading): ours 12.5 ms" in main
    assert "on 1 of 2 pages: login (10.0 ms)" in main
    assert "on 0 of 1 pages: none" in held
    assert "empty page" not in out.split("the floor")[0]  # no row of its own
