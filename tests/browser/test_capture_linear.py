"""The capture is right on the long inline structures of ``bench.inline_pages`` (and the
held-aside kinds): every control a person sees in the viewport is among the captured nodes (up
to the capture's cap, in-view ones first), and the text places what is in view first."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bench import inline_pages
from bench.inline_pages_held import HELD_KINDS, HELD_SEED
from harness.sites import StaticSite
from subterminator.browser.capture import RawCapture
from subterminator.browser.page_capture import MAX_CAPTURE_NODES
from subterminator.browser.playwright_browser import PlaywrightBrowser

pytestmark = pytest.mark.browser

SIZES = (10, 1_000)
KINDS = [(k.name, "") for k in inline_pages.KINDS] + [(k.name, "held/") for k in HELD_KINDS]
# Controls whose box meets the viewport and that show, by the page's own reading: the
# independent count the capture is held to.
IN_VIEW_JS = """() => {
  const vw = innerWidth, vh = innerHeight, out = [];
  for (const el of document.querySelectorAll('a[href], button')) {
    const b = el.getBoundingClientRect();
    if (b.width <= 0 && b.height <= 0) continue;
    if (b.right <= 0 || b.bottom <= 0 || b.x >= vw || b.y >= vh) continue;
    if (!el.checkVisibility({visibilityProperty: true})) continue;
    out.push(el.textContent.replace(/\\s+/g, ' ').trim());
  }
  return out;
}"""
OFFSCREEN_JS = """() => [...document.querySelectorAll('a[href], button')]
  .filter(el => el.getBoundingClientRect().y > innerHeight * 2)
  .map(el => el.textContent.replace(/\\s+/g, ' ').trim())"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[StaticSite]:
    root = tmp_path_factory.mktemp("inline")
    inline_pages.write(root, sizes=SIZES)
    inline_pages.write(root / "held", HELD_KINDS, SIZES, HELD_SEED)
    with StaticSite(root) as served:
        yield served


def in_view_names(capture: RawCapture) -> list[str]:
    width, height = capture.viewport.width, capture.viewport.height
    return [
        " ".join(n.name.split())
        for n in capture.nodes
        if n.role in ("link", "button")
        and n.box is not None
        and n.box.x + n.box.width > 0
        and n.box.y + n.box.height > 0
        and n.box.x < width
        and n.box.y < height
    ]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("kind", "folder"), KINDS)
async def test_every_in_view_control_is_captured(
    browser: PlaywrightBrowser, site: StaticSite, kind: str, folder: str, size: int
) -> None:
    await browser.navigate(site.url(f"{folder}{kind}-{size}.html"))
    seen: list[str] = await browser.page.evaluate(IN_VIEW_JS)
    capture = await browser.capture()
    captured = in_view_names(capture)
    assert seen
    assert set(captured) <= set(seen)
    if len(seen) <= MAX_CAPTURE_NODES:  # all of them
        assert sorted(captured) == sorted(seen)
    else:  # the cap, all in view
        assert len(captured) == MAX_CAPTURE_NODES


@pytest.mark.parametrize(("kind", "folder"), KINDS)
async def test_text_in_view_comes_first_and_whole_on_small_pages(
    browser: PlaywrightBrowser, site: StaticSite, kind: str, folder: str
) -> None:
    await browser.navigate(site.url(f"{folder}{kind}-10.html"))
    seen: list[str] = await browser.page.evaluate(IN_VIEW_JS)
    text = (await browser.capture()).text
    flat = " ".join(text.split())
    for name in seen:
        assert name in flat
    await browser.navigate(site.url(f"{folder}{kind}-1000.html"))
    seen = await browser.page.evaluate(IN_VIEW_JS)
    below: list[str] = await browser.page.evaluate(OFFSCREEN_JS)
    flat = " ".join((await browser.capture()).text.split())
    first = flat.find(seen[0])
    assert first >= 0
    later = [at for name in below if (at := flat.find(name)) >= 0]
    assert all(at > first for at in later)


# An element laid out as `display: contents` has no box of its own: text in it is placed by
# the box around it (in view here), as is the text of the inline elements in it, and shows
# as that box does.
CONTENTS_PAGE = """<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"></head><body>
<p><span role="note" style="display: contents">Le mot du jour <b>est affiché</b></span></p>
<div style="height: 3000px"></div>
<main><p>Tout en bas de la page principale</p></main></body></html>"""


async def test_text_in_a_display_contents_element_is_placed_by_the_box_around_it(
    browser: PlaywrightBrowser, tmp_path: Path
) -> None:
    (tmp_path / "contents.html").write_text(CONTENTS_PAGE, encoding="utf-8")
    with StaticSite(tmp_path) as served:
        await browser.navigate(served.url("contents.html"))
        text = (await browser.capture()).text
    assert text.index("Le mot du jour est affiché") < text.index("Tout en bas")
