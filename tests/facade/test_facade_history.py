"""The facade's back, forward and refresh, judged by the page they load, on real Chromium.

Chromium sends a form's POST again on a step back or forward to its result, and on its reload,
without a dialog (``browser.history``). On a page of the flow that is asked for as the resend
it is, a no (or no one to ask) sends nothing, and a yes sends exactly that POST once. A step to
a page a GET loaded runs unasked. The history is made below the gate, as a person's own
browsing would have made it; what reached the site is the proof. Pages in German, Japanese,
Spanish and Finnish: what decides is what the step sends, never a page's words.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from harness.approvals import ScriptedApprovals
from subterminator.browser.playwright_browser import PlaywrightBrowser
from tests.support.flow_stack import flow_service, posts
from tests.support.recording_site import RecordingSite, page
from tests.support.v02_run import error_code, facade_call, started_run

pytestmark = pytest.mark.browser

SERVICE = flow_service("history", "History Video")

PAGES = {
    "/p/formular": page(
        "de",
        "Kündigung",
        "<form method='post' action='/p/ende'><input name='grund' value='zu teuer'>"
        "<button>Kündigung abschicken</button></form>",
    ),
    "/p/tsugi": page("ja", "次のページ", "<p>ご利用ありがとうございます</p>"),
    "/cuenta": page(
        "es",
        "Mi cuenta",
        "<form method='post' action='/buscar'><input name='q' value='planes'>"
        "<button>Buscar</button></form>",
    ),
    "/tili": page("fi", "Oma tili", "<p>Tilauksesi on voimassa.</p>"),
}


@pytest.fixture(scope="module")
def site() -> Iterator[RecordingSite]:
    with RecordingSite(PAGES) as served:
        yield served


async def submitted(browser: PlaywrightBrowser, site: RecordingSite, path: str) -> None:
    """``path`` opened and its form sent, below the gate: a POST result in the history."""
    await browser.navigate(site.url(path))
    async with browser.page.expect_navigation():
        await browser.page.click("button")


async def history_for(action: str, browser: PlaywrightBrowser, site: RecordingSite) -> str:
    """A history whose ``action`` step loads the POST result /p/ende; the page it starts on."""
    await submitted(browser, site, "/p/formular")
    if action == "back":
        await browser.navigate(site.url("/p/tsugi"))
    elif action == "forward":
        await browser.page.go_back()
    return browser.page.url


@pytest.mark.parametrize("action", ["back", "forward", "refresh"])
@pytest.mark.parametrize("handler", ["no", "none"])
async def test_a_step_that_resends_a_form_on_the_flow_asks_and_a_no_sends_nothing(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path, action: str, handler: str
) -> None:
    start = await history_for(action, browser, site)
    answers = ScriptedApprovals([False]) if handler == "no" else None
    run = await started_run(browser, site, SERVICE, answers, tmp_path)
    reply = await facade_call(run, "browser_navigate", action=action)
    assert error_code(reply) == "human_rejected", reply.result
    assert posts(site) == []
    assert browser.page.url == start
    if answers is not None:
        (asked,) = answers.requests
        assert asked.action.startswith("Resend the form that led to")
        assert site.url("/p/ende") in asked.action
        assert asked.kind == "irreversible"


@pytest.mark.parametrize("action", ["back", "forward", "refresh"])
async def test_a_yes_lets_exactly_that_form_go_once(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path, action: str
) -> None:
    await history_for(action, browser, site)
    answers = ScriptedApprovals([True])
    run = await started_run(browser, site, SERVICE, answers, tmp_path)
    reply = await facade_call(run, "browser_navigate", action=action)
    assert reply.result["success"], reply.result
    assert reply.result["data"]["status"] in {"navigated_back", "navigated_forward", "refreshed"}
    assert posts(site) == [("POST", "/p/ende")]
    assert browser.page.url == site.url("/p/ende")
    assert len(answers.requests) == 1


async def test_back_to_a_page_a_get_loaded_runs_unasked(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    await browser.navigate(site.url("/p/formular"))
    answers = ScriptedApprovals([False])
    run = await started_run(browser, site, SERVICE, answers, tmp_path)  # the run shows the form
    async with browser.page.expect_navigation():  # sent below the gate: the person's own
        await browser.page.click("button")
    await facade_call(run, "browser_navigate", action="get_url")
    site.reset()
    reply = await facade_call(run, "browser_navigate", action="back")
    assert reply.result["success"], reply.result
    assert reply.result["data"]["status"] == "navigated_back"
    assert browser.page.url == site.url("/p/formular")
    assert answers.requests == []
    assert site.seen == [("GET", "/p/formular")]
    forward = await facade_call(run, "browser_navigate", action="forward")  # onto the POST
    assert error_code(forward) == "human_rejected"
    assert len(answers.requests) == 1
    assert posts(site) == []


@pytest.mark.parametrize("path", ["/tili", "/p/tsugi"])
async def test_a_reload_of_a_page_a_get_loaded_runs_unasked(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path, path: str
) -> None:
    await browser.navigate(site.url(path))
    run = await started_run(browser, site, SERVICE, ScriptedApprovals([]), tmp_path)
    reply = await facade_call(run, "browser_navigate", action="refresh")
    assert reply.result["success"], reply.result
    assert reply.result["data"]["status"] == "refreshed"
    assert site.seen[0] == ("GET", path)


async def test_a_form_resent_off_the_flow_is_not_asked_and_its_write_held(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    await submitted(browser, site, "/cuenta")
    answers = ScriptedApprovals([False])
    run = await started_run(browser, site, SERVICE, answers, tmp_path)
    reply = await facade_call(run, "browser_navigate", action="refresh")
    assert answers.requests == []
    assert error_code(reply) != "human_rejected"
    assert posts(site) == []  # run as a step nobody approved: its write to the site is held
