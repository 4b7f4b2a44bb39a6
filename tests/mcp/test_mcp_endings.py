"""Over MCP, a run whose approved step ran ends as honestly as the loop's.

On a site in a language the outcome judge does not read, the person approves the final step
and the site receives the cancelling POST; the page after it cannot be read, so a success claim
is refused. ``complete_task(failed)`` then ends ``unverified_after_final_step`` (the same rule
the orchestrator applies, ``Completion.settle``): the reply and the run record say which step
ran, when, and what to check; ``verified`` is false; ``turns`` counts the client's calls.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import mcp.types as types
import pytest
from mcp.client import Client
from playwright.async_api import Browser as PWBrowser

from harness.approvals import ScriptedApprovals
from harness.mcp_driver import Person, ref
from harness.scripted_ai import ScriptedAI, Step, click, complete
from harness.sites import PostRecordingSite
from subterminator.assembly import build_conversation
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.mcp.server import build_server
from subterminator.mcp.session import McpOptions
from subterminator.services import NETFLIX
from tests.support.floor_pages import doc
from tests.support.mcp_helpers import shared_chromium

pytestmark = pytest.mark.browser

CONFIRM = "/cancelplan/confirm"  # the service's irreversible address: the person is asked


class Unread:
    """A cancellation flow in one language the judge does not hold (not its words: it cannot
    read them), ending on a page that says it is cancelled, in that language."""

    def __init__(self, lang: str, account: str, link: str, ask: str, button: str, done: str):
        self.lang, self.link, self.button = lang, link, button
        self.pages = {
            "/account": doc(f'<h1>{account}</h1><a href="/cancelplan">{link}</a>', lang),
            "/cancelplan": doc(
                f'<h1>{ask}</h1><form method="post" action="{CONFIRM}">'
                f'<input type="hidden" name="plan" value="premium"><button>{button}</button>'
                "</form>",
                lang,
            ),
        }
        self.after = {CONFIRM: doc(done, lang)}


FLOWS = {
    "cy": Unread(
        "cy",
        "Eich cyfrif",
        "Canslo aelodaeth",
        "Canslo eich aelodaeth?",
        "Gorffen canslo",
        "<h1>Mae eich aelodaeth wedi'i chanslo.</h1><p>Gallwch wylio tan 3 Mawrth 2027.</p>",
    ),
    "eu": Unread(
        "eu",
        "Zure kontua",
        "Harpidetza eten",
        "Harpidetza eten nahi duzu?",
        "Amaitu baja",
        "<h1>Zure harpidetza eten da.</h1><p>2027ko martxoaren 3ra arte ikus dezakezu.</p>",
    ),
}
STEP_RAN = re.compile(r"The step you approved \(.+\) was carried out at \d\d:\d\d:\d\d on ")
CHECK = "Check your Netflix account page"


def events(runs: Path) -> list[dict[str, Any]]:
    (folder,) = runs.iterdir()
    lines = (folder / "events.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


def says_what_ran(text: str) -> None:
    """Which step ran, when, and what to check: the orchestrator's words for this ending."""
    assert STEP_RAN.search(text), text
    assert CHECK in text, text


def text_of(reply: types.CallToolResult) -> str:
    first = reply.content[0]
    assert isinstance(first, types.TextContent)
    return first.text


@pytest.mark.parametrize("lang", list(FLOWS))
async def test_an_approved_step_that_ran_ends_unverified_over_mcp(
    st_chromium_session: PWBrowser, tmp_path: Path, lang: str
) -> None:
    flow = FLOWS[lang]
    person = Person([True])
    with PostRecordingSite(flow.pages, after_post=flow.after) as site:
        options = McpOptions(url=site.url("/account"), headed=False, runs_dir=tmp_path)
        server = build_server(options, browser_factory=shared_chromium(st_chromium_session))
        async with Client(server, mode="legacy", elicitation_callback=person) as client:
            reply = await client.call_tool("browser_open", {})
            reply = await client.call_tool("browser_click", {"ref": ref(reply, flow.link)})
            reply = await client.call_tool("browser_click", {"ref": ref(reply, flow.button)})
            assert not reply.is_error, reply.content
            assert len(person.asked) == 1, "the person was asked before the final step"
            assert [p.path for p in site.posted()] == [CONFIRM], "the step ran"
            claimed = await client.call_tool("complete_task", {"status": "success", "reason": "ok"})
            assert claimed.structured_content is not None
            assert claimed.structured_content["acknowledged"] is False
            assert "cannot read" in claimed.structured_content["message"]
            failed = await client.call_tool(
                "complete_task", {"status": "failed", "reason": "cannot verify"}
            )
    assert failed.structured_content is not None
    ended = failed.structured_content["run_ended"]
    assert ended["reason"] == "unverified_after_final_step"
    assert ended["success"] is False
    assert ended["verified"] is False
    assert ended["turns"] == 5, "every call the client made"
    says_what_ran(ended["error"])
    said = failed.structured_content["message"]  # what the client's model reads
    says_what_ran(said)
    assert said in json.loads(text_of(failed).splitlines()[0])["message"]  # the result's line
    (outcome,) = [e for e in events(tmp_path) if e["event"] == "outcome"]
    assert outcome["reason"] == "unverified_after_final_step"
    assert outcome["verified"] is False
    assert outcome["turns"] == 5
    says_what_ran(outcome["summary"])


@pytest.mark.parametrize("lang", list(FLOWS))
async def test_the_loop_ends_the_same_page_the_same_way(
    browser: PlaywrightBrowser, lang: str
) -> None:
    """The orchestrator's ending on the same pages: what the MCP ending must match."""
    flow = FLOWS[lang]
    script: list[Step] = [
        click(flow.link),
        click(flow.button),
        complete(),
        complete("failed", "cannot verify"),
    ]
    with PostRecordingSite(flow.pages, after_post=flow.after) as site:
        await browser.navigate(site.url("/account"))
        orchestrator = build_conversation(
            ScriptedAI(script), browser, NETFLIX, ScriptedApprovals([True])
        )
        result = await orchestrator.run(NETFLIX.goal_template)
        assert [p.path for p in site.posted()] == [CONFIRM]
    assert result.reason == "unverified_after_final_step"
    assert not result.verified
    assert result.turns == 4
    says_what_ran(result.error or "")


CODE_AFTER = doc(  # the page after the approved step asks for a code: the person's step
    '<h1>Rhowch eich cod</h1><form method="post" action="/cancelplan/code">'
    '<input type="password" name="cod" autocomplete="one-time-code"><button>Anfon</button>'
    "</form>",
    "cy",
)
SECRET_STEP = "The page asks for a secret"


async def test_a_step_only_the_person_can_take_after_the_yes_ends_alike_at_both_doors(
    st_chromium_session: PWBrowser, browser: PlaywrightBrowser, tmp_path: Path
) -> None:
    """The run stops at a code after the approved step ran: over MCP and in the loop, it ends
    ``unverified_after_final_step``, saying the step that ran and the one left to the person."""
    flow = FLOWS["cy"]
    with PostRecordingSite(flow.pages, after_post={CONFIRM: CODE_AFTER}) as site:
        options = McpOptions(url=site.url("/account"), headed=False, runs_dir=None)
        server = build_server(options, browser_factory=shared_chromium(st_chromium_session))
        async with Client(server, mode="legacy", elicitation_callback=Person([True])) as client:
            reply = await client.call_tool("browser_open", {})
            reply = await client.call_tool("browser_click", {"ref": ref(reply, flow.link)})
            reply = await client.call_tool("browser_click", {"ref": ref(reply, flow.button)})
        assert reply.structured_content is not None
        over_mcp = reply.structured_content["run_ended"]
        await browser.navigate(site.url("/account"))
        script: list[Step] = [click(flow.link), click(flow.button)]
        orchestrator = build_conversation(
            ScriptedAI(script),
            browser,
            NETFLIX,
            ScriptedApprovals([True, (False, "Not done.")]),  # the yes; then the code, not done
        )
        in_loop = await orchestrator.run(NETFLIX.goal_template)
        assert [p.path for p in site.posted()] == [CONFIRM, CONFIRM], "one yes each, no code"
    assert over_mcp["reason"] == in_loop.reason == "unverified_after_final_step"
    assert over_mcp["verified"] is in_loop.verified is False
    for said in (over_mcp["error"], in_loop.error or ""):
        says_what_ran(said)
        assert SECRET_STEP in said


async def test_a_client_gone_after_the_yes_leaves_a_record_saying_what_ran_and_when(
    st_chromium_session: PWBrowser, tmp_path: Path
) -> None:
    """No complete_task at all: the record says the approved step ran, when, what to check."""
    flow = FLOWS["eu"]
    with PostRecordingSite(flow.pages, after_post=flow.after) as site:
        options = McpOptions(url=site.url("/account"), headed=False, runs_dir=tmp_path)
        server = build_server(options, browser_factory=shared_chromium(st_chromium_session))
        async with Client(server, mode="legacy", elicitation_callback=Person([True])) as client:
            reply = await client.call_tool("browser_open", {})
            reply = await client.call_tool("browser_click", {"ref": ref(reply, flow.link)})
            await client.call_tool("browser_click", {"ref": ref(reply, flow.button)})
        assert [p.path for p in site.posted()] == [CONFIRM]
    (stopped,) = [e for e in events(tmp_path) if e["event"] == "interrupted"]
    assert stopped["final_step_executed"] is True
    assert re.search(r"after the approved step \(.+\) ran at \d\d:\d\d:\d\d: ", stopped["detail"])
    assert "check your Netflix account page" in stopped["detail"]
