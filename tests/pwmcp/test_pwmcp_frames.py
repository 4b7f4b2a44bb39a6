"""A Playwright MCP ref inside a frame, same-site (in the page's process) or cross-site (a
process of its own): the gate reads the element it names there, as it does on the top page.

The final step sits in a frame; clicked by its Playwright MCP ref, the person is asked, and
with no one to ask nothing is sent; with a yes, it is sent once. Pages in Spanish and Polish.
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

INNER = {
    "es": ("Finalizar la cancelación", "Tu membresía termina el 16 de diciembre de 2026."),
    "pl": ("Zakończ anulowanie", "Twoje członkostwo kończy się 16 grudnia 2026."),
}


def html(lang: str, title: str, body: str) -> str:
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>'
        f"</head><body>{body}</body></html>"
    )


def served(site: PostingSite, target: str) -> str:
    """``/top/<lang>?cross=1``: a page whose frame (``/inner/<lang>``) holds the final step;
    cross-site when the frame is served from ``localhost`` rather than ``127.0.0.1``."""
    path, _, query = target.partition("?")
    lang = path.rsplit("/", 1)[-1]
    button, said = INNER[lang]
    if path.startswith("/inner/"):
        form = f'<form method="post" action="/end"><button>{button}</button></form>'
        return html(lang, button, f"<h1>{button}</h1><p>{said}</p>{form}")
    origin = site.base_url
    if "cross=1" in query:
        origin = origin.replace("127.0.0.1", "localhost")
    frame = f'<iframe src="{origin}/inner/{lang}" width="600" height="300"></iframe>'
    return html(lang, button, f"<h1>{button}</h1>{frame}")


@pytest.fixture
def site() -> Iterator[PostingSite]:
    with PostingSite(served) as running:
        yield running


async def click_in_frame(
    site: PostingSite, lang: str, cross: bool, answers: list[bool] | None, folder: Path
) -> tuple[dict[str, object], ScriptedApprovals | None]:
    url = f"{site.base_url}/top/{lang}" + ("?cross=1" if cross else "")
    person = None if answers is None else ScriptedApprovals(answers)
    browser = await PlaywrightBrowser.launch(LaunchOptions(headless=True, block_non_local=True))
    try:
        async with attached(browser, PwMcpOptions(output_dir=folder)) as client:
            other = site.base_url.replace("127.0.0.1", "localhost")  # the frame's own site
            run = build_run(
                get_service("netflix"),
                browser,
                person,
                start_url=url,
                pwmcp=client,
                allow_sites=(other,) if cross else (),
            )
            assert run.front is not None
            shown = await run.front.execute(
                ToolCall(id="1", name="browser_navigate", arguments={"url": url})
            )
            button = INNER[lang][0]
            found = re.findall(rf'button "{button}"[^\n]*\[ref=(\w+)\]', shown.shown or "")
            assert len(found) == 1, shown.shown
            clicked = await run.front.execute(
                ToolCall(id="2", name="browser_click", arguments={"target": found[0]})
            )
            return dict(clicked.result), person
    finally:
        await browser.close()


@pytest.mark.parametrize("cross", [False, True], ids=["same-site", "cross-site"])
@pytest.mark.parametrize("lang", sorted(INNER))
async def test_the_final_step_in_a_frame_asks_and_no_one_to_ask_sends_nothing(
    site: PostingSite, lang: str, cross: bool, tmp_path: Path
) -> None:
    result, _ = await click_in_frame(site, lang, cross, None, tmp_path)
    assert result["error"] == "human_rejected", result
    assert site.posted == []


@pytest.mark.parametrize("cross", [False, True], ids=["same-site", "cross-site"])
async def test_a_yes_sends_the_framed_step_once(
    site: PostingSite, cross: bool, tmp_path: Path
) -> None:
    result, person = await click_in_frame(site, "es", cross, [True, True], tmp_path)
    assert result["success"], result
    assert site.posted == ["/end"]
    assert person is not None
    assert any(INNER["es"][0] in r.action for r in person.requests)
