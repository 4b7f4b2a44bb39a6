"""A local stand-in for the Messages API, so the real SDK path runs offline.

Queue replies (JSON bodies, raw bodies, error statuses, delays) or a responder that builds
a reply from the request; every request is recorded with its headers and JSON body
(the server is ``harness.fake_api``'s, shared with ``FakeOpenAI``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from harness.fake_api import FakeAPI, Recorded, Reply, Responder, newest_elements

__all__ = [
    "FakeAnthropic",
    "Recorded",
    "Reply",
    "Responder",
    "error",
    "latest_elements",
    "message",
    "request_texts",
    "text",
    "thinking",
    "tool_use",
]


USAGE = {
    "input_tokens": 1200,
    "output_tokens": 40,
    "cache_creation_input_tokens": 0,
    "cache_read_input_tokens": 900,
}


def message(
    *blocks: dict[str, Any],
    stop_reason: str = "tool_use",
    input_tokens: int = 1200,
    usage: bool | dict[str, Any] = True,
) -> Reply:
    """A Messages API reply with the given content blocks; ``usage=False`` leaves usage out,
    as some gateways do, and a dict is sent as the usage."""
    body: dict[str, Any] = {
        "id": "msg_fake",
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-4-6",
        "content": list(blocks),
        "stop_reason": stop_reason,
        "stop_sequence": None,
    }
    if isinstance(usage, dict):
        body["usage"] = usage
    elif usage:
        body["usage"] = {**USAGE, "input_tokens": input_tokens}
    return Reply(body=body)


def tool_use(name: str, id: str = "toolu_1", **arguments: Any) -> dict[str, Any]:
    return {"type": "tool_use", "id": id, "name": name, "input": arguments}


def text(value: str) -> dict[str, Any]:
    return {"type": "text", "text": value}


def thinking(value: str) -> dict[str, Any]:
    """A thinking block, as Claude sends one with extended thinking on."""
    return {"type": "thinking", "thinking": value, "signature": "sig-fake"}


def request_texts(body: dict[str, Any]) -> Iterator[str]:
    """The texts of a Messages API request body, newest first (text blocks, tool results)."""
    for message in reversed(body["messages"]):
        content = message["content"]
        blocks = content if isinstance(content, list) else [{"type": "text", "text": content}]
        for block in reversed(blocks):
            inner = block.get("content") if block.get("type") == "tool_result" else None
            if isinstance(inner, str):
                yield inner
                continue
            parts = inner if isinstance(inner, list) else [block]
            yield from (p.get("text") or "" for p in parts if isinstance(p, dict))


def latest_elements(body: dict[str, Any]) -> list[dict[str, Any]]:
    """The elements of the newest full snapshot in a Messages API request body (in a text
    block, or in a tool result's text)."""
    return newest_elements(request_texts(body))


def error(status: int, kind: str, detail: str = "fake error") -> Reply:
    return Reply(status=status, body={"type": "error", "error": {"type": kind, "message": detail}})


class FakeAnthropic(FakeAPI):
    """``with FakeAnthropic() as api: AIClient(base_url=api.url, ...)``."""

    def unqueued(self) -> Reply:
        return error(500, "api_error", "FakeAnthropic has no reply queued")
