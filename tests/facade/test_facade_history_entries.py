"""Which history entries a step sends a form again for, as the browser keeps them.

DevTools gives each entry's transition but not its method: the page a POST redirected to is a
``form_submit`` entry that a step reloads by a GET, and a reload turns a POST result's
transition into ``reload``. So the browser keeps, per entry, whether a POST returned its
document; and a GET form's entry carries its values in its address. Pages in Italian and
Vietnamese, on a local server that records every request.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest

from harness.approvals import ScriptedApprovals
from subterminator.browser.history import History, HistoryEntry
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.simulator.server import LocalServer
from subterminator.stack.history import resent
from tests.support.flow_stack import flow_service
from tests.support.recording_site import page
from tests.support.v02_run import error_code, facade_call, started_run

pytestmark = pytest.mark.browser

SERVICE = flow_service("entries", "Entries Video")

START = page(
    "it",
    "Disdetta",
    "<form id='prg' method='post' action='/p/invia'><button>Invia e vai avanti</button></form>"
    "<form id='post' method='post' action='/p/risultato'><button>Invia</button></form>"
    "<form id='get' method='get' action='/p/cerca'><input name='piano' value='base'>"
    "<button>Cerca</button></form>",
)
DONE = page("vi", "Đã gửi", "<p>Cảm ơn bạn.</p>")


class Site(LocalServer):
    """``/p/invia`` answers a POST with a redirect to ``/p/inviato`` (POST, redirect, GET);
    every other POST with a page. ``seen``: every request, as (method, path)."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, str]] = []
        lock = threading.Lock()
        site = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                self._answer(START if self.path == "/p/inizio" else DONE)

            def do_POST(self) -> None:
                self._answer(DONE)

            def _answer(self, body: str) -> None:
                with lock:
                    site.seen.append((self.command, self.path))
                if self.command == "POST" and self.path == "/p/invia":
                    self.send_response(303)
                    self.send_header("Location", "/p/inviato")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                data = body.encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: object) -> None:
                pass

        super().__init__(Handler)

    def url(self, path: str) -> str:
        return f"{self.base_url}{path}"

    def reset(self) -> None:
        self.seen.clear()


@pytest.fixture(scope="module")
def site() -> Iterator[Site]:
    with Site() as served:
        yield served


def test_the_form_a_step_sends_again_is_read_from_the_entry_alone() -> None:
    posted = HistoryEntry(url="https://x.test/p/fin", transition="reload", posted=True)
    redirected = HistoryEntry(url="https://x.test/p/fini", transition="form_submit")
    searched = HistoryEntry(url="https://x.test/p/cerca?q=1", transition="form_submit")
    linked = HistoryEntry(url="https://x.test/p/cerca?q=1", transition="link")
    assert [resent(e) for e in (posted, redirected, searched, linked)] == ["POST", "", "GET", ""]


def test_a_step_past_either_end_or_in_an_unread_history_has_no_target() -> None:
    one = History(current=0, entries=[HistoryEntry(url="https://x.test/")])
    assert one.target("back") is None
    assert one.target("forward") is None
    assert one.target("refresh") == one.entries[0]
    assert not History().known
    assert History().target("refresh") is None


async def sent(browser: PlaywrightBrowser, site: Site, form: str) -> None:
    """The start page opened and one of its forms sent, below the gate."""
    await browser.navigate(site.url("/p/inizio"))
    async with browser.page.expect_navigation():
        await browser.page.click(f"#{form} button")


async def test_each_entry_says_whether_a_post_returned_its_document(
    browser: PlaywrightBrowser, site: Site
) -> None:
    await sent(browser, site, "prg")
    await sent(browser, site, "post")
    await sent(browser, site, "get")
    await browser.page.go_back()
    await browser.page.go_back()  # onto the POST result (Chromium sends it again)
    await browser.page.reload()  # its entry's transition becomes "reload"
    history = await browser.history()
    said = [(e.url.removeprefix(site.base_url), e.transition, e.posted) for e in history.entries]
    assert said[1:] == [
        ("/p/inizio", "typed", False),
        ("/p/inviato", "form_submit", False),  # a GET reloads it: nothing is sent again
        ("/p/inizio", "typed", False),
        ("/p/risultato", "reload", True),
        ("/p/inizio", "typed", False),
        ("/p/cerca?piano=base", "form_submit", False),
    ]
    assert history.target("refresh") == history.entries[4]
    assert history.target("forward") == history.entries[5]
    assert history.target("back") == history.entries[3]
    assert site.seen.count(("POST", "/p/risultato")) == 3  # sent, and again by each step


async def test_a_step_back_to_the_page_a_post_redirected_to_runs_unasked(
    browser: PlaywrightBrowser, site: Site, tmp_path: Path
) -> None:
    await browser.navigate(site.url("/p/inizio"))
    answers = ScriptedApprovals([False])
    run = await started_run(browser, site, SERVICE, answers, tmp_path)  # the run shows it
    async with browser.page.expect_navigation():
        await browser.page.click("#prg button")
    await facade_call(run, "browser_navigate", action="get_url")
    await browser.navigate(site.url("/p/inizio"))
    await facade_call(run, "browser_navigate", action="get_url")
    site.reset()
    reply = await facade_call(run, "browser_navigate", action="back")
    assert reply.result["success"], reply.result
    assert answers.requests == []
    assert site.seen == [("GET", "/p/inviato")]


async def test_a_reload_of_a_get_forms_result_on_the_flow_asks(
    browser: PlaywrightBrowser, site: Site, tmp_path: Path
) -> None:
    await sent(browser, site, "get")
    answers = ScriptedApprovals([False])
    run = await started_run(browser, site, SERVICE, answers, tmp_path)
    reply = await facade_call(run, "browser_navigate", action="refresh")
    assert error_code(reply) == "human_rejected", reply.result
    (asked,) = answers.requests
    assert asked.action.startswith("Resend the form that led to")
    assert "GET" in asked.reason
    assert site.seen == []
