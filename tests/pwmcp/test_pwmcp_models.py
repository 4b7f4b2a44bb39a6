"""A model API given Playwright MCP's tools: the real openai SDK against a local stand-in.

The request carries Playwright MCP's own tools as functions (their parameters its schemas,
``target`` saying that selectors are refused) beside our two; the model clicks by Playwright
MCP's refs, the person is asked once, and the membership ends.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from harness.approvals import ScriptedApprovals
from harness.fake_openai import FakeOpenAI
from subterminator.cancellation import CancelOptions, run_cancel
from tests.support.pwmcp_flow import gpt_on_the_2026_flow_by_playwright_refs

pytestmark = [pytest.mark.browser, pytest.mark.subprocess]


async def test_an_openai_model_cancels_by_playwright_refs_with_one_yes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    person = ScriptedApprovals([True])
    console = Console(file=io.StringIO(), width=120)
    with FakeOpenAI() as api:
        api.queue(*[gpt_on_the_2026_flow_by_playwright_refs()] * 5)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-proj-test-0123456789abcdef0123456789")
        monkeypatch.setenv("OPENAI_BASE_URL", api.url)
        options = CancelOptions(
            service="netflix",
            sim="2026",
            ai="model",
            model="gpt-4o",
            backend="playwright-mcp",
            headed=False,
            runs_dir=tmp_path,
        )
        code = await run_cancel(options, console, handler=person)
        requests = list(api.requests)
    assert code == 0, console.file.getvalue()  # type: ignore[attr-defined]
    assert len(person.requests) == 1
    tools = {t["function"]["name"]: t["function"] for t in requests[0].body["tools"]}
    assert {"browser_snapshot", "browser_click", "browser_navigate", "browser_type"} <= set(tools)
    assert {"complete_task", "request_human_approval"} <= set(tools)
    assert "browser_run_code_unsafe" not in tools
    click = tools["browser_click"]["parameters"]
    assert "$schema" not in click
    assert "Selectors are refused" in click["properties"]["target"]["description"]
    system = requests[0].body["messages"][0]["content"]
    assert "[ref=e12]" in system, "the model is told how these refs look"
    # the model reads Playwright MCP's page; our capture's screenshot is the record's alone
    parts = [
        part
        for request in requests
        for message in request.body["messages"]
        if isinstance(message.get("content"), list)
        for part in message["content"]
    ]
    assert not [p for p in parts if p.get("type") == "image_url"]
