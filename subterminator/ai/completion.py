"""A chat-completions answer, in the shapes OpenAI-compatible servers really send, as our
``AIResponse``.

What servers differ in, and how each is read:

- tool calls: any entry with a ``function`` is a function call, its ``type`` given or not (a
  hosted server leaves it out); ``arguments`` a JSON string, an object, or empty; the legacy
  ``function_call`` and OpenAI's ``custom`` tools too. When tool calls are present they are
  never lost: an entry that cannot be read makes the whole answer malformed, said plainly;
- the text: a string, or a list of chunks whose text chunks are the answer and whose thinking
  chunks are reasoning; ``<think>`` blocks inside the text are reasoning too;
- reasoning fields: ``reasoning_content``, ``reasoning``, ``reasoning_details``, ``thinking``;
- a refusal: the ``refusal`` field or a refusal chunk, in the model's words.
"""

from __future__ import annotations

from typing import Any

from subterminator.ai.usage import Estimate, read_usage
from subterminator.ai.wire import arguments, as_dict, joined, malformed, reasoning, split_thinking
from subterminator.models.conversation import AIResponse, ToolCall

# OpenAI's finish reasons in the words our AIResponse uses everywhere (Anthropic's)
STOP_REASONS = {
    "tool_calls": "tool_use",
    "function_call": "tool_use",
    "stop": "end_turn",
    "eos": "end_turn",
    "eos_token": "end_turn",
    "length": "max_tokens",
    "content_filter": "refusal",
}
FILTERED = "The server's content filter stopped the answer."
_REASONING_FIELDS = ("reasoning_content", "reasoning", "reasoning_details", "thinking")
_THINKING_CHUNKS = {"thinking", "reasoning", "reasoning_content", "thought"}
_TEXT_CHUNKS = {"text", "output_text"}


def _chunks(content: Any) -> tuple[list[str], list[str], list[str]]:
    """The text, reasoning and refusal in a message's ``content``, however it is sent."""
    if content is None:
        return [], [], []
    if isinstance(content, str):
        return [content], [], []
    parts = [content] if isinstance(content, dict) else content
    if not isinstance(parts, list):
        raise malformed("the answer's content is neither text nor a list of chunks")
    texts: list[str] = []
    thoughts: list[str] = []
    refusals: list[str] = []
    for part in parts:
        if isinstance(part, str):
            texts.append(part)
            continue
        if not isinstance(part, dict):
            raise malformed("a chunk of the answer's content is neither text nor an object")
        kind = str(part.get("type") or "")
        if kind in _THINKING_CHUNKS or part.get("thought") is True:
            thoughts.extend(reasoning(part))
        elif kind == "refusal":
            refusals.extend(reasoning(part.get("refusal")))
        elif kind in _TEXT_CHUNKS or (not kind and "text" in part):
            text = part.get("text")
            texts.append(text if isinstance(text, str) else joined(list(reasoning(text))))
    return texts, thoughts, refusals


def _entries(message: dict[str, Any]) -> list[Any]:
    raw = message.get("tool_calls")
    if not isinstance(raw, list | dict | None):
        raise malformed("the answer's tool_calls is not a list")
    entries = [raw] if isinstance(raw, dict) else list(raw or [])
    legacy = message.get("function_call")
    if isinstance(legacy, dict) and legacy:
        entries.append({"function": legacy})
    return entries


def _tool_calls(message: dict[str, Any]) -> list[ToolCall]:
    """Every tool call in the message; one that cannot be read is said, never skipped."""
    calls: list[ToolCall] = []
    for index, entry in enumerate(_entries(message)):
        held = entry if isinstance(entry, dict) else {}
        function = held.get("function") or held.get("custom")
        name = function.get("name") if isinstance(function, dict) else None
        if not isinstance(function, dict) or not isinstance(name, str) or not name:
            raise malformed(f"tool call {index + 1} names no function")
        raw = function["arguments"] if "arguments" in function else function.get("input")
        ident = held.get("id")
        calls.append(
            ToolCall(
                id=str(ident) if ident not in (None, "") else f"call_{index}",
                name=name,
                arguments=arguments(raw),
            )
        )
    return calls


def _message(raw: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    """The first choice's message and its finish reason."""
    choices = raw.get("choices")
    if not isinstance(choices, list) or not choices:
        raise malformed("the answer has no choices")
    choice = choices[0]
    message = choice.get("message") if isinstance(choice, dict) else None
    if not isinstance(message, dict):
        raise malformed("the answer's first choice has no message")
    return message, choice.get("finish_reason")


def _stop_reason(reason: Any, calls: list[ToolCall]) -> str | None:
    stop = STOP_REASONS.get(reason, reason) if isinstance(reason, str) else None
    # some servers finish a turn with tool calls as "stop": the calls are what it is
    return "tool_use" if calls and stop in (None, "end_turn") else stop


def parse_completion(response: Any, estimate: Estimate) -> AIResponse:
    """A chat completion (the SDK's, read as the server sent it) as our AIResponse;
    ``estimate`` stands in for counts the server did not give."""
    raw = as_dict(response)
    message, reason = _message(raw)
    texts, thoughts, refusals = _chunks(message.get("content"))
    for field in _REASONING_FIELDS:
        thoughts.extend(reasoning(message.get(field)))
    content, tagged = split_thinking("".join(texts))
    refusals.extend(reasoning(message.get("refusal")))
    calls = _tool_calls(message)
    stop = _stop_reason(reason, calls)
    said = joined(refusals)
    parsed = AIResponse(
        content=content,
        thinking=joined(thoughts + tagged),
        refusal=said or (FILTERED if stop == "refusal" and not calls else None),
        tool_calls=calls,
        stop_reason=stop,
    )
    usage = read_usage(raw.get("usage"), parsed, estimate, inclusive=True)
    return parsed.model_copy(update={"usage": usage})
