"""Replay over recorded flows: divergence, pruning independence, failures, the format.

No Chromium here: ReplayBrowser serves the pages in recordings/netflix/, recorded from the
simulator by ``python -m tests.support.record_sim``.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from harness.replay import Failure, ReplayApprovals, ReplayBrowser, ReplayDivergence, replay
from subterminator.browser.playwright_browser import LaunchOptions
from subterminator.cancellation import CancelOptions, run_cancel
from subterminator.cli.snapshot import take_snapshot
from subterminator.recording import Recording, RecordingError, load, save
from subterminator.snapshot import factory as snapshot_factory
from subterminator.snapshot.pruning import PruneLimits
from tests.support.paths import ROOT

ROOT = ROOT / "recordings" / "netflix"


def flow(name: str) -> Recording:
    return load(ROOT / name)


def rename(recording: Recording, old: str, new: str) -> Recording:
    for page in recording.pages:
        for node in page.capture.nodes:
            if node.name == old:
                node.name = new
    return recording


def test_every_recordable_variant_is_recorded() -> None:
    """Each simulator variant has its flow; flows recorded by hand, live or of another service
    may sit beside them (recordings are data: nothing here lists them)."""
    from tests.support.record_sim import RECORDABLE

    recorded = {p.name for p in ROOT.iterdir() if (p / "recording.json").exists()}
    assert set(RECORDABLE) <= recorded, sorted(set(RECORDABLE) - recorded)


async def test_renaming_the_final_button_fails_naming_the_step_and_the_element() -> None:
    recording = rename(flow("2026"), "Finish Cancellation", "Complete Cancellation")
    with pytest.raises(ReplayDivergence) as caught:
        await replay(recording, "recorded")
    message = str(caught.value)
    assert "turn 4" in message
    assert 'button "Finish Cancellation"' in message
    assert "Complete Cancellation" in message  # what the page shows instead


async def test_an_unrecorded_action_is_a_divergence_in_strict_mode_only() -> None:
    recording = flow("2026")
    strict = ReplayBrowser([recording])
    await strict.navigate(recording.meta.start_url)
    capture = await strict.capture(scope="page")
    other = next(n for n in capture.nodes if n.role == "link" and n.name != "Manage membership")
    assert other.handle is not None
    with pytest.raises(ReplayDivergence, match=r"step \d+ .* was never recorded"):
        await strict.click(other.handle, timeout_ms=1000)
    lenient = ReplayBrowser([recording], strict=False)
    await lenient.navigate(recording.meta.start_url)
    before = lenient.current
    await lenient.click(other.handle, timeout_ms=1000)
    assert lenient.current == before  # nothing happened
    assert lenient.calls[-1].outcome == "diverged"


async def test_replays_do_not_depend_on_pruning_constants(monkeypatch: pytest.MonkeyPatch) -> None:
    """Recordings hold raw captures: today's pruning runs over them, whatever its constants."""
    tighter = PruneLimits(max_elements=60, max_depth=6, max_name_length=80, text_token_budget=150)
    monkeypatch.setattr(snapshot_factory, "PruneLimits", lambda: tighter)
    for name in ("2026", "many"):
        run = await replay(flow(name), "recorded")
        assert run.result.reason == "completed", name


async def test_scrolling_cuts_another_viewport_from_the_whole_page() -> None:
    recording = flow("many")
    browser = ReplayBrowser([recording])
    await browser.navigate(recording.meta.start_url)
    top = await browser.capture()
    await browser.scroll_page("down", 600)
    lower = await browser.capture()
    assert lower.viewport.scroll_y == 600
    seen_top = {(n.role, n.name) for n in top.nodes if n.box and n.role == "link"}
    seen_lower = {(n.role, n.name) for n in lower.nodes if n.box and n.role == "link"}
    assert seen_top != seen_lower
    height = lower.viewport.height
    assert all(n.box.y < height and n.box.y + n.box.height > 0 for n in lower.nodes if n.box)


async def test_a_timed_out_final_click_is_reported_as_unverified_not_as_failed() -> None:
    """It may have gone through: the person is told what ran and what to check."""
    failures = [Failure("click", "timeout", name="Finish Cancellation")]
    run = await replay(flow("2026"), "offline", failures=failures)
    outcomes = [t["outcome"] for t in run.transcript if t["target"] == "Finish Cancellation"]
    assert outcomes == ["failed (timeout)"]
    assert run.result.reason == "unverified_after_final_step"


async def test_an_obscured_final_click_needs_a_new_yes() -> None:
    failures = [Failure("click", "element_obscured", name="Finish Cancellation")]
    run = await replay(flow("2026"), "offline", failures=failures)
    assert run.asked == ["checkpoint", "irreversible"]  # the first yes was spent
    assert run.result.reason == "human_rejected"  # the recording held one yes only


async def test_a_crash_stops_the_run_with_a_browser_error() -> None:
    run = await replay(
        flow("2026"), "offline", failures=[Failure("click", "crash", name="Finish Cancellation")]
    )
    assert not run.result.success
    assert "simulated crash" in (run.result.error or "")


def test_a_corrupted_recording_names_the_file_and_the_field(tmp_path: Path) -> None:
    data = json.loads((ROOT / "2026" / "recording.json").read_text())
    data["events"][0]["call"] = "teleport"
    bad = tmp_path / "recording.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(RecordingError, match=r"recording\.json: events\.0\.call"):
        load(bad)
    bad.write_text("{not json")
    with pytest.raises(RecordingError, match="not valid JSON"):
        load(bad)


def test_an_older_format_is_refused_by_name(tmp_path: Path) -> None:
    data = json.loads((ROOT / "2026" / "recording.json").read_text())
    data["meta"]["format_version"] = 0
    (tmp_path / "recording.json").write_text(json.dumps(data))
    with pytest.raises(RecordingError, match="format_version is 0"):
        load(tmp_path)


def test_saving_round_trips_and_leaves_no_temporary_files(tmp_path: Path) -> None:
    recording = flow("legacy")
    save(recording, tmp_path)
    assert load(tmp_path) == recording
    assert sorted(p.name for p in tmp_path.iterdir()) == ["recording.json"]


async def test_the_snapshot_command_runs_on_a_replay_browser() -> None:
    recording = flow("legacy")

    async def factory(options: LaunchOptions) -> ReplayBrowser:
        return ReplayBrowser([recording])

    snapshot = (
        await take_snapshot(recording.meta.start_url, screenshot=False, browser_factory=factory)
    ).snapshot
    assert snapshot.page.url == recording.meta.start_url
    assert any(e.role == "link" for e in snapshot.elements)


async def test_the_cancel_command_runs_on_a_replay_browser() -> None:
    recording = flow("offer-discount")
    replayed = ReplayBrowser([recording])

    async def factory(options: LaunchOptions) -> ReplayBrowser:
        return replayed

    options = CancelOptions(service="netflix", url=recording.meta.start_url, ai="offline")
    console = Console(file=io.StringIO(), width=100)
    code = await run_cancel(
        options, console, handler=ReplayApprovals([True]), browser_factory=factory
    )
    assert code == 0
    assert replayed.closed
    assert "cancelled" in console.file.getvalue()  # type: ignore[attr-defined]
