from __future__ import annotations

from collections.abc import Callable, Generator
from pathlib import Path

import pytest
import pytest_asyncio

from harness import profiles
from harness.sites import StaticSite
from subterminator.browser.playwright_browser import PlaywrightBrowser
from tests.support import markers
from tests.support.paths import PAGES

pytest_plugins = ["pytester"]

profiles.load()  # st-fast, or st-ci under CI; --hypothesis-profile st-thorough for depth


def pytest_configure(config: pytest.Config) -> None:
    """Processes a test starts are watched, so an unmarked one is named (``markers``)."""
    markers.install()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that uses a Chromium fixture is a ``browser`` test, and one whose body starts a
    process a ``subprocess`` test, whether or not it says so."""
    markers.mark(items)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None]:
    """Whatever processes the test starts, from its fixtures' setup to their teardown."""
    markers.SPAWNED.start()
    try:
        return (yield)
    finally:
        markers.SPAWNED.stop()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A test that starts a process unmarked fails at its teardown, naming the process."""
    report = yield
    if call.when == "teardown" and (why := markers.unmarked_spawn(item)):
        report.outcome, report.longrepr = "failed", why
    return report


@pytest_asyncio.fixture(loop_scope="session")
async def browser(st_playwright: PlaywrightBrowser) -> PlaywrightBrowser:
    """Our tests' short name for the plugin's ``st_playwright`` (shadows pytest-playwright's)."""
    return st_playwright


@pytest.fixture(scope="session")
def pages(st_static_site: Callable[[Path], StaticSite]) -> StaticSite:
    """The HTML pages in fixtures/pages, served on 127.0.0.1."""
    return st_static_site(PAGES)
