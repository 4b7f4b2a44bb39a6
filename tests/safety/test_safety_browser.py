"""Browser.inspect and the network backstop on real headless Chromium (safety gate issue).

What the gate judges must be what the action will really do: the control a click lands on,
its form's method and action as they are *now*, and what hides in frames and shadow roots.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from harness.sites import StaticSite
from subterminator.browser.effect import GuardedRequest
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.tools.server import BrowserToolServer
from tests.support.browser_helpers import by_name
from tests.support.paths import PAGES

pytestmark = pytest.mark.browser


async def handle_of(
    browser: PlaywrightBrowser, pages: StaticSite, name: str, role: str | None = None
) -> str:
    server = BrowserToolServer(browser)
    snapshot = (await server.execute("get_snapshot", {})).snapshot
    info = server.registry.peek(by_name(snapshot, name, role).ref)
    assert info is not None
    assert info.handle is not None
    return info.handle


async def test_a_click_on_a_card_is_judged_on_the_button_it_lands_on(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    await browser.navigate(pages.url("safety/card.html"))
    effect = await browser.inspect(await handle_of(browser, pages, "Membership options"), "click")
    assert effect.lands_elsewhere
    assert effect.target.name == "Finish Cancellation"
    assert effect.target.submits
    assert effect.target.form_method == "POST"
    assert effect.target.form_action.endswith("/safety/done")
    assert "effective at the end of your billing period" in effect.page_text


async def test_a_control_relabelled_after_the_snapshot_is_read_as_it_is_now(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    await browser.navigate(pages.url("safety/card.html"))
    handle = await handle_of(browser, pages, "Go back", "button")
    await browser.page.evaluate("window.arm()")  # the page changes after the snapshot
    effect = await browser.inspect(handle, "click")
    assert effect.target.name == "Finish Cancellation"
    assert effect.target.form_method == "POST"


async def test_a_click_on_a_container_is_followed_into_a_same_origin_frame(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    await browser.navigate(pages.url("safety/card.html"))
    effect = await browser.inspect(await handle_of(browser, pages, "Framed options"), "click")
    assert effect.lands_elsewhere
    assert effect.target.name == "Yes, end it"
    assert effect.target.form_method == "POST"
    assert not effect.opaque


async def test_a_click_landing_in_a_closed_shadow_root_is_opaque(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    await browser.navigate(pages.url("safety/card.html"))
    effect = await browser.inspect(await handle_of(browser, pages, "Closed options"), "click")
    assert effect.opaque == "closed shadow root"


async def test_the_backstop_aborts_a_post_while_armed(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    await browser.navigate(pages.url("safety/card.html"))
    seen: list[GuardedRequest] = []

    def guard(request: GuardedRequest) -> str | None:
        seen.append(request)
        return "test: no writes" if request.method == "POST" else None

    browser.guard_requests(guard)
    try:
        server = BrowserToolServer(browser)
        snapshot = (await server.execute("get_snapshot", {})).snapshot
        await server.execute("browser_click", {"ref": by_name(snapshot, "Finish Cancellation").ref})
    finally:
        browser.guard_requests(None)
    posts = [r for r in seen if r.method == "POST"]
    assert posts
    assert posts[0].url.endswith("/safety/done")
    assert posts[0].navigation
    assert browser.page.url.endswith("safety/card.html")


async def test_listeners_delegated_to_the_form_or_the_window_are_seen(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    await browser.navigate(pages.url("safety/fields.html"))
    select = await browser.inspect(await handle_of(browser, pages, "Reason"), "select")
    assert {"change", "input"} <= set(select.target.handlers)
    box = await browser.inspect(await handle_of(browser, pages, "Keep my profiles"), "click")
    assert "change" in box.target.handlers
    plain = await browser.inspect(await handle_of(browser, pages, "Plain"), "select")
    assert "change" not in plain.target.handlers  # only the window's input listener hears it


async def test_same_origin_frames_are_captured_and_acted_in(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    """No blind spot: a control inside a same-origin frame gets a ref, a box, and works."""
    await browser.navigate(pages.url("safety/framed.html"))
    await browser.page.wait_for_load_state("load")  # the frame's document too
    server = BrowserToolServer(browser)
    snapshot = (await server.execute("get_snapshot", {})).snapshot
    field = by_name(snapshot, "Your name", "textbox")
    send = by_name(snapshot, "Send", "button")
    assert send.bbox.x >= 8 + 2 + 10  # body margin + frame border + padding: top coordinates
    filled = await server.execute("browser_fill", {"ref": field.ref, "value": "Ann"})
    assert filled.success, filled.message
    clicked = await server.execute("browser_click", {"ref": by_name(filled.snapshot, "Send").ref})
    assert clicked.success, clicked.message
    frame = browser.page.frames[1]
    assert await frame.locator("#out").text_content() == "Clicked Ann"


@pytest.fixture(scope="module")
def other_port() -> Iterator[StaticSite]:
    """The same pages on a second port: cross-origin but same site (Chrome keeps one process)."""
    with StaticSite(PAGES) as site:
        yield site


INNER = "safety/framed-inner.html"


def elsewhere(pages: StaticSite, other_port: StaticSite, where: str, page: str) -> str:
    """``page`` on another origin: another site (its own renderer process) or another port."""
    if where == "other site":
        return pages.url(page).replace("127.0.0.1", "localhost")
    return other_port.url(page)


async def open_framed(browser: PlaywrightBrowser, pages: StaticSite, inner: str) -> None:
    await browser.navigate(pages.url(f"safety/xframed.html?frame={inner}"))
    await browser.page.wait_for_load_state("load")
    frame = browser.page.frames[-1]
    await frame.wait_for_load_state("load")
    assert frame.url == inner


@pytest.mark.parametrize("where", ["other site", "other port"])
async def test_cross_origin_frames_are_captured_and_acted_in(
    browser: PlaywrightBrowser, pages: StaticSite, other_port: StaticSite, where: str
) -> None:
    """No blind spot: a cross-origin frame's controls get refs, top-viewport boxes, and work."""
    inner = elsewhere(pages, other_port, where, INNER)
    await open_framed(browser, pages, inner)
    server = BrowserToolServer(browser)
    snapshot = (await server.execute("get_snapshot", {})).snapshot
    field = by_name(snapshot, "Your name", "textbox")
    send = by_name(snapshot, "Send", "button")
    frame_box = by_name(snapshot, "Framed survey", "region").bbox
    assert send.bbox.y >= frame_box.y + 2  # inside the frame, in the top page's coordinates
    filled = await server.execute("browser_fill", {"ref": field.ref, "value": "Ann"})
    assert filled.success, filled.message
    clicked = await server.execute("browser_click", {"ref": by_name(filled.snapshot, "Send").ref})
    assert clicked.success, clicked.message
    assert await browser.page.frames[-1].locator("#out").text_content() == "Clicked Ann"


async def test_a_frame_another_process_runs_is_asked_through_its_own_session(
    browser: PlaywrightBrowser,
    pages: StaticSite,
    other_port: StaticSite,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Once a cross-site frame's session is known, a capture goes to it first: the parent's
    session cannot reach a frame another process runs, and asking it first cost every
    capture a failed round trip per frame."""
    await open_framed(browser, pages, elsewhere(pages, other_port, "other site", INNER))
    await browser.capture()
    devtools = browser._devtools
    sent: list[str] = []
    send = devtools.send

    async def counted(method: str, params: Any = None, via: Any = None) -> Any:
        sent.append(method)
        return await send(method, params, via=via)

    monkeypatch.setattr(devtools, "send", counted)
    capture = await browser.capture()
    assert "Send" in {node.name for node in capture.nodes}  # the frame's button
    assert "Page.createIsolatedWorld" not in sent


async def test_many_cross_origin_frames_are_walked_at_once_and_spliced_in_order(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    """Frames are walked concurrently; their nodes still come in document order, and the cap
    still holds across them (the excess is counted as omitted)."""
    inner = elsewhere(pages, pages, "other site", INNER)
    frames = "".join(f"<h2>Box {i}</h2><iframe src='{inner}?{i}'></iframe>" for i in range(6))
    await browser.page.set_content(f"<h1>Boxes</h1>{frames}")
    for frame in browser.page.frames[1:]:
        await frame.wait_for_load_state("load")
    whole = await browser.capture(scope="page")
    per_frame = (len(whole.nodes) - 13) // 6  # the h1, six h2 and six frame elements
    names = [n.name for n in whole.nodes if n.role == "heading"]
    assert names == ["Boxes", *(f"Box {i}" for i in range(6))]
    sends = [i for i, n in enumerate(whole.nodes) if n.name == "Send"]
    assert len(sends) == 6
    boxes = [i for i, n in enumerate(whole.nodes) if n.name.startswith("Box ")]
    assert all(boxes[k] < sends[k] < boxes[k + 1] for k in range(5))  # each in its own place
    browser.max_nodes = 13 + 2 * per_frame + 1  # room for two frames and a bit of a third
    capped = await browser.capture(scope="page")
    assert len(capped.nodes) == browser.max_nodes
    assert capped.omitted == len(whole.nodes) - browser.max_nodes
    assert all(0 <= n.parent < i for i, n in enumerate(capped.nodes) if n.parent is not None)


@pytest.mark.parametrize("where", ["other site", "other port"])
async def test_a_click_into_a_cross_origin_frame_is_judged_on_what_it_lands_on(
    browser: PlaywrightBrowser, pages: StaticSite, other_port: StaticSite, where: str
) -> None:
    inner = elsewhere(pages, other_port, where, "safety/xframed-ok.html")
    await open_framed(browser, pages, inner)
    for name in ("Framed survey", "OK"):  # the region around the frame, then the button itself
        effect = await browser.inspect(await handle_of(browser, pages, name), "click")
        assert effect.opaque == ""
        assert effect.target.name == "OK"
        assert effect.target.submits
        assert effect.target.form_method == "POST"
        assert effect.target.form_action == inner.replace("xframed-ok.html", "done")
        assert effect.frame_url == inner
        assert effect.page_url.startswith(pages.url("safety/xframed.html"))  # the tab's page
        assert "comes from the origin" in effect.page_text
    assert effect.lands_elsewhere is False  # the button itself: it is what it says
