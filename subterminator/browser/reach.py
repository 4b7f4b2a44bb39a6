"""``Reach``: where a run's browser may go. The browser holds a person's signed-in sessions, so
a page (or a model it talked into it) must not take it to other sites or to this machine's own
services unasked.

Three answers for an address the browser is about to load as a page or a frame:

- ``in``: the service's own sites (its domains, sign-in and payment providers), the origin the
  run started on (the simulator, a ``--url`` the person gave), sites the person widened the
  reach with (``--allow-site``), and a page the person said yes to, once;
- ``ask``: any other web site. Held at the request, named to the person ("open <site>, which is
  not <service>; what it shows will be read by the model"), opened only after a yes;
- ``refused``: local and private addresses (loopback, private ranges, link-local, ``.local``)
  other than the start origin, and every scheme that is not the web (file, chrome, view-source,
  data, javascript, blob opened as a page, about: other than blank). Never asked: no yes makes
  /etc/passwd or the person's router a page the model should read.

Pure: the browser consults it where requests are made (every navigation, redirects and frames
included); the tool stack asks the person and grants.
"""

from __future__ import annotations

import asyncio
import ipaddress
from dataclasses import dataclass, field
from typing import Literal
from urllib.parse import urlsplit

ReachKind = Literal["in", "ask", "refused"]
WEB_SCHEMES = frozenset({"http", "https"})
BLANK = frozenset({"about:blank", "about:srcdoc"})
# Not the public internet, whatever the address: RFC 1918, CGNAT, benchmarking, multicast...
LOCAL_SUFFIXES = (".local", ".localhost", ".internal", ".lan", ".home.arpa", ".intranet")


@dataclass(frozen=True)
class ReachVerdict:
    kind: ReachKind
    url: str
    site: str  # who the page belongs to, as a person reads it ("evil.example", "file:")
    reason: str = ""


@dataclass(frozen=True)
class Held:
    """A navigation the browser stopped before it left: what it was, and why."""

    verdict: ReachVerdict
    method: str
    frame: bool  # a frame's navigation (the page stayed; a frame of it did not load)
    redirect: bool  # reached by a redirect of an address that was let through


def host_of(url: str) -> str:
    try:
        return (urlsplit(url).hostname or "").rstrip(".").lower()
    except ValueError:
        return ""


def origin_of(url: str) -> str:
    """``scheme://host[:port]``, ports made explicit, so two spellings of one origin agree."""
    try:
        parts = urlsplit(url)
        port = parts.port or {"http": 80, "https": 443}.get(parts.scheme, 0)
    except ValueError:
        return ""
    host = (parts.hostname or "").rstrip(".").lower()
    return f"{parts.scheme}://{host}:{port}" if host else ""


def is_private_host(host: str) -> bool:
    """Loopback, private, link-local, unspecified, reserved or a local-only name."""
    host = host.strip("[]").rstrip(".").lower()
    if not host:
        return True
    if (
        host == "localhost"
        or host.endswith(LOCAL_SUFFIXES)
        or ("." not in host and ":" not in host)
    ):
        return True  # a bare name ("router", "intranet") resolves on the local network only
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return _numeric_ipv4(host)
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return not address.is_global or address.is_multicast


def _numeric_ipv4(host: str) -> bool:
    """``2130706433``, ``0x7f.1``, ``127.1``: spellings the browser reads as an IPv4 address.
    Any all-numeric (or hex) dotted name is treated as one, so it is judged as local."""
    parts = host.split(".")
    try:
        [int(p, 0) for p in parts]
    except ValueError:
        return False
    return True


def _matches(host: str, sites: frozenset[str]) -> str:
    for site in sites:
        if host == site or host.endswith("." + site):
            return site
    return ""


@dataclass
class Reach:
    """One run's reach. ``service`` is the name a person knows the service by."""

    service: str
    sites: frozenset[str] = frozenset()  # the service's own domains and its providers
    origins: frozenset[str] = frozenset()  # exact origins: the start page (simulator, --url)
    widened: frozenset[str] = frozenset()  # --allow-site: said in the run record
    start_pages: frozenset[str] = frozenset()  # a file: start page the person gave, itself only
    granted: set[str] = field(default_factory=set)  # pages a person said yes to, once each
    held: list[Held] = field(default_factory=list)  # stopped since the stack last looked

    def verdict(self, url: str) -> ReachVerdict:
        lowered = url.strip().lower()
        if lowered in BLANK:
            return ReachVerdict("in", url, "about:blank")
        if _page(url) in self.start_pages:
            return ReachVerdict("in", url, "the start page")
        try:
            parts = urlsplit(url)
        except ValueError:
            return ReachVerdict("refused", url, "?", "an address that cannot be read")
        scheme = parts.scheme.lower()
        if scheme not in WEB_SCHEMES:
            return ReachVerdict(
                "refused",
                url,
                f"{scheme or '?'}:",
                f"a {scheme or 'schemeless'}: address is not a web page of the service",
            )
        host = host_of(url)
        origin = origin_of(url)
        if origin in self.origins:
            return ReachVerdict("in", url, host)
        if is_private_host(host):
            return ReachVerdict(
                "refused",
                url,
                host,
                "a local or private network address (this machine or its network)",
            )
        if _matches(host, self.sites | self.widened):
            return ReachVerdict("in", url, host)
        if _page(url) in self.granted:
            return ReachVerdict("in", url, host)
        return ReachVerdict("ask", url, host, f"{host} is not {self.service}")

    def grant(self, url: str) -> None:
        """A person's yes for this page (scheme, host, port, path and query): not its site."""
        self.granted.add(_page(url))

    def consume(self, url: str) -> None:
        """A granted page was opened: the yes is spent."""
        self.granted.discard(_page(url))

    def take_held(self) -> list[Held]:
        held, self.held = self.held, []
        return held

    def subresource_refused(self, url: str) -> bool:
        """A page's own requests (fetch, beacons, images) to this machine or its network, from
        anywhere but the start origin: a page of the web has no business there."""
        try:
            scheme = urlsplit(url).scheme.lower()
        except ValueError:
            return True
        if scheme not in WEB_SCHEMES and scheme not in ("ws", "wss"):
            return False  # data:, blob: of the page itself: nothing leaves
        web = url.replace("ws", "http", 1) if scheme in ("ws", "wss") else url
        return origin_of(web) not in self.origins and is_private_host(host_of(url))


RESOLVE_S = 3.0


async def resolves_private(host: str) -> bool:
    """Whether a name outside the reach leads to this machine or its network (a public name
    pointed at 127.0.0.1 or a router): asked before a person is asked about it. A name that
    does not resolve here is judged by its name."""
    try:
        async with asyncio.timeout(RESOLVE_S):
            found = await asyncio.get_running_loop().getaddrinfo(host, None)
    except (OSError, TimeoutError, UnicodeError):
        return False
    return any(is_private_host(str(info[4][0])) for info in found)


def with_private_address(verdict: ReachVerdict) -> ReachVerdict:
    return ReachVerdict(
        "refused",
        verdict.url,
        verdict.site,
        f"{verdict.site} leads to a local or private network address",
    )


def _page(url: str) -> str:
    return url.split("#", 1)[0]


def said(verdict: ReachVerdict, service: str) -> str:
    """The question a person answers for an address outside the reach."""
    return f"Open {verdict.site}, which is not {service}: what it shows will be read by the model"
