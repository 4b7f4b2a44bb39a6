"""No step of the capture is quadratic: each element's box, computed style and visibility are
asked at most once per capture. Counted in our own isolated world (where capture.js runs) by
wrapping the questions before the capture, on real pages in real Chromium: the fan-fiction
kudos line (one span of thousands of comma-separated links, whose box was asked again at each
comma) and the other long inline structures of ``bench.inline_pages``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bench import inline_pages
from bench.inline_pages_held import HELD_KINDS, HELD_SEED
from harness.sites import StaticSite
from subterminator.browser.playwright_browser import PlaywrightBrowser
from tests.support.asked import counted

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[StaticSite]:
    root = tmp_path_factory.mktemp("asked")
    inline_pages.write(root, sizes=(1_000, 3_700))
    inline_pages.write(root / "held", HELD_KINDS, (1_000,), HELD_SEED)
    with StaticSite(root) as served:
        yield served


PAGES = ["links-3700.html"] + [f"{k.name}-1000.html" for k in inline_pages.KINDS]
PAGES += [f"held/{k.name}-1000.html" for k in HELD_KINDS]


@pytest.mark.parametrize("scope", ["viewport", "page"])
@pytest.mark.parametrize("page", PAGES)
async def test_each_element_is_asked_each_question_once(
    browser: PlaywrightBrowser, site: StaticSite, page: str, scope: str
) -> None:
    capture, runs = await counted(
        browser, site.url(page), "page" if scope == "page" else "viewport"
    )
    assert capture.nodes
    assert runs
    for run in runs:
        asked = {key: (elements, most) for key, elements, most in run}
        assert asked["box"][0] > 0  # the questions were counted
        assert {key: most for key, (_, most) in asked.items() if most > 1} == {}
