"""The yes is for what runs: real Chromium, pages on 127.0.0.1.

The person is slow to answer; meanwhile the page changes what the approved control does. The
approval handler itself makes the change (``page.evaluate`` before it answers), so every case is
deterministic. The site records every request it receives: what reached it is the proof, never
what the page or the agent says.

The pages are in several languages and their controls have neutral names: the gate asks because
the pages are on the service's flow addresses (structure), so nothing here depends on words.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from harness.approvals import ScriptedApprovals
from subterminator.assembly import build_run
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.models.approval import ApprovalRequest
from subterminator.models.conversation import ToolCall
from subterminator.services.base import ServiceConfig
from subterminator.stack import Reply, ToolStack
from tests.support.browser_helpers import by_name
from tests.support.recording_site import RecordingSite, page

pytestmark = pytest.mark.browser

SERVICE = ServiceConfig(
    name="toctou",
    display_name="Toctou Video",
    initial_url="http://127.0.0.1/",
    flow_urls=("/p/",),
)


PAGES = {
    # German: a POST form whose action the page changes while the person thinks
    "/p/action": page(
        "de",
        "Ihr Konto",
        "<form method='post' action='/p/toctou-SAFE'><input type='hidden' name='plan' "
        "value='basis'><button>Weiter</button></form>",
    ),
    # Japanese: a POST form the page turns into a GET
    "/p/method": page(
        "ja",
        "アカウント",
        "<form method='post' action='/p/toctou-SAFE'><input type='hidden' name='plan' "
        "value='basic'><button>次へ</button></form>",
    ),
    # Spanish: a link whose address the page changes
    "/p/href": page("es", "Tu cuenta", "<a href='/p/toctou-SAFE?plan=basico'>Continuar</a>"),
    # Turkish: the page swaps the button for another with the same name, in another form
    "/p/swap": page(
        "tr",
        "Üyeliğiniz",
        "<div id='slot'><form method='post' action='/p/toctou-SAFE'><input type='hidden' "
        "name='plan' value='temel'><button>Devam</button></form></div>",
    ),
    # Finnish: the form's submit listener rewrites the action in the click's own events
    "/p/late": page(
        "fi",
        "Tilisi",
        "<form id='f' method='post' action='/p/toctou-SAFE'><input type='hidden' "
        "name='plan' value='perus'><button>Jatka</button></form>",
        "document.getElementById('f').addEventListener('submit', function () {"
        " this.action = '/p/toctou-EVIL'; });",
    ),
    # Polish: a button whose click listener posts to its own site and to another one
    "/p/listener": page(
        "pl",
        "Twoje konto",
        "<button id='b' type='button'>Dalej</button><p id='out'></p>",
        "document.getElementById('b').addEventListener('click', function () {"
        " Promise.allSettled(["
        "  fetch('/p/toctou-OWN', {method: 'POST', body: 'plan=podstawowy'}),"
        "  fetch('{{OTHER}}/p/toctou-ELSEWHERE', {method: 'POST', body: 'plan=wszystko'})"
        " ]).then(function (all) {"
        "  document.getElementById('out').textContent = all.map(function (r) {"
        "   return r.status; }).join(' '); });"
        "});",
    ),
}

ACTION_TO_EVIL = "document.querySelector('form').setAttribute('action', '/p/toctou-EVIL')"
SWAP = (
    "document.getElementById('slot').innerHTML = \"<form method='post' "
    "action='/p/toctou-EVIL'><input type='hidden' name='plan' value='hepsi'>"
    '<button>Devam</button></form>"'
)


@pytest.fixture(scope="module")
def site() -> Iterator[RecordingSite]:
    with RecordingSite(PAGES) as served:
        yield served


@dataclass
class Person:
    """Answers in order; before answering question ``i`` runs ``changes[i]`` in the page (the
    page changing while the person thinks). Keeps every question asked."""

    browser: PlaywrightBrowser
    answers: Sequence[bool]
    changes: Sequence[str] = ()
    asked: list[ApprovalRequest] = field(default_factory=list)

    def handler(self) -> ScriptedApprovals:
        return ScriptedApprovals(list(self.answers), on_ask=self._thinking)

    async def _thinking(self, request: ApprovalRequest) -> None:
        index = len(self.asked)
        self.asked.append(request)
        if index < len(self.changes) and self.changes[index]:
            await self.browser.page.evaluate(self.changes[index])


async def opened(
    browser: PlaywrightBrowser, site: RecordingSite, path: str, person: Person
) -> tuple[ToolStack, Reply]:
    """The tool stack on ``path``, as a page the person had open; the site's record empty."""
    site.reset()
    await browser.navigate(site.url(path))
    # the page's "elsewhere" (localhost) belongs to the run, so the binding guard is what
    # holds it; left out, the run's reach refuses it first (tests/stack/test_reach.py)
    elsewhere = site.base_url.replace("127.0.0.1", "localhost")
    stack = build_run(SERVICE, browser, person.handler(), allow_sites=(elsewhere,)).stack
    reply = await stack.execute(ToolCall(id="o", name="get_snapshot", arguments={}))
    site.reset()
    return stack, reply


async def press(stack: ToolStack, shown: Reply, name: str) -> Reply:
    """A click on the control named ``name`` in the snapshot ``shown``."""
    ref = by_name(shown.snapshot, name).ref
    return await stack.execute(ToolCall(id="c", name="browser_click", arguments={"ref": ref}))


async def click(
    browser: PlaywrightBrowser, site: RecordingSite, path: str, name: str, person: Person
) -> Reply:
    """Open ``path`` through the tool stack, then click the control named ``name``."""
    stack, shown = await opened(browser, site, path, person)
    return await press(stack, shown, name)


def reasons(person: Person) -> list[str]:
    return [r.reason for r in person.asked]


Change = tuple[str, str, str, str, str]  # path, control, the page's change, old fact, new fact
CHANGES: list[Change] = [
    ("/p/action", "Weiter", ACTION_TO_EVIL, "POST /p/toctou-SAFE", "POST /p/toctou-EVIL"),
    (
        "/p/method",
        "次へ",
        "document.querySelector('form').setAttribute('method', 'get')",
        "POST /p/toctou-SAFE",
        "GET /p/toctou-SAFE",
    ),
    (
        "/p/href",
        "Continuar",
        "document.querySelector('a').setAttribute('href', '/p/toctou-EVIL?plan=todo')",
        "/p/toctou-SAFE?plan=basico",
        "/p/toctou-EVIL?plan=todo",
    ),
    ("/p/swap", "Devam", SWAP, "POST /p/toctou-SAFE", "POST /p/toctou-EVIL"),
]
IDS = ["form-action-de", "form-method-ja", "link-href-es", "swapped-element-tr"]


@pytest.mark.parametrize("case", CHANGES, ids=IDS)
async def test_a_change_while_the_person_thinks_is_asked_again_and_a_no_sends_nothing(
    browser: PlaywrightBrowser, site: RecordingSite, case: Change
) -> None:
    path, name, change, old, new = case
    person = Person(browser, [True, False], [change])
    reply = await click(browser, site, path, name, person)
    assert reply.result["error"] == "human_rejected", reply.result
    assert len(person.asked) == 2
    first, second = reasons(person)
    assert old in first
    assert new not in first
    assert second.startswith("Changed after your yes, before it ran:")
    assert f"{old} → {new}" in second
    # neither what the first yes was for, nor what the page changed it to, reached the server
    assert site.received("toctou") == []


@pytest.mark.parametrize("case", CHANGES, ids=IDS)
async def test_a_second_yes_runs_exactly_what_it_was_shown(
    browser: PlaywrightBrowser, site: RecordingSite, case: Change
) -> None:
    path, name, change, _, new = case
    person = Person(browser, [True, True], [change])
    reply = await click(browser, site, path, name, person)
    assert reply.result["success"], reply.result
    method, address = new.split(" ") if " " in new else ("GET", new)
    received = site.received("toctou")
    assert [m for m, _ in received] == [method], received
    assert received[0][1].startswith(address)


async def test_the_swap_is_named_as_a_replaced_element(
    browser: PlaywrightBrowser, site: RecordingSite
) -> None:
    person = Person(browser, [True, False], [SWAP])
    await click(browser, site, "/p/swap", "Devam", person)
    assert "element: the page replaced it with another one" in reasons(person)[1]


async def test_a_page_that_keeps_changing_the_control_gets_no_action(
    browser: PlaywrightBrowser, site: RecordingSite
) -> None:
    again = "document.querySelector('form').setAttribute('action', '/p/toctou-EVIL2')"
    person = Person(browser, [True, True, True], [ACTION_TO_EVIL, again])
    reply = await click(browser, site, "/p/action", "Weiter", person)
    assert reply.result["error"] == "action_failed"
    assert "keeps changing" in reply.result["message"]
    assert "POST /p/toctou-EVIL → POST /p/toctou-EVIL2" in reply.result["message"]
    assert len(person.asked) == 2  # asked once again, then no more
    assert site.received("toctou") == []


async def test_an_unchanged_control_is_asked_once_and_runs(
    browser: PlaywrightBrowser, site: RecordingSite
) -> None:
    person = Person(browser, [True])
    reply = await click(browser, site, "/p/action", "Weiter", person)
    assert reply.result["success"], reply.result
    assert len(person.asked) == 1
    assert site.received("toctou") == [("POST", "/p/toctou-SAFE")]


async def test_a_listener_that_rewrites_the_form_during_the_click_is_held(
    browser: PlaywrightBrowser, site: RecordingSite
) -> None:
    """Nothing changed before the click (the recheck passes): the submit listener changes the
    action in the click's own events. The guard lets through only the approved submission."""
    person = Person(browser, [True])
    reply = await click(browser, site, "/p/late", "Jatka", person)
    assert len(person.asked) == 1
    assert site.received("toctou") == []
    message = reply.result["message"] or ""
    assert "/p/toctou-EVIL" in message
    assert "during this approved action" in message
    assert f"POST {site.url('/p/toctou-SAFE')}" in message  # what the person approved
    assert browser.page.url.endswith("/p/late")


async def test_an_approved_click_may_post_to_its_own_site_but_not_elsewhere(
    browser: PlaywrightBrowser, site: RecordingSite
) -> None:
    """A button whose click listener may send asks on its next try, once the backstop held
    what it sent unapproved (the gate's design); approved, it may write to its own site."""
    person = Person(browser, [True])
    stack, shown = await opened(browser, site, "/p/listener", person)
    first = await press(stack, shown, "Dalej")
    assert person.asked == []
    assert "nobody approved" in (first.message or "")
    await browser.page.wait_for_function("document.getElementById('out').textContent !== ''")
    await browser.page.evaluate("document.getElementById('out').textContent = ''")
    assert site.received("toctou") == []
    reply = await press(stack, first, "Dalej")
    assert len(person.asked) == 1
    await browser.page.wait_for_function("document.getElementById('out').textContent !== ''")
    settled = await browser.page.locator("#out").text_content()
    assert settled == "fulfilled rejected"  # the page's own site got it; the other did not
    assert site.received("toctou-OWN") == [("POST", "/p/toctou-OWN")]
    assert site.received("toctou-ELSEWHERE") == []
    message = reply.message or ""
    assert "localhost" in message
    assert "toctou-ELSEWHERE" in message
    assert "during this approved action" in message


# -- the MCP front door ----------------------------------------------------------------------


MCP_PAGES = {
    "/cancelplan/toctou": page(
        "de",
        "Ihr Konto",
        "<form method='post' action='/cancelplan/toctou-SAFE'><input type='hidden' "
        "name='plan' value='basis'><button>Weiter</button></form>",
    ),
}


def _opened(holder: list[PlaywrightBrowser], make: Any) -> Callable[[Any], Awaitable[Any]]:
    async def factory(launch: Any) -> PlaywrightBrowser:
        browser: PlaywrightBrowser = await make(launch)
        holder.append(browser)
        return browser

    return factory


@pytest.mark.parametrize("second", [True, False], ids=["second-yes", "second-no"])
async def test_through_mcp_the_changed_form_is_asked_again(
    st_chromium_session: Any, second: bool
) -> None:
    import mcp.types as types
    from mcp.client import Client

    from harness.mcp_driver import ref
    from subterminator.mcp.server import build_server
    from subterminator.mcp.session import McpOptions
    from tests.support.mcp_helpers import shared_chromium

    with RecordingSite(MCP_PAGES) as served:
        browsers: list[PlaywrightBrowser] = []
        options = McpOptions(sim="2026", url=served.url("/cancelplan/toctou"), runs_dir=None)
        server = build_server(
            options, browser_factory=_opened(browsers, shared_chromium(st_chromium_session))
        )
        asked: list[str] = []

        async def person(context: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
            asked.append(params.message)  # 1: open the flow page; 2: the click; 3: again
            if len(asked) == 2:  # the page changes while the person thinks
                await browsers[0].page.evaluate(
                    "document.querySelector('form')"
                    ".setAttribute('action', '/cancelplan/toctou-EVIL')"
                )
            yes = len(asked) < 3 or second
            return types.ElicitResult(action="accept", content={"approve": yes})

        async with Client(server, mode="legacy", elicitation_callback=person) as client:
            opened = await client.call_tool("browser_open", {})
            assert not opened.is_error, opened.content
            reply = await client.call_tool("browser_click", {"ref": ref(opened, "Weiter")})
        received = served.received("toctou-")
    assert len(asked) == 3
    assert "/cancelplan/toctou-SAFE" in asked[1]
    assert "Changed after your yes" in asked[2]
    assert "POST /cancelplan/toctou-SAFE → POST /cancelplan/toctou-EVIL" in asked[2]
    if second:
        assert received == [("POST", "/cancelplan/toctou-EVIL")]
    else:
        assert received == []
        assert reply.structured_content is not None
        assert reply.structured_content.get("error") == "human_rejected"


async def test_a_listener_added_while_the_person_thinks_is_asked_again(
    browser: PlaywrightBrowser, site: RecordingSite
) -> None:
    listen = (
        "document.querySelector('button').addEventListener('click', function () {"
        " fetch('/p/toctou-EVIL', {method: 'POST', body: 'plan=alle'}); })"
    )
    person = Person(browser, [True, False], [listen])
    reply = await click(browser, site, "/p/action", "Weiter", person)
    assert reply.result["error"] == "human_rejected"
    assert "listeners: (none) → click" in reasons(person)[1]
    assert site.received("toctou") == []
