"""``pytest --live`` proven here: its simulator runs, Claude's with the model API replaced by the
local Messages API (``ANTHROPIC_BASE_URL``) and OpenAI's by the local chat-completions server
(``OPENAI_BASE_URL``), each answering as a model would on the 2026 flow."""

from __future__ import annotations

import pytest

from harness.fake_anthropic import FakeAnthropic, latest_elements, message, tool_use
from harness.fake_api import Responder, plan_responder
from harness.fake_openai import FakeOpenAI
from tests.support.openai_flow import PLAN, model_on_the_2026_flow
from tests.support.paths import ROOT

pytestmark = pytest.mark.browser


def claude_on_the_2026_flow() -> Responder:
    return plan_responder(
        PLAN,
        latest_elements,
        lambda n, ref: message(tool_use("browser_click", id=f"toolu_{n}", ref=ref)),
        lambda n: message(
            tool_use("complete_task", id=f"toolu_{n}", status="success", reason="done")
        ),
    )


def live_run(pytester: pytest.Pytester, model: str) -> pytest.RunResult:
    """``pytest --live tests/ai/test_live.py``'s simulator run for ``model``, in a subprocess."""
    return pytester.runpytest_subprocess(
        "--live",
        "-p",
        "no:cacheprovider",
        f"--rootdir={ROOT}",
        "-c",
        str(ROOT / "pyproject.toml"),
        str(ROOT / "tests" / "ai" / "test_live.py"),
        "-k",
        f"cancels_on_the_simulator and {model}",
    )


def test_the_live_claude_run_on_the_simulator(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    answer = claude_on_the_2026_flow()
    with FakeAnthropic() as api:
        api.queue(*([answer] * 8))
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-api03-live-wiring-test-key-0000")
        monkeypatch.setenv("ANTHROPIC_BASE_URL", api.url)
        result = live_run(pytester, "claude")
        asked = len(api.requests)
    result.assert_outcomes(passed=1)
    assert asked == 5  # four clicks and complete_task, each a real SDK request


def test_the_live_openai_run_on_the_simulator(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With OPENAI_API_KEY alone: the OpenAI run needs no Claude key."""
    with FakeOpenAI() as api:
        api.queue(*([model_on_the_2026_flow()] * 8))
        monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-proj-live-wiring-test-key-000000000000")
        monkeypatch.setenv("OPENAI_BASE_URL", api.url)
        result = live_run(pytester, "openai")
        models = {r.body["model"] for r in api.requests}
        asked = len(api.requests)
    result.assert_outcomes(passed=1)
    assert asked == 5
    assert models == {"gpt-4o"}
