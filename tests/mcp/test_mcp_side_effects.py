"""Downloads and new tabs through ``subterminator mcp`` and the SDK's client, on real Chromium.

What the tool server says (tests/browser/test_side_effects_browser.py) reaches the client
through the whole stack (gate, backstop, recording), whose layers replace messages: the stack
says it once, at its top. The run record notes it too.
"""

from __future__ import annotations

import json
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import mcp.types as types
import pytest
from mcp.client import Client
from playwright.async_api import Browser as PWBrowser

from harness.mcp_driver import Person, ref
from harness.mcp_driver import page as page_held
from subterminator.mcp.server import build_server
from subterminator.mcp.session import McpOptions
from tests.support.mcp_helpers import shared_chromium
from tests.support.side_effect_site import EffectSite, written

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site() -> Iterator[EffectSite]:
    with EffectSite() as served:
        yield served


def server(chromium: PWBrowser, site: EffectSite, path: str, runs: Path, keep: bool = False) -> Any:
    options = McpOptions(sim="2026", url=site.url(path), runs_dir=runs, keep_downloads=keep)
    return build_server(options, browser_factory=shared_chromium(chromium))


def said(reply: types.CallToolResult) -> str:
    assert reply.structured_content is not None
    text = reply.content[0]
    assert isinstance(text, types.TextContent)
    message = str(reply.structured_content.get("message") or "")
    # the result's JSON is the text's first line (what changed may follow)
    result = json.loads(text.text.splitlines()[0])
    assert (result.get("message") or "") == message, "the text says it too"
    return message


def run_folder(runs: Path) -> Path:
    (folder,) = [f for f in runs.iterdir() if f.is_dir()]
    return folder


def notices(runs: Path) -> list[str]:
    lines = (run_folder(runs) / "events.jsonl").read_text(encoding="utf-8").splitlines()
    return [e["text"] for e in map(json.loads, lines) if e["event"] == "notice"]


@pytest.mark.parametrize(
    ("path", "name"),
    [("/facture", "facture-2026.pdf"), ("/ryoshusho", "領収書.txt")],
    ids=["content-disposition-on-load", "blob-by-script"],
)
async def test_a_download_on_load_is_refused_said_and_recorded(
    st_chromium_session: PWBrowser, site: EffectSite, tmp_path: Path, path: str, name: str
) -> None:
    async with Client(server(st_chromium_session, site, path, tmp_path)) as client:
        reply = await client.call_tool("browser_open", {})
        message = said(reply)
    assert not reply.is_error
    assert message.startswith("The page tried to download ")
    assert f'"{name}" from {site.host}' in message
    assert "refused" in message
    assert any(f'"{name}"' in notice and "refused" in notice for notice in notices(tmp_path))
    assert written(site.token, tmp_path) == []


async def test_an_a_download_link_clicked_is_refused_and_said(
    st_chromium_session: PWBrowser, site: EffectSite, tmp_path: Path
) -> None:
    person = Person([])
    app = server(st_chromium_session, site, "/recibo", tmp_path)
    async with Client(app, elicitation_callback=person) as client:
        page = await client.call_tool("browser_open", {})
        reply = await client.call_tool("browser_click", {"ref": ref(page, "Descargar el recibo")})
        message = said(reply)
    assert message == (
        f'The page tried to download "recibo-enero.pdf" from {site.host}; it was refused.'
    )
    assert written(site.token, tmp_path) == []


async def test_with_keep_downloads_they_are_saved_in_the_run_record_and_named(
    st_chromium_session: PWBrowser, site: EffectSite, tmp_path: Path
) -> None:
    app = server(st_chromium_session, site, "/recibo", tmp_path, keep=True)
    async with Client(app, elicitation_callback=Person([])) as client:
        page = await client.call_tool("browser_open", {})
        reply = await client.call_tool("browser_click", {"ref": ref(page, "Descargar el recibo")})
        message = said(reply)
    saved = run_folder(tmp_path) / "downloads" / "recibo-enero.pdf"
    assert message == (
        f'The page downloaded "recibo-enero.pdf" from {site.host}; it was saved as {saved}.'
    )
    assert stat.S_IMODE(saved.stat().st_mode) == 0o600
    assert stat.S_IMODE(saved.parent.stat().st_mode) == 0o700
    assert written(site.token, tmp_path) == [saved], "kept once, in the run record only"
    assert message in notices(tmp_path)


async def test_a_window_opened_on_load_is_named_in_the_reply(
    st_chromium_session: PWBrowser, site: EffectSite, tmp_path: Path
) -> None:
    async with Client(server(st_chromium_session, site, "/pop", tmp_path)) as client:
        reply = await client.call_tool("browser_open", {})
        message = said(reply)
        after = await client.call_tool("get_snapshot", {})
    # the start page opened it once as the session began, and again when browser_open opened
    # the start page in the tab the agent works in
    assert f'"Offre spéciale" {site.url("/offre")}' in message
    assert "the agent now works in" in message
    assert after.structured_content is not None
    assert after.structured_content["snapshot"]["page"]["title"] == "Offre spéciale"
    assert any("Offre spéciale" in notice for notice in notices(tmp_path))


async def test_a_target_blank_link_clicked_is_named_in_the_reply(
    st_chromium_session: PWBrowser, site: EffectSite, tmp_path: Path
) -> None:
    async with Client(server(st_chromium_session, site, "/links", tmp_path)) as client:
        page = await client.call_tool("browser_open", {})
        assert said(page) == ""
        reply = await client.call_tool("browser_click", {"ref": ref(page, "プランの詳細")})
        message = said(reply)
    assert message == (
        f'A new tab opened: "プランの詳細" {site.url("/plan")}; the agent now works in it.'
    )
    assert reply.structured_content is not None
    assert page_held(reply).page.title == "プランの詳細"
