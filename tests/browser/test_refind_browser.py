"""A ref taken before the page re-rendered its list still acts on the same control.

Real Chromium, pages on 127.0.0.1 that rebuild their list (new nodes, the same controls) when
the test says, between the snapshot and the click. The page's own count of each control's
clicks is the proof of which control was pressed. Three languages; nothing depends on them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from harness.sites import StaticSite
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.models.snapshot import Snapshot
from subterminator.tools.server import BrowserToolServer
from tests.support.rerender_site import WORDS, Words, form_page, write_carts

pytestmark = pytest.mark.browser

LANGS = sorted(WORDS)


@pytest.fixture(scope="module")
def site(
    tmp_path_factory: pytest.TempPathFactory, st_static_site: Callable[[Path], StaticSite]
) -> StaticSite:
    root = tmp_path_factory.mktemp("rerender")
    write_carts(root)
    write_carts(root, "-bare", labelled=False)
    for lang, words in WORDS.items():
        (root / f"{lang}-form.html").write_text(form_page(words), encoding="utf-8")
    return st_static_site(root)


def controls(snapshot: Snapshot, words: Words) -> list[str]:
    """The refs of the list's controls, in page order."""
    return [e.ref for e in snapshot.elements if e.role == "button" and e.name == words.control]


async def opened(browser: PlaywrightBrowser, url: str) -> tuple[BrowserToolServer, Snapshot]:
    await browser.navigate(url)
    server = BrowserToolServer(browser)
    first = await server.execute("get_snapshot", {})
    assert first.success, first.message
    return server, first.snapshot


@pytest.mark.parametrize("lang", LANGS)
async def test_a_stale_ref_clicks_the_same_control_after_a_re_render(
    browser: PlaywrightBrowser, site: StaticSite, lang: str
) -> None:
    words = WORDS[lang]
    server, snapshot = await opened(browser, site.url(f"{lang}.html"))
    second = controls(snapshot, words)[1]
    await browser.page.evaluate("window.render()")
    reply = await server.execute("browser_click", {"ref": second})
    assert reply.success, reply.message
    assert await browser.page.evaluate("window.hits") == {words.items[1]: 1}
    assert f"re-rendered {second}" in (reply.message or "")
    assert f'"{words.control}", 2nd of 3 in list "{words.list_name}"' in (reply.message or "")


@pytest.mark.parametrize("lang", LANGS)
async def test_a_reordered_list_still_finds_the_same_item(
    browser: PlaywrightBrowser, site: StaticSite, lang: str
) -> None:
    """The items' own text tells the controls apart, wherever the re-render puts them."""
    words = WORDS[lang]
    server, snapshot = await opened(browser, site.url(f"{lang}.html"))
    first = controls(snapshot, words)[0]
    await browser.page.evaluate("window.render([2, 1, 0])")
    reply = await server.execute("browser_click", {"ref": first})
    assert reply.success, reply.message
    assert await browser.page.evaluate("window.hits") == {words.items[0]: 1}
    assert "3rd of 3" in (reply.message or "")


@pytest.mark.parametrize("lang", LANGS)
async def test_identical_controls_reordered_are_ambiguous(
    browser: PlaywrightBrowser, site: StaticSite, lang: str
) -> None:
    words = WORDS[lang]
    server, snapshot = await opened(browser, site.url(f"{lang}-bare.html"))
    first = controls(snapshot, words)[0]
    await browser.page.evaluate("window.render([1, 0, 2])")
    reply = await server.execute("browser_click", {"ref": first})
    assert reply.error == "ref_invalid", reply.message
    assert "3 controls in the live page are like it" in (reply.message or "")
    assert await browser.page.evaluate("window.hits") == {}
    assert reply.snapshot.snapshot_id != snapshot.snapshot_id
    assert len(controls(reply.snapshot, words)) == 3


@pytest.mark.parametrize("lang", LANGS)
async def test_a_control_the_re_render_removed_is_ref_invalid(
    browser: PlaywrightBrowser, site: StaticSite, lang: str
) -> None:
    words = WORDS[lang]
    server, snapshot = await opened(browser, site.url(f"{lang}.html"))
    third = controls(snapshot, words)[2]
    await browser.page.evaluate("window.render(null, 2)")
    reply = await server.execute("browser_click", {"ref": third})
    assert reply.error == "ref_invalid", reply.message
    assert "no control like it is on the page now" in (reply.message or "")
    assert await browser.page.evaluate("window.hits") == {}
    assert len(controls(reply.snapshot, words)) == 2


async def test_a_hidden_control_is_not_re_found(
    browser: PlaywrightBrowser, site: StaticSite
) -> None:
    """Still in the page, only hidden: the action's own error, and no other control is tried."""
    words = WORDS["en"]
    server, snapshot = await opened(browser, site.url("en.html"))
    second = controls(snapshot, words)[1]
    await browser.page.evaluate(
        "document.querySelectorAll('#list button')[1].style.display = 'none'"
    )
    reply = await server.execute("browser_click", {"ref": second})
    assert reply.error == "element_not_visible", reply.message
    assert "re-rendered" not in (reply.message or "")
    assert await browser.page.evaluate("window.hits") == {}


@pytest.mark.parametrize("lang", LANGS)
async def test_a_stale_ref_fills_the_field_with_the_same_label(
    browser: PlaywrightBrowser, site: StaticSite, lang: str
) -> None:
    words = WORDS[lang]
    server, snapshot = await opened(browser, site.url(f"{lang}-form.html"))
    field = next(e.ref for e in snapshot.elements if e.name == words.fields[1])
    await browser.page.evaluate("window.render()")
    reply = await server.execute("browser_fill", {"ref": field, "value": "x@example.org"})
    assert reply.success, reply.message
    values = await browser.page.evaluate(
        "[...document.querySelectorAll('input')].map(i => i.value)"
    )
    assert values == ["", "x@example.org"]
    assert f"re-rendered {field}" in (reply.message or "")
