"""Where the facade's steps may take the browser: the run's sites, as for a typed address.

``goto`` is our ``browser_open``, and a step back or forward to an entry on another site is
judged as opening that entry's address would be: a local address or another scheme is refused
without a question, another web site is asked for (a no, or no one to ask, opens nothing).
The module's own Chromium resolves every name to this machine (``reach_site``), so
``evil.example`` is another web site served here, and nothing leaves it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from harness.approvals import ScriptedApprovals
from subterminator.browser.playwright_browser import PlaywrightBrowser
from tests.support.flow_stack import flow_service
from tests.support.reach_site import chromium as chromium  # the module's Chromium (names -> here)
from tests.support.recording_site import RecordingSite, page
from tests.support.v02_run import error_code, facade_call, started_run

pytestmark = pytest.mark.browser

SERVICE = flow_service("reach", "Reach Video")

PAGES = {
    "/p/anuluj": page("pl", "Anulowanie", "<p>Czy na pewno?</p>"),
    "/hesap": page("sw", "Akaunti yangu", "<p>Uanachama wako unaendelea.</p>"),
}


@pytest.fixture(scope="module")
def site() -> Iterator[RecordingSite]:
    with RecordingSite(PAGES) as served:
        yield served


@pytest.fixture(scope="module")
def local() -> Iterator[RecordingSite]:
    """Another server on this machine: the person's router, another app."""
    with RecordingSite(PAGES) as served:
        yield served


@pytest.mark.parametrize("where", ["other-port", "file", "localhost"])
async def test_goto_a_local_address_is_refused_without_a_question(
    browser: PlaywrightBrowser,
    site: RecordingSite,
    local: RecordingSite,
    tmp_path: Path,
    where: str,
) -> None:
    url = {
        "other-port": local.url("/hesap"),
        "file": "file:///etc/passwd",
        "localhost": local.url("/hesap").replace("127.0.0.1", "localhost"),
    }[where]
    await browser.navigate(site.url("/p/anuluj"))
    answers = ScriptedApprovals([])
    run = await started_run(browser, site, SERVICE, answers, tmp_path)
    local.reset()
    reply = await facade_call(run, "browser_navigate", action="goto", url=url)
    assert error_code(reply) == "invalid_params", reply.result
    assert answers.requests == []
    assert local.seen == []
    assert browser.page.url == site.url("/p/anuluj")


@pytest.mark.parametrize("handler", ["no", "none"])
async def test_goto_another_site_is_asked_and_a_no_opens_nothing(
    chromium: PlaywrightBrowser, site: RecordingSite, tmp_path: Path, handler: str
) -> None:
    await chromium.navigate(site.url("/p/anuluj"))
    answers = ScriptedApprovals([False]) if handler == "no" else None
    run = await started_run(chromium, site, SERVICE, answers, tmp_path)
    other = site.url("/hesap").replace("127.0.0.1", "evil.example")
    reply = await facade_call(run, "browser_navigate", action="goto", url=other)
    assert error_code(reply) == "human_rejected", reply.result
    assert site.seen == []
    assert chromium.page.url == site.url("/p/anuluj")
    if answers is not None:
        (asked,) = answers.requests
        assert asked.kind == "checkpoint"
        assert "evil.example" in asked.action


async def history_from(browser: PlaywrightBrowser, first: str, then: str) -> None:
    """``first`` then ``then`` opened below the gate (no run's reach left on the browser by
    an earlier test): a step back goes to ``first``."""
    browser.set_reach(None)
    await browser.navigate(first)
    await browser.navigate(then)


async def test_back_to_an_entry_on_a_local_address_is_refused_without_a_question(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    entry = site.url("/hesap").replace("127.0.0.1", "localhost")
    await history_from(browser, entry, site.url("/p/anuluj"))
    answers = ScriptedApprovals([])
    run = await started_run(browser, site, SERVICE, answers, tmp_path)
    reply = await facade_call(run, "browser_navigate", action="back")
    assert error_code(reply) == "invalid_params", reply.result
    assert "localhost" in reply.result["error"]
    assert answers.requests == []
    assert site.seen == []
    assert browser.page.url == site.url("/p/anuluj")


@pytest.mark.parametrize("yes", [False, True])
async def test_back_to_an_entry_on_another_site_is_asked_as_opening_it(
    chromium: PlaywrightBrowser, site: RecordingSite, tmp_path: Path, yes: bool
) -> None:
    entry = site.url("/hesap").replace("127.0.0.1", "evil.example")
    await history_from(chromium, entry, site.url("/p/anuluj"))
    answers = ScriptedApprovals([yes])
    run = await started_run(chromium, site, SERVICE, answers, tmp_path)
    reply = await facade_call(run, "browser_navigate", action="back")
    (asked,) = answers.requests
    assert asked.kind == "checkpoint"
    assert "evil.example" in asked.action
    if yes:
        assert reply.result["success"], reply.result
        assert chromium.page.url == entry
        assert site.seen == [("GET", "/hesap")]
    else:
        assert error_code(reply) == "human_rejected", reply.result
        assert chromium.page.url == site.url("/p/anuluj")
        assert site.seen == []
