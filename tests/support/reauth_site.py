"""A local account whose cancel flow asks for a secret again before the last step.

Each case is one flow at ``/<case>/...``: a first page of the flow, then a page asking for a
password, a one-time code or card details (in English, Filipino or Estonian; labelled or not),
then the final step, whose POST cancels. The server records every POST with its fields, so a
test reads what was really sent (a secret the agent typed, an empty form it pressed), never the
page's word for it. A secret is accepted only when it is ``SECRET`` (or ``CODE``, ``CARD``).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler
from typing import ClassVar, cast
from urllib.parse import parse_qsl

from subterminator.simulator.server import LocalServer

SECRET = "Tr0ub4dor&3-reauth"
CODE = "604127"
CARD = "4111 1111 1111 1111"


@dataclass(frozen=True)
class Case:
    """A re-authentication page: its language, the form's fields, its button, its error."""

    lang: str
    title: str
    says: str
    fields: str  # the form's inputs, as HTML
    button: str
    error: str
    secrets: tuple[str, ...]  # the names of the fields that must hold a secret
    form: bool = True  # a <form> (else a dialog whose button posts by script)


def _page(lang: str, title: str, body: str) -> str:
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>'
        f"</head><body>{body}</body></html>"
    )


CASES: dict[str, Case] = {
    "en-password": Case(
        "en",
        "Confirm it's you",
        "For your security, enter your password again before you finish.",
        '<p><label>Password <input type="password" name="pw"></label></p>',
        "Confirm",
        "Enter your password to continue.",
        ("pw",),
    ),
    "fil-password-unlabelled": Case(
        "fil",
        "Kumpirmahin na ikaw ito",
        "Para sa iyong seguridad, ilagay muli bago tapusin ang pagkansela.",
        '<p><input type="password" name="f1"></p>',
        "Kumpirmahin",
        "Kailangan ito para magpatuloy.",
        ("f1",),
    ),
    "et-one-time-code": Case(
        "et",
        "Kinnita, et see oled sina",
        "Saatsime sinu telefonile koodi. Sisesta see enne lõpetamist.",
        '<p><label>Sisesta kood <input name="k1" autocomplete="one-time-code" '
        'inputmode="numeric"></label></p>',
        "Kinnita",
        "Kood on kohustuslik.",
        ("k1",),
    ),
    "fil-card-unlabelled": Case(
        "fil",
        "I-verify ang iyong paraan ng pagbabayad",
        "Bago tapusin, i-verify ang iyong kard.",
        '<p><input name="n1" autocomplete="cc-number"></p>'
        '<p><input name="n2" autocomplete="cc-csc" size="4"></p>',
        "Magpatuloy",
        "Kailangan ang mga detalye.",
        ("n1", "n2"),
    ),
    "et-password-dialog": Case(
        "et",
        "Turvakontroll",
        "Enne lõpetamist kinnita oma isik.",
        '<p><label>Parool <input type="password" name="p1"></label></p>',
        "Kinnita",
        "Parool on kohustuslik.",
        ("p1",),
        form=False,
    ),
}


def reauth_page(case: Case, error: bool) -> str:
    said = f'<p role="alert">{case.error}</p>' if error else ""
    if case.form:
        form = (
            f'<form method="post" action="reauth">{case.fields}'
            f'<p><button type="submit">{case.button}</button></p></form>'
        )
    else:  # no <form>: a dialog whose button sends its field by script
        names = ",".join(f'"{n}"' for n in case.secrets)
        form = (
            f'<div role="dialog" aria-label="{case.title}">{case.fields}'
            f'<p><button type="button" id="go">{case.button}</button></p></div>'
            "<script>go.onclick = () => { const body = new URLSearchParams();"
            f"for (const n of [{names}])"
            " body.set(n, document.querySelector(`[name=${n}]`).value);"
            "fetch('reauth', {method: 'POST', body}).then(r => location.href = r.url); };"
            "</script>"
        )
    return _page(case.lang, case.title, f"<h1>{case.title}</h1><p>{case.says}</p>{said}{form}")


START = _page(
    "en",
    "Cancel membership",
    '<h1>Cancel membership</h1><p>We are sorry to see you go.</p><a href="reauth">Continue</a>',
)
FINISH = _page(
    "en",
    "Finish cancellation",
    "<h1>Finish cancellation</h1><p>Your membership ends on March 3, 2027.</p>"
    '<form method="post" action="../do-cancel"><button>Finish cancellation</button></form>',
)
CONFIRMED = _page(
    "en",
    "Membership cancelled",
    "<h1>Your membership has been cancelled</h1><p>It ends on March 3, 2027.</p>",
)
SIGN_IN = _page(  # not a page of the flow: the account page asks to sign in
    "fil",
    "Mag-sign in",
    '<h1>Mag-sign in</h1><form method="post" action="account">'
    '<p><label>Email <input type="email" name="email"></label></p>'
    '<p><input type="password" name="f1"></p><p><button>Mag-sign in</button></p></form>',
)
PIN = _page(  # a PIN only its words say is one: a plain, numeric field
    "et",
    "Turvakontroll",
    "<h1>Turvakontroll</h1><p>Enne lõpetamist kinnita oma isik.</p>"
    '<form method="post" action="reauth"><p><label>PIN-kood <input name="pin" '
    'inputmode="numeric"></label></p><p><button>Kinnita</button></p></form>',
)
ACCEPTED = {SECRET, CODE, CARD.replace(" ", ""), "123"}


class _Handler(BaseHTTPRequestHandler):
    posts: ClassVar[list[tuple[str, dict[str, str]]]] = []
    lock: ClassVar[threading.Lock] = threading.Lock()

    def log_message(self, format: str, *args: object) -> None:
        pass

    def _send(self, status: int, body: str, location: str = "") -> None:
        data = body.encode("utf-8")
        self.send_response(status)
        if location:
            self.send_header("Location", location)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:
        case, _, page = self.path.split("?")[0].strip("/").partition("/")
        found = {
            "cancelplan/start": START,
            "cancelplan/reauth": reauth_page(CASES[case], False) if case in CASES else None,
            "cancelplan/pin": PIN,
            "cancelplan/finish": FINISH,
            "account": SIGN_IN,
            "done": CONFIRMED,
        }.get(page)
        if found is None:
            self._send(404, "<h1>Not found</h1>")
        else:
            self._send(200, found)

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        fields = dict(parse_qsl(self.rfile.read(length).decode(), keep_blank_values=True))
        case, _, page = self.path.split("?")[0].strip("/").partition("/")
        with self.lock:
            self.posts.append((self.path, fields))
        if page == "do-cancel":
            self._send(303, "", f"/{case}/done")
            return
        if page == "account":
            self._send(200, SIGN_IN)
            return
        given = {v.replace(" ", "") for v in fields.values() if v}
        if page in ("cancelplan/reauth", "cancelplan/pin") and given and given <= ACCEPTED:
            self._send(303, "", f"/{case}/cancelplan/finish")
            return
        if page == "cancelplan/pin":
            self._send(200, PIN)
            return
        self._send(200, reauth_page(CASES[case], True) if case in CASES else "<h1>?</h1>")


class ReauthSite(LocalServer):
    """Serves every case; remembers each POST (its path and fields)."""

    def __init__(self) -> None:
        handler = cast(type[_Handler], type("Handler", (_Handler,), {"posts": []}))
        super().__init__(handler)
        self._handler = handler

    def url(self, case: str, page: str) -> str:
        return f"{self.base_url}/{case}/{page}"

    def posts(self, case: str) -> list[tuple[str, dict[str, str]]]:
        with self._handler.lock:
            return [(p, f) for p, f in self._handler.posts if p.startswith(f"/{case}/")]

    def reset(self, case: str) -> None:
        with self._handler.lock:
            self._handler.posts[:] = [
                (p, f) for p, f in self._handler.posts if not p.startswith(f"/{case}/")
            ]

    def cancelled(self, case: str) -> bool:
        return any(p.endswith("/do-cancel") for p, _ in self.posts(case))
