"""``browser_execute`` through a facade run (``v02_run.facade_run``): one call's reply as a
client reads it, and the request its code sent."""

from __future__ import annotations

from typing import Any

from playwright.async_api import Request

from subterminator.assembly import Run
from subterminator.browser.playwright_browser import PlaywrightBrowser
from tests.support.v02_run import facade_call


async def execute(run: Run, code: str, **arguments: Any) -> dict[str, Any]:
    """``browser_execute``: ``action`` execute unless told (``evaluate``)."""
    arguments.setdefault("action", "execute")
    return (await facade_call(run, "browser_execute", code=code, **arguments)).result


async def request_to(browser: PlaywrightBrowser, marker: str) -> Request:
    """The next request of the browser's tabs whose address holds ``marker``, once it is over
    (answered, or stopped by our interception): after it, the site has it or never will."""
    request: Request = await browser.page.context.wait_for_event(
        "request", lambda r: marker in r.url, timeout=20_000
    )
    await request.response()  # None when it was stopped
    return request
