"""A real ``cancel`` run's record: private files, and a report that works offline."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Browser as PWBrowser

from bench import report_shot
from tests.support.cli_helpers import run_cli
from tests.support.paths import ROOT

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def a_run(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """``subterminator cancel netflix --sim`` with a yes at the prompt; its run folder."""
    runs = tmp_path_factory.mktemp("runs")
    done = run_cli("cancel", "netflix", "--sim", "--runs-dir", str(runs), answers="y\n")
    assert done.returncode == 0, done.stdout + done.stderr
    (folder,) = runs.iterdir()
    return folder, done


def test_the_run_folder_is_private_and_named_by_time_and_service(
    a_run: tuple[Path, subprocess.CompletedProcess[str]],
) -> None:
    folder, done = a_run
    assert folder.name.endswith("Z-netflix")
    assert folder.stat().st_mode & 0o777 == 0o700
    files = sorted(p.name for p in folder.iterdir())
    assert {"events.jsonl", "report.html", "approval-01.png", "final.png"} <= set(files)
    assert any(name.startswith("turn-") for name in files)
    assert all((folder / name).stat().st_mode & 0o777 == 0o600 for name in files)
    assert f"Run record: {folder / 'report.html'}" in done.stdout
    assert f"Screenshot  {folder / 'approval-01.png'}" in done.stdout  # shown at the prompt


def test_the_event_log_holds_turns_approvals_and_the_outcome(
    a_run: tuple[Path, subprocess.CompletedProcess[str]],
) -> None:
    folder, _ = a_run
    events = [json.loads(line) for line in (folder / "events.jsonl").read_text().splitlines()]
    kinds = [e["event"] for e in events]
    assert kinds[0] == "start"
    assert kinds[1] == "notice"  # no key: the offline policy drives, and the log says so
    assert kinds[-1] == "outcome"
    asked = next(e for e in events if e["event"] == "approval_asked")
    assert asked["control"] == '"Finish Cancellation" (button)'
    assert any("December 16, 2026" in said for said in asked["page_says"])
    answered = next(e for e in events if e["event"] == "approval_answered")
    assert answered["approved"] is True
    clicks = [e["target"] for e in events if e["event"] == "turn"]
    assert "Finish Cancellation" in clicks
    assert events[-1]["ends_on"] == "December 16, 2026"


async def test_the_report_renders_offline_in_chromium(
    a_run: tuple[Path, subprocess.CompletedProcess[str]], st_chromium_session: PWBrowser
) -> None:
    folder, _ = a_run
    context = await st_chromium_session.new_context()
    try:
        page = await context.new_page()
        requested: list[str] = []
        page.on("request", lambda request: requested.append(request.url))
        await page.goto((folder / "report.html").as_uri())
        await page.wait_for_load_state("load")
        widths = await page.eval_on_selector_all(
            "img", "images => images.map(i => i.complete ? i.naturalWidth : 0)"
        )
        assert len(widths) >= 6  # every turn, the approval, the end
        assert all(width > 0 for width in widths), widths
        approved = page.locator("li.approval.approved")
        assert await approved.get_by_text('click "Finish Cancellation"').is_visible()
        assert await approved.get_by_text("✓ Approved").is_visible()
        final = page.locator("#final")
        assert await final.get_by_text("Netflix membership cancelled").is_visible()
        assert await final.locator(".ends").inner_text() == "Ends on December 16, 2026"
        assert all(url.startswith("file://") for url in requested), requested
        assert any(url.endswith("/final.png") for url in requested)
    finally:
        await context.close()


def test_the_report_is_titled_with_the_services_own_name(
    a_run: tuple[Path, subprocess.CompletedProcess[str]],
) -> None:
    folder, _ = a_run
    html = (folder / "report.html").read_text(encoding="utf-8")
    assert "<h1>Cancelling Netflix</h1>" in html


def test_each_approval_follows_the_turn_it_was_asked_in(
    a_run: tuple[Path, subprocess.CompletedProcess[str]],
) -> None:
    folder, _ = a_run
    events = [json.loads(line) for line in (folder / "events.jsonl").read_text().splitlines()]
    asked = next(e for e in events if e["event"] == "approval_asked")
    html = (folder / "report.html").read_text(encoding="utf-8")
    assert html.index(f'id="turn-{asked["turn"]}"') < html.index('id="approval-1"')


# -- what the report says of a run that did not cancel, and its pictures --------


async def _result_rows(report: Path, chromium: PWBrowser) -> dict[str, str]:
    """The Result section's facts as Chromium shows them (term -> value)."""
    context = await chromium.new_context()
    try:
        page = await context.new_page()
        await page.goto(report.as_uri())
        terms = await page.locator("#final dt").all_inner_texts()
        values = await page.locator("#final dd").all_inner_texts()
    finally:
        await context.close()
    return dict(zip(terms, values, strict=True))


def _a_run_that_ended(runs: Path, args: tuple[str, ...], answers: str) -> tuple[Path, Any]:
    """``subterminator cancel netflix ARGS``, answered; its folder and its last event."""
    done = run_cli("cancel", "netflix", *args, "--runs-dir", str(runs), answers=answers)
    assert done.returncode != 0, done.stdout + done.stderr
    (folder,) = runs.iterdir()
    return folder, json.loads((folder / "events.jsonl").read_text().splitlines()[-1])


@pytest.mark.parametrize(
    ("args", "answers", "reason"),
    [
        (("--sim",), "n\nkeep it\n", "human_rejected"),  # the person said no at the prompt
        (("--sim", "partner"), "", "task_failed"),  # billed elsewhere: the policy gives up
    ],
    ids=["refused", "failed"],
)
async def test_a_run_that_did_not_cancel_is_not_verified_on_the_page(
    tmp_path: Path, st_chromium_session: PWBrowser, args: tuple[str, ...], answers: str, reason: str
) -> None:
    """A failure is taken on the AI's word (a failure claim is trusted, never checked against
    the page): nothing on the page confirmed it, so neither the event log nor the report may
    say it was verified there."""
    folder, end = _a_run_that_ended(tmp_path, args, answers)
    assert (end["event"], end["reason"], end["success"]) == ("outcome", reason, False)
    assert end["verified"] is False
    rows = await _result_rows(folder / "report.html", st_chromium_session)
    assert rows["Reason"] == reason
    assert rows["Verified on the page"] == "no"


async def test_a_cancelled_run_is_verified_on_the_page(
    a_run: tuple[Path, subprocess.CompletedProcess[str]], st_chromium_session: PWBrowser
) -> None:
    folder, _ = a_run
    rows = await _result_rows(folder / "report.html", st_chromium_session)
    assert (rows["Reason"], rows["Verified on the page"]) == ("completed", "yes")


async def test_screenshots_are_shown_at_their_own_size_and_open_full_size(
    a_run: tuple[Path, subprocess.CompletedProcess[str]], st_chromium_session: PWBrowser
) -> None:
    """A page photographed at 773 px and shown at 220 px cannot be read: each is shown as
    large as it was taken (the report's width at most), and a click opens the file itself."""
    folder, _ = a_run
    context = await st_chromium_session.new_context(viewport={"width": 1100, "height": 900})
    try:
        page = await context.new_page()
        await page.goto((folder / "report.html").as_uri())
        await page.wait_for_load_state("load")
        shots = await page.eval_on_selector_all(
            "img",
            """images => images.map(i => ({
                shown: i.getBoundingClientRect().width, natural: i.naturalWidth,
                src: i.getAttribute('src'), link: i.closest('a')?.getAttribute('href')}))""",
        )
        room = await page.evaluate("document.querySelector('ol.steps').clientWidth")
    finally:
        await context.close()
    assert len(shots) >= 6
    for shot in shots:
        assert shot["natural"] > 0, shot
        assert shot["shown"] >= min(shot["natural"], room * 0.9), (shot, room)
        assert shot["link"] == shot["src"], shot
        assert (folder / shot["src"]).is_file()


def test_the_readme_picture_shows_today_s_report() -> None:
    """docs/report.png is stamped with the style it was taken with: a report restyled since
    fails here until the picture is taken again."""
    assert "](docs/report.png)" in (ROOT / "README.md").read_text(encoding="utf-8")
    picture = (ROOT / "docs" / "report.png").read_bytes()
    assert report_shot.stamped(picture) == report_shot.style(), (
        "docs/report.png shows an older report: run python -m bench.report_shot"
    )


async def test_the_picture_is_taken_of_a_real_run(tmp_path: Path) -> None:
    out = tmp_path / "report.png"
    await report_shot.main(out)
    picture = out.read_bytes()
    assert picture.startswith(b"\x89PNG\r\n\x1a\n")
    width, height = (int.from_bytes(picture[at : at + 4], "big") for at in (16, 20))
    assert width == 1100
    assert height > 900  # the result and the first step, each with its page
    assert report_shot.stamped(picture) == report_shot.style()


async def test_nobody_to_ask_is_not_shown_as_a_refusal(
    tmp_path: Path, st_chromium_session: PWBrowser
) -> None:
    """Input ended at the prompt: the card says nobody could be asked, in SubTerminator's
    words, never "Refused" (nobody said no)."""
    folder, end = _a_run_that_ended(tmp_path, ("--sim",), "")
    assert end["reason"] == "no_one_to_ask"
    context = await st_chromium_session.new_context()
    try:
        page = await context.new_page()
        await page.goto((folder / "report.html").as_uri())
        card = page.locator("li.approval").last
        badge = await card.locator(".badge").inner_text()
        text = await card.inner_text()
    finally:
        await context.close()
    assert badge == "Nobody could be asked: not taken"
    assert "Refused" not in text
    assert "standard input ended" in text
