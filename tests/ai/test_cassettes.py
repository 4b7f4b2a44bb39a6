"""Cassettes for the real AIClient: recorded against the local Messages
API through the anthropic SDK, played back with no server and no key, nothing secret written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from harness.cassette import (
    PromptDriftError,
    UnusedInteractionsError,
    normalise_body,
    use_cassette,
)
from harness.fake_anthropic import FakeAnthropic, message, tool_use
from subterminator.ai.client import AIClient, RetryPolicy
from subterminator.ai.guard import ModelRequestsBlockedError
from subterminator.models.conversation import Message, ToolCall
from subterminator.tools.registry import tool_schemas
from tests.support.paths import ROOT

KEY = "sk-ant-api03-Zq8vT3kR9mW2xY7pL4nB6cD1fG5hJ0sA-real-looking-key-AAAA"
PASSWORD = "correct horse battery staple 42"
GOAL = Message(
    role="user",
    content="Cancel the membership. Snapshot 1b4e28ba-2fa1-11d2-883f-0016d3cca427 at "
    "2026-11-23T09:00:00+00:00",
)


def conversation(tool_id: str = "toolu_01AbC") -> list[Message]:
    """A run in which the agent typed a password into the sign-in form."""
    fill = ToolCall(id=tool_id, name="browser_fill", arguments={"ref": "@e4", "value": PASSWORD})
    return [
        GOAL,
        Message(role="assistant", tool_calls=[fill]),
        Message(role="tool", tool_call_id=tool_id, result={"success": True}),
    ]


async def make_cassette(path: Path, turns: int = 1) -> FakeAnthropic:
    with FakeAnthropic() as api:
        api.queue(*(message(tool_use("get_snapshot", id=f"toolu_{i}")) for i in range(turns)))
        client = AIClient(api_key=KEY, base_url=api.url)
        with use_cassette(path, "all", secrets=[PASSWORD]):
            for _ in range(turns):
                await client.chat(conversation(), tool_schemas(), "You cancel subscriptions.")
    return api


async def test_no_key_and_no_typed_password_reach_the_cassette(tmp_path: Path) -> None:
    path = tmp_path / "cassette.yaml"
    api = await make_cassette(path)
    sent = api.requests[0]
    credentials = f"{sent.headers.get('x-api-key')} {sent.headers.get('authorization')}"
    assert KEY in credentials  # it really went out with the key...
    assert PASSWORD in str(sent.body)  # ...and the password in the conversation
    written = path.read_text()
    assert KEY not in written
    assert "sk-ant-" not in written
    assert PASSWORD not in written
    assert "x-api-key" not in written.lower()
    assert "authorization" not in written.lower()
    assert "req_fake" not in written  # the response's request id
    assert "[REDACTED]" in written


async def test_playback_needs_no_server_and_no_real_key(tmp_path: Path) -> None:
    path = tmp_path / "cassette.yaml"
    await make_cassette(path)
    client = AIClient(api_key="sk-ant-not-a-real-key-000000", base_url="https://api.anthropic.com")
    with pytest.raises(ModelRequestsBlockedError):  # outside a cassette: refused, as ever
        await client.chat(conversation(), tool_schemas(), "You cancel subscriptions.")
    with use_cassette(path):
        response = await client.chat(
            conversation("toolu_99Other"), tool_schemas(), "You cancel subscriptions."
        )
    assert [c.name for c in response.tool_calls] == ["get_snapshot"]


async def test_a_cassette_not_played_through_fails(tmp_path: Path) -> None:
    path = tmp_path / "cassette.yaml"
    await make_cassette(path, turns=2)
    client = AIClient(api_key="sk-ant-not-a-real-key-000000", base_url="https://api.anthropic.com")
    with (
        pytest.raises(UnusedInteractionsError, match="1 recorded interaction"),
        use_cassette(path),
    ):
        await client.chat(conversation(), tool_schemas(), "You cancel subscriptions.")


def test_matching_ignores_ids_times_and_image_bytes() -> None:
    image = '"img": {"type": "base64", "data": "AAAA"}'
    one = (
        '{"a": "snapshot 1b4e28ba-2fa1-11d2-883f-0016d3cca427", "t": "2026-11-23T09:00:00Z", '
        f'"id": "toolu_01X", {image}}}'
    )
    two = (
        '{"a": "snapshot 6fa459ea-ee8a-3ca4-894e-db77e160355e", '
        f'"t": "2025-01-01T00:00:00+00:00", "id": "toolu_77Y", {image}}}'
    )
    other_image = two.replace('"AAAA"', '"BBBB"')
    assert normalise_body(one) == normalise_body(two)
    assert normalise_body(two) != normalise_body(other_image)


async def test_a_changed_system_prompt_replays_unless_strict(tmp_path: Path) -> None:
    path = tmp_path / "cassette.yaml"
    await make_cassette(path)
    client = AIClient(api_key="sk-ant-not-a-real-key-000000", base_url="https://api.anthropic.com")
    client.retry = RetryPolicy(max_attempts=1)
    changed = "You cancel subscriptions, politely."
    with use_cassette(path):
        await client.chat(conversation(), tool_schemas(), changed)
    with pytest.raises(PromptDriftError) as caught, use_cassette(path, strict=True):
        await client.chat(conversation(), tool_schemas(), changed)
    diff = str(caught.value)
    assert re.search(r'^-\s+"text": "You cancel subscriptions\.",$', diff, re.M), diff
    assert re.search(r'^\+\s+"text": "You cancel subscriptions, politely\.",$', diff, re.M)


RECORDINGS = ROOT / "recordings"
# every cassette in the repository: the recorded flows', and those of tests and examples
EVERY_CASSETTE = sorted(
    {
        *RECORDINGS.glob("**/cassette*.yaml"),
        *(ROOT / "tests").glob("**/cassettes/**/*.yaml"),
        *(ROOT / "examples").glob("**/cassettes/**/*.yaml"),
    }
)
SECRET_HEADERS = frozenset(
    {
        "authorization",
        "x-api-key",
        "cookie",
        "set-cookie",
        "anthropic-organization-id",
        "openai-organization",
        "openai-project",
        "request-id",
        "x-request-id",
    }
)
KEYS = re.compile(r"sk-ant-[A-Za-z0-9_\-]{8,}|\bsk-[A-Za-z0-9_\-]{16,}|\bBearer\s+\S+")


def leaks(path: Path) -> list[str]:
    """What in a cassette could identify or authenticate someone: keys, credential and account
    headers, request ids, the simulator's password and code."""
    import yaml  # type: ignore[import-untyped]

    from subterminator.simulator.netflix import CODE
    from subterminator.simulator.netflix import PASSWORD as SIM_PASSWORD

    text = path.read_text()
    data = yaml.safe_load(text) or {}
    found = []
    for index, interaction in enumerate(data.get("interactions", [])):
        request, response = interaction["request"], interaction["response"]
        for side, headers in (("request", request["headers"]), ("response", response["headers"])):
            found += [f"{index}: {side} header {h}" for h in headers if h.lower() in SECRET_HEADERS]
        bodies = [request.get("body"), (response.get("body") or {}).get("string")]
        text += "".join(
            b.decode("utf-8", "replace") if isinstance(b, bytes) else str(b or "") for b in bodies
        )
    found += [f"a key or token: {m.group(0)[:10]}..." for m in KEYS.finditer(text)]
    found += [
        f"the simulator's {what}"
        for what, secret in (("password", SIM_PASSWORD), ("code", f'"{CODE}"'))
        if secret in text
    ]
    return found


def test_the_recorded_flows_have_cassettes_of_both_models() -> None:
    assert len(list(RECORDINGS.glob("**/cassette.yaml"))) >= 8
    assert len(list(RECORDINGS.glob("**/cassette-openai.yaml"))) >= 2


def test_no_cassette_holds_a_secret() -> None:
    assert len(EVERY_CASSETTE) >= 11
    assert {str(p.relative_to(ROOT)): leaks(p) for p in EVERY_CASSETTE if leaks(p)} == {}


async def test_the_scan_sees_what_openai_traffic_would_leak_unscrubbed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The SDK sends the key, organization and project, and the server a request id: written
    by vcrpy alone they are there, and the scan says so; through ``use_cassette`` none is."""
    import vcr

    from harness.fake_openai import FakeOpenAI, completion, tool_call
    from subterminator.ai.openai_client import OpenAIClient

    monkeypatch.setenv("OPENAI_ORG_ID", "org-Secret0rganization")
    monkeypatch.setenv("OPENAI_PROJECT_ID", "proj_Secret0Project")
    key = "sk-proj-Zq8vT3kR9mW2xY7pL4nB6cD1fG5hJ0sA-real-looking-key"
    plain, scrubbed = tmp_path / "plain.yaml", tmp_path / "scrubbed.yaml"
    with FakeOpenAI() as api:
        api.queue(*[completion(tool_call("get_snapshot"))] * 2)
        ai = OpenAIClient(api_key=key, base_url=api.url)
        with vcr.VCR(record_mode="all").use_cassette(str(plain)):
            await ai.chat(conversation(), tool_schemas(), f"echo {key}")
        with use_cassette(scrubbed, "all"):
            await ai.chat(conversation(), tool_schemas(), f"echo {key}")
    found = " | ".join(leaks(plain))
    for leak in ("authorization", "openai-organization", "openai-project", "x-request-id"):
        assert leak in found
    assert "a key or token" in found
    assert leaks(scrubbed) == []
    written = scrubbed.read_text()
    assert "Secret0" not in written
    assert key not in written
    assert "[REDACTED]" in written  # the key in the body, replaced


async def test_a_changed_system_prompt_still_replays_a_flow_but_not_strictly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from harness.replay.run import replay
    from subterminator.ai.prompts import build_system_prompt as original
    from subterminator.orchestrator import orchestrator as orchestrator_module
    from subterminator.recording import load

    folder = RECORDINGS / "netflix" / "legacy"
    monkeypatch.setattr(
        orchestrator_module,
        "build_system_prompt",
        lambda *args: original(*args) + "\nBe brief.",
    )
    run = await replay(load(folder), "cassette", cassette=folder / "cassette.yaml")
    assert run.result.reason == "completed"
    with pytest.raises(PromptDriftError) as caught:
        await replay(
            load(folder), "cassette", cassette=folder / "cassette.yaml", strict_prompt=True
        )
    drift = str(caught.value)
    assert "the prompt drifted" in drift
    assert "Be brief." in drift


async def test_cassette_refs_follow_today_s_pruning(monkeypatch: pytest.MonkeyPatch) -> None:
    """The cassette names elements, so tighter pruning (other refs) still drives the same ones."""
    from harness.replay.run import replay
    from subterminator.recording import load
    from subterminator.snapshot import factory as snapshot_factory
    from subterminator.snapshot.pruning import PruneLimits

    tighter = PruneLimits(max_elements=60, max_depth=6, max_name_length=80, text_token_budget=150)
    monkeypatch.setattr(snapshot_factory, "PruneLimits", lambda: tighter)
    folder = RECORDINGS / "netflix" / "many"
    run = await replay(load(folder), "cassette", cassette=folder / "cassette.yaml")
    assert run.result.reason == "completed"
