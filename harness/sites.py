"""Serve pages on 127.0.0.1 for tests, benchmarks and demos: a folder, or a dict that records
what was POSTed to it."""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, SimpleHTTPRequestHandler
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from subterminator.simulator.server import LocalServer


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


class StaticSite(LocalServer):
    """A static HTTP server on a free loopback port; ``url(path)`` addresses its pages."""

    def __init__(self, root: Path) -> None:
        if not root.is_dir():
            raise FileNotFoundError(f"no such folder to serve: {root}")
        super().__init__(functools.partial(_QuietHandler, directory=str(root)))  # type: ignore[arg-type]
        self.root = root

    def url(self, path: str = "") -> str:
        return f"{self.base_url}/{path.lstrip('/')}"


@dataclass(frozen=True)
class Post:
    """One POST the site received: its path and its decoded form fields."""

    path: str
    form: dict[str, list[str]]
    at: float  # time.monotonic() when it arrived


class PostRecordingSite(LocalServer):
    """Pages from a dict (path -> HTML) on a free loopback port, recording every POST.

    The proof that a write reached the service, or did not: a test asserts on ``posts``
    rather than on what the agent or the page says. A POST is answered with the page at
    ``after_post[path]`` (or ``pages[path]``), else a 303 back to the same path.
    """

    def __init__(
        self, pages: Mapping[str, str], after_post: Mapping[str, str] | None = None
    ) -> None:
        for path in [*pages, *(after_post or {})]:
            if not path.startswith("/"):
                raise ValueError(f"a page path must start with '/': {path!r}")
        self.pages = dict(pages)
        self.after_post = dict(after_post or {})
        self.posts: list[Post] = []
        self._lock = threading.Lock()
        site = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                path = urlsplit(self.path).path
                html = site.pages.get(path)
                if html is None:
                    self._send(404, f"<title>Not found</title><h1>No page at {path}</h1>")
                else:
                    self._send(200, html)

            def do_POST(self) -> None:
                path = urlsplit(self.path).path
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length).decode("utf-8", errors="replace")
                with site._lock:
                    site.posts.append(Post(path, parse_qs(body), time.monotonic()))
                html = site.after_post.get(path, site.pages.get(path))
                if html is None:
                    self.send_response(303)
                    self.send_header("Location", path)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                else:
                    self._send(200, html)

            def _send(self, status: int, html: str) -> None:
                data = html.encode()
                self.send_response(status)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(data)

        super().__init__(Handler)

    def url(self, path: str = "/") -> str:
        return f"{self.base_url}/{path.lstrip('/')}"

    def posted(self, path: str | None = None) -> list[Post]:
        """The POSTs so far (to ``path`` only, if given), oldest first."""
        with self._lock:
            return [p for p in self.posts if path is None or p.path == path]
