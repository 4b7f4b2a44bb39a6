"""A confirm step is not a confirmation: an end date beside the commit is never a cancellation.

The report: after an approved reason step, an Afrikaans confirm page ("Jou intekening eindig op
2027-03-03", and a "Kanselleer nou" button the judge could not read) was taken for the end of
the flow, and the run said "completed" while the server said active. Where no word of ours can
name the page's controls, the judge now reads its structure: while a control that acts is
still offered, a period end is no evidence, whatever the language. Pages served on 127.0.0.1, read in real Chromium; a flow through
the real orchestrator and gate with a scripted AI.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from harness.approvals import ScriptedApprovals
from harness.scripted_ai import ScriptedAI, click, complete
from harness.sites import PostRecordingSite, StaticSite
from subterminator.assembly import build_conversation
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.models.snapshot import Snapshot
from subterminator.outcome import judge_outcome
from subterminator.outcome.vocabulary import HELD
from subterminator.services import NETFLIX
from subterminator.tools.server import BrowserToolServer
from tests.outcome.outcome_confirm_aside import ASIDE, HELD_ASIDE
from tests.outcome.outcome_confirm_dev import DEV, SHAPES, confirm_page, done_page

pytestmark = pytest.mark.browser

STEPS = {step.lang: step for step in DEV + ASIDE + HELD_ASIDE}
TUNED = [step.lang for step in DEV]
CASES = [(lang, shape) for lang in STEPS for shape in SHAPES]


@pytest.fixture(scope="module")
def site(
    tmp_path_factory: pytest.TempPathFactory, st_static_site: Callable[[Path], StaticSite]
) -> StaticSite:
    root = tmp_path_factory.mktemp("confirm")
    for lang, step in STEPS.items():
        for shape in SHAPES:
            folder = root / lang / shape
            folder.mkdir(parents=True)
            (folder / "confirm.html").write_text(confirm_page(step, shape), encoding="utf-8")
            (folder / "done.html").write_text(done_page(step), encoding="utf-8")
    return st_static_site(root)


async def snapshot(browser: PlaywrightBrowser, url: str) -> Snapshot:
    await browser.navigate(url)
    server = BrowserToolServer(browser)
    assert (await server.get_snapshot()).success
    assert server.last_snapshot is not None
    return server.last_snapshot


@pytest.mark.parametrize(("lang", "shape"), CASES, ids=[f"{lang}-{shape}" for lang, shape in CASES])
async def test_an_end_date_beside_the_commit_is_never_a_cancellation(
    browser: PlaywrightBrowser, site: StaticSite, lang: str, shape: str
) -> None:
    page = await snapshot(browser, site.url(f"{lang}/{shape}/confirm.html"))
    outcome = judge_outcome(page)
    assert outcome.state != "cancelled", outcome
    assert not NETFLIX.verify_success(page)


@pytest.mark.parametrize("lang", [lang for lang in TUNED if lang in HELD])
async def test_the_page_after_the_commit_still_verifies(
    browser: PlaywrightBrowser, site: StaticSite, lang: str
) -> None:
    outcome = judge_outcome(await snapshot(browser, site.url(f"{lang}/form/done.html")))
    assert outcome.state == "cancelled", outcome
    assert outcome.stated, outcome


@pytest.mark.parametrize("lang", [lang for lang in STEPS if lang not in HELD])
async def test_the_page_after_the_commit_in_a_language_not_held_is_unknown(
    browser: PlaywrightBrowser, site: StaticSite, lang: str
) -> None:
    """Honest, not verified: nothing on it is read as a cancellation, nor as a denial."""
    outcome = judge_outcome(await snapshot(browser, site.url(f"{lang}/form/done.html")))
    assert outcome.state == "unknown", outcome


@pytest.mark.parametrize("lang", [step.lang for step in HELD_ASIDE])
async def test_the_page_after_the_commit_kept_aside_is_never_read_as_denied(
    browser: PlaywrightBrowser, site: StaticSite, lang: str
) -> None:
    """Words written without the judge's: whether they verify is reported, not tuned; that a
    stated cancellation is never read as its denial is required."""
    outcome = judge_outcome(await snapshot(browser, site.url(f"{lang}/form/done.html")))
    assert outcome.state != "not_cancelled", outcome


# Afrikaans, as reported: a reason the gate asks about (a form that posts it), then the confirm
REASON = (
    '<!doctype html><html lang="af"><head><meta charset="utf-8"><title>Kanselleer intekening'
    "</title></head><body><h1>Hoekom gaan jy weg?</h1>"
    '<form method="post" action="/cancelplan/confirm"><input type="hidden" name="rede" '
    'value="prys"><button>Volgende</button></form></body></html>'
)


async def test_a_run_that_stops_on_the_confirm_step_is_not_completed(
    browser: PlaywrightBrowser,
) -> None:
    af = STEPS["af"]
    pages = {"/cancelplan/reason": REASON, "/cancelplan/done.html": done_page(af)}
    confirm = {"/cancelplan/confirm": confirm_page(af, "form")}
    with PostRecordingSite(pages, after_post=confirm) as site:
        await browser.navigate(site.url("/cancelplan/reason"))
        ai = ScriptedAI(
            [click("Volgende"), complete("success", "Gekanselleer"), complete("failed", "Nee")]
        )
        approvals = ScriptedApprovals([True])
        orchestrator = build_conversation(ai, browser, NETFLIX, approvals, 6)
        result = await orchestrator.run(NETFLIX.goal_template)
        assert [p.path for p in site.posted()] == ["/cancelplan/confirm"]  # the reason, only
    assert len(approvals.requests) == 1
    assert result.final_url
    assert result.final_url.endswith("/cancelplan/confirm")
    assert result.reason != "completed", result
    assert not result.success
    assert not result.verified
