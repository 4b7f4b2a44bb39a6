"""BrowserToolServer on real headless Chromium: click, fill, select and scroll
each answer with a fresh snapshot, a ref from an earlier snapshot is ``ref_invalid``, and the
error codes.

Tests taking ``st_on_both_browsers`` hold on both browsers: their body runs on Chromium, recorded,
then again on a ReplayBrowser of that recording (harness/replay/both.py).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from harness.sites import StaticSite
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.browser.protocol import Browser
from subterminator.tools.server import BrowserToolServer
from tests.support.browser_helpers import by_name, names

pytestmark = pytest.mark.browser


Both = Callable[[Callable[[Browser], Awaitable[None]]], Awaitable[None]]


async def open_server(browser: Browser, url: str) -> BrowserToolServer:
    await browser.navigate(url)
    return BrowserToolServer(browser)


async def test_click_returns_success_and_a_fresh_snapshot(
    st_on_both_browsers: Both, pages: StaticSite
) -> None:
    async def body(browser: Browser) -> None:
        server = await open_server(browser, pages.url("netflix/membership.html"))
        first = await server.execute("get_snapshot", {})
        cancel = by_name(first.snapshot, "Cancel membership", "button")
        result = await server.execute("browser_click", {"ref": cancel.ref})
        assert result.success
        assert result.error is None
        assert result.snapshot.snapshot_id != first.snapshot.snapshot_id
        assert result.snapshot.page.url.endswith("/netflix/retention.html")
        assert result.snapshot.page.title == "Before you go - Netflix"
        assert result.snapshot.elements[0].ref == f"@e{len(first.snapshot.elements)}"

    await st_on_both_browsers(body)


async def test_unknown_ref_returns_ref_invalid_with_a_fresh_snapshot(
    st_on_both_browsers: Both, pages: StaticSite
) -> None:
    async def body(browser: Browser) -> None:
        server = await open_server(browser, pages.url("netflix/account.html"))
        first = await server.execute("get_snapshot", {})
        result = await server.execute("browser_click", {"ref": "@e999"})
        assert not result.success
        assert result.error == "ref_invalid"
        assert result.snapshot.elements
        assert result.snapshot.snapshot_id != first.snapshot.snapshot_id
        assert "@e999" in (result.message or "")
        assert "no snapshot in this session" in (result.message or "")

    await st_on_both_browsers(body)


async def test_ref_from_a_previous_snapshot_is_refused(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    server = await open_server(browser, pages.url("netflix/account.html"))
    old = (await server.execute("get_snapshot", {})).snapshot
    await server.execute("get_snapshot", {})
    stale = by_name(old, "Manage membership").ref
    result = await server.execute("browser_click", {"ref": stale})
    assert result.error == "ref_invalid"
    assert f"snapshot #1 ({old.snapshot_id}" in (result.message or "")
    assert "no longer current" in (result.message or "")
    assert browser.page.url.endswith("/netflix/account.html"), "a stale ref must not act"


async def test_fill_replaces_or_appends(st_on_both_browsers: Both, pages: StaticSite) -> None:
    async def body(browser: Browser) -> None:
        server = await open_server(browser, pages.url("form.html"))
        snap = (await server.execute("get_snapshot", {})).snapshot
        result = await server.execute(
            "browser_fill", {"ref": by_name(snap, "Name").ref, "value": "Bob"}
        )
        assert result.success
        assert by_name(result.snapshot, "Name").value == "Bob"
        result = await server.execute(
            "browser_fill",
            {"ref": by_name(result.snapshot, "Name").ref, "value": " Smith", "clear_first": False},
        )
        assert by_name(result.snapshot, "Name").value == "Bob Smith"

    await st_on_both_browsers(body)


async def test_fill_on_a_button_fails_clearly(st_on_both_browsers: Both, pages: StaticSite) -> None:
    async def body(browser: Browser) -> None:
        server = await open_server(browser, pages.url("form.html"))
        snap = (await server.execute("get_snapshot", {})).snapshot
        result = await server.execute(
            "browser_fill", {"ref": by_name(snap, "Submit survey").ref, "value": "x"}
        )
        assert result.error == "action_failed"
        assert "not a text field" in (result.message or "")

    await st_on_both_browsers(body)


async def test_select_by_visible_text_and_by_value(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    server = await open_server(browser, pages.url("form.html"))
    snap = (await server.execute("get_snapshot", {})).snapshot
    result = await server.execute(
        "browser_select", {"ref": by_name(snap, "Reason").ref, "value": "Too expensive"}
    )
    assert result.success
    assert by_name(result.snapshot, "Reason").value == "Too expensive"
    result = await server.execute(
        "browser_select", {"ref": by_name(result.snapshot, "Reason").ref, "value": "content"}
    )
    assert by_name(result.snapshot, "Reason").value == "Not enough to watch"
    assert await browser.page.evaluate("document.querySelector('select').value") == "content"


async def test_select_unknown_or_disabled_option_lists_the_options(
    st_on_both_browsers: Both, pages: StaticSite
) -> None:
    async def body(browser: Browser) -> None:
        server = await open_server(browser, pages.url("form.html"))
        snap = (await server.execute("get_snapshot", {})).snapshot
        result = await server.execute(
            "browser_select", {"ref": by_name(snap, "Reason").ref, "value": "Bored"}
        )
        assert result.error == "action_failed"
        assert '"Too expensive"' in (result.message or "")
        result = await server.execute(
            "browser_select", {"ref": by_name(result.snapshot, "Reason").ref, "value": "Other"}
        )
        assert result.error == "action_failed"
        assert "disabled" in (result.message or "")

    await st_on_both_browsers(body)


async def test_scroll_page_updates_the_viewport(
    st_on_both_browsers: Both, pages: StaticSite
) -> None:
    async def body(browser: Browser) -> None:
        server = await open_server(browser, pages.url("form.html"))
        down = await server.execute("browser_scroll", {"direction": "down", "amount": 400})
        assert down.success
        assert down.snapshot.viewport.scroll_y == 400
        down = await server.execute("browser_scroll", {"direction": "down"})
        assert down.snapshot.viewport.scroll_y == 700
        up = await server.execute("browser_scroll", {"direction": "up", "amount": 100})
        assert up.snapshot.viewport.scroll_y == 600
        top = await server.execute("browser_scroll", {"direction": "top"})
        assert top.snapshot.viewport.scroll_y == 0

    await st_on_both_browsers(body)


async def test_scroll_to_element_brings_it_into_view(
    st_on_both_browsers: Both, pages: StaticSite
) -> None:
    async def body(browser: Browser) -> None:
        server = await open_server(browser, pages.url("form.html"))
        snap = (await server.execute("get_snapshot", {"viewport_only": False})).snapshot
        far = by_name(snap, "Far button")
        assert far.state[0] == "offscreen"
        result = await server.execute("browser_scroll", {"ref": far.ref, "direction": "up"})
        assert result.success
        assert by_name(result.snapshot, "Far button").state[0] == "visible"
        assert result.snapshot.viewport.scroll_y > 0

    await st_on_both_browsers(body)


async def test_offscreen_click_scrolls_then_clicks(
    st_on_both_browsers: Both, pages: StaticSite
) -> None:
    async def body(browser: Browser) -> None:
        server = await open_server(browser, pages.url("form.html"))
        snap = (await server.execute("get_snapshot", {"viewport_only": False})).snapshot
        result = await server.execute("browser_click", {"ref": by_name(snap, "Far button").ref})
        assert result.success
        assert "Far clicked" in names(result.snapshot)

    await st_on_both_browsers(body)


async def test_disabled_element(browser: PlaywrightBrowser, pages: StaticSite) -> None:
    server = await open_server(browser, pages.url("rules.html"))
    snap = (await server.execute("get_snapshot", {})).snapshot
    result = await server.execute("browser_click", {"ref": by_name(snap, "Disabled button").ref})
    assert result.error == "element_disabled"
    result = await server.execute(
        "browser_fill", {"ref": by_name(result.snapshot, "Read only").ref, "value": "x"}
    )
    assert result.error == "element_disabled"
    assert await browser.page.evaluate("document.getElementById('ro').value") == "fixed"


async def test_obscured_element_names_what_covers_it(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    server = await open_server(browser, pages.url("overlay.html"))
    snap = (await server.execute("get_snapshot", {})).snapshot
    result = await server.execute("browser_click", {"ref": by_name(snap, "Covered button").ref})
    assert result.error == "element_obscured"
    assert "banner" in (result.message or "")
    assert await browser.page.evaluate("document.getElementById('out').textContent") == ""
    accept = by_name(result.snapshot, "Accept cookies")
    cleared = await server.execute("browser_click", {"ref": accept.ref})
    retry = await server.execute(
        "browser_click", {"ref": by_name(cleared.snapshot, "Covered button").ref}
    )
    assert retry.success
    assert await browser.page.evaluate("document.getElementById('out').textContent") == "clicked"


async def test_element_hidden_after_the_snapshot(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    server = await open_server(browser, pages.url("form.html"))
    snap = (await server.execute("get_snapshot", {})).snapshot
    await browser.page.evaluate(
        "document.querySelector('button[type=submit]').style.visibility='hidden'"
    )
    result = await server.execute("browser_click", {"ref": by_name(snap, "Submit survey").ref})
    assert result.error == "element_not_visible"


async def test_element_removed_after_the_snapshot(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    server = await open_server(browser, pages.url("form.html"))
    snap = (await server.execute("get_snapshot", {})).snapshot
    await browser.page.evaluate("document.querySelector('button[type=submit]').remove()")
    result = await server.execute("browser_click", {"ref": by_name(snap, "Submit survey").ref})
    assert result.error in ("ref_invalid", "element_not_visible")
    assert result.snapshot.elements


async def test_frozen_page_times_out_with_a_snapshot(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    server = await open_server(browser, pages.url("next.html"))
    snap = (await server.execute("get_snapshot", {})).snapshot
    result = await server.execute("browser_click", {"ref": by_name(snap, "Freeze the page").ref})
    assert result.error == "timeout"
    assert result.snapshot is not None
    assert "timed out" in (result.message or "")
    later = await server.execute("get_snapshot", {})
    assert later.success
    assert "Next page" in names(later.snapshot)


async def test_navigation_and_new_tabs_are_followed(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    server = await open_server(browser, pages.url("form.html"))
    snap = (await server.execute("get_snapshot", {})).snapshot
    result = await server.execute(
        "browser_click", {"ref": by_name(snap, "Open next page in a new tab").ref}
    )
    assert result.success
    assert result.snapshot.page.title == "Next page"
    result = await server.execute(
        "browser_click", {"ref": by_name(result.snapshot, "Delayed navigation").ref}
    )
    assert result.success


async def test_snapshots_during_navigations_never_wait_out_the_cap(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    """A commit during the screenshot used to leave it unanswered until the 3 s cap."""
    server = await open_server(browser, pages.url("navburst.html?ms=4000"))
    errors = []
    for _ in range(20):
        result = await server.execute("get_snapshot", {})
        errors.append(result.error)
        if result.snapshot.page.title == "Settled":
            break
    assert "timeout" not in errors
    assert set(errors) <= {None, "action_failed"}  # action_failed: "Page kept changing"
    final = await server.execute("get_snapshot", {})
    assert final.error != "timeout"


@pytest.mark.parametrize(
    ("name", "arguments", "expected"),
    [
        ("browser_click", {}, "missing required argument 'ref'"),
        ("browser_click", {"ref": "e7"}, "must be a ref like '@e7'"),
        ("browser_click", {"ref": 7}, "valid string"),
        ("browser_click", {"ref": "@e0", "force": True}, "unexpected argument 'force'"),
        ("browser_fill", {"ref": "@e0"}, "missing required argument 'value'"),
        ("browser_scroll", {}, "either 'ref'"),
        ("browser_scroll", {"amount": 10}, "either 'ref'"),
        ("browser_scroll", {"direction": "sideways"}, "'up', 'down', 'top' or 'bottom'"),
        ("browser_scroll", {"direction": "down", "amount": -5}, "positive"),
        ("get_snapshot", {"viewport_only": "yes"}, "valid boolean"),
        ("browser_hover", {"ref": "@e0"}, "unknown tool"),
        ("browser_click", "@e0", "must be a JSON object"),
        ("complete_task", {"status": "done", "reason": "x"}, "'success' or 'failed'"),
    ],
)
async def test_invalid_params(
    browser: PlaywrightBrowser, pages: StaticSite, name: str, arguments: object, expected: str
) -> None:
    server = await open_server(browser, pages.url("netflix/account.html"))
    result = await server.execute(name, arguments)
    assert not result.success
    assert result.error == "invalid_params"
    assert expected in (result.message or "")
    assert result.snapshot.elements, "errors carry a fresh snapshot too"


async def test_orchestrator_tools_are_never_approved_here(
    st_on_both_browsers: Both, pages: StaticSite
) -> None:
    async def body(browser: Browser) -> None:
        server = await open_server(browser, pages.url("netflix/account.html"))
        result = await server.execute("request_human_approval", {"action": "a", "reason": "r"})
        assert not result.success
        assert "TaskOrchestrator" in (result.message or "")

    await st_on_both_browsers(body)


async def test_a_closed_browser_is_reported_not_raised(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    server = await open_server(browser, pages.url("netflix/account.html"))
    snap = (await server.execute("get_snapshot", {})).snapshot
    await browser.page.close()
    result = await server.execute("browser_click", {"ref": snap.elements[0].ref})
    assert not result.success
    assert result.error == "action_failed"
    assert "closed" in (result.message or "")
    assert server.browser_error is not None
    assert result.snapshot.page.url.endswith("/netflix/account.html")


async def test_non_local_requests_are_blocked(browser: PlaywrightBrowser) -> None:
    from subterminator.errors import BrowserError

    with pytest.raises(BrowserError, match="ERR_BLOCKED_BY_CLIENT"):
        await browser.navigate("http://example.com/")
