"""``browser_navigate`` on real Chromium, through the whole stack: the plain cases.

goto opens an address as our ``browser_open`` does (one this run showed opens unasked, any
other is asked first, and a no opens nothing); back,
forward and refresh step through the tab's history with the V02 status words; get_url reads
the address without touching the page. (How a step back onto a form's answer is judged is
tested with the history's own judgment.)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from subterminator.browser.playwright_browser import PlaywrightBrowser
from tests.support.actions_lab import lab, refs, served
from tests.support.recording_site import RecordingSite

pytestmark = pytest.mark.browser
site = pytest.fixture(scope="module", name="site")(served)


def moved(said: dict[str, Any], status: str, url: str) -> None:
    assert said["success"] is True, said
    assert said["data"]["status"] == status
    assert said["url"] == url
    assert said["data"]["snapshot"]["page"]["url"] == url  # the page it moved to, with refs


async def test_goto_back_forward_refresh_and_get_url(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    first, second = site.url("/lab/nav/first"), site.url("/lab/nav/second")
    async with lab(browser, site, tmp_path, "/lab/nav/first") as on:
        assert await on.navigate(action="get_url") == {"success": True, "url": first}
        assert (await on.interact(action="click", selector="a"))["url"] == second
        assert await on.navigate(action="get_url") == {"success": True, "url": second}
        moved(await on.navigate(action="goto", url=first), "navigated", first)  # the start
        moved(await on.navigate(action="back"), "navigated_back", second)
        moved(await on.navigate(action="forward"), "navigated_forward", first)
        moved(await on.navigate(action="back"), "navigated_back", second)
        site.reset()
        said = await on.navigate(action="refresh")
        moved(said, "refreshed", second)
        assert site.received("/lab/nav/") == [("GET", "/lab/nav/second")]
        assert "戻る" in refs(said)
        assert on.person.requests == []  # pages this run showed: nothing to ask


async def test_goto_an_address_no_page_showed_asks_first(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    elsewhere = site.url("/lab/events")
    async with lab(browser, site, tmp_path, "/lab/nav/first", answers=[False, True]) as on:
        site.reset()
        said = await on.navigate(action="goto", url=elsewhere)
        assert said["success"] is False, said
        assert said["data"]["error_code"] == "human_rejected"
        assert said["url"] == site.url("/lab/nav/first")
        assert site.received("/lab/events") == []
        moved(await on.navigate(action="goto", url=elsewhere), "navigated", elsewhere)
        assert len(on.person.requests) == 2
        assert elsewhere in on.person.requests[0].action
