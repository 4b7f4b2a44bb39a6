"""The run record's screenshots over ``subterminator mcp``, taken after each reply rather than
on its path: every turn still keeps the page as that turn left it, in the order the calls
came, reads that ran beside a screenshot included, and the ending keeps the page it ended on.

The pictures are read back by Chromium (an image drawn on a canvas): the page is one colour
before a click and another after, so each turn's picture says which page it shows.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mcp.client import Client
from playwright.async_api import Browser as PWBrowser

from bench.stress_pages import login
from harness.mcp_driver import ref
from harness.pwmcp_hands import target_of
from harness.sites import StaticSite
from subterminator.mcp.server import build_server
from subterminator.mcp.session import McpOptions
from tests.support.colours import BLUE, PAGE, RED, colour_at_centre
from tests.support.mcp_helpers import shared_chromium
from tests.support.mcp_pwmcp import text_of

pytestmark = pytest.mark.browser

DOOR = """<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>Accueil</title></head>
<body><main><h1>Accueil</h1><a href="sign-in.html">Se connecter</a></main></body></html>"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[StaticSite]:
    root = tmp_path_factory.mktemp("colours")
    (root / "page.html").write_text(PAGE, encoding="utf-8")
    (root / "sign-in.html").write_text(login(random.Random(0)), encoding="utf-8")
    (root / "door.html").write_text(DOOR, encoding="utf-8")
    with StaticSite(root) as served:
        yield served


def server(chromium: PWBrowser, site: StaticSite, runs: Path, page: str = "page.html") -> Any:
    options = McpOptions(sim="2026", url=site.url(page), runs_dir=runs)
    return build_server(options, browser_factory=shared_chromium(chromium))


def events(runs: Path) -> tuple[Path, list[dict[str, Any]]]:
    (folder,) = [f for f in runs.iterdir() if f.is_dir()]
    lines = (folder / "events.jsonl").read_text(encoding="utf-8").splitlines()
    return folder, [json.loads(line) for line in lines]


async def test_each_turn_keeps_the_page_it_left_reads_beside_included(
    st_chromium_session: PWBrowser, site: StaticSite, tmp_path: Path
) -> None:
    async with Client(server(st_chromium_session, site, tmp_path), mode="legacy") as client:
        await client.call_tool("browser_open", {})
        for _ in range(4):  # back to back: reads that run beside the last turn's screenshot
            read = await client.call_tool("get_snapshot", {})
            assert [c.type for c in read.content] == ["text"], "no image with a snapshot"
        clicked = await client.call_tool("browser_click", {"ref": ref(read, "Peindre en bleu")})
        assert not clicked.is_error, clicked.content
        await client.call_tool("get_snapshot", {})
    folder, logged = events(tmp_path)
    turns = [e for e in logged if e["event"] == "turn"]
    assert [t["turn"] for t in turns] == [1, 2, 3, 4, 5, 6, 7], "every call, in order"
    reads = ["get_snapshot"] * 4
    assert [t["tool"] for t in turns] == ["browser_open", *reads, "browser_click", "get_snapshot"]
    colours = []
    for turn in turns:
        assert turn["screenshot"], f"turn {turn['turn']} kept no page"
        colours.append(
            await colour_at_centre(st_chromium_session, (folder / turn["screenshot"]).read_bytes())
        )
    assert colours == [RED] * 5 + [BLUE] * 2


async def test_the_ending_keeps_the_page_it_ended_on(
    st_chromium_session: PWBrowser, site: StaticSite, tmp_path: Path
) -> None:
    async with Client(server(st_chromium_session, site, tmp_path), mode="legacy") as client:
        opened = await client.call_tool("browser_open", {})
        await client.call_tool("browser_click", {"ref": ref(opened, "Peindre en bleu")})
        done = await client.call_tool(
            "complete_task", {"status": "failed", "reason": "Aucune résiliation ici."}
        )
        assert not done.is_error, done.content
        assert [c.type for c in done.content] == ["text"], "the ending's picture stays ours"
    folder, logged = events(tmp_path)
    kinds = [e["event"] for e in logged]
    assert kinds.index("outcome") > max(i for i, k in enumerate(kinds) if k == "turn")
    (outcome,) = [e for e in logged if e["event"] == "outcome"]
    assert outcome["screenshot"], "the ending kept no page"
    picture = (folder / outcome["screenshot"]).read_bytes()
    assert await colour_at_centre(st_chromium_session, picture) == BLUE
    last = [e for e in logged if e["event"] == "turn"][-1]
    assert (
        await colour_at_centre(st_chromium_session, (folder / last["screenshot"]).read_bytes())
        == BLUE
    )


async def test_a_question_asked_beside_a_screenshot_is_filed_under_its_turn_and_once(
    st_chromium_session: PWBrowser, site: StaticSite, tmp_path: Path
) -> None:
    """Reads back to back run beside the last turn's screenshot; the click that reaches a
    sign-in page asks the person (there is no window: the run ends) and its question belongs
    to that click. Once the run has ended, later looks at the same page ask nobody again."""
    chromium = st_chromium_session
    async with Client(server(chromium, site, tmp_path, "door.html"), mode="legacy") as client:
        await client.call_tool("browser_open", {})
        for _ in range(2):
            read = await client.call_tool("get_snapshot", {})
        await client.call_tool("browser_click", {"ref": ref(read, "Se connecter")})
        for _ in range(2):
            await client.call_tool("get_snapshot", {})
    _, logged = events(tmp_path)
    turns = [e["turn"] for e in logged if e["event"] == "turn"]
    asked = [e["turn"] for e in logged if e["event"] == "approval_asked"]
    assert turns == [1, 2, 3, 4, 5, 6]
    assert asked == [4], "one question, under the click that asked it; none after the end"


@pytest.mark.subprocess  # Playwright MCP's node process
async def test_behind_playwright_mcp_each_turn_keeps_the_page_it_left(
    st_chromium_session: PWBrowser, site: StaticSite, tmp_path: Path
) -> None:
    """Our gate's own capture takes no picture on the reply's path there either."""
    options = McpOptions(
        sim="2026", url=site.url("page.html"), runs_dir=tmp_path, backend="playwright-mcp"
    )
    made = build_server(options, browser_factory=shared_chromium(st_chromium_session))
    async with Client(made, mode="legacy") as client:
        read = await client.call_tool("browser_snapshot", {})
        assert [c.type for c in read.content] == ["text"], text_of(read)
        target = target_of("button", "Peindre en bleu", 0, text_of(read))
        click = {"target": target, "element": "Peindre en bleu"}
        clicked = await client.call_tool("browser_click", click)
        assert not clicked.is_error, text_of(clicked)
        await client.call_tool("browser_snapshot", {})
    folder, logged = events(tmp_path)
    turns = [e for e in logged if e["event"] == "turn"]
    assert [t["tool"] for t in turns] == ["get_snapshot", "browser_click", "get_snapshot"]  # ours
    colours = []
    for turn in turns:
        assert turn["screenshot"], f"turn {turn['turn']} kept no page"
        colours.append(
            await colour_at_centre(st_chromium_session, (folder / turn["screenshot"]).read_bytes())
        )
    assert colours == [RED, BLUE, BLUE]
