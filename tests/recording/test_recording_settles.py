"""A recording keeps the page the live run answered with, on real Chromium.

A page's own fetch may redraw it after an action has returned and before the run captures it
for its reply (Turbo's forms do). The page recorded for the action must be the one that
capture showed, so a replay answers what the live run answered. The page here is told when
its fetch "answers", after the click has returned: the race, made to happen every time.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from harness.replay.browser import ReplayBrowser
from subterminator.browser.capture import RawCapture
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.recording.model import Recording
from subterminator.recording.recorder import Recorder, RecordingBrowser
from tests.support.recording_site import RecordingSite, page

pytestmark = pytest.mark.browser

# the click sends; the answer is drawn in place, and the address moved, when it comes back
LATE = """
document.getElementById('go').addEventListener('click', function () {
  document.getElementById('out').textContent = '…';
  window.answered = function () {
    document.body.innerHTML = '<h1>' + document.body.dataset.done + '</h1>';
    history.pushState({}, '', '/p/done');
  };
});
"""


def late(lang: str, title: str, button: str, done: str) -> str:
    body = f"<button id='go' type='button'>{button}</button><p id='out'></p>"
    return page(lang, title, body, f"document.body.dataset.done = '{done}';" + LATE)


PAGES = {
    "/p/late-en": late("en", "Your plan", "Cancel plan", "Plan cancelled"),
    "/p/late-lt": late("lt", "Jūsų planas", "Atšaukti planą", "Planas atšauktas"),
}


@pytest.fixture(scope="module")
def site() -> Iterator[RecordingSite]:
    with RecordingSite(PAGES) as served:
        yield served


def handle_of(capture: RawCapture, name: str) -> str:
    handle = next(n.handle for n in capture.nodes if n.name == name)
    assert handle is not None
    return handle


def shown(capture: RawCapture) -> tuple[str, str, list[str]]:
    return capture.url, capture.title, [n.name for n in capture.nodes if n.name]


@pytest.mark.parametrize(
    ("path", "button", "done"),
    [("/p/late-en", "Cancel plan", "Plan cancelled"), ("/p/late-lt", "Atšaukti planą", "Planas")],
)
async def test_an_action_leads_to_the_page_its_reply_showed(
    browser: PlaywrightBrowser, site: RecordingSite, path: str, button: str, done: str
) -> None:
    recorder = Recorder(None, service="late", flow=path, source="manual")
    live = RecordingBrowser(browser, recorder)
    await live.navigate(site.url(path))
    before = await live.capture()
    await live.click(handle_of(before, button), timeout_ms=2000)
    await browser.page.evaluate("window.answered()")  # the fetch answers after the click
    answered = await live.capture()
    assert answered.url.endswith("/p/done")
    assert done in answered.text

    recording = Recording.model_validate_json(recorder.recording.model_dump_json())
    replay = ReplayBrowser([recording])
    await replay.navigate(site.url(path))
    again = await replay.capture()
    assert shown(again) == shown(before)
    await replay.click(handle_of(again, button), timeout_ms=2000)
    assert shown(await replay.capture()) == shown(answered)


async def test_a_page_that_stays_is_recorded_once_per_look(
    browser: PlaywrightBrowser, site: RecordingSite
) -> None:
    """Captures of a page that does not move add no event and no second page."""
    recorder = Recorder(None, service="late", flow="still", source="manual")
    live = RecordingBrowser(browser, recorder)
    await live.navigate(site.url("/p/late-en"))
    first = await live.capture()
    second = await live.capture()
    assert shown(first) == shown(second)
    assert [e.call for e in recorder.recording.events] == ["navigate"]
    assert len(recorder.recording.pages) == 1
    assert recorder.recording.events[0].result_page == recorder.recording.pages[0].id
