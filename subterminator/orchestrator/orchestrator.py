"""``TaskOrchestrator``: the conversation loop of spec 01 1.4, and how a run ends.

It keeps the conversation only: it asks the AI, hands each call to the tool stack
(``ToolStack``: the safety gate with its ledger, the network backstop, the browser tools) and
stops when the stack says the run has ended. Every checkpoint lives in the stack, so the AI,
page content or a missing handler cannot skip one, and the MCP server gets the same.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import datetime

from subterminator.ai.history import HISTORY_TOKEN_BUDGET, truncate_history
from subterminator.ai.prompts import NO_TOOL_NUDGE, build_system_prompt
from subterminator.ai.protocol import AIClientProtocol
from subterminator.ai.render import outcome
from subterminator.errors import LLMError
from subterminator.models.approval import HumanApprovalHandler
from subterminator.models.conversation import Message, ToolCall
from subterminator.models.result import TaskReason, TaskResult
from subterminator.orchestrator.costlog import CostLog, TurnRecord
from subterminator.services.base import ServiceConfig
from subterminator.snapshot.secrecy import KNOWN, written_arguments
from subterminator.stack import ToolStack
from subterminator.stack.completion import ending
from subterminator.stack.human import MAX_HUMAN_TRIES
from subterminator.tools.schemas import TOOL_SCHEMAS
from subterminator.tools.server import BrowserToolServer

log = logging.getLogger(__name__)

MAX_NO_ACTION = 3
__all__ = ["MAX_HUMAN_TRIES", "TaskOrchestrator"]  # the tries: read by the tests


class TaskOrchestrator:
    def __init__(
        self,
        ai_client: AIClientProtocol,
        tools: ToolStack | BrowserToolServer,
        service_config: ServiceConfig,
        human_handler: HumanApprovalHandler | None = None,
        max_turns: int | None = None,
        *,
        history_budget: int = HISTORY_TOKEN_BUDGET,
        allow_sites: tuple[str, ...] = (),
    ) -> None:
        """``tools``: a run's ``ToolStack`` (from the run builder), or a bare tool server,
        which is given the same stack here with ``human_handler`` as the person (and
        ``allow_sites`` beside the service's own: ``build_reach``)."""
        if isinstance(tools, BrowserToolServer):
            tools = ToolStack(tools, service_config, human_handler, allow_sites=allow_sites)
        elif human_handler is not None:
            raise ValueError("the person belongs to the ToolStack: pass it there")
        self.ai_client = ai_client
        self.tools = tools
        self.tool_server = tools.server
        self.service = service_config
        self.max_turns = max_turns or service_config.max_turns
        self.history_budget = history_budget
        self.conversation: list[Message] = []
        self.system_prompt = ""
        self.cost = CostLog()
        # called with (turn, call, target element name) just before a tool runs: progress output
        self.announcers: list[Callable[[int, ToolCall, str | None], None]] = []
        self.thought = ""  # the AI's text beside the call being announced (secrets scrubbed)

    def final_step_state(self) -> tuple[bool | None, str | None]:
        """For an interrupt: did an approved step run (True), perhaps (None) or not (False)?"""
        return self.tools.final_step_state()

    def final_step_at(self) -> datetime | None:
        """When the approved step ran, if one did."""
        return self.tools.final_step_at()

    # -- the loop --------------------------------------------------------------------------

    async def run(self, goal: str) -> TaskResult:
        return await self.tools.completion.settle(await self._loop(goal))

    async def _loop(self, goal: str) -> TaskResult:
        self.system_prompt = build_system_prompt(goal, self.service.system_prompt_addition)
        first = await self.tools.execute(ToolCall(id="start", name="get_snapshot"))
        if self.tool_server.browser_error is not None:
            return self._finish(
                False, False, "mcp_error", 0, error=str(self.tool_server.browser_error)
            )
        if first.ended is not None:
            self.cost.summary()
            return first.ended
        opening = f"Goal: {goal}"
        if first.message:
            opening += f"\n\nNote: {first.message}"
        self.conversation = [Message(role="user", content=opening, snapshot=first.snapshot)]
        no_action = 0
        for turn in range(1, self.max_turns + 1):
            view = truncate_history(
                self.conversation, system=self.system_prompt, budget=self.history_budget
            )
            started = time.monotonic()
            try:
                response = await self.ai_client.chat(view, TOOL_SCHEMAS, self.system_prompt)
            except LLMError as exc:  # a ConfigurationError (key, model) propagates: not a result
                self.cost.record(TurnRecord(turn=turn, tool=None, outcome=f"llm_error: {exc}"))
                return self._finish(False, False, "llm_error", turn, error=str(exc))
            ai_ms = int((time.monotonic() - started) * 1000)
            if not response.tool_calls:
                no_action += 1
                self.conversation.append(Message(role="assistant", content=response.content))
                self.cost.record(
                    TurnRecord(
                        turn=turn,
                        tool=None,
                        ai_ms=ai_ms,
                        usage=response.usage,
                        outcome="no tool call",
                    )
                )
                if no_action >= MAX_NO_ACTION:
                    return self._finish(
                        False,
                        False,
                        "llm_no_action",
                        turn,
                        error=f"No tool call in {MAX_NO_ACTION} replies in a row",
                    )
                self.conversation.append(Message(role="user", content=NO_TOOL_NUDGE))
                continue
            no_action = 0
            call = response.tool_calls[0]
            if len(response.tool_calls) > 1:
                ignored = ", ".join(c.name for c in response.tool_calls[1:])
                log.info(  # the model's business, not the person's: INFO, never on stderr
                    "Ignoring %d additional tool calls (%s): one tool per turn",
                    len(response.tool_calls) - 1,
                    ignored,
                )
            registry = self.tool_server.registry
            target = registry.peek(
                (call.arguments or {}).get("ref") if isinstance(call.arguments, dict) else None
            )
            # what may be written of the call: a secret typed value masked (snapshot.secrecy);
            # the history the model reads back (and a cassette holds) keeps it masked too
            shown = call.model_copy(
                update={"arguments": written_arguments(call.name, call.arguments, registry)}
            )
            thought = KNOWN.scrub(response.content)
            self.thought = thought  # the announcers may print it as the turn begins
            self.conversation.append(Message(role="assistant", content=thought, tool_calls=[shown]))
            for announce in self.announcers:
                announce(turn, shown, target.name if target else None)
            started = time.monotonic()
            replied = await self.tools.execute(call)
            reply = replied.to_message(call)
            self.conversation.append(reply)
            took = int((time.monotonic() - started) * 1000)
            person_ms = self.tools.gated.person_ms
            self.cost.record(
                TurnRecord(
                    turn=turn,
                    tool=call.name,
                    arguments=shown.arguments,
                    ai_ms=ai_ms,
                    tool_ms=max(0, took - person_ms),
                    person_ms=person_ms,
                    usage=response.usage,
                    outcome=outcome(reply),
                    target=target.name if target else None,
                    thought=thought,
                )
            )
            done = replied.ended
            if done is not None:
                self.cost.summary()
                return done.model_copy(update={"turns": turn, "usage": self.cost.usage})
            if self.tool_server.browser_error is not None:
                return self._finish(
                    False, False, "mcp_error", turn, error=str(self.tool_server.browser_error)
                )
        reason: TaskReason = (
            "verification_failed"
            if self.tools.completion.unverified_claim
            else "max_turns_exceeded"
        )
        return self._finish(
            False,
            False,
            reason,
            self.max_turns,
            error=f"No completion after {self.max_turns} turn{'' if self.max_turns == 1 else 's'}",
        )

    def _finish(
        self,
        success: bool,
        verified: bool,
        reason: TaskReason,
        turns: int,
        *,
        error: str | None = None,
        message: str | None = None,
    ) -> TaskResult:
        self.cost.summary()
        ended = ending(self.tool_server, success, verified, reason, error=error, message=message)
        return ended.model_copy(update={"turns": turns, "usage": self.cost.usage})
