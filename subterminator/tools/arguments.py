"""Validating a tool call's arguments against its tool's model, with messages that say what
is wrong: the model reads them and corrects its next call."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from subterminator.errors import InvalidParamsError
from subterminator.tools.args import ToolArgs
from subterminator.tools.registry import tool_names, tool_spec
from subterminator.tools.spec import ToolSpec

ECHO_LIMIT = 80  # characters of the model's own input a reply quotes back


def echo(value: object, limit: int = ECHO_LIMIT) -> str:
    """``value`` as a reply quotes it (``repr`` for non-strings), cut at ``limit`` characters:
    a 70,000-character argument must not come back whole into the model's context."""
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


def _explain(error: Any, model: type[ToolArgs]) -> str:
    loc = echo(".".join(str(part) for part in error["loc"]) or "arguments")
    kind, got = error["type"], echo(repr(error.get("input")))
    if kind == "missing":
        return f"missing required argument '{loc}'"
    if kind == "extra_forbidden":
        allowed = ", ".join(model.model_fields) or "no arguments"
        return f"unexpected argument '{loc}' (this tool takes: {allowed})"
    if kind == "string_pattern_mismatch":
        return f"'{loc}' must be a ref like '@e7', got {got}"
    if kind == "value_error":
        return str(error["msg"]).removeprefix("Value error, ")
    return f"'{loc}': {error['msg']} (got {got})"


def parse_arguments(name: str, arguments: object) -> ToolArgs:
    """Validate a tool call; ``InvalidParamsError`` says exactly what is wrong."""
    return parse_call(name, arguments)[1]


def parse_call(name: str, arguments: object) -> tuple[ToolSpec[Any], ToolArgs]:
    """The called tool's spec and its validated arguments; ``InvalidParamsError`` says
    exactly what is wrong."""
    spec = tool_spec(name)
    if spec is None:
        raise InvalidParamsError(
            echo(name), f"unknown tool; the tools are: {', '.join(tool_names())}"
        )
    if arguments is None:
        arguments = {}
    if not isinstance(arguments, dict):
        raise InvalidParamsError(name, f"arguments must be a JSON object, got {arguments!r:.80}")
    try:
        return spec, spec.args.model_validate(arguments)
    except ValidationError as exc:
        problems = "; ".join(_explain(e, spec.args) for e in exc.errors())
        raise InvalidParamsError(name, problems) from None
