"""The facade's ``press``, judged by what the key will do, on real Chromium.

``browser_interact press`` is said as the focus on its element and then our ``key_press``:
Enter in a form's field is that form's submission (the click of its default button, or the
form's own), Enter or Space on a control is its click, whatever modifiers are held. On a page
of the flow each asks as the click would; a no, or no one to ask, sends nothing; a yes sends
exactly one. Pages in Finnish, Korean, Portuguese and German: structure decides, not words.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from harness.approvals import ScriptedApprovals
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.facade.hands import key_combo
from subterminator.stack.foreign import activating
from tests.support.flow_stack import flow_service, posts
from tests.support.recording_site import RecordingSite, page
from tests.support.v02_run import error_code, facade_call, started_run

pytestmark = pytest.mark.browser

SERVICE = flow_service("keys", "Keys Video")

PAGES = {
    # a field in a form with a submit button: Enter is that button's click
    "/p/lopeta": page(
        "fi",
        "Jäsenyyden lopetus",
        "<form method='post' action='/p/lopetettu'>"
        "<input id='syy' name='syy' aria-label='Syy'>"
        "<button id='loppu'>Lopeta jäsenyys</button></form>",
    ),
    # a field in a form without a button: Enter submits the form itself
    "/p/haeji": page(
        "ko",
        "멤버십 해지",
        "<form method='post' action='/p/haejidoem'>"
        "<input id='iyu' name='iyu' aria-label='해지 사유'></form>",
    ),
    # a control outside any form whose script sends the final request
    "/p/cancelar": page(
        "pt",
        "Cancelar assinatura",
        "<button id='fim' onclick=\"fetch('/p/cancelado', {method: 'POST'})\">"
        "Cancelar assinatura</button>",
    ),
    # off the flow: a search form by GET
    "/suche": page(
        "de",
        "Hilfe",
        "<form method='get' action='/ergebnisse'><input id='q' type='search' name='q' "
        "aria-label='Suchbegriff' value='Rechnung'><button>Suchen</button></form>",
    ),
}


@pytest.fixture(scope="module")
def site() -> Iterator[RecordingSite]:
    with RecordingSite(PAGES) as served:
        yield served


def press(selector: str, key: str = "Enter", modifiers: list[str] | None = None) -> dict[str, Any]:
    said: dict[str, Any] = {"action": "press", "selector": selector, "key": key}
    if modifiers is not None:
        said["modifiers"] = modifiers
    return said


CASES = [
    ("/p/lopeta", press("#syy"), "/p/lopetettu"),
    ("/p/lopeta", press("#syy", modifiers=["ctrl"]), "/p/lopetettu"),
    ("/p/lopeta", press("#syy", modifiers=["shift"]), "/p/lopetettu"),
    ("/p/lopeta", press("#loppu", " "), "/p/lopetettu"),
    ("/p/haeji", press("#iyu"), "/p/haejidoem"),
    ("/p/haeji", press("#iyu", modifiers=["ctrl"]), "/p/haejidoem"),
    ("/p/haeji", press("#iyu", "NumpadEnter"), "/p/haejidoem"),
    ("/p/lopeta", press("#syy", "\n"), "/p/lopetettu"),  # Playwright's names for Enter
    ("/p/haeji", press("#iyu", "\r", ["alt"]), "/p/haejidoem"),
]
IDS = [
    *("enter", "ctrl-enter", "shift-enter", "space-on-button"),
    *("form", "ctrl-form", "numpad", "newline", "return"),
]


@pytest.mark.parametrize(("path", "pressed", "sent"), CASES, ids=IDS)
@pytest.mark.parametrize("handler", ["no", "none"])
async def test_a_key_that_submits_or_clicks_on_the_flow_asks_and_a_no_sends_nothing(
    browser: PlaywrightBrowser,
    site: RecordingSite,
    tmp_path: Path,
    path: str,
    pressed: dict[str, Any],
    sent: str,
    handler: str,
) -> None:
    await browser.navigate(site.url(path))
    answers = ScriptedApprovals([False]) if handler == "no" else None
    run = await started_run(browser, site, SERVICE, answers, tmp_path)
    reply = await facade_call(run, "browser_interact", **pressed)
    assert error_code(reply) == "human_rejected", reply.result
    assert posts(site) == []
    assert site.received(sent) == []
    if answers is not None:
        (asked,) = answers.requests
        assert asked.kind == "irreversible"


@pytest.mark.parametrize(("path", "pressed", "sent"), CASES[::3], ids=IDS[::3])
async def test_a_yes_sends_exactly_once(
    browser: PlaywrightBrowser,
    site: RecordingSite,
    tmp_path: Path,
    path: str,
    pressed: dict[str, Any],
    sent: str,
) -> None:
    await browser.navigate(site.url(path))
    answers = ScriptedApprovals([True])
    run = await started_run(browser, site, SERVICE, answers, tmp_path)
    reply = await facade_call(run, "browser_interact", **pressed)
    assert reply.result["success"], reply.result
    assert reply.result["data"]["status"] == "pressed"
    assert posts(site) == [("POST", sent)]
    assert len(answers.requests) == 1


def test_every_name_playwright_gives_enter_or_space_is_read_as_that_key() -> None:
    held = [key_combo(k, m) for k, m in [("Enter", ["ctrl"]), ("\n", None), ("\r", ["shift"])]]
    assert [activating(k) for k in held] == ["enter"] * 3
    assert [activating(key_combo(" ", ["alt"])), activating("Meta+Space")] == ["space"] * 2
    assert [activating(k) for k in ("Control+KeyA", "Tab", "Shift+Tab", "+")] == [None] * 4


async def test_a_press_with_no_selector_acts_on_the_focused_field(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    await browser.navigate(site.url("/p/lopeta"))
    answers = ScriptedApprovals([False])
    run = await started_run(browser, site, SERVICE, answers, tmp_path)
    typed = await facade_call(run, "browser_interact", action="type", selector="#syy", text="x")
    assert typed.result["success"], typed.result
    reply = await facade_call(run, "browser_interact", action="press", key="Enter")
    assert error_code(reply) == "human_rejected", reply.result
    assert len(answers.requests) == 1
    assert posts(site) == []


@pytest.mark.parametrize("yes", [False, True])
async def test_a_key_on_a_scripted_control_is_its_click_held_then_asked(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path, yes: bool
) -> None:
    """A control whose script sends: its first press, as its first click, is held (the
    gate cannot read the script); its next try, by key or click, is asked."""
    await browser.navigate(site.url("/p/cancelar"))
    answers = ScriptedApprovals([yes])
    run = await started_run(browser, site, SERVICE, answers, tmp_path)
    first = await facade_call(run, "browser_interact", **press("#fim"))
    assert first.result["success"], first.result
    assert "/p/cancelado" in first.result["data"]["message"]
    assert answers.requests == []
    assert posts(site) == []
    again = await facade_call(run, "browser_interact", **press("#fim", "Space", ["shift"]))
    (asked,) = answers.requests
    assert "Cancelar assinatura" in asked.action
    assert posts(site) == ([("POST", "/p/cancelado")] if yes else [])
    assert error_code(again) == (None if yes else "human_rejected")


async def test_enter_in_a_search_field_off_the_flow_runs_unasked(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    await browser.navigate(site.url("/suche"))
    answers = ScriptedApprovals([False])
    run = await started_run(browser, site, SERVICE, answers, tmp_path)
    reply = await facade_call(run, "browser_interact", **press("#q"))
    assert reply.result["success"], reply.result
    assert answers.requests == []
    assert site.received("/ergebnisse") == [("GET", "/ergebnisse?q=Rechnung")]


async def test_a_key_that_only_types_runs_unasked_on_the_flow(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    await browser.navigate(site.url("/p/lopeta"))
    answers = ScriptedApprovals([False])
    run = await started_run(browser, site, SERVICE, answers, tmp_path)
    reply = await facade_call(run, "browser_interact", **press("#syy", "KeyB", ["shift"]))
    assert reply.result["success"], reply.result
    assert answers.requests == []
    assert posts(site) == []
    assert await browser.page.input_value("#syy") == "B"
