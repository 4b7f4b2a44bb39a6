"""Each recorded flow's replay transcript, per driver, as a syrupy snapshot: per turn the tool,
the element's name and the outcome, then the approvals asked and the result. A change in what
the agent does on yesterday's pages shows up here as a diff (``--snapshot-update`` to accept)."""

from __future__ import annotations

from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from harness.replay import replay
from harness.replay.run import Driver
from subterminator.recording import load

ROOT = Path(__file__).parent.parent / "recordings"
FLOWS = sorted(p.parent for p in ROOT.glob("**/recording.json"))


@pytest.mark.parametrize("driver", ["recorded", "offline"])
@pytest.mark.parametrize("folder", FLOWS, ids=[str(f.relative_to(ROOT)) for f in FLOWS])
async def test_replay_transcript(folder: Path, driver: Driver, snapshot: SnapshotAssertion) -> None:
    run = await replay(load(folder), driver)
    result = run.result
    assert {
        "turns": [f"{t['tool']} {t['target'] or ''} -> {t['outcome']}" for t in run.transcript],
        "asked": run.asked,
        "result": f"{result.reason} success={result.success} verified={result.verified}",
    } == snapshot
