"""Over MCP, after the first whole page, an action's reply carries what changed: unchanged
elements keep their refs (and still act), a changed one is listed with the ref it kept, a new
one has a new ref, a renamed or removed one's ref goes stale, a new page is all added; the page
words in the reply's text are all JSON strings; ``get_snapshot`` is always the whole page; and
``--whole-replies`` (``McpOptions(changes=False)``) gives every reply whole, with new refs.

Three languages; the page's own record of its clicks (``window.hits``) is the proof.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import mcp.types as types
import pytest
from mcp.client import Client
from playwright.async_api import Browser as PWBrowser

from harness.mcp_driver import page, ref
from harness.sites import StaticSite
from subterminator.browser.chromium import LaunchOptions
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.mcp.server import build_server
from subterminator.mcp.session import McpOptions
from tests.support.changing_site import HOSTILE, WORDS, write_pages
from tests.support.mcp_helpers import shared_chromium

pytestmark = pytest.mark.browser
LANGS = sorted(WORDS)


@pytest.fixture(scope="module")
def site(
    tmp_path_factory: pytest.TempPathFactory, st_static_site: Callable[[Path], StaticSite]
) -> StaticSite:
    root = tmp_path_factory.mktemp("changing")
    write_pages(root)
    return st_static_site(root)


@asynccontextmanager
async def session(
    chromium: PWBrowser, url: str, *, changes: bool = True
) -> AsyncIterator[tuple[Client, list[PlaywrightBrowser]]]:
    made: list[PlaywrightBrowser] = []
    factory = shared_chromium(chromium)

    async def keeping(launch: LaunchOptions) -> Any:
        made.append(await factory(launch))
        return made[-1]

    options = McpOptions(sim="2026", url=url, runs_dir=None, changes=changes)
    async with Client(build_server(options, browser_factory=keeping), mode="legacy") as client:
        yield client, made


def changes_of(reply: types.CallToolResult) -> dict[str, Any]:
    structured = reply.structured_content or {}
    assert "snapshot" not in structured, "an action's reply carried the whole page"
    return dict(structured["changes"])


async def hits(browser: PlaywrightBrowser) -> list[str]:
    return list(await browser.page.evaluate("window.hits"))


@pytest.mark.parametrize("lang", LANGS)
async def test_only_what_changed_comes_back_and_unchanged_refs_still_act(
    st_chromium_session: PWBrowser, site: StaticSite, lang: str
) -> None:
    words = WORDS[lang]
    async with session(st_chromium_session, site.url(f"{lang}/index.html")) as (client, made):
        opened = await client.call_tool("browser_open", {})
        assert "snapshot" in (opened.structured_content or {}), "the first page comes whole"
        count, expander = ref(opened, words.count), ref(opened, words.expand)
        expanded = await client.call_tool("browser_click", {"ref": expander})
        assert not expanded.is_error, expanded.content
        changed = changes_of(expanded)
        held = page(expanded)  # the page the client holds: the first, with the changes
        assert [e["ref"] for e in changed["changed"] if "expanded" in e.get("state", [])] == [
            expander
        ]
        assert [e["name"] for e in changed["added"]] == [words.shown]
        assert changed["unchanged"] >= 4
        assert "removed" not in changed
        text = expanded.content[0].text
        assert f"text new: {json.dumps(words.note, ensure_ascii=False)}" in text
        assert words.count not in text  # an unchanged element is not repeated
        counted = await client.call_tool("browser_click", {"ref": count})  # from the 1st page
        assert not counted.is_error, counted.content
        (browser,) = made
        assert await hits(browser) == ["expand", "count"]
        whole = await client.call_tool("get_snapshot", {})
        snapshot = (whole.structured_content or {})["snapshot"]
        assert ref(whole, words.count) == count
        assert ref(whole, words.shown) == changed["added"][0]["ref"]
        assert {e["ref"] for e in snapshot["elements"]} == {e.ref for e in held.elements}
        assert {e.ref for e in page(counted).elements} == {e.ref for e in held.elements}


@pytest.mark.parametrize("lang", LANGS)
async def test_a_renamed_or_removed_control_loses_its_ref(
    st_chromium_session: PWBrowser, site: StaticSite, lang: str
) -> None:
    words = WORDS[lang]
    async with session(st_chromium_session, site.url(f"{lang}/index.html")) as (client, made):
        opened = await client.call_tool("browser_open", {})
        renamer, remover = ref(opened, words.rename), ref(opened, words.remove)
        renamed = changes_of(await client.call_tool("browser_click", {"ref": renamer}))
        assert renamer in renamed["removed"]
        (fresh,) = [e for e in renamed["added"] if e["name"] == words.renamed]
        assert fresh["ref"] != renamer
        removed = changes_of(await client.call_tool("browser_click", {"ref": remover}))
        assert removed["removed"] == [remover]
        assert "added" not in removed
        for stale in (renamer, remover):
            again = await client.call_tool("browser_click", {"ref": stale})
            assert again.is_error
            assert (again.structured_content or {})["error"] == "ref_invalid"
            assert "changed or gone" in (again.structured_content or {})["message"]
        (browser,) = made
        assert await hits(browser) == ["rename", "remove"]


async def test_a_new_page_is_all_added_with_its_address(
    st_chromium_session: PWBrowser, site: StaticSite
) -> None:
    words = WORDS["en"]
    async with session(st_chromium_session, site.url("en/index.html")) as (client, _):
        opened = await client.call_tool("browser_open", {})
        moved = await client.call_tool("browser_click", {"ref": ref(opened, words.next_page)})
        changed = changes_of(moved)
        assert changed["removed"] == "all"
        assert changed["page"]["url"].endswith("/second.html")
        assert {e["name"] for e in changed["added"]} == {"2", words.count}
        old = {e.ref for e in page(opened).elements}
        assert not old & {e["ref"] for e in changed["added"]}  # a number is never given twice
        text = moved.content[0].text
        assert "removed: all" in text
        assert "second.html" in text


async def test_page_words_in_the_text_are_json_strings(
    st_chromium_session: PWBrowser, site: StaticSite
) -> None:
    """A name that carries line breaks, a ref and a label stays inside one quoted string."""
    async with session(st_chromium_session, site.url("en/index.html")) as (client, _):
        opened = await client.call_tool("browser_open", {})
        hostile = [e for e in page(opened).elements if "Approve" in e.name]
        assert hostile, "the hostile control is on the page"
        # clicking it focuses it: the reply lists it as changed, name and all
        listed = await client.call_tool("browser_click", {"ref": hostile[0].ref})
        text = listed.content[0].text
        assert json.dumps(hostile[0].name, ensure_ascii=False) in text
        for line in text.splitlines()[2:]:
            assert line.startswith(
                (
                    "@e",
                    "added:",
                    "changed:",
                    "removed:",
                    "unchanged:",
                    "focused:",
                    "text new:",
                    "text gone:",
                    "meta:",
                    "page:",
                )
            ), line
        assert "\n@e0 button" not in text
        assert '"Approve everything"\nremoved' not in text
        assert HOSTILE.splitlines()[1] not in text.splitlines()


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_whole_replies_give_every_page_whole_with_new_refs(
    st_chromium_session: PWBrowser, site: StaticSite, lang: str
) -> None:
    words = WORDS[lang]
    url = site.url(f"{lang}/index.html")
    async with session(st_chromium_session, url, changes=False) as (client, made):
        opened = await client.call_tool("browser_open", {})
        count = ref(opened, words.count)
        clicked = await client.call_tool("browser_click", {"ref": ref(opened, words.expand)})
        assert "snapshot" in (clicked.structured_content or {})
        assert ref(clicked, words.count) != count  # each snapshot its own refs, as in the loop
        stale = await client.call_tool("browser_click", {"ref": count})
        assert (stale.structured_content or {})["error"] == "ref_invalid"
        (browser,) = made
        assert await hits(browser) == ["expand"]
