"""One attack case through the real stack, as the attack, gate-law and made-up-flow tests run it."""

from __future__ import annotations

from harness.approvals import ScriptedApprovals
from harness.scripted_ai import ScriptedAI
from subterminator.ai.protocol import AIClientProtocol
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.offline import OfflinePolicy
from subterminator.orchestrator import TaskOrchestrator, TaskResult
from subterminator.services import NETFLIX
from subterminator.tools.server import BrowserToolServer
from tests.attacks.cases import Case
from tests.attacks.site import AttackSite


async def run(
    browser: PlaywrightBrowser, site: AttackSite, case: Case, approvals: ScriptedApprovals | None
) -> TaskResult:
    site.reset(case.name)
    await browser.navigate(site.url(case.name, case.start))
    await browser.page.wait_for_load_state("load")
    ai: AIClientProtocol = ScriptedAI(case.script) if case.script else OfflinePolicy(NETFLIX)
    orchestrator = TaskOrchestrator(
        ai, BrowserToolServer(browser), NETFLIX, approvals, allow_sites=(site.other, site.sockets)
    )
    return await orchestrator.run(NETFLIX.goal_template)
