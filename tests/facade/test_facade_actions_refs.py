"""What a client keeps between calls, and what a log writes of them.

A facade read (the address, the session's list, text, a refused call) is answered on the page
as it is, without a fresh capture: the ``@eN`` refs of the last action's ``data.snapshot``
stay current across it. A log writes a typed value masked (a password), and the run record
logs each call that reached the stack as a turn, without the secret.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.facade.front import FacadeFront
from subterminator.models.conversation import ToolCall
from subterminator.runlog import RunRecord, read_events
from subterminator.runlog.events import TurnEvent
from subterminator.snapshot.secrecy import KNOWN
from tests.support.actions_lab import lab, refs, served
from tests.support.recording_site import RecordingSite
from tests.support.v02_run import INSTANCE

pytestmark = pytest.mark.browser
site = pytest.fixture(scope="module", name="site")(served)
SECRET = "hunter2-Пароль"


async def test_reads_between_two_actions_keep_the_refs_of_the_last_snapshot(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    async with lab(browser, site, tmp_path, "/lab/events") as on:
        first = await on.interact(action="hover", selector="#h")
        ref = refs(first)["Appuyer"]
        here = await on.navigate(action="get_url")
        assert here == {"success": True, "url": site.url("/lab/events")}
        listed = await on.call("browser_session", action="list")
        assert listed["data"]["instances"][0]["url"] == site.url("/lab/events")
        assert listed["data"]["instances"][0]["instance_id"] == INSTANCE
        await on.call("browser_extract", action="get_text", selector="#log")
        assert (await on.interact(action="click", selector=".twin"))["success"] is False
        assert (await on.interact(action="click"))["success"] is False
        assert (await on.call("browser_interact", action="fly"))["success"] is False
        said = await on.interact(action="click", selector=ref)
        assert said["success"] is True, said
        assert await on.events() == ["enter", "click:0"]


async def test_an_action_reply_carries_the_page_after_it(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    async with lab(browser, site, tmp_path, "/lab/events") as on:
        said = await on.interact(action="click", selector="#b")
        snapshot = said["data"]["snapshot"]
        assert set(said) == {"success", "data", "url"}
        assert snapshot["page"]["url"] == said["url"] == site.url("/lab/events")
        assert "screenshot" not in snapshot
        names = {e["name"] for e in snapshot["elements"]}
        assert {"Appuyer", "Nom", "Survoler"} <= names
        assert "click:0" in snapshot["page"]["text"]  # the page as the click left it


async def test_a_log_writes_typed_text_masked(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    async with lab(browser, site, tmp_path, "/lab/events") as on:
        front = on.run.front
        assert isinstance(front, FacadeFront)
        typed = {"action": "type", "selector": "#pw", "text": SECRET}
        shown = front.preview(ToolCall(id="p", name="browser_interact", arguments=typed))
        assert SECRET not in json.dumps(shown.arguments, ensure_ascii=False)
        assert shown.arguments["selector"] == "#pw"
        assert shown.target == "#pw"
        assert SECRET not in KNOWN.scrub(f"the model said {SECRET}")  # scrubbed elsewhere too
        said = await on.interact(action="hover", selector="#h")
        by_ref = {"action": "click", "selector": refs(said)["Appuyer"]}
        shown = front.preview(ToolCall(id="q", name="browser_interact", arguments=by_ref))
        assert shown.target == "Appuyer"  # our ref: the element's name
        assert shown.arguments == by_ref


async def test_the_run_record_logs_each_call_as_a_turn_without_the_secret(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    """A password is never typed by the facade either: the person is asked to type it."""
    record = RunRecord.create("netflix", runs_dir=tmp_path / "runs")
    async with lab(browser, site, tmp_path, "/lab/events", answers=[False], record=record) as on:
        assert (await on.interact(action="click", selector="#b"))["success"] is True
        assert (await on.interact(action="select", selector="#s", label="Bleu"))["success"]
        assert (await on.navigate(action="get_url"))["success"] is True
        typed = await on.interact(action="type", selector="#pw", text=SECRET, delay=0.01)
        assert typed["success"] is False, typed
        assert "only the person may type" in typed["error"]
        assert await on.js("document.getElementById('pw').value") == ""
        assert [r.kind for r in on.person.requests] == ["human_action"]
    written = record.events_path.read_text(encoding="utf-8")
    assert SECRET not in written
    turns = [e for e in read_events(record.folder).events if isinstance(e, TurnEvent)]
    tools = [t.tool for t in turns]
    assert tools == ["browser_click", "browser_select", "get_snapshot", "browser_fill"]
    assert [t.target for t in turns] == ["Appuyer", "Couleur", None, "Mot de passe"]
    assert turns[1].arguments["value"] == "b"
    assert turns[3].arguments["value"].startswith("••••••")
    assert all(t.outcome for t in turns)
