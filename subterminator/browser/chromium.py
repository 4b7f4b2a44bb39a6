"""Starting Chromium: its options, its flags, and releasing what a launch owns, in order.

A Chromium that will not start becomes a one-line ``LaunchError`` (``launch_errors``), and
nothing is left running.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.async_api import Browser as PWBrowser
from playwright.async_api import BrowserContext, Playwright
from playwright.async_api import Error as PlaywrightError

from subterminator.browser import launch_errors
from subterminator.browser.discovery import find_chromium

log = logging.getLogger(__name__)

CHROMIUM_ARGS = (
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-default-apps",
    # Element.computedRole/computedName: capture.js names elements in the page with Chrome's
    # own accessibility engine instead of a DevTools round trip per element
    "--enable-blink-features=ComputedAccessibilityInfo",
)


# SIGINT_NOTE: a terminal sends Ctrl+C to the whole foreground group, Playwright's driver
# included. With its own SIGINT handling on, the driver kills Chromium and exits at once, and the
# run can neither close in order nor say whether the final step ran (the futures it leaves
# behind print "Connection closed while reading from the driver" at exit). Off, the interrupt
# is the run's to handle: it says what happened, then closes the browser itself.


@dataclass(frozen=True)
class LaunchOptions:
    """How to start Chromium. ``block_non_local`` aborts every request off this machine."""

    headless: bool = True
    executable: str | None = None
    profile_dir: Path | None = None
    viewport: tuple[int, int] = (1280, 800)
    block_non_local: bool = False
    # a folder to keep what pages download in (the run record's); None: downloads are refused
    downloads: Path | None = None
    extra_args: tuple[str, ...] = field(default_factory=tuple)
    # what to do when a window cannot open, in the words of the command the person typed
    # ("" for the generic advice): login has no headless, cancel's window may be its default
    no_display_fix: str = ""


def chromium_args(executable: str, extra: tuple[str, ...] = ()) -> list[str]:
    args = list(CHROMIUM_ARGS)
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--no-sandbox")  # Chromium refuses to run sandboxed as root
    return _one_blink_features([*args, *extra])


def _one_blink_features(args: list[str]) -> list[str]:
    """Chromium reads only the last ``--enable-blink-features``: a person's own joins ours."""
    flag = "--enable-blink-features="
    features = [f for a in args if a.startswith(flag) for f in a[len(flag) :].split(",") if f]
    kept = [a for a in args if not a.startswith(flag)]
    return [*kept, flag + ",".join(dict.fromkeys(features))] if features else kept


def check(options: LaunchOptions) -> None:
    """What can be found wrong before starting anything: the display, the executable, the
    profile folder."""
    launch_errors.check_display(options.headless, options.no_display_fix)
    if options.executable is not None:
        launch_errors.check_executable(options.executable)
    if options.profile_dir is not None:
        launch_errors.prepare_profile(options.profile_dir)


async def open_context(pw: Playwright, options: LaunchOptions, owned: list[Any]) -> BrowserContext:
    """Chromium's context (a persistent profile's, or a fresh browser's); what it starts is
    put first in ``owned`` so that ``release`` closes it before the driver. Playwright's
    errors are the caller's to explain (``launch_errors.explain``)."""
    executable = options.executable or find_chromium(pw.chromium.executable_path)
    args = chromium_args(executable, options.extra_args)
    width, height = options.viewport
    viewport = {"width": width, "height": height}
    if options.profile_dir is not None:
        context = await pw.chromium.launch_persistent_context(
            str(options.profile_dir),
            executable_path=executable,
            headless=options.headless,
            args=args,
            viewport=viewport,  # type: ignore[arg-type]
            accept_downloads=options.downloads is not None,
            handle_sigint=False,  # Ctrl+C is ours: see SIGINT_NOTE
        )
    else:
        browser: PWBrowser = await pw.chromium.launch(
            executable_path=executable,
            headless=options.headless,
            args=args,
            handle_sigint=False,  # see SIGINT_NOTE
        )
        owned.insert(0, browser)
        context = await browser.new_context(
            viewport=viewport,  # type: ignore[arg-type]
            accept_downloads=options.downloads is not None,
        )
    owned.insert(0, context)
    return context


async def release(owned: list[Any]) -> None:
    """Close what a launch owns in order (context, browser, then the Playwright driver).

    The driver is stopped whatever happens first, even a cancellation mid-close: stopping it
    ends its Chromium too, so nothing is left running.
    """
    try:
        for thing in owned:
            try:
                await (thing.stop() if hasattr(thing, "stop") else thing.close())
            except PlaywrightError as exc:  # already gone: nothing left to release
                log.debug("close: %s", exc)
    finally:
        for thing in owned:
            if hasattr(thing, "stop"):
                await thing.stop()  # at once if it already ran
