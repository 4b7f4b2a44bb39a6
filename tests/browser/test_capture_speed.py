"""No step of the capture is quadratic: each element's box, computed style and visibility are
asked at most once per capture. Counted in our own isolated world (where capture.js runs) by
wrapping the questions before the capture, on real pages in real Chromium: the fan-fiction
kudos line (one span of thousands of comma-separated links, whose box was asked again at each
comma) and the other long inline structures of ``bench.inline_pages``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bench import inline_pages
from bench.inline_pages_held import HELD_KINDS, HELD_SEED
from harness.sites import StaticSite
from subterminator.browser.playwright_browser import PlaywrightBrowser

pytestmark = pytest.mark.browser

# Wraps each question so that it counts, per run of the capture script (a capture runs it again
# when Chrome had not kept its accessibility tree), per element and per question; the script is
# the one a first capture left in our world.
COUNT_JS = """() => {
  const runs = globalThis.__asked = [];
  const run = globalThis.__subterminatorCapture;  // kept in the world by the first capture
  globalThis.__subterminatorCapture = (...a) => { runs.push(new Map()); return run(...a); };
  const tally = (key, el) => {
    const counts = runs[runs.length - 1];
    if (!counts) return;
    let per = counts.get(key);
    if (!per) counts.set(key, per = new Map());
    per.set(el, (per.get(el) || 0) + 1);
  };
  const box = Element.prototype.getBoundingClientRect;
  Element.prototype.getBoundingClientRect = function () {
    tally('box', this);
    return box.call(this);
  };
  const shows = Element.prototype.checkVisibility;
  Element.prototype.checkVisibility = function (o) {
    tally('visible ' + JSON.stringify(o || {}), this);
    return shows.call(this, o);
  };
  const style = globalThis.getComputedStyle;
  globalThis.getComputedStyle = function (el, pseudo) {
    tally('style', el);
    return style.call(this, el, pseudo);
  };
  return true;
}"""
# per run: [question, elements asked, most asks of one element]
READ_JS = """() => globalThis.__asked.map((counts) =>
  [...counts].map(([key, per]) => [key, per.size, Math.max(...per.values())]))"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[StaticSite]:
    root = tmp_path_factory.mktemp("asked")
    inline_pages.write(root, sizes=(1_000, 3_700))
    inline_pages.write(root / "held", HELD_KINDS, (1_000,), HELD_SEED)
    with StaticSite(root) as served:
        yield served


async def in_our_world(browser: PlaywrightBrowser, script: str) -> Any:
    devtools = browser._devtools
    found = await devtools.in_world(
        await devtools.top(),
        "Runtime.callFunctionOn",
        {"functionDeclaration": script, "returnByValue": True},
    )
    return found["result"]["value"]


PAGES = ["links-3700.html"] + [f"{k.name}-1000.html" for k in inline_pages.KINDS]
PAGES += [f"held/{k.name}-1000.html" for k in HELD_KINDS]


@pytest.mark.parametrize("scope", ["viewport", "page"])
@pytest.mark.parametrize("page", PAGES)
async def test_each_element_is_asked_each_question_once(
    browser: PlaywrightBrowser, site: StaticSite, page: str, scope: str
) -> None:
    await browser.navigate(site.url(page))
    await browser.capture()
    assert await in_our_world(browser, COUNT_JS)
    capture = await browser.capture(scope="page" if scope == "page" else "viewport")
    runs = await in_our_world(browser, READ_JS)
    assert capture.nodes
    assert runs
    for run in runs:
        asked = {key: (elements, most) for key, elements, most in run}
        assert asked["box"][0] > 0  # the questions were counted
        assert {key: most for key, (_, most) in asked.items() if most > 1} == {}
