"""Through ``subterminator mcp --url``: a page that re-renders its list on a timer (the same
buttons, new nodes), and a ref taken before the re-renders clicks the same control.

The page re-renders every 300 ms until the test, after the snapshot, asks it to settle: one
more re-render, then it stops (the test waits for that, never for a time), so the ref is surely
stale and no re-render races the click. The page's own count of each
control's clicks is the proof. Three languages; nothing depends on their words.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from mcp.client import Client
from playwright.async_api import Browser as PWBrowser

from harness.mcp_driver import ref
from harness.sites import StaticSite
from subterminator.browser.chromium import LaunchOptions
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.mcp.server import build_server
from subterminator.mcp.session import McpOptions
from tests.support.mcp_helpers import shared_chromium
from tests.support.rerender_site import WORDS, write_carts

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(
    tmp_path_factory: pytest.TempPathFactory, st_static_site: Callable[[Path], StaticSite]
) -> StaticSite:
    root = tmp_path_factory.mktemp("rerender-mcp")
    write_carts(root, every_ms=300)
    return st_static_site(root)


@pytest.mark.parametrize("lang", sorted(WORDS))
async def test_a_ref_from_before_the_timer_re_renders_clicks_the_same_control(
    st_chromium_session: PWBrowser, site: StaticSite, lang: str
) -> None:
    words = WORDS[lang]
    made: list[PlaywrightBrowser] = []
    factory = shared_chromium(st_chromium_session)

    async def keeping(launch: LaunchOptions) -> Any:
        made.append(await factory(launch))
        return made[-1]

    options = McpOptions(sim="2026", url=site.url(f"{lang}.html"), runs_dir=None)
    async with Client(build_server(options, browser_factory=keeping), mode="legacy") as client:
        opened = await client.call_tool("browser_open", {})
        assert not opened.is_error, opened.content
        third = ref(opened, words.control, 2)
        (browser,) = made
        await browser.page.evaluate("window.settle = true")
        await browser.page.wait_for_function("window.settled === true")
        click = await client.call_tool("browser_click", {"ref": third})
        assert not click.is_error, click.content
        message = (click.structured_content or {}).get("message") or ""
        assert f"re-rendered {third}" in message
        assert f'"{words.control}", 3rd of 3 in list "{words.list_name}"' in message
        assert await browser.page.evaluate("window.hits") == {words.items[2]: 1}
