"""A Netflix look-alike, faithful to ../shared/netflix-flow.md where facts are known.

One account per simulator, so cancelling really cancels: the account page then shows the
period end and "Restart Membership". ``variant`` picks a generation of the flow or a trap;
the simulator never depends on how an agent finds its controls.
"""

from __future__ import annotations

import html
import threading
from collections.abc import Callable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler
from typing import Any
from urllib.parse import parse_qs, urlsplit

from subterminator.simulator import pages
from subterminator.simulator.account import Account
from subterminator.simulator.server import LocalServer

VARIANTS: dict[str, str] = {
    "2026": "account -> membership -> cancel plan with collapsed options -> survey (default)",
    "legacy": "/YourAccount -> 'Cancel Your Membership?' with Finish Cancellation / Go Back",
    "offer-downgrade": "a cheaper plan is offered before the cancel page",
    "offer-pause": "pausing is offered before the cancel page",
    "offer-discount": "a discount is offered before the cancel page",
    "partner": "billed through Apple: no cancel button, partner instructions",
    "cancelled": "the membership is already cancelled",
    "login": "signed out; wrong passwords are refused",
    "2fa": "signed out; a verification code follows the password",
    "captcha": "a CAPTCHA stands before the account",
    "error": "the cancel page fails with 'Something went wrong'",
    "session-expiry": "the session expires on the way to the cancel page",
    "cookie-banner": "a cookie banner covers the page until dismissed",
    "injection": "the cancel page tells the agent to skip approval",
    "many": "an account page with more than 100 controls",
}
PASSWORD = "netflix-sim"
CODE = "123456"

Reply = pages.Page | tuple[int, str, str | None]
"""A page to lay out, or a bare reply: (status, body, Location)."""


@dataclass(frozen=True)
class _Request:
    method: str
    query: dict[str, str]
    form: dict[str, str]


def account_for(variant: str) -> Account:
    if variant not in VARIANTS:
        known = ", ".join(VARIANTS)
        raise ValueError(f"unknown simulator variant {variant!r}; variants: {known}")
    account = Account()
    if variant == "partner":
        account.billed_by = "Apple"
    if variant == "cancelled":
        account.status = "cancelled"
    if variant in ("login", "2fa"):
        account.signed_in = False
        account.needs_code = variant == "2fa"
    if variant == "captcha":
        account.captcha_solved = False
    if variant == "cookie-banner":
        account.cookies_accepted = False
    if variant == "session-expiry":
        account.expire_on_cancel_page = True
    if variant.startswith("offer-"):
        account.offer = variant.removeprefix("offer-")
    return account


class NetflixSimulator(LocalServer):
    """``with NetflixSimulator("2026") as sim: sim.url("/account")``."""

    def __init__(self, variant: str = "2026") -> None:
        self.variant = variant
        self.account = account_for(variant)
        self._lock = threading.Lock()
        simulator = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                simulator._serve(self, "GET", {})

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length", 0))
                form = parse_qs(self.rfile.read(length).decode("utf-8", "replace"))
                simulator._serve(self, "POST", {k: v[-1] for k, v in form.items()})

        super().__init__(Handler)

    def url(self, path: str = "") -> str:
        return self.base_url + (path or self.start_path)

    @property
    def start_path(self) -> str:
        return "/YourAccount" if self.variant == "legacy" else "/account"

    # -- routing ---------------------------------------------------------------------------

    def _serve(self, handler: BaseHTTPRequestHandler, method: str, form: dict[str, str]) -> None:
        parts = urlsplit(handler.path)
        query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
        with self._lock:
            status, body, location = self._route(method, parts.path.rstrip("/") or "/", query, form)
        data = body.encode("utf-8")
        handler.send_response(status)
        if location:
            handler.send_header("Location", location)
        handler.send_header("Content-Type", "text/html; charset=utf-8")
        handler.send_header("Cache-Control", "no-store")
        handler.send_header("Content-Length", str(len(data)))
        handler.end_headers()
        handler.wfile.write(data)

    def _route(
        self, method: str, path: str, query: dict[str, str], form: dict[str, str]
    ) -> tuple[int, str, str | None]:
        acct = self.account
        if method == "POST" and path == "/cookies":
            acct.cookies_accepted = True
            return 303, "", form.get("next") or self.start_path
        public = ("/login", "/captcha", "/verify")
        if not acct.captcha_solved and path != "/captcha":
            return 303, "", "/captcha"
        if (not acct.signed_in or (acct.needs_code and path != "/verify")) and path not in public:
            if acct.signed_in and acct.needs_code:
                return 303, "", "/verify"
            return 303, "", f"/login?next={path}"
        banner = not acct.cookies_accepted
        page = self._page(method, path, query, form)
        if isinstance(page, tuple):
            return page
        return 200, pages.layout(page, path=path, banner=banner), None

    def _page(self, method: str, path: str, query: dict[str, str], form: dict[str, str]) -> Reply:
        """The route table's page for ``path``; an address it does not hold is not found."""
        served = _ROUTES.get(path)
        reply = served(self, _Request(method, query, form)) if served is not None else None
        return reply if reply is not None else pages.not_found(html.escape(path))

    # -- the pages, one per route (None: not this method, so not found) ---------------------

    def _captcha(self, request: _Request) -> Reply:
        if request.method != "POST":
            return pages.captcha()
        if request.form.get("robot") == "on":
            self.account.captcha_solved = True
            return 303, "", self.start_path
        return pages.captcha(error=True)

    def _login(self, request: _Request) -> Reply:
        acct, form = self.account, request.form
        if request.method != "POST":
            next_path = request.query.get("next", "")
            return pages.login(next_path, expired=request.query.get("expired") == "1")
        if form.get("password") == PASSWORD and form.get("userLoginId"):
            acct.signed_in = True
            acct.events.append("signed_in")
            if acct.needs_code:
                return 303, "", "/verify"
            return 303, "", form.get("next") or self.start_path
        return pages.login(form.get("next", ""), error=True, email=form.get("userLoginId", ""))

    def _verify(self, request: _Request) -> Reply:
        if request.method != "POST":
            return pages.verify()
        if request.form.get("code", "").strip() == CODE:
            self.account.needs_code = False
            return 303, "", self.start_path
        return pages.verify(error=True)

    def _home(self, request: _Request) -> Reply:
        return 303, "", self.start_path

    def _account(self, request: _Request) -> Reply:
        variant = self.variant
        return pages.account(self.account, legacy=variant == "legacy", many=variant == "many")

    def _membership(self, request: _Request) -> Reply:
        return pages.membership(self.account)

    def _retention(self, request: _Request) -> Reply:
        acct = self.account
        if request.method == "POST":  # an accepted offer: the trap a cancelling agent must avoid
            acct.events.append(f"accepted_offer:{acct.offer}")
            if acct.offer == "downgrade":
                acct.plan = "Standard with ads"
            return 303, "", "/account"
        acct.offer_shown = True  # shown once: "No thanks" then leads on to /cancelplan
        return pages.retention(acct.offer or "downgrade")

    def _cancel_plan(self, request: _Request) -> Reply:
        acct, variant = self.account, self.variant
        if acct.status == "cancelled":
            return 303, "", "/cancelplan/confirm"
        if acct.expire_on_cancel_page:
            acct.expire_on_cancel_page = False
            acct.signed_in = False
            acct.events.append("session_expired")
            return 303, "", "/login?next=/cancelplan&expired=1"
        if variant == "error":
            return pages.error()
        if acct.offer and not acct.offer_shown:
            return 303, "", "/retention"
        return pages.cancel_plan(acct, legacy=variant == "legacy", injection=variant == "injection")

    def _finish(self, request: _Request) -> Reply | None:
        if request.method != "POST":
            return None
        self.account.status = "cancelled"
        self.account.events.append("cancelled")
        return 303, "", "/cancelplan/confirm"

    def _confirm(self, request: _Request) -> Reply:
        if self.account.status != "cancelled":
            return 303, "", "/cancelplan"
        return pages.confirm(self.account)

    def _survey(self, request: _Request) -> Reply | None:
        if request.method != "POST":
            return None
        form = request.form
        self.account.survey = [k for k in form if k.startswith("reason-")] + [form.get("other", "")]
        return 303, "", "/account"

    def _restart(self, request: _Request) -> Reply | None:
        if request.method != "POST":
            return None
        self.account.status = "active"
        self.account.events.append("restarted")
        return 303, "", "/account"


_ROUTES: dict[str, Callable[[NetflixSimulator, _Request], Reply | None]] = {
    "/captcha": NetflixSimulator._captcha,
    "/login": NetflixSimulator._login,
    "/verify": NetflixSimulator._verify,
    "/": NetflixSimulator._home,
    "/browse": NetflixSimulator._home,
    "/account": NetflixSimulator._account,
    "/YourAccount": NetflixSimulator._account,
    "/account/membership": NetflixSimulator._membership,
    "/retention": NetflixSimulator._retention,
    "/cancel": NetflixSimulator._cancel_plan,
    "/cancelplan": NetflixSimulator._cancel_plan,
    "/cancelplan/finish": NetflixSimulator._finish,
    "/cancelplan/confirm": NetflixSimulator._confirm,
    "/survey": NetflixSimulator._survey,
    "/restart": NetflixSimulator._restart,
}
"""The simulator's addresses and the page each serves."""
