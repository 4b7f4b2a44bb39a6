"""A per-run record: ``events.jsonl``, screenshots and a self-contained ``report.html``.

``RunRecord`` writes a run as it happens; ``render_report`` (re)builds the report of any run
folder from its log; ``read_events`` reads a log back, tolerating a line cut short by a crash.
"""

from subterminator.runlog.approvals import RunRecordApprovals
from subterminator.runlog.events import (
    ApprovalAnswered,
    ApprovalAsked,
    Event,
    Interrupted,
    Notice,
    Outcome,
    RunStarted,
    TurnEvent,
)
from subterminator.runlog.reader import EVENTS_FILE, RunLog, read_events
from subterminator.runlog.record import RunRecord, default_runs_dir
from subterminator.runlog.report import REPORT_FILE, render_report

__all__ = [
    "EVENTS_FILE",
    "REPORT_FILE",
    "ApprovalAnswered",
    "ApprovalAsked",
    "Event",
    "Interrupted",
    "Notice",
    "Outcome",
    "RunLog",
    "RunRecord",
    "RunRecordApprovals",
    "RunStarted",
    "TurnEvent",
    "default_runs_dir",
    "read_events",
    "render_report",
]
