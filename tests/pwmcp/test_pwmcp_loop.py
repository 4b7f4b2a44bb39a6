"""``cancel netflix --sim --backend playwright-mcp`` with a model on the real SDK path.

The anthropic SDK talks over HTTP to a local Messages API (``harness.fake_anthropic``) whose
model reads Playwright MCP's snapshot text in each request and clicks the simulator's steps by
the refs it gives; the real pinned Playwright MCP runs each click on our Chromium once our
gate has judged it. One yes cancels; the model is given Playwright MCP's tools and our two.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from harness.approvals import ScriptedApprovals
from harness.fake_anthropic import FakeAnthropic
from harness.pwmcp_cassette import cancel, model_on_the_2026_flow
from tests.support.cli_helpers import MODEL_ENVIRONMENT

pytestmark = [pytest.mark.browser, pytest.mark.subprocess]

REF = re.compile(r"^(?:f\d+)?e\d+$")
GIVEN = {"browser_snapshot", "browser_click", "browser_navigate", "browser_type"}


async def test_a_model_on_playwright_mcps_tools_cancels_the_simulator_with_one_yes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in MODEL_ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)
    person = ScriptedApprovals([True])
    with FakeAnthropic() as api:
        api.queue(*([model_on_the_2026_flow()] * 8))
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-api03-pwmcp-loop-test-key-000000")
        monkeypatch.setenv("ANTHROPIC_BASE_URL", api.url)
        code = await cancel(tmp_path, person)
    assert code == 0
    assert len(person.requests) == 1
    assert "Finish Cancellation" in person.requests[0].action
    assert len(api.requests) == 5  # four clicks and complete_task, each a real SDK request
    tools = {tool["name"] for tool in api.requests[0].body["tools"]}
    assert GIVEN | {"complete_task", "request_human_approval"} <= tools
    assert "browser_run_code_unsafe" not in tools
    clicks = [
        block["input"]
        for message in api.requests[-1].body["messages"]
        if isinstance(message["content"], list)
        for block in message["content"]
        if block.get("type") == "tool_use" and block["name"] == "browser_click"
    ]
    assert len(clicks) == 4
    assert all(REF.match(click["target"]) for click in clicks), clicks
