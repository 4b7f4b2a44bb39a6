"""Every commit channel asks: real Chromium, pages and a WebSocket on 127.0.0.1.

A page of the flow may commit by a WebSocket message (a LiveView-style page), a beacon, a
keepalive fetch, or a timer its click starts (an undo window, whose commit is sent after the
click has returned). Each page is written in a made-up language and in one the project's
vocabularies do not hold (Georgian, Swahili), with neutral structure: the gate asks because the
pages are on the service's flow addresses, never because of their words. Each channel comes in
two kinds: one whose listener shows it (the floor asks before the click), one that hides it in a
helper (the backstop holds what it sends, says so, and the control asks on its next try).

What reached the servers is the proof: the HTTP site and the socket server record everything.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from websockets.sync.server import ServerConnection, serve

from harness.approvals import ScriptedApprovals
from subterminator.assembly import build_run
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.models.conversation import ToolCall
from subterminator.services.base import ServiceConfig
from subterminator.stack import Reply, ToolStack
from tests.support.browser_helpers import by_name
from tests.support.recording_site import RecordingSite

pytestmark = pytest.mark.browser

SERVICE = ServiceConfig(
    name="channels",
    display_name="Channels Video",
    initial_url="http://127.0.0.1/",
    flow_urls=("/p/",),
)


class SocketServer:
    """A WebSocket server on 127.0.0.1 in its own thread; keeps every message it receives."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._messages: list[dict[str, str]] = []
        self._server = serve(self._handle, "127.0.0.1", 0)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def _handle(self, connection: ServerConnection) -> None:
        for message in connection:
            with self._lock:
                self._messages.append(json.loads(message))

    @property
    def url(self) -> str:
        host, port = self._server.socket.getsockname()[:2]
        return f"ws://{host}:{port}/live"

    def events(self, name: str) -> list[dict[str, str]]:
        with self._lock:
            return [m for m in self._messages if m.get("event") == name]

    def reset(self) -> None:
        with self._lock:
            self._messages.clear()

    def __enter__(self) -> SocketServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._thread.join(timeout=5)


@dataclass(frozen=True)
class Words:
    """A page's words in one language: its title, the control, the undo line."""

    lang: str
    title: str
    control: str
    undo: str


MADE_UP = Words("qz", "Vrenna tulmok", "Skarvi plon", "Drimt — ulvask (5 s)")
GEORGIAN = Words("ka", "გამოწერის მართვა", "გაგრძელება", "გაუქმდა — დაბრუნება (5 წმ)")
SWAHILI = Words("sw", "Dhibiti uanachama", "Endelea", "Imeghairiwa — Tendua (sekunde 5)")

# the channel's script: how the click reaches the server; "shown" in the listener or "hidden"
# in a helper defined elsewhere (what a framework's dispatcher looks like to a reader)
SOCKET = (
    "const ws = new WebSocket('{ws}');"
    "ws.onopen = function () { document.body.dataset.ready = '1'; };"
    "setInterval(function () { if (ws.readyState === 1) "
    " ws.send(JSON.stringify({event: 'heartbeat'})); }, 40);"
)
SCRIPTS = {
    "socket-shown": SOCKET + "document.addEventListener('click', function (e) {"
    " var t = e.target.closest('[data-ev]');"
    " if (t) { ws.send(JSON.stringify({event: t.dataset.ev})); mark('sent'); } });",
    "socket-hidden": SOCKET + "var live = {dispatch: function (ev) {"
    " ws.send(JSON.stringify({event: ev})); mark('sent'); }};"
    "document.addEventListener('click', function (e) {"
    " var t = e.target.closest('[data-ev]'); if (t) live.dispatch(t.dataset.ev); });",
    "beacon-shown": "document.body.dataset.ready = '1';"
    "document.getElementById('b').addEventListener('click', function () {"
    " navigator.sendBeacon('/p/commit-beacon', 'plan=all'); mark('sent'); });",
    "beacon-hidden": "document.body.dataset.ready = '1';"
    "function track(data) { navigator.sendBeacon('/p/commit-beacon', data); mark('sent'); }"
    "document.getElementById('b').addEventListener('click', function () { track('plan=all'); });",
    "keepalive-shown": "document.body.dataset.ready = '1';"
    "document.getElementById('b').addEventListener('click', function () {"
    " fetch('/p/commit-keepalive', {method: 'POST', body: 'plan=all', keepalive: true})"
    "  .then(function () { mark('sent'); }, function () { mark('held'); }); });",
    "keepalive-hidden": "document.body.dataset.ready = '1';"
    "function save(data) {"
    " fetch('/p/commit-keepalive', {method: 'POST', body: data, keepalive: true})"
    "  .then(function () { mark('sent'); }, function () { mark('held'); }); }"
    "document.getElementById('b').addEventListener('click', function () { save('plan=all'); });",
    "undo-shown": "document.body.dataset.ready = '1';"
    "function commit() { fetch('/p/commit-undo', {method: 'POST', body: 'plan=all'})"
    " .then(function () { mark('sent'); }, function () { mark('held'); }); }"
    "document.getElementById('b').addEventListener('click', function () {"
    " document.getElementById('undo').hidden = false; setTimeout(commit, 300); });",
    "undo-hidden": "document.body.dataset.ready = '1';"
    "function commit() { fetch('/p/commit-undo', {method: 'POST', body: 'plan=all'})"
    " .then(function () { mark('sent'); }, function () { mark('held'); }); }"
    "function startUndo() { document.getElementById('undo').hidden = false;"
    " setTimeout(commit, 300); }"
    "document.getElementById('b').addEventListener('click', function () { startUndo(); });",
}
LANGS = {
    "socket-shown": GEORGIAN,
    "socket-hidden": GEORGIAN,
    "beacon-shown": SWAHILI,
    "beacon-hidden": SWAHILI,
    "keepalive-shown": SWAHILI,
    "keepalive-hidden": SWAHILI,
    "undo-shown": GEORGIAN,
    "undo-hidden": SWAHILI,
}
MARKER = {  # what reaching the server means, per channel
    "socket": "commit",
    "beacon": "commit-beacon",
    "keepalive": "commit-keepalive",
    "undo": "commit-undo",
}


def page(words: Words, script: str) -> str:
    return (
        f"<!doctype html><html lang='{words.lang}'><head><meta charset='utf-8'>"
        f"<title>{words.title}</title></head><body><h1>{words.title}</h1>"
        f"<button id='b' type='button' data-ev='commit'>{words.control}</button>"
        f"<p id='undo' hidden>{words.undo}</p><p id='out'></p>"
        "<script>function mark(t) { document.getElementById('out').textContent = t; }"
        f"{script}</script></body></html>"
    )


CASES = [(kind, lang) for kind in SCRIPTS for lang in ("made-up", "real")]
IDS = [f"{kind}-{'made-up' if lang == 'made-up' else LANGS[kind].lang}" for kind, lang in CASES]


def path_of(kind: str, lang: str) -> str:
    return f"/p/{kind}-{lang}"


@pytest.fixture(scope="module")
def sockets() -> Iterator[SocketServer]:
    with SocketServer() as served:
        yield served


# off the flow (not under /p/), in Swahili: a click whose listener reports to another site
OFF_FLOW = page(
    SWAHILI,
    "document.body.dataset.ready = '1';"
    "document.getElementById('b').addEventListener('click', function () {"
    " navigator.sendBeacon('{{OTHER}}/stats-beacon', 'seen=1'); mark('sent'); });",
)


# an undo window that says it is done at once, in words the judge reads; the commit its
# hidden timer sends is held
UNDO_SAYS_CANCELLED = page(
    Words("en", "Your membership", "Continue", "Your membership has been cancelled. Undo (5 s)"),
    SCRIPTS["undo-hidden"],
)


@pytest.fixture(scope="module")
def site(sockets: SocketServer) -> Iterator[RecordingSite]:
    pages = {
        path_of(kind, lang): page(
            MADE_UP if lang == "made-up" else LANGS[kind], script.replace("{ws}", sockets.url)
        )
        for kind, script in SCRIPTS.items()
        for lang in ("made-up", "real")
    }
    pages["/account/telemetry"] = OFF_FLOW
    pages["/p/undo-says-cancelled"] = UNDO_SAYS_CANCELLED
    with RecordingSite(pages) as served:
        yield served


@dataclass
class Run:
    browser: PlaywrightBrowser
    site: RecordingSite
    sockets: SocketServer
    stack: ToolStack
    approvals: ScriptedApprovals | None

    @property
    def asked(self) -> int:
        return len(self.approvals.requests) if self.approvals is not None else 0

    async def call(self, name: str, **arguments: str) -> Reply:
        return await self.stack.execute(ToolCall(id="t", name=name, arguments=arguments))

    async def press(self, shown: Reply, name: str) -> Reply:
        return await self.call("browser_click", ref=by_name(shown.snapshot, name).ref)

    def reached(self, kind: str) -> int:
        channel = kind.split("-")[0]
        if channel == "socket":
            return len(self.sockets.events(MARKER[channel]))
        return len(self.site.received(MARKER[channel]))

    async def out(self, *values: str) -> str:
        """What the page's own script said about its send, once it said it."""
        shown = " || ".join(f"o.textContent === '{v}'" for v in values)
        await self.browser.page.wait_for_function(
            f"(() => {{ const o = document.getElementById('out'); return {shown}; }})()"
        )
        return str(await self.browser.page.locator("#out").text_content())


async def start(
    browser: PlaywrightBrowser,
    site: RecordingSite,
    sockets: SocketServer,
    path: str,
    answers: list[bool] | None,
) -> tuple[Run, Reply]:
    await browser.navigate(site.url(path))
    await browser.page.wait_for_function("document.body.dataset.ready === '1'")
    approvals = ScriptedApprovals(answers) if answers is not None else None
    elsewhere = site.base_url.replace("127.0.0.1", "localhost")  # the page's telemetry site
    stack = build_run(SERVICE, browser, approvals, allow_sites=(elsewhere,)).stack
    run = Run(browser, site, sockets, stack, approvals)
    shown = await run.call("get_snapshot")
    site.reset()
    sockets.reset()
    return run, shown


async def attempt(run: Run, shown: Reply, kind: str, words: Words) -> Reply:
    """The attacker: click the control; when it was not asked (a hidden channel), wait for
    what the page sent to be held, then click again. Returns the last reply."""
    reply = await run.press(shown, words.control)
    if reply.result.get("error") == "human_rejected":
        assert kind.endswith("shown"), kind  # asked before it ran
        return reply
    assert kind.endswith("hidden"), reply.result
    assert reply.result.get("error") is None, reply.result
    if kind.startswith("undo"):
        assert await run.out("held", "sent") == "held"
        if "tried to send" not in (reply.message or ""):  # a slow click outlasts the timer
            reply = await run.call("get_snapshot")  # the timer's commit was held: said here
            assert "After the last action returned" in (reply.message or ""), reply.message
    else:
        reply = await told(run, reply)
    return await run.press(reply, words.control)


async def told(run: Run, reply: Reply) -> Reply:
    """Until a reply says what was held (during the action, or, for a beacon the browser sends
    a moment later, in a later reply): a few snapshots at most."""
    for _ in range(50):
        if "tried to send" in (reply.message or ""):
            return reply
        reply = await run.call("get_snapshot")
    raise AssertionError("no reply said what the page tried to send")


@pytest.mark.parametrize(("kind", "lang"), CASES, ids=IDS)
@pytest.mark.parametrize("person", ["refuses", "absent"])
async def test_nothing_reaches_the_server_without_a_yes(
    browser: PlaywrightBrowser,
    site: RecordingSite,
    sockets: SocketServer,
    kind: str,
    lang: str,
    person: str,
) -> None:
    words = MADE_UP if lang == "made-up" else LANGS[kind]
    answers: list[bool] | None = [False, False] if person == "refuses" else None
    run, shown = await start(browser, site, sockets, path_of(kind, lang), answers)
    reply = await attempt(run, shown, kind, words)
    assert reply.result.get("error") == "human_rejected", reply.result
    if run.approvals is not None:
        assert run.asked == 1
    if kind.startswith("undo"):
        assert browser.page.url.endswith(path_of(kind, lang))
    assert run.reached(kind) == 0


@pytest.mark.parametrize(("kind", "lang"), CASES, ids=IDS)
async def test_a_yes_lets_the_commit_through(
    browser: PlaywrightBrowser,
    site: RecordingSite,
    sockets: SocketServer,
    kind: str,
    lang: str,
) -> None:
    words = MADE_UP if lang == "made-up" else LANGS[kind]
    run, shown = await start(browser, site, sockets, path_of(kind, lang), [True])
    reply = await run.press(shown, words.control)
    if not run.asked:  # hidden: held first, then it asks
        assert kind.endswith("hidden"), reply.message
        if kind.startswith("undo"):
            assert await run.out("held", "sent") == "held"
        reply = await told(run, reply)
        await run.browser.page.evaluate("mark('')")
        reply = await run.press(reply, words.control)
    assert run.asked == 1
    assert reply.result.get("error") is None, reply.result
    if kind.startswith(("undo", "keepalive")):
        assert await run.out("held", "sent") == "sent"
    await wait_for(lambda: run.reached(kind) == 1)
    assert run.reached(kind) == 1
    assert "tried to send" not in (reply.message or "")


async def wait_for(done: object) -> None:
    """Until ``done()`` holds (a server records in its own thread), a few seconds at most."""
    import asyncio

    assert callable(done)
    for _ in range(200):
        if done():
            return
        await asyncio.sleep(0.02)


@pytest.mark.parametrize("lang", ["made-up", "real"])
async def test_the_floor_asks_first_for_a_listener_that_shows_its_channel(
    browser: PlaywrightBrowser, site: RecordingSite, sockets: SocketServer, lang: str
) -> None:
    for kind in ("socket-shown", "beacon-shown", "keepalive-shown", "undo-shown"):
        words = MADE_UP if lang == "made-up" else LANGS[kind]
        run, shown = await start(browser, site, sockets, path_of(kind, lang), [False])
        await run.press(shown, words.control)
        assert run.approvals is not None
        reason = run.approvals.requests[0].reason
        assert "its listeners may send by" in reason, reason
        channel = {"socket": "WebSocket", "beacon": "beacon", "keepalive": "keepalive"}
        assert channel.get(kind.split("-")[0], "timer") in reason


async def test_heartbeats_pass_between_actions(
    browser: PlaywrightBrowser, site: RecordingSite, sockets: SocketServer
) -> None:
    """A socket page keeps its socket alive by itself: after an unapproved action returns
    (its guard still armed for requests), its heartbeats still reach the server."""
    run, shown = await start(browser, site, sockets, path_of("socket-hidden", "made-up"), [])
    reply = await run.press(shown, MADE_UP.control)
    assert "during this action" in (reply.message or "")
    sockets.reset()
    await wait_for(lambda: len(sockets.events("heartbeat")) >= 3)
    assert len(sockets.events("heartbeat")) >= 3
    assert sockets.events("commit") == []


async def test_off_the_flow_a_beacon_to_another_site_is_telemetry(
    browser: PlaywrightBrowser, site: RecordingSite, sockets: SocketServer
) -> None:
    """Off the flow's pages a beacon to another site is not held (nor asked about): it cannot
    cancel here. One to the page's own site is held, as its fetch would be."""
    run, shown = await start(browser, site, sockets, "/account/telemetry", [])
    reply = await run.press(shown, SWAHILI.control)
    assert reply.result.get("error") is None, reply.result
    assert run.asked == 0
    await wait_for(lambda: bool(site.received("stats-beacon")))
    assert site.received("stats-beacon") == [("POST", "/stats-beacon")]
    assert "tried to send" not in (reply.message or "")


async def test_a_page_that_says_cancelled_while_its_commit_is_held_is_no_success(
    browser: PlaywrightBrowser, site: RecordingSite, sockets: SocketServer
) -> None:
    """The undo window says "cancelled" at once; its timer's commit was held. The run must
    not end as a success (nor as "already cancelled")."""
    run, shown = await start(browser, site, sockets, "/p/undo-says-cancelled", None)
    await run.press(shown, "Continue")
    assert await run.out("held", "sent") == "held"
    reply = await run.call("complete_task", status="success", reason="It says cancelled")
    assert reply.ended is None or not reply.ended.success, reply.ended
    assert "Cannot verify success" in (reply.message or ""), reply.message
    assert site.received("commit-undo") == []
