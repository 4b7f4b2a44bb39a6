"""A final step whose form asks ``confirm()`` first, clicked by a Playwright MCP ref.

The page's own confirm opens while Playwright MCP's click runs: it is that step's own
question, accepted under the person's one yes, and the step's request reaches the site once;
Playwright MCP's own view of the dialog is closed with it, so its next snapshot works. With a
no, nothing is sent. Pages in German and Japanese.
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
    "de": ("Mitgliedschaft beenden", "Kündigung abschließen", "Wirklich kündigen?"),
    "ja": ("メンバーシップの解約", "解約を完了する", "本当に解約しますか?"),
}


def page(lang: str) -> str:
    title, button, question = PAGES[lang]
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>'
        f"</head><body><h1>{title}</h1><p>16.12.2026</p>"
        f'<form method="post" action="/end" onsubmit="return confirm({question!r})">'
        f'<button type="submit">{button}</button></form></body></html>'
    )


def served(site: PostingSite, path: str) -> str:
    return page(path.strip("/") or "de")


@pytest.fixture
def site() -> Iterator[PostingSite]:
    with PostingSite(served) as running:
        yield running


async def click_the_final_step(
    site: PostingSite, lang: str, answers: list[bool], folder: Path
) -> str:
    """The step clicked by its Playwright MCP ref; Playwright MCP's snapshot after it."""
    url = f"{site.base_url}/{lang}"
    person = ScriptedApprovals(answers)
    browser = await PlaywrightBrowser.launch(LaunchOptions(headless=True, block_non_local=True))
    try:
        async with attached(browser, PwMcpOptions(output_dir=folder)) as client:
            run = build_run(get_service("netflix"), browser, person, start_url=url, pwmcp=client)
            assert run.front is not None
            shown = await run.front.execute(
                ToolCall(id="1", name="browser_navigate", arguments={"url": url})
            )
            button = PAGES[lang][1]
            found = re.search(rf'button "{button}"[^\n]*\[ref=(\w+)\]', shown.shown or "")
            assert found is not None, shown.shown
            clicked = await run.front.execute(
                ToolCall(id="2", name="browser_click", arguments={"target": found.group(1)})
            )
            after = await run.front.execute(ToolCall(id="3", name="browser_snapshot"))
            assert after.result["success"], after.result
            assert len(person.requests) == 1
            return str(clicked.result.get("message") or "") + (after.shown or "")
    finally:
        await browser.close()


@pytest.mark.parametrize("lang", sorted(PAGES))
async def test_the_steps_own_confirm_is_accepted_under_its_one_yes(
    site: PostingSite, lang: str, tmp_path: Path
) -> None:
    said = await click_the_final_step(site, lang, [True], tmp_path)
    assert site.posted == ["/end"]
    assert "accepted as part of the step" in said
    assert "[ref=" in said, "Playwright MCP snapshots again once the dialog is answered"


@pytest.mark.parametrize("lang", sorted(PAGES))
async def test_a_no_sends_nothing(site: PostingSite, lang: str, tmp_path: Path) -> None:
    await click_the_final_step(site, lang, [False], tmp_path)
    assert site.posted == []
