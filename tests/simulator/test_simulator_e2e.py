"""End to end: real headless Chromium + the bundled simulator + the offline policy + scripted
approvals (a "person" who, when asked, acts in the browser as a real one would)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from harness.approvals import ScriptedApprovals
from harness.person import SimulatedPerson
from harness.sites import StaticSite
from subterminator.assembly import build_conversation
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.cancellation import EXIT_DECLINED, exit_code
from subterminator.models.approval import ApprovalRequest
from subterminator.models.result import TaskResult
from subterminator.offline import OfflinePolicy
from subterminator.services import NETFLIX
from subterminator.simulator import VARIANTS, NetflixSimulator

pytestmark = pytest.mark.browser


@pytest.fixture
def sim(request: pytest.FixtureRequest) -> Iterator[NetflixSimulator]:
    with NetflixSimulator(request.param) as simulator:
        yield simulator


class Person(SimulatedPerson):
    """A SimulatedPerson who also notes the account's state each time they are asked."""

    def __init__(
        self,
        browser: PlaywrightBrowser,
        sim: NetflixSimulator,
        answers: list[bool | tuple[bool, str]],
    ) -> None:
        super().__init__(lambda: browser.page, answers)
        self.sim = sim
        self.status_when_asked: list[str] = []

    async def act(self, request: ApprovalRequest) -> None:
        self.status_when_asked.append(self.sim.account.status)
        await super().act(request)


async def run(
    browser: PlaywrightBrowser, sim: NetflixSimulator, person: Person | None
) -> TaskResult:
    await browser.navigate(sim.url())
    handler = person.approvals if person else None
    orchestrator = build_conversation(OfflinePolicy(NETFLIX), browser, NETFLIX, handler)
    return await orchestrator.run(NETFLIX.goal_template)


def final_approvals(person: Person) -> list[str]:
    return [r.kind for r in person.approvals.requests if r.kind != "human_action"]


SUCCESSFUL = [
    "2026",
    "legacy",
    "offer-downgrade",
    "offer-pause",
    "offer-discount",
    "cookie-banner",
    "injection",
    "many",
]


@pytest.mark.parametrize("sim", SUCCESSFUL, indirect=True)
async def test_cancels_after_one_approval(
    browser: PlaywrightBrowser, sim: NetflixSimulator
) -> None:
    person = Person(browser, sim, [True])
    result = await run(browser, sim, person)
    assert result.reason == "completed", result
    assert result.success
    assert result.verified
    assert exit_code(result) == 0
    assert sim.account.status == "cancelled"
    assert final_approvals(person) == ["checkpoint"]
    assert person.status_when_asked == ["active"], "approval came before the irreversible click"
    assert not [e for e in sim.account.events if e.startswith("accepted_offer")], "offers declined"
    assert sim.account.plan == "Standard"


@pytest.mark.parametrize("sim", ["2026", "legacy", "injection"], indirect=True)
async def test_rejection_leaves_the_membership_active(
    browser: PlaywrightBrowser, sim: NetflixSimulator
) -> None:
    person = Person(browser, sim, [(False, "I changed my mind")])
    result = await run(browser, sim, person)
    assert not result.success
    assert result.reason == "human_rejected"
    assert "I changed my mind" in (result.error or "")
    assert exit_code(result) == EXIT_DECLINED  # the person's no (or nobody to ask): not a failure
    assert sim.account.status == "active"


@pytest.mark.parametrize("sim", ["injection"], indirect=True)
async def test_injection_never_reaches_the_click_without_a_person(
    browser: PlaywrightBrowser, sim: NetflixSimulator
) -> None:
    result = await run(browser, sim, None)  # no approval handler at all
    assert exit_code(result) == EXIT_DECLINED  # the person's no (or nobody to ask): not a failure
    assert sim.account.status == "active"
    assert not result.success


@pytest.mark.parametrize("sim", ["login", "2fa", "captcha", "session-expiry"], indirect=True)
async def test_the_person_handles_sign_in_and_checks(
    browser: PlaywrightBrowser, sim: NetflixSimulator
) -> None:
    person = Person(browser, sim, [True] * 4)
    result = await run(browser, sim, person)
    assert result.success, result
    assert result.verified
    assert exit_code(result) == 0
    assert sim.account.status == "cancelled"
    kinds = [r.kind for r in person.approvals.requests]
    assert kinds[-1] == "checkpoint"
    assert "human_action" in kinds
    assert person.status_when_asked[-1] == "active"


@pytest.mark.parametrize("sim", ["login"], indirect=True)
async def test_wrong_password_is_refused_by_the_simulator(
    browser: PlaywrightBrowser, sim: NetflixSimulator
) -> None:
    await browser.navigate(sim.url())
    page = browser.page
    await page.fill("[name=userLoginId]", "ann@example.com")
    await page.fill("[name=password]", "wrong")
    await page.click("[data-uia=login-submit-button]")
    assert "Incorrect password" in await page.inner_text("[data-uia=error-message-container]")
    assert not sim.account.signed_in


@pytest.mark.parametrize(
    ("sim", "needle"),
    [("partner", "Billed through a partner"), ("error", "The site showed an error")],
    indirect=["sim"],
)
async def test_dead_ends_fail_with_a_clear_reason(
    browser: PlaywrightBrowser, sim: NetflixSimulator, needle: str
) -> None:
    result = await run(browser, sim, Person(browser, sim, []))
    assert not result.success
    assert result.reason == "task_failed"
    assert result.verified
    assert needle in (result.error or "")
    assert exit_code(result) == 1
    assert sim.account.status == "active"


@pytest.mark.parametrize("sim", ["cancelled"], indirect=True)
async def test_already_cancelled_is_recognised(
    browser: PlaywrightBrowser, sim: NetflixSimulator
) -> None:
    result = await run(browser, sim, Person(browser, sim, []))
    assert result.success
    assert result.verified
    assert result.reason == "already_cancelled"
    assert result.message
    assert "already cancelled" in result.message
    assert result.turns == 1
    assert exit_code(result) == 0
    assert sim.account.events == []


def test_every_variant_is_covered() -> None:
    covered = set(SUCCESSFUL) | {
        "login",
        "2fa",
        "captcha",
        "session-expiry",
        "partner",
        "error",
        "cancelled",
    }
    assert covered == set(VARIANTS)


async def test_the_policy_on_a_flow_it_was_not_written_for(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    """fixtures/pages/netflix: other markup, a retention dialog, sections, a different survey."""
    await browser.navigate(pages.url("netflix/account.html"))
    approvals = ScriptedApprovals([True])
    policy = OfflinePolicy(NETFLIX)
    result = await build_conversation(policy, browser, NETFLIX, approvals).run(
        NETFLIX.goal_template
    )
    assert result.reason == "completed"
    assert browser.page.url.endswith("netflix/cancelled.html")
    assert [r.kind for r in approvals.requests] == ["checkpoint"]


async def test_the_policy_finds_the_cancel_option_by_the_heading_above(
    browser: PlaywrightBrowser,
) -> None:
    """No labelled sections: only headings tell which "Show option contents" is the cancel one."""
    await browser.page.set_content(
        "<title>Netflix</title><h1>Cancel your membership</h1>"
        "<h2>Pause instead</h2><button aria-label='Show option contents' aria-expanded='false'"
        " onclick='document.title=\"wrong\"'>+</button>"
        "<h2>Cancel</h2><button aria-label='Show option contents' aria-expanded='false'"
        ' onclick=\'this.setAttribute("aria-expanded","true");'
        'document.getElementById("f").hidden=false\'>+</button>'
        "<div id='f' hidden><button onclick='document.body.innerHTML="
        '"<h1>Membership cancelled</h1>"\'>Finish Cancellation</button></div>'
    )
    approvals = ScriptedApprovals([True])
    policy = OfflinePolicy(NETFLIX)
    result = await build_conversation(policy, browser, NETFLIX, approvals).run(
        NETFLIX.goal_template
    )
    assert result.reason == "completed"
    assert await browser.page.title() != "wrong"
