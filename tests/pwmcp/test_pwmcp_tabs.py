"""The tab Playwright MCP selects is the tab our gate reads.

A second tab is opened (the agent moves to it) and the first selected again through ``browser_tabs``; the final step
of the first, clicked by its Playwright MCP ref, is then judged on that tab: asked about, and
with no one to ask nothing is sent; a yes sends it once. (Were our side still on the second
tab, the ref would name nothing there and the click would only be refused.)
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest

from harness.approvals import ScriptedApprovals
from subterminator.assembly import build_run
from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from subterminator.models.conversation import ToolCall
from subterminator.pwmcp.backend import PwMcpOptions, attached
from subterminator.services import get_service
from subterminator.simulator.server import LocalServer

pytestmark = [pytest.mark.browser, pytest.mark.subprocess]

PAGES = {
    "/konto": (
        "<h1>Abonnement kündigen</h1><p>Endet am 16.12.2026.</p>"
        '<a href="/hilfe">Hilfe</a>'
        '<form method="post" action="/ende"><button>Kündigung abschließen</button></form>'
    ),
    "/hilfe": "<h1>Hilfe</h1><p>Fragen und Antworten.</p>",
}


class Site(LocalServer):
    def __init__(self) -> None:
        posted: list[str] = []
        lock = threading.Lock()

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                body = PAGES.get(self.path, "<h1>?</h1>")
                self._send(f'<!doctype html><html lang="de"><title>{self.path}</title>{body}')

            def do_POST(self) -> None:
                with lock:
                    posted.append(self.path)
                self._send("<!doctype html><h1>OK</h1>")

            def _send(self, body: str) -> None:
                data = body.encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: object) -> None:
                pass

        super().__init__(Handler)
        self.posted = posted


@pytest.fixture
def site() -> Iterator[Site]:
    with Site() as served:
        yield served


async def back_on_the_first_tab(
    site: Site, answers: list[bool] | None, folder: Path
) -> dict[str, object]:
    url = f"{site.base_url}/konto"
    person = None if answers is None else ScriptedApprovals(answers)
    browser = await PlaywrightBrowser.launch(LaunchOptions(headless=True, block_non_local=True))
    try:
        async with attached(browser, PwMcpOptions(output_dir=folder)) as client:
            run = build_run(get_service("netflix"), browser, person, start_url=url, pwmcp=client)
            assert run.front is not None
            call = run.front.execute
            await call(ToolCall(id="1", name="browser_navigate", arguments={"url": url}))
            opened = await call(ToolCall(id="2", name="browser_tabs", arguments={"action": "new"}))
            assert opened.result["success"], opened.result
            assert browser.page.url != url, "a new tab: the agent works in it"
            back = await call(
                ToolCall(id="3", name="browser_tabs", arguments={"action": "select", "index": 0})
            )
            assert back.result["success"], back.result
            assert browser.page.url == url, "our side reads the tab Playwright MCP selected"
            shown = await call(ToolCall(id="4", name="browser_snapshot"))
            found = re.search(
                r'button "Kündigung abschließen"[^\n]*\[ref=(\w+)\]', shown.shown or ""
            )
            assert found is not None, shown.shown
            final = ToolCall(id="5", name="browser_click", arguments={"target": found.group(1)})
            return dict((await call(final)).result)
    finally:
        await browser.close()


async def test_the_selected_tabs_final_step_asks_and_no_one_to_ask_sends_nothing(
    site: Site, tmp_path: Path
) -> None:
    result = await back_on_the_first_tab(site, None, tmp_path)
    assert result["error"] == "human_rejected", result
    assert site.posted == []


async def test_a_yes_sends_it_once(site: Site, tmp_path: Path) -> None:
    result = await back_on_the_first_tab(site, [True, True], tmp_path)
    assert result["success"], result
    assert site.posted == ["/ende"]
