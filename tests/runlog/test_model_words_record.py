"""The model's words in the run record: what it said instead of a call, and its marked
reasoning kept apart, both escaped in the report (they may quote the page)."""

from __future__ import annotations

from pathlib import Path

from subterminator.models.turn import TurnRecord
from subterminator.runlog import RunRecord, read_events, render_report
from subterminator.runlog.events import TurnEvent

HOSTILE = "<script>window.pwned = 1</script>[bold]x"


def test_a_turns_thought_and_reasoning_are_kept_apart_and_escaped(tmp_path: Path) -> None:
    run = RunRecord.create("netflix", runs_dir=tmp_path)
    row = TurnRecord(
        turn=1,
        tool=None,
        outcome="no tool call",
        thought=f"The page says {HOSTILE}",
        thinking=f"step one\nstep two {HOSTILE}",
    )
    run.turn_row(row)
    [turn] = read_events(run.folder).events
    assert isinstance(turn, TurnEvent)
    assert turn.thought == f"The page says {HOSTILE}"
    assert turn.thinking == f"step one step two {HOSTILE}"  # one safe line, as every field
    html = render_report(run.folder).read_text(encoding="utf-8")
    assert "<script>window.pwned" not in html
    assert "<summary>Reasoning</summary><pre>step one step two &lt;script&gt;" in html
    assert "The page says &lt;script&gt;" in html
