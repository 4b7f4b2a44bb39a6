"""``ScriptedAI``: an honest AIClientProtocol that plays a script and records every prompt.

A step is an ``AIResponse``, a ``ToolCall`` (one call), a list of ``ToolCall`` (several calls
in one response), a ``str`` (a text-only reply) or a callable that builds the step from the
conversation so far (so scripts can click "the button named X" in whatever snapshot is live).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from subterminator.ai.render import history_tokens
from subterminator.models.conversation import AIResponse, Message, ToolCall, Usage
from subterminator.models.snapshot import Snapshot
from subterminator.snapshot.tokens import estimate_tokens

Step = AIResponse | ToolCall | list[ToolCall] | str | Callable[[list[Message]], Any]


class ScriptExhaustedError(AssertionError):
    """The orchestrator asked for more turns than the script has."""


@dataclass(frozen=True)
class Prompt:
    messages: list[Message]
    tools: list[dict[str, Any]]
    system: str

    @property
    def tokens(self) -> int:
        """Estimated prompt tokens, tool schemas excluded (they are a cached prefix)."""
        return history_tokens(self.messages, self.system)


def call(name: str, **arguments: Any) -> ToolCall:
    """A script step; ScriptedAI numbers its id by the turn it is made in."""
    return ToolCall(id="toolu_scripted", name=name, arguments=arguments)


def latest_snapshot(messages: list[Message]) -> Snapshot:
    for message in reversed(messages):
        if message.snapshot is not None:
            return message.snapshot
    raise AssertionError("no snapshot in the conversation yet")


def on_element(
    tool: str, name: str, role: str | None = None, *, nth: int = 0, **arguments: Any
) -> Callable[[list[Message]], ToolCall]:
    """A step that targets the ``nth`` (from 0, in page order; -1 the last) of the elements
    named ``name`` (and of ``role``, if given) in the latest snapshot: pages repeat names."""

    def step(messages: list[Message]) -> ToolCall:
        snapshot = latest_snapshot(messages)
        found = [e for e in snapshot.elements if e.name == name and role in (None, e.role)]
        if not found or not -len(found) <= nth < len(found):
            seen = ", ".join(f"{e.role} {e.name!r}" for e in snapshot.elements)
            what = (
                f"{len(found)} elements named {name!r}, so no nth={nth}"
                if found
                else f"no element named {name!r}"
            )
            raise AssertionError(f"script: {what} on {snapshot.page.url}: {seen}")
        return call(tool, ref=found[nth].ref, **arguments)

    return step


def click(
    name: str, role: str | None = None, *, nth: int = 0
) -> Callable[[list[Message]], ToolCall]:
    return on_element("browser_click", name, role, nth=nth)


def complete(status: str = "success", reason: str = "done") -> ToolCall:
    return call("complete_task", status=status, reason=reason)


class ScriptedAI:
    """Replays ``script`` one step per turn; ``prompts`` holds what it was asked each turn."""

    def __init__(self, script: Sequence[Step]) -> None:
        self.script = list(script)
        self.prompts: list[Prompt] = []

    async def chat(
        self, messages: list[Message], tools: list[dict[str, Any]], system: str
    ) -> AIResponse:
        copied = [m.model_copy(deep=True) for m in messages]
        self.prompts.append(Prompt(copied, tools, system))
        if len(self.prompts) > len(self.script):
            raise ScriptExhaustedError(
                f"the script has {len(self.script)} steps; "
                f"turn {len(self.prompts)} asked for one more"
            )
        step: Any = self.script[len(self.prompts) - 1]
        while callable(step) and not isinstance(step, AIResponse | ToolCall):
            step = step(copied)
        response = _as_response(step)
        turn = len(self.prompts)  # ids by turn, not by a module counter: the same in any order
        calls = [
            c.model_copy(update={"id": f"toolu_scripted_{turn}_{i}"})
            for i, c in enumerate(response.tool_calls)
        ]
        response = response.model_copy(update={"tool_calls": calls})
        usage = Usage(
            input_tokens=Prompt(copied, tools, system).tokens,
            output_tokens=estimate_tokens(
                json.dumps([c.model_dump() for c in response.tool_calls]) + response.content
            ),
            estimated=True,
        )
        return response.model_copy(update={"usage": usage})


def _as_response(step: Any) -> AIResponse:
    if isinstance(step, AIResponse):
        return step
    if isinstance(step, ToolCall):
        return AIResponse(tool_calls=[step], stop_reason="tool_use")
    if isinstance(step, list):
        return AIResponse(tool_calls=list(step), stop_reason="tool_use")
    if isinstance(step, str):
        return AIResponse(content=step, stop_reason="end_turn")
    raise TypeError(f"not a script step: {step!r}")
