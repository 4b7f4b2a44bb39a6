"""Which model drives a run (``--model``, then the environment, then the default), and through
which API (``ai.selection``)."""

from __future__ import annotations

import pytest

from subterminator.ai.client import AIClient
from subterminator.ai.openai_client import OpenAIClient
from subterminator.ai.selection import ModelChoice, choose_model, connect
from subterminator.errors import ConfigurationError

ENVIRONMENT = ("SUBTERMINATOR_MODEL", "OPENAI_BASE_URL", "OPENAI_API_KEY", "ANTHROPIC_API_KEY")


@pytest.fixture(autouse=True)
def clean(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)


@pytest.mark.parametrize(
    ("name", "provider"),
    [
        ("claude-sonnet-4-6", "anthropic"),
        ("claude-opus-4-20250514", "anthropic"),
        ("gpt-4o", "openai"),
        ("gpt-4-turbo", "openai"),
        ("gpt-7-whatever-comes", "openai"),  # any gpt-* name: future models need no code
        ("chatgpt-4o-latest", "openai"),
        ("o1", "openai"),
        ("o3-mini", "openai"),
        ("o4-mini", "openai"),
        ("ft:gpt-4o-mini:acme::abc123", "openai"),
    ],
)
def test_the_provider_follows_from_the_name(name: str, provider: str) -> None:
    assert choose_model(name) == ModelChoice(name, provider)  # type: ignore[arg-type]


def test_flag_then_environment_then_default(monkeypatch: pytest.MonkeyPatch) -> None:
    assert choose_model() == ModelChoice("claude-sonnet-4-6", "anthropic")
    monkeypatch.setenv("SUBTERMINATOR_MODEL", "gpt-4o")
    assert choose_model().model == "gpt-4o"
    assert choose_model("o3").model == "o3"


@pytest.mark.parametrize("name", ["llama3", "mistral-large", "o", "gpt4o", "claude"])
def test_a_name_nobody_serves_is_unsupported(name: str) -> None:
    with pytest.raises(ConfigurationError, match=rf"^Unsupported model: {name} \("):
        choose_model(name)


def test_a_compatible_server_takes_any_name(monkeypatch: pytest.MonkeyPatch) -> None:
    local = "http://127.0.0.1:11434/v1"
    by_option = choose_model("llama3.1:8b", base_url=local)
    assert by_option == ModelChoice("llama3.1:8b", "openai", local)
    assert by_option.compatible
    assert by_option.has_key(), "a local server may need no key"
    assert by_option.label == "openai-compatible"
    # --base-url sends every name there, Claude's too (a proxy may serve them)
    assert choose_model("claude-sonnet-4-6", base_url=local).provider == "openai"
    with pytest.raises(ConfigurationError, match=r"--base-url needs a model name"):
        choose_model(base_url=local)
    # the SDK's own variable: every name that is not Claude's
    monkeypatch.setenv("OPENAI_BASE_URL", local)
    assert choose_model("Qwen/Qwen2.5-7B-Instruct") == ModelChoice(
        "Qwen/Qwen2.5-7B-Instruct", "openai", local
    )
    assert choose_model("gpt-4o").base_url == local
    assert choose_model().provider == "anthropic"  # the default stays Claude's


def test_openai_s_own_api_needs_its_key(monkeypatch: pytest.MonkeyPatch) -> None:
    choice = choose_model("gpt-4o")
    assert (choice.key_env, choice.compatible, choice.label) == ("OPENAI_API_KEY", False, "openai")
    assert not choice.has_key()
    monkeypatch.setenv("OPENAI_API_KEY", "sk-proj-x")
    assert choice.has_key()
    explicit = choose_model("gpt-4o", base_url="https://api.openai.com/v1")
    assert not explicit.compatible
    assert choose_model("claude-sonnet-4-6").key_env == "ANTHROPIC_API_KEY"


def test_connect_builds_the_provider_s_client(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-x")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-proj-x")
    claude = connect(choose_model("claude-sonnet-4-6"))
    assert isinstance(claude, AIClient)
    assert claude.model == "claude-sonnet-4-6"
    gpt = connect(choose_model("gpt-4o"))
    assert isinstance(gpt, OpenAIClient)
    assert (gpt.model, gpt.base_url) == ("gpt-4o", "https://api.openai.com/v1/")
    local = connect(choose_model("llama3", base_url="http://127.0.0.1:8000/v1"))
    assert isinstance(local, OpenAIClient)
    assert local.base_url == "http://127.0.0.1:8000/v1/"
