"""``OpenAIClient``: one turn through ``openai.AsyncOpenAI``, for OpenAI's models and for any
OpenAI-compatible server (vLLM, Ollama, LM Studio, llama.cpp, a proxy).

It speaks **chat completions with tools**, not the Responses API: chat completions is what
OpenAI-compatible servers implement, so one client serves OpenAI and all of them, and nothing
the Responses API adds (state kept by the server, built-in tools) is of use to a loop whose
orchestrator owns the conversation.

The guarantees are Claude's, from the same code: the guard, the time limit, the retry policy and
the plain-worded errors are ``SDKClient``'s, and history compaction and the token budgets are
applied by the orchestrator before any client is asked. What differs is the wire:

- tools: our schemas as ``{"type": "function", "function": {name, description, parameters}}``
  (the same schemas Claude gets, so both see one tool contract);
- the screenshot: a tool message carries text only, so the latest screenshot follows its tool
  reply as a user message with an image part (a user message carries its own). A model known
  to read no images gets none, and a server that refuses one (a text-only model behind vLLM,
  Ollama or LM Studio) is asked again at once without, and for the rest of the run;
- the answer: read as the server sent it, in every shape compatible servers use
  (``subterminator.ai.completion``), its usage with the cached part apart, as Claude's is
  counted, and our estimate, marked ``estimated``, for counts a server leaves out
  (``subterminator.ai.usage``);
- the answer's length: OpenAI's own API takes ``max_completion_tokens`` (its reasoning models
  refuse ``max_tokens``), compatible servers take ``max_tokens``; reasoning models spend hidden
  tokens before they answer, so their cap is larger.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
from collections.abc import Awaitable, Callable
from typing import Any, Literal

from subterminator.ai.api_errors import Advice, Failure, SDKErrors
from subterminator.ai.completion import parse_completion
from subterminator.ai.render import message_image, message_text, shown_arguments, shown_name
from subterminator.ai.retry import RetryNotice, RetryPolicy
from subterminator.ai.sdk_client import SDKClient
from subterminator.ai.selection import (
    BASE_URL_ENV,
    KEY_ENVS,
    MODEL_ENV,
    is_openai_api,
    is_openai_name,
    missing_key,
)
from subterminator.ai.usage import estimator
from subterminator.errors import ConfigurationError
from subterminator.models.conversation import AIResponse, Message, ToolCall

log = logging.getLogger(__name__)

KEY_ENV = KEY_ENVS["openai"]
MISSING_KEY = missing_key(KEY_ENV)
DEFAULT_OPENAI_MODEL = "gpt-4o"  # used when neither --model nor the env names one
# Local compatible servers mostly need no key, but the SDK will not send a request without one.
NO_KEY = "no-key-needed"
SCREENSHOT_NOTE = "The screenshot of the page in the tool reply above."
MAX_TOKENS = 1024
REASONING_MAX_TOKENS = 8192
# Names OpenAI serves that read text only: they are never sent an image.
_TEXT_ONLY = re.compile(
    r"^(?:gpt-3\.5|gpt-4(?:-0314|-0613|-32k\S*|-1106-preview|-0125-preview)?$|"
    r"o1-mini|o1-preview|o3-mini)"
)
_REASONING = re.compile(r"^(?:o\d+|gpt-5)(?:-|$)")
# A server saying it takes no images (vLLM, Ollama, LM Studio, llama.cpp, OpenAI, gateways): the
# message must say so, not merely name ``image_url`` (a bad data URL or a fetch failure does).
_IMAGE = r"(?:images?|image[ _]?(?:url|input|content)s?|vision|multi-?modal)"
_IMAGES_REFUSED = re.compile(
    rf"\b(?:not|no|cannot|can't|doesn't|does not|unable to)\b[^.;]{{0,40}}"
    rf"\b(?:support|accept|take|handle|allow|read)(?:s|ing)?\b[^.;]{{0,15}}{_IMAGE}|"
    rf"\bnot an? {_IMAGE}|"
    rf"\b{_IMAGE}\b[^.;]{{0,60}}\b(?:not (?:supported|enabled|allowed|available)|unsupported|"
    rf"disabled|only supported by)|"
    rf"\bunsupported\b[^.;]{{0,30}}{_IMAGE}|\bat most 0 {_IMAGE}|\btext[- ]only\b|"
    rf"\bonly (?:text|string)s?\b[^.;]{{0,30}}\b(?:supported|allowed|content)",
    re.IGNORECASE,
)


def accepts_images(model: str) -> bool:
    """Whether to send ``model`` screenshots at first (a refusal turns them off later)."""
    return not _TEXT_ONLY.match(model)


def openai_tools(tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Our tool schemas (name, description, input_schema) as chat-completions functions."""
    return [
        {
            "type": "function",
            "function": {
                "name": tool["name"],
                "description": tool["description"],
                "parameters": tool["input_schema"],
            },
        }
        for tool in tools
    ]


def _image_part(image: str) -> dict[str, Any]:
    return {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{image}"}}


def _call(call: ToolCall) -> dict[str, Any]:
    arguments = json.dumps(shown_arguments(call.arguments), ensure_ascii=False)
    return {
        "id": call.id,
        "type": "function",
        "function": {"name": shown_name(call.name), "arguments": arguments},
    }


def to_openai(messages: list[Message], system: str, *, images: bool) -> list[dict[str, Any]]:
    """The system prompt and our messages as chat-completions messages; with ``images``, each
    screenshot shown in full goes as an image part."""
    out: list[dict[str, Any]] = [{"role": "system", "content": system}]
    for message in messages:
        text = message_text(message)
        image = message_image(message) if images else None
        if message.role == "tool":
            out.append(
                {"role": "tool", "tool_call_id": message.tool_call_id or "", "content": text}
            )
            if image:  # a tool message takes text only: the screenshot follows it
                parts = [{"type": "text", "text": SCREENSHOT_NOTE}, _image_part(image)]
                out.append({"role": "user", "content": parts})
        elif message.role == "assistant":
            entry: dict[str, Any] = {"role": "assistant", "content": text or None}
            if message.tool_calls:
                entry["tool_calls"] = [_call(call) for call in message.tool_calls]
            else:
                entry["content"] = text or "(no text)"
            out.append(entry)
        elif image:
            parts = [{"type": "text", "text": text or "(no text)"}, _image_part(image)]
            out.append({"role": "user", "content": parts})
        else:
            out.append({"role": "user", "content": text or "(no text)"})
    return out


class _ImagesRefusedError(Exception):
    """The server will not take an image for this model: ask again without."""


class OpenAIClient(SDKClient):
    """OpenAI's models, or any model of an OpenAI-compatible server (``base_url``, or the SDK's
    own ``OPENAI_BASE_URL``), through the openai SDK."""

    def __init__(
        self,
        api_key: str | None = None,
        model: str | None = None,
        *,
        max_tokens: int | None = None,
        timeout_s: float = 30.0,
        base_url: str | None = None,
        retry: RetryPolicy | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        on_retry: Callable[[RetryNotice], None] | None = None,
        images: bool | None = None,
        limit_field: Literal["max_tokens", "max_completion_tokens"] | None = None,
    ) -> None:
        import openai  # seconds to import: paid by a client made, not by importing this

        url = base_url or os.environ.get(BASE_URL_ENV) or None
        compatible = url is not None and not is_openai_api(url)
        name = model or os.environ.get(MODEL_ENV) or DEFAULT_OPENAI_MODEL
        if not compatible and not is_openai_name(name):
            raise ConfigurationError(f"Unsupported model: {name}")
        key = api_key or os.environ.get(KEY_ENV)
        if not key and not compatible:
            raise ConfigurationError(MISSING_KEY)
        hint = (
            f"(the server names those it serves at {url.rstrip('/')}/models)"
            if url is not None and compatible
            else "(for example gpt-4o)"
        )
        super().__init__(
            model=name,
            key=key or "",
            errors=SDKErrors.of(openai),
            advice=Advice(key_env=KEY_ENV, model_hint=hint),
            timeout_s=timeout_s,
            retry=retry,
            sleep=sleep,
            on_retry=on_retry,
        )
        self.label = "openai-compatible" if compatible else "openai"
        self.images = accepts_images(name) if images is None else images
        self.max_tokens = max_tokens or (
            REASONING_MAX_TOKENS if _REASONING.match(name) else MAX_TOKENS
        )
        # None: by the server (cassettes recorded on a local server ask as OpenAI is asked)
        self._cap = limit_field or ("max_tokens" if compatible else "max_completion_tokens")
        self._client = openai.AsyncOpenAI(
            api_key=key or NO_KEY, base_url=url, max_retries=0, timeout=timeout_s + 5
        )
        self.base_url = str(self._client.base_url)

    async def chat(
        self, messages: list[Message], tools: list[dict[str, Any]], system: str
    ) -> AIResponse:
        if self.images and any(message_image(m) for m in messages):
            try:
                return await self._turn(messages, tools, system, images=True)
            except _ImagesRefusedError:
                self.images = False
                log.info("%s takes no images: screenshots are left out from now on", self.model)
        return await self._turn(messages, tools, system, images=False)

    async def _turn(
        self, messages: list[Message], tools: list[dict[str, Any]], system: str, *, images: bool
    ) -> AIResponse:
        params: dict[str, Any] = {
            "model": self.model,
            "messages": to_openai(messages, system, images=images),
            self._cap: self.max_tokens,
        }
        if tools:  # the API refuses an empty list
            params["tools"] = openai_tools(tools)
        estimate = estimator(messages, tools, system)
        return await self._call(
            lambda: self._client.chat.completions.create(**params),
            lambda response: parse_completion(response, estimate),
            refused_first=_images_refused if images else None,
        )


def _images_refused(failed: Failure) -> Exception | None:
    """A request refused for its image: a 4xx (not the key, the model or a rate) whose message
    says images are not taken, not one that merely names them."""
    status, message = failed.status, failed.body.message or ""
    if (
        status is not None
        and 400 <= status < 500
        and status not in (401, 403, 404, 429)
        and _IMAGES_REFUSED.search(message)
    ):
        return _ImagesRefusedError()
    return None
