"""The V02 facade's run (``v02_run.facade_run``) on a page of ours, for the facade's read
tests: each call's reply as a client reads it."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from harness.approvals import ScriptedApprovals
from subterminator.assembly.builder import Run
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.models.conversation import ToolCall
from subterminator.services.netflix import NETFLIX
from tests.support.browser_helpers import by_name, png_size
from tests.support.v02_run import facade_run


@dataclass
class Reader:
    """The facade's tools on one page: each call's ``BrowserResponse`` as a client reads it."""

    run: Run
    browser: PlaywrightBrowser
    calls: int = 0

    async def call(self, tool: str, **arguments: Any) -> dict[str, Any]:
        self.calls += 1
        call = ToolCall(id=f"r{self.calls}", name=tool, arguments=arguments)
        reply = await self.run.top.execute(call)
        return reply.result

    async def ref(self, name: str) -> str:
        """Our ref of the element ``name`` in a fresh snapshot (what a client's @eN is)."""
        reply = await self.run.stack.execute(ToolCall(id="s", name="get_snapshot"))
        return by_name(reply.snapshot, name).ref


async def reader(
    browser: PlaywrightBrowser, url: str, screenshots: Path, answers: Sequence[bool] = ()
) -> Reader:
    """The facade on ``url``, its screenshots saved in ``screenshots``; the person's
    ``answers`` to its questions (none unless given: a question fails the test)."""
    await browser.navigate(url)
    run = facade_run(browser, NETFLIX, ScriptedApprovals(answers), screenshots, start_url=url)
    return Reader(run, browser)


def said(result: dict[str, Any]) -> str:
    """Everything a reply says, as one string (to look for a secret anywhere in it)."""
    return json.dumps(result, ensure_ascii=False)


def png_file_size(path: str | Path) -> tuple[int, int]:
    """The width and height of the PNG file at ``path``."""
    return png_size(Path(path).read_bytes())


def files_in(folder: Path) -> list[str]:
    """The names of the files in ``folder``, sorted (none when it was never made)."""
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []
