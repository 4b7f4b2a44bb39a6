"""Which URLs stay on this machine: the closed-network checks share this one rule."""

from __future__ import annotations

import ipaddress
from http import HTTPStatus
from urllib.parse import urlsplit, urlunsplit

LOCAL_SCHEMES = frozenset({"data", "blob", "about", "file", "chrome", "devtools"})


def is_loopback_host(host: str) -> bool:
    host = host.strip("[]")
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def is_local_url(url: str) -> bool:
    """Loopback hosts, and schemes that never touch the network."""
    parts = urlsplit(url)
    return parts.scheme in LOCAL_SCHEMES or is_loopback_host(parts.hostname or "")


def shown_url(url: str) -> str:
    """``url`` as a person reads it: an empty query or fragment (a bare ``?`` or ``#``, left by
    a form with no fields) says nothing and is dropped; everything else is kept as it is."""
    try:
        return urlunsplit(urlsplit(url)) if url.endswith(("?", "#")) else url
    except ValueError:
        return url


def http_problem(status: int | None) -> str | None:
    """'HTTP 404 Not Found' for an error status; None for a page that loaded."""
    if status is None or status < 400:
        return None
    try:
        phrase = HTTPStatus(status).phrase
    except ValueError:
        phrase = "error"
    return f"HTTP {status} {phrase}"
