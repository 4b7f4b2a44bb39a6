"""A hover and a focus through the facade: run unasked, and held like any step nobody approved.

A page's listeners may send on ``mouseenter`` or ``focus`` as they may on a click, so neither
is a read: each is the ``pointer_step`` stand-in, run with the backstop armed from the page.
A write the hover or the focus sets off to the page's own site never reaches it, on the flow
or off it (as for any step nobody approved); the hover itself runs unasked. Pages in Korean
and Polish: the listener decides, not words.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from subterminator.browser.playwright_browser import PlaywrightBrowser
from tests.support.flow_stack import flow_service, posts
from tests.support.recording_site import RecordingSite, page
from tests.support.v02_run import facade_call, started_run

pytestmark = pytest.mark.browser

SERVICE = flow_service("pointer", "Pointer Video")
SENDS = """<script>
const send = (e) => {{
  e.target.dataset.heard = e.type;
  fetch('{to}', {{method: 'POST', body: 'x=1'}});
}};
document.getElementById('h').addEventListener('mouseenter', send);
document.getElementById('f').addEventListener('focus', send);
</script>"""
FLOW = "<p id='h'>해지 안내</p><input id='f' aria-label='사유'>"
PLAIN = "<p id='h'>Notatki z podróży</p><input id='f' aria-label='Tytuł'>"
PAGES = {
    # on the flow (the service's /p/ addresses), sending to itself
    "/p/uwaga": page("ko", "해지", FLOW + SENDS.format(to="/p/ende")),
    # off the flow, sending to its own kind of address: nothing of the flow's
    "/elsewhere": page("pl", "Notatki", PLAIN + SENDS.format(to="/notatki")),
}


@pytest.fixture(scope="module")
def site() -> Iterator[RecordingSite]:
    with RecordingSite(PAGES) as served:
        yield served


async def settled(browser: PlaywrightBrowser) -> None:
    """Long enough for a listener's fetch to have been sent, were it let through."""
    await browser.page.wait_for_timeout(300)


@pytest.mark.parametrize(
    ("action", "arguments"),
    [("hover", {"selector": "#h"}), ("press", {"selector": "#f", "key": "a"})],
)
async def test_a_write_a_hover_or_a_focus_sets_off_on_the_flow_is_held(
    browser: PlaywrightBrowser,
    site: RecordingSite,
    tmp_path: Path,
    action: str,
    arguments: dict[str, str],
) -> None:
    await browser.navigate(site.url("/p/uwaga"))
    run = await started_run(browser, site, SERVICE, None, tmp_path)
    reply = await facade_call(run, "browser_interact", action=action, **arguments)
    await settled(browser)
    assert reply.result["success"] is True, reply.result
    assert posts(site) == []


async def test_off_the_flow_a_hover_runs_unasked_and_its_write_is_still_held(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    await browser.navigate(site.url("/elsewhere"))
    run = await started_run(browser, site, SERVICE, None, tmp_path)
    reply = await facade_call(run, "browser_interact", action="hover", selector="#h")
    await settled(browser)
    assert reply.result["success"] is True, reply.result
    heard = await browser.page.evaluate("document.getElementById('h').dataset.heard")
    assert heard == "mouseenter"  # it ran, with nobody asked
    assert posts(site) == []  # and what it sent to its own site waited for nobody's yes
