"""The conversation contract every model client speaks: tool calls, messages, model responses,
usage.

It sits with the other data models, below everything that speaks it (services, safety, the cost
log, the AI clients, the orchestrator). Messages keep the page state as a ``Snapshot`` object
rather than text, so history compaction can shrink old snapshots to a digest and render only the
latest one in full.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from subterminator.models.snapshot import Snapshot


class ToolCall(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    arguments: Any = Field(default_factory=dict)  # as the model sent it; validated by the server
    # Another tool surface's call this one stands for (a Playwright MCP ``browser_click``
    # said as our ``browser_click`` on our ref): the gate judges this call, and the tools
    # below run ``via`` in its place. Never written: the model's own call is.
    via: ToolCall | None = Field(default=None, exclude=True, repr=False)


class Usage(BaseModel):
    """Token usage of one model call: ``input_tokens`` uncached, the cached and cache-written
    parts apart; ``estimated`` when any count is ours because the server left it out or sent
    null (a 0 would read as a real count)."""

    input_tokens: int = 0
    output_tokens: int = 0
    cache_creation_input_tokens: int = 0
    cache_read_input_tokens: int = 0
    estimated: bool = False

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            input_tokens=self.input_tokens + other.input_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
            cache_creation_input_tokens=self.cache_creation_input_tokens
            + other.cache_creation_input_tokens,
            cache_read_input_tokens=self.cache_read_input_tokens + other.cache_read_input_tokens,
            estimated=self.estimated or other.estimated,
        )


class Message(BaseModel):
    """One conversation message. ``tool`` messages answer the assistant's single tool call."""

    role: Literal["user", "assistant", "tool"]
    content: str = ""
    tool_calls: list[ToolCall] = Field(default_factory=list)
    tool_call_id: str | None = None
    result: dict[str, Any] | None = None  # a tool reply, snapshot excluded
    snapshot: Snapshot | None = None
    full_snapshot: bool = True  # False once history compaction has reduced it to a digest
    # The page as another backend's tools show it (Playwright MCP's snapshot, its refs): the
    # model reads this in place of ``snapshot``, which the gate and the run record still keep.
    page_text: str | None = None


class AIResponse(BaseModel):
    """One model answer, whatever server shape it came in.

    ``thinking`` is reasoning the server marked as such (kept apart from ``content``, the text
    meant as the answer); ``refusal`` is the model's declining, in its own words.
    """

    content: str = ""
    thinking: str = ""
    refusal: str | None = None
    tool_calls: list[ToolCall] = Field(default_factory=list)
    stop_reason: str | None = None
    usage: Usage = Field(default_factory=Usage)


def latest(messages: list[Message]) -> tuple[Snapshot | None, dict[str, Any]]:
    """The newest snapshot shown in full (older ones may be digests), and its tool reply."""
    for message in reversed(messages):
        if message.snapshot is not None and message.full_snapshot:
            return message.snapshot, message.result or {}
    return None, {}
