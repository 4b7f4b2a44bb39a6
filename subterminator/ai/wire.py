"""What every server's answer has in common once it is plain JSON: the answer as a dict, a tool
call's arguments, reasoning text in its many wrappings, and ``<think>`` blocks inside the text.

Both clients read the answer as the server sent it (the SDKs keep unknown fields and wrong
types as they came), so a field a server names its own way is read rather than lost, and an
answer that fits no known shape is a ``MalformedResponseError`` with one plain sentence.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from subterminator.errors import MalformedResponseError

# Reasoning that models write into the text itself, between tags their chat template uses.
_TAGS = "think|thinking|thought|reasoning"
_BLOCK = re.compile(rf"<({_TAGS})>(.*?)(?:</\1>|\Z)", re.DOTALL | re.IGNORECASE)
# A template that opens the block in the prompt leaves only its end in the answer.
_OPEN_IN_PROMPT = re.compile(rf"\A(.*?)</(?:{_TAGS})>", re.DOTALL | re.IGNORECASE)
# Keys under which a reasoning chunk or entry carries its words (first found wins).
_WORDS = ("text", "thinking", "reasoning", "reasoning_content", "content", "summary")


def malformed(what: str) -> MalformedResponseError:
    """The error for an answer that fits no known shape, in one plain sentence."""
    return MalformedResponseError(f"Malformed response from the model API: {what}")


def as_dict(response: Any) -> dict[str, Any]:
    """The answer as the server sent it: the SDK's model back to JSON, unknown fields kept."""
    to_dict = getattr(response, "to_dict", None)
    raw = to_dict(warnings=False) if callable(to_dict) else response
    if not isinstance(raw, dict):
        raise malformed("the answer is not a JSON object")
    return raw


def arguments(raw: Any) -> Any:
    """A tool call's arguments: a JSON string (decoded, twice if it was encoded twice), an
    object as some servers send, or nothing (no arguments). Text that is not JSON is passed on
    as it is, for the tool server to refuse (``invalid_params``) like any malformed call."""
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return {}
    if not isinstance(raw, str):
        return raw
    try:
        decoded = json.loads(raw)
    except json.JSONDecodeError:
        return raw
    if isinstance(decoded, str) and decoded.lstrip().startswith(("{", "[")):
        return arguments(decoded)
    return decoded


def reasoning(value: Any) -> Iterator[str]:
    """The words of a reasoning field or chunk however it is wrapped: a string, a list of
    chunks, or an entry naming its words (encrypted or redacted entries carry none)."""
    if isinstance(value, str):
        if value.strip():
            yield value.strip()
    elif isinstance(value, list):
        for item in value:
            yield from reasoning(item)
    elif isinstance(value, dict):
        kind = str(value.get("type") or "")
        if "encrypted" in kind or "redacted" in kind:
            return
        for key in _WORDS:
            if value.get(key):
                yield from reasoning(value[key])
                return


def split_thinking(text: str) -> tuple[str, list[str]]:
    """``text`` without its ``<think>`` blocks, and what they held: the model's reasoning is
    not its answer. An unclosed block (the answer was cut off) is reasoning to the end."""
    thoughts: list[str] = []
    head = _OPEN_IN_PROMPT.match(text)
    if head and not _BLOCK.search(head.group(1)):
        thoughts.append(head.group(1).strip())
        text = text[head.end() :]

    def keep(match: re.Match[str]) -> str:
        thoughts.append(match.group(2).strip())
        return ""

    rest = _BLOCK.sub(keep, text)
    if len(rest) != len(text) or thoughts:
        rest = rest.strip()
    return rest, [t for t in thoughts if t]


def joined(pieces: list[str]) -> str:
    """Reasoning pieces as one text, each said once (servers repeat it in two fields)."""
    seen: list[str] = []
    for piece in pieces:
        if piece and piece not in seen:
            seen.append(piece)
    return "\n\n".join(seen)
