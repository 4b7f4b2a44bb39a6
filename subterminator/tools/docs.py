"""docs/tools.md, generated from the registry so the tables never drift from the tools.

Regenerate with ``python -m subterminator.tools.docs > docs/tools.md``; a test holds the file
equal to this output.
"""

from __future__ import annotations

import sys
from typing import Any

from subterminator.tools.builtin.stand_ins import STAND_IN
from subterminator.tools.facade import V02
from subterminator.tools.registry import REGISTRY, Registry
from subterminator.tools.spec import LOOP, MCP, ToolSpec

INTROS = {
    LOOP: (
        "The conversation loop's tools",
        "What `subterminator cancel` gives the model, in this order.",
    ),
    MCP: (
        "The MCP server's tools",
        "What `subterminator mcp` lists: the loop's tools, plus `browser_open` to begin and "
        "`browser_screenshot` for the page as an image. `browser_open` is gated by address: "
        "the account page and pages already shown open at once, any other address is shown to "
        "the person first (an address can act by itself, as a click on a final button does).",
    ),
    STAND_IN: (
        "The gate's stand-ins (listed to no client)",
        "What Playwright MCP's and the V02 facade's calls that no page read can judge are said "
        "as (code, a drag, files, a key, a dialog, a tab, a step back; "
        "`subterminator/pwmcp/shapes.py`, `subterminator/facade/translate.py`); the gate "
        "judges each by what it is (`subterminator/stack/foreign.py`).",
    ),
}
FACADE_NOTE = """## The V02 facade's tools

What `subterminator mcp --tools v02` lists: nine action-based tools, with the V01 tools each
action replaces and how the gate treats it, in [v02-facade.md](v02-facade.md).
"""
HEADER = """# Tools

Generated from the tool specs in `subterminator/tools/builtin/` (one module per tool) by
`python -m subterminator.tools.docs > docs/tools.md`; edit the specs, not this file.

- **Effect**: `read-only` changes nothing; `additive` only opens a page; `destructive` may
  change or end something, so the safety gate reads what it would really do on the live page
  first and asks the person before an irreversible step.
- **Gate inspects**: the action the gate reads on the page before the call runs (none: the
  gate lets the call through).
- **Verb**: how the person's question begins ("Click \\"Finish cancellation\\" (button)").
- **Handler**: `server` runs in the browser; `loop` is answered by the conversation loop.
"""


def kind(schema: dict[str, Any]) -> str:
    """An argument's type as a table cell: its values when it has a few, ``number`` for a
    float-or-integer, ``array of ...``."""
    if "enum" in schema:
        return " \\| ".join(f"`{v}`" for v in schema["enum"])
    if "anyOf" in schema:
        kinds = dict.fromkeys(kind(s) for s in schema["anyOf"] if s.get("type") != "null")
        if set(kinds) == {"number", "integer"}:
            return "number"
        return " or ".join(kinds)
    if schema.get("type") == "array":
        return f"array of {kind(schema.get('items', {}))}"
    return str(schema.get("type", "any"))


def default(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _argument(name: str, schema: dict[str, Any], required: bool) -> str:
    kind_ = kind(schema)
    if required:
        return f"`{name}` {kind_}, required"
    if schema.get("default") is None:
        return f"`{name}` {kind_}"
    return f"`{name}` {kind_} = `{default(schema['default'])}`"


def arguments(spec: ToolSpec[Any]) -> str:
    schema = spec.input_schema()
    required = set(schema.get("required", ()))
    fields = schema.get("properties", {})
    return "; ".join(_argument(n, s, n in required) for n, s in fields.items()) or "none"


def table(specs: tuple[ToolSpec[Any], ...]) -> str:
    rows = [
        "| Tool | What it does | Effect | Gate inspects | Verb | Handler | Arguments |",
        "|---|---|---|---|---|---|---|",
    ]
    for spec in specs:
        handler = "loop" if spec.handler is None else "server"
        cells = (
            f"`{spec.name}`",
            spec.title,
            spec.effect,
            spec.inspects or "none",
            spec.verb or "",
            handler,
            arguments(spec),
        )
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)


def render(registry: Registry = REGISTRY) -> str:
    parts = [HEADER]
    for name in registry.surface_names():
        if name == V02:  # its own page, with the actions each tool takes
            parts.append(FACADE_NOTE)
            continue
        title, intro = INTROS.get(name, (f"The {name} surface", ""))
        parts.append(f"## {title}\n\n{intro}\n\n{table(registry.surface(name).specs)}\n")
    return "\n".join(parts)


def main() -> None:
    sys.stdout.write(render())


if __name__ == "__main__":
    main()
