"""``browser_interact`` wait, through the whole stack: an element's state, or a timeout.

A wait is a read: it looks at the page as it is until the element its selector names is
visible, hidden or present, and changes nothing, so the refs of the client's last snapshot
stay current across it. One that never comes is a timeout, said as such. A goto with
``wait_for`` opens the page, then waits so.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from subterminator.browser.playwright_browser import PlaywrightBrowser
from tests.support.actions_lab import lab, refs, served
from tests.support.recording_site import RecordingSite

pytestmark = pytest.mark.browser
site = pytest.fixture(scope="module", name="site")(served)


async def test_a_wait_ends_when_the_element_is_visible_hidden_or_present(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    async with lab(browser, site, tmp_path, "/lab/later") as on:
        shown = await on.interact(action="hover", selector="#here")
        ref = refs(shown)["Aquí"]
        for selector, state in (("#soon", "visible"), ("#gone", "hidden"), ("#ghost", "present")):
            said = await on.interact(action="wait", selector=selector, state=state)
            assert said["success"] is True, (selector, said)
            assert "snapshot" not in said.get("data", {})  # a read: the page is as it was
        assert await on.js("document.getElementById('soon').hidden") is False
        assert await on.js("document.getElementById('gone')") is None
        said = await on.interact(action="wait", selector="#here")  # visible already
        assert said["success"] is True, said
        said = await on.interact(action="click", selector=ref)  # refs kept across the waits
        assert said["success"] is True, said
        assert on.person.requests == []


async def test_a_wait_that_never_ends_is_a_timeout(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    async with lab(browser, site, tmp_path, "/lab/later") as on:
        said = await on.interact(action="wait", selector="#ghost", timeout=0.3)
        assert said["success"] is False, said
        assert said["data"]["error_code"] == "timeout"
        assert "#ghost" in said["error"]
        said = await on.interact(action="wait", selector="#here", state="hidden", timeout=0.3)
        assert said["data"]["error_code"] == "timeout"
        said = await on.interact(action="wait", selector="#nobody", state="present", timeout=0.3)
        assert said["data"]["error_code"] == "timeout"


async def test_goto_waits_for_the_element_it_is_told_to(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    second = site.url("/lab/nav/second")
    async with lab(browser, site, tmp_path, "/lab/nav/first", answers=[True]) as on:
        said = await on.navigate(action="goto", url=second, wait_for="#later")
        assert said["success"] is True, said
        assert said["data"]["status"] == "navigated"
        assert said["url"] == second
        assert await on.js("document.getElementById('later').hidden") is False
        said = await on.navigate(action="goto", url=second, wait_for="#never", timeout=0.3)
        assert said["success"] is False, said
        assert said["data"]["error_code"] == "timeout"
        assert said["url"] == second  # it went there; what it waited for never came
        assert "#never" in said["error"]
        assert len(on.person.requests) == 1  # the second time, a page this run showed
