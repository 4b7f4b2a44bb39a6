"""``PwMcpFront``: Playwright MCP's tools in front of our whole tool stack.

A front door (the conversation loop, the MCP server) holds this as the top of its stack. A
call of Playwright MCP's is translated into our canonical calls and each goes through the
unchanged stack (the gate, the backstop, checkpoints, the outcome judge); what the caller
reads is Playwright MCP's own answer and its snapshot of the page after, with the gate's
words (a refusal, a person's no) in the reply's fields. Our own two tools (the approval the
model may ask for, the run's end) go through as they are.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace

import mcp.types as types

from subterminator.errors import BrowserError
from subterminator.models.conversation import ToolCall
from subterminator.pwmcp.backend import PwMcpClient, reply_text
from subterminator.pwmcp.server import PwMcpToolServer
from subterminator.pwmcp.surface import REFUSED
from subterminator.pwmcp.translate import Resolver, Translator
from subterminator.stack import ToolStack
from subterminator.stack.layer import InFront, Preview, Reply
from subterminator.stack.translated import Translated, refuse
from subterminator.tools.arguments import echo
from subterminator.tools.registry import Surface

SNAPSHOT = "browser_snapshot"
# Said to a model in the system prompt: these tools' refs are not ours (``@e7``).
TOOLS_NOTE = """THESE TOOLS: Playwright MCP's browser tools. An element's ref is shown in the \
snapshot as [ref=e12] (or [ref=f1e12]); pass it as "target" exactly as shown. A ref is valid \
only for the latest snapshot: every reply ends with a fresh one. Selectors are refused. The \
person is asked before an irreversible step; a refusal says why."""
# Typed values in a call as a log may write it: never, whatever the field (a password).
TYPED = frozenset({"text", "value", "values", "promptText", "fields"})
# Playwright MCP's section naming a file it wrote (we give the snapshot inline instead).
FILE_LINE = re.compile(r"^.*\]\((?:\./)?\.?playwright-mcp/[^)]*\).*$", re.MULTILINE)


class PwMcpFront(InFront):
    """The top layer of a run whose browser tools are Playwright MCP's."""

    stack: ToolStack  # what it stands in front of

    def __init__(
        self,
        stack: ToolStack,
        client: PwMcpClient,
        resolver: Resolver,
        translators: Mapping[str, Translator],
        surface: Surface,
    ) -> None:
        self.stack = stack
        self.client = client
        self.resolver = resolver
        self.translators = translators
        self.surface = surface
        self._page = ""  # Playwright MCP's last snapshot given to the caller
        # the images Playwright MCP sent with the last call's answer (a screenshot), for a
        # caller that passes them on as they came (the MCP server)
        self.images: tuple[types.ImageContent, ...] = ()

    # -- the calls -------------------------------------------------------------------------

    async def execute(self, call: ToolCall) -> Reply:
        self.images = ()
        if call.name in self.surface and call.name not in self.translators:
            reply = await self.stack.execute(call)  # ours: the approval asked for, the end
            return replace(reply, shown=self._page)
        translated = await self._translated(call)
        if translated.refused is not None:
            reply = await self.stack.execute(ToolCall(id=call.id, name="get_snapshot"))
            refused = translated.refused
            result = {"success": False, "error": refused.code, "message": refused.message}
            return replace(reply, result=result, shown=await self._fresh(None))
        reply = await self.through(translated)
        if isinstance(self.stack.server, PwMcpToolServer):
            self.images = tuple(self.stack.server.images)
        result = {k: v for k, v in reply.result.items() if k != "foreign"}
        foreign = reply.result.get("foreign")
        said = foreign if isinstance(foreign, str) else None
        if reply.browser_error:
            return replace(reply, result=result, shown=said or "")
        if call.name in (SNAPSHOT, "get_snapshot") and said:  # the page is what it said
            self._page = said
            return replace(reply, result=result, shown=said)
        return replace(reply, result=result, shown=await self._fresh(said))

    async def _translated(self, call: ToolCall) -> Translated:
        if call.name == "get_snapshot":  # a front door's first look at the page
            call = ToolCall(id=call.id, name=SNAPSHOT, arguments={})
        if call.name in REFUSED:
            return refuse("invalid_params", f"{call.name} is not served: {REFUSED[call.name]}")
        translator = self.translators.get(call.name) if call.name in self.surface else None
        if translator is None:
            tools = ", ".join(self.surface.names())
            return refuse(
                "invalid_params", f"{echo(call.name)}: unknown tool; the tools are: {tools}"
            )
        return await translator(call, self.resolver)

    async def _fresh(self, said: str | None) -> str:
        """What the call said (its file links left out), then the page as it is now."""
        try:
            page = reply_text(await self.client.call(SNAPSHOT, {}))
        except BrowserError as exc:
            page = f"(no snapshot: {exc})"
        else:
            self._page = page
        parts = [FILE_LINE.sub("", said).strip() if said else "", page]
        return "\n".join(p for p in parts if p)

    # -- the rest of the top layer, as the stack has it -------------------------------------

    def preview(self, call: ToolCall) -> Preview:
        """The call as a log may write it: what it names, and no typed value."""
        args = call.arguments
        written = (
            {k: ("•••" if k in TYPED else v) for k, v in args.items()}
            if isinstance(args, dict)
            else args
        )
        target = args.get("element") if isinstance(args, dict) else None
        return Preview(target if isinstance(target, str) else None, written)
