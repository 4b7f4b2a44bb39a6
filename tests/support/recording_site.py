"""A local site that records every request it receives: what reached it is the proof."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler
from typing import ClassVar, cast
from urllib.parse import urlsplit

from subterminator.simulator.server import LocalServer

DONE = "<!doctype html><html lang='en'><title>Received</title><p>Received.</p></html>"


class _Handler(BaseHTTPRequestHandler):
    pages: ClassVar[dict[str, str]] = {}
    seen: ClassVar[list[tuple[str, str]]] = []
    lock: ClassVar[threading.Lock] = threading.Lock()

    def log_message(self, format: str, *args: object) -> None:
        pass

    def _serve(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        parts = urlsplit(self.path)
        with self.lock:
            self.seen.append((self.command, self.path))
        page = self.pages.get(parts.path)
        body = (page if page is not None else DONE).replace("{{OTHER}}", self._other())
        data = body.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("Access-Control-Allow-Origin", "*")
        self.end_headers()
        self.wfile.write(data)

    def _other(self) -> str:
        """This server under another site's name (localhost, not 127.0.0.1)."""
        return f"http://localhost:{cast(tuple[str, int], self.server.server_address)[1]}"

    do_GET = do_POST = _serve


class RecordingSite(LocalServer):
    """Pages from a dict; every request it receives is kept as (method, path with query)."""

    def __init__(self, pages: dict[str, str]) -> None:
        handler = cast(type[_Handler], type("Handler", (_Handler,), {"pages": pages, "seen": []}))
        super().__init__(handler)
        self._handler = handler

    def url(self, path: str) -> str:
        return f"{self.base_url}{path}"

    @property
    def seen(self) -> list[tuple[str, str]]:
        with self._handler.lock:
            return list(self._handler.seen)

    def received(self, marker: str) -> list[tuple[str, str]]:
        """The requests whose path holds ``marker``."""
        return [(m, p) for m, p in self.seen if marker in p]

    def reset(self) -> None:
        with self._handler.lock:
            self._handler.seen.clear()


def page(lang: str, title: str, body: str, script: str = "") -> str:
    return (
        f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'><title>{title}</title>"
        f"</head><body><h1>{title}</h1>{body}<script>{script}</script></body></html>"
    )
