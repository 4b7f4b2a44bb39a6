"""Only our words in the panel, on both front doors, against pages that try to write in it.

Each page of tests/attacks/panel.py (English, German, Japanese, Spanish) is served locally and
run in real Chromium by the offline policy, which takes the page's final step, so the person is
asked about the very control whose name carries the forgery:

- through ``subterminator cancel`` on a real pseudo-terminal 80 columns by 24 rows, every
  question answered no: the bytes the person got hold none of the page's escape sequences,
  bidi controls or invisibles; the Control row names the control as it really is, the
  question fits the screen, the 24,000-character title is shown once, cut to a line;
- through the MCP server with the SDK's client, every elicitation answered no: the message
  holds no control character but our line breaks, every line starts with our label, and the
  Control line is the real one;

and in both, the site records that nothing was cancelled.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from mcp.client import Client
from playwright.async_api import Browser as PWBrowser

from harness.mcp_driver import Person, drive
from subterminator.mcp.server import build_server
from subterminator.mcp.session import McpOptions
from subterminator.offline import OfflinePolicy
from subterminator.services import NETFLIX
from tests.attacks.panel import FORGED_WORDS, PAGE_BYTES, PANEL_ATTACKS, PanelAttack
from tests.attacks.site import AttackSite
from tests.support.cli_helpers import chromiums_marked, marker, on_terminal
from tests.support.mcp_helpers import shared_chromium

pytestmark = pytest.mark.browser

IDS = [attack.lang for attack in PANEL_ATTACKS]
PROMPT = "Approve this step? [y/N]:"
SGR = re.compile(r"\x1b\[[0-9;]*m")
OUR_LABELS = ("Next step", "Control", "Why asked", "Page", "Page says", "Note", "To do")


@pytest.fixture(scope="module")
def site() -> Iterator[AttackSite]:
    with AttackSite({a.name: {"index": a.page()} for a in PANEL_ATTACKS}) as served:
        yield served


def flat(screen: str) -> str:
    """The screen's words without our styles, borders or the terminal's line ends."""
    return " ".join(SGR.sub("", screen).replace("│", " ").split())


@pytest.mark.parametrize("attack", PANEL_ATTACKS, ids=IDS)
def test_the_terminal_gets_only_our_words(
    site: AttackSite, attack: PanelAttack, tmp_path: Path
) -> None:
    site.reset(attack.name)
    mark = marker()
    session = on_terminal(
        *("cancel", "netflix", "--ai", "offline", "--url", site.url(attack.name)),
        *("--headless", "--profile", str(tmp_path / "profile")),
        *("--runs-dir", str(tmp_path / "runs")),
        columns=80,
        lines=24,
        ST_TEST_MARK=mark,
    )
    first = session.read_until(PROMPT)
    code = session.answer_until_exit({PROMPT: "n\r", "Feedback for the agent (optional):": "\r"})
    assert code == 4, session.seen  # the person declined
    assert not site.cancelled(attack.name)
    assert chromiums_marked(mark) == []
    seen = session.seen
    for page_bytes in PAGE_BYTES:
        assert page_bytes not in seen, (page_bytes, seen)
    for words in FORGED_WORDS:  # no escape sequence right before them: never moved, restyled
        assert not re.search(r"\x1b\[[0-9;?]*[A-Za-z]\s*" + re.escape(words), seen), words
    question = first[first.rindex("╭") :]
    assert len(question.splitlines()) <= 23, question  # and the blank line above it: 24 rows
    words = flat(question)
    assert f'Control "{attack.control_shown}" (button)' in words, words
    lines = [SGR.sub("", line).rstrip("\r") for line in question.splitlines()]
    rows = [line[2:].rstrip("│ ") for line in lines[1:] if line.startswith("│ ")]
    labels = [row.split("  ")[0] for row in rows if row and not row.startswith(" ")]
    assert set(labels) <= set(OUR_LABELS), labels
    assert labels.count("Why asked") == labels.count("Control") == 1, labels
    if len(attack.title) > 1000:  # printed once, cut to a line: not 24,000 characters twice
        assert len(seen) < 20_000
        page = next(row for row in rows if row.startswith("Page "))
        assert page.endswith("…"), page


@pytest.mark.parametrize("attack", PANEL_ATTACKS, ids=IDS)
async def test_the_elicitation_holds_only_our_words(
    st_chromium_session: PWBrowser, site: AttackSite, attack: PanelAttack
) -> None:
    site.reset(attack.name)
    options = McpOptions(sim="2026", url=site.url(attack.name), runs_dir=None)
    server = build_server(options, browser_factory=shared_chromium(st_chromium_session))
    person = Person([False] * 8)
    async with Client(server, mode="legacy", elicitation_callback=person) as client:
        done = await drive(
            client,
            OfflinePolicy(NETFLIX),
            NETFLIX.goal_template,
            guidance=NETFLIX.system_prompt_addition,
            person=person,
        )
    assert not site.cancelled(attack.name)
    assert done.asked, "the person was never asked"
    for message in done.asked:
        controls = [c for c in message if unicodedata.category(c) in ("Cc", "Cf") and c != "\n"]
        assert controls == [], [hex(ord(c)) for c in controls]
        lines = message.split("\n")
        assert all(
            line.split(":")[0].split(",")[0]
            in (*OUR_LABELS, "Do it in the browser window SubTerminator opened")
            for line in lines
        ), lines
        assert len(message) < 2_000
    assert any(f'Control: "{attack.control_shown}" (button)' in m for m in done.asked), done.asked
