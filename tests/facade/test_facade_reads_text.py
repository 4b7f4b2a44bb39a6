"""browser_extract through the facade, on real Chromium: the page's text a line an element,
in chunks that join to the whole; the browser's cookies without their values; and waiting for
an element to show, to go or to be there.

What a person typed into a field is never text (a field's value is not read), and a cookie's
value never leaves the browser: it is a signed-in session.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from subterminator.browser.playwright_browser import PlaywrightBrowser
from tests.support.reads_run import Reader, reader, said
from tests.support.recording_site import RecordingSite, page

ARTICLE = """
<main id='m'><h2 id='t' class='title big'>Ваша подписка</h2>
<p class='intro'>取消订阅需要确认。<b>一次</b>就够了。</p>
<p id='ar' dir='rtl'>إلغاء الاشتراك يتطلب تأكيدًا</p>
<p id='gone' style='display:none'>SKIPPED-none</p><p style='visibility:hidden'>SKIPPED-vis</p>
<div hidden><p>SKIPPED-attr</p></div>
<section><div><div><p id='deep'>tief unten</p></div></div></section>
<label>Nombre <input id='name' value='VALUE-attr-12'></label><textarea>AREA-text-34</textarea>
<select><option>Mensual</option></select>
</main>
"""
LATE = """
<p id='soon' hidden>Bientôt</p><p id='going'>Adieu</p>
<button id='show' onclick="setTimeout(() => document.querySelector('#soon').hidden = false, 150)">
Montrer</button>
<button id='hide' onclick="setTimeout(() => document.querySelector('#going').remove(), 150)">
Cacher</button>
<button id='add' onclick="setTimeout(() => document.body.append(Object.assign(
  document.createElement('i'), {id: 'new', hidden: true})), 150)">Ajouter</button>
"""
SETS_COOKIE = "document.cookie = 'prefs=COOKIE-page-55; path=/';"
PAGES = {
    "/article": page("ru", "Статья", ARTICLE, "console.log('SCRIPT-text-99');"),
    "/late": page("fr", "Plus tard", LATE),
    "/later": page(
        "it",
        "Dopo",
        "<p id='ready' hidden>Pronto</p>",
        "setTimeout(() => document.querySelector('#ready').hidden = false, 150);",
    ),
    "/cookies": page("en", "Cookies", "<p>Signed in</p>", SETS_COOKIE),
    # half a character: a lone UTF-16 surrogate, in the text and in an attribute
    "/half": page(
        "en",
        "Half",
        "<p id='h'>-</p>",
        "const h = document.querySelector('#h'); h.textContent = 'a\\ud800b';"
        " h.title = 'c\\udc00d';",
    ),
}


@pytest.fixture(scope="module")
def site() -> Iterator[RecordingSite]:
    with RecordingSite(PAGES) as served:
        yield served


async def text(read: Reader, **arguments: Any) -> dict[str, Any]:
    return await read.call("browser_extract", action="get_text", **arguments)


@pytest.mark.browser
async def test_text_is_a_line_an_element_with_its_tag_and_never_a_fields_value(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    read = await reader(browser, site.url("/article"), tmp_path)
    await browser.page.locator("#name").fill("TYPED-name-56")
    got = await text(read, selector="#m")
    assert got["success"] is True, got
    assert got["text"].split("\n") == [
        "h2#t.title.big: Ваша подписка",
        "p.intro: 取消订阅需要确认。 就够了。",
        "b: 一次",
        "p#ar: إلغاء الاشتراك يتطلب تأكيدًا",
        "p#deep: tief unten",
        "label: Nombre",
    ]
    for never in ("SKIPPED", "VALUE-attr", "TYPED-name", "AREA-text", "SCRIPT-text"):
        assert never not in said(got)
    assert got["returned_bytes"] == got["total_bytes_estimate"] == len(got["text"].encode())
    assert got["data"] == {"matches": 1}


@pytest.mark.browser
async def test_text_options_hidden_tags_depth_and_ellipsis(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    read = await reader(browser, site.url("/article"), tmp_path)
    everything = await text(read, selector="#m", skip_hidden=False)
    for hidden in ("p#gone: SKIPPED-none", "p: SKIPPED-vis", "p: SKIPPED-attr"):
        assert hidden in everything["text"].split("\n")
    bare = await text(read, selector="#ar", include_tag_names=False, ellipsize_text_after=5)
    assert bare["text"] == "إلغاء…"
    shallow = await text(read, selector="#m", max_depth=1)
    assert "tief unten" not in shallow["text"]
    assert "p#ar: إلغاء الاشتراك يتطلب تأكيدًا" in shallow["text"]
    body = await text(read)  # no selector: the body
    assert body["text"].split("\n")[0] == "h1: Статья"
    several = await text(read, selector="p")
    assert several["data"] == {"matches": 6}
    assert several["text"].split("\n")[0] == "p.intro: 取消订阅需要确认。 就够了。"
    bad = await text(read, selector="p:nope(")
    assert bad["success"] is False
    assert bad["data"]["error_code"] == "invalid_params"


@pytest.mark.browser
async def test_chunks_of_the_text_join_to_the_whole(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    read = await reader(browser, site.url("/article"), tmp_path)
    whole = (await text(read, selector="#m"))["text"]
    pieces: list[str] = []
    offset: int | None = 0
    checksum = None
    while offset is not None:
        chunk = await text(
            read,
            selector="#m",
            use_chunking=True,
            offset=offset,
            length=20,
            snapshot_checksum=checksum,
        )
        assert chunk["success"] is True, chunk
        assert chunk["chunk_start"] == offset
        pieces.append(chunk["text"])
        checksum = chunk["snapshot_checksum"]
        offset = chunk.get("next_offset")
    assert "".join(pieces) == whole
    assert len(pieces) > 3
    other = await text(
        read, selector="#ar", use_chunking=True, offset=0, length=20, snapshot_checksum=checksum
    )
    assert other["success"] is False
    assert "snapshot_checksum differs" in other["error"]


@pytest.mark.browser
async def test_cookies_are_all_listed_and_none_says_its_value(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    read = await reader(browser, site.url("/cookies"), tmp_path)
    await browser.page.context.add_cookies(
        [
            {
                "name": "sid",
                "value": "COOKIE-session-77",
                "domain": "localhost",
                "path": "/",
                "httpOnly": True,
                "secure": False,
                "sameSite": "Lax",
            },
        ]
    )
    got = await read.call("browser_extract", action="get_cookies")
    assert got["success"] is True
    assert "COOKIE-" not in said(got)
    by_name = {c["name"]: c for c in got["cookies"]}
    assert by_name["sid"] == {
        "name": "sid",
        "domain": "localhost",
        "path": "/",
        "expires": -1,
        "httpOnly": True,
        "secure": False,
        "sameSite": "Lax",
        "value": "(withheld)",
    }
    assert by_name["prefs"]["domain"] == "127.0.0.1"  # the page's own, beside another site's
    assert got["data"]["count"] == 2
    assert "withheld" in got["data"]["note"]


async def wait(read: Reader, selector: str, state: str, seconds: float = 10) -> dict[str, Any]:
    return await read.call(
        "browser_interact", action="wait", selector=selector, state=state, timeout=seconds
    )


@pytest.mark.browser
async def test_the_wait_ends_when_the_element_shows_goes_or_is_there(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    read = await reader(browser, site.url("/late"), tmp_path)
    for button, selector, state in (
        ("#show", "#soon", "visible"),
        ("#hide", "#going", "hidden"),
        ("#add", "#new", "present"),
    ):
        await browser.page.click(button)
        got = await wait(read, selector, state)
        assert got["success"] is True, got
        assert got["data"]["state"] == state
        assert got["data"]["waited_ms"] >= 0
    assert await browser.page.is_visible("#soon")
    assert await browser.page.locator("#going").count() == 0
    ready = await wait(read, "#soon", "visible")
    assert ready["data"]["matches"] == 1


@pytest.mark.browser
async def test_goto_waits_for_its_element_once_the_page_opened(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    read = await reader(browser, site.url("/late"), tmp_path, answers=[True])  # a typed address
    got = await read.call(
        "browser_navigate", action="goto", url=site.url("/later"), wait_for="#ready", timeout=10
    )
    assert got["success"] is True, got
    assert got["url"] == site.url("/later")
    assert got["data"]["state"] == "visible"
    assert got["data"]["status"] == "navigated"
    assert await browser.page.is_visible("#ready")


@pytest.mark.browser
async def test_a_wait_that_runs_out_or_cannot_match_says_so(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    read = await reader(browser, site.url("/late"), tmp_path)
    late = await wait(read, "#never", "visible", seconds=0.3)
    assert late["success"] is False
    assert late["data"]["error_code"] == "timeout"
    assert late["error"] == "no element matching #never was visible after 0.3 s"
    stays = await wait(read, "#going", "hidden", seconds=0.3)
    assert stays["error"] == "an element matching #going was still shown after 0.3 s"
    bad = await wait(read, "p[", "present", seconds=30)
    assert bad["data"]["error_code"] == "invalid_params"
    ref = await read.ref("Montrer")
    assert (await wait(read, ref, "visible"))["success"] is True
    assert (await text(read, selector=ref))["text"] == "button#show: Montrer"
    await browser.page.evaluate("() => document.querySelector('#show').remove()")
    assert (await wait(read, ref, "hidden"))["data"]["matches"] == 0


@pytest.mark.browser
async def test_half_a_character_on_the_page_is_read_as_the_replacement_character(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    read = await reader(browser, site.url("/half"), tmp_path)
    got = await text(read, selector="#h")
    assert got["text"] == "p#h: a\ufffdb"
    chunk = await text(read, selector="#h", use_chunking=True)
    assert chunk["text"] == "p#h: a\ufffdb"
    html = await read.call("browser_inspect", action="get_html", selector="#h")
    assert html["text"] == '<p id="h" title="c\ufffdd">a\ufffdb</p>'
    title = await read.call("browser_inspect", action="get_attribute", selector="#h", **TITLE)
    assert title["data"]["value"] == "c\ufffdd"


TITLE = {"attribute": "title"}
