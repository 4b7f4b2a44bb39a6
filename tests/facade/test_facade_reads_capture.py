"""browser_capture through the facade, on real Chromium: the viewport, the whole page or one
element, saved under a name of ours in the session's screenshots folder or returned as base64.

The file's name never comes from the page (a title like ``../../x`` names nothing); an element
screenshot needs a selector naming one element, and says how many when it names several.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from subterminator.browser.playwright_browser import PlaywrightBrowser
from tests.support.browser_helpers import png_size
from tests.support.reads_run import files_in, png_file_size, reader
from tests.support.recording_site import RecordingSite, page

BOXES = """
<style>body { margin: 0 } .box { width: 120px; height: 40px; background: teal; margin: 8px }</style>
<button id='one' class='box'>一</button><button class='box'>二</button>
<div id='tall' style='height: 3000px'>عميق</div>
<div id='nil' style='width: 0; height: 0; overflow: hidden'>x</div>
"""
# A page that lies about where its elements are, to its own scripts.
LIAR = """Element.prototype.getBoundingClientRect = () =>
  ({x: 0, y: 0, width: 10, height: 10, top: 0, left: 0, right: 10, bottom: 10});"""
PAGES = {
    "/boxes": page("zh", "../../../etc/passwd", BOXES),
    "/liar": page("ar", "صناديق", BOXES, LIAR),
}
NAME = re.compile(r"shot-(\d+)-\d{8}T\d{6}Z\.png")


@pytest.fixture(scope="module")
def site() -> Iterator[RecordingSite]:
    with RecordingSite(PAGES) as served:
        yield served


@pytest.mark.browser
async def test_screenshots_are_saved_under_our_own_names_in_the_folder(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    shots = tmp_path / "screenshots"  # made by the first screenshot
    read = await reader(browser, site.url("/boxes"), shots)
    view = await read.call("browser_capture", action="screenshot")
    assert view["success"] is True, view
    data = view["data"]
    assert data["format"] == "png"
    assert data["saved"] is True
    saved = Path(data["filepath"])
    assert saved.parent == shots
    assert saved.name == data["filename"]
    assert (match := NAME.fullmatch(saved.name)) is not None
    assert match.group(1) == "1"
    viewport = browser.page.viewport_size
    assert viewport is not None
    assert png_file_size(saved) == (viewport["width"], viewport["height"])
    full = await read.call("browser_capture", action="screenshot", full_page=True)
    whole = Path(full["data"]["filepath"])
    assert (second := NAME.fullmatch(whole.name)) is not None
    assert second.group(1) == "2"
    _, height = png_file_size(whole)
    assert height > 3000 > viewport["height"]
    assert files_in(shots) == sorted([saved.name, whole.name])


@pytest.mark.browser
async def test_a_screenshot_not_saved_comes_back_as_base64(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    read = await reader(browser, site.url("/boxes"), tmp_path / "shots")
    got = await read.call("browser_capture", action="screenshot", save_to_disk=False)
    assert got["data"] == {"format": "base64"}
    png = base64.b64decode(got["screenshot"])
    assert png_size(png)[0] > 0
    assert files_in(tmp_path) == []  # nothing saved, no folder made


@pytest.mark.browser
async def test_an_element_screenshot_is_the_one_element_named(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    read = await reader(browser, site.url("/boxes"), tmp_path)
    ref = await read.ref("一")  # the reads between keep it current
    one = await read.call(
        "browser_capture", action="element_screenshot", selector="#one", save_to_disk=False
    )
    assert one["success"] is True, one
    assert png_size(base64.b64decode(one["screenshot"])) == (120, 40)
    saved = await read.call("browser_capture", action="element_screenshot", selector="#tall")
    assert png_file_size(saved["data"]["filepath"])[1] == 3000  # past the viewport
    by_ref = await read.call(
        "browser_capture", action="element_screenshot", selector=ref, save_to_disk=False
    )
    assert png_size(base64.b64decode(by_ref["screenshot"])) == (120, 40)


@pytest.mark.browser
async def test_a_page_that_lies_about_boxes_does_not_move_the_picture(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    read = await reader(browser, site.url("/liar"), tmp_path)
    one = await read.call(
        "browser_capture", action="element_screenshot", selector="#one", save_to_disk=False
    )
    assert png_size(base64.b64decode(one["screenshot"])) == (120, 40)


@pytest.mark.browser
async def test_an_element_screenshot_of_several_none_or_nothing_is_refused(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    read = await reader(browser, site.url("/boxes"), tmp_path)
    several = await read.call("browser_capture", action="element_screenshot", selector=".box")
    assert several["success"] is False
    assert ".box matches 2 elements" in several["error"]
    assert several["data"]["error_code"] == "invalid_params"
    none = await read.call("browser_capture", action="element_screenshot", selector="#nowhere")
    assert none["data"]["error_code"] == "ref_invalid"
    empty = await read.call("browser_capture", action="element_screenshot", selector="#nil")
    assert empty["data"]["error_code"] == "element_not_visible"
    unnamed = await read.call("browser_capture", action="element_screenshot")
    assert unnamed["error"] == "browser_capture element_screenshot needs a selector"
    assert files_in(tmp_path) == []
