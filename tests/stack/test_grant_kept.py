"""A person's yes survives a call that did nothing to the page, and never a change.

Real Chromium, pages on 127.0.0.1 that record every request they receive. The service's
checkpoint asks the person once on the last page; their yes covers its one final control,
once. Between that yes and the click the model may make a call that did nothing: a malformed
call, a stale ref, a bad argument, a tool that does not exist, a read. The person is not asked
again for that. Anything that changed the page ends the yes: another document, the control
replaced by an identical one (a new node: identity is not proven, so the safe default asks),
what the control does, an action that ran, a navigation. A yes never moves to another
control, and a no to anything ends it.

Pages in French, Spanish and Japanese; the checkpoint is found by the page's address and the
gate asks by structure (a form that posts, on the service's flow), so nothing here reads our
fixtures' words.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest

from harness.approvals import ScriptedApprovals
from subterminator.assembly import build_run
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.models.conversation import ToolCall
from subterminator.models.snapshot import Snapshot
from subterminator.services.base import Checkpoint, ServiceConfig
from subterminator.stack import Reply, ToolStack
from tests.support.browser_helpers import by_name
from tests.support.recording_site import RecordingSite, page

pytestmark = pytest.mark.browser


def _last_page(snapshot: Snapshot) -> bool:
    return urlsplit(snapshot.page.url).path.startswith("/p/last")


SERVICE = ServiceConfig(
    name="grants",
    display_name="Grant Video",
    initial_url="http://127.0.0.1/",
    flow_urls=("/p/",),
    checkpoint_conditions=[Checkpoint("last_step", "The page offers the last step", _last_page)],
)


def _last(lang: str, title: str, final: str, other: str, note: str) -> str:
    """The last page: the final control (in a slot the page may re-render), another form
    that posts, and a field to type a note in."""
    return page(
        lang,
        title,
        f"<div id='slot'><form method='post' action='/p/commit-{lang}'><input type='hidden' "
        f"name='plan' value='{lang}'><button>{final}</button></form></div>"
        f"<form method='post' action='/p/other-{lang}'><button>{other}</button></form>"
        f"<label>{note} <input type='text' id='note'></label>",
    )


LAST = {
    "fr": ("Votre abonnement", "Confirmer la résiliation", "Changer d'offre", "Commentaire"),
    "es": ("Tu suscripción", "Confirmar la baja", "Cambiar de plan", "Comentario"),
    "ja": ("ご契約", "解約を確定する", "プランを変更", "コメント"),
}
PAGES = {f"/p/last-{lang}": _last(lang, *words) for lang, words in LAST.items()}


@pytest.fixture(scope="module")
def site() -> Iterator[RecordingSite]:
    with RecordingSite(PAGES) as served:
        yield served


class Run:
    """The stack on one language's last page, its checkpoint answered yes."""

    def __init__(self, stack: ToolStack, person: ScriptedApprovals, lang: str) -> None:
        self.stack, self.person, self.lang = stack, person, lang
        self.shown: Reply | None = None

    async def call(self, name: str, arguments: Any = None) -> Reply:
        reply = await self.stack.execute(ToolCall(id="c", name=name, arguments=arguments))
        self.shown = reply
        return reply

    def ref(self, which: int) -> str:
        """The ref, in the last reply's snapshot, of the final (0), other (1) or note (2)."""
        assert self.shown is not None
        name = LAST[self.lang][1 + which]
        role = "textbox" if which == 2 else "button"
        return by_name(self.shown.snapshot, name, role).ref

    async def click(self, which: int = 0) -> Reply:
        return await self.call("browser_click", {"ref": self.ref(which)})

    @property
    def asked(self) -> list[str]:
        return [f"{r.kind}: {r.control}" for r in self.person.requests]


async def approved(
    browser: PlaywrightBrowser, site: RecordingSite, lang: str, answers: list[bool]
) -> Run:
    """The last page shown through the stack: the checkpoint asked, and answered yes."""
    url = site.url(f"/p/last-{lang}")
    await browser.navigate(url)
    person = ScriptedApprovals([True, *answers])
    run = Run(build_run(SERVICE, browser, person, start_url=url).stack, person, lang)
    await run.call("get_snapshot", {})
    assert run.asked == [f'checkpoint: "{LAST[lang][1]}" (button)'], run.asked
    site.reset()
    return run


def sent(site: RecordingSite) -> list[tuple[str, str]]:
    """What the page posted (the site's record is emptied once the checkpoint is answered)."""
    return [(m, p) for m, p in site.seen if m == "POST"]


# -- calls that did nothing to the page -------------------------------------------------------

NOTHING_DONE: dict[str, tuple[str, Any]] = {
    "malformed-ref": ("browser_click", {"ref": 7}),
    "arguments-not-an-object": ("browser_click", ["@e1"]),
    "stale-ref": ("browser_click", {"ref": "@e99999"}),
    "bad-argument": ("browser_fill", {"ref": "NOTE", "value": 3}),
    # the approved control itself, with an argument its tool does not take: never judged,
    # so the yes is not spent on a call that cannot run
    "bad-argument-on-the-approved-control": ("browser_click", {"ref": "FINAL", "force": True}),
    "unknown-tool": ("browser_tap", {"ref": "FINAL"}),
    "bad-completion": ("complete_task", {"status": "maybe"}),
    "a-read": ("get_snapshot", {}),
    "a-screenshot": ("browser_screenshot", {}),
}


@pytest.mark.parametrize("lang", ["fr", "ja"])
@pytest.mark.parametrize("case", list(NOTHING_DONE), ids=list(NOTHING_DONE))
async def test_a_call_that_did_nothing_keeps_the_yes_for_the_step(
    browser: PlaywrightBrowser, site: RecordingSite, lang: str, case: str
) -> None:
    run = await approved(browser, site, lang, [True])
    name, arguments = NOTHING_DONE[case]
    if isinstance(arguments, dict):  # the placeholders: refs of the page as shown
        refs = {"FINAL": run.ref(0), "NOTE": run.ref(2)}
        arguments = {k: refs.get(v, v) if isinstance(v, str) else v for k, v in arguments.items()}
    between = await run.call(name, arguments)
    assert sent(site) == []
    if name != "get_snapshot" and name != "browser_screenshot":
        assert between.result.get("error") or between.result.get("acknowledged") is False
    reply = await run.click()
    assert reply.result["error"] is None, reply.result
    assert len(run.person.requests) == 1, run.asked  # one question: the checkpoint's
    assert sent(site) == [("POST", f"/p/commit-{lang}")]


async def test_several_calls_that_did_nothing_in_a_row_keep_it_too(
    browser: PlaywrightBrowser, site: RecordingSite
) -> None:
    run = await approved(browser, site, "es", [True])
    await run.call("browser_click", {"ref": "@e99999"})
    await run.call("get_snapshot", {"viewport_only": False})
    await run.call("browser_fill", {"ref": run.ref(2)})  # no value
    await run.call("request_human_approval", {"action": 1})
    reply = await run.click()
    assert reply.result["error"] is None, reply.result
    assert len(run.person.requests) == 1, run.asked
    assert sent(site) == [("POST", "/p/commit-es")]


# -- a change ends it ---------------------------------------------------------------------


async def test_an_action_that_ran_ends_the_yes(
    browser: PlaywrightBrowser, site: RecordingSite
) -> None:
    run = await approved(browser, site, "fr", [False])
    typed = await run.call("browser_fill", {"ref": run.ref(2), "value": "merci"})
    assert typed.result["error"] is None, typed.result
    reply = await run.click()
    assert reply.result["error"] == "human_rejected", reply.result
    assert run.asked[1:] == [f'irreversible: "{LAST["fr"][1]}" (button)'], run.asked
    assert sent(site) == []


async def test_a_navigation_ends_the_yes(browser: PlaywrightBrowser, site: RecordingSite) -> None:
    """The same address opened again (a page of the flow: the person is asked, and says
    yes): another document. Its checkpoint, answered for this page state already, is not
    asked again; the click is."""
    run = await approved(browser, site, "es", [True, False])
    url = site.url("/p/last-es")
    again = await run.call("browser_open", {"url": url})
    assert again.result["error"] is None, again.result
    reply = await run.click()
    assert reply.result["error"] == "human_rejected", reply.result
    assert run.asked[1:] == [f"irreversible: {url}", f'irreversible: "{LAST["es"][1]}" (button)']
    assert sent(site) == []


# the page changes by itself between the yes and a read: the read did nothing, the page did
BY_ITSELF = {
    # the same control, a new node: identity is not proven by structure, so it asks
    "re-rendered": "const s = document.getElementById('slot'); s.innerHTML = s.innerHTML",
    # the same node, now posting elsewhere
    "effect-changed": "document.querySelector('#slot form').action = '/p/evil'",
    # the same address, another document
    "another-document": "location.reload()",
}


@pytest.mark.parametrize("change", list(BY_ITSELF), ids=list(BY_ITSELF))
async def test_a_page_that_changed_by_itself_is_asked_again(
    browser: PlaywrightBrowser, site: RecordingSite, change: str
) -> None:
    run = await approved(browser, site, "ja", [False])
    await browser.page.evaluate(BY_ITSELF[change])
    await browser.page.wait_for_load_state("load")
    await browser.page.wait_for_function("document.getElementById('slot') !== null")
    await run.call("get_snapshot", {})
    reply = await run.click()
    assert reply.result["error"] == "human_rejected", reply.result
    assert run.asked[1:] == [f'irreversible: "{LAST["ja"][1]}" (button)'], run.asked
    assert sent(site) == []


async def test_the_yes_never_moves_to_another_control_and_a_no_ends_it(
    browser: PlaywrightBrowser, site: RecordingSite
) -> None:
    run = await approved(browser, site, "fr", [False, False])
    other = await run.click(1)
    assert other.result["error"] == "human_rejected", other.result
    assert run.asked[1] == f'irreversible: "{LAST["fr"][2]}" (button)', run.asked
    reply = await run.click()  # the person said no since their yes: it is asked again
    assert reply.result["error"] == "human_rejected", reply.result
    assert run.asked[2:] == [f'irreversible: "{LAST["fr"][1]}" (button)'], run.asked
    assert sent(site) == []
