"""pytest plugin (entry point ``pytest11``): options, markers and browser fixtures.

Fixtures: ``chromium_session`` (one headless Chromium per test session), ``st_playwright`` (a
fresh ``PlaywrightBrowser`` context per test, with every non-local request blocked),
``st_browser`` (the same, typed to the ``Browser`` protocol: override it to swap the browser) and
``static_site`` (a factory serving a folder on 127.0.0.1). ``live`` tests are deselected unless
``--live`` is given (the report header says so). Names stay clear of pytest-playwright's
(``browser``, ``page``, ``--headed``), so both plugins load together; ``--show-browser`` (or its
``--headed``) shows the window. Recorded flows (``recordings/**/recording.json``)
are collected as replay tests.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path

import pytest
import pytest_asyncio
from playwright.async_api import Browser as PWBrowser
from playwright.async_api import async_playwright
from vcr.cassette import Cassette

from harness import profiles
from harness.cassette import use_cassette
from harness.replay.both import Body
from harness.replay.both import on_both_browsers as both
from harness.replay.collect import collect_recording
from harness.sites import StaticSite
from subterminator.ai import client as ai_client
from subterminator.browser.discovery import find_chromium
from subterminator.browser.playwright_browser import PlaywrightBrowser, chromium_args
from subterminator.browser.protocol import Browser

VIEWPORT = {"width": 1280, "height": 800}

profiles.register()  # before hypothesis reads --hypothesis-profile; loads none


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("subterminator", "SubTerminator harness")
    group.addoption(
        "--live",
        action="store_true",
        default=False,
        help="run tests marked 'live' (real sites, real model API; needs network and a key)",
    )
    group.addoption(
        "--record-mode",
        choices=["none", "once", "new_episodes", "all", "rewrite"],
        default="none",
        help="cassettes (pytest-recording's modes): none plays only (default); the others "
        "record; the real API is reached only with --live",
    )
    group.addoption(
        "--replay-strict",
        action="store_true",
        default=False,
        help="cassette replays fail on any prompt drift (system prompt, tools, messages), "
        "showing the diff",
    )
    group.addoption(
        "--show-browser",
        action="store_true",
        default=False,
        help="show the browser window in browser tests (pytest-playwright's --headed works too)",
    )


def pytest_configure(config: pytest.Config) -> None:
    # Outside --live, a model request to anything but loopback fails loudly (AIClient checks).
    live = bool(config.getoption("--live"))
    if live and not os.environ.get(ai_client.KEY_ENV):
        raise pytest.UsageError(
            f"--live runs the agent against the real model API: set {ai_client.KEY_ENV}"
        )
    ai_client.ALLOW_MODEL_REQUESTS = live
    config.addinivalue_line(
        "markers",
        "cassette(path): the test's model traffic lives in this cassette (the cassette fixture)",
    )
    config.addinivalue_line(
        "markers", "live: needs the real network and model API; runs only with --live"
    )
    config.addinivalue_line("markers", "browser: drives a real headless Chromium")
    config.addinivalue_line("markers", "replay: replays a recorded flow (recordings/**)")


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    """Every recordings/**/recording.json is a test file (harness/replay/collect.py)."""
    return collect_recording(file_path, parent)


def pytest_report_header(config: pytest.Config) -> str:
    if config.getoption("--live"):
        return "subterminator: --live: tests marked 'live' reach real sites and the model API"
    return "subterminator: tests marked 'live' are deselected; run them with --live"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Without --live, live tests are deselected (not skipped): CI shows no skips."""
    if config.getoption("--live"):
        return
    live = [item for item in items if "live" in item.keywords]
    if live:
        config.hook.pytest_deselected(items=live)
        items[:] = [item for item in items if "live" not in item.keywords]


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def chromium_session(pytestconfig: pytest.Config) -> AsyncIterator[PWBrowser]:
    """One Chromium for the whole session; tests get isolated contexts from it."""
    async with async_playwright() as pw:
        executable = find_chromium(pw.chromium.executable_path)
        browser = await pw.chromium.launch(
            executable_path=executable,
            headless=not (
                pytestconfig.getoption("--show-browser") or pytestconfig.getoption("headed", False)
            ),
            args=chromium_args(executable),
        )
        yield browser
        await browser.close()


@pytest_asyncio.fixture(loop_scope="session")
async def st_playwright(chromium_session: PWBrowser) -> AsyncIterator[PlaywrightBrowser]:
    """A fresh PlaywrightBrowser (own context) that can only reach this machine."""
    context = await chromium_session.new_context(viewport=VIEWPORT)  # type: ignore[arg-type]
    wrapped = await PlaywrightBrowser.attach(context, block_non_local=True)
    yield wrapped
    await context.close()


@pytest_asyncio.fixture(loop_scope="session")
async def st_browser(st_playwright: PlaywrightBrowser) -> Browser:
    """The Browser seam for a test: a real Chromium by default. Override it (a ReplayBrowser,
    a RecordingBrowser around this one) and everything written against ``Browser`` follows;
    tests that need Playwright's own page use ``st_playwright``."""
    return st_playwright


@pytest.fixture
def on_both_browsers(st_playwright: PlaywrightBrowser) -> Callable[[Body], Awaitable[None]]:
    """``await on_both_browsers(body)``: ``body(browser)`` on Chromium, recorded, then on a
    ReplayBrowser of that recording (harness/replay/both.py)."""

    async def run(body: Body) -> None:
        await both(st_playwright, body)

    return run


@pytest.fixture
def cassette(request: pytest.FixtureRequest) -> Iterator[Cassette]:
    """The test's cassette, as pytest-recording has it: ``@pytest.mark.cassette(path)`` or
    ``cassettes/<test>.yaml`` beside the test file; ``--record-mode`` and ``--replay-strict``
    apply. AIClient requests inside the test are played from it (or recorded into it)."""
    marker = request.node.get_closest_marker("cassette")
    if marker is not None and marker.args:
        path = Path(marker.args[0])
    else:
        path = request.path.parent / "cassettes" / f"{request.node.name}.yaml"
    mode = request.config.getoption("--record-mode")
    strict = bool(request.config.getoption("--replay-strict"))
    with use_cassette(path, mode, strict=strict) as played:
        yield played


@pytest.fixture(scope="session")
def static_site() -> Iterator[Callable[[Path], StaticSite]]:
    """Factory: ``static_site(folder)`` serves ``folder`` for the rest of the session."""
    sites: dict[Path, StaticSite] = {}

    def serve(root: Path) -> StaticSite:
        root = root.resolve()
        if root not in sites:
            sites[root] = StaticSite(root).start()
        return sites[root]

    yield serve
    for site in sites.values():
        site.stop()
