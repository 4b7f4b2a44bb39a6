"""``web_search``: a search through a provider the person configured (``--search``).

The search is made by our own HTTP client, never by the person's browser: no cookie, no
signed-in account goes with it. A model names what to search for, not where: an address in
the call is accepted only when it is the configured provider's own, so a call cannot point
our client at a service on this machine or its network. The results are the web's words:
each title and snippet is made one plain line of a stated size, and only http(s) addresses
are kept.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any, Protocol
from urllib.parse import quote_plus, urljoin, urlsplit

import httpx2

from subterminator import __version__
from subterminator.browser.reach import is_private_host, origin_of
from subterminator.errors import ConfigurationError
from subterminator.facade.front import refused
from subterminator.facade.search_html import duckduckgo_results
from subterminator.models.browser_response import BrowserResponse
from subterminator.tools.facade.args import SearchArgs
from subterminator.untrusted import shown

DUCKDUCKGO = "https://html.duckduckgo.com/html/"
TIMEOUT_S = 15.0  # a call's own timeout may be shorter
MAX_BYTES = 2_000_000  # of a provider's answer: more is not read
MAX_REDIRECTS = 3  # each to the provider's own origin only
TITLE = 200
SNIPPET = 500
URL = 2000
AGENT = f"SubTerminator/{__version__} (web_search)"
NOT_AVAILABLE = "web search is not available (no provider configured; see --search)"


class SearchFailed(Exception):
    """The provider could not be reached, or answered with nothing we can read."""


@dataclass(frozen=True)
class Hit:
    """One search result, its words made plain."""

    rank: int
    title: str
    url: str
    snippet: str | None

    def said(self) -> dict[str, Any]:
        return {"rank": self.rank, "title": self.title, "url": self.url, "snippet": self.snippet}


class SearchProvider(Protocol):
    """Where a search goes. ``address`` is the person's (the default or ``--search``)."""

    @property
    def name(self) -> str: ...

    @property
    def address(self) -> str: ...

    def request_url(self, query: str) -> str: ...

    async def search(self, query: str, max_results: int) -> list[Hit]: ...


def hits(found: list[tuple[str, str, str | None]], max_results: int) -> list[Hit]:
    """Raw (title, url, snippet) as results: plain http(s) addresses only, words made plain."""
    kept: list[Hit] = []
    for title, url, snippet in found:
        if urlsplit(url).scheme not in ("http", "https") or shown(url, URL) != url:
            continue  # not an address a person opens, or one holding controls or too long
        plain = shown(snippet, SNIPPET) if snippet else None
        kept.append(Hit(len(kept) + 1, shown(title, TITLE) or url, url, plain or None))
        if len(kept) == max_results:
            break
    return kept


async def fetched(url: str) -> str:
    """The provider's answer as text, redirects followed within its origin only (the call's
    own time limit is the caller's)."""
    origin = origin_of(url)
    headers = {"User-Agent": AGENT, "Accept-Language": "en"}
    # Nothing of the person's environment goes with a search: no .netrc login, no proxy.
    try:
        async with httpx2.AsyncClient(
            timeout=TIMEOUT_S, follow_redirects=False, trust_env=False, headers=headers
        ) as client:
            for _ in range(MAX_REDIRECTS + 1):
                async with client.stream("GET", url) as response:
                    if response.is_redirect:
                        url = urljoin(url, response.headers.get("location", ""))
                        if origin_of(url) != origin:
                            raise SearchFailed(f"the provider sent us elsewhere ({origin_of(url)})")
                        continue
                    if response.status_code >= 400:
                        raise SearchFailed(f"the provider answered HTTP {response.status_code}")
                    body = bytearray()
                    async for chunk in response.aiter_bytes():
                        body += chunk
                        if len(body) > MAX_BYTES:
                            break
                    return bytes(body[:MAX_BYTES]).decode(response.encoding or "utf-8", "replace")
    except httpx2.TimeoutException:
        raise SearchFailed(f"the provider did not answer within {TIMEOUT_S:g} s") from None
    except httpx2.HTTPError as exc:
        raise SearchFailed(f"the provider could not be reached ({type(exc).__name__})") from None
    raise SearchFailed("the provider redirected too many times")


@dataclass(frozen=True)
class DuckDuckGo:
    """DuckDuckGo's HTML results page: no key, no account."""

    address: str = DUCKDUCKGO
    name: str = "duckduckgo"

    def request_url(self, query: str) -> str:
        return f"{self.address}?q={quote_plus(query)}"

    async def search(self, query: str, max_results: int) -> list[Hit]:
        text = await fetched(self.request_url(query))
        found, asked_proof = duckduckgo_results(text, self.address)
        if not found and asked_proof:
            raise SearchFailed("DuckDuckGo asked for a proof of being a person (a CAPTCHA)")
        return hits(found, max_results)


@dataclass(frozen=True)
class JsonSearch:
    """An address with ``{query}`` answering JSON: a list of results, or ``{"results": [...]}``
    (SearXNG's ``format=json`` is one), each with ``title``, ``url`` and a snippet
    (``snippet``, ``content`` or ``description``)."""

    address: str
    name: str = "json"

    def request_url(self, query: str) -> str:
        return self.address.replace("{query}", quote_plus(query))

    async def search(self, query: str, max_results: int) -> list[Hit]:
        text = await fetched(self.request_url(query))
        try:
            answer = json.loads(text)
        except ValueError:
            raise SearchFailed("the provider's answer is not JSON") from None
        items = answer.get("results") if isinstance(answer, dict) else answer
        if not isinstance(items, list):
            raise SearchFailed("the provider's answer holds no list of results")
        return hits([_item(i) for i in items if isinstance(i, dict)], max_results)


def _item(item: dict[str, Any]) -> tuple[str, str, str | None]:
    def text(*keys: str) -> str:
        return next((v for k in keys if isinstance(v := item.get(k), str) and v), "")

    return text("title"), text("url", "link", "href"), text("snippet", "content", "description")


def provider(spec: str | None) -> SearchProvider | None:
    """The provider ``--search`` names: DuckDuckGo by default, ``none`` for no search, or an
    http(s) address with ``{query}`` answering JSON."""
    if spec is None or spec.strip().lower() == "duckduckgo":
        return DuckDuckGo()
    if spec.strip().lower() == "none":
        return None
    try:
        parts = urlsplit(spec)
    except ValueError:
        parts = urlsplit("")
    if parts.scheme not in ("http", "https") or not parts.hostname or "{query}" not in spec:
        raise ConfigurationError(
            f"--search {spec!r}: duckduckgo, none, or an http(s) address with {{query}} in it "
            "(for example https://searx.example/search?q={query}&format=json)"
        )
    return JsonSearch(spec)


def _refusal(configured: SearchProvider, asked: str) -> str | None:
    """Why a call's ``search_engine_url`` is refused (None: it is the provider's own)."""
    if origin_of(asked) and origin_of(asked) == origin_of(configured.address):
        return None
    try:
        host = urlsplit(asked).hostname or ""
    except ValueError:
        host = ""
    if not host:
        where = "an address that cannot be read"
    elif is_private_host(host):
        where = "a local or private address"
    else:
        where = "another address"
    return (
        f"search_engine_url: {where} is never searched; this session searches through "
        f"{configured.name} ({origin_of(configured.address)}) only"
    )


async def _searched(provider: SearchProvider, args: SearchArgs) -> list[Hit]:
    seconds = float(args.timeout) if args.timeout is not None else TIMEOUT_S
    try:
        async with asyncio.timeout(seconds):
            return await provider.search(args.query, args.max_results)
    except TimeoutError:
        raise SearchFailed(f"the provider did not answer within {seconds:g} s") from None


async def web_search(provider: SearchProvider | None, args: SearchArgs) -> BrowserResponse:
    if provider is None:
        return refused("invalid_params", NOT_AVAILABLE)
    if args.search_engine_url is not None:
        refusal = _refusal(provider, args.search_engine_url)
        if refusal is not None:
            return refused("invalid_params", refusal)
    request_url = provider.request_url(args.query)
    data = {"provider": provider.name, "query": args.query, "request_url": request_url}
    try:
        found = await _searched(provider, args)
    except SearchFailed as exc:
        said = refused("action_failed", f"web search through {provider.name} failed: {exc}")
        return said.model_copy(update={"data": {**(said.data or {}), **data}})
    lines = [f"{len(found)} results for {shown(args.query, 200)!r} ({provider.name}):"]
    lines += [
        f"{h.rank}. {h.title} - {h.url}" + (f"\n   {h.snippet}" if h.snippet else "") for h in found
    ]
    return BrowserResponse(
        success=True,
        result={"results": [h.said() for h in found]},
        text="\n".join(lines),
        data=data,
    )
