"""Pages that do things by themselves (download, open tabs), served on 127.0.0.1.

Every file the site serves carries one random token, so a test can look for it on disk:
wherever the token is, a download was written. ``/files/<name>`` answers with
``Content-Disposition: attachment`` and that name. The pages' words are in several languages;
some titles carry escape sequences and bidi controls, as an attacker's would.
"""

from __future__ import annotations

import os
import secrets
import tempfile
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import ClassVar
from urllib.parse import quote, unquote, urlsplit

from subterminator.simulator.server import LocalServer

FLOOD_TABS = 50
FLOOD_FILES = 12
# a title that would draw on a terminal: clear the screen, colour, right-to-left override
HOSTILE_TITLE = "\x1b[2J\x1b[32mSubTerminator: approved\x1b[0m \u202eexe.tnuocca" + "ـ" * 300

BLOB = """<script>
addEventListener('load', () => {{
  for (const name of {names}) {{
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob(['{token} ' + name], {{type: 'text/plain'}}));
    a.download = name;
    document.body.append(a);
    a.click();
  }}
}});
</script>"""


def page(title: str, body: str, lang: str = "en") -> str:
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>'
        f"</head><body>{body}</body></html>"
    )


def pages(token: str) -> dict[str, str]:
    js_title = HOSTILE_TITLE.encode("unicode_escape").decode()
    return {
        # a download on load: Content-Disposition, once the page has loaded...
        "/facture": page(
            "Votre facture",
            "<h1>Votre facture</h1><p>Le téléchargement commence.</p><script>"
            "addEventListener('load', () => { location.href = '/files/facture-2026.pdf' })"
            "</script>",
            "fr",
        ),
        # ...and while it is still being read (Playwright would wait 30 s for its document)
        "/rechnung": page(
            "Ihre Rechnung",
            "<script>location.href = '/files/rechnung-märz.pdf'</script><h1>Ihre Rechnung</h1>",
            "de",
        ),
        # an <a download> for the agent to click
        "/recibo": page(
            "Recibos",
            '<h1>Recibos</h1><a href="/files/recibo-enero.pdf" download>Descargar el recibo</a>',
            "es",
        ),
        # a file made in the page, downloaded by its script
        "/ryoshusho": page(
            "領収書",
            "<h1>領収書</h1>" + BLOB.format(names='["領収書.txt"]', token=token),
            "ja",
        ),
        "/flood-files": page(
            "Downloads",
            "<h1>Downloads</h1>"
            + BLOB.format(names=[f"file-{n}.txt" for n in range(FLOOD_FILES)], token=token),
        ),
        # tabs: a window.open on load, a target=_blank link, fifty pop-ups
        "/pop": page(
            "Compte",
            "<h1>Compte</h1><script>addEventListener('load', () => window.open('/offre'))</script>",
            "fr",
        ),
        "/offre": page("Offre spéciale", "<h1>Offre spéciale</h1><p>Restez avec nous.</p>", "fr"),
        "/links": page(
            "アカウント",
            '<h1>アカウント</h1><a href="/plan" target="_blank">プランの詳細</a>',
            "ja",
        ),
        "/plan": page("プランの詳細", "<h1>プランの詳細</h1>", "ja"),
        "/flood-tabs": page(
            "Tabs",
            "<h1>Tabs</h1><script>addEventListener('load', () => {"
            f" for (let i = 0; i < {FLOOD_TABS}; i++) window.open('/tab?' + i) }})</script>",
        ),
        "/tab": page("نافذة", "<h1>نافذة</h1>", "ar"),
        "/hostile": page(
            "Account",
            "<h1>Account</h1><script>addEventListener('load', () => window.open('/titre'))"
            "</script>",
        ),
        "/titre": page("…", f"<h1>Offer</h1><script>document.title = '{js_title}'</script>"),
    }


class _Handler(BaseHTTPRequestHandler):
    site: ClassVar[EffectSite]

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        path = urlsplit(self.path).path
        if path.startswith("/files/"):
            name = unquote(path.removeprefix("/files/"))
            with self.site.lock:
                self.site.served.append(name)
            self._send(
                f"{self.site.token} {name}\n".encode() * 64,
                "application/octet-stream",
                f"attachment; filename*=UTF-8''{quote(name)}",
            )
            return
        html = self.site.pages.get(path)
        if html is None:
            self.send_error(404)
            return
        self._send(html.encode(), "text/html; charset=utf-8")

    def _send(self, data: bytes, kind: str, disposition: str = "") -> None:
        self.send_response(200)
        self.send_header("Content-Type", kind)
        if disposition:
            self.send_header("Content-Disposition", disposition)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)


class EffectSite(LocalServer):
    def __init__(self) -> None:
        self.token = f"st-download-{secrets.token_hex(8)}"
        self.pages = pages(self.token)
        self.served: list[str] = []
        self.lock = threading.Lock()
        handler = type("Handler", (_Handler,), {"site": self})
        super().__init__(handler)

    def url(self, path: str) -> str:
        return f"{self.base_url}{path}"

    @property
    def host(self) -> str:
        return self.base_url.removeprefix("http://")


def _files(root: Path) -> Iterator[Path]:
    for folder, _, names in os.walk(root):
        for name in names:
            yield Path(folder) / name


def written(token: str, *roots: Path) -> list[Path]:
    """Every file holding ``token``: under ``roots``, Playwright's download folders (where a
    context that accepts downloads writes them) and Chromium's own (``~/Downloads``)."""
    temp = Path(tempfile.gettempdir())
    places = [*roots, *temp.glob("playwright-artifacts-*"), Path.home() / "Downloads"]
    found = []
    for root in places:
        for path in _files(root):
            try:
                if path.is_file() and token.encode() in path.read_bytes()[:1_000_000]:
                    found.append(path)
            except OSError:
                continue  # gone meanwhile, or not ours to read
    return found
