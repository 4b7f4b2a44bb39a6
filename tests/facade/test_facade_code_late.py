"""What ``browser_execute``'s code sends after it returned is still held: real Chromium.

An action's guard lets a new document's requests, and a socket's messages, go once the action
returned: they are the page's own. Code is not the page's: it can open a tab of its own (a
new document, whose load moved the browser's count) and keep a socket, then write through
either when nothing is watching. The code here leaves that write behind, the test fires it
after the reply (``go()``), and the site's server says whether the membership was cancelled.
Pages in Czech and Slovenian; the flow is known by its address, the account page is not
in it (its code runs unasked).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.async_api import Page

from harness.approvals import ScriptedApprovals
from subterminator.assembly import Run
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.models.conversation import ToolCall
from subterminator.services.base import ServiceConfig
from tests.attacks.site import AttackSite
from tests.support.code_runs import execute
from tests.support.v02_run import facade_run

pytestmark = pytest.mark.browser

SERVICE = ServiceConfig(
    name="late-code",
    display_name="Late Code Video",
    initial_url="http://127.0.0.1/",
    flow_urls=("/zrusit/",),
)


def page(lang: str, title: str, body: str) -> str:
    return (
        f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'><title>{title}</title>"
        f"</head><body><h1>{title}</h1>{body}</body></html>"
    )


PAGES = {
    "zrusit": {
        "konec": page(
            "cs",
            "Zrušení předplatného",
            "<form method='post' action='/zrusit/commit'><button>Zrušit předplatné</button></form>",
        ),
    },
    "racun": {
        "index": page(
            "sl", "Moj račun", "<p>Naročnina: Premium</p><a href='/racun/pomoc'>Pomoč</a>"
        ),
    },
}

# The code opens a tab of its own (a new document) and leaves ``go`` behind: a write from
# the page, after the reply, to the address that cancels.
TAB = (
    "window.ran = 1; await fetch(location.href);"
    "const w = window.open('', '_blank'); w.document.write('<p>…</p>'); w.document.close();"
    "await new Promise(r => setTimeout(r, 0));"
)
LEFT = {
    "tab-fetch": TAB + "window.go = () => fetch('/{case}/commit', {{method: 'POST'}})"
    ".then(() => 'sent', () => 'held'); return 'ok';",
    "tab-form": TAB + "w.document.body.innerHTML = '<form method=post action=/{case}/commit>"
    "</form>'; window.go = () => {{ w.document.forms[0].submit(); return 'queued'; }};"
    "return 'ok';",
    "socket": "window.ran = 1; const ws = new WebSocket('{socket}');"
    "await new Promise((ok, no) => {{ ws.onopen = ok; ws.onerror = no; }});"
    "window.go = () => {{ ws.send(JSON.stringify({{event: 'commit', path: '/{case}/'}}));"
    " return 'queued'; }}; return 'ok';",
}


@pytest.fixture(scope="module")
def site() -> Iterator[AttackSite]:
    with AttackSite(PAGES) as served:
        yield served


async def told(run: Run) -> str:
    """The stack's replies until one says what the page tried to send (a few at most)."""
    for _ in range(50):
        reply = await run.stack.execute(ToolCall(id="t", name="get_snapshot", arguments={}))
        if "tried to send" in (reply.message or ""):
            return reply.message or ""
    raise AssertionError("no reply said what the page tried to send")


async def left_behind(
    browser: PlaywrightBrowser,
    site: AttackSite,
    case: str,
    page: str,
    how: str,
    answers: list[bool],
    folder: Path,
) -> tuple[Run, Page, dict[str, object]]:
    await browser.navigate(site.url(case, page))
    site.reset(case)
    run = facade_run(browser, SERVICE, ScriptedApprovals(answers), folder)
    tab = browser.page
    code = LEFT[how].format(case=case, socket=site.sockets.replace("http://", "ws://") + "/live")
    said = await execute(run, code)
    assert said["success"] is True, said
    assert said["result"] == "ok"
    return run, tab, said


@pytest.mark.parametrize("how", sorted(LEFT))
@pytest.mark.parametrize(
    ("case", "page", "answers"),
    [("zrusit", "konec", [True]), ("racun", "index", [])],
    ids=["flow-yes", "off-flow"],
)
async def test_a_write_code_leaves_behind_is_held_after_it_returned(
    browser: PlaywrightBrowser,
    site: AttackSite,
    tmp_path: Path,
    how: str,
    case: str,
    page: str,
    answers: list[bool],
) -> None:
    run, tab, _ = await left_behind(browser, site, case, page, how, answers, tmp_path)
    fired = await tab.evaluate("go()")  # after the reply: the code's own action is over
    if fired != "queued":  # a fetch says itself whether it went
        assert fired == "held"
    else:
        message = await told(run)
        assert ("the person approved running this code" if answers else "nobody approved") in (
            message
        )
    assert not site.cancelled(case)
