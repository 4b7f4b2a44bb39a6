"""Playwright MCP's key presses, typing with submit, code and drags, judged by what they do.

Each call is translated (``pwmcp.shapes``) and its parts run through a real ``ToolStack`` on
real Chromium, on pages served from 127.0.0.1 in German, Japanese, Arabic, Korean and
Spanish. The targets are our own refs (``OwnRefs``); our server does, for a stand-in, what
Playwright MCP would (``Hands``). What reached the site is the proof: a cancelling POST
never arrives unless a person said yes to it.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from harness.approvals import ScriptedApprovals
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.models.approval import HumanApprovalHandler
from subterminator.models.conversation import ToolCall
from subterminator.models.snapshot import Snapshot
from subterminator.stack import Reply, ToolStack
from tests.support.browser_helpers import by_name
from tests.support.flow_stack import flow_service, posts, stack_on
from tests.support.own_refs import Hands, translated
from tests.support.recording_site import RecordingSite, page

pytestmark = pytest.mark.browser

SERVICE = flow_service("shapes", "Shapes Video")

# a form that cancels, and a search form, on one page of the flow
GERMAN = page(
    "de",
    "Mitgliedschaft kündigen",
    "<form method='post' action='/p/beendet'><label>Grund <input name='grund'></label>"
    "<button>Mitgliedschaft beenden</button></form>"
    "<form role='search' method='get' action='/p/hilfe'>"
    "<input type='search' name='q' aria-label='Hilfe durchsuchen'><button>Suchen</button></form>",
)
# the final button is the page's one control: Tab reaches it
JAPANESE = page(
    "ja",
    "解約の確認",
    "<form method='post' action='/p/done'><button>解約を確定する</button></form>",
)
ARABIC = page(
    "ar",
    "إلغاء الاشتراك",
    "<form method='post' action='/p/ended'><label>السبب <input name='reason'></label>"
    "<button>تأكيد الإلغاء</button></form>",
)
KOREAN = page(
    "ko",
    "구독 해지",
    "<div draggable='true' role='button' tabindex='0'>기본 요금제</div>"
    "<div id='b' role='region' tabindex='0' aria-label='해지 상자'>해지 상자</div>",
    "document.getElementById('b').addEventListener('drop', () => "
    "fetch('/p/off', {method: 'POST'}));",
)
# off the flow: a help page (its words speak of no membership)
SPANISH = page("es", "Centro de ayuda", "<p>Preguntas frecuentes</p><button>Buscar</button>")

PAGES = {
    "/p/kuendigen": GERMAN,
    "/p/bestaetigen": JAPANESE,
    "/p/ilgha": ARABIC,
    "/p/haeji": KOREAN,
    "/ayuda": SPANISH,
}
CODE = "async () => { try { await fetch('/p/done', {method: 'POST'}); } catch (e) {} }"


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


def pw(name: str, **arguments: object) -> ToolCall:
    """A Playwright MCP call, as its client sends it."""
    return ToolCall(id="pw", name=name, arguments=arguments)


async def test_enter_in_a_field_of_a_form_that_cancels_asks(
    browser: PlaywrightBrowser, site: RecordingSite
) -> None:
    answers = ScriptedApprovals([False])
    stack, shown = await opened(browser, site, "/p/kuendigen", answers)
    field = by_name(shown.snapshot, "Grund")
    typed = await translated(stack, pw("browser_type", target=field.ref, text="zu teuer"))
    assert typed.result["success"], typed.result
    assert answers.requests == []  # typing a reason sends nothing
    pressed = await translated(stack, pw("browser_press_key", key="Enter"))
    assert pressed.result["error"] == "human_rejected", pressed.result
    assert len(answers.requests) == 1
    assert "Mitgliedschaft beenden" in answers.requests[0].action
    assert posts(site) == []


async def test_enter_in_a_search_field_runs(
    browser: PlaywrightBrowser, site: RecordingSite
) -> None:
    answers = ScriptedApprovals([])
    stack, shown = await opened(browser, site, "/p/kuendigen", answers)
    search = by_name(shown.snapshot, "Hilfe durchsuchen")
    await translated(stack, pw("browser_type", target=search.ref, text="Pause"))
    pressed = await translated(stack, pw("browser_press_key", key="Enter"))
    assert pressed.result["success"], pressed.result
    assert answers.requests == []
    assert site.received("/p/hilfe?q=Pause") == [("GET", "/p/hilfe?q=Pause")]
    assert posts(site) == []


async def test_space_on_the_final_button_asks(
    browser: PlaywrightBrowser, site: RecordingSite
) -> None:
    answers = ScriptedApprovals([False])
    stack, _ = await opened(browser, site, "/p/bestaetigen", answers)
    moved = await translated(stack, pw("browser_press_key", key="Tab"))
    assert moved.result["success"], moved.result
    assert answers.requests == []  # a key that only moves the focus runs
    assert moved.snapshot.focused == by_name(moved.snapshot, "解約を確定する").ref
    pressed = await translated(stack, pw("browser_press_key", key=" "))
    assert pressed.result["error"] == "human_rejected", pressed.result
    assert len(answers.requests) == 1
    assert "解約を確定する" in answers.requests[0].action
    assert posts(site) == []


@pytest.mark.parametrize("yes", [False, True])
async def test_typing_with_submit_on_the_cancel_form_asks(
    browser: PlaywrightBrowser, site: RecordingSite, yes: bool
) -> None:
    answers = ScriptedApprovals([yes])
    stack, shown = await opened(browser, site, "/p/ilgha", answers)
    field = by_name(shown.snapshot, "السبب")
    call = pw("browser_type", target=field.ref, text="مكلف", submit=True)
    reply = await translated(stack, call)
    assert len(answers.requests) == 1
    assert "تأكيد الإلغاء" in answers.requests[0].action
    if yes:
        assert reply.result["success"], reply.result
        assert posts(site) == [("POST", "/p/ended")]
    else:
        assert reply.result["error"] == "human_rejected", reply.result
        assert posts(site) == []


async def test_code_on_a_flow_page_is_refused_and_sends_nothing(
    browser: PlaywrightBrowser, site: RecordingSite
) -> None:
    answers = ScriptedApprovals([])
    stack, _ = await opened(browser, site, "/p/kuendigen", answers)
    reply = await translated(stack, pw("browser_evaluate", function=CODE))
    assert reply.result["error"] == "action_failed", reply.result
    assert "cancellation flow" in (reply.message or "")
    assert answers.requests == []
    assert posts(site) == []


async def test_code_elsewhere_asks_with_the_code_shown_and_writes_nothing(
    browser: PlaywrightBrowser, site: RecordingSite
) -> None:
    answers = ScriptedApprovals([True])
    stack, _ = await opened(browser, site, "/ayuda", answers)
    tricks = "const s = '\x1b[2J\u202e';"
    code = f"async () => {{ {tricks} document.title = 'hecho'; await ({CODE})(); }}"
    reply = await translated(stack, pw("browser_evaluate", function=code))
    assert reply.result["success"], reply.result
    (asked,) = answers.requests
    assert "document.title" in asked.action
    assert "\x1b" not in asked.action
    assert "\u202e" not in asked.action
    assert "⟨U+202E⟩" in asked.action
    assert await browser.page.title() == "hecho"  # the code ran
    assert posts(site) == []  # its write did not


async def test_a_drag_on_a_flow_page_asks(browser: PlaywrightBrowser, site: RecordingSite) -> None:
    answers = ScriptedApprovals([False])
    stack, shown = await opened(browser, site, "/p/haeji", answers)
    start, end = by_name(shown.snapshot, "기본 요금제"), by_name(shown.snapshot, "해지 상자")
    call = pw("browser_drag", startTarget=start.ref, endTarget=end.ref)
    reply = await translated(stack, call)
    assert reply.result["error"] == "human_rejected", reply.result
    (asked,) = answers.requests
    assert "기본 요금제" in asked.action
    assert "해지 상자" in asked.action
    assert posts(site) == []


def _steps(snapshot: Snapshot, case: str) -> list[ToolCall]:
    """The Playwright MCP calls of one case, on the page it opens."""
    if case == "type-submit":
        field = by_name(snapshot, "Grund").ref
        return [pw("browser_type", target=field, text="x", submit=True)]
    if case == "space":  # Tab to the final button, then Space on it
        return [pw("browser_press_key", key="Tab"), pw("browser_press_key", key="Space")]
    if case == "code":
        return [pw("browser_evaluate", function=CODE)]
    start = by_name(snapshot, "기본 요금제").ref
    if case == "drag":
        return [pw("browser_drag", startTarget=start, endTarget=by_name(snapshot, "해지 상자").ref)]
    return [pw("browser_drag", startTarget=start, endTarget="e99999")]  # not one the gate read


CASES = {
    "type-submit": "/p/kuendigen",
    "space": "/p/bestaetigen",
    "code": "/ayuda",
    "drag": "/p/haeji",
    "unread-target": "/p/haeji",
}


@pytest.mark.parametrize("case", sorted(CASES))
async def test_with_no_handler_every_step_that_asks_is_refused(
    browser: PlaywrightBrowser, site: RecordingSite, case: str
) -> None:
    stack, shown = await opened(browser, site, CASES[case], None)
    for call in _steps(shown.snapshot, case):
        reply = await translated(stack, call, sees_more=case == "unread-target")
    assert posts(site) == []
    assert reply.result["error"] == "human_rejected", reply.result
    assert "No person is available to approve" in (reply.message or ""), reply.message
