"""Replies that carry what changed: the MCP door's side of ``SnapshotChanges``.

After the first whole snapshot a client was sent, an action's reply carries what changed
since the last page it was sent, when that is shorter than the whole page (a page the action
replaced is all added, with ``removed: "all"``). ``get_snapshot`` and
``browser_open`` always answer with the whole page. The last page sent belongs to one run:
a relaunched browser starts its refs again, so a new run starts from a whole page.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from typing import Any

from subterminator.ai.render import message_text, page_fields
from subterminator.models.changes import ALL, SnapshotChanges
from subterminator.models.conversation import Message, ToolCall
from subterminator.models.snapshot import Element, Snapshot, wire_state
from subterminator.snapshot.changes import changes
from subterminator.snapshot.tokens import estimate_tokens
from subterminator.stack import Reply

WHOLE_PAGE_TOOLS = frozenset({"get_snapshot", "browser_open"})
CHANGES_HEAD = "changes (unlisted refs stand):"


def changes_json(changed: SnapshotChanges, snapshot: Snapshot) -> dict[str, Any]:
    """The changes as the client reads them: the page's address and title cut as a whole
    snapshot's are (``page_fields``: a page's words are an attacker's, and long)."""
    body = changed.model_dump(mode="json")
    if isinstance(body.get("page"), dict):
        body["page"].update(page_fields(snapshot))
    return body


def _quoted(text: str) -> str:
    """A page's words as one JSON string: quoted and escaped, a line break as ``\\n``, so
    nothing a page says can pass for a line of ours."""
    return json.dumps(text, ensure_ascii=False)


def element_line(element: Element) -> str:
    """One element as a line: ref, role, name, then what is set (level, states, value,
    children). Its box is in the structured content and get_snapshot's page."""
    parts = [element.ref, element.role, _quoted(element.name)]
    if element.level is not None:
        parts.append(f"level={element.level}")
    parts += wire_state(element.role, element.state)
    if element.value is not None:
        parts.append(f"value={_quoted(element.value)}")
    if element.children:
        parts += [">", *element.children]
    return " ".join(parts)


def text_lines(before: str, after: str, named: set[str]) -> tuple[list[str], list[str]]:
    """The page text's lines new since ``before`` and those gone from it, but for lines that
    only repeat an element's name (the element lines say those)."""
    old, new = Counter(before.splitlines()), Counter(after.splitlines())
    came = [line for line in (new - old).elements() if line.strip() not in named]
    went = [line for line in (old - new).elements() if line.strip() not in named]
    return came, went


def changes_text(call: ToolCall, reply: Reply, changed: SnapshotChanges, base: Snapshot) -> str:
    """The reply as the model reads it: the tool's result as JSON (as in the loop, without
    what is null), then what changed, a line per fact; every page word a JSON string."""
    result = {k: v for k, v in reply.result.items() if v is not None}
    bare = Message(role="tool", tool_call_id=call.id, result=result)
    lines = [message_text(bare), CHANGES_HEAD]
    new, old = reply.snapshot.page, base.page
    if (new.url, new.title) != (old.url, old.title):
        page = page_fields(reply.snapshot)
        lines.append(f"page: {_quoted(page['url'])} {_quoted(page['title'])}")
    for label, elements in (("added", changed.added), ("changed", changed.changed)):
        if elements:
            lines.append(f"{label}:")
            lines += [element_line(e) for e in elements]
    if changed.removed:
        gone = changed.removed if isinstance(changed.removed, str) else " ".join(changed.removed)
        lines.append(f"removed: {gone}")
    if changed.unchanged:
        lines.append(f"unchanged: {changed.unchanged}")
    if changed.meta is not None:  # what the element budget left out, every time it did
        lines.append(f"meta: {changed.meta.model_dump_json()}")
    if changed.focused != base.focused:
        lines.append(f"focused: {changed.focused or 'none'}")
    named = {e.name for e in (*base.elements, *reply.snapshot.elements)}
    came, went = text_lines("" if changed.removed == ALL else old.text, new.text, named)
    if came:
        lines.append(f"text new: {_quoted(chr(10).join(came))}")
    if went:
        lines.append(f"text gone: {_quoted(chr(10).join(went))}")
    return "\n".join(lines)


@dataclass(frozen=True)
class Changed:
    """A reply's page as what changed: the text the model reads and the structured form."""

    changes: SnapshotChanges
    text: str
    structured: dict[str, Any]


@dataclass
class Shown:
    """The last page this session's client was sent (in whole or as changes), by run;
    ``sends``: whether replies may carry changes at all (``McpOptions.sends_changes``)."""

    sends: bool = True
    run: object | None = None
    snapshot: Snapshot | None = None

    def reply(
        self, run: object, call: ToolCall, reply: Reply, whole: str | None = None
    ) -> Changed | None:
        """What ``reply`` should carry in place of its whole snapshot, if anything; the
        client holds the reply's page from now on, whichever form it takes. ``whole``: the
        whole reply's text, when the caller rendered it already (it is rendered once)."""
        if not self.sends or run is None:
            return None
        base = self.snapshot if self.run is run else None
        self.run, self.snapshot = run, reply.snapshot
        if base is None or call.name in WHOLE_PAGE_TOOLS or reply.shown is not None:
            return None
        found = changes(base, reply.snapshot)
        text = changes_text(call, reply, found, base)
        if whole is None:
            whole = message_text(reply.to_message(call))
        if estimate_tokens(text) >= estimate_tokens(whole):
            return None
        return Changed(found, text, changes_json(found, reply.snapshot))
