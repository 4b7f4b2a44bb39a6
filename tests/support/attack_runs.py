"""One attack case through the real stack, as the attack, gate-law and made-up-flow tests run it;
and the sample of cases the MCP attack suite runs by default."""

from __future__ import annotations

from harness.approvals import ScriptedApprovals
from harness.scripted_ai import ScriptedAI
from subterminator.ai.protocol import AIClientProtocol
from subterminator.assembly import build_conversation
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.models.result import TaskResult
from subterminator.offline import OfflinePolicy
from subterminator.services import NETFLIX
from tests.attacks.cases import Case
from tests.attacks.site import AttackSite


async def run(
    browser: PlaywrightBrowser, site: AttackSite, case: Case, approvals: ScriptedApprovals | None
) -> TaskResult:
    site.reset(case.name)
    await browser.navigate(site.url(case.name, case.start))
    await browser.page.wait_for_load_state("load")
    ai: AIClientProtocol = ScriptedAI(case.script) if case.script else OfflinePolicy(NETFLIX)
    orchestrator = build_conversation(
        ai, browser, NETFLIX, approvals, allow_sites=(site.other, site.sockets)
    )
    return await orchestrator.run(NETFLIX.goal_template)


def kind_of(case: Case) -> tuple[str, bool, str, bool]:
    """What makes two cases alike for a front door: kind, AI, guarded action, need to ask."""
    return (case.kind, bool(case.script), case.guards, case.must_ask)


def sample(cases: list[Case]) -> list[Case]:
    """The first case (in order) of each ``kind_of``: the same sample every run."""
    first: dict[tuple[str, bool, str, bool], Case] = {}
    for case in cases:
        first.setdefault(kind_of(case), case)
    return list(first.values())
