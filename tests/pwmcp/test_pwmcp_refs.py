"""A Playwright MCP ref reaches our gate's inspection as the element it names, whatever the
page's own scripts do: the ref is read in Playwright's utility world, which a page cannot
reach. The page here gives a harmless twin the real control's name (in English and German)
and fakes refs in its own world; the gate must still read the real one as a form submit."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from harness.sites import StaticSite
from subterminator.browser.chromium import LaunchOptions
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.pwmcp import refs
from subterminator.pwmcp.bridge import handle_of
from subterminator.pwmcp.install import install
from subterminator.pwmcp.process import playwright_mcp

pytestmark = [pytest.mark.browser, pytest.mark.subprocess]

PAGE = """<!doctype html><html lang="de"><head><title>Konto</title></head><body>
<form action="/kuendigen" method="post"><button type="submit">Mitgliedschaft beenden</button></form>
<div id="twin"><button type="button">Mitgliedschaft beenden</button></div>
<button type="button">Cancel membership</button>
<script>
  // the page's own world: every element claims to be the first ref it can think of
  Object.defineProperty(Element.prototype, '_ariaRef', {get() { return {ref: 'e1'}; }});
  document.querySelectorAll('button').forEach((b) => { b.dataset.ref = 'e2'; });
</script>
</body></html>"""

LINE = re.compile(r'- button "([^"]+)" \[ref=(e\d+)\]')


def text(result: object) -> str:
    parts = getattr(result, "content", [])
    return "\n".join(p.text for p in parts if getattr(p, "type", "") == "text")


async def test_refs_resolve_to_the_element_their_snapshot_named(
    tmp_path: Path, st_static_site: Callable[[Path], StaticSite]
) -> None:
    (tmp_path / "account.html").write_text(PAGE, encoding="utf-8")
    url = st_static_site(tmp_path).url("account.html")
    cli = install()
    ours = await PlaywrightBrowser.launch(LaunchOptions(headless=True))
    try:
        page = ours.page
        shared = page.context.browser
        assert shared is not None
        endpoint = (await shared.bind("subterminator"))["endpoint"]
        cdp = await page.context.new_cdp_session(page)
        async with playwright_mcp(cli, endpoint, cwd=tmp_path) as mcp:
            await mcp.session.call_tool("browser_navigate", {"url": url})
            buttons = LINE.findall(text(await mcp.session.call_tool("browser_snapshot", {})))
            assert [name for name, _ in buttons] == [
                "Mitgliedschaft beenden",
                "Mitgliedschaft beenden",
                "Cancel membership",
            ]
            read = []
            for _, ref in buttons:
                assert await refs.resolve(page, ref) is not None
                handle = await handle_of(cdp, ref)
                assert handle is not None
                read.append((await ours.inspect(handle, "click")).target.form_method)
            assert read == ["POST", "", ""]
            assert await handle_of(cdp, "e999") is None  # no snapshot gave it
            assert await handle_of(cdp, "f1e2") is None  # a frame's: not handed over yet
    finally:
        await ours.close()
