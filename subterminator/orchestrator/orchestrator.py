"""``TaskOrchestrator``: the conversation loop, and how a run ends.

It keeps the conversation only: it asks the AI, hands each call to the top of the tool stack
(built by the run builder: the safety gate with its ledger, the network backstop, the browser
tools) and reads nothing of it but its ``Reply``. Every checkpoint lives in the stack, so the
AI, page content or a missing handler cannot skip one, and the MCP server gets the same.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any

from subterminator.ai.history import HISTORY_TOKEN_BUDGET, truncate_history
from subterminator.ai.prompts import NO_TOOL_NUDGE, build_system_prompt
from subterminator.ai.protocol import AIClientProtocol
from subterminator.errors import LLMError, MalformedResponseError, ToolCallRejectedError
from subterminator.models.conversation import AIResponse, Message, ToolCall
from subterminator.models.result import TaskReason, TaskResult
from subterminator.models.turn import TurnRecord
from subterminator.orchestrator.attempts import Attempts
from subterminator.orchestrator.costlog import CostLog
from subterminator.services.base import ServiceConfig
from subterminator.snapshot.secrecy import KNOWN
from subterminator.stack.layer import Reply, TopLayer, call_row
from subterminator.tools.registry import tool_schemas

log = logging.getLogger(__name__)

MAX_NO_ACTION = 3
# What the model is told when the server could not parse its tool call: the call did not run.
REJECTED_CALL = (
    "Your last tool call could not be parsed by the model server, so it did not run ({detail}). "
    "Call one tool again, with its arguments as one JSON object that matches the tool's schema."
)
NO_WORDS = "(the model gave no words)"
__all__ = ["TaskOrchestrator"]


class TaskOrchestrator:
    def __init__(
        self,
        ai_client: AIClientProtocol,
        tools: TopLayer,
        service_config: ServiceConfig,
        max_turns: int | None = None,
        *,
        history_budget: int = HISTORY_TOKEN_BUDGET,
        schemas: list[dict[str, Any]] | None = None,
        tools_note: str = "",
    ) -> None:
        """``tools``: the top of a run's stack, as the run builder built it (``build_run``);
        ``schemas``: the tools the model is given (the conversation loop's by default)."""
        self.ai_client = ai_client
        self.tools = tools
        self.schemas = schemas if schemas is not None else tool_schemas()
        self.tools_note = tools_note  # what those tools need said in the system prompt
        self.service = service_config
        self.max_turns = max_turns or service_config.max_turns
        self.history_budget = history_budget
        self.conversation: list[Message] = []
        self.system_prompt = ""
        self.cost = CostLog()
        # called with (turn, call, target element name) just before a tool runs: progress output
        self.announcers: list[Callable[[int, ToolCall, str | None], None]] = []
        self.thought = ""  # the AI's text beside the call being announced (secrets scrubbed)
        self._no_action = 0  # replies in a row without a tool call
        self.attempts = Attempts()  # tries at one control that had no effect

    def final_step_state(self) -> tuple[bool | None, str | None]:
        """For an interrupt: did an approved step run (True), perhaps (None) or not (False)?"""
        return self.tools.final_step_state()

    def final_step_at(self) -> datetime | None:
        """When the approved step ran, if one did."""
        return self.tools.final_step_at()

    # -- the loop --------------------------------------------------------------------------

    async def run(self, goal: str) -> TaskResult:
        return await self.tools.settle(await self._loop(goal))

    async def _loop(self, goal: str) -> TaskResult:
        self.system_prompt = build_system_prompt(
            goal, self.service.system_prompt_addition, self.tools_note
        )
        first = await self.tools.execute(ToolCall(id="start", name="get_snapshot"))
        if first.browser_error is not None:
            return self._finish("browser_error", 0, error=first.browser_error)
        if first.ended is not None:
            self.cost.summary()
            return first.ended
        opening = f"Goal: {goal}"
        if first.message:
            opening += f"\n\nNote: {first.message}"
        self.conversation = [
            Message(role="user", content=opening, snapshot=first.snapshot, page_text=first.shown)
        ]
        self._no_action = 0
        for turn in range(1, self.max_turns + 1):
            ended = await self._turn(turn)
            if ended is not None:
                return ended
        reason: TaskReason = (
            "verification_failed" if self.tools.unverified_claim else "max_turns_exceeded"
        )
        turns = f"{self.max_turns} turn{'' if self.max_turns == 1 else 's'}"
        return self._finish(reason, self.max_turns, error=f"No completion after {turns}")

    async def _turn(self, turn: int) -> TaskResult | None:
        """One turn: the AI's reply, and its call through the stack; the run's end, if so."""
        view = truncate_history(
            self.conversation, system=self.system_prompt, budget=self.history_budget
        )
        started = time.monotonic()
        try:
            response = await self.ai_client.chat(view, self.schemas, self.system_prompt)
        except ToolCallRejectedError as exc:  # the model's mistake: a turn back to it
            return self._rejected(turn, exc, int((time.monotonic() - started) * 1000))
        except MalformedResponseError as exc:
            return self._failed(turn, "llm_malformed", exc)
        except LLMError as exc:  # a ConfigurationError (key, model, credit) propagates
            return self._failed(turn, "llm_error", exc)
        ai_ms = int((time.monotonic() - started) * 1000)
        if response.refusal or response.stop_reason == "refusal":
            return self._refused(turn, response, ai_ms)
        if not response.tool_calls:
            return self._no_call(turn, response, ai_ms)
        self._no_action = 0
        return await self._act(turn, response, ai_ms)

    def _failed(self, turn: int, reason: TaskReason, exc: LLMError) -> TaskResult:
        """The model call failed: the turn says what failed, and the run ends with ``reason``."""
        self.cost.record(
            TurnRecord(turn=turn, tool=None, outcome=f"model call failed ({reason}): {exc}")
        )
        return self._finish(reason, turn, error=str(exc))

    def _refused(self, turn: int, response: AIResponse, ai_ms: int) -> TaskResult:
        """The model declined: the run ends at once, in its words (no nudging it to act)."""
        said = KNOWN.scrub(response.refusal or response.content).strip()
        self.cost.record(
            self._words_row(turn, response, ai_ms, outcome="the model declined", thought=said)
        )
        ended = self._finish("llm_refused", turn, error=f"The model declined: {said or NO_WORDS}")
        return ended.model_copy(update={"message": said or None})

    def _rejected(self, turn: int, exc: ToolCallRejectedError, ai_ms: int) -> TaskResult | None:
        """The server could not parse the model's tool call: the model is told and tries again,
        a few times in a row at most (as replies without a call)."""
        self._no_action += 1
        generation = KNOWN.scrub(exc.generation)
        self.cost.record(
            TurnRecord(
                turn=turn,
                tool=None,
                ai_ms=ai_ms,
                outcome=f"tool call rejected: {exc}",
                thought=generation,
            )
        )
        if self._no_action >= MAX_NO_ACTION:
            error = (
                f"No tool call the server could parse in {MAX_NO_ACTION} replies in a row: {exc}"
            )
            return self._finish("llm_no_action", turn, error=error)
        self.conversation.append(Message(role="assistant", content=generation or NO_WORDS))
        self.conversation.append(Message(role="user", content=REJECTED_CALL.format(detail=exc)))
        return None

    def _no_call(self, turn: int, response: AIResponse, ai_ms: int) -> TaskResult | None:
        """A reply without a tool call: nudged, and the run ends after a few in a row."""
        self._no_action += 1
        said = KNOWN.scrub(response.content)
        self.conversation.append(Message(role="assistant", content=said))
        self.cost.record(
            self._words_row(turn, response, ai_ms, outcome="no tool call", thought=said)
        )
        if self._no_action >= MAX_NO_ACTION:
            error = f"No tool call in {MAX_NO_ACTION} replies in a row"
            return self._finish("llm_no_action", turn, error=error)
        self.conversation.append(Message(role="user", content=NO_TOOL_NUDGE))
        return None

    async def _act(self, turn: int, response: AIResponse, ai_ms: int) -> TaskResult | None:
        """The reply's first call through the stack, written to the conversation and the log."""
        call = response.tool_calls[0]
        if len(response.tool_calls) > 1:
            ignored = ", ".join(c.name for c in response.tool_calls[1:])
            log.info(  # the model's business, not the person's: INFO, never on stderr
                "Ignoring %d additional tool calls (%s): one tool per turn",
                len(response.tool_calls) - 1,
                ignored,
            )
        # what may be written of the call: a secret typed value masked (snapshot.secrecy);
        # the history the model reads back (and a cassette holds) keeps it masked too
        preview = self.tools.preview(call)
        shown = call.model_copy(update={"arguments": preview.arguments})
        self.thought = KNOWN.scrub(response.content)  # the announcers may print it
        self.conversation.append(
            Message(role="assistant", content=self.thought, tool_calls=[shown])
        )
        for announce in self.announcers:
            announce(turn, shown, preview.target)
        started = time.monotonic()
        replied = await self.tools.execute(call)
        took = int((time.monotonic() - started) * 1000)
        self.conversation.append(replied.to_message(call))
        row = call_row(turn, call, preview, replied, took)
        update = {
            "ai_ms": ai_ms,
            "usage": response.usage,
            "thought": self.thought,
            "thinking": KNOWN.scrub(response.thinking),
        }
        self.cost.record(row.model_copy(update=update))
        ended = self._ended(turn, replied)
        failed = self.attempts.after(call, preview.target, replied) if ended is None else None
        return self._finish("no_effect", turn, error=failed) if failed else ended

    @staticmethod
    def _words_row(
        turn: int, response: AIResponse, ai_ms: int, *, outcome: str, thought: str
    ) -> TurnRecord:
        """A turn without a call: what the model said (and thought) instead, for the record."""
        return TurnRecord(
            turn=turn,
            tool=None,
            ai_ms=ai_ms,
            usage=response.usage,
            outcome=outcome,
            thought=thought,
            thinking=KNOWN.scrub(response.thinking),
        )

    def _ended(self, turn: int, replied: Reply) -> TaskResult | None:
        """The run's end that a reply brings: the stack's ending, or the browser gone."""
        if replied.ended is not None:
            self.cost.summary()
            return replied.ended.model_copy(update={"turns": turn, "usage": self.cost.usage})
        if replied.browser_error is not None:
            return self._finish("browser_error", turn, error=replied.browser_error)
        return None

    def _finish(self, reason: TaskReason, turns: int, *, error: str) -> TaskResult:
        self.cost.summary()
        ended = self.tools.ending(reason, error=error)
        return ended.model_copy(update={"turns": turns, "usage": self.cost.usage})
