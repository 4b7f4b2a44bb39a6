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
    "tool_call",
]


def tool_call(name: str, id: str = "call_1", **arguments: Any) -> dict[str, Any]:
    """One function call as chat completions return it (arguments as a JSON string)."""
    return {
        "id": id,
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(arguments)},
    }


def completion(
    *calls: dict[str, Any],
    content: str | None = None,
    finish_reason: str | None = None,
    prompt_tokens: int = 1200,
    cached_tokens: int = 900,
    usage: bool = True,
    model: str = "gpt-4o",
) -> Reply:
    """A well-formed chat completion: ``calls`` (``tool_call(...)``) and/or ``content``;
    ``usage=False`` leaves usage out, as some compatible servers do."""
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
                },
                "finish_reason": finish_reason or ("tool_calls" if calls else "stop"),
            }
        ],
    }
    if usage:
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
