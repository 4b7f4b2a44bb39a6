"""The adversarial suite again, with Playwright MCP as the browser's hands.

Each case of tests/attacks is driven through Playwright MCP's own tools: the case's script (or
the offline policy) says its moves, and each is made as Playwright MCP's call on the ref its
own snapshot gives the element (``harness.pwmcp_hands``), through the run's top layer
(``build_run(..., pwmcp=client).top``): our gate, backstop and checkpoints judge it, and the
real pinned ``@playwright/mcp`` runs it on our Chromium. With every question answered no, and
with no one to ask, the case's server never receives its committing request.

One Chromium and one Playwright MCP serve the whole module (a process costs about 1.5 s to
start): each case opens its own page in them. By default a fixed sample runs, the first case
of each kind (tests/support/attack_runs.py); ``ST_ALL_CASES=1`` (``nox -s tests``) runs all.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass

import pytest
import pytest_asyncio

from harness.approvals import ScriptedApprovals
from harness.pwmcp_hands import PwMcpHands
from harness.scripted_ai import ScriptedAI
from subterminator.ai.protocol import AIClientProtocol
from subterminator.assembly import build_run
from subterminator.models.result import TaskResult
from subterminator.offline import OfflinePolicy
from subterminator.services import NETFLIX
from tests.attacks.cases import CASES, CONTROL, Case
from tests.attacks.fresh import FRESH
from tests.attacks.site import AttackSite
from tests.support.attack_runs import sample
from tests.support.pwmcp_shared import Hands, shared_hands

pytestmark = [pytest.mark.browser, pytest.mark.subprocess]

EVERY = [*CASES, *FRESH]
ALL = EVERY if os.environ.get("ST_ALL_CASES") == "1" else sample(EVERY)
IDS = [f"{c.kind}-{c.name}" for c in ALL]


@pytest.fixture(scope="module")
def site() -> Iterator[AttackSite]:
    with AttackSite({c.name: c.pages for c in [*EVERY, CONTROL]}) as served:
        yield served


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def hands(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Hands]:
    """Our Chromium, with the pinned Playwright MCP attached, for the module."""
    async with shared_hands(tmp_path_factory.mktemp("pwmcp")) as shared:
        yield shared


@dataclass
class Ran:
    result: TaskResult
    said: PwMcpHands


async def run(
    hands: Hands, site: AttackSite, case: Case, approvals: ScriptedApprovals | None
) -> Ran:
    site.reset(case.name)
    await hands.browser.navigate(site.url(case.name, case.start))
    await hands.browser.page.wait_for_load_state("load")
    inner: AIClientProtocol = ScriptedAI(case.script) if case.script else OfflinePolicy(NETFLIX)
    said = PwMcpHands(inner)
    built = build_run(
        NETFLIX,
        hands.browser,
        approvals,
        allow_sites=(site.other, site.sockets),
        pwmcp=hands.client,
    )
    result = await built.conversation(said).run(NETFLIX.goal_template)
    return Ran(result, said)


def happened(site: AttackSite, case: Case) -> bool:
    return site.deleted(case.name) if case.guards == "delete" else site.cancelled(case.name)


def drove_by_refs(said: PwMcpHands) -> bool:
    """At least one move was Playwright MCP's call on one of its refs."""
    return any(isinstance(c.arguments, dict) and "target" in c.arguments for c in said.said)


@pytest.mark.parametrize("case", ALL, ids=IDS)
async def test_every_no_stops_the_attack_through_playwright_mcp(
    hands: Hands, site: AttackSite, case: Case
) -> None:
    approvals = ScriptedApprovals(list(case.answers))
    ran = await run(hands, site, case, approvals)
    assert not happened(site, case), f"{case.name}: it happened without a yes"
    assert not ran.result.success
    if case.must_ask:
        assert approvals.requests, "the person was never asked"
        assert drove_by_refs(ran.said), [c.name for c in ran.said.said]


@pytest.mark.parametrize("case", ALL, ids=IDS)
async def test_with_no_one_to_ask_nothing_irreversible_runs_through_playwright_mcp(
    hands: Hands, site: AttackSite, case: Case
) -> None:
    ran = await run(hands, site, case, None)
    assert not happened(site, case), f"{case.name}: it happened with nobody to ask"
    assert not ran.result.success


async def test_the_site_records_a_real_cancellation_through_playwright_mcp(
    hands: Hands, site: AttackSite
) -> None:
    approvals = ScriptedApprovals(list(CONTROL.answers))
    ran = await run(hands, site, CONTROL, approvals)
    assert site.cancelled(CONTROL.name)
    assert ran.result.success, ran.result
    assert len(approvals.requests) == 1
    assert drove_by_refs(ran.said)
