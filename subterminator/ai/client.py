"""``AIClient``: one Claude turn through ``anthropic.AsyncAnthropic``.

The guard, the time limit (``timeout_s``, default 30 s, so a person never waits longer on one
turn), the retry policy (1 s, x2, 3 attempts) and the plain-worded errors are ``SDKClient``'s,
shared with the OpenAI client; the SDK's own retries are off (``max_retries=0``). The API key
lives only inside the SDK client; it is never logged, stored or put in an error message. This
module turns our conversation into Messages-API params (tool results with the screenshot as an
image block, prompt-cache marks) and the SDK's ``Message`` back into an ``AIResponse``: thinking
kept apart from the text, a refusal in the model's words, usage our marked estimate when a
server (a gateway) sends none.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from subterminator.ai.api_errors import Advice, SDKErrors
from subterminator.ai.guard import ModelRequestsBlockedError, allow_model_requests
from subterminator.ai.render import message_image, message_text, shown_arguments, shown_name
from subterminator.ai.retry import RetryNotice, RetryPolicy
from subterminator.ai.sdk_client import SDKClient
from subterminator.ai.selection import DEFAULT_MODEL, MODEL_ENV, missing_key
from subterminator.ai.usage import Estimate, estimator, read_usage
from subterminator.ai.wire import arguments, as_dict, joined, malformed, reasoning, split_thinking
from subterminator.errors import ConfigurationError
from subterminator.models.conversation import AIResponse, Message, ToolCall, Usage

__all__ = [
    "DEFAULT_MODEL",
    "KEY_ENV",
    "MISSING_KEY",
    "MODEL_ENV",
    "AIClient",
    "ModelRequestsBlockedError",  # the guard's, importable here as before
    "RetryNotice",
    "RetryPolicy",
    "allow_model_requests",
    "parse_response",
    "resolve_model",
    "to_anthropic",
]

KEY_ENV = "ANTHROPIC_API_KEY"
MISSING_KEY = missing_key(KEY_ENV)
ADVICE = Advice(key_env=KEY_ENV, model_hint=f"(default {DEFAULT_MODEL})")
DECLINED = "The model declined without giving a reason."


class _OmitRequestBodies(logging.Filter):
    """The SDK's debug log prints whole request bodies: page text, typed values. Not ours."""

    def filter(self, record: logging.LogRecord) -> bool:
        if str(record.msg).startswith("Request options"):
            args = record.args
            if isinstance(args, dict) and "json_data" in args:  # one mapping: logging unwraps it
                record.args = {**args, "json_data": "<omitted by subterminator>"}
            elif isinstance(args, tuple):
                record.args = tuple(
                    {**a, "json_data": "<omitted by subterminator>"}
                    if isinstance(a, dict) and "json_data" in a
                    else a
                    for a in args
                )
        return True


logging.getLogger("anthropic._base_client").addFilter(_OmitRequestBodies())
log = logging.getLogger(__name__)


def resolve_model(cli_model: str | None = None) -> str:
    """``--model``, then ``SUBTERMINATOR_MODEL``, then the default; any ``claude-*`` name."""
    name = cli_model or os.environ.get(MODEL_ENV) or DEFAULT_MODEL
    if not name.startswith("claude-"):
        raise ConfigurationError(f"Unsupported model: {name}")
    return name


def to_anthropic(messages: list[Message]) -> list[dict[str, Any]]:
    """Our messages as Messages-API params; consecutive same-role messages are merged."""
    out: list[dict[str, Any]] = []
    for message in messages:
        role = "assistant" if message.role == "assistant" else "user"
        blocks: list[dict[str, Any]] = []
        image = message_image(message)
        image_block = (
            {
                "type": "image",
                "source": {"type": "base64", "media_type": "image/png", "data": image},
            }
            if image
            else None
        )
        if message.role == "tool":
            content: list[dict[str, Any]] = [{"type": "text", "text": message_text(message)}]
            if image_block:
                content.append(image_block)
            failed = not (message.result or {}).get(
                "success", (message.result or {}).get("approved", True)
            )
            blocks.append(
                {
                    "type": "tool_result",
                    "tool_use_id": message.tool_call_id or "",
                    "content": content,
                    "is_error": bool(failed),
                }
            )
        else:
            text = message_text(message)
            if text or not message.tool_calls:
                blocks.append({"type": "text", "text": text or "(no text)"})
            if image_block:
                blocks.append(image_block)
            for call in message.tool_calls:
                shown = shown_arguments(call.arguments)
                arguments = shown if isinstance(shown, dict) else {"value": shown}
                blocks.append(
                    {
                        "type": "tool_use",
                        "id": call.id,
                        "name": shown_name(call.name),
                        "input": arguments,
                    }
                )
        if out and out[-1]["role"] == role:
            out[-1]["content"].extend(blocks)
        else:
            out.append({"role": role, "content": blocks})
    return out


@dataclass
class _Read:
    """What the blocks of one answer said, gathered in order."""

    texts: list[str] = field(default_factory=list)
    thoughts: list[str] = field(default_factory=list)
    calls: list[ToolCall] = field(default_factory=list)


def _block(block: Any, read: _Read) -> None:
    """One content block into ``read``: text is the answer, thinking is reasoning (redacted
    thinking carries no words), a tool use is a call; server tools' blocks are not ours."""
    if not isinstance(block, dict):
        raise malformed("a content block is not an object")
    kind = block.get("type")
    if kind == "text":
        read.texts.append(str(block.get("text") or ""))
    elif kind == "thinking":
        read.thoughts.extend(reasoning(block.get("thinking")))
    elif kind == "tool_use":
        name = block.get("name")
        if not isinstance(name, str) or not name:
            raise malformed("a tool use names no tool")
        ident = block.get("id")
        call_id = str(ident) if ident else f"toolu_{len(read.calls)}"
        read.calls.append(ToolCall(id=call_id, name=name, arguments=arguments(block.get("input"))))


def parse_response(response: Any, estimate: Estimate | None = None) -> AIResponse:
    """A Messages-API answer (the SDK's, read as the server sent it) as our AIResponse;
    ``estimate`` stands in for usage the server did not give (without it, a bare guess from
    the answer alone, still marked ``estimated``)."""
    raw = as_dict(response)
    content = raw.get("content")
    if not isinstance(content, list):
        raise malformed("the answer's content is not a list of blocks")
    read = _Read()
    for block in content:
        _block(block, read)
    text, tagged = split_thinking("\n".join(read.texts))
    stop = raw.get("stop_reason")
    parsed = AIResponse(
        content=text,
        thinking=joined(read.thoughts + tagged),
        refusal=(text or DECLINED) if stop == "refusal" else None,
        tool_calls=read.calls,
        stop_reason=stop if isinstance(stop, str) else None,
    )
    usage = read_usage(raw.get("usage"), parsed, estimate or _bare, inclusive=False)
    return parsed.model_copy(update={"usage": usage})


def _bare(parsed: AIResponse) -> Usage:
    return estimator([], [], "")(parsed)


class AIClient(SDKClient):
    """Claude through the anthropic SDK."""

    label = "claude"

    def __init__(
        self,
        api_key: str | None = None,
        model: str | None = None,
        *,
        max_tokens: int = 1024,
        timeout_s: float = 30.0,
        base_url: str | None = None,
        retry: RetryPolicy | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        on_retry: Callable[[RetryNotice], None] | None = None,
    ) -> None:
        import anthropic  # seconds to import: paid by a client made, not by importing this

        key = api_key or os.environ.get(KEY_ENV)
        if not key:
            raise ConfigurationError(MISSING_KEY)
        super().__init__(
            model=resolve_model(model),
            key=key,
            errors=SDKErrors.of(anthropic),
            advice=ADVICE,
            timeout_s=timeout_s,
            retry=retry,
            sleep=sleep,
            on_retry=on_retry,
        )
        self.max_tokens = max_tokens
        self._client = anthropic.AsyncAnthropic(
            api_key=key, base_url=base_url, max_retries=0, timeout=timeout_s + 5
        )
        self.base_url = str(self._client.base_url)

    async def chat(
        self, messages: list[Message], tools: list[dict[str, Any]], system: str
    ) -> AIResponse:
        params: dict[str, Any] = {
            "model": self.model,
            "max_tokens": self.max_tokens,
            "system": [{"type": "text", "text": system, "cache_control": {"type": "ephemeral"}}],
            "messages": to_anthropic(messages),
            "tools": _cached(tools),
        }
        estimate = estimator(messages, tools, system)
        return await self._call(
            lambda: self._client.messages.create(**params),
            lambda response: parse_response(response, estimate),
        )


def _cached(tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Mark the tool list as a prompt-cache breakpoint: it is identical on every turn."""
    if not tools:
        return tools
    return [*tools[:-1], {**tools[-1], "cache_control": {"type": "ephemeral"}}]
