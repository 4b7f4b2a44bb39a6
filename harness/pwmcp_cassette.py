"""``cancel netflix --sim --backend playwright-mcp`` with a model on the wire: live against a
local Messages API, recorded to a cassette, and played from it.

The model reads what a model of this backend reads, Playwright MCP's own snapshot text, and
clicks the simulator's steps by role and name. On the local API (``harness.fake_anthropic``) it
answers with Playwright MCP's ref, as a model would. For a cassette it names the element
instead (``_target``: role, name, nth), and ``pwmcp_targets`` gives each call today's ref from
Playwright MCP's snapshot when played, so a cassette survives a change in how Playwright MCP
numbers its refs. A played cassette drives our real Chromium on the simulator through the real
pinned Playwright MCP: the parts under test (its refs read on our side, its actions under our
gate and backstop) exist only on a live page (docs/design/playwright-mcp.md, "Replay").

``python -m harness.pwmcp_cassette CASSETTE`` writes the cassette again.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any

from rich.console import Console

from harness.approvals import ScriptedApprovals
from harness.cassette import use_cassette
from harness.fake_anthropic import FakeAnthropic, Responder, message, request_texts, tool_use
from harness.fake_api import plan_responder
from harness.pwmcp_hands import named, page_text, target_of
from harness.replay.run import IdentityRefs
from subterminator.ai.client import AIClient, RetryPolicy
from subterminator.ai.protocol import AIClientProtocol
from subterminator.cancellation import AIFactory, CancelOptions, run_cancel
from subterminator.models.conversation import Message, ToolCall

PLAN = [  # the simulator's 2026 flow, as Playwright MCP names its steps: (role, name, nth)
    ("link", "Manage membership", 0),
    ("button", "Cancel membership", 0),
    ("button", "Show option contents", 2),
    ("button", "Finish Cancellation", 0),
]
RECORDING_KEY = "sk-ant-api03-pwmcp-cassette-recording-key-never-written-0"
PLAYBACK_KEY = "sk-ant-pwmcp-cassette-playback-0000"


def newest_page(body: dict[str, Any]) -> str:
    """Playwright MCP's newest snapshot text in a Messages API request: what the model reads."""
    return next(t for t in request_texts(body) if "### Snapshot" in t)


def model_on_the_2026_flow(*, by_name: bool = False) -> Responder:
    """A model that clicks ``PLAN`` by Playwright MCP's refs (or, ``by_name``, names each
    element for ``pwmcp_targets``), then says it is done."""

    def click(n: int, ref: str) -> Any:
        role, name, nth = PLAN[n]
        said = {"_target": {"role": role, "name": name, "nth": nth}} if by_name else {"target": ref}
        return message(tool_use("browser_click", id=f"toolu_{n}", element=name, **said))

    return plan_responder(
        PLAN,
        lambda body: [asdict(e) for e in named(newest_page(body))],
        click,
        lambda n: message(
            tool_use("complete_task", id=f"toolu_{n}", status="success", reason="cancelled")
        ),
    )


def pwmcp_ref(
    call: ToolCall, target: dict[str, Any], messages: list[Message], turn: int
) -> tuple[str, str]:
    """Playwright MCP's ref of the element, from its newest snapshot text."""
    role, name, nth = target["role"], target["name"], int(target["nth"])
    return "target", target_of(role, name, nth, page_text(messages))


def pwmcp_targets(inner: AIClientProtocol) -> IdentityRefs:
    """Each call that names its element (``_target``) given Playwright MCP's ref for it."""
    return IdentityRefs(inner, pwmcp_ref)


def options(runs: Path, *, ai: str = "claude") -> CancelOptions:
    """The run: the simulator, headless, this backend, a run record (Playwright MCP's files
    go to its folder, never the current one)."""
    return CancelOptions(
        service="netflix",
        sim="2026",
        ai=ai,  # type: ignore[arg-type]
        headed=False,
        runs_dir=runs,
        backend="playwright-mcp",
    )


def client(make: Callable[[], AIClientProtocol]) -> AIFactory:
    return lambda options, service, console, terminal: make()


async def cancel(runs: Path, person: ScriptedApprovals, ai: AIFactory | None = None) -> int:
    """One ``cancel netflix --sim --backend playwright-mcp``; its exit code."""
    console = Console(file=io.StringIO(), width=120)
    return await run_cancel(options(runs), console, handler=person, ai_factory=ai)


async def play(runs: Path, person: ScriptedApprovals, cassette: Path) -> int:
    """The run with the model's side played from ``cassette`` through the real AIClient, aimed
    at the real API's address (only the cassette can answer it)."""
    once = RetryPolicy(max_attempts=1)
    model = AIClient(api_key=PLAYBACK_KEY, base_url="https://api.anthropic.com", retry=once)
    with use_cassette(cassette):
        return await cancel(runs, person, client(lambda: pwmcp_targets(model)))


async def record(runs: Path, cassette: Path) -> int:
    """The cassette written again from a run against the local API; kept only if it cancels
    with one yes (``use_cassette``'s ``rewrite`` leaves the old one otherwise)."""
    person = ScriptedApprovals([True])
    with FakeAnthropic() as api:
        api.queue(*([model_on_the_2026_flow(by_name=True)] * 8))
        model = AIClient(api_key=RECORDING_KEY, base_url=api.url)
        with use_cassette(cassette, "rewrite"):
            code = await cancel(runs, person, client(lambda: pwmcp_targets(model)))
            if code != 0 or len(person.requests) != 1:
                raise AssertionError(f"the run ended {code} after {len(person.requests)} asks")
    return code


if __name__ == "__main__":
    import sys
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        raise SystemExit(asyncio.run(record(Path(folder), Path(sys.argv[1]))))
