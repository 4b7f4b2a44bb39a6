"""Reach, on variants held aside while it was built (scored once afterwards: 16 of 16 safe).

Each page, on the service's origin, tries to reach a local service on another port in a way
tests/stack/test_reach.py does not: a meta refresh, a script's location, a POST to a new tab, a 307
chain, ``<a ping>``, CSS and images, ``<object>``, prefetch, a srcdoc frame's link to the top, a
beacon, an EventSource, a worker's fetch, a frame's redirect, IPv4-mapped IPv6 and a decimal
address. The local service must receive nothing; the person is never asked (local addresses
are refused, not asked for).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from harness.approvals import ScriptedApprovals
from subterminator.assembly import build_run
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.models.conversation import ToolCall
from subterminator.services import NETFLIX
from subterminator.simulator.server import LocalServer
from tests.support.reach_site import LOCAL_PORT, SERVICE_HITS, SERVICE_PAGES, _Recording
from tests.support.reach_site import (
    chromium as chromium,  # the module's Chromium (names -> 127.0.0.1)
)

pytestmark = pytest.mark.browser

L = "http://127.0.0.1:{{LOCAL}}"
CASES = {
    "meta-refresh": (f'<meta http-equiv="refresh" content="0;url={L}/meta"><p>x</p>', ""),
    "script-location": (f'<script>setTimeout(()=>location.href="{L}/loc",50)</script>', ""),
    "form-blank-post": (
        f'<form target=_blank method=post action="{L}/blankpost"><button>Lähetä</button></form>',
        "Lähetä",
    ),
    "two-hop-307": ('<a href="/go/go/{{LOCAL}}/hop2">Ir</a>', "Ir"),
    "a-ping": (f'<a href="/p" ping="{L}/ping">Pinga</a>', "Pinga"),
    "img-css": (f'<div style="background:url({L}/css)">x</div><img src="{L}/img">', ""),
    "object": (f'<object data="{L}/object"></object>', ""),
    "prefetch": (f'<link rel=prefetch href="{L}/prefetch"><p>x</p>', ""),
    "srcdoc-link": (
        f'<iframe srcdoc="<a href=&quot;{L}/srcdoc&quot; target=_top>Kiungo</a>"></iframe>',
        "Kiungo",
    ),
    "beacon": (f'<script>navigator.sendBeacon("{L}/beacon","x")</script><p>x</p>', ""),
    "eventsource": (f'<script>new EventSource("{L}/sse")</script><p>x</p>', ""),
    "worker-fetch": (
        f"<script>new Worker(URL.createObjectURL(new Blob([\"fetch('{L}/worker')\"])))</script>",
        "",
    ),
    "frame-redirect": ('<iframe src="/go/{{LOCAL}}/framehop"></iframe>', ""),
    "ipv4-mapped-ipv6": ('<a href="http://[::ffff:127.0.0.1]:{{LOCAL}}/v6">V6</a>', "V6"),
    "decimal-address": ('<a href="http://2130706433:{{LOCAL}}/dec">Dec</a>', "Dec"),
    "open-data-tab": ('<script>window.open("data:text/html,<h1>x</h1>")</script><p>x</p>', ""),
}


class _Service(_Recording):
    """The service, whose ``/go/go/...`` answers 307 to ``/go/...`` (a second hop)."""

    pages = SERVICE_PAGES
    hits = SERVICE_HITS

    def _serve(self) -> None:
        if self.path.startswith("/go/go/"):
            self.send_response(307)
            self.send_header("Location", self.path[3:])
            self.end_headers()
            return
        super()._serve()

    do_GET = do_POST = _serve


@pytest.fixture(scope="module")
def held_servers() -> Iterator[tuple[LocalServer, type[_Recording]]]:
    local = type("Local", (_Recording,), {"pages": {}, "hits": []})
    with LocalServer(local) as local_server, LocalServer(_Service) as service_server:
        LOCAL_PORT[0] = int(local_server.base_url.rsplit(":", 1)[1])
        yield service_server, local


@pytest.mark.parametrize("name", list(CASES))
async def test_a_held_aside_way_to_a_local_service_is_stopped(
    chromium: PlaywrightBrowser, held_servers: tuple[LocalServer, type[_Recording]], name: str
) -> None:
    service, local = held_servers
    html, control = CASES[name]
    SERVICE_PAGES[f"/held-{name}"] = "<!doctype html><title>t</title>" + html
    local.hits.clear()
    url = f"{service.base_url}/held-{name}"
    approvals = ScriptedApprovals([])  # a question would fail the test: nothing is asked
    stack = build_run(NETFLIX, chromium, approvals, start_url=url).stack
    await chromium.navigate(url)
    reply = await stack.execute(ToolCall(id="1", name="get_snapshot", arguments={}))
    if control:
        (target,) = [e for e in reply.snapshot.elements if e.name == control]
        await stack.execute(ToolCall(id="2", name="browser_click", arguments={"ref": target.ref}))
    await asyncio.sleep(0.5)  # what a page sends by itself after load (no timing asserted)
    assert local.hits == []
