"""The tab Playwright MCP selects is the tab our gate reads.

A second tab is opened (the agent moves to it) and the first selected again through
``browser_tabs``; the final step of the first, clicked by its Playwright MCP ref, is then
judged on that tab: asked about, and with no one to ask nothing is sent; a yes sends it once.
(Were our side still on the second tab, the ref would name nothing there and the click would
only be refused.)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from harness.approvals import ScriptedApprovals
from subterminator.assembly import build_run
from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from subterminator.models.conversation import ToolCall
from subterminator.pwmcp.backend import PwMcpOptions, attached
from subterminator.services import get_service
from tests.support.posting_site import PostingSite

pytestmark = [pytest.mark.browser, pytest.mark.subprocess]

PAGES = {
    "/konto": (
        "<h1>Abonnement kündigen</h1><p>Endet am 16.12.2026.</p>"
        '<a href="/hilfe">Hilfe</a>'
        '<form method="post" action="/ende"><button>Kündigung abschließen</button></form>'
    ),
    "/hilfe": "<h1>Hilfe</h1><p>Fragen und Antworten.</p>",
}


def served(site: PostingSite, path: str) -> str:
    body = PAGES.get(path, "<h1>?</h1>")
    return f'<!doctype html><html lang="de"><title>{path}</title>{body}'


@pytest.fixture
def site() -> Iterator[PostingSite]:
    with PostingSite(served) as running:
        yield running


async def back_on_the_first_tab(
    site: PostingSite, answers: list[bool] | None, folder: Path
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
    site: PostingSite, tmp_path: Path
) -> None:
    result = await back_on_the_first_tab(site, None, tmp_path)
    assert result["error"] == "human_rejected", result
    assert site.posted == []


async def test_a_yes_sends_it_once(site: PostingSite, tmp_path: Path) -> None:
    result = await back_on_the_first_tab(site, [True, True], tmp_path)
    assert result["success"], result
    assert site.posted == ["/ende"]
