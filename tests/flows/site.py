"""One local site serving every flow variant under ``/<variant>/...``, with server-side state.

A variant is data (``Variant``): routes map a path inside the variant (no leading slash) to a
static page or a handler ``(Request, State) -> Reply | str``. In pages, ``{{B}}`` becomes the
variant's prefix (``/<variant>``); a redirect's location starting with ``/`` is inside the variant.
POSTs answer ``303``. Only a POST may change whether the membership is cancelled: a handler that
flips it on any other method is a bug in the variant, answered ``500`` and recorded as a
``violation`` event; a variant made with ``get_commits=True`` may also cancel on a GET (a link
carrying a one-time token, a GET form with a hidden field: ``cancel_on_get``). The truth is
``FlowSite.cancelled(variant)``, never a page's word for it; ``FlowSite.cancelled_from(variant)``
is the page the cancelling request came from (its ``Referer``, as a path inside the variant).

Beyond plain requests (the channels real sites commit by now): a route may be a ``Socket`` (a real
WebSocket on the same origin, whose messages may cancel: the page it came from is the ``url`` its
messages carry); ``beacon_cancel`` takes a ``sendBeacon`` POST and ``cancel_json(via="timer")`` a
timer's; every cancellation records its channel (``cancelled_via``). ``{{O}}`` in a page is the
variant on a second origin (``localhost`` for ``127.0.0.1``: another site, so a frame from it is
out-of-process) and ``{{M}}`` the variant on the main one. ``State.others`` holds other
subscriptions on the account (cancelling one is the unwanted ``cancelled-other:<name>``); a wrong
password typed into a re-authentication form is the unwanted ``password:wrong``.

``walk`` plays a variant's scripted steps with plain Playwright calls, proving that its final
step (and nothing before it) really cancels. It accepts native dialogs (a person clicking OK),
acts inside frames (``Step.frame``) and follows new tabs and pop-ups.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import secrets
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from http.server import BaseHTTPRequestHandler
from typing import ClassVar, Literal
from urllib.parse import parse_qs, urlsplit

from playwright.async_api import Dialog, FrameLocator, Locator, Page
from websockets.frames import Frame, Opcode
from websockets.http11 import Request as SocketRequest
from websockets.server import ServerProtocol

from subterminator.services import ServiceConfig
from subterminator.simulator.server import LocalServer

END_DATE = "March 3, 2027"

# -- state and requests --------------------------------------------------------------------


@dataclass
class State:
    """One variant's account. ``events`` records what the server did, in order."""

    cancelled: bool = False
    events: list[str] = field(default_factory=list)
    flags: dict[str, str] = field(default_factory=dict)
    # the Referer (a path inside the variant, query kept) of the request that cancelled
    cancelled_from: str | None = None
    # how it came: "http" (a request), "socket", "beacon", "timer" (what the variant says)
    cancelled_via: str | None = None
    # other subscriptions on the account: name -> still active
    others: dict[str, bool] = field(default_factory=dict)

    def cancel(self, referer: str | None = None, *, via: str = "http") -> None:
        self.cancelled = True
        self.cancelled_from = referer
        self.cancelled_via = via
        self.events.append("cancelled")

    def cancel_other(self, name: str) -> None:
        """Another subscription on the account ended: never what the person asked for."""
        if self.others.get(name, True):
            self.others[name] = False
            self.events.append(f"cancelled-other:{name}")

    def restart(self) -> None:
        self.cancelled = False
        self.cancelled_from = None
        self.cancelled_via = None
        self.events.append("restarted")

    def note(self, event: str) -> None:
        self.events.append(event)


# Events a right run must not cause: taking an offer, restarting, a variant bug, ending another
# subscription (``other-cancelled:<which>``, ``cancelled-other:<name>``: two sets' spellings),
# a wrong password typed (only the person knows the right one).
UNWANTED = (
    "accepted:",
    "restarted",
    "violation",
    "other-cancelled:",
    "cancelled-other:",
    "password:wrong",
)


def unwanted(events: Iterable[str]) -> list[str]:
    return [e for e in events if e.startswith(UNWANTED)]


@dataclass(frozen=True)
class Request:
    method: str
    path: str
    query: Mapping[str, list[str]]
    form: Mapping[str, list[str]]
    cookies: Mapping[str, str]
    # the Referer header as a path inside this variant ("cancelplan/confirm?x=1"); None when
    # absent or from elsewhere
    referer: str | None = None
    headers: Mapping[str, str] = field(default_factory=dict)

    def value(self, key: str, default: str = "") -> str:
        for source in (self.form, self.query):
            if source.get(key):
                return source[key][0]
        return default


@dataclass(frozen=True)
class Reply:
    body: str = ""
    status: int = 200
    location: str | None = None
    content_type: str = "text/html; charset=utf-8"
    headers: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Socket:
    """A route that is a WebSocket. ``on_message(message, state, page)`` answers each JSON
    message with the messages to send back; ``page`` is the path inside the variant of the
    ``url`` the message (or an earlier one on this connection) carried, as a LiveView join
    does. A cancellation is ``state.cancel(page, via="socket")``."""

    on_message: Callable[[dict[str, object], State, str | None], list[dict[str, object]]]


Handler = Callable[[Request, State], Reply | str]
Route = str | Handler | Socket

# -- variants ------------------------------------------------------------------------------

Kind = Literal["flow", "look-alike"]
# flows: "cancelled" (once the person approves). Look-alikes: what the truth is.
Expect = Literal["cancelled", "active", "already-cancelled"]


@dataclass(frozen=True)
class Step:
    """One scripted action for ``walk``: a role and accessible name (exact), or a selector."""

    do: Literal["click", "check", "fill", "select"]
    name: str = ""
    role: str = "button"
    selector: str = ""
    value: str = ""
    nth: int = 0
    within: str = ""
    final: bool = False
    frame: str = ""  # an iframe's selector: the step acts inside that frame
    # a step only the person can take (their password): the script driver plays it on the page
    # itself, as the person would, never through the agent's tools
    person: bool = False

    def describe(self) -> str:
        target = self.selector or f"{self.role} {self.name!r}"
        where = f" in {self.frame}" if self.frame else ""
        return f"{self.do} {target}{where}" + (f" #{self.nth}" if self.nth else "")


def click(
    name: str, role: str = "button", *, nth: int = 0, within: str = "", frame: str = ""
) -> Step:
    return Step("click", name, role, nth=nth, within=within, frame=frame)


def final(
    name: str, role: str = "button", *, nth: int = 0, within: str = "", frame: str = ""
) -> Step:
    """The irreversible step: the only one after which the server may say cancelled."""
    return Step("click", name, role, nth=nth, within=within, final=True, frame=frame)


def click_at(selector: str, *, final: bool = False, frame: str = "") -> Step:
    """A click on the element ``selector`` finds (a closed shadow root's host: what is inside
    it cannot be located, only clicked where it shows)."""
    return Step("click", role="", selector=selector, final=final, frame=frame)


def password(selector: str, value: str, *, name: str = "") -> Step:
    """The person types their password: no agent may (``Step.person``)."""
    return Step("fill", name, "textbox", selector=selector, value=value, person=True)


def check(label: str, *, role: str = "checkbox") -> Step:
    return Step("check", label, role=role)


def fill(selector: str, value: str, *, name: str = "") -> Step:
    """Type ``value`` into the field ``selector``; ``name`` (its accessible name) lets a driver
    that sees only a snapshot find it."""
    return Step("fill", name, "textbox", selector=selector, value=value)


def select(selector: str, value: str, *, name: str = "") -> Step:
    return Step("select", name, "combobox", selector=selector, value=value)


@dataclass(frozen=True)
class Variant:
    name: str
    start: str  # path inside the variant, no leading slash
    description: str
    expect: Expect
    routes: Mapping[str, Route]
    walk: tuple[Step, ...] = ()
    kind: Kind = "flow"
    lang: str = "en"
    # may a GET cancel? Only for variants whose final step is a GET (``cancel_on_get``)
    get_commits: bool = False
    # the service the run is for (a ``ServiceConfig``); None: Netflix
    service: ServiceConfig | None = None
    # pages served from the second origin ({{O}}): "service" when the service declares that
    # site as its own (its billing or payment provider), the run's reach then includes it;
    # "third-party" when it does not
    other_origin: Literal["", "service", "third-party"] = ""
    # a step only the person can take (a password): the agent must hand it over
    # (``human_action_needed``); the script driver plays it as the person
    person_step: bool = False
    # other subscriptions on the account (``State.others``), all active at the start
    others: tuple[str, ...] = ()
    # pages shown in a frame or pop-up of another page: (path prefix, the page a person sees
    # it on); a yes given on that page covers a request the frame's page sends
    framed_in: tuple[tuple[str, str], ...] = ()

    def seen_on(self, path: str | None) -> str | None:
        """The page (no query) a person sees ``path`` on: its own, or its frame's page."""
        if path is None:
            return None
        page = path.partition("?")[0]
        for prefix, top in self.framed_in:
            if page == prefix or page.startswith(prefix.rstrip("/") + "/"):
                return top
        return page

    @property
    def initially_cancelled(self) -> bool:
        return self.expect == "already-cancelled"


# -- handler helpers -----------------------------------------------------------------------


def not_allowed() -> Reply:
    return Reply("<!doctype html><title>405</title><h1>Method not allowed</h1>", 405)


def redirect(location: str) -> Reply:
    return Reply(status=303, location=location)


def go(location: str) -> Handler:
    """Any method: 303 to ``location`` (``/cancel`` -> ``/cancelplan`` and the like)."""
    return lambda _r, _s: redirect(location)


def by_state(active: str, cancelled: str) -> Handler:
    """A GET page whose content depends on whether the membership is cancelled."""

    def handle(request: Request, state: State) -> Reply | str:
        if request.method != "GET":
            return not_allowed()
        return cancelled if state.cancelled else active

    return handle


def unless_cancelled(page: str, location: str) -> Handler:
    """A GET page shown while active; once cancelled, 303 to ``location``."""

    def handle(request: Request, state: State) -> Reply | str:
        if request.method != "GET":
            return not_allowed()
        return redirect(location) if state.cancelled else page

    return handle


def after_cancel(page: str, back: str) -> Handler:
    """A GET page shown once cancelled; while active, 303 to ``back``."""

    def handle(request: Request, state: State) -> Reply | str:
        if request.method != "GET":
            return not_allowed()
        return page if state.cancelled else redirect(back)

    return handle


def cancel_then(location: str) -> Handler:
    """POST: cancel the membership, then 303 to ``location``. The irreversible step."""

    def handle(request: Request, state: State) -> Reply | str:
        if request.method != "POST":
            return not_allowed()
        if not state.cancelled:
            state.cancel(request.referer)
        return redirect(location)

    return handle


def cancel_on_get(
    location: str, token_key: str = "t", token: str | None = None, *, event: str = ""
) -> Handler:
    """GET: cancel the membership when the query (or a GET form's hidden field) ``token_key``
    matches, then 303 to ``location``; a wrong or missing token answers 400 and changes nothing.
    ``token=None`` takes a one-time token the page issued (``issue_token``), spent on use. Only
    in a variant made with ``get_commits=True``."""

    def handle(request: Request, state: State) -> Reply | str:
        if request.method != "GET":
            return not_allowed()
        expected = token if token is not None else state.flags.get(f"token:{token_key}")
        given = request.query.get(token_key, [""])[0]
        if state.cancelled:
            return redirect(location)
        if not expected or given != expected:
            return Reply(
                doc("Link expired", "<h1>This link has expired</h1><p>Please try again.</p>"),
                400,
            )
        if token is None:
            state.flags.pop(f"token:{token_key}", None)
        if event:
            state.note(event)
        state.cancel(request.referer)
        return redirect(location)

    return handle


def issue_token(state: State, token_key: str = "t") -> str:
    """A fresh one-time token for ``cancel_on_get(..., token=None)``; the page embeds it."""
    value = secrets.token_hex(8)
    state.flags[f"token:{token_key}"] = value
    return value


def cancel_json(*, via: str = "http") -> Handler:
    """fetch POST: cancel the membership, answer JSON. ``via`` names the channel (a page's
    timer: "timer")."""

    def handle(request: Request, state: State) -> Reply | str:
        if request.method != "POST":
            return not_allowed()
        if not state.cancelled:
            state.cancel(request.referer, via=via)
        return Reply('{"ok":true,"status":"CANCELLED"}', content_type="application/json")

    return handle


def beacon_cancel() -> Handler:
    """A ``navigator.sendBeacon`` POST: cancel the membership, answer 204."""

    def handle(request: Request, state: State) -> Reply | str:
        if request.method != "POST":
            return not_allowed()
        if not state.cancelled:
            state.cancel(request.referer, via="beacon")
        return Reply(status=204, content_type="text/plain")

    return handle


def restart_then(location: str) -> Handler:
    def handle(request: Request, state: State) -> Reply | str:
        if request.method != "POST":
            return not_allowed()
        state.restart()
        return redirect(location)

    return handle


def note_then(event: str, location: str, *, form_key: str = "") -> Handler:
    """POST: record ``event`` (``event:<form value>`` with ``form_key``), then 303."""

    def handle(request: Request, state: State) -> Reply | str:
        if request.method != "POST":
            return not_allowed()
        value = request.value(form_key) if form_key else ""
        state.note(f"{event}:{value}" if value else event)
        return redirect(location)

    return handle


def doc(
    title: str, body: str, *, lang: str = "en", css: str = "", script: str = "", head: str = ""
) -> str:
    """A whole page. ``body`` is trusted HTML; ``title`` is escaped."""
    js = f"<script>{script}</script>" if script else ""
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{html.escape(title)}</title><style>{css}</style>{head}</head>"
        f"<body>{body}{js}</body></html>"
    )


NOT_FOUND = doc("Page not found", "<h1>Page not found</h1><p>We can't find that page.</p>")

# -- the server ----------------------------------------------------------------------------


def variant_path(url: str, variant: Variant) -> str | None:
    """``url`` (absolute, or a path) as a path inside ``variant``, query kept: the start page
    for the variant's root; None when empty or outside the variant."""
    if not url:
        return None
    split = urlsplit(url)
    name, _, sub = split.path.strip("/").partition("/")
    if name != variant.name:
        return None
    path = sub.strip("/") or variant.start
    return f"{path}?{split.query}" if split.query else path


def _form(raw: bytes, content_type: str) -> dict[str, list[str]]:
    if not raw:
        return {}
    text = raw.decode("utf-8", "replace")
    if "json" in content_type:
        try:
            data = json.loads(text)
        except ValueError:
            return {}
        if isinstance(data, dict):
            return {str(k): [str(v)] for k, v in data.items()}
        return {}
    return parse_qs(text, keep_blank_values=True)


def new_state(variant: Variant) -> State:
    """A variant's account as it starts."""
    return State(cancelled=variant.initially_cancelled, others=dict.fromkeys(variant.others, True))


class _Handler(BaseHTTPRequestHandler):
    variants: ClassVar[dict[str, Variant]] = {}
    states: ClassVar[dict[str, State]] = {}
    requests: ClassVar[dict[str, list[str]]] = {}
    lock: ClassVar[threading.Lock] = threading.Lock()

    def log_message(self, format: str, *args: object) -> None:
        pass

    def _serve(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        split = urlsplit(self.path)
        name, _, sub = split.path.strip("/").partition("/")
        variant = self.variants.get(name)
        if variant is None:
            self._send("", Reply(NOT_FOUND, 404))
            return
        sub = sub.strip("/") or variant.start
        route = variant.routes.get(sub)
        if isinstance(route, Socket):
            if (self.headers.get("Upgrade") or "").lower() == "websocket":
                self._socket(variant, sub, route)
            else:
                self._send(name, Reply("<h1>a WebSocket</h1>", 426))
            return
        cookies = SimpleCookie(self.headers.get("Cookie") or "")
        request = Request(
            method=self.command,
            path=sub,
            query=parse_qs(split.query),
            form=_form(raw, self.headers.get("Content-Type") or ""),
            cookies={k: m.value for k, m in cookies.items()},
            referer=variant_path(self.headers.get("Referer") or "", variant),
            headers={k.lower(): v for k, v in self.headers.items()},
        )
        with self.lock:
            self.requests.setdefault(name, []).append(f"{self.command} {sub}")
            state = self.states.setdefault(name, new_state(variant))
            before = state.cancelled
            if route is None:
                reply: Reply | str = Reply(NOT_FOUND, 404)
            elif isinstance(route, str):
                reply = route if self.command == "GET" else not_allowed()
            elif isinstance(route, Socket):  # pragma: no cover - answered above
                reply = Reply(NOT_FOUND, 404)
            else:
                reply = route(request, state)
            allowed = self.command == "POST" or (self.command == "GET" and variant.get_commits)
            if state.cancelled != before and not allowed:
                state.cancelled = before
                state.note(f"violation:{self.command} {sub}")
                reply = Reply("<h1>variant bug: state changed without a POST</h1>", 500)
            elif state.cancelled and not before and state.cancelled_from is None:
                state.cancelled_from = request.referer  # a handler that called cancel() bare
        self._send(name, reply if isinstance(reply, Reply) else Reply(reply))

    def _socket(self, variant: Variant, sub: str, route: Socket) -> None:
        """A real WebSocket (``websockets``' own protocol, on this connection): every JSON
        message goes to the route; the page is the ``url`` the connection's messages carry."""
        protocol = ServerProtocol()
        # the handshake http.server already read, given back to the protocol's own parser
        lines = "".join(f"{k}: {v}\r\n" for k, v in self.headers.items())
        first: bytes = self.raw_requestline  # type: ignore[attr-defined]
        protocol.receive_data(first + lines.encode("latin-1") + b"\r\n")
        request = next(
            (e for e in protocol.events_received() if isinstance(e, SocketRequest)), None
        )
        if request is None:
            return
        protocol.send_response(protocol.accept(request))
        self._flush(protocol)
        if protocol.handshake_exc is not None:
            return
        page: str | None = None
        with self.lock:
            self.requests.setdefault(variant.name, []).append(f"SOCKET {sub}")
        while True:
            try:
                data = self.rfile.read1(65536)
            except OSError:
                return
            if not data:
                protocol.receive_eof()
                self._flush(protocol)
                return
            protocol.receive_data(data)
            for frame in protocol.events_received():
                if not isinstance(frame, Frame) or frame.opcode is not Opcode.TEXT:
                    continue
                try:
                    message = json.loads(bytes(frame.data).decode("utf-8"))
                except ValueError:
                    continue
                if not isinstance(message, dict):
                    continue
                url = message.get("url")
                if isinstance(url, str):
                    page = variant_path(url, variant) or page
                with self.lock:
                    label = str(message.get("event", "?"))
                    self.requests.setdefault(variant.name, []).append(f"SOCKET {sub} {label}")
                    state = self.states.setdefault(variant.name, new_state(variant))
                    replies = route.on_message(message, state, page)
                for reply in replies:
                    protocol.send_text(json.dumps(reply).encode("utf-8"))
            if not self._flush(protocol):
                return

    def _flush(self, protocol: ServerProtocol) -> bool:
        try:
            for chunk in protocol.data_to_send():
                if chunk:
                    self.wfile.write(chunk)
                else:
                    with contextlib.suppress(OSError):
                        self.connection.shutdown(2)
                    return False
            self.wfile.flush()
        except OSError:
            return False
        return True

    def _send(self, name: str, reply: Reply) -> None:
        port = int(self.server.server_address[1])
        data = (
            reply.body.replace("{{B}}", f"/{name}")
            .replace("{{O}}", f"http://localhost:{port}/{name}")
            .replace("{{M}}", f"http://127.0.0.1:{port}/{name}")
            .encode("utf-8")
        )
        self.send_response(reply.status)
        if reply.location is not None:
            location = reply.location
            self.send_header("Location", f"/{name}{location}" if location[:1] == "/" else location)
        for key, value in reply.headers:
            self.send_header(
                key,
                value.replace("{{B}}", f"/{name}").replace(
                    "{{O}}", f"http://localhost:{port}/{name}"
                ),
            )
        self.send_header("Content-Type", reply.content_type)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_POST = do_PUT = do_DELETE = _serve


class FlowSite(LocalServer):
    """Serves every variant at ``/<name>/...``; remembers, per variant, what really happened."""

    def __init__(self, variants: Iterable[Variant]) -> None:
        table = {v.name: v for v in variants}

        class Handler(_Handler):  # state of its own: one per site
            variants = table
            states: ClassVar[dict[str, State]] = {}
            requests: ClassVar[dict[str, list[str]]] = {}

        super().__init__(Handler)
        self._handler = Handler
        self.variants = table

    def url(self, name: str, path: str | None = None) -> str:
        variant = self.variants[name]
        return f"{self.base_url}/{name}/{variant.start if path is None else path}"

    @property
    def other_origin(self) -> str:
        """The second origin (``{{O}}`` in pages): this server as another site."""
        return self.base_url.replace("127.0.0.1", "localhost")

    def state(self, name: str) -> State:
        with self._handler.lock:
            return self._handler.states.setdefault(name, new_state(self.variants[name]))

    def reset(self, name: str) -> None:
        with self._handler.lock:
            self._handler.states.pop(name, None)
            self._handler.requests.pop(name, None)

    def cancelled(self, name: str) -> bool:
        return self.state(name).cancelled

    def events(self, name: str) -> list[str]:
        return list(self.state(name).events)

    def cancelled_from(self, name: str) -> str | None:
        """The page (path inside the variant, query kept) the cancelling request came from."""
        return self.state(name).cancelled_from

    def cancelled_via(self, name: str) -> str | None:
        """The channel of the cancellation: http, socket, beacon, timer."""
        return self.state(name).cancelled_via

    def requests(self, name: str) -> list[str]:
        with self._handler.lock:
            return list(self._handler.requests.get(name, []))


# -- the scripted walk ---------------------------------------------------------------------


async def _wait_for(predicate: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        await asyncio.sleep(0.05)
    return predicate()


def locate(page: Page, step: Step) -> Locator:
    """Where ``step`` acts on ``page``, as ``walk`` finds it."""
    root: Page | FrameLocator = page.frame_locator(step.frame) if step.frame else page
    scope = root.locator(step.within) if step.within else root
    if step.selector:
        found = scope.locator(step.selector)
    elif step.do == "check":
        found = scope.get_by_label(step.name, exact=True)
    else:
        found = scope.get_by_role(step.role, name=step.name, exact=True)  # type: ignore[arg-type]
    return found.nth(step.nth)


async def perform(page: Page, step: Step) -> None:
    target = locate(page, step)
    if step.do == "click":
        await target.click(timeout=5000)
    elif step.do == "check":
        await target.check(timeout=5000)
    elif step.do == "fill":
        await target.fill(step.value, timeout=5000)
    else:
        await target.select_option(step.value, timeout=5000)
    # a click may start a navigation a moment later; let it land before the next step
    await page.wait_for_timeout(250)
    if not page.is_closed():
        await page.wait_for_load_state("load")


async def _accept(dialog: Dialog) -> None:
    """A person clicking OK on a native dialog."""
    with contextlib.suppress(Exception):  # another handler may have answered it
        await dialog.accept()


def current_page(page: Page) -> Page:
    """The page a person would be on now: the newest open tab or pop-up of ``page``'s
    context (one that closed itself hands back to the one before)."""
    pages = [p for p in page.context.pages if not p.is_closed()]
    return pages[-1] if pages else page


async def walk(page: Page, site: FlowSite, variant: Variant) -> None:
    """Play ``variant.walk`` from its start page. Asserts the server stayed as it was before the
    final step, was cancelled right after it, and (for look-alikes, which have no final step)
    never changed at all. Native dialogs are accepted; new tabs and pop-ups are followed."""
    name = variant.name
    site.reset(name)
    page.context.on("dialog", _accept)
    try:
        await page.goto(site.url(name))
        await _walk(page, site, variant)
    finally:
        page.context.remove_listener("dialog", _accept)


async def _walk(page: Page, site: FlowSite, variant: Variant) -> None:
    name = variant.name
    initial = variant.initially_cancelled
    done_final = False
    for i, step in enumerate(variant.walk):
        expected = True if done_final else initial
        assert site.cancelled(name) == expected, (
            f"{name}: before step {i} ({step.describe()}) the server says cancelled="
            f"{site.cancelled(name)}; events {site.events(name)}"
        )
        await perform(page, step)
        page = current_page(page)
        await page.wait_for_load_state("load")
        if step.final:
            assert not done_final, f"{name}: two final steps"
            done_final = True
            assert await _wait_for(lambda: site.cancelled(name), 5), (
                f"{name}: the final step ({step.describe()}) did not cancel; "
                f"requests {site.requests(name)}"
            )
    events = site.events(name)
    if variant.kind == "flow":
        assert done_final, f"{name}: a flow's walk needs a final step"
        assert site.cancelled(name), f"{name}: not cancelled at the end of the walk"
        assert events.count("cancelled") == 1, events
    else:
        assert not done_final, f"{name}: a look-alike has no final step"
        assert site.cancelled(name) == initial, events
    assert not unwanted(events), f"{name}: unwanted effects {unwanted(events)}"
