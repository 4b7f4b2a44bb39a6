"""The in-page naming walk both ways, and how two captures differ."""

from __future__ import annotations

from subterminator.browser.capture import RawCapture
from subterminator.browser.playwright_browser import (
    PlaywrightBrowser,
)


async def both_ways(browser: PlaywrightBrowser) -> tuple[RawCapture, RawCapture]:
    """The page captured with DevTools naming every element, then named in the page."""
    devtools = browser._devtools
    devtools.name_in_page = False
    try:
        by_devtools = await browser.capture(scope="page")
    finally:
        devtools.name_in_page = True
    return by_devtools, await browser.capture(scope="page")


def differences(left: RawCapture, right: RawCapture) -> list[str]:
    assert len(left.nodes) == len(right.nodes)
    found = []
    for index, (a, b) in enumerate(zip(left.nodes, right.nodes, strict=True)):
        mine, theirs = a.model_dump(exclude={"handle"}), b.model_dump(exclude={"handle"})
        for key in mine:
            if mine[key] != theirs[key]:
                found.append(f"#{index} {a.tag} {a.name!r}: {key} {mine[key]!r} != {theirs[key]!r}")
    return found
