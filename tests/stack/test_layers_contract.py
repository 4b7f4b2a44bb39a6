"""What a run's front doors say of its end, through the stack's contract alone: a browser that
is gone ends the run as ``browser_error`` (a connection error, exit 3), old run records that
called it ``mcp_error`` still read, and the AI is named for what it is."""

from __future__ import annotations

from typing import Any

from harness.scripted_ai import ScriptedAI, complete
from harness.sites import StaticSite
from subterminator.assembly import build_conversation
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.cancellation import EXIT_CONNECTION, ai_label, exit_code
from subterminator.models.conversation import AIResponse, Message, ToolCall
from subterminator.models.result import TaskResult
from subterminator.offline import OfflinePolicy
from subterminator.services import NETFLIX


class ClosesTheBrowser:
    """An AI whose first turn happens while the browser goes away (a crash, a closed window)."""

    def __init__(self, browser: PlaywrightBrowser) -> None:
        self.browser = browser

    async def chat(
        self, messages: list[Message], tools: list[dict[str, Any]], system: str
    ) -> AIResponse:
        await self.browser.page.context.close()
        return AIResponse(content="", tool_calls=[ToolCall(id="t1", name="get_snapshot")])


async def test_a_browser_gone_mid_run_ends_as_browser_error(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    await browser.navigate(pages.url("form.html"))
    orchestrator = build_conversation(ClosesTheBrowser(browser), browser, NETFLIX)
    result = await orchestrator.run("x")
    assert result.reason == "browser_error"
    assert not result.success
    assert result.error
    assert exit_code(result) == EXIT_CONNECTION
    assert [t.tool for t in orchestrator.cost.turns] == ["get_snapshot"]


def test_a_record_from_before_browser_error_still_reads_with_the_same_exit_code() -> None:
    old = TaskResult.model_validate(
        {"success": False, "verified": False, "reason": "mcp_error", "turns": 3}
    )
    assert exit_code(old) == EXIT_CONNECTION


def test_an_ai_is_labelled_for_what_it_is() -> None:
    assert ai_label(OfflinePolicy(NETFLIX)) == "offline"
    assert ai_label(ScriptedAI([complete()])) == "ScriptedAI"
