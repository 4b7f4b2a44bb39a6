"""``AIClient``: one model turn through ``anthropic.AsyncAnthropic``.

The SDK's own retries are off (``max_retries=0``): the retry policy of spec 01 2.4.1 is the
only one. Every call has a hard wall (``timeout_s``, default 30 s: AC-P4). The API key lives
only inside the SDK client; it is never logged, stored or put in an error message.

Errors come out in plain words, never the SDK's dict repr: a refused key, permission or model
name is a ``ModelConfigurationError`` (a ``ConfigurationError``: no retry, no offline
fallback), anything else an ``LLMError`` with ``transient`` set for outages. Each retry is
told once, to ``on_retry`` as a ``RetryNotice``, and logged at DEBUG only.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
from collections.abc import Awaitable, Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import anthropic

from subterminator.ai.render import message_image, message_text, shown_arguments, shown_name
from subterminator.errors import ConfigurationError, LLMError, ModelConfigurationError
from subterminator.models.conversation import AIResponse, Message, ToolCall, Usage
from subterminator.net import is_loopback_host

log = logging.getLogger(__name__)

# Spec 03 names claude-sonnet-4-20250514, which reached end-of-life on 2026-06-15.
DEFAULT_MODEL = "claude-sonnet-4-6"
MODEL_ENV = "SUBTERMINATOR_MODEL"
KEY_ENV = "ANTHROPIC_API_KEY"
MISSING_KEY = "Missing ANTHROPIC_API_KEY. Set it via environment variable."
# Tests set this to False (the pytest plugin, unless --live): a request to anything but a
# loopback address then fails loudly instead of reaching the real API.
ALLOW_MODEL_REQUESTS = True
# A scoped override for cassette playback, where vcrpy answers every request (as pydantic-ai's
# ``override_allow_model_requests``): nothing leaves the machine, so the guard may let it pass.
_PLAYBACK: ContextVar[bool] = ContextVar("subterminator_model_playback", default=False)


@contextlib.contextmanager
def allow_model_requests() -> Iterator[None]:
    """Within this block, AIClient requests pass the guard (cassette playback only)."""
    token = _PLAYBACK.set(True)
    try:
        yield
    finally:
        _PLAYBACK.reset(token)


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


class ModelRequestsBlockedError(ConfigurationError):
    """A real model request was attempted where none may be made."""


@dataclass(frozen=True)
class RetryPolicy:
    """Spec 01 2.4.1: 1 s initial delay, x2 backoff, 3 attempts, 10 s cap."""

    initial_delay: float = 1.0
    multiplier: float = 2.0
    max_attempts: int = 3
    max_delay: float = 10.0

    def delay(self, retry: int) -> float:
        return float(min(self.initial_delay * self.multiplier**retry, self.max_delay))


def resolve_model(cli_model: str | None = None) -> str:
    """``--model``, then ``SUBTERMINATOR_MODEL``, then the default; any ``claude-*`` name."""
    name = cli_model or os.environ.get(MODEL_ENV) or DEFAULT_MODEL
    if not name.startswith("claude-"):
        raise ConfigurationError(f"Unsupported model: {name}")
    return name


@dataclass(frozen=True)
class RetryNotice:
    """One retry of a model call, told once, before its wait.

    ``attempt`` is the attempt that just failed (1-based), so this is retry ``attempt`` of
    ``max_attempts - 1``; ``reason`` is a sentence start ("The model API is overloaded"),
    ``cause`` the plain detail ("HTTP 529 overloaded_error: Overloaded"), ``status`` the HTTP
    status or None for a failed connection.
    """

    attempt: int
    max_attempts: int
    delay_s: float
    reason: str
    cause: str
    status: int | None = None

    @property
    def retries(self) -> int:
        return self.max_attempts - 1

    @property
    def text(self) -> str:
        status = f" (HTTP {self.status})" if self.status else ""
        return (
            f"{self.reason}{status}; trying again in {self.delay_s:g} s "
            f"(retry {self.attempt} of {self.retries})."
        )


def _retryable(exc: Exception) -> bool:
    if isinstance(exc, anthropic.APITimeoutError):
        return False  # a slow model is not helped by asking again: AC-P4 wants an answer in 30 s
    if isinstance(exc, anthropic.APIConnectionError | anthropic.RateLimitError):
        return True
    return isinstance(exc, anthropic.APIStatusError) and exc.status_code >= 500


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


def parse_response(response: Any) -> AIResponse:
    """An SDK ``Message`` as our AIResponse; anything unusable is an ``LLMError``."""
    try:
        texts: list[str] = []
        calls: list[ToolCall] = []
        for block in response.content:
            if block.type == "text":
                texts.append(block.text)
            elif block.type == "tool_use":
                calls.append(ToolCall(id=block.id, name=block.name, arguments=block.input))
        usage = response.usage
        return AIResponse(
            content="\n".join(texts),
            tool_calls=calls,
            stop_reason=response.stop_reason,
            usage=Usage(
                input_tokens=usage.input_tokens or 0,
                output_tokens=usage.output_tokens or 0,
                cache_creation_input_tokens=getattr(usage, "cache_creation_input_tokens", 0) or 0,
                cache_read_input_tokens=getattr(usage, "cache_read_input_tokens", 0) or 0,
            ),
        )
    except (AttributeError, TypeError, ValueError) as exc:
        raise LLMError(f"Malformed response from the model API: {exc}") from None


class AIClient:
    """Claude through the anthropic SDK."""

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
        key = api_key or os.environ.get(KEY_ENV)
        if not key:
            raise ConfigurationError(MISSING_KEY)
        self.model = resolve_model(model)
        self.max_tokens = max_tokens
        self.timeout_s = timeout_s
        self.retry = retry or RetryPolicy()
        self._sleep = sleep
        self.on_retry = on_retry
        self._client = anthropic.AsyncAnthropic(
            api_key=key, base_url=base_url, max_retries=0, timeout=timeout_s + 5
        )
        self.base_url = str(self._client.base_url)

    async def chat(
        self, messages: list[Message], tools: list[dict[str, Any]], system: str
    ) -> AIResponse:
        if not (ALLOW_MODEL_REQUESTS or _PLAYBACK.get()) and not is_loopback_host(
            urlsplit(self.base_url).hostname or ""
        ):
            raise ModelRequestsBlockedError(
                f"Real model requests are disabled here (tests run without --live); "
                f"a request to {self.base_url} was refused"
            )
        params: dict[str, Any] = {
            "model": self.model,
            "max_tokens": self.max_tokens,
            "system": [{"type": "text", "text": system, "cache_control": {"type": "ephemeral"}}],
            "messages": to_anthropic(messages),
            "tools": _cached(tools),
        }
        for attempt in range(self.retry.max_attempts):
            try:
                async with asyncio.timeout(self.timeout_s):  # cancellation-safe, unlike wait_for
                    response = await self._client.messages.create(**params)
                return parse_response(response)
            except (TimeoutError, anthropic.APITimeoutError):
                raise LLMError(
                    f"The model API did not answer within {self.timeout_s:.0f} s (timeout)",
                    transient=True,
                ) from None
            except ValueError as exc:  # the body was not JSON at all
                raise LLMError(
                    self._scrub(f"Malformed response from the model API: {exc}")
                ) from None
            except anthropic.APIError as exc:
                refused = _configuration_error(exc, self.model)
                if refused is not None:
                    raise refused from None
                reason, cause, status = _describe(exc)
                attempts = attempt + 1
                if not _retryable(exc):
                    detail = f"{reason} ({cause})" if status else reason
                    raise LLMError(self._scrub(detail)) from None
                if attempts >= self.retry.max_attempts:
                    detail = f"{reason} ({cause})" if status else reason
                    raise LLMError(
                        self._scrub(f"{detail}; gave up after {attempts} attempts"),
                        transient=True,
                    ) from None
                notice = RetryNotice(
                    attempt=attempts,
                    max_attempts=self.retry.max_attempts,
                    delay_s=self.retry.delay(attempt),
                    reason=reason,
                    cause=self._scrub(cause),
                    status=status,
                )
                # DEBUG: the person hears of it once, through on_retry; a CLI that configures
                # no logging would otherwise print a WARNING a second time (last-resort handler)
                log.debug("model API: %s", notice.text)
                if self.on_retry is not None:
                    self.on_retry(notice)
                await self._sleep(notice.delay_s)
        raise AssertionError("unreachable")  # pragma: no cover

    def _scrub(self, text: str) -> str:
        """Belt and braces: the key never reaches a message, whatever an answer echoes."""
        key = self._client.api_key
        return text.replace(key, "[key]") if key else text


def _cached(tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Mark the tool list as a prompt-cache breakpoint: it is identical on every turn."""
    if not tools:
        return tools
    return [*tools[:-1], {**tools[-1], "cache_control": {"type": "ephemeral"}}]


_ONE_LINE = re.compile(r"\s+")
_MODEL_REFUSED = re.compile(
    r"^model:|\b(?:invalid|unknown)\s+model\b|"
    r"\bmodel\b.*\b(?:not found|does not exist|is not (?:a )?(?:valid|supported|available))",
    re.IGNORECASE,
)


def _error_body(exc: anthropic.APIError) -> tuple[str | None, str | None]:
    """The error ``type`` and ``message`` of a Messages-API error body, when it has them."""
    body = exc.body
    if isinstance(body, dict):
        error = body.get("error")
        inner = error if isinstance(error, dict) else body
        kind, message = inner.get("type"), inner.get("message")
        return (
            kind if isinstance(kind, str) and kind and kind != "error" else None,
            _ONE_LINE.sub(" ", message).strip()[:300] if isinstance(message, str) else None,
        )
    if isinstance(body, str):  # not JSON: a proxy's page; a short plain line is worth showing
        line = _ONE_LINE.sub(" ", body).strip()
        if line and len(line) <= 200 and not line.startswith("<"):
            return None, line
    return None, None


def _host(exc: anthropic.APIError) -> str:
    try:
        url = exc.request.url
    except (AttributeError, RuntimeError):  # pragma: no cover - the SDK always sets it
        return "the model API"
    return f"{url.host}:{url.port}" if url.port else str(url.host)


def _describe(exc: anthropic.APIError) -> tuple[str, str, int | None]:
    """Plain words for an SDK error: (reason, cause, HTTP status or None).

    ``reason`` starts a sentence ("The model API is overloaded"); ``cause`` is the detail from
    the body ("HTTP 529 overloaded_error: Overloaded") or "could not connect to HOST".
    """
    if isinstance(exc, anthropic.APIStatusError):
        status = exc.status_code
        kind, message = _error_body(exc)
        cause = " ".join(p for p in (f"HTTP {status}", kind) if p)
        if message:
            cause += f": {message}"
        if status == 529 or kind == "overloaded_error":
            reason = "The model API is overloaded"
        elif status == 429:
            reason = "The model API is limiting the rate of requests"
        elif status >= 500:
            reason = "The model API had a server error"
        else:
            reason = "The model API refused the request"
        return reason, cause, status
    if isinstance(exc, anthropic.APIConnectionError):
        host = _host(exc)
        return f"Could not connect to the model API at {host}", f"could not connect to {host}", None
    return "The model API answered something unusable", type(exc).__name__, None


def _configuration_error(exc: anthropic.APIError, model: str) -> ModelConfigurationError | None:
    """A refusal of the key, its permission or the model name: the person has to fix it."""
    if not isinstance(exc, anthropic.APIStatusError):
        return None
    status = exc.status_code
    kind, message = _error_body(exc)
    if status == 401:
        text = (
            f"The model API refused the key (HTTP 401 {kind or 'authentication_error'}): "
            f"check {KEY_ENV}"
        )
    elif status == 403:
        text = (
            f"The model API refused the key (HTTP 403 {kind or 'permission_error'}): "
            f"this key may not use {model}; check its permissions, or choose another model "
            f"with --model or {MODEL_ENV}"
        )
    elif (status == 404 and message and "model" in message.lower()) or (
        status == 400 and kind == "invalid_request_error" and _MODEL_REFUSED.search(message or "")
    ):
        text = (
            f"The model API does not know the model '{model}' (HTTP {status}): choose another "
            f"with --model or {MODEL_ENV} (default {DEFAULT_MODEL})"
        )
    else:
        return None
    return ModelConfigurationError(text, status=status, kind=kind, model=model)
