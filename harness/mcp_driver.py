"""Drive any ``AIClientProtocol`` (scripted, the offline policy, a cassette) through an MCP
server, as an MCP client's model would: so what the loop's tests prove can be proved again
through the MCP front door, on the same pages, with the same AI.

The person is the client's elicitation callback (``answers``: yes or no per question, then no),
or nobody at all (``answers=None``: a client without elicitation).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import mcp.types as types
from mcp.client import Client

from subterminator.ai.prompts import NO_TOOL_NUDGE, build_system_prompt
from subterminator.ai.protocol import AIClientProtocol
from subterminator.models.changes import SnapshotChanges
from subterminator.models.conversation import Message
from subterminator.models.result import TaskResult
from subterminator.models.snapshot import Snapshot
from subterminator.snapshot.changes import applied_snapshot
from subterminator.tools.registry import tool_schemas


@dataclass
class Person:
    """Answers elicitations in order (then no); records what was asked."""

    answers: list[bool]
    asked: list[str] = field(default_factory=list)

    async def __call__(self, context: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
        self.asked.append(params.message)
        yes = self.answers.pop(0) if self.answers else False
        if "done" in str(getattr(params, "requested_schema", {})):
            return types.ElicitResult(action="accept", content={"done": yes})
        return types.ElicitResult(action="accept", content={"approve": yes})


@dataclass
class DrivenRun:
    ended: TaskResult | None  # how the server said the run ended (None: it did not)
    calls: list[str]
    replies: list[types.CallToolResult]
    asked: list[str]


# Every page a reply gave, whole or as changes applied to the page before, by snapshot id: a
# reply of changes is read as a client reads it, against the last page that client was sent.
_PAGES: OrderedDict[str, Snapshot] = OrderedDict()
_KEPT_PAGES = 256


def page(reply: types.CallToolResult) -> Snapshot:
    """The whole page a client holds after ``reply``: its snapshot, or its changes applied to
    the page they were made against (which an earlier ``page`` call must have read)."""
    structured = reply.structured_content or {}
    if isinstance(structured.get("snapshot"), dict):
        # the structured snapshot leaves the screenshot out (an image, when asked for)
        found = Snapshot.model_validate({"screenshot": "", **structured["snapshot"]})
    elif isinstance(structured.get("changes"), dict):
        changed = SnapshotChanges.model_validate(structured["changes"])
        base = _PAGES.get(changed.base)
        if base is None:
            raise LookupError(
                f"a reply of changes against page {changed.base}, which no reply read here "
                "gave: read every reply of the session with page() (or ref(), elements())"
            )
        found = applied_snapshot(base, changed)
    else:
        raise LookupError(f"the reply carries no page: {str(reply.content)[:200]}")
    _PAGES[found.snapshot_id] = found
    while len(_PAGES) > _KEPT_PAGES:
        _PAGES.popitem(last=False)
    return found


def _message(call_id: str, reply: types.CallToolResult) -> Message:
    structured = dict(reply.structured_content or {})
    snapshot = page(reply)
    structured.pop("snapshot", None)
    structured.pop("changes", None)
    structured.pop("run_ended", None)
    return Message(role="tool", tool_call_id=call_id, result=structured, snapshot=snapshot)


def client(
    server: Any, answers: list[bool] | None, *, mode: str = "legacy"
) -> tuple[Client, Person | None]:
    """An MCP client on ``server`` (in-process, or anything ``Client`` takes)."""
    person = Person(list(answers)) if answers is not None else None
    return Client(server, mode=mode, elicitation_callback=person), person


async def drive(
    session: Client,
    ai: AIClientProtocol,
    goal: str,
    *,
    guidance: str = "",
    max_turns: int = 20,
    person: Person | None = None,
    first: Callable[[], dict[str, Any]] = dict,
) -> DrivenRun:
    """The conversation loop on the client's side: open the start page, then one tool call a
    turn until the server says the run ended (or the turns run out)."""
    system = build_system_prompt(goal, guidance)
    opened = await session.call_tool("browser_open", first())
    replies = [opened]
    messages = [
        Message(
            role="user",
            content=f"Goal: {goal}",
            snapshot=_message("", opened).snapshot,
        )
    ]
    calls: list[str] = []
    quiet = 0
    for _ in range(max_turns):
        response = await ai.chat(messages, tool_schemas(), system)
        if not response.tool_calls:
            quiet += 1
            messages += [
                Message(role="assistant", content=response.content),
                Message(role="user", content=NO_TOOL_NUDGE),
            ]
            if quiet >= 3:
                break
            continue
        call = response.tool_calls[0]
        calls.append(call.name)
        messages.append(Message(role="assistant", content=response.content, tool_calls=[call]))
        reply = await session.call_tool(call.name, call.arguments or {})
        replies.append(reply)
        messages.append(_message(call.id, reply))
        ended = (reply.structured_content or {}).get("run_ended")
        if ended is not None:
            return DrivenRun(TaskResult.model_validate(ended), calls, replies, _asked(person))
    return DrivenRun(None, calls, replies, _asked(person))


def _asked(person: Person | None) -> list[str]:
    return list(person.asked) if person is not None else []


def elements(reply: types.CallToolResult) -> Iterator[dict[str, Any]]:
    """The elements of the whole page the client holds after ``reply`` (``page``)."""
    yield from (e.model_dump(mode="json") for e in page(reply).elements)


def ref(reply: types.CallToolResult, name: str, nth: int = 0) -> str:
    """The ref of the ``nth`` element named ``name`` in a reply's snapshot."""
    found = [e["ref"] for e in elements(reply) if e.get("name") == name]
    if len(found) <= nth:
        names = [e.get("name", "") for e in elements(reply)]
        raise LookupError(f"no element {name!r} (#{nth}) in the reply; it has {names}")
    return str(found[nth])
