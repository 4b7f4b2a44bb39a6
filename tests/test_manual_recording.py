"""``subterminator record``: a person's clicks, made here with real input events (Playwright's mouse
on headless Chromium), are recorded and replay green (issue 10)."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.record_by_hand import by_hand, click
from harness.replay import replay
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.recording import load
from subterminator.simulator import NetflixSimulator
from subterminator.simulator.netflix import PASSWORD

pytestmark = pytest.mark.browser


async def test_a_person_s_clicks_are_recorded_and_replay(
    browser: PlaywrightBrowser, tmp_path: Path
) -> None:
    out = tmp_path / "by-hand"
    with NetflixSimulator("2026") as simulator:
        async with by_hand(browser, simulator.url(), out) as page:
            await click(page, "link", "Manage membership")
            await click(page, "button", "Cancel membership")
            await click(page, "button", "Show option contents", 2)
            await click(page, "button", "Finish Cancellation")
            assert simulator.account.status == "cancelled"
    made = load(out)
    assert made.meta.source == "manual"
    assert [t.tool for t in made.turns] == ["browser_click"] * 4 + ["complete_task"]
    assert [t.target.name for t in made.turns if t.target] == [
        "Manage membership",
        "Cancel membership",
        "Show option contents",
        "Finish Cancellation",
    ]
    assert [t.target.nth for t in made.turns if t.target] == [0, 0, 2, 0]
    assert made.expected is not None
    assert made.expected.reason == "completed"
    run = await replay(made, "recorded")
    assert run.result.reason == "completed", run.result
    assert run.result.success


async def test_what_a_person_types_into_a_password_field_is_never_written(
    browser: PlaywrightBrowser, tmp_path: Path
) -> None:
    out = tmp_path / "sign-in"
    with NetflixSimulator("login") as simulator:
        async with by_hand(browser, simulator.url(), out) as page:
            await page.get_by_label("Email or mobile number").click()
            await page.keyboard.press("Control+A")
            await page.keyboard.type("ann@example.com")
            await page.get_by_label("Password").click()  # the email field's change fires here
            await page.keyboard.type(PASSWORD)
            await click(page, "button", "Sign In")  # and the password's
            assert simulator.account.signed_in
    written = (out / "recording.json").read_text()
    made = load(out)
    printed = sum(p.capture.text.count(PASSWORD) for p in made.pages)  # the simulator shows it
    assert written.count(PASSWORD) == printed  # and nowhere else: not the typing
    fills = [t for t in made.turns if t.tool == "browser_fill"]
    assert [t.arguments["value"] for t in fills] == ["ann@example.com", "[secret]"]
