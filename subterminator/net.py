"""Which URLs stay on this machine: the closed-network checks share this one rule."""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

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
