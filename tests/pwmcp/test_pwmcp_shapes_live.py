"""Playwright MCP's own key presses, typing with submit and code, through our whole stack.

The real pinned ``@playwright/mcp`` drives our Chromium on pages served from 127.0.0.1, in
Italian, Dutch and Hindi; the calls use its own refs. The gate judges what each does: Enter
in the cancel form's field is the click of its button and asks; Enter on the final button
reached by Tab asks; code on a page of the flow is refused, and elsewhere its yes runs it
with every write held. What reached the site is the proof.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from harness.approvals import ScriptedApprovals
from subterminator.assembly import build_run
from subterminator.assembly.builder import Run
from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from subterminator.models.conversation import ToolCall
from subterminator.pwmcp.backend import PwMcpOptions, attached
from subterminator.stack import Reply
from tests.support.flow_stack import flow_service, posts
from tests.support.recording_site import RecordingSite, page

pytestmark = [pytest.mark.browser, pytest.mark.subprocess]

SERVICE = flow_service("live", "Live Video")
PAGES = {
    "/p/disdetta": page(
        "it",
        "Disdetta abbonamento",
        "<form method='post' action='/p/disdetto'><label>Motivo <input name='motivo'></label>"
        "<button>Conferma disdetta</button></form>",
    ),
    "/p/opzeggen": page(
        "nl",
        "Lidmaatschap opzeggen",
        "<form method='post' action='/p/opgezegd'><button>Opzegging bevestigen</button></form>",
    ),
    # pointing at the plan opens the page's own confirm; accepting it cancels
    "/p/annuleren": page(
        "nl",
        "Abonnement beëindigen",
        "<p id='plan' tabindex='0' role='button'>Basisabonnement</p>",
        "document.getElementById('plan').addEventListener('mouseenter', () => { "
        "if (confirm('Abonnement nu beëindigen?')) fetch('/p/weg', {method: 'POST'}); });",
    ),
    "/madad": page("hi", "सहायता केंद्र", "<a href='/madad/bhugtan'>भुगतान</a>"),
    "/madad/bhugtan": page("hi", "भुगतान सहायता", "<p>कार्ड बदलें</p>"),
}
CODE = (
    "async () => { document.title = 'चला'; "
    "try { await fetch('/p/opgezegd', {method: 'POST'}); } catch (e) {} }"
)


@pytest.fixture(scope="module")
def site() -> Iterator[RecordingSite]:
    with RecordingSite(PAGES) as served:
        yield served


@dataclass
class Driven:
    run: Run
    answers: ScriptedApprovals | None
    browser: PlaywrightBrowser

    async def call(self, name: str, **arguments: object) -> Reply:
        assert self.run.front is not None
        return await self.run.front.execute(ToolCall(id="pw", name=name, arguments=arguments))


@contextlib.asynccontextmanager
async def driving(
    site: RecordingSite, path: str, answers: list[bool] | None, folder: Path
) -> AsyncIterator[Driven]:
    """Playwright MCP on our browser, on ``path``, the site's record emptied."""
    approvals = None if answers is None else ScriptedApprovals(answers)
    browser = await PlaywrightBrowser.launch(LaunchOptions(headless=True, block_non_local=True))
    try:
        await browser.navigate(site.url(path))  # a page of the flow: typed, it would ask
        async with attached(browser, PwMcpOptions(output_dir=folder)) as client:
            run = build_run(SERVICE, browser, approvals, pwmcp=client)
            driven = Driven(run, approvals, browser)
            shown = await driven.call("browser_snapshot")
            assert shown.result["success"], shown.result
            site.reset()
            yield driven
    finally:
        await browser.close()


def target(reply: Reply, role: str, name: str) -> str:
    """The ref Playwright MCP's snapshot in ``reply`` gives a ``role`` named ``name``."""
    found = re.findall(rf'- {role} "{re.escape(name)}"[^\n]*\[ref=(e\d+)\]', reply.shown or "")
    assert found, f"no {role} {name!r} in:\n{reply.shown}"
    return str(found[0])


@pytest.mark.parametrize("yes", [False, True])
async def test_typing_with_submit_in_the_cancel_form_asks_once(
    site: RecordingSite, tmp_path: Path, yes: bool
) -> None:
    async with driving(site, "/p/disdetta", [yes], tmp_path) as driven:
        shown = await driven.call("browser_snapshot")
        field = target(shown, "textbox", "Motivo")
        reply = await driven.call("browser_type", target=field, text="troppo caro", submit=True)
        assert driven.answers is not None
        (asked,) = driven.answers.requests
        assert "Conferma disdetta" in asked.action
        if yes:
            assert reply.result["success"], reply.result
            assert posts(site) == [("POST", "/p/disdetto")]
        else:
            assert reply.result["error"] == "human_rejected", reply.result
            assert posts(site) == []


async def test_enter_on_the_final_button_reached_by_tab_is_refused_with_no_handler(
    site: RecordingSite, tmp_path: Path
) -> None:
    async with driving(site, "/p/opzeggen", None, tmp_path) as driven:
        moved = await driven.call("browser_press_key", key="Tab")
        assert moved.result["success"], moved.result
        reply = await driven.call("browser_press_key", key="Enter")
        assert reply.result["error"] == "human_rejected", reply.result
        assert "No person is available to approve" in (reply.result.get("message") or "")
        assert posts(site) == []


async def test_a_step_back_and_the_tabs_list_run_unasked(
    site: RecordingSite, tmp_path: Path
) -> None:
    async with driving(site, "/madad", [], tmp_path) as driven:
        shown = await driven.call("browser_snapshot")
        went = await driven.call("browser_click", target=target(shown, "link", "भुगतान"))
        assert went.snapshot.page.url == site.url("/madad/bhugtan"), went.result
        back = await driven.call("browser_navigate_back")
        assert back.result["success"], back.result
        assert back.snapshot.page.url == site.url("/madad")
        listed = await driven.call("browser_tabs", action="list")
        assert listed.result["success"], listed.result
        assert "/madad" in (listed.shown or "")


@pytest.mark.parametrize("answers", [[False], None], ids=["no", "no-handler"])
async def test_accepting_the_pages_confirm_on_a_flow_page_asks(
    site: RecordingSite, tmp_path: Path, answers: list[bool] | None
) -> None:
    async with driving(site, "/p/annuleren", answers, tmp_path) as driven:
        shown = await driven.call("browser_snapshot")
        pointed = await driven.call(
            "browser_hover", target=target(shown, "button", "Basisabonnement")
        )
        assert "Abonnement nu beëindigen?" in (pointed.shown or ""), pointed.shown
        reply = await driven.call("browser_handle_dialog", accept=True)
        assert reply.result["error"] == "human_rejected", reply.result
        assert posts(site) == []


async def test_code_on_a_flow_page_is_refused_and_sends_nothing(
    site: RecordingSite, tmp_path: Path
) -> None:
    async with driving(site, "/p/opzeggen", [], tmp_path) as driven:
        reply = await driven.call("browser_evaluate", function=CODE)
        assert reply.result["error"] == "action_failed", reply.result
        assert await driven.browser.page.title() == "Lidmaatschap opzeggen"
        assert posts(site) == []


async def test_code_elsewhere_asks_and_its_yes_writes_nothing(
    site: RecordingSite, tmp_path: Path
) -> None:
    async with driving(site, "/madad", [True], tmp_path) as driven:
        reply = await driven.call("browser_evaluate", function=CODE)
        assert reply.result["success"], reply.result
        assert driven.answers is not None
        (asked,) = driven.answers.requests
        assert "document.title" in asked.action
        assert await driven.browser.page.title() == "चला"  # it ran
        assert posts(site) == []  # its write did not
