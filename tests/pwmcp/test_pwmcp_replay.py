"""The cassette of a ``cancel netflix --sim --backend playwright-mcp`` run, played.

The model's side comes from recordings/playwright-mcp/netflix-2026/cassette.yaml through the
real AIClient (anthropic SDK, HTTP), aimed at the real API's address that only the cassette can
answer; the browser's side is live: our Chromium on the simulator and the real pinned
Playwright MCP, each click given today's ref from Playwright MCP's own snapshot
(docs/design/playwright-mcp.md, "Replay"). ``nox -s replay`` runs this file.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.approvals import ScriptedApprovals
from harness.pwmcp_cassette import play
from tests.support.paths import ROOT

pytestmark = [pytest.mark.browser, pytest.mark.subprocess]

CASSETTE = ROOT / "recordings" / "playwright-mcp" / "netflix-2026" / "cassette.yaml"


async def test_the_cassette_cancels_the_simulator_through_playwright_mcp_with_one_yes(
    tmp_path: Path,
) -> None:
    person = ScriptedApprovals([True])
    assert CASSETTE.is_file()
    assert (
        await play(tmp_path, person, CASSETTE) == 0
    )  # every recorded interaction played, none more
    assert len(person.requests) == 1
    assert "Finish Cancellation" in person.requests[0].action
