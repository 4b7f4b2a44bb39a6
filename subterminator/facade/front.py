"""``FacadeFront``: the V02 facade's nine tools in front of our whole tool stack.

A front door (the MCP server with ``--tools v02``, a test's conversation) holds this as the top
of its stack. Each call is checked against its tool's arguments, said as our canonical calls
(``facade.translate``) and each goes through the unchanged stack (the gate, the backstop,
checkpoints, the outcome judge, the run record); the reply is one ``BrowserResponse``, with
the page after an action as our snapshot (``data.snapshot``, its refs usable as selectors).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from subterminator.errors import InvalidParamsError
from subterminator.facade import translate
from subterminator.facade.select import SelectorResolver
from subterminator.models.browser_response import BrowserResponse
from subterminator.models.conversation import ToolCall
from subterminator.snapshot.secrecy import KNOWN, mask
from subterminator.stack import ToolStack
from subterminator.stack.layer import InFront, Preview, Reply
from subterminator.stack.translated import Translated
from subterminator.tools.arguments import echo, parse_call
from subterminator.tools.facade import V02
from subterminator.tools.facade.args import (
    ExecuteArgs,
    InteractArgs,
    NavigateArgs,
    SessionArgs,
)
from subterminator.tools.registry import REGISTRY, Surface

# What the person typed never reaches a log (a password), whatever field it came in.
TYPED = frozenset({"text", "value", "label"})
# An action's word in data.status, as the V02 tools' clients read them.
STATUS = {
    "click": "clicked",
    "type": "typed",
    "select": "selected",
    "hover": "hovered",
    "scroll": "scrolled",
    "press": "pressed",
    "goto": "navigated",
    "back": "navigated_back",
    "forward": "navigated_forward",
    "refresh": "refreshed",
    "execute": "executed",
    "evaluate": "evaluated",
}


@dataclass(frozen=True)
class Instance:
    """The session's one browser, as ``browser_session`` names it."""

    instance_id: str
    headless: bool
    started: datetime

    def info(self, url: str) -> dict[str, Any]:
        return {
            "instance_id": self.instance_id,
            "headless": self.headless,
            "started": self.started.isoformat(timespec="seconds"),
            "url": url,
            "active": True,
        }


def refused(code: str, message: str) -> BrowserResponse:
    return BrowserResponse(success=False, error=message, data={"error_code": code})


class FacadeFront(InFront):
    """The top layer of a run whose tools are the V02 facade's."""

    stack: ToolStack  # what it stands in front of

    def __init__(self, stack: ToolStack, resolver: SelectorResolver, instance: Instance) -> None:
        self.stack = stack
        self.resolver = resolver
        self.instance = instance
        self.surface: Surface = REGISTRY.surface(V02)
        self.images: tuple[Any, ...] = ()  # a front door's images: the facade gives base64

    async def execute(self, call: ToolCall) -> Reply:
        if call.name == "get_snapshot":  # a front door's first look at the page
            return await self._session(call, SessionArgs(action="launch"))
        if call.name not in self.surface:
            tools = ", ".join(self.surface.names())
            said = refused("invalid_params", f"{echo(call.name)}: unknown tool; tools: {tools}")
            return await self._page(call, said)
        try:
            args = parse_call(call.name, call.arguments)[1]
        except InvalidParamsError as exc:
            return await self._page(call, refused("invalid_params", str(exc)))
        if isinstance(args, SessionArgs):
            return await self._session(call, args)
        translated = await self._translated(call, args)
        if translated.refused is not None:
            said = refused(translated.refused.code, translated.refused.message)
            return await self._page(call, said)
        reply = await self.through(translated)
        return self._answer(call, args, reply)

    async def _translated(self, call: ToolCall, args: Any) -> Translated:
        if isinstance(args, NavigateArgs):
            return translate.navigate(call, args)
        if isinstance(args, InteractArgs):
            return await translate.interact(call, args, self.resolver)
        if isinstance(args, ExecuteArgs):
            return translate.execute(call, args)
        return translate.read(call)

    async def _page(self, call: ToolCall, said: BrowserResponse) -> Reply:
        """A call refused before it ran: nothing is read again, so the refs of the client's
        last snapshot stay current (the page is read only when none was yet)."""
        return replace(await self._here(call), result=said.said(), shown="")

    async def _here(self, call: ToolCall) -> Reply:
        """The page as last read, without a fresh capture (one, when none was taken yet)."""
        last = self.stack.server.last_snapshot
        if last is not None:
            return Reply({"success": True}, last)
        return await self.stack.execute(ToolCall(id=call.id, name="get_snapshot"))

    # -- the reply -----------------------------------------------------------------------------

    def _answer(self, call: ToolCall, args: Any, reply: Reply) -> Reply:
        foreign = reply.result.get("foreign")
        action = getattr(args, "action", "")
        if isinstance(foreign, str) and not reply.result.get("error"):
            said = BrowserResponse.model_validate(json.loads(foreign))
            if action not in STATUS:  # a read: the page did not change
                if reply.message:  # what pages did by themselves meanwhile (a download)
                    said.data = {**(said.data or {}), "message": reply.message}
                return replace(reply, result=said.said(), shown="")
        else:
            said = BrowserResponse(success=True)
        error = reply.result.get("error")
        data: dict[str, Any] = dict(said.data or {})
        if error:
            said = refused(str(error), reply.message or str(error))
            data = {**data, **(said.data or {})}
        elif action in STATUS and said.success:  # code that threw did not "execute"
            data["status"] = STATUS[action]
        for key in ("declined", "effect"):
            if reply.result.get(key) is not None:
                data[key] = reply.result[key]
        if reply.message and not error:
            data["message"] = reply.message
        if reply.ended is not None:
            data["run_ended"] = reply.ended.model_dump(mode="json", exclude={"usage"})
        data["snapshot"] = reply.snapshot.model_dump(mode="json", exclude={"screenshot"})
        said = said.model_copy(update={"data": data, "url": reply.snapshot.page.url})
        return replace(reply, result=said.said(), shown="")

    async def _session(self, call: ToolCall, args: SessionArgs) -> Reply:
        """launch, list and get_active on the session's one browser (terminate and the
        calls before a launch are the front door's: it owns the browser). Only a launch
        reads the page afresh (its reply carries the snapshot); a list keeps the refs."""
        launch = args.action == "launch"
        if launch:
            reply = await self.stack.execute(ToolCall(id=call.id, name="get_snapshot"))
        else:
            reply = await self._here(call)
        url = self.resolver.url or reply.snapshot.page.url
        instance = self.instance
        if args.action == "list":
            said = BrowserResponse(success=True, data={"instances": [instance.info(url)]})
        elif args.action == "get_active":
            said = BrowserResponse(success=True, instance_id=instance.instance_id, url=url)
        elif args.action == "terminate":
            said = refused("invalid_params", "terminate is answered by the session's door")
        else:
            data = {"status": "launched", **instance.info(url)}
            data["snapshot"] = reply.snapshot.model_dump(mode="json", exclude={"screenshot"})
            said = BrowserResponse(success=True, instance_id=instance.instance_id, data=data)
        return replace(reply, result=said.said(), shown="")

    # -- the rest of the top layer, as the stack has it -------------------------------------

    def preview(self, call: ToolCall) -> Preview:
        """The call as a log may write it: no typed value (the field a CSS selector names is
        not known before it runs, so typed text is kept as a secret: masked here, scrubbed
        wherever else it shows), and the element it names by its name when it is our ref."""
        args = call.arguments
        if not isinstance(args, dict):
            return Preview(None, args)
        typed = args.get("text")
        if isinstance(typed, str):
            KNOWN.remember(typed)
        written = {
            k: (mask(v) if k in TYPED and isinstance(v, str) else v) for k, v in args.items()
        }
        target = args.get("selector")
        named = self.stack.server.registry.peek(target.strip() if isinstance(target, str) else None)
        if named is not None:
            target = named.name or target
        return Preview(target if isinstance(target, str) else None, written)
