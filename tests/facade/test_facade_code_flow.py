"""``browser_execute`` on a page of the cancellation flow, on real Chromium, 127.0.0.1.

Code cannot be judged: on a page of the flow (by the service's addresses, or by its words)
the person is asked, the code shown; with no handler it is refused; a yes runs it as a step
nobody approved, so a write it sends to the flow's site is held. The code here tries the
final step every way a page can take it: a click, ``form.submit()``, ``requestSubmit()``,
a ``fetch`` and a beacon. What reached the site is the proof; the pages are in Dutch and
German, and nothing depends on their words but the flow's reading of them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from harness.approvals import ScriptedApprovals
from subterminator.assembly import Run
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.models.approval import HumanApprovalHandler
from tests.support.code_runs import execute, request_to
from tests.support.flow_stack import flow_service
from tests.support.recording_site import RecordingSite, page
from tests.support.v02_run import facade_run

pytestmark = pytest.mark.browser

SERVICE = flow_service("codeflow", "Code Flow Video")

FINAL = "<form method='post' action='{action}'><button>{button}</button></form>"
PAGES = {
    # a page of the flow by its address
    "/p/opzeggen": page(
        "nl",
        "Lidmaatschap opzeggen",
        FINAL.format(action="/p/opgezegd", button="Opzegging bevestigen"),
    ),
    # a page of the flow by its words only: no flow address names it
    "/konto/abo": page(
        "de",
        "Mitgliedschaft kündigen",
        "<p>Ihre Mitgliedschaft endet am 30. Juni.</p>"
        + FINAL.format(action="/konto/gekuendigt", button="Kündigung bestätigen"),
    ),
}

# Each way code can take the page's final step; ``window.ran`` says the code ran at all.
TRIES = {
    "click": "window.ran = 1; document.querySelector('form button').click(); return 'ok'",
    "submit": "window.ran = 1; document.querySelector('form').submit(); return 'ok'",
    "requestSubmit": "window.ran = 1; document.querySelector('form').requestSubmit(); return 'ok'",
    "fetch": "window.ran = 1; return await fetch(document.forms[0].action, {method: 'POST', "
    "body: 'ja'}).then(r => 'sent ' + r.status, e => 'held: ' + e.message)",
    "beacon": "window.ran = 1; return navigator.sendBeacon(document.forms[0].action, 'ja')",
    # the same server under another site's name: no write from a flow page is telemetry
    "elsewhere": "window.ran = 1; return await fetch(document.forms[0].action.replace("
    "'127.0.0.1', 'localhost'), {method: 'POST', body: 'ja'}).then(r => 'sent ' + r.status, "
    "e => 'held: ' + e.message)",
}


@pytest.fixture(scope="module")
def site() -> Iterator[RecordingSite]:
    with RecordingSite(PAGES) as served:
        yield served


async def opened(
    browser: PlaywrightBrowser,
    site: RecordingSite,
    path: str,
    approvals: HumanApprovalHandler | None,
    folder: Path,
) -> Run:
    await browser.navigate(site.url(path))
    site.reset()
    return facade_run(browser, SERVICE, approvals, folder)


def committing(path: str) -> str:
    return "/p/opgezegd" if path.startswith("/p/") else "/konto/gekuendigt"


async def ran(browser: PlaywrightBrowser) -> bool:
    """Whether the code ran at all (the test's own look at the page)."""
    return bool(await browser.page.evaluate("window.ran === 1"))


@pytest.mark.parametrize("path", ["/p/opzeggen", "/konto/abo"])
@pytest.mark.parametrize("how", sorted(TRIES))
async def test_a_no_runs_nothing_and_the_question_shows_the_code(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path, how: str, path: str
) -> None:
    answers = ScriptedApprovals([False])
    run = await opened(browser, site, path, answers, tmp_path)
    said = await execute(run, TRIES[how])
    assert said["success"] is False
    assert said["data"]["error_code"] == "human_rejected"
    (asked,) = answers.requests
    assert asked.kind == "irreversible"
    assert "window.ran = 1;" in asked.action
    assert not await ran(browser)
    assert site.received(committing(path)) == []
    assert [m for m, _ in site.seen if m != "GET"] == []


@pytest.mark.parametrize("how", sorted(TRIES))
async def test_with_no_handler_it_is_refused_and_runs_nothing(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path, how: str
) -> None:
    run = await opened(browser, site, "/p/opzeggen", None, tmp_path)
    said = await execute(run, TRIES[how])
    assert said["success"] is False
    assert said["data"]["error_code"] == "human_rejected"
    assert "No person is available to approve" in said["error"]
    assert not await ran(browser)
    assert site.seen == [] or all(m == "GET" for m, _ in site.seen)


@pytest.mark.parametrize("path", ["/p/opzeggen", "/konto/abo"])
@pytest.mark.parametrize("how", sorted(TRIES))
async def test_a_yes_runs_the_code_and_its_write_to_the_flows_site_is_held(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path, how: str, path: str
) -> None:
    answers = ScriptedApprovals([True])
    run = await opened(browser, site, path, answers, tmp_path)
    tried = asyncio.ensure_future(request_to(browser, committing(path)))
    said = await execute(run, TRIES[how])
    request = await tried  # the page did try: the browser sent it to our interception
    assert request.method == "POST"
    assert said["success"] is True, said
    assert await ran(browser)
    assert site.received(committing(path)) == []
    (asked,) = answers.requests
    assert "window.ran = 1;" in asked.action
    message = said["data"].get("message", "")
    if how in ("fetch", "elsewhere"):
        assert said["result"] == "held: Failed to fetch"
    if message:  # said at once when the browser stopped it before the reply was made
        assert f"tried to send {'a beacon (POST) to ' if how == 'beacon' else 'POST '}" in message
        assert "the person approved running this code, not that" in message
