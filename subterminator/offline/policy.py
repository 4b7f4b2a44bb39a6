"""``OfflinePolicy``: an AIClientProtocol that needs no model (the fallback when no model can
be reached, and the driver of the simulator and the flow tests).

It reads the latest snapshot the way a careful person would, by roles, accessible names and the
page's words, in the languages SubTerminator reads: settle what the page already shows (done,
partner billing, an error), clear consent banners, pick a profile, answer an open dialog first,
decline offers, take the last step, move past a survey without typing, pick the leaving option
of a choice, open the collapsed section about cancelling (chosen by its heading or label, not its
expander's name), start cancelling, head for the membership pages, take a cancel flow's plain
way forward, then look further down the page. It never types into a field for a password or a
code: a page of the flow that asks for one is the person's (the tool stack hands it to them).
It never tries the same control twice in the same
place and never presses what would delete an account or restart a membership. It knows no
simulator ids; the service supplies only its verification. The SafetyGate asks the person
before the final step whatever this policy decides.

This module holds the order of the steps; each step lives with its kind (``clearing``,
``final``, ``onward``, ``several``, ``structure``) and reads and writes ``Memory``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from subterminator.models.conversation import AIResponse, Message, ToolCall, latest
from subterminator.models.snapshot import Snapshot
from subterminator.offline import clearing, final, onward, several, structure
from subterminator.offline.controls import Decision, Turn
from subterminator.offline.memory import Memory
from subterminator.offline.reading import page_words, partner_billed, read_turn, settled
from subterminator.offline.reply import absorb, refusal
from subterminator.services.base import ServiceConfig

Step = Callable[[Memory, Turn], Decision | None]

STEPS: tuple[Step, ...] = (
    clearing.consent,
    clearing.unblock,
    clearing.profile,
    clearing.dialog,
    final.final,
    final.after,
    onward.decline,
    onward.choose,
    onward.answer,
    onward.expand,
    onward.start,
    several.own,
    onward.renewal,
    onward.toward,
    onward.forward,
    structure.single,
)
"""By the page's words, in order: the first that acts decides the turn."""

BY_STRUCTURE: tuple[Step, ...] = (
    structure.open_collapsed,
    structure.primary,
    structure.way_in,
    structure.retreat,
)
"""On a page read whole where words found nothing: its structure, before scrolling on."""


class OfflinePolicy:
    """Drives a cancellation without a model; one decision per turn."""

    def __init__(self, service: ServiceConfig) -> None:
        self.service = service
        self.memory = Memory(service)
        self.calls = 0

    async def chat(
        self, messages: list[Message], tools: list[dict[str, Any]], system: str
    ) -> AIResponse:
        snapshot, reply = latest(messages)
        if snapshot is None:
            return self._call("get_snapshot", "Looking at the page")
        call, why = self.decide(snapshot, reply)
        return self._call(call.name, why, call.arguments)

    def _call(self, name: str, why: str, arguments: dict[str, Any] | None = None) -> AIResponse:
        self.calls += 1  # per policy, not per process: replays compare them
        call = ToolCall(id=f"toolu_offline_{self.calls}", name=name, arguments=arguments or {})
        return AIResponse(content=why, tool_calls=[call], stop_reason="tool_use")

    def decide(self, snapshot: Snapshot, reply: dict[str, Any]) -> tuple[ToolCall, str]:
        """The turn's one call: what the reply or the page settles, else the first step that
        acts, else asking which subscription, else the page's structure, else reading on."""
        memory = self.memory
        refused = refusal(reply)
        if refused is not None:
            return refused
        absorb(memory, snapshot, reply)
        words = page_words(snapshot)
        done = settled(memory, snapshot, words)
        if done is not None:
            return done
        turn, found = read_turn(memory, snapshot)
        chosen = partner_billed(words, turn) or _first(STEPS, memory, turn)
        if chosen is not None:
            return chosen
        if len(found) >= 2 and memory.target is None:
            return several.ask_which(memory, found)
        if snapshot.page.url in memory.looked_whole:
            chosen = _first(BY_STRUCTURE, memory, turn)
            if chosen is not None:
                return chosen
        return structure.look_further(memory, turn)


def _first(steps: tuple[Step, ...], memory: Memory, turn: Turn) -> Decision | None:
    for step in steps:
        chosen = step(memory, turn)
        if chosen is not None:
            return chosen
    return None
