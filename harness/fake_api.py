"""A local model API for the real SDK path to run against offline: the server both fakes share.

Queue replies (JSON bodies, raw bodies, error statuses, delays) or a responder that builds a
reply from the request; every request is recorded with its path, headers and JSON body. A
subclass says what an unqueued request gets and names its request-id header.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any, Self

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


def newest_elements(texts: Iterable[str]) -> list[dict[str, Any]]:
    """The elements of the first full snapshot in ``texts`` (a request's texts, newest first):
    what a scripted model reads to pick its next ref, on either API's wire."""
    for text in texts:
        start = text.find('{"snapshot_id"')
        if start >= 0:
            snapshot = json.JSONDecoder().raw_decode(text[start:])[0]
            if isinstance(snapshot.get("elements"), list):
                return list(snapshot["elements"])
    raise AssertionError("no snapshot in the request")


def plan_responder(
    plan: list[tuple[str, str, int]],
    elements: Callable[[dict[str, Any]], list[dict[str, Any]]],
    click: Callable[[int, str], Reply],
    done: Callable[[int], Reply],
) -> Responder:
    """A model that clicks ``plan``'s (role, name, nth) steps in turn, each by the ref the
    request's newest snapshot gives it, then says it is done; ``click`` and ``done`` speak
    the API's wire."""
    step = {"n": 0}

    def answer(body: dict[str, Any]) -> Reply:
        n = step["n"]
        step["n"] += 1
        if n >= len(plan):
            return done(n)
        role, name, nth = plan[n]
        same = [e for e in elements(body) if (e["role"], e["name"]) == (role, name)]
        return click(n, same[nth]["ref"])

    return answer


class FakeAPI(LocalServer):
    """``with Fake() as api: client(base_url=api.url)``; ``api.queue(...)`` what it answers."""

    request_id_header = "request-id"

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
                    reply = owner.unqueued()
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
                    self.send_header(owner.request_id_header, "req_fake")
                    for key, value in reply.headers.items():
                        self.send_header(key, value)
                    self.send_header("content-length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test): nothing to answer

        super().__init__(Handler)

    def unqueued(self) -> Reply:
        """What a request gets when nothing is queued: a server error naming the fake."""
        raise NotImplementedError

    @property
    def url(self) -> str:
        return self.base_url

    def queue(self, *replies: Reply | Responder) -> Self:
        self.replies.extend(replies)
        return self
