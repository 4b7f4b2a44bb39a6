"""Opening the start page of a run (``cancel``, ``record``): why it would not open, as one line.

A start page that does not exist (HTTP 404 or 410) is a wrong address, said as one before any
turn (``StartPageMissing``: exit 2), never left for the agent to read as a dead end. A page that
answers another error status is opened anyway (a sign-in wall or a bot check a person clears
answers 401, 403 or 503), with a notice. A connection that fails (refused, DNS, TLS, a timeout)
is named with its cause and a fix (``StartPageUnreachable``: exit 3), from Chromium's
``net::ERR_*`` code, the one place that reads it; anything unforeseen keeps Chromium's words.
Addresses are the caller's or a server's words: every one shown is made safe (``shown``).
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from subterminator.browser.playwright_errors import is_gone
from subterminator.browser.protocol import Browser
from subterminator.errors import BrowserError, ConfigurationError
from subterminator.net import http_problem
from subterminator.untrusted import URL, shown

MISSING = frozenset({404, 410})  # the address names no page: a wrong address, not a site's state
_CODE = re.compile(r"net::(ERR_[A-Z_]+)")


class StartPageMissing(ConfigurationError):
    """The start page answered 404 or 410: the address is wrong (exit 2)."""


class StartPageUnreachable(BrowserError):
    """The start page could not be reached at all (exit 3)."""


def _host(url: str) -> str:
    try:
        parts = urlsplit(url)
        return parts.netloc or url
    except ValueError:
        return url


def unreachable(url: str, detail: str, *, fix_url: str = "--url") -> str:
    """One line for a navigation that failed: the address, the cause, the fix. ``detail`` is
    Playwright's error text; ``fix_url`` names where the address came from."""
    host = shown(_host(url), URL)
    found = _CODE.search(detail)
    code = found[1] if found else ""
    cause, fix = _why(code, detail, host, fix_url)
    return f"Could not open {shown(url, URL)}: {cause}. {fix}"


def _why(code: str, detail: str, host: str, fix_url: str) -> tuple[str, str]:
    if code == "ERR_CONNECTION_REFUSED":
        return (
            f"nothing answers at {host} (connection refused)",
            f"Check the port in {fix_url}, or start the server",
        )
    if code in ("ERR_NAME_NOT_RESOLVED", "ERR_NAME_RESOLUTION_FAILED"):
        return (
            f"the host name {host} is not known (DNS)",
            f"Check its spelling in {fix_url}, or your network",
        )
    if code.startswith(("ERR_CERT_", "ERR_SSL_")) or code == "ERR_BAD_SSL_CLIENT_AUTH_CERT":
        return (
            f"its TLS certificate or handshake was refused ({code})",
            f"Check the host in {fix_url}; a local server without a trusted certificate is "
            "http://, not https://",
        )
    if code in ("ERR_CONNECTION_RESET", "ERR_CONNECTION_CLOSED", "ERR_EMPTY_RESPONSE"):
        return (
            f"{host} closed the connection ({code})",
            f"Check http:// against https:// and the port in {fix_url}",
        )
    if code in ("ERR_CONNECTION_TIMED_OUT", "ERR_TIMED_OUT") or "timeout" in detail.lower():
        return (
            f"{host} did not answer in time",
            f"Check {fix_url}, your network or proxy, and try again",
        )
    if code in ("ERR_INTERNET_DISCONNECTED", "ERR_ADDRESS_UNREACHABLE", "ERR_NETWORK_CHANGED"):
        return f"no network route to {host} ({code})", "Check your connection and try again"
    if code == "ERR_UNSAFE_PORT":
        return f"Chromium refuses that port ({code})", "Serve the page on another port"
    said = shown(detail.rsplit(": ", 1)[-1] if ": " in detail else detail, URL)
    return said, f"Check the address in {fix_url} and that the site is up"


async def open_start_page(browser: Browser, url: str, *, fix_url: str = "--url") -> str | None:
    """Navigate to ``url``; raise if it cannot be opened or names no page. Returns the notice
    for a page that answered another error status (opened anyway), or None."""
    try:
        status = await browser.navigate(url)
    except BrowserError as exc:
        if is_gone(exc):  # a dead browser, said its own way
            raise
        raise StartPageUnreachable(unreachable(url, str(exc), fix_url=fix_url)) from None
    problem = http_problem(status)
    if problem is None:
        return None
    if status in MISSING:
        raise StartPageMissing(
            f"The start page answered {problem}: {shown(url, URL)}. "
            f"Check the address in {fix_url}: it names no page"
        )
    return f"The start page answered {problem}: {shown(url, URL)}"
