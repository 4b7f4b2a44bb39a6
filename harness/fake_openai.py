"""A local OpenAI-compatible chat-completions API, as ``FakeAnthropic`` is a Messages API: the
real openai SDK path runs offline, and ``OPENAI_BASE_URL=api.url`` points a whole run at it.

``api.url`` ends in ``/v1``, as OpenAI's base URL and compatible servers' (vLLM, Ollama, LM
Studio) do. Queue replies (``completion(...)``, ``error(...)``, raw bodies, delays) or a
responder; every request is recorded with its path, headers and JSON body.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from harness.fake_api import FakeAPI, Recorded, Reply, Responder, newest_elements

__all__ = [
    "FakeOpenAI",
    "Recorded",
    "Reply",
    "Responder",
    "completion",
    "error",
    "latest_elements",
    "text_chunk",
    "thinking_chunk",
    "tool_call",
]


def tool_call(
    name: str, id: str = "call_1", *, typed: bool = True, as_object: bool = False, **arguments: Any
) -> dict[str, Any]:
    """One function call as chat completions return it: arguments as a JSON string, or as an
    object (``as_object``, as some llama.cpp and TGI versions send them); ``typed=False``
    leaves out ``"type"``, as one hosted provider does."""
    call: dict[str, Any] = {
        "id": id,
        "function": {"name": name, "arguments": arguments if as_object else json.dumps(arguments)},
    }
    return {**call, "type": "function"} if typed else call


def thinking_chunk(text: str) -> dict[str, Any]:
    """A reasoning chunk of a ``content`` list, as thinking models send one."""
    return {"type": "thinking", "thinking": [{"type": "text", "text": text}]}


def text_chunk(text: str) -> dict[str, Any]:
    return {"type": "text", "text": text}


def completion(
    *calls: dict[str, Any],
    content: str | list[Any] | None = None,
    finish_reason: str | None = None,
    prompt_tokens: int = 1200,
    cached_tokens: int = 900,
    usage: bool | dict[str, Any] = True,
    model: str = "gpt-4o",
    **fields: Any,
) -> Reply:
    """A chat completion: ``calls`` (``tool_call(...)``) and/or ``content`` (text, or a list
    of chunks); ``fields`` are further message fields as servers add them (``refusal``,
    ``reasoning_content``, ``reasoning``). ``usage=False`` leaves usage out, as some compatible
    servers do; a dict is sent as the usage, in whatever shape a server uses."""
    body: dict[str, Any] = {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": 1_790_000_000,
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {
                    "role": "assistant",
                    "content": content,
                    "refusal": None,
                    **({"tool_calls": list(calls)} if calls else {}),
                    **fields,
                },
                "finish_reason": finish_reason or ("tool_calls" if calls else "stop"),
            }
        ],
    }
    if isinstance(usage, dict):
        body["usage"] = usage
    elif usage:
        body["usage"] = {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": 40,
            "total_tokens": prompt_tokens + 40,
            "prompt_tokens_details": {"cached_tokens": cached_tokens},
        }
    return Reply(body=body)


def error(status: int, kind: str, detail: str = "fake error", code: str | None = None) -> Reply:
    """An error in OpenAI's shape: ``{"error": {"message", "type", "param", "code"}}``."""
    return Reply(
        status=status,
        body={"error": {"message": detail, "type": kind, "param": None, "code": code}},
    )


def latest_elements(body: dict[str, Any]) -> list[dict[str, Any]]:
    """The elements of the newest full snapshot in a chat-completions request body."""

    def texts() -> Iterator[str]:
        for message in reversed(body["messages"]):
            content = message.get("content")
            parts = content if isinstance(content, list) else [{"type": "text", "text": content}]
            yield from (part.get("text") or "" for part in parts)

    return newest_elements(texts())


class FakeOpenAI(FakeAPI):
    """``with FakeOpenAI() as api: OpenAIClient(base_url=api.url, ...)``."""

    request_id_header = "x-request-id"

    def unqueued(self) -> Reply:
        return error(500, "server_error", "FakeOpenAI has no reply queued")

    @property
    def url(self) -> str:
        return f"{self.base_url}/v1"
