"""Playwright MCP's tools as ``ToolSpec``s: what its ``tools/list`` says, then our judgement.

Each tool keeps its own name, description and schema verbatim (the model reads Playwright
MCP's tools as Playwright MCP wrote them); whether it only reads is taken from its annotations
and then from ours. A tool is served only when the gate has a translation for it; the rest are
refused with a reason or never shown, and the pinned version's list must be exactly these
three sets, so an upgrade that adds a tool fails a test until someone has judged it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import mcp.types as types
from pydantic import ConfigDict

from subterminator.pwmcp.translate import Translator
from subterminator.tools.args import ToolArgs
from subterminator.tools.registry import REGISTRY, Surface
from subterminator.tools.spec import LOOP, ToolSpec

PWMCP = "pwmcp"

# Listed by Playwright MCP, answered with a refusal: what the model is told if it calls them.
REFUSED: Mapping[str, str] = {
    "browser_close": "the run ends with complete_task; the browser is the person's",
    "browser_network_requests": "request bodies carry what the person typed (a password)",
    "browser_network_request": "request bodies carry what the person typed (a password)",
}
# Never shown: Playwright code run in Playwright MCP's own process could unroute our guard,
# open a context or a DevTools session past the gate.
NEVER = frozenset({"browser_run_code_unsafe"})
# Ours, beside Playwright MCP's: the approval the model may ask for, and the run's end.
OURS = ("request_human_approval", "complete_task")


class ForeignArgs(ToolArgs):
    """Another server's arguments, carried as they came: its translation checks them."""

    model_config = ConfigDict(extra="allow", strict=True, frozen=True)


# What a ``target`` is here: Playwright MCP also takes selectors, which the gate refuses (it
# cannot be sure to read one as Playwright MCP will).
TARGET = (
    "Exact target element reference from the latest page snapshot, as it shows it "
    "([ref=e12] is the target e12). Selectors are refused."
)


def gated_schema(schema: Mapping[str, Any]) -> dict[str, Any]:
    """Playwright MCP's schema as the model is given it: its own, but ``target`` says what the
    gate takes, and no ``$schema`` header (some model APIs refuse keys they do not know)."""

    def said(node: Any, key: str = "") -> Any:
        if isinstance(node, dict):
            out = {k: said(v, k) for k, v in node.items() if k != "$schema"}
            if key == "target" and "description" in out:
                out["description"] = TARGET
            return out
        if isinstance(node, list):
            return [said(v) for v in node]
        return node

    return dict(said(dict(schema)))


def spec_of(tool: types.Tool) -> ToolSpec[ForeignArgs]:
    """One listed tool as a spec of the Playwright MCP surface, its own words kept."""
    hints = tool.annotations
    reads = hints is not None and bool(hints.read_only_hint)
    return ToolSpec(
        name=tool.name,
        args=ForeignArgs,
        description=tool.description or tool.name,
        title=(hints.title if hints is not None and hints.title else None)
        or tool.title
        or tool.name,
        effect="read-only" if reads else "destructive",
        surfaces=frozenset({PWMCP}),
        handler=None,
        schema=gated_schema(tool.input_schema),
        idempotent=hints is not None and bool(hints.idempotent_hint),
    )


def pwmcp_surface(tools: Iterable[types.Tool], translators: Mapping[str, Translator]) -> Surface:
    """The tools a model or client is given: Playwright MCP's that the gate can say, in its
    order, then ours."""
    served = [spec_of(t) for t in tools if t.name in translators and t.name not in NEVER]
    ours = [REGISTRY.surface(LOOP)[name] for name in OURS]
    return Surface(PWMCP, [*served, *ours])
