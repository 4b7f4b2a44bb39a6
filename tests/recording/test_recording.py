"""``--record`` on a real Chromium: the recording replays to the same outcome, and an interrupted
run keeps what it recorded."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from harness.replay import replay
from subterminator.cancellation import CancelOptions, run_cancel
from subterminator.models.approval import ApprovalDecision, ApprovalRequest
from subterminator.recording import load

pytestmark = pytest.mark.browser


def quiet() -> Console:
    return Console(file=io.StringIO(), width=100)


async def test_a_recorded_run_replays_to_the_same_outcome(tmp_path: Path) -> None:
    folder = tmp_path / "offer-pause"
    options = CancelOptions(
        service="netflix", sim="offer-pause", ai="offline", no_checkpoint=True, record=folder
    )
    assert await run_cancel(options, quiet()) == 0
    recording = load(folder)
    assert recording.meta.source == "simulator"
    assert recording.expected is not None
    assert recording.expected.reason == "completed"
    assert recording.expected.approvals == ["checkpoint"]
    assert all(t.target is not None for t in recording.turns if t.tool.startswith("browser_c"))
    assert {p.name for p in folder.iterdir()} == {"recording.json"}  # nothing half-written
    for driver in ("recorded", "offline"):
        run = await replay(recording, driver)
        assert run.result.reason == "completed", driver
        assert run.asked == ["checkpoint"]
        assert [t["target"] for t in run.transcript][:-1] == [
            t.target.name if t.target else None for t in recording.turns
        ][:-1]


class InterruptedPerson:
    """Presses Ctrl+C when asked."""

    async def request_approval(self, request: ApprovalRequest) -> ApprovalDecision:
        raise KeyboardInterrupt


async def test_an_interrupted_run_keeps_what_it_recorded(tmp_path: Path) -> None:
    folder = tmp_path / "2026"
    options = CancelOptions(service="netflix", sim="2026", ai="offline", record=folder)
    with pytest.raises(KeyboardInterrupt):
        await run_cancel(options, quiet(), handler=InterruptedPerson())
    json.loads((folder / "recording.json").read_text())  # whole, not torn
    recording = load(folder)
    assert recording.expected is None  # an interrupted run says so
    assert [t.target.name for t in recording.turns if t.target] == [
        "Manage membership",
        "Cancel membership",
        "Show option contents",
    ]
    assert len(recording.pages) >= 3
