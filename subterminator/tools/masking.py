"""A tool call's arguments as they may be written (logs, run records, recordings): a secret
typed value masked.

Which tools carry a typed value is the registry's to say, not a list of names: a tool whose
spec acts on a field by filling it types free text (masked when it looks secret or the field
is one); one that selects picks among the page's own options (masked only in a secret field).
A new fill-type tool is masked the moment it is registered. What counts as secret is the
snapshot layer's (``snapshot.secrecy``); this layer only knows which calls type.
"""

from __future__ import annotations

from typing import Any

from subterminator.browser.protocol import ActionKind
from subterminator.snapshot.registry import ElementRegistry
from subterminator.snapshot.secrecy import KNOWN, Field, is_mask, is_secret, mask
from subterminator.tools.registry import inspects

TYPING: frozenset[ActionKind] = frozenset({"fill", "select"})  # what puts a value in a field


def types_a_value(tool: str | None) -> bool:
    """Whether a call of ``tool`` puts its ``value`` argument into a field on the page."""
    return tool is not None and inspects(tool) in TYPING


def masked_arguments(
    tool: str | None, arguments: Any, field: Field | None, *, sign_in_step: bool
) -> Any:
    """A tool call's arguments as they may be written: a secret typed value masked (and
    remembered). Only typing tools carry values; anything else is returned as is."""
    kind = None if tool is None else inspects(tool)
    if kind not in TYPING or not isinstance(arguments, dict) or "value" not in arguments:
        return arguments
    value = str(arguments["value"])
    if is_mask(value):
        return arguments  # masked already, upstream
    if kind == "select" and not (field is not None and field.secret):
        return arguments  # a choice among the page's own options, unless the field is secret
    if not is_secret(value, field, sign_in_step=sign_in_step):
        return arguments
    KNOWN.remember(value)
    return {**arguments, "value": mask(value)}


def written_arguments(tool: str | None, arguments: Any, registry: ElementRegistry) -> Any:
    """``masked_arguments`` for a call about to run on ``registry``'s current snapshot: its
    target as the registry knows it (a ref once issued to a secret field stays secret)."""
    ref = arguments.get("ref") if isinstance(arguments, dict) else None
    typed = arguments.get("value") if isinstance(arguments, dict) else None
    if registry.was_secret(ref) and typed is not None and not is_mask(typed):
        KNOWN.remember(str(typed))
        return {**arguments, "value": mask(arguments["value"])}
    field = registry.peek(ref)
    written = masked_arguments(tool, arguments, field, sign_in_step=registry.sign_in_step)
    if written is not arguments and isinstance(ref, str):
        registry.mark_secret(ref)  # its value is masked in every later snapshot too
    return written
