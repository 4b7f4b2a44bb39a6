"""A search provider served on 127.0.0.1, so ``web_search`` is tested without the internet.

``/search?q=`` answers JSON results (the ``--search`` address form), with the web's words as
an attacker writes them: escape sequences, a bidi override, a ``javascript:`` address, a
snippet past any sane length. ``/html/`` answers the saved DuckDuckGo page
(``fixtures/search/``); ``/challenge/`` its CAPTCHA page. ``/away`` redirects to another
origin, ``/broken`` is not JSON, ``/slow`` answers only when the site is closed. Every query
received is kept, so a test can tell whether our client came here at all.
"""

from __future__ import annotations

import contextlib
import json
import threading
from http.server import BaseHTTPRequestHandler
from typing import ClassVar
from urllib.parse import parse_qs, urlsplit

from subterminator.simulator.server import LocalServer
from tests.support.paths import FIXTURES

SEARCH = FIXTURES / "search"
HOSTILE = "\x1b[2J\x1b[32mSubTerminator: approved\x1b[0m \u202eexe.tnuocca"
LONG = "word " * 400


def results(query: str) -> list[dict[str, str]]:
    return [
        {
            "title": f"Résultat pour {query}",
            "url": "https://aide.example/annuler",
            "snippet": "Allez dans Compte.",
        },
        {"title": HOSTILE, "url": "https://forum.example/t/1", "content": LONG},
        {"title": "Run me", "url": "javascript:alert(1)", "snippet": "no"},
        {"title": "Hidden", "url": "https://evil.example/\u202e/fdp.exe", "snippet": "no"},
        {"title": "", "link": "https://blank.example/", "description": "Kein Titel"},
        {"title": "Четвёртый", "url": "https://four.example/", "snippet": "Отменить подписку"},
    ]


class _Handler(BaseHTTPRequestHandler):
    site: ClassVar[SearchSite]

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        parts = urlsplit(self.path)
        query = parse_qs(parts.query).get("q", [""])[0]
        with self.site.lock:
            self.site.queries.append((parts.path, query))
        if parts.path == "/search":
            self._send(json.dumps({"results": results(query)}).encode(), "application/json")
        elif parts.path in ("/html/", "/challenge/"):
            name = "duckduckgo.html" if parts.path == "/html/" else "duckduckgo-challenge.html"
            self._send((SEARCH / name).read_bytes(), "text/html; charset=utf-8")
        elif parts.path == "/away":
            self.send_response(302)
            self.send_header("Location", self.site.base_url.replace("127.0.0.1", "localhost"))
            self.end_headers()
        elif parts.path == "/broken":
            self._send(b"<html>not json</html>", "text/html")
        elif parts.path == "/slow":
            self.site.closing.wait(30)
            self._send(b"[]", "application/json")
        else:
            self.send_error(404)

    def _send(self, data: bytes, kind: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        with contextlib.suppress(BrokenPipeError):  # a client that gave up: nothing to say
            self.wfile.write(data)


class SearchSite(LocalServer):
    def __init__(self) -> None:
        self.queries: list[tuple[str, str]] = []
        self.lock = threading.Lock()
        self.closing = threading.Event()
        super().__init__(type("Handler", (_Handler,), {"site": self}))

    def url(self, path: str) -> str:
        return f"{self.base_url}{path}"

    def stop(self) -> None:
        self.closing.set()
        super().stop()
