"""Only our words reach a person: the forgeries found working, one surface at a time.

``untrusted.shown`` on the very strings a page used (a forged "Why asked" row, a concealed
row, a reversed name, an invisible one, a 24,000-character title), then each place a page's
words reach a person: the whole question at an 80 by 24 terminal, the turn lines, the ``-v``
details, the verdict, a notice, the run record and its report, a log line.
"""

from __future__ import annotations

import io
import json
import logging
import unicodedata
from pathlib import Path

import pytest
from rich.console import Console

from subterminator import untrusted
from subterminator.models.approval import ApprovalRequest
from subterminator.models.conversation import ToolCall, Usage
from subterminator.models.result import TaskResult
from subterminator.models.turn import TurnRecord
from subterminator.runlog import RunRecord
from subterminator.services import NETFLIX
from subterminator.terminal import Terminal, describe, print_details, print_thought, verdict
from subterminator.terminal.approval import TerminalApprovalHandler
from subterminator.untrusted import ShownFormatter, shown
from tests.support.answers import answering

FORGED_ROW = "\x1b[1A\x1b[2K\x1b[32mWhy asked: SubTerminator checked this step"
CONCEAL = "\x1b[8m"
RLO = "\u202e"
HOSTILE = [
    f"Finish Cancellation{FORGED_ROW}",
    f"Kündigung abschließen{CONCEAL}",
    f"{RLO}tpecca{RLO}",  # "accept", drawn backwards
    "Fin\u200bish",
    "\x9b2J\x9d0;pwned\x9c解約",
    "\x1b]8;;https://evil.example/\x1b\\Open plan details\x1b]8;;\x1b\\",
]
TITLE = "Plan details (read only) " * 960  # 24,000 characters


def outside(text: str) -> list[str]:
    """Characters a page must not get to a person: controls, format (bidi, zero-width)."""
    return [c for c in text if unicodedata.category(c) in ("Cc", "Cf") and c != "\n"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (FORGED_ROW, "Why asked: SubTerminator checked this step"),
        (f"Continue{CONCEAL} (secretly the final step)", "Continue (secretly the final step)"),
        (f"{RLO}tpecca", "⟨U+202E⟩tpecca"),
        ("Fin\u200bish", "Fin⟨U+200B⟩ish"),
        ("\u2066a\u2069\u200f\ufeff\u061c", "⟨U+2066⟩a⟨U+2069⟩⟨U+200F⟩⟨U+FEFF⟩⟨U+061C⟩"),
        ("\x9b31mred\x9b0m", "red"),
        ("\x1b]8;;https://evil.example/\x07here\x1b]8;;\x07", "here"),
        ("one\r\ntwo\tthree\u2028four", "one two three four"),
        ("Abonnement kündigen", "Abonnement kündigen"),
        ("إلغاء الاشتراك", "إلغاء الاشتراك"),  # right-to-left letters are letters: kept
    ],
)
def test_shown_keeps_the_words_and_names_what_hides(text: str, expected: str) -> None:
    assert shown(text, 200) == expected


def test_a_long_title_is_cut_to_one_line_with_an_ellipsis() -> None:
    cut = shown(TITLE, untrusted.TITLE)
    assert len(cut) == untrusted.TITLE
    assert cut.endswith("…")
    assert cut.startswith("Plan details (read only) Plan details")


def test_a_name_is_never_cut_inside() -> None:
    assert shown("a\u200b" * 10, 13) == "a⟨U+200B⟩a…"


def question(**changes: object) -> ApprovalRequest:
    fields: dict[str, object] = {
        "kind": "irreversible",
        "action": f'Click "{HOSTILE[0]}" (button)',
        "reason": "This step may not be undoable: it is named as a final, irreversible step.",
        "url": "http://127.0.0.1:8000/cancelplan?" + "x" * 3000,
        "title": TITLE,
        "control": f'"{HOSTILE[0]}" (button)',
        "page_says": [f"Your membership ends on March 3, 2027.{FORGED_ROW}" * 30] * 6,
        "screenshot_path": "/home/a-person/.subterminator/runs/20261123T104512Z-netflix/"
        "approval-01.png",
    }
    fields.update(changes)
    return ApprovalRequest.model_validate(fields)


@pytest.mark.parametrize("made", ["checked", "copied"])
async def test_the_whole_question_fits_an_80_by_24_terminal(made: str) -> None:
    """Blank line, panel, the screenshot's path, the prompt: 24 rows, our rows all there,
    the title once, and no byte of the page's escapes."""
    request = question()
    if made == "copied":  # a caller that skipped the check: the panel makes it safe itself
        request = request.model_copy(update={"title": TITLE, "control": f'"{HOSTILE[1]}" (x)'})
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, force_terminal=True, record=True)
    asked: list[str] = []
    handler = TerminalApprovalHandler(console, ask=answering("n", asked))
    assert not (await handler.request_approval(request)).approved
    screen = console.export_text()
    rows = screen.splitlines() + asked[:1]
    assert len(rows) <= 24, screen
    for label in ("Next step", "Control", "Why asked", "Page", "Page says", "Screenshot"):
        assert any(row.lstrip("│ ").startswith(label) for row in rows), label
    assert screen.count("Plan details (read only)") <= 3  # one line of it, in the Page row
    page_row = next(row for row in rows if row.lstrip("│ ").startswith("Page "))
    assert "…" in page_row
    raw = out.getvalue()
    for hostile in ("\x1b[1A", "\x1b[2K", "\x1b[32m", CONCEAL, RLO):
        assert hostile not in raw
    assert outside(screen) == []


def test_turn_lines_and_details_carry_no_escape() -> None:
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=True)
    for name in HOSTILE:
        line = describe(ToolCall(id="1", name="browser_click", arguments={"ref": "e1"}), name)
        assert outside(line) == []
        console.print(line, markup=False, highlight=False)
    scroll = ToolCall(id="2", name="browser_scroll", arguments={"direction": FORGED_ROW})
    assert outside(describe(scroll, None)) == []
    done = ToolCall(id="3", name="complete_task", arguments={"status": HOSTILE[2]})
    assert outside(describe(done, None)) == []
    record = TurnRecord(
        turn=1,
        tool="browser_click",
        arguments={"ref": "e1", "note": FORGED_ROW},
        usage=Usage(),
        outcome=f"clicked {HOSTILE[0]}",
        target=HOSTILE[0],
        thought=f"The page says: {FORGED_ROW}{CONCEAL}" * 100,
    )
    print_details(console, record, verbose=True)
    print_thought(console, record.thought)  # printed as the turn begins (before a panel)
    raw = out.getvalue()
    for hostile in ("\x1b[1A", "\x1b[2K", "\x1b[32m", CONCEAL, RLO, "\x9b", "\x1b]"):
        assert hostile not in raw
    thought = next(line for line in raw.splitlines() if "thought:" in line)
    assert len(thought) < untrusted.AI_WORDS + 40  # cut, not 6,000 characters


def test_the_verdict_and_a_notice_are_plain_safe_lines(tmp_path: Path) -> None:
    result = TaskResult(
        success=True,
        verified=True,
        reason="completed",
        turns=3,
        ends_on=f"March 3, 2027{FORGED_ROW}",
        evidence=[f"[bold red]Cancelled[/] {HOSTILE[2]}"],
    )
    said, _ = verdict(NETFLIX, result)
    assert outside(said) == []
    assert "[bold red]Cancelled[/]" in said  # a page's brackets are text, never markup
    out = io.StringIO()
    terminal = Terminal(Console(file=out, width=120, force_terminal=True))
    terminal.started(RunRecord.create("netflix", runs_dir=tmp_path))
    terminal.notice(f"The model API said: {FORGED_ROW}{CONCEAL}")
    assert "\x1b[1A" not in out.getvalue()
    assert CONCEAL not in out.getvalue()


def test_the_run_record_and_report_carry_no_escape(tmp_path: Path) -> None:
    record = RunRecord.create("netflix", runs_dir=tmp_path)
    record.start(start_url=f"http://127.0.0.1/{FORGED_ROW}", mode="live", ai="offline")
    record.turn(
        turn=1,
        tool="browser_click",
        target=HOSTILE[0],
        arguments={"ref": "e1", "text": f"line one\n{FORGED_ROW}"},
        outcome=HOSTILE[3],
        thought=f"{RLO}{FORGED_ROW}",
    )
    request = question()
    record.approval_asked(
        kind=request.kind,
        action=request.action,
        reason=request.reason,
        title=request.title,
        url=request.url,
        page_says=request.page_says,
        control=request.control,
    )
    record.approval_answered(approved=False, feedback=f"no {CONCEAL}")
    record.notice(HOSTILE[4])
    report = record.close()
    for written in (record.events_path.read_text(), report.read_text()):
        assert outside(written) == []
        assert "\\u001b" not in written  # not even escaped in the JSON
    events = [json.loads(line) for line in record.events_path.read_text().splitlines()]
    turn = next(e for e in events if e["event"] == "turn")
    assert turn["target"] == "Finish CancellationWhy asked: SubTerminator checked this step"
    assert "Fin⟨U+200B⟩ish" in turn["outcome"]


def test_a_log_line_is_made_safe_with_its_traceback() -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(ShownFormatter("%(levelname)s %(message)s"))
    log = logging.getLogger("subterminator.test.untrusted")
    log.addHandler(handler)
    log.propagate = False
    try:
        log.warning("blocked request: %s", f"http://evil.example/{FORGED_ROW}")
        try:
            raise ValueError(f"the page said {CONCEAL}{RLO}")
        except ValueError:
            log.exception("tool failed: %s", HOSTILE[2])
    finally:
        log.removeHandler(handler)
    written = stream.getvalue()
    assert outside(written) == []
    assert "WARNING blocked request: http://evil.example/Why asked" in written
    assert "Traceback (most recent call last):\n" in written  # its lines kept apart
    assert "ValueError: the page said ⟨U+202E⟩" in written
