"""Serve a folder of pages on 127.0.0.1 for tests, benchmarks and demos."""

from __future__ import annotations

import functools
from http.server import SimpleHTTPRequestHandler
from pathlib import Path
from typing import Any

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
