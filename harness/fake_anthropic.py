"""A local stand-in for the Messages API, so the real SDK path runs offline.

Queue replies (JSON bodies, raw bodies, error statuses, delays) or a responder that builds
a reply from the request; every request is recorded with its headers and JSON body.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

from subterminator.simulator.server import LocalServer


@dataclass
class Reply:
    status: int = 200
    body: Any = None  # dict -> JSON; str/bytes -> sent as is
    delay: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class Recorded:
    path: str
    headers: dict[str, str]
    body: Any


Responder = Callable[[dict[str, Any]], Reply]


def message(
    *blocks: dict[str, Any], stop_reason: str = "tool_use", input_tokens: int = 1200
) -> Reply:
    """A well-formed Messages API reply with the given content blocks."""
    return Reply(
        body={
            "id": "msg_fake",
            "type": "message",
            "role": "assistant",
            "model": "claude-sonnet-4-6",
            "content": list(blocks),
            "stop_reason": stop_reason,
            "stop_sequence": None,
            "usage": {
                "input_tokens": input_tokens,
                "output_tokens": 40,
                "cache_creation_input_tokens": 0,
                "cache_read_input_tokens": 900,
            },
        }
    )


def tool_use(name: str, id: str = "toolu_1", **arguments: Any) -> dict[str, Any]:
    return {"type": "tool_use", "id": id, "name": name, "input": arguments}


def text(value: str) -> dict[str, Any]:
    return {"type": "text", "text": value}


def error(status: int, kind: str, detail: str = "fake error") -> Reply:
    return Reply(status=status, body={"type": "error", "error": {"type": kind, "message": detail}})


class FakeAnthropic(LocalServer):
    """``with FakeAnthropic() as api: AIClient(base_url=api.url, ...)``."""

    def __init__(self) -> None:
        self.replies: list[Reply | Responder] = []
        self.requests: list[Recorded] = []
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("content-length", 0)))
                body = json.loads(raw) if raw else None
                headers = {k.lower(): v for k, v in self.headers.items()}
                owner.requests.append(Recorded(self.path, headers, body))
                if not owner.replies:
                    reply = error(500, "api_error", "FakeAnthropic has no reply queued")
                else:
                    queued = owner.replies.pop(0)
                    reply = queued(body or {}) if callable(queued) else queued
                if reply.delay:
                    time.sleep(reply.delay)
                payload = reply.body
                data = (
                    json.dumps(payload).encode()
                    if isinstance(payload, dict | list)
                    else payload.encode()
                    if isinstance(payload, str)
                    else (payload or b"")
                )
                try:
                    self.send_response(reply.status)
                    self.send_header("content-type", "application/json")
                    self.send_header("request-id", "req_fake")
                    for key, value in reply.headers.items():
                        self.send_header(key, value)
                    self.send_header("content-length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test): nothing to answer

        super().__init__(Handler)

    @property
    def url(self) -> str:
        return self.base_url

    def queue(self, *replies: Reply | Responder) -> FakeAnthropic:
        self.replies.extend(replies)
        return self
