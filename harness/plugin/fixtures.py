"""Browser, site and agent fixtures. Heavy imports happen inside the fixtures, when used.

``st_chromium_session`` (one headless Chromium per test session), ``st_playwright`` (a fresh
``PlaywrightBrowser`` context per test, every non-local request blocked), ``st_browser`` (the
same, typed to the ``Browser`` protocol: override it to swap the browser), ``st_static_site`` (a
folder served on 127.0.0.1), ``st_post_site`` (pages served from a dict, every form POST
recorded), ``st_simulator`` (the bundled Netflix simulator) and ``st_orchestrator`` (a
TaskOrchestrator on ``st_browser``). Names stay clear of
pytest-playwright's (``browser``, ``page``, ``--headed``).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from harness.plugin import availability

if TYPE_CHECKING:
    from playwright.async_api import Browser as PWBrowser

    from harness.replay.both import Body
    from harness.sites import PostRecordingSite, StaticSite
    from subterminator.ai.protocol import AIClientProtocol
    from subterminator.browser.playwright_browser import PlaywrightBrowser
    from subterminator.browser.protocol import Browser
    from subterminator.models.approval import HumanApprovalHandler
    from subterminator.orchestrator import TaskOrchestrator
    from subterminator.services.base import ServiceConfig
    from subterminator.simulator import NetflixSimulator

VIEWPORT = {"width": 1280, "height": 800}


def _async_fixture(scope: str = "function") -> Callable[[Any], Any]:
    """pytest-asyncio's fixture on the session loop; without pytest-asyncio, a fixture that
    fails naming the install command (the plugin itself still loads)."""
    if availability.has("pytest_asyncio"):
        import pytest_asyncio

        return pytest_asyncio.fixture(scope=scope, loop_scope="session")  # type: ignore[call-overload,no-any-return]

    def unavailable(function: Any) -> Any:
        def fail() -> None:
            availability.require("pytest_asyncio", f"the {function.__name__} fixture")

        fail.__doc__ = function.__doc__
        return pytest.fixture(scope=scope, name=function.__name__)(fail)  # type: ignore[call-overload]

    return unavailable


@_async_fixture(scope="session")
async def st_chromium_session(pytestconfig: pytest.Config) -> AsyncIterator[PWBrowser]:
    """One Chromium for the whole session; tests get isolated contexts from it."""
    from playwright.async_api import async_playwright

    from subterminator.browser.discovery import find_chromium
    from subterminator.browser.playwright_browser import chromium_args

    shown = pytestconfig.getoption("--st-show-browser") or pytestconfig.getoption("headed", False)
    async with async_playwright() as pw:
        executable = find_chromium(pw.chromium.executable_path)
        browser = await pw.chromium.launch(
            executable_path=executable, headless=not shown, args=chromium_args(executable)
        )
        yield browser
        await browser.close()


@_async_fixture()
async def st_playwright(st_chromium_session: PWBrowser) -> AsyncIterator[PlaywrightBrowser]:
    """A fresh PlaywrightBrowser (own context) that can only reach this machine."""
    from subterminator.browser.playwright_browser import PlaywrightBrowser

    # downloads refused, as in a run: Chromium denies them and writes nothing
    context = await st_chromium_session.new_context(
        viewport=VIEWPORT,  # type: ignore[arg-type]
        accept_downloads=False,
    )
    wrapped = await PlaywrightBrowser.attach(context, block_non_local=True)
    yield wrapped
    await context.close()


@_async_fixture()
async def st_browser(st_playwright: PlaywrightBrowser) -> Browser:
    """The Browser seam for a test: a real Chromium by default. Override it (a ReplayBrowser,
    a RecordingBrowser around this one) and everything written against ``Browser`` follows;
    tests that need Playwright's own page use ``st_playwright``."""
    return st_playwright


@pytest.fixture
def st_on_both_browsers(st_playwright: PlaywrightBrowser) -> Callable[[Body], Awaitable[None]]:
    """``await st_on_both_browsers(body)``: ``body(browser)`` on Chromium, recorded, then on a
    ReplayBrowser of that recording (harness/replay/both.py)."""
    from harness.replay.both import on_both_browsers as both

    async def run(body: Body) -> None:
        await both(st_playwright, body)

    return run


@pytest.fixture(scope="session")
def st_static_site() -> Iterator[Callable[[Path], StaticSite]]:
    """Factory: ``st_static_site(folder)`` serves ``folder`` for the rest of the session."""
    from harness.sites import StaticSite

    sites: dict[Path, StaticSite] = {}

    def serve(root: Path) -> StaticSite:
        root = root.resolve()
        if root not in sites:
            sites[root] = StaticSite(root).start()
        return sites[root]

    yield serve
    for site in sites.values():
        site.stop()


@pytest.fixture
def st_post_site() -> Iterator[Callable[..., PostRecordingSite]]:
    """Factory: ``st_post_site({"/account": html, ...}, after_post={"/cancel": html})`` serves
    those pages on 127.0.0.1 and records every POST (``site.posts``: path, form fields, time):
    the proof that a write reached the service, or did not."""
    from harness.sites import PostRecordingSite

    sites: list[PostRecordingSite] = []

    def serve(
        pages: Mapping[str, str], after_post: Mapping[str, str] | None = None
    ) -> PostRecordingSite:
        site = PostRecordingSite(pages, after_post).start()
        sites.append(site)
        return site

    yield serve
    for site in sites:
        site.stop()


@pytest.fixture
def st_simulator(request: pytest.FixtureRequest) -> Iterator[NetflixSimulator]:
    """The bundled Netflix simulator on a free 127.0.0.1 port, fresh for each test and stopped
    after: ``st_simulator.url()`` is its start page, ``st_simulator.account`` what really
    happened (``status``, ``events``). Variant ``2026``; another by indirect parametrization,
    ``@pytest.mark.parametrize("st_simulator", ["legacy"], indirect=True)``."""
    from subterminator.simulator import VARIANTS, NetflixSimulator

    variant = getattr(request, "param", "2026")
    if variant not in VARIANTS:
        pytest.fail(
            f"st_simulator: no variant {variant!r}; variants: {', '.join(VARIANTS)}",
            pytrace=False,
        )
    with NetflixSimulator(variant) as simulator:
        yield simulator


@pytest.fixture
def st_orchestrator(
    st_browser: Browser,
) -> Callable[..., TaskOrchestrator]:
    """Factory: ``st_orchestrator(ai, service, approvals=[True, ...])``: the real
    TaskOrchestrator over the tool stack (SafetyGate, backstop, BrowserToolServer) on
    ``st_browser``, assembled by the run builder, as ``cancel`` and the MCP server are.
    ``approvals`` is a list of answers (``True``, ``False`` or ``(False, "why")``) or any
    HumanApprovalHandler."""
    from harness.approvals import ScriptedApprovals
    from subterminator.assembly import build_run

    def build(
        ai: AIClientProtocol,
        service: ServiceConfig,
        approvals: Sequence[bool | tuple[bool, str]] | HumanApprovalHandler = (),
        *,
        max_turns: int | None = None,
    ) -> TaskOrchestrator:
        handler = ScriptedApprovals(approvals) if isinstance(approvals, Sequence) else approvals
        return build_run(service, st_browser, handler, ai=ai).conversation(max_turns=max_turns)

    return build
