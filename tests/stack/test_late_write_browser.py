"""A write an unapproved action causes is held however late it comes: real Chromium, 127.0.0.1.

Found by a loaded machine: on an account page no flow address names, a switch's
click listener sent its POST, and the request reached our interception after the click's reply
was built; the backstop had already dropped the click's guard there, so the subscription was
cancelled with nobody asked. Here the lateness is made certain, not hoped for: the listener
first awaits a read the site answers only when the test says so, after the click's reply (and
after whatever the agent does next). What reached the site is the proof.

The pages are in Swahili and Polish, on neutral addresses; nothing depends on their words.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from typing import ClassVar, cast
from urllib.parse import urlsplit

import pytest

from harness.approvals import ScriptedApprovals
from subterminator.assembly import build_run
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.models.conversation import ToolCall
from subterminator.services.base import ServiceConfig
from subterminator.simulator.server import LocalServer
from subterminator.stack import Reply, ToolStack
from tests.support.browser_helpers import by_name

pytestmark = pytest.mark.browser

SERVICE = ServiceConfig(
    name="late",
    display_name="Late Video",
    initial_url="http://127.0.0.1/",
    flow_urls=("/p/",),  # the account page is not under it: off the flow by structure
)

# the listener reads a token first (the site answers when the test releases it), then writes
SCRIPT = """
const out = document.getElementById('out');
for (const s of document.querySelectorAll('[role=switch]')) {
  s.addEventListener('click', async () => {
    if (s.getAttribute('aria-checked') !== 'true') return;
    const t = await (await fetch('/account/token?item=' + s.dataset.item)).text();
    try {
      const r = await fetch('/account/renewal-off', {method: 'POST',
        headers: {'Content-Type': 'application/json'},
        body: JSON.stringify({item: s.dataset.item, token: t})});
      out.textContent = r.ok ? 'sent' : 'refused';
    } catch (e) { out.textContent = 'held'; }
  });
}
"""

WORDS = {
    "sw": ("Akaunti", ("Mwanachama wa ziada", "Netflix Premium"), "Kusasisha kiotomatiki"),
    "pl": ("Konto", ("Dodatkowy członek", "Premium"), "Automatyczne odnawianie"),
}


def account(lang: str) -> str:
    title, plans, renew = WORDS[lang]
    cards = "".join(
        f"<li><h3>{plan}</h3><p><span role='switch' tabindex='0' data-item='{item}' "
        f"aria-checked='true' aria-label='{renew} {n}'>{renew}</span></p></li>"
        for n, (item, plan) in enumerate(zip(("add-on", "main"), plans, strict=True), 1)
    )
    return (
        f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'><title>{title}</title>"
        f"</head><body><h1>{title}</h1><ul>{cards}</ul><p id='out'></p>"
        f"<script>{SCRIPT}</script></body></html>"
    )


class _Handler(BaseHTTPRequestHandler):
    seen: ClassVar[list[tuple[str, str]]] = []
    lock: ClassVar[threading.Lock] = threading.Lock()
    release: ClassVar[threading.Event] = threading.Event()

    def log_message(self, format: str, *args: object) -> None:
        pass

    def _serve(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        path = urlsplit(self.path).path
        with self.lock:
            self.seen.append((self.command, path))
        if path == "/account/token":
            self.release.wait(timeout=30)  # until the test lets the listener go on
        lang = path.rsplit("/", 1)[-1]
        body = account(lang) if lang in WORDS else "ok"
        data = body.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_POST = _serve


class Site(LocalServer):
    def __init__(self) -> None:
        self.handler = cast(
            type[_Handler], type("Handler", (_Handler,), {"seen": [], "release": threading.Event()})
        )
        super().__init__(self.handler)

    def writes(self) -> list[str]:
        with self.handler.lock:
            return [p for m, p in self.handler.seen if m == "POST"]

    def reset(self) -> None:
        with self.handler.lock:
            self.handler.seen.clear()
        self.handler.release.clear()


@pytest.fixture(scope="module")
def site() -> Iterator[Site]:
    with Site() as served:
        yield served


async def call(stack: ToolStack, name: str, **arguments: str) -> Reply:
    return await stack.execute(ToolCall(id="t", name=name, arguments=arguments))


async def settled(browser: PlaywrightBrowser) -> str:
    """What the page's own script said of its write, once it said it."""
    await browser.page.wait_for_function("document.getElementById('out').textContent !== ''")
    return str(await browser.page.locator("#out").text_content())


@pytest.mark.parametrize("lang", sorted(WORDS))
@pytest.mark.parametrize("between", ["get_snapshot", "bad-ref"])
async def test_a_write_that_comes_after_the_reply_is_held(
    browser: PlaywrightBrowser, site: Site, lang: str, between: str
) -> None:
    """The switch is pressed unasked (off the flow, its listener only fetches); its write
    leaves after the reply, after the agent's next call: held, said, and its next try asks.
    ``between``: what the agent does before the write leaves (looks again, or clicks a ref
    that does not exist: no action, so the switch's guard stays)."""
    site.reset()
    await browser.navigate(f"{site.base_url}/account/{lang}")
    answers = ScriptedApprovals([False, False])
    stack = build_run(SERVICE, browser, answers).stack
    shown = await call(stack, "get_snapshot")
    switch = by_name(shown.snapshot, f"{WORDS[lang][2]} 2", "switch")
    reply = await call(stack, "browser_click", ref=switch.ref)
    assert reply.result.get("error") is None, reply.result
    assert answers.requests == []  # unasked: nothing it does is seen as a write before it runs
    if between == "bad-ref":
        await call(stack, "browser_click", ref="e9999")
    elif between == "get_snapshot":
        await call(stack, "get_snapshot")
    site.handler.release.set()  # only now does the listener send its write
    assert await settled(browser) == "held"
    assert site.writes() == []
    reply = await call(stack, "get_snapshot")
    assert "After the last action returned" in (reply.message or ""), reply.message
    again = by_name(reply.snapshot, f"{WORDS[lang][2]} 2", "switch")
    refused = await call(stack, "browser_click", ref=again.ref)
    assert refused.result.get("error") == "human_rejected", refused.result
    assert len(answers.requests) == 1
    assert site.writes() == []
