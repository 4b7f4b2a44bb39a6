"""A cancellation that goes on in a new tab, or in a pop-up window.

Real Chromium through the whole tool stack, pages on 127.0.0.1, in English and Lithuanian (a
language the project does not hold: the gate asks by structure, never by words). The agent
follows the new tab and the reply names it; the new tab's controls are gated like the first
tab's (its pages are the flow's), and the network backstop is armed on its requests too; a
pop-up that closes itself once it has committed leaves the agent back in the tab it came from,
and the reply says so. What reached the site is the proof.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from harness.approvals import ScriptedApprovals
from subterminator.assembly import build_run
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.models.approval import HumanApprovalHandler
from subterminator.models.conversation import ToolCall
from subterminator.services.base import ServiceConfig
from subterminator.stack import Reply, ToolStack
from subterminator.tools.server import BrowserToolServer
from tests.support.browser_helpers import by_name
from tests.support.recording_site import RecordingSite, page

pytestmark = pytest.mark.browser

SERVICE = ServiceConfig(
    name="tabs",
    display_name="Tab Video",
    initial_url="http://127.0.0.1/",
    flow_urls=("/p/",),
)

WORDS = {
    "en": {
        "account": "Your account",
        "manage": "Manage your plan",
        "portal": "Billing portal",
        "finish": "Apply",
        "send": "Send",
        "window": "Open the cancellation window",
        "confirm": "Go ahead",
        "done": "Membership cancelled",
    },
    # neutral names: the gate asks by structure (flow addresses), not because of a word
    "lt": {
        "account": "Jūsų paskyra",
        "manage": "Tvarkyti planą",
        "portal": "Mokėjimų portalas",
        "finish": "Baigti",
        "send": "Siųsti",
        "window": "Atidaryti atšaukimo langą",
        "confirm": "Patvirtinti",
        "done": "Narystė atšaukta",
    },
}


def pages(lang: str) -> dict[str, str]:
    w = WORDS[lang]
    return {
        # the account page (outside the flow); the flow goes on in a new tab (target=_blank)
        f"/{lang}/start": page(
            lang, w["account"], f"<a href='/p/{lang}/portal' target='_blank'>{w['manage']}</a>"
        ),
        # a new tab to another site than the service's (localhost is not 127.0.0.1)
        f"/{lang}/away": page(
            lang,
            w["account"],
            f"<a href='{{{{OTHER}}}}/p/{lang}/elsewhere' target='_blank'>{w['manage']}</a>",
        ),
        # ...whose page has a form that commits, and a scripted control that sends
        f"/p/{lang}/portal": page(
            lang,
            w["portal"],
            f"<form method='post' action='/p/{lang}/commit-TAB'><input type='hidden' name='plan'"
            f" value='membership'><button>{w['finish']}</button></form>"
            f"<button id='send' type='button'>{w['send']}</button><p id='out'></p>",
            f"document.getElementById('send').addEventListener('click', function () {{"
            f" fetch('/p/{lang}/commit-SCRIPT', {{method: 'POST', body: 'plan=all'}})"
            f"  .then(function (r) {{ document.getElementById('out').textContent = r.status; }},"
            f"   function () {{ document.getElementById('out').textContent = 'failed'; }}); }});",
        ),
        # a pop-up window (window.open with features) that commits, tells its opener, closes
        f"/{lang}/home": page(
            lang,
            w["account"],
            f"<button id='open' type='button'>{w['window']}</button><p id='state'></p>",
            f"document.getElementById('open').addEventListener('click', function () {{"
            f" window.open('/p/{lang}/popup', 'cancel', 'popup,width=480,height=600'); }});",
        ),
        # a pop-up that asks as it loads (an inline script's confirm, before its document ends)
        f"/{lang}/asks": page(
            lang,
            w["account"],
            f"<a href='/p/{lang}/asking' target='_blank'>{w['manage']}</a>",
        ),
        f"/p/{lang}/asking": (
            f"<!doctype html><html lang='{lang}'><head><title>{w['portal']}</title></head><body>"
            f"<script>document.title = confirm('{w['done']}?') ? 'yes' : 'no';</script>"
            f"<p>{w['portal']}</p></body></html>"
        ),
        f"/p/{lang}/popup": page(
            lang,
            w["window"],
            f"<button id='yes' type='button'>{w['confirm']}</button>",
            f"document.getElementById('yes').addEventListener('click', function () {{"
            f" fetch('/p/{lang}/commit-POPUP', {{method: 'POST', body: 'plan=membership'}})"
            f"  .then(function (r) {{ if (!r.ok) return;"
            f"   window.opener.document.getElementById('state').textContent = '{w['done']}';"
            f"   window.close(); }}); }});",
        ),
    }


@pytest.fixture(scope="module")
def site() -> Iterator[RecordingSite]:
    with RecordingSite({**pages("en"), **pages("lt")}) as served:
        yield served


def posts(site: RecordingSite) -> list[tuple[str, str]]:
    return [(m, p) for m, p in site.seen if m == "POST"]


async def stack_on(
    browser: PlaywrightBrowser,
    site: RecordingSite,
    path: str,
    approvals: HumanApprovalHandler | None,
) -> tuple[ToolStack, Reply]:
    await browser.navigate(site.url(path))
    stack = build_run(SERVICE, browser, approvals).stack
    reply = await stack.execute(ToolCall(id="s", name="get_snapshot", arguments={}))
    site.reset()
    return stack, reply


async def held_by_now(stack: ToolStack, reply: Reply) -> Reply:
    """The click's reply, or on a busy machine a later snapshot's: a write the page sends after
    the click returned is held by the guard that outlives it, and said in the next reply."""
    for _ in range(50):
        if "stopped because nobody approved it" in (reply.message or ""):
            break
        await asyncio.sleep(0.1)
        reply = await stack.execute(ToolCall(id="s", name="get_snapshot", arguments={}))
    return reply


async def click(stack: ToolStack, shown: Reply, name: str) -> Reply:
    ref = by_name(shown.snapshot, name).ref
    return await stack.execute(ToolCall(id="c", name="browser_click", arguments={"ref": ref}))


async def into_new_tab(
    browser: PlaywrightBrowser,
    site: RecordingSite,
    lang: str,
    approvals: HumanApprovalHandler | None,
) -> tuple[ToolStack, Reply]:
    w = WORDS[lang]
    stack, shown = await stack_on(browser, site, f"/{lang}/start", approvals)
    reply = await click(stack, shown, w["manage"])
    assert reply.result["error"] is None, reply.result
    assert (
        f'A new tab opened: "{w["portal"]}" {site.url(f"/p/{lang}/portal")}; the agent now '
        "works in it." in (reply.message or "")
    )
    assert reply.snapshot.page.url == site.url(f"/p/{lang}/portal")
    assert browser.page.url == site.url(f"/p/{lang}/portal")
    return stack, reply


@pytest.mark.parametrize("lang", ["en", "lt"])
async def test_the_flow_goes_on_in_a_new_tab_gated_as_the_first(
    browser: PlaywrightBrowser, site: RecordingSite, lang: str
) -> None:
    w = WORDS[lang]
    person = ScriptedApprovals([False, True])
    stack, portal = await into_new_tab(browser, site, lang, person)
    # the new tab's form asks (a page of the flow, by structure); a no sends nothing
    refused = await click(stack, portal, w["finish"])
    assert refused.result["error"] == "human_rejected", refused.result
    assert posts(site) == []
    # the backstop is armed on the new tab's requests: a script's write is held
    held = await click(stack, refused, w["send"])
    assert "stopped because nobody approved it" in (held.message or ""), held.result
    assert posts(site) == []
    assert await browser.page.locator("#out").text_content() == "failed"
    # the yes: once, on the page that commits
    done = await click(stack, held, w["finish"])
    assert done.result["error"] is None, done.result
    assert posts(site) == [("POST", f"/p/{lang}/commit-TAB")]
    assert [r.url for r in person.requests] == [site.url(f"/p/{lang}/portal")] * 2


@pytest.mark.parametrize("lang", ["en", "lt"])
async def test_with_no_handler_nothing_is_sent_from_the_new_tab(
    browser: PlaywrightBrowser, site: RecordingSite, lang: str
) -> None:
    w = WORDS[lang]
    stack, portal = await into_new_tab(browser, site, lang, None)
    reply = portal
    for name in (w["finish"], w["send"], w["send"], w["finish"]):
        reply = await click(stack, reply, name)
    assert posts(site) == []


@pytest.mark.parametrize("lang", ["en", "lt"])
async def test_a_pop_up_that_closes_itself_after_committing_leaves_the_agent_back_home(
    browser: PlaywrightBrowser, site: RecordingSite, lang: str
) -> None:
    w = WORDS[lang]
    person = ScriptedApprovals([True])
    stack, home = await stack_on(browser, site, f"/{lang}/home", person)
    home_page = browser.page
    opened = await click(stack, home, w["window"])
    assert opened.result["error"] is None, opened.result
    assert "A new tab opened: " in (opened.message or "")
    assert opened.snapshot.page.url == site.url(f"/p/{lang}/popup")
    # unasked, the pop-up's scripted write is held (armed on the pop-up's requests too)
    tried = await held_by_now(stack, await click(stack, opened, w["confirm"]))
    assert "stopped because nobody approved it" in (tried.message or ""), tried.result
    assert posts(site) == []
    assert person.requests == []
    # asked on its next try: the yes lets it commit, and the pop-up closes itself
    popup = browser.page
    async with popup.expect_event("close"):
        done = await click(stack, tried, w["confirm"])
    assert done.result["error"] is None, done.result
    assert len(person.requests) == 1
    assert person.requests[0].url == site.url(f"/p/{lang}/popup")
    assert posts(site) == [("POST", f"/p/{lang}/commit-POPUP")]
    after = await stack.execute(ToolCall(id="a", name="get_snapshot", arguments={}))
    assert browser.page is home_page
    assert after.snapshot.page.url == site.url(f"/{lang}/home")
    assert w["done"] in after.snapshot.page.text
    said = f"{done.message or ''} {after.message or ''}"
    assert (
        f'The tab the agent worked in closed; the agent now works in "{w["account"]}" '
        f"{site.url(f'/{lang}/home')}." in said
    )


@pytest.mark.parametrize("lang", ["en", "lt"])
async def test_a_new_tab_to_another_site_is_not_followed(
    browser: PlaywrightBrowser, site: RecordingSite, lang: str
) -> None:
    stack, shown = await stack_on(browser, site, f"/{lang}/away", None)
    reply = await click(stack, shown, WORDS[lang]["manage"])
    assert site.received("elsewhere") == []  # the other site was never asked
    assert reply.snapshot.page.url == site.url(f"/{lang}/away")  # the agent stays
    other = site.url(f"/p/{lang}/elsewhere").replace("127.0.0.1", "localhost")
    assert f"The page tried to open {other} (" in (reply.message or ""), reply.result
    assert "it was stopped." in (reply.message or "")


@pytest.mark.parametrize("lang", ["en", "lt"])
async def test_a_new_tab_that_asks_as_it_loads_shows_its_dialog_at_once(
    browser: PlaywrightBrowser, site: RecordingSite, lang: str
) -> None:
    w = WORDS[lang]
    stack, shown = await stack_on(browser, site, f"/{lang}/asks", None)
    reply = await click(stack, shown, w["manage"])
    assert reply.result["error"] is None, reply.result
    (dialog,) = [e for e in reply.snapshot.elements if e.role == "alertdialog"]
    assert dialog.name == f"Browser confirm dialog: {w['done']}?"
    assert reply.snapshot.page.url == site.url(f"/p/{lang}/asking")
    said = reply.message or ""
    assert "A new tab opened: " in said
    assert "The page opened a browser confirm dialog" in said
    dismissed = await click(stack, reply, "Cancel")
    assert dismissed.result["error"] is None, dismissed.result
    assert dismissed.snapshot.page.title == "no"


async def test_the_agent_goes_back_to_the_tab_it_came_from_not_the_newest(
    browser: PlaywrightBrowser, site: RecordingSite
) -> None:
    """Two tabs open; a pop-up opened from the first closes: the agent is back in the first."""
    server = BrowserToolServer(browser)
    await server.execute("browser_open", {"url": site.url("/en/home")})
    first = browser.page
    other = await browser.page.context.new_page()  # a tab the person opened meanwhile
    await other.goto(site.url("/lt/start"))
    await first.bring_to_front()
    browser._tabs.current = first  # the agent works in the first tab (as before the person's tab)
    home = await server.execute("get_snapshot", {})
    opened = await server.execute(
        "browser_click", {"ref": by_name(home.snapshot, "Open the cancellation window").ref}
    )
    for _ in range(50):  # a loaded machine may open the pop-up after the click's reply
        if opened.snapshot is not None and opened.snapshot.page.url == site.url("/p/en/popup"):
            break
        await asyncio.sleep(0.1)
        opened = await server.execute("get_snapshot", {})
    assert opened.snapshot is not None
    assert opened.snapshot.page.url == site.url("/p/en/popup")
    async with browser.page.expect_event("close"):
        await browser.page.evaluate("setTimeout(function () { window.close() }, 0)")
    back = await server.execute("get_snapshot", {})
    assert browser.page is first
    assert back.snapshot.page.url == site.url("/en/home")
    await other.close()
