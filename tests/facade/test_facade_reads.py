"""browser_inspect through the facade, on real Chromium: HTML with every secret withheld,
whether an element exists, an attribute; depth, collapse and ellipsis; several matches; refs.

A secret is withheld by what its field is (a password, a hidden input, a one-time code or a
card by its autocomplete) wherever it would show: the value attribute, a value a page script
copies there as it is typed, a token's meta tag. Page scripts that redefine the DOM API
cannot unmask it, because the HTML is read in our isolated world.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.snapshot.secrecy import WITHHELD
from tests.support.reads_run import reader, said
from tests.support.recording_site import RecordingSite, page

SECRETS = ("CSRF-abc123", "HIDDEN-tok-777", "PW-attr-5150", "OTP-990011", "4111111111111111")
FORM = """
<meta name='csrf-token' content='CSRF-abc123'><meta name='description' content='Plain words'>
<main id='m' class='wrap main'>
<form id='f' action='/save' method='post'>
<input type='hidden' name='authenticity' value='HIDDEN-tok-777'>
<label>Correo <input id='email' name='email' value='a@example.test'></label>
<label>Clave <input id='pw' type='password' name='p' value='PW-attr-5150'></label>
<input id='otp' autocomplete='one-time-code' value='OTP-990011'>
<input id='card' autocomplete='cc-number' value='4111111111111111'>
<button id='go'>Guardar</button>
</form></main>
"""
SESSION_SCRIPT = "window.sessionData = {user: 'SCRIPT-sess-4242'};"
# What a React-like page does: the typed value mirrored into the value attribute.
MIRROR = """document.querySelector('#pw').addEventListener('input',
  (e) => e.target.setAttribute('value', e.target.value));"""
# A page that rewrites the DOM API its own scripts see, to hand a reader the secret.
LIAR = """
const pw = document.querySelector('#pw');
Element.prototype.getAttribute = function (n) { return 'LIE-' + n; };
Element.prototype.hasAttribute = function () { return false; };
Object.defineProperty(Element.prototype, 'outerHTML', {get() { return pw.value; }});
Object.defineProperty(HTMLInputElement.prototype, 'type', {get() { return 'text'; }});
Document.prototype.querySelectorAll = function () { return []; };
"""
LONG = "x" * 300
TREE = f"""
<div id='root'><section id='s1'><ul id='list'>
<li data-n='1'>一つ</li><li data-n='2'>اثنان</li><li data-n='3'>three <b>bold</b></li>
</ul></section><p id='long'>{LONG}</p><p id='emoji'>😀😀😀😀😀</p></div>
"""
PAGES = {
    "/form": page("es", "Formulario", FORM, SESSION_SCRIPT),
    "/mirror": page("de", "Konto", FORM, MIRROR),
    "/liar": page("fr", "Compte", FORM, LIAR),
    "/tree": page("ja", "木", TREE),
}


@pytest.fixture(scope="module")
def site() -> Iterator[RecordingSite]:
    with RecordingSite(PAGES) as served:
        yield served


def no_secret(result: dict[str, object]) -> None:
    text = said(result)
    leaked = [s for s in SECRETS if s in text]
    assert not leaked, text


@pytest.mark.browser
async def test_the_whole_page_withholds_every_secret_and_shows_the_rest(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    read = await reader(browser, site.url("/form"), tmp_path)
    html = await read.call("browser_inspect", action="get_html")
    assert html["success"] is True, html
    no_secret(html)
    text = html["text"]
    assert text.startswith('<html lang="es">')
    assert f'<input id="pw" type="password" name="p" value="{WITHHELD}">' in text
    assert f'<meta name="csrf-token" content="{WITHHELD}">' in text
    assert '<meta name="description" content="Plain words">' in text
    assert 'value="a@example.test"' in text  # an ordinary field's value is no secret
    assert "SCRIPT-sess-4242" not in text
    assert f"(script: {len(SESSION_SCRIPT)} characters left out)" in text
    assert html["returned_bytes"] == html["total_bytes_estimate"] == len(text.encode())
    assert html["data"] == {"matches": 1}


@pytest.mark.browser
async def test_a_typed_password_shows_nowhere_even_mirrored_into_the_attribute(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    read = await reader(browser, site.url("/mirror"), tmp_path)
    await browser.page.locator("#pw").fill("TYPED-pw-8080")  # the person types it
    assert await browser.page.get_attribute("#pw", "value") == "TYPED-pw-8080"
    for selector in ("#f", None):
        html = await read.call("browser_inspect", action="get_html", selector=selector)
        assert "TYPED-pw-8080" not in said(html)
        assert f'type="password" name="p" value="{WITHHELD}"' in html["text"]
    value = await read.call("browser_inspect", action="get_attribute", selector="#pw", **VALUE)
    assert value["data"] == {
        "attribute": "value",
        "value": WITHHELD,
        "matches": 1,
        "withheld": True,
    }


VALUE = {"attribute": "value"}


@pytest.mark.browser
async def test_a_password_field_shown_as_text_stays_withheld(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    read = await reader(browser, site.url("/form"), tmp_path)
    await read.ref("Guardar")  # our capture saw it a password field
    await browser.page.evaluate(
        "() => { const p = document.querySelector('#pw'); p.type = 'text';"
        " p.setAttribute('value', 'SHOWN-pw-31'); }"
    )
    value = await read.call("browser_inspect", action="get_attribute", selector="#pw", **VALUE)
    assert value["data"]["value"] == WITHHELD
    html = await read.call("browser_inspect", action="get_html", selector="#f")
    assert "SHOWN-pw-31" not in said(html)


@pytest.mark.browser
async def test_a_page_that_rewrites_the_dom_api_cannot_unmask_a_secret(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    read = await reader(browser, site.url("/liar"), tmp_path)
    await browser.page.locator("#pw").fill("TYPED-pw-6060")
    html = await read.call("browser_inspect", action="get_html", selector="#f")
    no_secret(html)
    assert "TYPED-pw-6060" not in said(html)
    assert "LIE-" not in html["text"]
    assert f'<input id="pw" type="password" name="p" value="{WITHHELD}">' in html["text"]
    for field in ("#pw", "#otp", "#card", "input[type=hidden]"):
        value = await read.call("browser_inspect", action="get_attribute", selector=field, **VALUE)
        assert value["data"]["value"] == WITHHELD, field
    exists = await read.call("browser_inspect", action="exists", selector="input")
    assert exists["data"] == {"exists": True, "count": 5}


@pytest.mark.browser
async def test_depth_collapse_and_ellipsis_shape_the_html(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    read = await reader(browser, site.url("/tree"), tmp_path)
    shallow = await read.call("browser_inspect", action="get_html", selector="#root", max_depth=1)
    assert '<section id="s1"><!-- 1 element deeper left out --></section>' in shallow["text"]
    assert "<ul" not in shallow["text"]
    folded = await read.call(
        "browser_inspect", action="get_html", selector="#root", collapse_depth=2
    )
    assert '<ul id="list">(3 children)</ul>' in folded["text"]
    assert "<li" not in folded["text"]
    cut = await read.call(
        "browser_inspect", action="get_html", selector="#root", ellipsize_text_after=3
    )
    assert '<p id="long">xxx…</p>' in cut["text"]
    assert '<p id="emoji">😀😀😀…</p>' in cut["text"]  # whole characters
    assert '<li data-n="1">一つ</li>' in cut["text"]
    assert '<li data-n="2">اثن…</li>' in cut["text"]
    whole = await read.call("browser_inspect", action="get_html", selector="#long")
    assert whole["text"] == f'<p id="long">{"x" * 128}…</p>'  # 128 characters unless told


@pytest.mark.browser
async def test_several_matches_are_read_in_document_order_and_counted(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    read = await reader(browser, site.url("/tree"), tmp_path)
    items = await read.call("browser_inspect", action="get_html", selector="li")
    assert items["data"] == {"matches": 3}
    assert items["text"].split("\n") == [
        '<li data-n="1">一つ</li>',
        '<li data-n="2">اثنان</li>',
        '<li data-n="3">three <b>bold</b></li>',
    ]
    first = await read.call(
        "browser_inspect", action="get_attribute", selector="li", attribute="data-n"
    )
    assert first["data"] == {"attribute": "data-n", "value": "1", "matches": 3}
    absent = await read.call(
        "browser_inspect", action="get_attribute", selector="li", attribute="title"
    )
    assert absent["success"] is True
    assert absent["data"]["value"] is None
    nested = await read.call("browser_inspect", action="get_html", selector="div, section")
    assert nested["data"] == {"matches": 2}
    assert nested["text"].count("<section") == 1  # inside the first match: said once


@pytest.mark.browser
async def test_exists_counts_and_a_missing_element_is_not_an_error(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    read = await reader(browser, site.url("/tree"), tmp_path)
    assert (await read.call("browser_inspect", action="exists", selector="li"))["data"] == {
        "exists": True,
        "count": 3,
    }
    none = await read.call("browser_inspect", action="exists", selector="#nowhere")
    assert none == {"success": True, "data": {"exists": False, "count": 0}}
    html = await read.call("browser_inspect", action="get_html", selector="#nowhere")
    assert html["success"] is False
    assert html["data"]["error_code"] == "ref_invalid"
    assert "no element matches #nowhere" in html["error"]


@pytest.mark.browser
async def test_an_invalid_selector_or_a_missing_argument_is_said_plainly(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    read = await reader(browser, site.url("/tree"), tmp_path)
    for action in ("get_html", "exists", "get_attribute"):
        bad = await read.call("browser_inspect", action=action, selector="div[", attribute="id")
        assert bad["success"] is False
        assert bad["error"] == "div[ is not a valid CSS selector"
        assert bad["data"]["error_code"] == "invalid_params"
    unnamed = await read.call("browser_inspect", action="exists")
    assert unnamed["error"] == "browser_inspect exists needs a selector"
    no_attr = await read.call("browser_inspect", action="get_attribute", selector="li")
    assert no_attr["error"] == "browser_inspect get_attribute needs attribute"


@pytest.mark.browser
async def test_our_refs_are_selectors_and_a_stale_one_is_refused(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    read = await reader(browser, site.url("/form"), tmp_path)
    ref = await read.ref("Guardar")
    html = await read.call("browser_inspect", action="get_html", selector=ref)
    assert html["text"] == '<button id="go">Guardar</button>'
    assert html["data"] == {"matches": 1}
    value = await read.call("browser_inspect", action="get_attribute", selector=ref, attribute="id")
    assert value["data"]["value"] == "go"
    assert (await read.call("browser_inspect", action="exists", selector=ref))["data"]["exists"]
    await browser.page.evaluate("() => document.querySelector('#go').remove()")
    gone = await read.call("browser_inspect", action="exists", selector=ref)
    assert gone["data"] == {"exists": False, "count": 0}
    stale = await read.call("browser_inspect", action="get_html", selector="@e9999")
    assert stale["success"] is False
    assert stale["data"]["error_code"] == "ref_invalid"
    assert "not a ref of the latest snapshot" in stale["error"]
