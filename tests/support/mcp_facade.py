"""The V02 facade's MCP tests' shared parts: the simulator's flow as CSS selectors, the server
with ``--tools v02`` on a browser factory that counts its launches, a client that declines,
and the run records' events.

The selectors name each control by what it is (its address, its form's action, its attribute),
never by its words, as a client's model would write them from the page's HTML.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import mcp.types as types
from mcp.client import Client
from mcp.server import Server
from playwright.async_api import Browser as PWBrowser

from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from subterminator.mcp.server import Sessions, build_server
from subterminator.mcp.session import McpOptions
from subterminator.simulator import NetflixSimulator
from tests.support.mcp_helpers import shared_chromium

# The 2026 simulator: the account page's link to the membership, the membership page's cancel
# form, the expander of the option that holds the final form; then the final button.
TO_THE_FINAL_STEP = (
    'a[href*="membership"]',
    'form[action$="/cancelplan"] > button',
    'section:has(form[action$="/finish"]) > button[aria-expanded]',
)
FINAL = 'form[action$="/cancelplan/finish"] button'
FINAL_BY_CODE = f"document.querySelector({json.dumps(FINAL)}).click()"


@dataclass
class Launches:
    """A browser factory on the test session's Chromium that counts the browsers it gave."""

    chromium: PWBrowser
    given: list[LaunchOptions] = field(default_factory=list)

    async def __call__(self, launch: LaunchOptions) -> PlaywrightBrowser:
        self.given.append(launch)
        browser: PlaywrightBrowser = await shared_chromium(self.chromium)(launch)
        return browser


def facade_options(sim: NetflixSimulator, runs: Path) -> McpOptions:
    """``subterminator mcp --tools v02 --sim --url <sim> --headless --runs-dir <runs>``."""
    return McpOptions(sim=sim.variant, url=sim.url(), headed=False, runs_dir=runs, tools="v02")


def facade_server(sim: NetflixSimulator, runs: Path, launches: Launches) -> Server[Sessions]:
    return build_server(facade_options(sim, runs), browser_factory=launches)


@dataclass
class Decliner:
    """A client's person who declines every question (the form's Decline, not a no)."""

    asked: list[str] = field(default_factory=list)

    async def __call__(self, context: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
        self.asked.append(params.message)
        return types.ElicitResult(action="decline")


def said(reply: types.CallToolResult) -> dict[str, Any]:
    """The reply's ``BrowserResponse``, as structured content; its text says the same."""
    body: dict[str, Any] | None = reply.structured_content
    assert body is not None, reply.content
    text = reply.content[0]
    assert isinstance(text, types.TextContent)
    assert json.loads(text.text) == body
    return body


def data(reply: types.CallToolResult) -> dict[str, Any]:
    found: dict[str, Any] = said(reply).get("data") or {}
    return found


async def click(client: Client, selector: str) -> types.CallToolResult:
    return await client.call_tool("browser_interact", {"action": "click", "selector": selector})


async def walk_to_the_final_step(client: Client) -> types.CallToolResult:
    """Launch, then click up to the page whose option holds the final button (shown)."""
    reply = await client.call_tool("browser_session", {"action": "launch"})
    assert said(reply)["success"] is True, reply.content
    for selector in TO_THE_FINAL_STEP:
        reply = await click(client, selector)
        assert said(reply)["success"] is True, reply.content
    return reply


def records(runs: Path) -> list[list[dict[str, Any]]]:
    """Each run record's events, the first run's first."""
    found = [
        [json.loads(line) for line in (folder / "events.jsonl").read_text("utf-8").splitlines()]
        for folder in runs.iterdir()
    ]
    return sorted(found, key=lambda events: str(events[0]["at"]))
