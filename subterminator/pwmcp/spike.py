"""The spike: our Chromium, bound for Playwright MCP; its snapshot's ref resolved on our side.

``python -m subterminator.pwmcp.spike URL`` prints Playwright MCP's tools, its snapshot of
URL, and for each ref in it how many elements ``aria-ref`` finds on our own connection.
"""

from __future__ import annotations

import asyncio
import re
import sys
import tempfile
from pathlib import Path

from playwright.async_api import async_playwright

from subterminator.browser.chromium import chromium_args
from subterminator.browser.discovery import find_chromium
from subterminator.pwmcp import refs
from subterminator.pwmcp.install import install
from subterminator.pwmcp.process import playwright_mcp

REF_IN_YAML = re.compile(r"^\s*- (.*?) \[ref=((?:f\d+)?e\d+)\]", re.MULTILINE)


def text(result: object) -> str:
    """The text parts of a tool's reply."""
    parts = getattr(result, "content", [])
    return "\n".join(p.text for p in parts if getattr(p, "type", "") == "text")


async def main(url: str) -> None:
    cli = install()
    async with async_playwright() as pw:
        executable = find_chromium(pw.chromium.executable_path)
        browser = await pw.chromium.launch(
            executable_path=executable, headless=True, args=chromium_args(executable)
        )
        page = await (await browser.new_context()).new_page()
        endpoint = (await browser.bind("subterminator", host="127.0.0.1", port=0))["endpoint"]
        with tempfile.TemporaryDirectory() as out:
            async with playwright_mcp(cli, endpoint, cwd=Path(out)) as mcp:
                print("tools:", " ".join(t.name for t in mcp.tools))
                await mcp.session.call_tool("browser_navigate", {"url": url})
                snapshot = text(await mcp.session.call_tool("browser_snapshot", {}))
                print(snapshot)
                for line, ref in REF_IN_YAML.findall(snapshot):
                    found = await refs.resolve(page, ref)
                    said = (
                        "none or several"
                        if found is None
                        else await found.evaluate("e => e.outerHTML.slice(0, 80)")
                    )
                    print(f"{ref:>5} {line[:40]:<40} -> {said}")
        await browser.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
