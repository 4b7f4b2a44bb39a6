"""The run's parts when Playwright MCP is the browser's hands: the server at the bottom of
the stack, and Playwright MCP's tools in front of it."""

from __future__ import annotations

from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.browser.protocol import Browser
from subterminator.errors import ConfigurationError
from subterminator.pwmcp.backend import PwMcpClient
from subterminator.pwmcp.basic import BASIC
from subterminator.pwmcp.front import PwMcpFront
from subterminator.pwmcp.resolve import PwMcpResolver
from subterminator.pwmcp.server import PwMcpToolServer
from subterminator.pwmcp.shapes import SHAPES
from subterminator.pwmcp.surface import pwmcp_surface
from subterminator.pwmcp.translate import Translator
from subterminator.snapshot.factory import SnapshotFactory
from subterminator.snapshot.pruning import PruneLimits
from subterminator.snapshot.registry import ElementRegistry
from subterminator.stack import ToolStack
from subterminator.tools.server import BrowserToolServer

# The model reads Playwright MCP's snapshot; ours is the gate's and the run record's alone, so
# it may hold every element it can (a ref the model took from the whole page must be one ours
# registered), and its screenshot is never sent to the model (``render.message_image``).
# Its screenshots are the record's, taken as the front door's own server would take them:
# with each snapshot (a run), or after the reply, off its path (the MCP server).
GATE_LIMITS = PruneLimits(element_token_budget=100_000, text_token_budget=2_000)


def pwmcp_server(
    browser: Browser, client: PwMcpClient, launched: Browser, told: BrowserToolServer
) -> PwMcpToolServer:
    """Ours at the bottom of the stack, with Playwright MCP's hands; whoever the front door's
    own server (``told``) tells what pages do by themselves is told by this one, and it
    takes its screenshots as that one would."""
    registry = ElementRegistry()
    shots = told.factory.screenshot_tokens
    factory = SnapshotFactory(browser, registry, limits=GATE_LIMITS, screenshot_tokens=shots)
    server = PwMcpToolServer(browser, client, real(launched), registry=registry, factory=factory)
    server.on_side_effect = told.on_side_effect
    return server


def real(launched: Browser) -> PlaywrightBrowser:
    if not isinstance(launched, PlaywrightBrowser):
        raise ConfigurationError("Playwright MCP drives a browser we launched, not a replay")
    return launched


def translators() -> dict[str, Translator]:
    """Every Playwright MCP tool the gate can say, by name: what a run and an MCP client's
    tool list serve alike (a typing with submit is the shapes' to say)."""
    return {**BASIC, **SHAPES}


def pwmcp_front(stack: ToolStack, client: PwMcpClient, launched: Browser) -> PwMcpFront:
    launched = real(launched)
    chosen = translators()
    surface = pwmcp_surface(client.tools, chosen)
    return PwMcpFront(stack, client, PwMcpResolver(launched, stack.server), chosen, surface)
