"""``pytest --live`` proven here: its simulator runs, Claude's with the model API replaced by the
local Messages API (``ANTHROPIC_BASE_URL``) and OpenAI's by the local chat-completions server
(``OPENAI_BASE_URL``), each answering as a model would on the 2026 flow."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from harness.fake_anthropic import FakeAnthropic, Reply, message, tool_use
from harness.fake_openai import FakeOpenAI
from tests.test_cli_openai import model_on_the_2026_flow

pytestmark = pytest.mark.browser

ROOT = Path(__file__).parent.parent
PLAN = [  # what a model does on the simulator's 2026 flow: (role, name, nth), then done
    ("link", "Manage membership", 0),
    ("button", "Cancel membership", 0),
    ("button", "Show option contents", 2),
    ("button", "Finish Cancellation", 0),
]


def latest_elements(body: dict[str, Any]) -> list[dict[str, Any]]:
    """The elements of the newest snapshot in a Messages API request."""
    last = body["messages"][-1]["content"]
    blocks = last if isinstance(last, list) else [{"type": "text", "text": last}]
    for block in reversed(blocks):
        texts = [block.get("text", "")] + [
            c.get("text", "") for c in block.get("content", []) if isinstance(c, dict)
        ]
        for text in texts:
            start = text.find('{"snapshot_id"')
            found = re.search(r'"snapshot":(\{"snapshot_id".*)\}$', text)
            raw = found.group(1) if found else text[start:] if start >= 0 else ""
            if raw:
                elements: list[dict[str, Any]] = json.loads(raw)["elements"]
                return elements
    return []


def claude_on_the_2026_flow() -> Any:
    step = {"n": 0}

    def answer(body: dict[str, Any]) -> Reply:
        n = step["n"]
        step["n"] += 1
        if n >= len(PLAN):
            return message(
                tool_use("complete_task", id=f"toolu_{n}", status="success", reason="done")
            )
        role, name, nth = PLAN[n]
        same = [e for e in latest_elements(body) if (e["role"], e["name"]) == (role, name)]
        return message(tool_use("browser_click", id=f"toolu_{n}", ref=same[nth]["ref"]))

    return answer


def live_run(pytester: pytest.Pytester, model: str) -> pytest.RunResult:
    """``pytest --live tests/test_live.py``'s simulator run for ``model``, in a subprocess."""
    return pytester.runpytest_subprocess(
        "--live",
        "-p",
        "no:cacheprovider",
        f"--rootdir={ROOT}",
        "-c",
        str(ROOT / "pyproject.toml"),
        str(ROOT / "tests" / "test_live.py"),
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
