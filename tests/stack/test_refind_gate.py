"""A control re-found after a re-render goes through the gate like any other.

Real Chromium; a cancellation flow page on 127.0.0.1 whose list of forms (each posts its
item: a step a person must approve) is rebuilt between the snapshot and the click. The gate
judges the live replacement (the one that will be clicked), asks, and a no clicks nothing; a
yes given while the page replaces the control again does not move to the new one. What
reached the site is the proof. Three languages; nothing depends on their words.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from harness.approvals import ScriptedApprovals
from harness.sites import PostRecordingSite
from subterminator.assembly import build_run
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.models.approval import ApprovalRequest
from subterminator.models.conversation import ToolCall
from subterminator.services.base import ServiceConfig
from subterminator.stack import Reply, ToolStack
from subterminator.stack.port import ServerPort
from subterminator.tools.server import BrowserToolServer
from tests.support.rerender_site import WORDS, cart

pytestmark = pytest.mark.browser

SERVICE = ServiceConfig(
    name="rerender",
    display_name="Re-render Shop",
    initial_url="http://127.0.0.1/",
    flow_urls=("/p/",),
)
LANGS = sorted(WORDS)


@pytest.fixture(scope="module")
def site() -> Iterator[PostRecordingSite]:
    pages = {f"/p/{lang}": cart(words, form=True) for lang, words in WORDS.items()}
    done = "<!doctype html><title>ok</title><h1>ok</h1>"
    with PostRecordingSite(pages, after_post={"/p/done": done}) as served:
        yield served


async def call(stack: ToolStack, name: str, **arguments: str) -> Reply:
    return await stack.execute(ToolCall(id="t", name=name, arguments=arguments))


async def stale_ref(
    browser: PlaywrightBrowser, site: PostRecordingSite, lang: str, answers: ScriptedApprovals
) -> tuple[ToolStack, str]:
    """The stack on the page, and the 2nd control's ref, taken before the list re-renders."""
    site.posts.clear()
    await browser.navigate(site.url(f"/p/{lang}"))
    stack = build_run(SERVICE, browser, answers).stack
    shown = await call(stack, "get_snapshot")
    refs = [e.ref for e in shown.snapshot.elements if e.name == WORDS[lang].control]
    assert len(refs) == 3, shown.snapshot.elements
    await browser.page.evaluate("window.render()")
    return stack, refs[1]


@pytest.mark.parametrize("lang", LANGS)
async def test_a_re_found_destructive_control_is_asked_and_a_no_clicks_nothing(
    browser: PlaywrightBrowser, site: PostRecordingSite, lang: str
) -> None:
    answers = ScriptedApprovals([False])
    stack, ref = await stale_ref(browser, site, lang, answers)
    reply = await call(stack, "browser_click", ref=ref)
    assert reply.result.get("error") == "human_rejected", reply.result
    assert len(answers.requests) == 1
    assert WORDS[lang].control in answers.requests[0].control
    # judged on the live replacement: the form it submits was read there (the old node's
    # inspection could read nothing)
    assert "POST /p/done" in answers.requests[0].reason
    assert site.posted() == []


@pytest.mark.parametrize("lang", LANGS)
async def test_a_yes_for_the_re_found_control_sends_that_item_only(
    browser: PlaywrightBrowser, site: PostRecordingSite, lang: str
) -> None:
    """The gate inspected the replacement: the yes covers it, and it is what is sent."""
    answers = ScriptedApprovals([True])
    stack, ref = await stale_ref(browser, site, lang, answers)
    reply = await call(stack, "browser_click", ref=ref)
    assert reply.result.get("error") is None, reply.result
    assert len(answers.requests) == 1
    assert [p.form.get("item") for p in site.posted("/p/done")] == [[WORDS[lang].items[1]]]
    assert f"re-rendered {ref}" in str(reply.result.get("message")), reply.result


@pytest.mark.parametrize("lang", LANGS)
async def test_a_yes_does_not_move_to_a_control_the_page_put_in_its_place(
    browser: PlaywrightBrowser, site: PostRecordingSite, lang: str
) -> None:
    """The page re-renders again while the person answers: their yes was for a node that is
    gone, and it is not carried to its replacement."""

    async def re_render(_request: ApprovalRequest) -> None:
        await browser.page.evaluate("window.render()")

    answers = ScriptedApprovals([True, False], on_ask=re_render)
    stack, ref = await stale_ref(browser, site, lang, answers)
    reply = await call(stack, "browser_click", ref=ref)
    assert reply.result.get("error") == "action_failed", reply.result
    assert len(answers.requests) == 1
    assert site.posted() == []
    assert "re-rendered" not in str(reply.result.get("message"))


async def test_below_the_gate_only_the_gates_resolution_re_finds(
    browser: PlaywrightBrowser, site: PostRecordingSite
) -> None:
    """A call that reaches the tools without the gate's resolution (a layer's own click)
    meets its node gone: ``ref_invalid``, nothing sent; never a control nobody inspected."""
    site.posts.clear()
    await browser.navigate(site.url("/p/en"))
    server = BrowserToolServer(browser)
    port = ServerPort(server)
    shown = await server.execute("get_snapshot", {})
    second = [e.ref for e in shown.snapshot.elements if e.name == WORDS["en"].control][1]
    await browser.page.evaluate("window.render()")
    reply = await server.execute("browser_click", {"ref": second})
    assert reply.error == "ref_invalid", reply.message
    assert "left the page" in (reply.message or "")
    assert site.posted() == []
    # the gate's own resolution finds the replacement, a node of the live page it can read
    again = [e.ref for e in reply.snapshot.elements if e.name == WORDS["en"].control][1]
    taken = server.registry.peek(again)
    assert taken is not None
    await browser.page.evaluate("window.render()")
    found = await port.target(again)
    assert found is not None
    assert found.handle not in (None, taken.handle)
    effect = await port.inspect(found.handle, "click")
    assert effect.target.submits
