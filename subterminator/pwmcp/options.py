"""Which Playwright MCP options a person may pass through, and which are refused.

Playwright MCP drives the browser SubTerminator launched, behind SubTerminator's gate. So an
option that would choose another browser, profile, network path, page script or listening
socket is refused, naming our own option that decides the same thing; only options that shape
Playwright MCP's replies and its patience are passed. An option in neither list is refused too:
a new Playwright MCP option is passed only once someone has judged it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, Literal

from subterminator.errors import ConfigurationError

Backend = Literal["builtin", "playwright-mcp"]
BUILTIN: Final = "builtin"
PLAYWRIGHT_MCP: Final = "playwright-mcp"
BACKENDS: tuple[Backend, ...] = (BUILTIN, PLAYWRIGHT_MCP)

# Each takes one value; none reaches the browser, the page or the network.
PASSED = frozenset(
    {
        "--viewport-size",
        "--timeout-action",
        "--timeout-navigation",
        "--timeout-settle",
        "--console-level",
        "--image-responses",
        "--snapshot-mode",
        "--test-id-attribute",
        "--codegen",
    }
)

_BROWSER = "SubTerminator launches the browser and hands it over; use {}"
_OURS = _BROWSER.format("--headed/--headless, --profile DIR and $SUBTERMINATOR_CHROMIUM")
_PROFILE = _BROWSER.format("--profile DIR (sign in once with `subterminator login SERVICE`)")
_SITES = (
    "its origin lists install routes of their own and are no security boundary; "
    "use --allow-site SITE, which the gate and the network backstop enforce"
)
_HTTP = "the server is SubTerminator's; use `subterminator mcp --http [HOST:]PORT --allowed-host`"
_CODE = "code of one's own in every page or in Playwright MCP would run past the gate"
_FIXED = "SubTerminator sets it itself"

REFUSED: dict[str, str] = {
    "--browser": _OURS,
    "--executable-path": _OURS,
    "--cdp-endpoint": _OURS,
    "--cdp-header": _OURS,
    "--cdp-timeout": _OURS,
    "--extension": _OURS,
    "--profile-dir-name": _OURS,
    "--headless": _OURS,
    "--no-sandbox": _OURS,
    "--sandbox": _OURS,
    "--device": _OURS,
    "--mobile": _OURS,
    "--user-agent": _OURS,
    "--user-data-dir": _PROFILE,
    "--isolated": _PROFILE,
    "--storage-state": _PROFILE,
    "--proxy-server": _BROWSER.format("no proxy: the run's network is the gate's to hold"),
    "--proxy-bypass": _BROWSER.format("no proxy: the run's network is the gate's to hold"),
    "--grant-permissions": _BROWSER.format("no granted permissions: a page asks, a person says"),
    "--ignore-https-errors": "a site with a bad certificate is not opened; nothing replaces it",
    "--allowed-origins": _SITES,
    "--blocked-origins": _SITES,
    "--caps": "its extra tools (coordinates, PDF, DevTools) have not been judged by the gate",
    "--init-script": _CODE,
    "--init-page": _CODE,
    "--secrets": "a secret field is the person's to fill, in the browser window (--headed)",
    "--allow-unrestricted-file-access": "files stay out of reach; nothing replaces it",
    "--port": _HTTP,
    "--host": _HTTP,
    "--allowed-hosts": _HTTP,
    "--shared-browser-context": _HTTP,
    "--save-session": "the run record keeps the session; use --runs-dir DIR",
    "--config": "a configuration file could set any refused option; pass options one by one",
    "--idle-timeout": "it would close the run's browser; the run ends it",
    "--block-service-workers": _OURS,
    "--snapshot-boxes": "coordinates serve the vision tools, which are not served; act by ref",
    "--file-paths": "absolute paths would show the model this machine's folders",
    "--output-max-size": "it would delete files from the run's folder, which the record keeps",
    "--endpoint": _FIXED + " (the browser it launched)",
    "--no-webmcp": _FIXED + " (a page never adds tools)",
    "--output-dir": _FIXED + " (the run's folder; use --runs-dir DIR)",
}

HOW = "--playwright-mcp-option {}=VALUE"
SETTLE_MS = 500  # Playwright MCP waits this long after a click for what it set off


def settle_of(passed: Iterable[str]) -> float:
    """How long, in s, Playwright MCP waits after a click (``judged``'s arguments give it)."""
    for argument in passed:
        name, _, value = argument.partition("=")
        if name == "--timeout-settle":
            try:
                return max(0.0, float(value) / 1000)
            except ValueError:  # it refuses the value itself; nothing is credited
                return 0.0
    return SETTLE_MS / 1000


def judged(given: Iterable[str]) -> tuple[str, ...]:
    """``given`` as the arguments Playwright MCP gets (``--name=value``, in order); the first
    one refused is a ``ConfigurationError`` that says why and what to use instead.

    Each is ``name=value`` or ``--name=value``; a name may be given once.
    """
    passed: dict[str, str] = {}
    for text in given:
        name, value = _split(text)
        if name in REFUSED:
            raise ConfigurationError(f"Playwright MCP's {name} is refused: {REFUSED[name]}")
        if name not in PASSED:
            raise ConfigurationError(
                f"Playwright MCP's {text.strip()!r} is not passed through. These are: "
                f"{', '.join(sorted(PASSED))}"
            )
        if not value:
            raise ConfigurationError(
                f"Playwright MCP's {name} needs a value: {HOW.format(name.removeprefix('--'))}"
            )
        if name in passed:
            raise ConfigurationError(f"Playwright MCP's {name} is given twice; give it once")
        passed[name] = f"{name}={value}"
    return tuple(passed.values())


def _split(text: str) -> tuple[str, str]:
    """``--name`` and its value ("" when there is none) from ``name=value`` or
    ``--name=value``."""
    name, _, value = text.strip().partition("=")
    return "--" + name.strip().lstrip("-"), value.strip()
