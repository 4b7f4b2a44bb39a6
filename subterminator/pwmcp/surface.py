"""Playwright MCP's tools as ``ToolSpec``s: what its ``tools/list`` says, then our judgement.

Each tool keeps its own name, description and schema verbatim (the model reads Playwright
MCP's tools as Playwright MCP wrote them); whether it only reads is taken from its annotations
and then from ours. A tool is served only when the gate has a translation for it; the rest are
refused with a reason or never shown, and the pinned version's list must be exactly these
three sets, so an upgrade that adds a tool fails a test until someone has judged it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

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
        schema=dict(tool.input_schema),
        idempotent=hints is not None and bool(hints.idempotent_hint),
    )


def pwmcp_surface(tools: Iterable[types.Tool], translators: Mapping[str, Translator]) -> Surface:
    """The tools a model or client is given: Playwright MCP's that the gate can say, in its
    order, then ours."""
    served = [spec_of(t) for t in tools if t.name in translators and t.name not in NEVER]
    ours = [REGISTRY.surface(LOOP)[name] for name in OURS]
    return Surface(PWMCP, [*served, *ours])
