"""The spike: our Chromium, bound for Playwright MCP; its refs read and inspected on our side.

``python -m subterminator.pwmcp.spike URL`` launches our ``PlaywrightBrowser``, hands its
browser to Playwright MCP (``Browser.bind``), prints Playwright MCP's tools and its snapshot
of URL, then for each ref in it: how many elements ``aria-ref`` finds on our connection, our
DevTools handle of that element, and what our gate's inspection says a click on it does.
"""

from __future__ import annotations

import asyncio
import re
import sys
import tempfile
from pathlib import Path

from subterminator.browser.chromium import LaunchOptions
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.pwmcp import refs
from subterminator.pwmcp.bridge import handle_of
from subterminator.pwmcp.install import install
from subterminator.pwmcp.process import playwright_mcp

REF_IN_YAML = re.compile(r"^\s*- (.*?) \[ref=((?:f\d+)?e\d+)\]", re.MULTILINE)


def text(result: object) -> str:
    """The text parts of a tool's reply."""
    parts = getattr(result, "content", [])
    return "\n".join(p.text for p in parts if getattr(p, "type", "") == "text")


async def main(url: str) -> None:
    cli = install()
    ours = await PlaywrightBrowser.launch(LaunchOptions(headless=True))
    try:
        page = ours.page
        shared = page.context.browser
        assert shared is not None  # a launched browser's context has one
        endpoint = (await shared.bind("subterminator"))["endpoint"]  # a socket file, no TCP port
        cdp = await page.context.new_cdp_session(page)
        with tempfile.TemporaryDirectory() as out:
            async with playwright_mcp(cli, endpoint, cwd=Path(out)) as mcp:
                print("tools:", " ".join(t.name for t in mcp.tools))
                await mcp.session.call_tool("browser_navigate", {"url": url})
                snapshot = text(await mcp.session.call_tool("browser_snapshot", {}))
                print(snapshot)
                for line, ref in REF_IN_YAML.findall(snapshot):
                    await said(ours, cdp, ref, line)
    finally:
        await ours.close()


async def said(ours: PlaywrightBrowser, cdp: object, ref: str, line: str) -> None:
    """One ref: resolved on our connection, handed to DevTools, inspected as a click."""
    found = await refs.resolve(ours.page, ref)
    if found is None:
        print(f"{ref:>5} {line[:34]:<34} -> none or several")
        return
    handle = await handle_of(cdp, ref)  # type: ignore[arg-type]
    if handle is None:
        print(f"{ref:>5} {line[:34]:<34} -> one element, no handle")
        return
    effect = await ours.inspect(handle, "click")
    target = effect.target
    print(
        f"{ref:>5} {line[:34]:<34} -> {handle:<5} {target.tag} submits={target.submits} "
        f"method={target.form_method or '-'} href={target.href or '-'}"
    )


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
