"""Token usage as servers report it, in our one ``Usage``: uncached input, output, and the cached
and cache-written parts apart, whatever names the server gives them.

Chat-completions servers count cached tokens inside ``prompt_tokens`` and name them in several
ways (OpenAI's ``prompt_tokens_details.cached_tokens``, a top-level ``cached_tokens``,
``num_cached_tokens``, DeepSeek's ``prompt_cache_hit_tokens``/``prompt_cache_miss_tokens``, a
proxy's Anthropic-style ``cache_read_input_tokens``); Anthropic counts them apart from
``input_tokens``. A count the server leaves out or sends as null is our estimate and the usage
is marked ``estimated``: a 0 would read as a real count and hide the cost.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from subterminator.ai.render import history_tokens
from subterminator.models.conversation import AIResponse, Message, Usage
from subterminator.snapshot.tokens import estimate_tokens

Estimate = Callable[[AIResponse], Usage]

_CACHED = (
    ("prompt_tokens_details", "cached_tokens"),
    ("input_tokens_details", "cached_tokens"),
    ("cached_tokens",),
    ("num_cached_tokens",),
    ("prompt_cache_hit_tokens",),
    ("cache_read_input_tokens",),
)
_WRITTEN = (
    ("cache_creation_input_tokens",),
    ("prompt_tokens_details", "cache_write_tokens"),
    ("prompt_tokens_details", "cache_creation_tokens"),
)


def estimator(messages: list[Message], tools: list[dict[str, Any]], system: str) -> Estimate:
    """Our estimate of one call's usage, for a server that reports none: the request we sent
    and what the answer said (its reasoning is output too)."""

    def estimate(parsed: AIResponse) -> Usage:
        said = (
            parsed.content
            + parsed.thinking
            + (parsed.refusal or "")
            + json.dumps([c.arguments for c in parsed.tool_calls], ensure_ascii=False)
        )
        return Usage(
            input_tokens=history_tokens(messages, system)
            + estimate_tokens(json.dumps(tools, ensure_ascii=False)),
            output_tokens=estimate_tokens(said),
            estimated=True,
        )

    return estimate


def _count(raw: dict[str, Any], *path: str) -> int | None:
    """A count at ``path``, or None when it is missing, null or not a count."""
    value: Any = raw
    for key in path:
        value = value.get(key) if isinstance(value, dict) else None
    if isinstance(value, bool):
        return None
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, int | float) and value >= 0:
        return int(value)
    return None


def _most(raw: dict[str, Any], paths: tuple[tuple[str, ...], ...]) -> int:
    """The largest of the counts a server gives under different names for one thing."""
    return max((n for path in paths if (n := _count(raw, *path)) is not None), default=0)


def _first(raw: dict[str, Any], *keys: str) -> int | None:
    return next((n for key in keys if (n := _count(raw, key)) is not None), None)


def read_usage(raw: Any, parsed: AIResponse, estimate: Estimate, *, inclusive: bool) -> Usage:
    """``raw`` (a server's usage object, or None) as our Usage. ``inclusive``: the input count
    includes the cached tokens (chat completions) rather than leaving them out (Anthropic)."""
    usage = raw if isinstance(raw, dict) else {}
    cached = _most(usage, _CACHED)
    written = _most(usage, _WRITTEN)
    prompt = _first(usage, "prompt_tokens", "input_tokens")
    output = _first(usage, "completion_tokens", "output_tokens")
    total = _count(usage, "total_tokens")
    missed = _count(usage, "prompt_cache_miss_tokens")
    if prompt is None and missed is not None:
        prompt = missed + cached
    if prompt is None and total is not None and output is not None:
        prompt = total - output
    if output is None and total is not None and prompt is not None:
        output = max(0, total - prompt)
    uncached = None
    if prompt is not None:
        uncached = max(0, prompt - cached - written) if inclusive else prompt
    if uncached is not None and output is not None:
        return Usage(
            input_tokens=uncached,
            output_tokens=output,
            cache_creation_input_tokens=written,
            cache_read_input_tokens=cached,
        )
    guess = estimate(parsed)
    return Usage(
        input_tokens=guess.input_tokens if uncached is None else uncached,
        output_tokens=guess.output_tokens if output is None else output,
        cache_creation_input_tokens=written,
        cache_read_input_tokens=cached,
        estimated=True,
    )
