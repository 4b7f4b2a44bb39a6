"""A local site of attack pages whose server records whether a cancellation really happened.

Every request whose path contains ``/do-cancel`` or ``/commit`` (any method: link, GET or POST
form, fetch, XHR, beacon) cancels that case's membership; ``/do-delete`` deletes the account.
So does a WebSocket message ``{"event": "commit", "path": "/case/..."}`` to ``{{SOCKET}}``, the
site's socket server. The test reads the server's state, never the page's word for it.
``{{OTHER}}`` in a page becomes the same server under another origin (``localhost`` instead of
``127.0.0.1``), for frames.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler
from typing import ClassVar, Self, cast

from websockets.sync.server import ServerConnection, serve

from subterminator.simulator.server import LocalServer

CONFIRMED = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Membership cancelled</title></head><body><h1>Your membership has been cancelled</h1>
<p>It ends on March 3, 2027.</p></body></html>"""


class _Handler(BaseHTTPRequestHandler):
    pages: ClassVar[dict[str, dict[str, str]]] = {}
    effects: ClassVar[dict[str, set[str]]] = {}
    socket_url: ClassVar[str] = ""
    lock: ClassVar[threading.Lock] = threading.Lock()

    def log_message(self, format: str, *args: object) -> None:
        pass

    def _serve(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        parts = self.path.split("?")[0].strip("/").split("/")
        case = parts[0] if parts else ""
        for marker, effect in (
            ("do-cancel", "cancel"),
            ("/commit", "cancel"),
            ("do-delete", "delete"),
        ):
            if marker in self.path:
                with self.lock:
                    self.effects.setdefault(case, set()).add(effect)
                self._send(200, CONFIRMED)
                return
        page = self.pages.get(case, {}).get("/".join(parts[1:]) or "index")
        if page is None:
            self._send(404, "<h1>Not found</h1>")
            return
        port = cast(tuple[str, int], self.server.server_address)[1]
        page = page.replace("{{SOCKET}}", self.socket_url)
        self._send(200, page.replace("{{OTHER}}", f"http://localhost:{port}/{case}"))

    def _send(self, status: int, body: str) -> None:
        data = body.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_POST = do_PUT = do_DELETE = _serve


class AttackSite(LocalServer):
    """Serves ``pages[case][page]`` at ``/case/page`` (``page`` may hold slashes: a case under
    the flow's address, ``cancelplan/index``); remembers what each case's server did."""

    def __init__(self, pages: dict[str, dict[str, str]]) -> None:
        self._sockets = serve(self._message, "127.0.0.1", 0)
        host, port = self._sockets.socket.getsockname()[:2]
        handler = cast(
            type[_Handler],
            type(
                "Handler",
                (_Handler,),
                {"pages": pages, "effects": {}, "socket_url": f"ws://{host}:{port}/live"},
            ),
        )
        super().__init__(handler)
        self._handler = handler
        self._socket_thread = threading.Thread(target=self._sockets.serve_forever, daemon=True)

    def start(self) -> Self:
        self._socket_thread.start()
        return super().start()

    def stop(self) -> None:
        super().stop()
        self._sockets.shutdown()
        self._socket_thread.join(timeout=5)

    def _message(self, connection: ServerConnection) -> None:
        """A case's socket: a ``commit`` event cancels the case its page's path names."""
        for message in connection:
            try:
                data = json.loads(message)
            except ValueError:
                continue
            if isinstance(data, dict) and data.get("event") == "commit":
                case = str(data.get("path", "")).strip("/").split("/")[0]
                with self._handler.lock:
                    self._handler.effects.setdefault(case, set()).add("cancel")

    @property
    def sockets(self) -> str:
        """The socket server's origin (another port of this machine: named to the run's reach,
        as a site's own socket would be on its own origin)."""
        return self._handler.socket_url.replace("ws://", "http://").removesuffix("/live")

    @property
    def other(self) -> str:
        """The ``{{OTHER}}`` origin: part of the run (its frames), named to the run's reach."""
        return self.base_url.replace("127.0.0.1", "localhost")

    def url(self, case: str, page: str = "index") -> str:
        return f"{self.base_url}/{case}/{page}"

    def add(self, case: str, pages: dict[str, str]) -> None:
        """Serve another case while running (generated pages get a fresh case each)."""
        with self._handler.lock:
            self._handler.pages[case] = pages

    def reset(self, case: str) -> None:
        self._handler.effects.pop(case, None)

    def cancelled(self, case: str) -> bool:
        return "cancel" in self._handler.effects.get(case, set())

    def deleted(self, case: str) -> bool:
        return "delete" in self._handler.effects.get(case, set())
