"""The tool server's contract on both browsers: what BrowserToolServer answers must not
depend on whether a real Chromium or ReplayBrowser is behind it.

The same tool calls run on the live simulator (variant 2026, in Chromium) and on its recording
(recordings/netflix/2026); the answers must agree: success, error codes, the page reached, the
elements offered.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from urllib.parse import urlsplit

import pytest
import pytest_asyncio

from harness.replay import ReplayBrowser
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.models.snapshot import Snapshot
from subterminator.models.tools import ToolResult
from subterminator.recording import load
from subterminator.simulator import NetflixSimulator
from subterminator.tools.server import BrowserToolServer
from tests.support.paths import ROOT

RECORDING = load(ROOT / "recordings" / "netflix" / "2026")


@pytest_asyncio.fixture(params=["chromium", "replay"], loop_scope="session")
async def server(
    request: pytest.FixtureRequest, st_playwright: PlaywrightBrowser
) -> AsyncIterator[BrowserToolServer]:
    if request.param == "replay":
        replayed = ReplayBrowser([RECORDING])
        await replayed.navigate(RECORDING.meta.start_url)
        yield BrowserToolServer(replayed)
        return
    with NetflixSimulator("2026") as simulator:
        await st_playwright.navigate(simulator.url(urlsplit(RECORDING.meta.start_url).path))
        yield BrowserToolServer(st_playwright)


def shape(snapshot: Snapshot) -> tuple[str, str, list[tuple[str, str]]]:
    """What must agree: the page (path and title) and its controls, not refs, ids or boxes."""
    controls = [(e.role, e.name) for e in snapshot.elements if e.role in ("button", "link")]
    return urlsplit(snapshot.page.url).path, snapshot.page.title, controls


def ref(snapshot: Snapshot, role: str, name: str, nth: int = 0) -> str:
    return [e for e in snapshot.elements if (e.role, e.name) == (role, name)][nth].ref


async def click(
    server: BrowserToolServer, snapshot: Snapshot, role: str, name: str, nth: int = 0
) -> ToolResult:
    return await server.execute("browser_click", {"ref": ref(snapshot, role, name, nth)})


async def test_the_recorded_flow_reads_the_same(server: BrowserToolServer) -> None:
    first = (await server.execute("get_snapshot", {})).snapshot
    assert shape(first)[:2] == ("/account", "Account - Netflix")
    membership = await click(server, first, "link", "Manage membership")
    assert membership.success
    assert shape(membership.snapshot)[1] == "Membership - Netflix"
    cancel = await click(server, membership.snapshot, "button", "Cancel membership")
    assert cancel.success
    opened = await click(server, cancel.snapshot, "button", "Show option contents", 2)
    assert opened.success
    assert ("button", "Finish Cancellation") in shape(opened.snapshot)[2]


async def test_unknown_and_stale_refs_are_refused_alike(server: BrowserToolServer) -> None:
    old = (await server.execute("get_snapshot", {})).snapshot
    unknown = await server.execute("browser_click", {"ref": "@e999"})
    assert (unknown.success, unknown.error) == (False, "ref_invalid")
    stale = await server.execute("browser_click", {"ref": ref(old, "link", "Manage membership")})
    assert (stale.success, stale.error) == (False, "ref_invalid")
    assert shape(stale.snapshot)[:2] == ("/account", "Account - Netflix")  # it did not act


async def test_scrolling_answers_alike(server: BrowserToolServer) -> None:
    result = await server.execute("browser_scroll", {"direction": "down", "amount": 300})
    assert result.success
    assert shape(result.snapshot)[:2] == ("/account", "Account - Netflix")


async def walk(server: BrowserToolServer) -> list[tuple[str, str, list[tuple[str, str]]]]:
    snapshot = (await server.execute("get_snapshot", {})).snapshot
    shapes = [shape(snapshot)]
    targets: list[tuple[str, str, int]] = [
        ("link", "Manage membership", 0),
        ("button", "Cancel membership", 0),
        ("button", "Show option contents", 2),
    ]
    for role, name, nth in targets:
        snapshot = (await click(server, snapshot, role, name, nth)).snapshot
        shapes.append(shape(snapshot))
    return shapes


async def test_both_browsers_show_the_same_pages(st_playwright: PlaywrightBrowser) -> None:
    """Page by page, the recorded flow's snapshots have the live ones' addresses, titles and
    controls (in order): today's pruning over yesterday's capture is today's snapshot."""
    replayed = ReplayBrowser([RECORDING])
    await replayed.navigate(RECORDING.meta.start_url)
    with NetflixSimulator("2026") as simulator:
        await st_playwright.navigate(simulator.url(urlsplit(RECORDING.meta.start_url).path))
        live = await walk(BrowserToolServer(st_playwright))
    assert await walk(BrowserToolServer(replayed)) == live
