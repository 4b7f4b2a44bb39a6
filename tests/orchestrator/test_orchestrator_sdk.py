"""The whole loop through the real anthropic SDK (local Messages API) and real Chromium,
plus the cost log it writes."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest

from harness.approvals import ScriptedApprovals
from harness.fake_anthropic import FakeAnthropic, Reply, latest_elements, message, text, tool_use
from harness.sites import StaticSite
from subterminator.ai.client import AIClient
from subterminator.assembly import build_conversation
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.services import NETFLIX

pytestmark = pytest.mark.browser


class Plan:
    """A model stand-in that answers each request with the next step, by element name."""

    def __init__(self, steps: list[tuple[str, str | None, dict[str, Any]]]) -> None:
        self.steps = steps
        self.turn = 0

    def __call__(self, request: dict[str, Any]) -> Reply:
        tool, name, args = self.steps[self.turn]
        self.turn += 1
        if name is not None:
            matches = [e for e in latest_elements(request) if e["name"] == name]
            args = {**args, "ref": matches[-1]["ref"]}
        return message(text(f"step {self.turn}"), tool_use(tool, id=f"toolu_{self.turn}", **args))


async def test_cancellation_through_the_sdk(
    browser: PlaywrightBrowser, pages: StaticSite, caplog: pytest.LogCaptureFixture
) -> None:
    plan = Plan(
        [
            ("browser_click", "Manage membership", {}),
            ("browser_click", "Cancel membership", {}),
            ("browser_click", "Continue to cancel", {}),
            ("browser_click", "Show option contents", {}),
            ("browser_click", "Finish Cancellation", {}),
            ("complete_task", None, {"status": "success", "reason": "Cancelled"}),
        ]
    )
    await browser.navigate(pages.url("netflix/account.html"))
    approvals = ScriptedApprovals([True])
    with FakeAnthropic() as api, caplog.at_level(logging.INFO, logger="subterminator.cost"):
        api.queue(*[plan] * 6)
        ai = AIClient(api_key="sk-test", base_url=api.url)
        result = await build_conversation(ai, browser, NETFLIX, approvals).run(
            NETFLIX.goal_template
        )
    assert result.success
    assert result.verified
    assert result.turns == 6
    assert result.usage.input_tokens == 6 * 1200
    assert not result.usage.estimated
    assert result.usage.cache_read_input_tokens == 6 * 900
    # each request carries the whole loop state the SDK way: tool_use answered by tool_result
    last = api.requests[-1].body
    uses = [b["id"] for m in last["messages"] for b in m["content"] if b["type"] == "tool_use"]
    answers = [
        b["tool_use_id"]
        for m in last["messages"]
        for b in m["content"]
        if b["type"] == "tool_result"
    ]
    assert uses == answers
    images = [
        b
        for m in last["messages"]
        for blk in m["content"]
        for b in blk.get("content", [blk])
        if b.get("type") == "image"
    ]
    assert len(images) == 1, "only the latest screenshot is sent"
    # the cost log: one structured line per turn and a run summary
    lines = [r.getMessage() for r in caplog.records if r.name == "subterminator.cost"]
    turns = [json.loads(line.removeprefix("turn ")) for line in lines if line.startswith("turn ")]
    assert [t["turn"] for t in turns] == [1, 2, 3, 4, 5, 6]
    assert turns[0]["tool"] == "browser_click"
    assert turns[0]["usage"]["input_tokens"] == 1200
    assert {"ai_ms", "tool_ms", "outcome", "arguments"} <= turns[0].keys()
    summary = json.loads(
        next(line for line in lines if line.startswith("run ")).removeprefix("run ")
    )
    assert summary["turns"] == 6
    assert summary["input_tokens"] == 7200


async def test_secrets_typed_into_fields_are_not_logged(
    browser: PlaywrightBrowser, pages: StaticSite, caplog: pytest.LogCaptureFixture
) -> None:
    plan = Plan(
        [
            ("browser_fill", "Password", {"value": "hunter2-secret"}),
            ("complete_task", None, {"status": "failed", "reason": "stop"}),
        ]
    )
    # a password field on a page that is no sign-in page nor one of the flow: the AI tries to
    # type into it; that is the person's step (the agent never types a secret), who says it is
    # not done, so nothing is typed and the run stops; what the AI tried is still never logged
    # in clear
    await browser.navigate(pages.url("form.html"))
    await browser.page.set_content(
        "<title>Profile</title><h1>Your profile</h1>"
        "<label>Password <input type=password></label><button>Save</button>"
    )
    with FakeAnthropic() as api, caplog.at_level(logging.DEBUG):
        api.queue(plan, plan)
        ai = AIClient(api_key="sk-test", base_url=api.url)
        await build_conversation(ai, browser, NETFLIX, ScriptedApprovals([False])).run("x")
    assert "hunter2-secret" not in caplog.text
    assert '"value": "•••••• (secret, 14 chars)"' in caplog.text
