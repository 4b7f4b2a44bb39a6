"""Local pages for the V02 facade's element actions, and its run (``v02_run.facade_run``)
driven through its front.

Each page records what reached it (``#log``: one line per event a listener heard), so a test
asserts what the browser really did. The pages' words are in several languages: nothing the
facade does may depend on them.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from harness.approvals import ScriptedApprovals
from subterminator.assembly.builder import Run
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.models.conversation import ToolCall
from subterminator.runlog import RunRecord
from subterminator.services import get_service
from subterminator.stack import Reply
from tests.support.recording_site import RecordingSite, page
from tests.support.v02_run import facade_run

# Every event a listener hears, one line each (the page's own record of what reached it).
LOG_JS = """
function log(w) {
  const li = document.createElement('li'); li.textContent = w;
  document.getElementById('log').append(li);
}
function mods(e) {
  return (e.ctrlKey ? 'C' : '') + (e.altKey ? 'A' : '') + (e.shiftKey ? 'S' : '')
    + (e.metaKey ? 'M' : '');
}
"""
EVENTS_JS = (
    LOG_JS
    + """
const b = document.getElementById('b');
b.addEventListener('click', e => log('click:' + e.button));
b.addEventListener('contextmenu', e => { log('context:' + e.button); e.preventDefault(); });
b.addEventListener('auxclick', e => log('aux:' + e.button));
b.addEventListener('dblclick', e => log('dbl'));
document.getElementById('h').addEventListener('mouseenter', () => log('enter'));
document.getElementById('far').addEventListener('click', () => log('far'));
document.addEventListener('keydown', e => {
  const on = e.target.id || e.target.tagName.toLowerCase();
  log('key:' + on + ':' + mods(e) + e.key);
});
"""
)
EVENTS = page(
    "fr",
    "Atelier",
    """
<style>#h:hover { background: rgb(0, 128, 0); } .tall { height: 2600px; width: 2600px; }</style>
<button id='b'>Appuyer</button>
<input id='t' aria-label='Nom' value='abc'>
<input id='pw' type='password' aria-label='Mot de passe'>
<select id='s' aria-label='Couleur'>
  <option value='r'>Rouge</option><option value='v'>Vert</option><option value='b'>Bleu</option>
</select>
<button id='h'>Survoler</button>
<button class='twin'>Un</button><button class='twin'>Deux</button>
<button id='hid' style='display: none'>Caché</button>
<ol id='log'></ol>
<div class='tall'></div>
<button id='far'>Tout en bas</button>
""",
    EVENTS_JS,
)
# A page that redefines the DOM's own lookups: a selector must still name what CSS names.
OVERRIDE = page(
    "de",
    "Werkstatt",
    """
<button id='real'>Echt</button><button id='decoy'>Köder</button><ol id='log'></ol>
""",
    LOG_JS
    + """
for (const id of ['real', 'decoy']) {
  document.getElementById(id).addEventListener('click', () => log(id));
}
const one = Document.prototype.querySelector;
const lie = function () { return [one.call(document, '#decoy')]; };
Document.prototype.querySelectorAll = lie;
document.querySelectorAll = lie;
Element.prototype.querySelectorAll = lie;
Document.prototype.querySelector = function () { return one.call(document, '#decoy'); };
""",
)
FRAMED = page(
    "pt",
    "Oficina",
    """
<ol id='log'></ol>
<iframe id='f' srcdoc="<button id='inner' onclick='parent.log(&quot;inner&quot;)'>Dentro</button>">
</iframe>
""",
    LOG_JS,
)
# Two pages that link to each other (an address shown on a page opens without a question).
FIRST = page("ja", "最初のページ", "<a href='/lab/nav/second'>次へ</a>")
SECOND = page(
    "ja",
    "二番目のページ",
    "<a href='/lab/nav/first'>戻る</a><p id='later' hidden>後で</p>",
    "setTimeout(() => { document.getElementById('later').hidden = false; }, 150);",
)
# What comes and goes by itself, a moment after the page opens.
LATER = page(
    "es",
    "Taller",
    """
<button id='soon' hidden>Pronto</button><p id='gone'>Se va</p>
<button id='ghost' style='display: none'>Fantasma</button><button id='here'>Aquí</button>
""",
    """setTimeout(() => {
  document.getElementById('soon').hidden = false;
  document.getElementById('gone').remove();
}, 200);""",
)
PAGES = {
    "/lab/later": LATER,
    "/lab/events": EVENTS,
    "/lab/override": OVERRIDE,
    "/lab/framed": FRAMED,
    "/lab/nav/first": FIRST,
    "/lab/nav/second": SECOND,
}


def served() -> Iterator[RecordingSite]:
    """The lab's pages on 127.0.0.1: a module's ``site`` fixture
    (``site = pytest.fixture(scope="module", name="site")(served)``)."""
    with RecordingSite(PAGES) as serving:
        yield serving


@dataclass
class Lab:
    """A facade run on one of the lab's pages; ``call`` is a client's call through its front."""

    run: Run
    site: RecordingSite
    browser: PlaywrightBrowser
    person: ScriptedApprovals
    calls: int = 0

    async def reply(self, tool: str, **arguments: Any) -> Reply:
        self.calls += 1
        call = ToolCall(id=f"c{self.calls}", name=tool, arguments=arguments)
        return await self.run.top.execute(call)

    async def call(self, tool: str, **arguments: Any) -> dict[str, Any]:
        """The BrowserResponse the client reads (as JSON once, as the MCP door sends it)."""
        said: dict[str, Any] = json.loads(json.dumps((await self.reply(tool, **arguments)).result))
        return said

    async def interact(self, **arguments: Any) -> dict[str, Any]:
        return await self.call("browser_interact", **arguments)

    async def navigate(self, **arguments: Any) -> dict[str, Any]:
        return await self.call("browser_navigate", **arguments)

    async def events(self) -> list[str]:
        """What the page's listeners heard, in order."""
        return list(
            await self.js("[...document.getElementById('log').children].map(e => e.textContent)")
        )

    async def js(self, expression: str) -> Any:
        return await self.browser.page.evaluate(expression)


def refs(said: dict[str, Any]) -> dict[str, str]:
    """The refs of ``said``'s snapshot, by the element's accessible name."""
    return {e["name"]: e["ref"] for e in said["data"]["snapshot"]["elements"]}


@contextlib.asynccontextmanager
async def lab(
    browser: PlaywrightBrowser,
    site: RecordingSite,
    folder: Path,
    path: str,
    *,
    answers: Sequence[bool] = (),
    record: RunRecord | None = None,
) -> AsyncIterator[Lab]:
    """The facade's run started on ``path`` of ``site`` (the person answers ``answers``; any
    other question fails the test)."""
    start = site.url(path)
    await browser.navigate(start)
    person = ScriptedApprovals(list(answers))
    service = get_service("netflix")
    run = facade_run(
        browser, service, person, folder / "screenshots", start_url=start, record=record
    )
    yield Lab(run, site, browser, person)
