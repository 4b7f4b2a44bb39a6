"""Dense pages on real headless Chromium: every control in the viewport is kept
within the 2,000-token element budget.

fixtures/pages/news.html is an English news portal with 65 controls in view, long headline
links among them; portal-zh.html a zh-CN portal with 54, headlines of 10-25 ideographs. Before
the compact element form both lost a third of their controls to the budget (41 of 64 and 33
of 53 kept); ``python -m bench.density`` prints the figures.
"""

from __future__ import annotations

import pytest

from bench.token_calibration import yardstick
from harness.sites import StaticSite
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.snapshot import ElementRegistry, SnapshotFactory
from subterminator.snapshot.element import OFFSCREEN
from subterminator.snapshot.pruning import PruneLimits, candidates, is_control
from subterminator.snapshot.tokens import estimate_json_tokens
from tests.support.cuts import cut_of

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    ("path", "lang", "at_least"),
    [("news.html", "en", 60), ("portal-zh.html", "zh-CN", 50)],
)
async def test_every_control_in_view_is_kept_within_the_budget(
    browser: PlaywrightBrowser, pages: StaticSite, path: str, lang: str, at_least: int
) -> None:
    await browser.navigate(pages.url(path))
    capture = await browser.capture(scope="viewport")
    assert capture.lang == lang
    in_view = {
        a.order: a.name
        for a in candidates(capture, True, PruneLimits())
        if a.visibility != OFFSCREEN and is_control(a)
    }
    assert len(in_view) >= at_least, "the page is as dense as it is meant to be"
    snapshot, infos = SnapshotFactory(browser, ElementRegistry()).from_capture(capture)
    kept = {info.order: e for info, e in zip(infos, snapshot.elements, strict=True)}
    assert set(in_view) <= set(kept), [in_view[o] for o in set(in_view) - set(kept)]
    elements = snapshot.elements_json()
    assert estimate_json_tokens(elements) <= 2000
    assert yardstick(elements) <= 2000
    for order, name in in_view.items():  # whole, or marked cut
        shown = kept[order].name
        assert shown == name or cut_of(shown, name), shown
    assert any(e.name == "Sign in" if lang == "en" else e.name == "登录" for e in snapshot.elements)
