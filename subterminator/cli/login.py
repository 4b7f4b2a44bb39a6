"""``subterminator login SERVICE``: a window on the browser profile, for a person to sign in.

Sign-in, codes and CAPTCHAs are a person's to answer. Doing it once here keeps the session in
the profile, so a later ``cancel`` (even ``--headless``) starts signed in.
"""

from __future__ import annotations

import argparse
from collections.abc import Awaitable, Callable
from pathlib import Path

from rich.console import Console
from rich.text import Text

from subterminator.assembly import DEFAULT_PROFILE
from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from subterminator.cancellation import EXIT_SUCCESS
from subterminator.net import http_problem
from subterminator.services import get_service
from subterminator.untrusted import URL, shown

NO_DISPLAY_FIX = (
    "signing in needs a browser window, so run `subterminator login` in a desktop session "
    "(DISPLAY or WAYLAND_DISPLAY set)"
)


async def login(
    args: argparse.Namespace,
    err: Console,
    *,
    browser_factory: Callable[[LaunchOptions], Awaitable[PlaywrightBrowser]] = (
        PlaywrightBrowser.launch
    ),
    headless: bool = False,
) -> int:
    service = get_service(args.service)
    profile: Path = args.profile or DEFAULT_PROFILE
    url = args.url or service.initial_url
    browser = await browser_factory(
        LaunchOptions(headless=headless, profile_dir=profile, no_display_fix=NO_DISPLAY_FIX)
    )
    try:
        problem = http_problem(await browser.navigate(url))
        if problem:
            err.print(
                Text.assemble((f"The page answered {problem}:", "yellow"), " ", shown(url, URL))
            )
        err.print(
            f"A browser window shows {url}. Sign in there (answer any code or CAPTCHA), "
            "then close the window.",
            markup=False,
        )
        await browser.wait_until_closed()
    finally:
        await browser.close()
    err.print(
        f"Closed. The session stays in the profile {profile}; "
        f"`subterminator cancel {service.name}` starts from it.",
        markup=False,
    )
    return EXIT_SUCCESS
