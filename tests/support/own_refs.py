"""The Playwright MCP side of a translation, where the test has no Playwright MCP.

``OwnRefs`` is a ``Resolver`` whose targets are already our refs (each names itself), and
whose focus is the one our last capture saw. ``Hands`` is our tool server doing, for a
stand-in, what Playwright MCP does in its place (the code run in the page, the key pressed on
the focused element) before it reads the page: the gate above arms the backstop as it would
for Playwright MCP, so what reaches the site is what the gate let through.
"""

from __future__ import annotations

from typing import Any, cast

from playwright.async_api import Error as PlaywrightError

from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.models.conversation import ToolCall
from subterminator.models.tools import ToolResult
from subterminator.pwmcp.shapes import SHAPES
from subterminator.stack import Reply, ToolStack
from subterminator.tools.builtin.stand_ins import STAND_IN
from subterminator.tools.registry import surface
from subterminator.tools.server import BrowserToolServer


class OwnRefs:
    """A target that is one of our current refs names that element; nothing else resolves."""

    def __init__(self, stack: ToolStack) -> None:
        self.stack = stack

    async def ref(self, target: object) -> str | None:
        registry = self.stack.server.registry
        return target if isinstance(target, str) and registry.peek(target) else None

    async def focused(self) -> str | None:
        last = self.stack.server.last_snapshot
        return last.focused if last is not None else None

    async def names_one(self, target: object) -> bool:
        """As Playwright MCP's engine would: a well-formed ref of the last snapshot."""
        return await self.ref(target) is not None


class Hands(BrowserToolServer):
    """Our server, with Playwright MCP's hands for the stand-ins it can be shown doing."""

    async def _execute(self, call: ToolCall | str, arguments: Any) -> ToolResult:
        via = call.via if isinstance(call, ToolCall) else None
        if isinstance(call, ToolCall) and via is not None and call.name in surface(STAND_IN):
            page = cast(PlaywrightBrowser, self.browser).page
            try:
                if via.name == "browser_evaluate":
                    await page.evaluate(via.arguments["function"])
                elif via.name == "browser_press_key":
                    await page.keyboard.press(via.arguments["key"])
            except PlaywrightError:
                pass  # the page went (a navigation): the reply reads the new one
        return await super()._execute(call, arguments)


class SeesMore(OwnRefs):
    """As if Playwright MCP's engine found an element by any ref the gate cannot read (one
    past our capture's element limit, say): such a target is asked about, never refused."""

    async def names_one(self, target: object) -> bool:
        return True


async def translated(stack: ToolStack, call: ToolCall, *, sees_more: bool = False) -> Reply:
    """``call`` as Playwright MCP's, translated and run through the stack in order; the
    reply of the last part run (a part that fails ends it)."""
    resolver = SeesMore(stack) if sees_more else OwnRefs(stack)
    said = await SHAPES[call.name](call, resolver)
    assert said.refused is None, said.refused
    reply = None
    for part in said.calls:
        reply = await stack.execute(part)
        if not reply.result.get("success", True):
            break
    assert reply is not None
    return reply
