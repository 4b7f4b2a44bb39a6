"""``subterminator cancel`` with OpenAI's models and OpenAI-compatible servers, run as
a person runs it: the real CLI, orchestrator and openai SDK, the model API being FakeOpenAI on
127.0.0.1 (``OPENAI_BASE_URL`` or ``--base-url``), the approval typed at the terminal."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any, cast

import pytest

from harness.fake_openai import FakeOpenAI, Reply, error
from tests.support.cli_helpers import run_cli, runs_dir
from tests.support.openai_flow import model_on_the_2026_flow

pytestmark = pytest.mark.browser

KEY = "sk-proj-test-SECRET-0123456789abcdef"


def cancel(
    *args: str, answers: str = "y\n", **env: str
) -> tuple[subprocess.CompletedProcess[str], Path]:
    """``subterminator cancel netflix --sim ARGS``, and where its run record went."""
    runs = runs_dir()
    done = run_cli(
        "cancel",
        "netflix",
        "--sim",
        *args,
        "--runs-dir",
        runs,
        answers=answers,
        **cast(dict[str, Any], env),
    )
    return done, Path(runs)


def started(runs: Path) -> dict[str, Any]:
    (folder,) = runs.iterdir()
    first = (folder / "events.jsonl").read_text().splitlines()[0]
    event: dict[str, Any] = json.loads(first)
    return event


def assert_cancelled_after_one_approval(done: subprocess.CompletedProcess[str]) -> None:
    out = done.stdout
    assert done.returncode == 0, out + done.stderr
    assert out.count("Approve this step? [y/N]:") == 1
    assert out.index("Approve this step?") < out.index('browser_click "Finish Cancellation"')
    assert "✓ Netflix membership cancelled" in out
    assert "offline" not in out.lower(), "the model drove throughout"


def test_gpt_4o_cancels_on_the_simulator_after_one_approval() -> None:
    with FakeOpenAI() as api:
        api.queue(*[model_on_the_2026_flow()] * 5)
        done, runs = cancel("--model", "gpt-4o", OPENAI_API_KEY=KEY, OPENAI_BASE_URL=api.url)
        requests = list(api.requests)
    assert_cancelled_after_one_approval(done)
    assert len(requests) == 5  # four clicks and complete_task, each a real SDK request
    assert {r.path for r in requests} == {"/v1/chat/completions"}
    assert {r.body["model"] for r in requests} == {"gpt-4o"}
    assert {r.headers["authorization"] for r in requests} == {f"Bearer {KEY}"}
    # every request shows the newest page with its screenshot, and only that one
    assert all(json.dumps(r.body).count("data:image/png;base64,") == 1 for r in requests)
    assert "SECRET" not in done.stdout + done.stderr
    assert started(runs)["ai"] == "openai-compatible"


def test_without_the_key_it_exits_2_naming_openai_api_key() -> None:
    done, _ = cancel("--model", "gpt-4o")
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Missing OPENAI_API_KEY" in done.stderr
    assert "Traceback" not in done.stderr
    assert "Starting" not in done.stdout  # refused before anything ran, not driven offline


@pytest.mark.parametrize("how", ["--base-url", "OPENAI_BASE_URL"])
def test_a_local_compatible_server_works_with_any_model_name(how: str) -> None:
    """As with Ollama, vLLM or LM Studio on this machine: any name, and no key."""
    with FakeOpenAI() as api:
        api.queue(*[model_on_the_2026_flow()] * 5)
        if how == "--base-url":
            done, runs = cancel("--model", "llama3.1:8b", "--base-url", api.url)
        else:
            done, runs = cancel("--model", "llama3.1:8b", OPENAI_BASE_URL=api.url)
        requests = list(api.requests)
    assert_cancelled_after_one_approval(done)
    assert {r.body["model"] for r in requests} == {"llama3.1:8b"}
    assert all("max_tokens" in r.body for r in requests)  # what compatible servers read
    assert started(runs)["ai"] == "openai-compatible"


@pytest.mark.parametrize(
    ("ai", "reply", "said"),
    [
        (
            "auto",
            error(401, "invalid_request_error", "Incorrect API key", code="invalid_api_key"),
            "check OPENAI_API_KEY",
        ),
        (
            "model",
            error(
                404,
                "invalid_request_error",
                "The model `gpt-9` does not exist",
                code="model_not_found",
            ),
            "does not know the model 'gpt-9'",
        ),
    ],
)
def test_a_refused_key_or_unknown_model_is_exit_2_without_fallback(
    ai: str, reply: Reply, said: str
) -> None:
    with FakeOpenAI() as api:
        api.queue(reply)
        done, _ = cancel(
            "--ai", ai, "--model", "gpt-9", OPENAI_API_KEY=KEY, OPENAI_BASE_URL=api.url
        )
        asked = len(api.requests)
    assert asked == 1, "no retry, no second try"
    assert done.returncode == 2, done.stdout + done.stderr
    assert said in done.stderr
    assert "offline" not in done.stdout.lower()
    assert "SECRET" not in done.stdout + done.stderr


def test_a_model_asked_for_by_ai_model_never_falls_back() -> None:
    with FakeOpenAI() as api:
        api.queue(*[error(503, "server_error", "down")] * 3)
        done, _ = cancel(
            "--ai",
            "model",
            "--model",
            "gpt-4o",
            "--no-checkpoint",
            OPENAI_API_KEY=KEY,
            OPENAI_BASE_URL=api.url,
        )
    assert done.returncode == 3, done.stdout + done.stderr
    assert "offline" not in done.stdout.lower()
    assert len([line for line in done.stdout.splitlines() if "trying again" in line]) == 2


def test_claude_by_name_is_refused_for_an_openai_model() -> None:
    done, _ = cancel("--ai", "claude", "--model", "gpt-4o", OPENAI_API_KEY=KEY)
    assert done.returncode == 2
    assert "--ai claude asks for a Claude model" in done.stderr
    assert "--ai model" in done.stderr
