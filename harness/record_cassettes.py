"""Cassettes for recorded flows: ``subterminator cassettes [--provider P] [FOLDER ...]``
(``python -m harness.record_cassettes`` is the same command).

Each recording's own tool calls are answered by a local model API (``harness.fake_anthropic``
for Claude, ``harness.fake_openai`` for OpenAI) while the real client talks to it over HTTP and
vcrpy writes the cassette beside the recording (``cassette.yaml``, ``cassette-openai.yaml``).
Each tool call names its element (``_target``) rather than a ref, so the cassette survives
pruning changes. Replays then run the flow through the real SDK path with no server. A cassette
is written only when its run ends as recorded, and replaces the old one whole (never a half).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from harness import fake_anthropic, fake_openai
from harness.cassette import use_cassette
from harness.fake_api import FakeAPI, Reply
from harness.replay.run import CASSETTES, OPENAI_CASSETTE_MODEL, IdentityRefs, ReplayAI, replay
from subterminator.ai.client import AIClient
from subterminator.ai.protocol import AIClientProtocol
from subterminator.ai.selection import Provider
from subterminator.models.conversation import AIResponse, Message
from subterminator.recording import Recording, load

ROOT = Path("recordings")
RECORDING_KEY = "sk-ant-api03-cassette-recording-key-never-written-0000"
OPENAI_RECORDING_KEY = "sk-proj-cassette-recording-key-never-written-0000000"
Call = tuple[str, str, dict[str, Any]]  # name, id, arguments


@dataclass(frozen=True)
class _Wire:
    """What differs by provider: the cassette's name, the local API, the client, the reply."""

    cassette: str
    fake: Callable[[], FakeAPI]
    client: Callable[[str], AIClientProtocol]  # for the local API's URL
    reply: Callable[[list[Call]], Reply]
    id_prefix: str


def _openai_client(url: str) -> AIClientProtocol:
    from subterminator.ai.openai_client import OpenAIClient

    # asked as OpenAI's own API is asked, so a strict replay against api.openai.com matches
    return OpenAIClient(
        api_key=OPENAI_RECORDING_KEY,
        model=OPENAI_CASSETTE_MODEL,
        base_url=url,
        limit_field="max_completion_tokens",
    )


WIRES: dict[Provider, _Wire] = {
    "anthropic": _Wire(
        cassette=CASSETTES["cassette"],
        fake=fake_anthropic.FakeAnthropic,
        client=lambda url: AIClient(api_key=RECORDING_KEY, base_url=url),
        reply=lambda calls: fake_anthropic.message(
            *(fake_anthropic.tool_use(name, id=id, **args) for name, id, args in calls)
        ),
        id_prefix="toolu_cassette_",
    ),
    "openai": _Wire(
        cassette=CASSETTES["cassette-openai"],
        fake=fake_openai.FakeOpenAI,
        client=_openai_client,
        reply=lambda calls: fake_openai.completion(
            *(fake_openai.tool_call(name, id=id, **args) for name, id, args in calls)
        ),
        id_prefix="call_cassette_",
    ),
}


class _Primed:
    """Queues the recorded turn's tool call on the local API, then asks it like a model."""

    def __init__(self, recording: Recording, api: FakeAPI, wire: _Wire) -> None:
        self.recording = recording
        self.api = api
        self.wire = wire
        self.planner = ReplayAI(recording.turns)
        self.client = wire.client(api.url)

    async def chat(
        self, messages: list[Message], tools: list[dict[str, Any]], system: str
    ) -> AIResponse:
        index = self.planner.next
        planned = await self.planner.chat(messages, tools, system)
        calls: list[Call] = []
        for call in planned.tool_calls:
            arguments = dict(call.arguments) if isinstance(call.arguments, dict) else {}
            turn = self.recording.turns[index] if index < len(self.recording.turns) else None
            if turn is not None and turn.target is not None:
                arguments.pop("ref", None)
                arguments["_target"] = turn.target.model_dump()
            calls.append((call.name, f"{self.wire.id_prefix}{index}", arguments))
        self.api.queue(self.wire.reply(calls))
        return await self.client.chat(messages, tools, system)


class CassetteError(Exception):
    """No cassette was made for a recording: the message names it, the cause and the fix."""


async def record_cassette(folder: Path, provider: Provider = "anthropic") -> Path:
    """Make ``folder``'s cassette for ``provider``. The run is recorded beside the old cassette
    and replaces it only when it ends as recorded (``use_cassette``'s ``rewrite``); any error
    leaves the old one as it was."""
    recording = load(folder)
    expected = recording.expected
    if expected is None:
        raise CassetteError(
            f"{folder}: the recording has no outcome (it was interrupted before its last page "
            "was read), so its run cannot be checked: record the flow again"
        )
    wire = WIRES[provider]
    path = folder / wire.cassette
    with wire.fake() as api:
        primed = _Primed(recording, api, wire)
        with use_cassette(path, "rewrite"):
            run = await replay(recording, ai=IdentityRefs(primed))
            if run.result.reason != expected.reason:  # raised here: nothing is written
                raise CassetteError(
                    f"{folder}: its run ended {run.result.reason}, not {expected.reason} as "
                    "recorded: the pages or the agent changed since; record the flow again"
                )
    return path


def providers_for(folder: Path, asked: Sequence[Provider]) -> list[Provider]:
    """The providers asked for; by default Claude's, and every other one whose cassette is
    already there (re-recording a flow keeps its cassettes in step)."""
    if asked:
        return list(dict.fromkeys(asked))
    return [p for p, wire in WIRES.items() if p == "anthropic" or (folder / wire.cassette).exists()]


OLD_NAME = (
    "Note: `python -m harness.record_cassettes` is an old name; "
    "run `subterminator cassettes` instead (the same options)."
)


def main(argv: Sequence[str] | None = None) -> int:
    """``subterminator cassettes``, under its older name: scripts written for it keep working.

    It says the new name on stderr, once, so a script's owner learns it without the run
    changing.
    """
    from subterminator.cli import main as command

    print(OLD_NAME, file=sys.stderr)
    return command(["cassettes", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    raise SystemExit(main())
