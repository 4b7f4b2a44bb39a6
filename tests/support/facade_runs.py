"""An attack through the V02 facade: its run (``v02_run.facade_run``) as the model's tools,
on the attack site's case page, driven by a model written for our tools (through
``FacadeHands``) or by a script of the facade's own calls."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from harness.approvals import ScriptedApprovals
from harness.facade_hands import FacadeHands
from harness.scripted_ai import ScriptedAI, Step
from subterminator.ai.protocol import AIClientProtocol
from subterminator.assembly import Run
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.models.result import TaskResult
from subterminator.offline import OfflinePolicy
from subterminator.orchestrator import TaskOrchestrator
from subterminator.services import NETFLIX
from tests.attacks.cases import Case
from tests.attacks.site import AttackSite
from tests.support.v02_run import facade_run

# A script's end: a facade client that stops calling (three replies in words end the run).
STOPS: tuple[Step, ...] = ("I am done.",) * 3


@dataclass
class Ran:
    """How the run ended, the facade's replies the model read (``BrowserResponse``s), and
    the hands that said the model's moves (None: the model spoke the facade itself)."""

    result: TaskResult
    replies: list[dict[str, Any]]
    hands: FacadeHands | None = None

    def refusals(self) -> list[str]:
        """The error codes of the replies that said a step was not done."""
        return [
            str((r.get("data") or {}).get("error_code"))
            for r in self.replies
            if r.get("success") is False
        ]


async def _ran(orchestrator: TaskOrchestrator, hands: FacadeHands | None = None) -> Ran:
    result = await orchestrator.run(NETFLIX.goal_template)
    replies = [m.result or {} for m in orchestrator.conversation if m.role == "tool"]
    return Ran(result, replies, hands)


def _built(
    browser: PlaywrightBrowser,
    site: AttackSite,
    approvals: ScriptedApprovals | None,
    folder: Path,
) -> Run:
    """A run whose model is given the facade's tools, reaching the case site's other
    origins (its frames, its sockets)."""
    return facade_run(browser, NETFLIX, approvals, folder, allow_sites=(site.other, site.sockets))


async def _opened(browser: PlaywrightBrowser, site: AttackSite, case: str, page: str) -> None:
    site.reset(case)
    await browser.navigate(site.url(case, page))
    await browser.page.wait_for_load_state("load")


async def run_case(
    browser: PlaywrightBrowser,
    site: AttackSite,
    case: Case,
    approvals: ScriptedApprovals | None,
    folder: Path,
) -> Ran:
    """``case``'s script (or the offline policy) said through the facade's tools."""
    await _opened(browser, site, case.name, case.start)
    inner: AIClientProtocol = ScriptedAI(case.script) if case.script else OfflinePolicy(NETFLIX)
    built = _built(browser, site, approvals, folder)
    hands = FacadeHands(inner, browser, built.server.registry)
    return await _ran(built.conversation(hands), hands)


async def run_script(
    browser: PlaywrightBrowser,
    site: AttackSite,
    case: str,
    script: Sequence[Step],
    approvals: ScriptedApprovals | None,
    folder: Path,
    *,
    page: str = "index",
    settled: str = "",
) -> Ran:
    """A model that speaks the facade itself: ``script``'s calls, then it stops calling; it
    starts once the page moved on by itself to ``settled``, if given."""
    await _opened(browser, site, case, page)
    if settled:
        await browser.page.wait_for_url(site.url(case, settled))
        await browser.page.wait_for_load_state("load")
    built = _built(browser, site, approvals, folder)
    model = ScriptedAI([*script, *STOPS])
    return await _ran(built.conversation(model))
