"""Downloads and new tabs on real Chromium, through the tool server: refused or kept, and said.

The pages (tests/support/side_effect_site.py) download on load, by a link the agent clicks and by
script, and open tabs on load, by a target=_blank link and by the fifty. Whether a download
was written is read on disk (the site's token in any file), never from the reply.
"""

from __future__ import annotations

import re
import stat
import unicodedata
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import pytest_asyncio
from playwright.async_api import Browser as PWBrowser
from playwright.async_api import BrowserContext

from subterminator.browser.page_effects import MAX_LIVE_TABS
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.browser.side_effects import FIRST, TITLE_CHARS
from subterminator.models.tools import ToolResult
from subterminator.tools.server import BrowserToolServer
from tests.support.browser_helpers import by_name
from tests.support.side_effect_site import FLOOD_TABS, EffectSite, written

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site() -> Iterator[EffectSite]:
    with EffectSite() as served:
        yield served


async def opened(browser: PlaywrightBrowser, site: EffectSite, path: str) -> ToolResult:
    server = BrowserToolServer(browser)
    return await server.execute("browser_open", {"url": site.url(path)})


def refused(name: str, site: EffectSite) -> str:
    return f'The page tried to download "{name}" from {site.host}; it was refused.'


@pytest.mark.parametrize(
    ("path", "name"),
    [
        ("/facture", "facture-2026.pdf"),  # Content-Disposition, once the page has loaded
        ("/rechnung", "rechnung-märz.pdf"),  # ...while the page is still being read
        ("/ryoshusho", "領収書.txt"),  # a file the page's script made (a blob)
        ("/files/statement.pdf", "statement.pdf"),  # an address that is a file
    ],
    ids=["on-load", "while-loading", "blob-by-script", "opened-address"],
)
async def test_a_download_the_page_starts_is_refused_and_said(
    browser: PlaywrightBrowser, site: EffectSite, path: str, name: str
) -> None:
    result = await opened(browser, site, path)
    assert result.success, result.message
    assert refused(name, site) in (result.message or "")
    assert written(site.token) == []


async def test_an_a_download_link_clicked_is_refused_and_said(
    browser: PlaywrightBrowser, site: EffectSite
) -> None:
    server = BrowserToolServer(browser)
    page = await server.execute("browser_open", {"url": site.url("/recibo")})
    link = by_name(page.snapshot, "Descargar el recibo")
    result = await server.execute("browser_click", {"ref": link.ref})
    assert result.success, result.message
    assert refused("recibo-enero.pdf", site) in (result.message or "")
    assert written(site.token) == []


async def test_each_download_is_said_once(browser: PlaywrightBrowser, site: EffectSite) -> None:
    server = BrowserToolServer(browser)
    first = await server.execute("browser_open", {"url": site.url("/facture")})
    again = await server.execute("get_snapshot", {})
    assert "facture-2026.pdf" in (first.message or "")
    assert again.message is None


async def test_a_page_that_downloads_again_and_again_gets_a_count_not_a_list(
    browser: PlaywrightBrowser, site: EffectSite
) -> None:
    result = await opened(browser, site, "/flood-files")
    said = result.message or ""
    assert said.startswith("The page tried to download ")
    assert "files; they were refused:" in said
    assert said.count('"file-') == FIRST
    assert " more." in said
    assert written(site.token) == []


@pytest_asyncio.fixture(loop_scope="session")
async def accepting(st_chromium_session: PWBrowser) -> AsyncIterator[BrowserContext]:
    """A context that accepts downloads (as one made by someone else may)."""
    context = await st_chromium_session.new_context(accept_downloads=True)
    yield context
    await context.close()


async def test_kept_downloads_are_saved_private_and_named(
    accepting: BrowserContext, site: EffectSite, tmp_path: Path
) -> None:
    folder = tmp_path / "run" / "downloads"
    browser = await PlaywrightBrowser.attach(accepting, block_non_local=True, downloads=folder)
    result = await opened(browser, site, "/facture")
    saved = folder / "facture-2026.pdf"
    assert result.message == (
        f'The page downloaded "facture-2026.pdf" from {site.host}; it was saved as {saved}.'
    )
    assert site.token.encode() in saved.read_bytes()
    assert stat.S_IMODE(saved.stat().st_mode) == 0o600
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    # Playwright's own copy is gone: the only copy is the one kept
    assert written(site.token, tmp_path) == [saved]


async def test_a_context_that_accepts_downloads_keeps_none_without_a_folder(
    accepting: BrowserContext, site: EffectSite
) -> None:
    browser = await PlaywrightBrowser.attach(accepting, block_non_local=True)
    result = await opened(browser, site, "/ryoshusho")
    assert refused("領収書.txt", site) in (result.message or "")
    assert written(site.token) == []


async def test_a_window_opened_on_load_is_named_and_worked_in(
    browser: PlaywrightBrowser, site: EffectSite
) -> None:
    server = BrowserToolServer(browser)
    result = await server.execute("browser_open", {"url": site.url("/pop")})
    assert result.message == (
        f'A new tab opened: "Offre spéciale" {site.url("/offre")}; the agent now works in it.'
    )
    after = await server.execute("get_snapshot", {})
    assert after.snapshot.page.title == "Offre spéciale"
    assert after.message is None


async def test_a_target_blank_link_clicked_is_named_and_worked_in(
    browser: PlaywrightBrowser, site: EffectSite
) -> None:
    server = BrowserToolServer(browser)
    page = await server.execute("browser_open", {"url": site.url("/links")})
    result = await server.execute(
        "browser_click", {"ref": by_name(page.snapshot, "プランの詳細", "link").ref}
    )
    assert result.message == (
        f'A new tab opened: "プランの詳細" {site.url("/plan")}; the agent now works in it.'
    )
    assert result.snapshot.page.title == "プランの詳細"


async def test_a_new_tabs_title_is_shown_plain_and_short(
    browser: PlaywrightBrowser, site: EffectSite
) -> None:
    result = await opened(browser, site, "/hostile")
    said = result.message or ""
    assert said.startswith('A new tab opened: "')
    assert all(unicodedata.category(c) not in ("Cc", "Cf") for c in said)
    title = said.removeprefix('A new tab opened: "').split('" http')[0]
    assert len(title) <= TITLE_CHARS
    assert title.endswith("…")


async def test_fifty_pop_ups_are_counted_closed_past_a_few_and_said_once_each(
    browser: PlaywrightBrowser, site: EffectSite
) -> None:
    server = BrowserToolServer(browser)
    result = await server.execute("browser_open", {"url": site.url("/flood-tabs")})
    replies = [result]
    told = 0
    for _ in range(20):  # the pop-ups arrive over several replies on a busy machine
        said = replies[-1].message or ""
        many = re.search(r"The page opened (\d+) new tabs", said)
        told += int(many.group(1)) if many else said.count("A new tab opened")
        if told >= FLOOD_TABS:
            break
        replies.append(await server.execute("get_snapshot", {}))
    assert told == FLOOD_TABS
    for reply in replies:
        said = reply.message or ""
        assert said.count(site.url("/tab?")) <= FIRST + 1  # the first few, and the current one
        assert len(said) < 800
    assert "were closed as they opened (too many tabs)" in " ".join(
        r.message or "" for r in replies
    )
    live = [p for p in browser._context.pages if not p.is_closed()]
    assert len(live) <= MAX_LIVE_TABS
