"""Messages -> the text (and image) a model reads; shared by AIClient, doubles and budgets."""

from __future__ import annotations

import json
from typing import Any

from subterminator.models.conversation import Message
from subterminator.models.snapshot import MAX_NAME_LENGTH, Snapshot
from subterminator.snapshot.tokens import estimate_tokens, image_tokens

# A page's address and <title> can be any length (a page sets both), and every snapshot in the
# history repeats them: the model reads them cut, so one page cannot push every later request
# past the request's hard token limits. The title is cut like an element name.
PAGE_URL_CHARS = 500
PAGE_TITLE_CHARS = MAX_NAME_LENGTH
# ...and to a token budget: 200 characters can weigh 30 tokens each (U+FDFA, one ligature,
# is 18 letters once normalised), and a snapshot digest repeats them on every turn. 200 of the
# heaviest emoji (flags, 3 tokens a code point) still fit.
PAGE_URL_TOKENS = 200
PAGE_TITLE_TOKENS = 700
SUMMARY_WORD_CHARS = 40
# The model's own words come back to it in every later request, and so do a tool reply's (a
# person's feedback, the addresses a page tried to send, the page's address): any of them can
# be any length (an AIClientProtocol double, a larger max_tokens, a page), and the newest turn
# is never dropped. The model reads each cut to a token budget, so one turn cannot push a
# request past its hard token limits.
MODEL_TEXT_TOKENS = 500  # an assistant reply's text
ARGUMENT_TOKENS = 200  # each string in a tool call's arguments, and the tool's name
REPLY_TEXT_TOKENS = 300  # each string in a tool reply


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def cut_tokens(text: str, budget: int) -> str:
    """``text`` whole if within ``budget`` estimated tokens, else its longest prefix that fits
    with a marker saying how long it was."""
    if len(text) <= 3 * budget and estimate_tokens(text) <= budget:  # >= 1/3 token a character
        return text
    note = f"... ({len(text)} characters)"
    room = budget - estimate_tokens(note)
    low, high = 0, min(len(text), 3 * max(room, 0))
    while low < high:
        middle = (low + high + 1) // 2
        if estimate_tokens(text[:middle]) <= room:
            low = middle
        else:
            high = middle - 1
    return text[:low] + note


def shown_arguments(arguments: Any) -> Any:
    """A tool call's arguments as the model reads them back: every string (keys too) cut."""
    if isinstance(arguments, str):
        return cut_tokens(arguments, ARGUMENT_TOKENS)
    if isinstance(arguments, dict):
        return {
            cut_tokens(str(key), ARGUMENT_TOKENS): shown_arguments(value)
            for key, value in arguments.items()
        }
    if isinstance(arguments, list):
        return [shown_arguments(value) for value in arguments]
    return arguments


def shown_name(name: str) -> str:
    """A tool call's name as the model reads it back."""
    return cut_tokens(name, ARGUMENT_TOKENS)


def page_fields(snapshot: Snapshot) -> dict[str, str]:
    """The page's url and title as the model reads them."""
    return {
        "url": cut_tokens(_cut(snapshot.page.url, PAGE_URL_CHARS), PAGE_URL_TOKENS),
        "title": cut_tokens(_cut(snapshot.page.title, PAGE_TITLE_CHARS), PAGE_TITLE_TOKENS),
    }


def snapshot_text(snapshot: Snapshot, full: bool) -> str:
    """The page for the model: full JSON (screenshot travels as an image) or a short digest."""
    if full:
        body = snapshot.model_dump(mode="json", exclude={"screenshot"})
        body["page"].update(page_fields(snapshot))
        return json.dumps(body, ensure_ascii=False, separators=(",", ":"))
    return (
        f'{{"snapshot_id":"{snapshot.snapshot_id}","page":'
        f"{json.dumps(page_fields(snapshot), ensure_ascii=False)},"
        f'"elements":"omitted: an older snapshot, its refs are no longer valid"}}'
    )


def _page_text(message: Message) -> str:
    """Another backend's page text, or, once history compaction reduced it, where it was."""
    if message.full_snapshot or message.snapshot is None:
        return message.page_text or ""
    where = json.dumps(page_fields(message.snapshot), ensure_ascii=False)
    return f"(an older page {where}: its refs are no longer valid)"


def _reply_value(value: Any) -> Any:
    """A tool reply's value as the model reads it: each string cut, one level down too (a
    declined checkpoint carries the person's words)."""
    if isinstance(value, str):
        return cut_tokens(value, REPLY_TEXT_TOKENS)
    if isinstance(value, dict):
        return {
            k: cut_tokens(v, REPLY_TEXT_TOKENS) if isinstance(v, str) else v
            for k, v in value.items()
        }
    return value


def message_text(message: Message) -> str:
    """Everything textual the model will read for ``message``."""
    if message.role == "tool":
        body = {key: _reply_value(value) for key, value in (message.result or {}).items()}
        text = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
        if message.page_text is not None:
            return f"{text}\n{_page_text(message)}"
        if message.snapshot is not None:
            text = (
                text[:-1]
                + ',"snapshot":'
                + snapshot_text(message.snapshot, message.full_snapshot)
                + "}"
            )
        return text
    text = message.content
    if message.role == "assistant":
        text = cut_tokens(text, MODEL_TEXT_TOKENS)
    if message.page_text is not None:
        text += "\n\nCurrent page snapshot:\n" + _page_text(message)
    elif message.snapshot is not None:
        text += "\n\nCurrent page snapshot:\n" + snapshot_text(
            message.snapshot, message.full_snapshot
        )
    return text


def message_image(message: Message) -> str | None:
    """Base64 PNG to send with the message, if its snapshot is shown in full."""
    snap = message.snapshot
    if snap is None or not message.full_snapshot or not snap.screenshot:
        return None
    if message.page_text is not None:  # another backend's page: ours is the record's alone
        return None
    return snap.screenshot


def message_tokens(message: Message) -> int:
    tokens = estimate_tokens(message_text(message))
    for call in message.tool_calls:
        arguments = json.dumps(shown_arguments(call.arguments), ensure_ascii=False)
        tokens += estimate_tokens(shown_name(call.name) + arguments)
    if message_image(message) and message.snapshot is not None:
        width, height = _png_size(message.snapshot.screenshot)
        tokens += image_tokens(width, height)
    return tokens


def history_tokens(messages: list[Message], system: str = "") -> int:
    """Estimated tokens of a prompt (system prompt included when given)."""
    return estimate_tokens(system) + sum(message_tokens(m) for m in messages)


def _png_size(b64: str) -> tuple[int, int]:
    import base64
    import struct

    head = base64.b64decode(b64[:44] + "=" * (-len(b64[:44]) % 4))
    if head[:8] != b"\x89PNG\r\n\x1a\n" or len(head) < 24:
        return (1024, 768)  # unknown format: assume a large image (conservative)
    width, height = struct.unpack(">II", head[16:24])
    return int(width), int(height)


def _word(value: object) -> str:
    """A tool name, ref, direction or status as the summary shows it: as it is when it is a
    plain short word (always, for valid calls), else ASCII-escaped and cut. A malformed call's
    garbage must not grow the summary, which is never dropped (the request has hard limits)."""
    text = str(value)
    if len(text) <= SUMMARY_WORD_CHARS and text.isascii() and text.isprintable():
        return text
    return json.dumps(text)[1:-1][:SUMMARY_WORD_CHARS] + "..."


def describe_call(name: str, arguments: Any) -> str:
    """``browser_fill(@e8, "test")``: a dropped turn as the "Previous actions:" summary shows it."""
    args = arguments if isinstance(arguments, dict) else {}
    parts: list[str] = []
    for key in ("ref", "direction", "value", "status", "action"):
        if key in args:
            value = args[key]
            parts.append(
                _word(value) if key in ("ref", "direction", "status") else json.dumps(value)[:60]
            )
    return f"{_word(name)}({', '.join(parts)})"


def outcome(message: Message) -> str:
    """``success`` (with a declined checkpoint after it, said) or ``failed (code)``."""
    result: dict[str, Any] = message.result or {}
    if "approved" in result:
        return "approved" if result["approved"] else "rejected"
    if "acknowledged" in result:
        return "acknowledged" if result["acknowledged"] else "not acknowledged"
    if result.get("success"):  # the action ran; a checkpoint after it may have been declined
        declined = result.get("declined")
        if isinstance(declined, dict):
            if declined.get("asked") is False:
                return "success; nobody could be asked about the next step"
            return "success; the next step was declined"
        return "success"
    return f"failed ({result.get('error') or 'unknown'})"
