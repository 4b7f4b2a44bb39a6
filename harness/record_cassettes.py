"""Cassettes for recorded flows: ``python -m harness.record_cassettes [FOLDER ...]``.

Each recording's own tool calls are answered by the local Messages API (harness.fake_anthropic)
while the real AIClient talks to it over HTTP and vcrpy writes ``cassette.yaml`` beside the
recording. Each tool call names its element (``_target``) rather than a ref, so the cassette
survives pruning changes. Replays then run the flow through the real SDK path with no server.
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from harness.cassette import use_cassette
from harness.fake_anthropic import FakeAnthropic, message, tool_use
from harness.replay.collect import CASSETTE
from harness.replay.run import IdentityRefs, ReplayAI, replay
from subterminator.ai.client import AIClient
from subterminator.errors import ServiceLoadError
from subterminator.models.conversation import AIResponse, Message
from subterminator.recording import Recording, load
from subterminator.services.registry import load_services

ROOT = Path("recordings")
RECORDING_KEY = "sk-ant-api03-cassette-recording-key-never-written-0000"


class _Primed:
    """Queues the recorded turn's tool call on the local API, then asks it like a model."""

    def __init__(self, recording: Recording, api: FakeAnthropic) -> None:
        self.recording = recording
        self.api = api
        self.planner = ReplayAI(recording.turns)
        self.client = AIClient(api_key=RECORDING_KEY, base_url=api.url)

    async def chat(
        self, messages: list[Message], tools: list[dict[str, Any]], system: str
    ) -> AIResponse:
        index = self.planner.next
        planned = await self.planner.chat(messages, tools, system)
        blocks = []
        for call in planned.tool_calls:
            arguments = dict(call.arguments) if isinstance(call.arguments, dict) else {}
            turn = self.recording.turns[index] if index < len(self.recording.turns) else None
            if turn is not None and turn.target is not None:
                arguments.pop("ref", None)
                arguments["_target"] = turn.target.model_dump()
            blocks.append(tool_use(call.name, id=f"toolu_cassette_{index}", **arguments))
        self.api.queue(message(*blocks))
        return await self.client.chat(messages, tools, system)


async def record_cassette(folder: Path) -> Path:
    recording = load(folder)
    path = folder / CASSETTE
    path.unlink(missing_ok=True)
    with FakeAnthropic() as api:
        primed = _Primed(recording, api)
        with use_cassette(path, "all"):
            run = await replay(recording, ai=IdentityRefs(primed))
    expected = recording.expected
    if expected is None or run.result.reason != expected.reason:
        raise SystemExit(f"{folder}: the cassette run ended {run.result.reason}, not as recorded")
    return path


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m harness.record_cassettes", description=__doc__)
    parser.add_argument("folders", nargs="*", type=Path, help="recording folders (default: all)")
    parser.add_argument(
        "--services",
        action="append",
        default=[],
        metavar="SPEC",
        help="load services from a .py file or a dotted module (repeatable; also "
        "$SUBTERMINATOR_SERVICES and 'subterminator.services' entry points)",
    )
    args = parser.parse_args(argv)
    try:
        load_services(args.services)
    except ServiceLoadError as exc:
        parser.error(str(exc))
    folders = args.folders or sorted(p.parent for p in ROOT.glob("**/recording.json"))
    for folder in folders:
        path = asyncio.run(record_cassette(folder))
        print(f"{path}: {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
