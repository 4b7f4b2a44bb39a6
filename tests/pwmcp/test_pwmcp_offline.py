"""``cancel netflix --sim --backend playwright-mcp`` with no model: the offline policy reads our
capture and says each call in Playwright MCP's tools, which run through the same gate.

The newcomer's first command with this backend therefore works as the default one does: the
final step is asked once, a yes cancels, a no cancels nothing; and the run record shows the
calls as Playwright MCP's.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from harness.approvals import ScriptedApprovals
from subterminator.cancellation import CancelOptions, run_cancel

pytestmark = [pytest.mark.browser, pytest.mark.subprocess]


def options(runs: Path, variant: str) -> CancelOptions:
    return CancelOptions(
        service="netflix",
        sim=variant,
        ai="offline",
        backend="playwright-mcp",
        headed=False,
        runs_dir=runs,
    )


def events(runs: Path) -> list[dict[str, Any]]:
    (folder,) = runs.iterdir()
    lines = (folder / "events.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


def every_turn_shown(runs: Path) -> bool:
    (folder,) = runs.iterdir()
    turns = [e for e in events(runs) if e["event"] == "turn"]
    return bool(turns) and all((folder / str(t["screenshot"])).is_file() for t in turns)


def tools_called(runs: Path) -> list[str]:
    return [e["tool"] for e in events(runs) if e["event"] == "turn"]


@pytest.mark.parametrize("variant", ["2026", "offer-pause"])
async def test_the_offline_policy_cancels_through_playwright_mcp_with_one_yes(
    tmp_path: Path, variant: str
) -> None:
    person = ScriptedApprovals([True])
    console = Console(file=io.StringIO(), width=120)
    code = await run_cancel(options(tmp_path, variant), console, handler=person)
    assert code == 0, console.file.getvalue()  # type: ignore[attr-defined]
    assert len(person.requests) == 1
    assert outcome(tmp_path) == "completed"
    called = tools_called(tmp_path)
    assert "browser_click" in called
    assert not {"get_snapshot", "browser_open", "browser_fill"} & set(called), called
    assert every_turn_shown(tmp_path), "the record shows each turn's page"


async def test_a_no_cancels_nothing(tmp_path: Path) -> None:
    person = ScriptedApprovals([False])
    console = Console(file=io.StringIO(), width=120)
    code = await run_cancel(options(tmp_path, "2026"), console, handler=person)
    assert code == 4, console.file.getvalue()  # type: ignore[attr-defined]
    assert len(person.requests) == 1
    assert outcome(tmp_path) == "human_rejected"


def outcome(runs: Path) -> str:
    (ended,) = [e for e in events(runs) if e["event"] == "outcome"]
    return str(ended["reason"])
