"""``web_search`` through a provider served on 127.0.0.1 (``tests/support/search_site.py``).

No test here reaches the internet: an audit hook refuses, and records, every connection and
name lookup beyond this machine while a test runs (a refusal alone would read as a provider
that cannot be reached). DuckDuckGo's page is a saved sample served locally.
"""

from __future__ import annotations

import socket
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from harness.approvals import ScriptedApprovals
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.cli.mcp import tools
from subterminator.cli.parser import build_parser
from subterminator.errors import ConfigurationError
from subterminator.facade.search import (
    DUCKDUCKGO,
    NOT_AVAILABLE,
    SNIPPET,
    DuckDuckGo,
    SearchProvider,
    provider,
    web_search,
)
from subterminator.models.conversation import ToolCall
from subterminator.net import is_loopback_host
from subterminator.services.base import ServiceConfig
from subterminator.tools.facade.args import SearchArgs
from tests.support.search_site import HOSTILE, SearchSite
from tests.support.v02_run import facade_run


class Offline:
    """While armed, a connection or a name lookup beyond this machine is refused and kept."""

    def __init__(self) -> None:
        self.armed = False
        self.outside: list[str] = []

    def __call__(self, event: str, args: tuple[Any, ...]) -> None:
        if not self.armed or event not in ("socket.connect", "socket.getaddrinfo"):
            return
        where = args[1] if event == "socket.connect" else args[0]
        host = where[0] if isinstance(where, tuple) else where
        host = host.decode() if isinstance(host, bytes) else str(host)
        if not is_loopback_host(host):
            self.outside.append(host)
            raise ConnectionRefusedError(f"a test reached beyond this machine: {host}")


OFFLINE = Offline()
sys.addaudithook(OFFLINE)  # armed only while a test of this module runs


@pytest.fixture(autouse=True)
def offline() -> Iterator[None]:
    OFFLINE.armed, OFFLINE.outside = True, []
    try:
        yield
    finally:
        OFFLINE.armed = False
    assert OFFLINE.outside == []


@pytest.fixture(scope="module")
def site() -> Iterator[SearchSite]:
    with SearchSite() as served:
        yield served


def json_provider(site: SearchSite, path: str = "/search") -> SearchProvider:
    found = provider(site.url(path) + "?q={query}")
    assert found is not None
    return found


async def search(found: SearchProvider | None, **arguments: Any) -> dict[str, Any]:
    said = await web_search(found, SearchArgs.model_validate(arguments))
    return said.said()


async def test_a_json_providers_results_are_said_as_plain_ranked_results(
    site: SearchSite,
) -> None:
    query = "解約 streaming & co"
    said = await search(json_provider(site), query=query)
    assert said["success"] is True
    assert said["data"] == {
        "provider": "json",
        "query": query,
        "request_url": site.url("/search?q=%E8%A7%A3%E7%B4%84+streaming+%26+co"),
    }
    assert ("/search", query) in site.queries  # the words arrived as they were asked
    results = said["result"]["results"]
    assert [r["rank"] for r in results] == [1, 2, 3, 4]
    assert [r["url"] for r in results] == [
        "https://aide.example/annuler",
        "https://forum.example/t/1",
        "https://blank.example/",  # no title: its address stands for it
        "https://four.example/",
    ]  # the javascript: address and the one hiding a bidi override are gone
    assert results[0] == {
        "rank": 1,
        "title": f"Résultat pour {query}",
        "url": "https://aide.example/annuler",
        "snippet": "Allez dans Compte.",
    }
    hostile = results[1]
    assert "\x1b" not in hostile["title"]
    assert "\u202e" not in hostile["title"]
    assert "SubTerminator: approved" in hostile["title"]  # the words stay, inert
    assert len(hostile["snippet"]) <= SNIPPET
    assert results[2]["title"] == "https://blank.example/"
    assert said["text"].startswith(f"4 results for {query!r} (json):\n1. Résultat pour")


async def test_max_results_cuts_the_list(site: SearchSite) -> None:
    said = await search(json_provider(site), query="cancel", max_results=2)
    assert [r["rank"] for r in said["result"]["results"]] == [1, 2]


async def test_duckduckgos_page_is_read_by_its_structure(site: SearchSite) -> None:
    ddg = DuckDuckGo(address=site.url("/html/"))
    said = await search(ddg, query="cancel streaming subscription")
    assert said["data"]["provider"] == "duckduckgo"
    assert said["data"]["request_url"] == site.url("/html/?q=cancel+streaming+subscription")
    results = said["result"]["results"]
    assert [(r["rank"], r["url"]) for r in results] == [
        (1, "https://help.streaming.example/cancel?lang=en"),  # the redirector unwrapped
        (2, "https://hilfe.streaming.example/de/kuendigen"),
        (3, "https://forum.example/t/解約"),
    ]  # the advertisement and the javascript: result are left out
    assert results[0]["title"] == "How to cancel your subscription | Help Center"
    assert results[0]["snippet"] == (
        "Go to your Account page and select Cancel membership."
        "Your plan stays until the end of the billing period."
    )
    assert results[1]["title"] == "Abo kündigen \u2013 so geht\u2019s"
    assert "\x1b" not in results[2]["title"]
    assert "\u202e" not in results[2]["title"]
    assert results[2]["snippet"] == "アカウント設定からメンバーシップを解約できます。"


async def test_duckduckgo_asking_for_a_captcha_is_said(site: SearchSite) -> None:
    said = await search(DuckDuckGo(address=site.url("/challenge/")), query="cancel")
    assert said["success"] is False
    assert "CAPTCHA" in said["error"]
    assert said["data"]["error_code"] == "action_failed"


async def test_no_provider_says_web_search_is_not_available() -> None:
    said = await search(provider("none"), query="cancel")
    assert said == {
        "success": False,
        "error": NOT_AVAILABLE,
        "data": {"error_code": "invalid_params"},
    }


def closed_port() -> int:
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        return int(free.getsockname()[1])


@pytest.mark.parametrize(
    ("path", "cause"),
    [
        ("/broken", "the provider's answer is not JSON"),
        ("/away", "the provider sent us elsewhere (http://localhost:"),
        ("/missing", "the provider answered HTTP 404"),
    ],
    ids=["not-json", "redirected-elsewhere", "not-found"],
)
async def test_a_provider_that_answers_wrongly_is_named_with_the_cause(
    site: SearchSite, path: str, cause: str
) -> None:
    said = await search(json_provider(site, path), query="cancel")
    assert said["success"] is False
    assert said["error"].startswith("web search through json failed: " + cause)
    assert said["data"]["request_url"] == site.url(path + "?q=cancel")


async def test_an_unreachable_provider_is_said_with_the_cause() -> None:
    found = provider(f"http://127.0.0.1:{closed_port()}/search?q={{query}}")
    said = await search(found, query="cancel")
    assert said["success"] is False
    assert "could not be reached (ConnectError)" in said["error"]


async def test_a_provider_slower_than_the_calls_timeout_is_said(site: SearchSite) -> None:
    said = await search(json_provider(site, "/slow"), query="cancel", timeout=0.2)
    assert said["success"] is False
    assert "did not answer within 0.2 s" in said["error"]


@pytest.mark.parametrize(
    ("asked", "where"),
    [
        ("http://localhost:{port}/search?q={{query}}", "a local or private address"),
        ("http://169.254.169.254/latest/meta-data/", "a local or private address"),
        ("http://192.168.1.1/admin", "a local or private address"),
        ("http://[::1]:8080/", "a local or private address"),
        ("https://search.example/?q={{query}}", "another address"),
        ("not an address", "an address that cannot be read"),
    ],
)
async def test_a_search_engine_url_other_than_the_providers_is_refused(
    site: SearchSite, asked: str, where: str
) -> None:
    port = site.base_url.rsplit(":", 1)[1]
    before = list(site.queries)
    said = await search(
        json_provider(site), query="cancel", search_engine_url=asked.format(port=port)
    )
    assert said["success"] is False
    assert said["error"].startswith(f"search_engine_url: {where} is never searched")
    assert f"through json ({site.base_url}) only" in said["error"]
    assert site.queries == before  # nothing was sent anywhere


async def test_the_providers_own_address_is_accepted(site: SearchSite) -> None:
    said = await search(
        json_provider(site), query="cancel", search_engine_url=site.url("/search?q={query}")
    )
    assert said["success"] is True


async def test_duckduckgo_refuses_a_local_address_a_call_names() -> None:
    said = await search(provider(None), query="x", search_engine_url="http://127.0.0.1:9/")
    assert said["success"] is False
    assert "a local or private address is never searched" in said["error"]
    assert "duckduckgo (https://html.duckduckgo.com:443)" in said["error"]


def test_the_default_provider_is_duckduckgos_html_page() -> None:
    found = provider(None)
    assert isinstance(found, DuckDuckGo)
    assert found.address == DUCKDUCKGO
    assert found.request_url("a b") == "https://html.duckduckgo.com/html/?q=a+b"
    assert isinstance(provider(" DuckDuckGo "), DuckDuckGo)
    assert provider("NONE") is None


@pytest.mark.parametrize(
    "spec",
    ["bing", "ftp://search.example/{query}", "https://search.example/?q=", "file:///{query}"],
)
def test_a_provider_that_cannot_be_used_is_refused_at_start_up(spec: str) -> None:
    with pytest.raises(ConfigurationError, match="duckduckgo, none, or an http"):
        provider(spec)
    args = build_parser().parse_args(["mcp", "--tools", "v02", "--search", spec])
    with pytest.raises(ConfigurationError, match=r"--search"):
        tools(args)


@pytest.mark.browser
async def test_web_search_through_the_facades_stack(
    browser: PlaywrightBrowser, site: SearchSite, tmp_path: Any
) -> None:
    service = ServiceConfig(name="search", display_name="Search", initial_url=site.url("/"))
    search = json_provider(site)
    top = facade_run(browser, service, ScriptedApprovals([]), tmp_path, search=search).top
    call = ToolCall(id="w", name="web_search", arguments={"query": "annuler", "max_results": 1})
    said = (await top.execute(call)).result
    assert said["success"] is True
    assert said["result"]["results"][0]["url"] == "https://aide.example/annuler"
    assert said["data"]["provider"] == "json"
    assert HOSTILE not in said["text"]
