from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
import pytest_asyncio

from harness import profiles
from harness.sites import StaticSite
from subterminator.ai import guard
from subterminator.browser.playwright_browser import PlaywrightBrowser

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
PAGES = FIXTURES / "pages"

profiles.load()  # st-fast, or st-ci under CI; --hypothesis-profile st-thorough for depth


def pytest_configure(config: pytest.Config) -> None:
    """Every test here, not only those using the plugin's fixtures, reaches the real model API
    only under --live (the plugin guards its own tests and leaves other projects' alone)."""
    guard.ALLOW_MODEL_REQUESTS = bool(config.getoption("--live"))


@pytest_asyncio.fixture(loop_scope="session")
async def browser(st_playwright: PlaywrightBrowser) -> PlaywrightBrowser:
    """Our tests' short name for the plugin's ``st_playwright`` (shadows pytest-playwright's)."""
    return st_playwright


@pytest.fixture(scope="session")
def pages(st_static_site: Callable[[Path], StaticSite]) -> StaticSite:
    """The HTML pages in fixtures/pages, served on 127.0.0.1."""
    return st_static_site(PAGES)
