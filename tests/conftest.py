from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
import pytest_asyncio
from hypothesis import HealthCheck, settings

from harness.sites import StaticSite
from subterminator.browser.playwright_browser import PlaywrightBrowser

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
PAGES = FIXTURES / "pages"

settings.register_profile(
    "ci",
    parent=settings.get_profile("ci"),
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "dev", max_examples=30, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest_asyncio.fixture(loop_scope="session")
async def browser(st_playwright: PlaywrightBrowser) -> PlaywrightBrowser:
    """Our tests' short name for the plugin's ``st_playwright`` (shadows pytest-playwright's)."""
    return st_playwright


@pytest.fixture(scope="session")
def pages(static_site: Callable[[Path], StaticSite]) -> StaticSite:
    """The HTML pages in fixtures/pages, served on 127.0.0.1."""
    return static_site(PAGES)
