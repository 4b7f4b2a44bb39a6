"""The persistent profile keeps a session (cookies, storage) across launches."""

from __future__ import annotations

import argparse
import asyncio
import io
from pathlib import Path

import pytest
from rich.console import Console

from harness.sites import StaticSite
from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from subterminator.cli.login import login

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


async def test_login_keeps_what_the_person_did_in_the_profile(
    tmp_path: Path, pages: StaticSite
) -> None:
    """``subterminator login``: a window on the profile until the person closes it.

    Headless here (no display); the "person" signs in and closes the tab through Playwright.
    """
    profile = tmp_path / "profile"
    opened: list[PlaywrightBrowser] = []

    async def person_signs_in_and_closes(options: LaunchOptions) -> PlaywrightBrowser:
        browser = await PlaywrightBrowser.launch(options)
        opened.append(browser)

        async def act() -> None:
            await browser.page.wait_for_url("**/form.html")
            await browser.page.evaluate("localStorage.setItem('signed-in', 'ann')")
            await browser.page.close()

        tasks.append(asyncio.create_task(act()))
        return browser

    tasks: list[asyncio.Task[None]] = []
    out = io.StringIO()
    args = argparse.Namespace(service="netflix", profile=profile, url=pages.url("form.html"))
    code = await login(
        args,
        Console(file=out, width=200),
        browser_factory=person_signs_in_and_closes,
        headless=True,
    )
    await asyncio.gather(*tasks)
    assert code == 0
    said = out.getvalue()
    assert "Sign in there" in said
    assert f"The session stays in the profile {profile}" in said
    options = LaunchOptions(profile_dir=profile, block_non_local=True)
    async with await PlaywrightBrowser.launch(options) as later:
        await later.navigate(pages.url("form.html"))
        assert await later.page.evaluate("localStorage.getItem('signed-in')") == "ann"
