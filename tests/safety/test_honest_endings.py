"""No success on a condition, on real Chromium through the real orchestrator.

- a page saying the request is scheduled for review, and that the membership "will end on
  <date> if your request is approved", is not a cancellation: a success claim is refused, and
  after the approved step the run ends ``unverified_after_final_step``;
- a failure the driving AI reports is not re-judged into a success on a period-end sentence
  alone; a page that states the cancellation still makes it one.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from harness.approvals import ScriptedApprovals
from harness.scripted_ai import ScriptedAI, Step, click, complete
from subterminator.assembly import build_conversation
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.models.result import TaskResult
from subterminator.services import NETFLIX
from tests.attacks.site import AttackSite
from tests.support.floor_pages import doc

pytestmark = pytest.mark.browser

ASK = doc(
    "<h1>Cancel your membership?</h1><p>Your membership will end on March 3, 2027.</p>"
    '<form method="post" action="{{next}}"><button>Finish cancellation</button></form>'
)
REVIEW = doc(
    "<h1>Request received</h1><p>Your cancellation request is scheduled for review.</p>"
    "<p>Your membership will end on March 3, 2027 if your request is approved.</p>"
)
REVIEW_ES = doc(
    "<h1>Solicitud recibida</h1><p>Tu solicitud de cancelación está pendiente de revisión.</p>"
    "<p>Tu membresía finalizará el 3 de marzo de 2027 si tu solicitud es aprobada.</p>",
    lang="es",
)
PERIOD_END_ONLY = doc("<h1>Thanks</h1><p>Your membership will end on March 3, 2027.</p>")
STATED = doc("<h1>Your membership has been cancelled</h1><p>It ends on March 3, 2027.</p>")

PAGES = {
    name: {"cancelplan": ASK.replace("{{next}}", "done"), "done": page}
    for name, page in {
        "review": REVIEW,
        "review-es": REVIEW_ES,
        "period-end": PERIOD_END_ONLY,
        "stated": STATED,
    }.items()
}


@pytest.fixture(scope="module")
def site() -> Iterator[AttackSite]:
    with AttackSite(PAGES) as served:
        yield served


async def run(
    browser: PlaywrightBrowser, site: AttackSite, case: str, script: list[Step]
) -> TaskResult:
    await browser.navigate(site.url(case, "cancelplan"))
    orchestrator = build_conversation(
        ScriptedAI(script), browser, NETFLIX, ScriptedApprovals([True] * 3)
    )
    return await orchestrator.run(NETFLIX.goal_template)


@pytest.mark.parametrize("case", ["review", "review-es"])
async def test_a_request_under_review_is_never_success(
    browser: PlaywrightBrowser, site: AttackSite, case: str
) -> None:
    script: list[Step] = [click("Finish cancellation"), complete(), complete("failed", "no")]
    result = await run(browser, site, case, script)
    assert not result.success
    assert result.reason == "unverified_after_final_step"
    assert "not final" in (result.error or "")


@pytest.mark.parametrize("case", ["review", "period-end"])
async def test_a_failure_the_ai_reports_is_not_turned_into_success_on_a_date(
    browser: PlaywrightBrowser, site: AttackSite, case: str
) -> None:
    script: list[Step] = [click("Finish cancellation"), complete("failed", "I am not sure")]
    result = await run(browser, site, case, script)
    assert not result.success
    assert result.reason == "unverified_after_final_step"


async def test_a_stated_cancellation_outweighs_the_ais_doubt(
    browser: PlaywrightBrowser, site: AttackSite
) -> None:
    script: list[Step] = [click("Finish cancellation"), complete("failed", "I am not sure")]
    result = await run(browser, site, "stated", script)
    assert result.success
    assert result.reason == "completed"
