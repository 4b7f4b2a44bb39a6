"""The per-run record: private files, nothing overwritten, a log that survives a crash, and a
report that shows the run, escapes page text and fetches nothing (checked in real Chromium)."""

from __future__ import annotations

import json
import os
import re
import stat
import struct
import zlib
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone
from html.parser import HTMLParser
from pathlib import Path

import pytest
from playwright.async_api import Browser as PWBrowser

from subterminator.runlog import RunRecord, read_events, render_report
from subterminator.runlog.events import ApprovalAnswered, ApprovalAsked, Notice, TurnEvent

NOW = datetime(2026, 11, 23, 10, 45, 12, tzinfo=UTC)
HOSTILE = '<script>window.pwned = 1</script><img src="https://evil.example/x.png">'


def png(width: int = 8, height: int = 6) -> bytes:
    """A real PNG (a flat colour): Chromium must decode it, so naturalWidth is its width."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    rows = b"".join(b"\x00" + b"\xcc\x22\x22" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


class References(HTMLParser):
    """Every attribute that could make a browser fetch something, and every tag."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.references: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        for name, value in attrs:
            if name in ("src", "href", "srcset", "action", "poster", "data", "background"):
                self.references.append(value or "")


def references(html: str) -> References:
    parser = References()
    parser.feed(html)
    return parser


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def open_umask() -> Iterator[None]:
    """Umask 0: the modes must come from the code, not from a careful environment."""
    old = os.umask(0)
    try:
        yield
    finally:
        os.umask(old)


def a_full_run(runs: Path) -> RunRecord:
    run = RunRecord.create("netflix", runs_dir=runs, now=NOW)
    run.start(start_url="http://127.0.0.1:8000/account", mode="simulator", ai="offline")
    run.notice("The model API is unavailable; continuing with the offline policy.")
    run.turn(
        turn=1,
        tool="browser_click",
        target="Cancel Membership",
        arguments={"ref": "e12"},
        outcome="navigated to /cancel",
        thought="The cancel link is on the account page.",
        screenshot=png(),
        ai_ms=1200,
        tool_ms=340,
    )
    shot = run.approval_asked(
        kind="irreversible",
        action='Click "Finish Cancellation"',
        reason="This ends the membership.",
        title="Cancel your membership",
        url="http://127.0.0.1:8000/cancel",
        page_says=["Your membership ends on December 1, 2026."],
        screenshot=png(10, 4),
    )
    assert shot is not None
    assert shot.name == "approval-01.png"
    run.approval_answered(approved=True, feedback=None)
    run.turn(
        turn=2,
        tool="browser_click",
        target="Finish Cancellation",
        arguments={"ref": "e31"},
        outcome="navigated to /done",
        screenshot=png(),
    )
    run.outcome(
        success=True,
        verified=True,
        reason="completed",
        error=None,
        evidence=["the page says “Your cancellation is complete”"],
        ends_on="December 1, 2026",
        turns=2,
        final_url="http://127.0.0.1:8000/done",
        summary="✓ Netflix membership cancelled; it ends on December 1, 2026 (2 turns).",
    )
    return run


def test_the_folder_and_every_file_are_owner_only(tmp_path: Path, open_umask: None) -> None:
    runs = tmp_path / "home" / "runs"
    run = a_full_run(runs)
    report = run.close()
    assert run.folder.parent == runs
    assert run.folder.name == "20261123T104512Z-netflix"
    assert mode(runs) == mode(runs.parent) == 0o700  # made by us
    assert mode(run.folder) == 0o700
    names = sorted(p.name for p in run.folder.iterdir())
    assert names == [
        "approval-01.png",
        "events.jsonl",
        "report.html",
        "turn-01.png",
        "turn-02.png",
    ]
    for path in run.folder.iterdir():
        assert mode(path) == 0o600, path.name
    assert report == run.folder / "report.html"


def test_the_report_references_only_files_beside_it(tmp_path: Path) -> None:
    html = a_full_run(tmp_path).close().read_text(encoding="utf-8")
    found = references(html)
    assert sorted(set(found.references)) == ["approval-01.png", "turn-01.png", "turn-02.png"]
    assert "script" not in found.tags
    assert "link" not in found.tags
    assert not re.search(r"url\(|@import|https?:", html.split("<body>")[0])  # the head


def test_an_existing_runs_root_keeps_its_mode(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    runs.mkdir(mode=0o755)
    os.chmod(runs, 0o755)
    RunRecord.create("netflix", runs_dir=runs, now=NOW)
    assert mode(runs) == 0o755


def test_runs_in_the_same_second_never_share_a_folder(tmp_path: Path) -> None:
    first = RunRecord.create("netflix", runs_dir=tmp_path, now=NOW)
    first.notice("first")
    second = RunRecord.create("netflix", runs_dir=tmp_path, now=NOW)
    third = RunRecord.create("netflix", runs_dir=tmp_path, now=NOW)
    assert [r.folder.name for r in (first, second, third)] == [
        "20261123T104512Z-netflix",
        "20261123T104512Z-netflix-2",
        "20261123T104512Z-netflix-3",
    ]
    [notice] = read_events(first.folder).events
    assert isinstance(notice, Notice)
    assert notice.text == "first"
    assert read_events(second.folder).events == []


def test_the_folder_time_is_utc_and_the_service_a_plain_name(tmp_path: Path) -> None:
    paris = datetime(2026, 11, 23, 11, 45, 12, tzinfo=timezone(timedelta(hours=1)))
    assert RunRecord.create("netflix", runs_dir=tmp_path, now=paris).folder.name == (
        "20261123T104512Z-netflix"
    )
    sneaky = RunRecord.create("../../Net Flix", runs_dir=tmp_path, now=NOW)
    assert sneaky.folder.parent == tmp_path
    assert sneaky.folder.name == "20261123T104512Z-net-flix"


def test_each_event_is_a_whole_line_on_disk_before_the_call_returns(tmp_path: Path) -> None:
    run = RunRecord.create("netflix", runs_dir=tmp_path, now=NOW)
    run.start(start_url="https://www.netflix.com/account", mode="live", ai="claude")
    run.notice("one")
    text = run.events_path.read_text(encoding="utf-8")
    assert text.endswith("\n")
    lines = [json.loads(line) for line in text.splitlines()]
    assert [line["event"] for line in lines] == ["start", "notice"]
    assert lines[0]["service"] == "netflix"
    assert lines[0]["mode"] == "live"
    assert lines[0]["version"]
    assert lines[0]["at"].endswith("Z")
    run.turn(turn=1, tool=None, target=None, arguments=None, outcome="no tool call")
    assert len(run.events_path.read_text(encoding="utf-8").splitlines()) == 3


def test_typed_secrets_never_reach_the_log(tmp_path: Path) -> None:
    run = RunRecord.create("netflix", runs_dir=tmp_path, now=NOW)
    run.turn(
        turn=1,
        tool="browser_fill",
        target="Password",
        arguments={"ref": "e3", "value": "hunter2"},
        outcome="filled",
    )
    assert "hunter2" not in run.events_path.read_text(encoding="utf-8")
    [turn] = read_events(run.folder).events
    assert isinstance(turn, TurnEvent)
    assert turn.arguments == {"ref": "e3", "value": "•••••• (secret, 7 chars)"}


def test_odd_arguments_are_logged_as_text(tmp_path: Path) -> None:
    run = RunRecord.create("netflix", runs_dir=tmp_path, now=NOW)
    run.turn(turn=1, tool="t", target=None, arguments={"a": b"\xff"}, outcome="")
    run.turn(turn=2, tool="t", target=None, arguments={(1, 2): 3}, outcome="")
    first, second = read_events(run.folder).events
    assert isinstance(first, TurnEvent)
    assert isinstance(second, TurnEvent)
    assert first.arguments == {"a": "b'\\xff'"}
    assert second.arguments == "{(1, 2): 3}"


def test_broken_page_text_still_makes_a_readable_line(tmp_path: Path) -> None:
    run = RunRecord.create("netflix", runs_dir=tmp_path, now=NOW)
    run.notice("lone surrogate \ud800 here")
    [notice] = read_events(run.folder).events
    assert isinstance(notice, Notice)
    assert notice.text == "lone surrogate ⟨U+D800⟩ here"  # named, as every invisible is


def test_a_turn_sharing_the_last_picture_names_its_file(tmp_path: Path) -> None:
    """A look that shares the last turn's picture (the very bytes, ``stack.logged``) names
    that turn's file rather than writing a copy; a picture that only looks alike is its own."""
    run = RunRecord.create("netflix", runs_dir=tmp_path, now=NOW)
    shot, alike = png(), png()
    for turn, picture in enumerate((shot, shot, shot, alike, None), start=1):
        run.turn(turn=turn, tool="get_snapshot", target=None, arguments={}, outcome="ok",
                 screenshot=picture)  # fmt: skip
    turns = [e for e in read_events(run.folder).events if isinstance(e, TurnEvent)]
    assert [t.screenshot for t in turns] == ["turn-01.png"] * 3 + ["turn-04.png", None]
    assert sorted(p.name for p in run.folder.glob("*.png")) == ["turn-01.png", "turn-04.png"]


def test_screenshots_are_never_overwritten(tmp_path: Path) -> None:
    run = RunRecord.create("netflix", runs_dir=tmp_path, now=NOW)
    first = run.save_screenshot("turn-01", b"first")
    second = run.save_screenshot("turn-01", b"second")
    assert (first.name, second.name) == ("turn-01.png", "turn-01-2.png")
    assert first.read_bytes() == b"first"
    with pytest.raises(ValueError, match="plain file name"):
        run.save_screenshot("../escape", b"x")


def test_an_answer_needs_a_question(tmp_path: Path) -> None:
    run = RunRecord.create("netflix", runs_dir=tmp_path, now=NOW)
    with pytest.raises(RuntimeError):
        run.approval_answered(approved=True)


def test_the_one_call_approval_logs_question_and_answer(tmp_path: Path) -> None:
    run = RunRecord.create("netflix", runs_dir=tmp_path, now=NOW)
    shot = run.approval(
        kind="checkpoint",
        action="Continue?",
        reason="r",
        title="t",
        url="u",
        page_says=[],
        screenshot=None,
        approved=False,
        feedback="Not this one.",
    )
    assert shot is None
    asked, answered = read_events(run.folder).events
    assert isinstance(asked, ApprovalAsked)
    assert isinstance(answered, ApprovalAnswered)
    assert (asked.number, answered.number, answered.approved) == (1, 1, False)
    assert "Not this one." in (run.close()).read_text(encoding="utf-8")


@pytest.mark.parametrize("tail", ['{"event": "turn", "tu', '{"event": "turn", "tu\n', "\x00\n"])
def test_a_log_cut_short_is_read_and_reported(tmp_path: Path, tail: str) -> None:
    run = a_full_run(tmp_path)
    with run.events_path.open("a", encoding="utf-8") as log:
        log.write(tail)
    read = read_events(run.folder)
    assert read.cut_short
    assert read.unreadable == 0
    assert len(read.events) == 7
    html = render_report(run.folder).read_text(encoding="utf-8")
    assert "cut short" in html
    assert "December 1, 2026" in html


def test_a_damaged_middle_line_is_skipped_and_counted(tmp_path: Path) -> None:
    run = RunRecord.create("netflix", runs_dir=tmp_path, now=NOW)
    run.notice("before")
    with run.events_path.open("a", encoding="utf-8") as log:
        log.write("not json\n")
    run.notice("after")
    read = read_events(run.folder)
    assert (read.cut_short, read.unreadable, len(read.events)) == (False, 1, 2)
    html = run.close().read_text(encoding="utf-8")
    assert "1 damaged line(s)" in html
    assert "cut short" not in html


def test_an_interrupted_run_says_whether_the_final_step_ran(tmp_path: Path) -> None:
    run = RunRecord.create("netflix", runs_dir=tmp_path, now=NOW)
    run.start(start_url="http://127.0.0.1/", mode="simulator", ai="offline")
    assert "No outcome was recorded" in run.close().read_text(encoding="utf-8")
    run.interrupted(final_step_executed=True, detail="Ctrl+C")
    html = run.close().read_text(encoding="utf-8")  # close again: re-rendered
    assert "interrupted" in html
    assert "final step had been executed" in html


def test_hostile_page_text_is_escaped(tmp_path: Path) -> None:
    run = RunRecord.create("netflix", runs_dir=tmp_path, now=NOW)
    run.start(start_url=f"http://127.0.0.1/?q={HOSTILE}", mode="simulator", ai="offline")
    run.turn(
        turn=1, tool="browser_click", target=HOSTILE, arguments={"x": HOSTILE}, outcome=HOSTILE
    )
    run.approval(
        kind="ai_request",
        action=HOSTILE,
        reason=HOSTILE,
        title='"><script>window.pwned = 2</script>',
        url=HOSTILE,
        page_says=[HOSTILE],
        screenshot=None,
        approved=False,
        feedback=HOSTILE,
    )
    html = run.close().read_text(encoding="utf-8")
    found = references(html)
    assert "script" not in found.tags
    assert found.references == []  # no screenshots here, and the page's <img> is text
    assert "&lt;script&gt;window.pwned = 1&lt;/script&gt;" in html


@pytest.mark.browser
async def test_the_report_in_chromium(tmp_path: Path, st_chromium_session: PWBrowser) -> None:
    run = a_full_run(tmp_path)
    run.turn(turn=3, tool="browser_click", target=HOSTILE, arguments={}, outcome=HOSTILE)
    report = run.close()
    context = await st_chromium_session.new_context()
    try:
        page = await context.new_page()
        requested: list[str] = []
        page.on("request", lambda request: requested.append(request.url))
        await page.goto(report.as_uri())
        await page.wait_for_load_state("load")
        widths = await page.eval_on_selector_all(
            "img", "images => images.map(i => i.complete ? i.naturalWidth : 0)"
        )
        assert widths == [8, 10, 8]  # turn 1, the approval, turn 2; all from the run folder
        approved = page.locator("li.approval.approved")
        assert await approved.count() == 1
        assert await approved.get_by_text('Click "Finish Cancellation"').is_visible()
        assert await approved.get_by_text("✓ Approved").is_visible()
        final = page.locator("#final")
        assert await final.get_by_text("Netflix membership cancelled").is_visible()
        assert await final.locator(".ends").inner_text() == "Ends on December 1, 2026"
        assert await page.get_by_text("Cancel Membership").first.is_visible()
        assert await page.get_by_text(HOSTILE).first.is_visible()  # shown as text, not run
        assert await page.evaluate("window.pwned") is None
        thumb = page.locator("#turn-1 a:has(img)")
        assert await thumb.get_attribute("href") == "turn-01.png"
        assert requested
        assert all(url.startswith("file://") for url in requested), requested
    finally:
        await context.close()


def test_the_report_title_names_the_service_as_people_write_it(tmp_path: Path) -> None:
    run = RunRecord.create("netflix", runs_dir=tmp_path, now=NOW)
    run.start(start_url="http://127.0.0.1/", mode="simulator", ai="offline", display_name="Netflix")
    html = run.close().read_text(encoding="utf-8")
    assert "<h1>Cancelling Netflix</h1>" in html
    assert "Cancelling netflix" not in html


def test_an_approval_follows_its_turn_and_the_persons_time_is_not_browser_time(
    tmp_path: Path,
) -> None:
    run = RunRecord.create("netflix", runs_dir=tmp_path, now=NOW)
    run.start(start_url="http://127.0.0.1/", mode="simulator", ai="offline")
    run.turn_began(turn=1, tool="browser_click", target="Cancel Membership", arguments={})
    run.turn(turn=1, tool="browser_click", target="Cancel Membership", arguments={}, outcome="ok")
    run.turn_began(turn=2, tool="browser_click", target="Finish Cancellation", arguments={})
    run.approval_asked(kind="irreversible", action='Click "Finish Cancellation"', reason="r")
    run.approval_answered(approved=True)
    run.turn(
        turn=2,
        tool="browser_click",
        target="Finish Cancellation",
        arguments={},
        outcome="navigated",
        ai_ms=5,
        tool_ms=250,
        person_ms=11_000,
    )
    events = [json.loads(line) for line in run.events_path.read_text().splitlines()]
    asked = next(e for e in events if e["event"] == "approval_asked")
    assert asked["turn"] == 2  # asked during turn 2, logged before the turn's own line
    html = run.close().read_text(encoding="utf-8")
    assert html.index('id="turn-1"') < html.index('id="turn-2"') < html.index('id="approval-1"')
    timing = re.search(r'id="turn-2".*?<p class="timing">(.*?)</p>', html, re.S)
    assert timing is not None
    assert timing[1] == "AI 5 ms · browser 250 ms · you 11.0 s"


def test_an_approval_asked_before_the_first_turn_stays_first(tmp_path: Path) -> None:
    run = RunRecord.create("netflix", runs_dir=tmp_path, now=NOW)
    run.start(start_url="http://127.0.0.1/", mode="simulator", ai="offline")
    run.approval_asked(kind="human_action", action="Sign in", reason="Checkpoint: login")
    run.approval_answered(approved=True)
    run.turn_began(turn=1, tool="get_snapshot", target=None, arguments={})
    run.turn(turn=1, tool="get_snapshot", target=None, arguments={}, outcome="success")
    html = run.close().read_text(encoding="utf-8")
    assert html.index('id="approval-1"') < html.index('id="turn-1"')


def test_an_interrupt_at_the_prompt_records_the_turn_and_the_unanswered_question(
    tmp_path: Path,
) -> None:
    run = RunRecord.create("netflix", runs_dir=tmp_path, now=NOW)
    run.start(start_url="http://127.0.0.1/", mode="simulator", ai="offline")
    run.turn_began(
        turn=4, tool="browser_click", target="Finish Cancellation", arguments={"ref": "e9"}
    )
    run.approval_asked(kind="irreversible", action='Click "Finish Cancellation"', reason="r")
    run.interrupted(final_step_executed=False, detail="Ctrl+C")
    events = [json.loads(line) for line in run.events_path.read_text().splitlines()]
    assert [e["event"] for e in events[1:]] == [
        "approval_asked",
        "turn",
        "approval_answered",
        "interrupted",
    ]
    turn, answer = events[2], events[3]
    assert (turn["turn"], turn["target"]) == (4, "Finish Cancellation")
    assert "interrupted" in turn["outcome"]
    assert answer["approved"] is False
    assert answer["interrupted"] is True
    html = run.close().read_text(encoding="utf-8")
    assert html.index('id="turn-4"') < html.index('id="approval-1"')
    assert "Interrupted at the prompt" in html
    assert "Refused" not in html
