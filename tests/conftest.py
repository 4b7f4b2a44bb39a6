from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
import pytest_asyncio

from harness import profiles
from harness.sites import StaticSite
from subterminator.browser.playwright_browser import PlaywrightBrowser

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
PAGES = FIXTURES / "pages"

profiles.load()  # st-fast, or st-ci under CI; --hypothesis-profile st-thorough for depth


@pytest_asyncio.fixture(loop_scope="session")
async def browser(st_playwright: PlaywrightBrowser) -> PlaywrightBrowser:
    """Our tests' short name for the plugin's ``st_playwright`` (shadows pytest-playwright's)."""
    return st_playwright


@pytest.fixture(scope="session")
def pages(static_site: Callable[[Path], StaticSite]) -> StaticSite:
    """The HTML pages in fixtures/pages, served on 127.0.0.1."""
    return static_site(PAGES)
