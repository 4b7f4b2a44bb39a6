"""The persistent profile keeps a session (cookies, storage) across launches."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.sites import StaticSite
from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser

pytestmark = pytest.mark.browser


async def test_profile_survives_a_restart(tmp_path: Path, pages: StaticSite) -> None:
    options = LaunchOptions(profile_dir=tmp_path / "profile", block_non_local=True)
    async with await PlaywrightBrowser.launch(options) as first:
        await first.navigate(pages.url("form.html"))
        await first.page.evaluate("localStorage.setItem('signed-in', 'ann')")
    assert (tmp_path / "profile").is_dir()
    async with await PlaywrightBrowser.launch(options) as second:
        await second.navigate(pages.url("form.html"))
        assert await second.page.evaluate("localStorage.getItem('signed-in')") == "ann"
