"""A site of pages made per path, that keeps the path of every POST it receives.

The tests of Playwright MCP behind the gate put a final step on its pages and read here
whether the step's request ever reached the site.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler

from subterminator.simulator.server import LocalServer

Pages = Callable[["PostingSite", str], str]  # (the site, the GET's path and query) -> its HTML


class PostingSite(LocalServer):
    """``posted``: the paths POSTed to, in order."""

    def __init__(self, pages: Pages) -> None:
        self.posted: list[str] = []
        lock = threading.Lock()
        site = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                self._send(pages(site, self.path))

            def do_POST(self) -> None:
                with lock:
                    site.posted.append(self.path)
                self._send("<!doctype html><h1>OK</h1>")

            def _send(self, body: str) -> None:
                data = body.encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: object) -> None:
                pass

        super().__init__(Handler)
