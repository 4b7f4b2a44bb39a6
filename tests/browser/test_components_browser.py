"""The structures real flows ship, in the snapshot and the tools, on real headless Chromium:
web components (nested open shadow roots in a custom modal dialog, slots, ElementInternals
roles), closed shadow roots said honestly, popovers and invoker commands, and a billing portal
in a cross-origin (out-of-process) frame, read like the page's own."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace
from urllib.parse import quote

import pytest
import pytest_asyncio

from harness.approvals import ScriptedApprovals
from harness.sites import StaticSite
from subterminator.assembly import build_run
from subterminator.browser.page_capture import SEALED_NAME
from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from subterminator.models.conversation import ToolCall
from subterminator.models.snapshot import Snapshot
from subterminator.outcome.judge import judge_outcome
from subterminator.safety.floor import Where, floor, quiet_click
from subterminator.services.netflix import NETFLIX
from subterminator.tools.server import BrowserToolServer
from tests.support.browser_helpers import by_name, names
from tests.support.naming import both_ways, differences

pytestmark = pytest.mark.browser


async def snapshot_of(server: BrowserToolServer) -> Snapshot:
    result = await server.execute("get_snapshot", {})
    assert result.snapshot is not None
    return result.snapshot


async def click(server: BrowserToolServer, snapshot: Snapshot, name: str) -> Snapshot:
    result = await server.execute("browser_click", {"ref": by_name(snapshot, name).ref})
    assert result.success, result.message
    assert result.snapshot is not None
    return result.snapshot


async def test_a_button_two_shadow_roots_deep_in_a_custom_modal_dialog_is_read_and_acts(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    await browser.navigate(pages.url("components/dialog.html"))
    server = BrowserToolServer(browser)
    opened = await click(server, await snapshot_of(server), "Cancel membership")
    go = by_name(opened, "Continue to cancel", "button")
    assert by_name(opened, "Keep my plan", "button")
    assert by_name(opened, "Tell us why", "textbox")
    assert by_name(opened, "Pause instead", "button")  # its role is its ElementInternals'
    dialog = next(e for e in opened.elements if e.role == "dialog")
    assert go.ref in (dialog.children or []) or any(
        go.ref in (e.children or []) for e in opened.elements
    )
    # behind the modal dialog the page is inert: no control of it is offered
    assert "Cancel membership" not in names(opened)
    # the text in reading order: the slotted title, the slotted paragraph, then the actions
    text = opened.page.text
    assert text.index("Before you go") < text.index("stays active") < text.index("Keep my plan")
    assert "Continue to cancelKeep" not in text  # the blocks stay apart
    await click(server, opened, "Continue to cancel")
    assert await browser.page.locator("#out").text_content() == "Continued"


async def test_a_custom_element_whose_role_is_its_element_internals_is_clicked(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    await browser.navigate(pages.url("components/dialog.html"))
    server = BrowserToolServer(browser)
    opened = await click(server, await snapshot_of(server), "Cancel membership")
    await click(server, opened, "Pause instead")
    assert await browser.page.locator("#out").text_content() == "Paused"


@pytest.mark.parametrize("page", ["components/dialog.html", "components/invokers.html"])
async def test_opened_components_read_the_same_either_way(
    browser: PlaywrightBrowser, pages: StaticSite, page: str
) -> None:
    """With the dialog open (the page behind it inert) and the popovers shown, Chrome's tree
    through DevTools and the names taken in the page agree, node for node."""
    await browser.navigate(pages.url(page))
    await browser.page.evaluate(
        "() => { const f = document.getElementById('flow'); if (f) f.open();"
        " for (const p of document.querySelectorAll('[popover]')) p.showPopover(); }"
    )
    by_devtools, in_page = await both_ways(browser)
    assert len(in_page.nodes) > 3
    assert differences(by_devtools, in_page) == []


async def test_a_closed_shadow_root_is_said_on_its_host_and_a_click_into_it_is_opaque(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    await browser.navigate(pages.url("components/closed.html"))
    server = BrowserToolServer(browser)
    snapshot = await snapshot_of(server)
    sealed = [e for e in snapshot.elements if e.name == SEALED_NAME]
    assert len(sealed) == 2  # one on each host, the second inside its section
    assert sealed[1].ref in (by_name(snapshot, "Parinktys", "region").children or [])
    assert "Baigti atšaukimą" not in snapshot.page.text  # what it holds is not made up
    assert "Šviesus tekstas" in snapshot.page.text  # its slotted light DOM is the page's
    where = Where(snapshot.page.url, frozenset(), (), frozenset(), readable=True)
    for note in sealed:
        info = server.registry.peek(note.ref)
        assert info is not None
        assert info.handle is not None
        effect = await browser.inspect(info.handle, "click")
        assert effect.opaque == "closed shadow root"
        assert not quiet_click(effect)
        assert any("cannot be read" in r for r in floor("browser_click", effect, where))
    back = server.registry.peek(by_name(snapshot, "Atgal").ref)
    assert back is not None
    assert back.handle is not None
    assert (await browser.inspect(back.handle, "click")).opaque == ""


async def test_invokers_say_what_they_open_and_its_controls_appear_after_the_click(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    await browser.navigate(pages.url("components/invokers.html"))
    server = BrowserToolServer(browser)
    snapshot = await snapshot_of(server)
    assert "collapsed" in by_name(snapshot, "More options").state
    assert "collapsed" in by_name(snapshot, "Show notes").state
    assert "Pause membership" not in names(snapshot)
    shown = await click(server, snapshot, "More options")
    assert "expanded" in by_name(shown, "More options").state
    assert by_name(shown, "Pause membership", "button")
    closed = await click(server, shown, "Close menu")
    assert "Pause membership" not in names(closed)
    assert "collapsed" in by_name(closed, "More options").state
    noted = await click(server, closed, "Show notes")
    assert "expanded" in by_name(noted, "Show notes").state
    assert "nothing is charged after today" in noted.page.text
    modal = await click(server, noted, "Review cancellation")
    assert by_name(modal, "Finish cancellation", "button")
    assert "Review cancellation" not in names(modal)  # behind the modal dialog
    back = await click(server, modal, "Close")
    assert by_name(back, "Review cancellation")


async def test_an_invoker_is_quiet_only_when_it_only_opens_or_closes(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    """No listener on the button, none on what it opens: it can only change the page. A
    listener of what it opens that may send, or a button that submits its form, is not."""
    await browser.navigate(pages.url("components/invokers.html"))
    server = BrowserToolServer(browser)
    snapshot = await snapshot_of(server)

    async def effect_of(name: str) -> tuple[bool, bool, list[str]]:
        info = server.registry.peek(by_name(snapshot, name).ref)
        assert info is not None
        assert info.handle is not None
        effect = await browser.inspect(info.handle, "click")
        return quiet_click(effect), effect.target.submits, effect.target.handlers

    assert await effect_of("More options") == (True, False, [])
    assert await effect_of("Review cancellation") == (True, False, [])
    assert await effect_of("Show notes") == (True, False, [])
    assert await effect_of("Open in form") == (True, False, [])  # commandfor: a plain button
    assert await effect_of("Read the terms") == (False, False, ["toggle"])
    assert await effect_of("Send with the form") == (False, True, [])
    assert await effect_of("Odd type") == (False, True, [])  # an invalid type submits


async def test_the_gate_lets_an_invoker_open_and_asks_for_one_that_may_send(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    """On a page offering the final step, what only opens or closes goes without a question;
    an opener whose dialog's listener may send, and a form's submit button, are asked."""
    start = pages.url("components/invokers.html")
    approvals = ScriptedApprovals([True] * 20)  # the page's own checkpoint is asked too
    stack = build_run(NETFLIX, browser, approvals, start_url=start).stack
    await browser.navigate(start)

    async def click_on(snapshot: Snapshot, name: str) -> tuple[Snapshot, list[str]]:
        before = len(approvals.requests)
        call = ToolCall(
            id="t", name="browser_click", arguments={"ref": by_name(snapshot, name).ref}
        )
        reply = await stack.execute(call)
        asked = [r.action for r in approvals.requests[before:] if r.kind != "checkpoint"]
        return reply.snapshot, asked

    snapshot = (await stack.execute(ToolCall(id="t", name="get_snapshot", arguments={}))).snapshot
    for name in ("More options", "Close menu", "Review cancellation", "Close"):
        snapshot, asked = await click_on(snapshot, name)
        assert asked == [], name
    snapshot, asked = await click_on(snapshot, "Read the terms")
    assert len(asked) == 1
    assert "Read the terms" in asked[0]
    snapshot, asked = await click_on(snapshot, "Close terms")
    assert asked == []
    _, asked = await click_on(snapshot, "Send with the form")
    assert len(asked) == 1
    assert "Send with the form" in asked[0]


def framed(pages: StaticSite, *, top: bool) -> str:
    """The account page on 127.0.0.1 with the billing portal from localhost: another site."""
    inner = pages.url("components/billing.html").replace("127.0.0.1", "localhost")
    return pages.url(f"components/billing-outer.html?frame={quote(inner)}{'&top' if top else ''}")


async def open_framed(browser: PlaywrightBrowser, url: str) -> None:
    await browser.navigate(url)
    frame = browser.page.frames[-1]
    await frame.wait_for_load_state("load")
    assert frame.url.startswith("http://localhost:")


async def test_a_billing_frame_of_another_site_is_read_and_acted_in_like_the_page(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    await open_framed(browser, framed(pages, top=True))
    server = BrowserToolServer(browser)
    snapshot = await snapshot_of(server)
    reason = by_name(snapshot, "Reason", "textbox")
    filled = await server.execute("browser_fill", {"ref": reason.ref, "value": "moving"})
    assert filled.success, filled.message
    assert filled.snapshot is not None
    done = await click(server, filled.snapshot, "Cancel subscription")
    assert "Your subscription has been cancelled (moving)" in done.page.text
    assert judge_outcome(done).state == "cancelled"


async def test_a_billing_frame_below_the_fold_is_read_as_page_text(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    """Out of view, its controls wait for a scroll as the page's own do; its text is read,
    as a same-origin frame's is."""
    await open_framed(browser, framed(pages, top=False))
    await browser.page.frames[-1].evaluate(
        "document.getElementById('status').textContent = 'Your subscription has been cancelled'"
    )
    snapshot = await snapshot_of(BrowserToolServer(browser))
    assert "Cancel subscription" not in names(snapshot)
    assert "Your subscription has been cancelled" in snapshot.page.text
    assert judge_outcome(snapshot).state == "cancelled"


async def test_a_frame_past_the_cap_is_still_read_for_its_text(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    """The page's own candidates fill the cap: the frame's controls are left out (counted),
    its text is not."""
    await open_framed(browser, framed(pages, top=True))
    browser.max_nodes = 2  # the heading and the frame element
    capture = await browser.capture()
    assert len(capture.nodes) == 2
    assert capture.omitted >= 3  # the frame's heading, field and button
    assert "Status: Active" in capture.text


@pytest_asyncio.fixture(loop_scope="session", scope="module")
async def resolving() -> AsyncIterator[PlaywrightBrowser]:
    """A browser in which every name leads to this machine: a payment site's name is served by
    our pages, and nothing leaves."""
    options = LaunchOptions(extra_args=("--host-resolver-rules=MAP * 127.0.0.1",))
    async with await PlaywrightBrowser.launch(options) as browser:
        yield browser


@pytest.mark.parametrize(
    ("host", "loads"), [("portal.pay.example", True), ("billing.example", False)]
)
async def test_a_frame_of_the_services_payment_site_loads_and_is_read_and_no_other(
    resolving: PlaywrightBrowser, pages: StaticSite, host: str, loads: bool
) -> None:
    """A service that declares pay.example as its payment site (as Netflix does paypal.com,
    which Chromium would take to HTTPS): a billing frame from it loads in a run and is read,
    controls and text; a frame from a site the service does not name is held, unasked, and
    nothing of it is read."""
    inner = pages.url("components/billing.html").replace("127.0.0.1", host)
    start = pages.url(f"components/billing-outer.html?frame={quote(inner)}&top")
    approvals = ScriptedApprovals([])
    service = replace(NETFLIX, payment_sites=("pay.example",))
    stack = build_run(service, resolving, approvals, start_url=start).stack
    reply = await stack.execute(ToolCall(id="t", name="browser_open", arguments={"url": start}))
    assert reply.snapshot.page.url == start
    frame = resolving.page.frames[-1]
    await frame.wait_for_load_state("load")
    reply = await stack.execute(ToolCall(id="t", name="get_snapshot", arguments={}))
    snapshot = reply.snapshot
    assert ("Cancel subscription" in names(snapshot)) is loads
    assert ("Status: Active" in snapshot.page.text) is loads
    assert approvals.requests == []
    if loads:
        assert frame.url == inner
        done = await stack.execute(
            ToolCall(
                id="t",
                name="browser_fill",
                arguments={"ref": by_name(snapshot, "Reason").ref, "value": "moving"},
            )
        )
        assert by_name(done.snapshot, "Reason", "textbox").value == "moving"
        assert await frame.locator("#reason").input_value() == "moving"
