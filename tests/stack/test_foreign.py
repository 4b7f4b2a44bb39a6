"""The gate's part for what it cannot read, through a real ``ToolStack`` on real Chromium.

Stand-ins are sent as a translation makes them (the Playwright MCP call in ``via``); our
server does what Playwright MCP would for them (``Hands``). Pages in Polish, Turkish,
Swahili and French, on 127.0.0.1; what reached the site is the proof.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from harness.approvals import ScriptedApprovals
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.models.approval import HumanApprovalHandler
from subterminator.models.conversation import ToolCall
from subterminator.stack import Reply, ToolStack
from subterminator.stack.foreign import activating
from tests.support.browser_helpers import by_name
from tests.support.flow_stack import flow_service, posts, stack_on
from tests.support.own_refs import Hands
from tests.support.recording_site import RecordingSite, page

pytestmark = pytest.mark.browser

SERVICE = flow_service("foreign", "Foreign Video")

PAGES = {
    # a form with no button: Enter in its one field submits it
    "/p/rezygnacja": page(
        "pl",
        "Rezygnacja",
        "<form method='post' action='/p/koniec'><input name='powod' aria-label='Powód'></form>",
    ),
    # the focus inside a frame: the gate cannot place the key
    "/p/iptal": page(
        "tr",
        "Üyelik iptali",
        "<iframe srcdoc=\"<form method='post' action='/p/bitti'><input name='a'>"
        '<button>Üyeliği bitir</button></form>"></iframe>',
    ),
    # a key the page listens for on itself: not a click, and its write is held
    "/p/ghairi": page(
        "sw",
        "Ghairi uanachama",
        "<p>Bonyeza K</p>",
        "document.addEventListener('keydown', e => { if (e.key === 'k') "
        "fetch('/p/imeghairiwa', {method: 'POST'}).catch(() => { document.title = 'held'; }); });",
    ),
    # the final button under a transparent cover: a click would land on the cover, Enter not
    "/p/zrusit": page(
        "cs",
        "Zrušení předplatného",
        "<form method='post' action='/p/zruseno'><button>Zrušit předplatné</button></form>"
        "<div style='position:fixed;inset:0'></div>",
    ),
    # a confirm the page opens by itself; accepting it sends the cancellation
    "/p/anulare": page(
        "ro",
        "Anularea abonamentului",
        "<p>Abonament</p>",
        "setTimeout(() => { if (confirm('Anulați abonamentul?')) "
        "fetch('/p/anulat', {method: 'POST'}); }, 50);",
    ),
    "/p/fichier": page(
        "fr",
        "Résiliation",
        "<form method='post' action='/p/envoye'><input type='file' aria-label='Justificatif'>"
        "</form>",
    ),
}


@pytest.fixture(scope="module")
def site() -> Iterator[RecordingSite]:
    with RecordingSite(PAGES) as served:
        yield served


async def opened(
    browser: PlaywrightBrowser,
    site: RecordingSite,
    path: str,
    approvals: HumanApprovalHandler | None,
) -> tuple[ToolStack, Reply]:
    return await stack_on(browser, site, path, SERVICE, approvals, tool_server=Hands)


def key(name: str) -> ToolCall:
    """Playwright MCP's key press, as its translation says it."""
    via = ToolCall(id="k", name="browser_press_key", arguments={"key": name})
    return ToolCall(id="k", name="key_press", arguments={"key": name}, via=via)


def test_the_keys_that_act_as_a_click_or_a_submission() -> None:
    assert [activating(k) for k in ("Enter", "NumpadEnter", "Shift+Enter", " ", "Space")] == [
        "enter",
        "enter",
        "enter",
        "space",
        "space",
    ]
    assert [activating(k) for k in ("Tab", "a", "+", "ArrowDown", "Control+a")] == [None] * 5


@pytest.mark.parametrize("yes", [False, True])
async def test_enter_in_a_form_without_a_button_is_its_submission_and_asks(
    browser: PlaywrightBrowser, site: RecordingSite, yes: bool
) -> None:
    answers = ScriptedApprovals([yes])
    stack, shown = await opened(browser, site, "/p/rezygnacja", answers)
    field = by_name(shown.snapshot, "Powód").ref
    await stack.execute(
        ToolCall(id="f", name="browser_fill", arguments={"ref": field, "value": "x"})
    )
    reply = await stack.execute(key("Enter"))
    (asked,) = answers.requests
    assert asked.action.startswith('Press Enter in "Powód"')
    assert "/p/koniec" in asked.action
    if yes:
        assert reply.result["success"], reply.result
        assert posts(site) == [("POST", "/p/koniec")]
    else:
        assert reply.result["error"] == "human_rejected", reply.result
        assert posts(site) == []


async def test_a_key_the_gate_cannot_place_asks_and_its_yes_writes_nothing(
    browser: PlaywrightBrowser, site: RecordingSite
) -> None:
    answers = ScriptedApprovals([True])
    stack, _ = await opened(browser, site, "/p/iptal", answers)
    await browser.page.frame_locator("iframe").locator("input").focus()
    reply = await stack.execute(key("Enter"))
    assert len(answers.requests) == 1
    assert "the gate cannot read" in answers.requests[0].reason
    after = await stack.execute(ToolCall(id="s", name="get_snapshot", arguments={}))
    said = f"{reply.message} {after.message}"
    assert "POST" in said, said  # it tried: held, said now or in the next reply
    assert "/p/bitti" in said
    assert posts(site) == []


async def test_enter_on_a_covered_control_is_not_read_as_the_covers_click(
    browser: PlaywrightBrowser, site: RecordingSite
) -> None:
    answers = ScriptedApprovals([True])
    stack, _ = await opened(browser, site, "/p/zrusit", answers)
    await browser.page.focus("button")
    reply = await stack.execute(key("Enter"))
    assert len(answers.requests) == 1
    assert "Zrušit předplatné" in answers.requests[0].action
    after = await stack.execute(ToolCall(id="s", name="get_snapshot", arguments={}))
    assert "/p/zruseno" in f"{reply.message} {after.message}"  # it tried: held
    assert posts(site) == []


async def test_another_key_runs_and_what_it_sends_is_held(
    browser: PlaywrightBrowser, site: RecordingSite
) -> None:
    answers = ScriptedApprovals([])
    stack, _ = await opened(browser, site, "/p/ghairi", answers)
    reply = await stack.execute(key("k"))
    assert reply.result["success"], reply.result
    assert answers.requests == []
    await browser.page.wait_for_function("document.title === 'held'")  # it tried: held
    assert posts(site) == []


@pytest.mark.parametrize("accept", [True, False])
async def test_a_dialog_is_answered_as_the_click_of_its_button(
    browser: PlaywrightBrowser, site: RecordingSite, accept: bool
) -> None:
    answers = ScriptedApprovals([False])
    stack, _ = await opened(browser, site, "/p/anulare", answers)
    for _ in range(100):  # until the page has opened it (a look each time, not a clock)
        shown = await stack.execute(ToolCall(id="s", name="get_snapshot", arguments={}))
        if any(e.role == "alertdialog" for e in shown.snapshot.elements):
            break
    assert any(e.role == "alertdialog" for e in shown.snapshot.elements)
    via = ToolCall(id="d", name="browser_handle_dialog", arguments={"accept": accept})
    answer = ToolCall(id="d", name="dialog_answer", arguments={"accept": accept}, via=via)
    reply = await stack.execute(answer)
    if accept:  # accepting the page's own confirm on a page of the flow: asked first
        assert reply.result["error"] == "human_rejected", reply.result
        assert len(answers.requests) == 1
    else:
        assert reply.result["success"], reply.result
        assert answers.requests == []
    assert posts(site) == []


def upload(paths: list[str]) -> ToolCall:
    via = ToolCall(id="u", name="browser_file_upload", arguments={"paths": paths})
    return ToolCall(id="u", name="file_upload", arguments={"paths": paths}, via=via)


async def test_files_are_refused_at_the_loops_door_and_asked_at_the_mcp_servers(
    browser: PlaywrightBrowser, site: RecordingSite
) -> None:
    answers = ScriptedApprovals([False])
    stack, _ = await opened(browser, site, "/p/fichier", answers)
    name = "/home/moi/pièce\u202e.pdf"
    refused = await stack.execute(upload([name]))
    assert refused.result["error"] == "action_failed", refused.result
    assert answers.requests == []
    stack.gated.foreign.uploads = True  # the MCP server's door: a client may hand out files
    asked = await stack.execute(upload([name]))
    assert asked.result["error"] == "human_rejected", asked.result
    (question,) = answers.requests
    assert "pièce⟨U+202E⟩.pdf" in question.action
    assert posts(site) == []


async def test_with_no_handler_files_and_unread_targets_are_refused(
    browser: PlaywrightBrowser, site: RecordingSite
) -> None:
    stack, _ = await opened(browser, site, "/p/fichier", None)
    stack.gated.foreign.uploads = True
    via = ToolCall(id="d", name="browser_drop", arguments={"target": "e77"})
    unread = ToolCall(
        id="d", name="unread_target", arguments={"tool": "browser_drop", "target": "e77"}, via=via
    )
    for call in (upload(["/tmp/a.pdf"]), unread):
        reply = await stack.execute(call)
        assert reply.result["error"] == "human_rejected", reply.result
        assert "No person is available to approve" in (reply.message or "")
    assert posts(site) == []
