"""docs/v02-facade.md, generated from the facade's registry so the page never drifts from it.

The V01 -> V02 table, which actions ask and why, and each tool's actions and parameters all
come from ``ACTIONS`` and the tools' argument models. Regenerate with
``python -m subterminator.tools.facade.docs > docs/v02-facade.md``; a test holds the file
equal to this output.
"""

from __future__ import annotations

import sys
from typing import Any

from subterminator.tools.docs import default, kind
from subterminator.tools.facade import ACTIONS, CODE, HISTORY, JUDGED, KEY, OPENS, V02, Action
from subterminator.tools.registry import REGISTRY, Registry
from subterminator.tools.spec import ToolSpec

HEADER = """# The V02 facade

Generated from `subterminator/tools/facade/` (the tools' argument models and `ACTIONS`) by
`python -m subterminator.tools.facade.docs > docs/v02-facade.md`; edit those, not this file.

`subterminator mcp --tools v02` serves nine action-based tools in place of our own: elements
are named by CSS selector (or by an `@eN` ref from the latest reply's `data.snapshot`), and
every reply is one `BrowserResponse` (`success`, `error`, `data`, and the fields an action
fills). They run on the same tool stack as every other front door: each call is said as our
own calls, so the gate, the backstop, the checkpoints, the outcome judge and the run record
judge what it will do, never which tool asked. A selector must name exactly one element; one
that matches several is refused, saying how many. A refusal says why in `error`, with our
code in `data.error_code` (`human_rejected` is a person's no).

```
subterminator mcp --tools v02 --sim --headless           # the bundled simulator
subterminator mcp --tools v02 --search none              # no web search
subterminator mcp --tools v02 --search 'https://searx.example/search?q={query}&format=json'
subterminator mcp --tools v02 --keep-downloads           # browser_storage lists them
```

- **`--search`**: `web_search`'s provider: `duckduckgo` (the default: its HTML results page,
  fetched by our own HTTP client, never the person's browser, so no cookie goes with it),
  `none` (the tool says it is not available), or an http(s) address with `{query}` that
  answers JSON results (a list, or `{"results": [...]}` with `title`, `url` and `snippet`,
  `content` or `description`). A call's `search_engine_url` is accepted only when it is the
  configured provider's own address: a model cannot point our client at a service on this
  machine or its network. Titles and snippets are made plain lines of a stated size.
- **`browser_storage`** reads two folders only: the downloads a person chose to keep
  (`--keep-downloads`, in the run record; without it, pages' downloads are refused and
  nothing is listed) and the facade's saved screenshots. The profile's cookies and saved
  passwords are in neither; a link inside a folder is never followed, and a folder that is a
  link is refused. `set_download_behavior` can turn downloads off (`deny`, `default`) or back
  on into the person's folder (`allow`, `allowAndName`, with `--keep-downloads` only); a
  `download_path` other than that folder is refused.
"""

# The gate's treatments under which a person may be asked, and why each asks.
ASKS: dict[str, str] = {
    JUDGED: (
        "A click, a typing or a choice can be the step that ends the subscription. The "
        "selector resolves to one element, and the gate reads that element on the live page "
        "exactly as it reads one of our refs: what it is, what its form would send."
    ),
    OPENS: (
        "An address can act by itself, as a click on a final button does: pages of the run's "
        "sites open at once, any other address is shown to the person first."
    ),
    HISTORY: (
        "A page a form's submission reached, stepped to again, sends the form again: the "
        "resubmission may be the step that cancels."
    ),
    KEY: (
        "A key acts on the focused element: Enter in a form submits it, Space presses a "
        "button. The key is judged as the click or the submission it would make."
    ),
    CODE: (
        "No read of the page can say what code will do, so on a cancellation flow's pages "
        "the person is shown the code and decides; elsewhere the backstop holds any write "
        "it makes to the flow's site."
    ),
}
CHUNKED = "_chunk"  # a V01 tool named so returned its result in chunks


def _call(tool: str, action: Action) -> str:
    return f"`{tool}`" if not action.name else f"`{tool}(action={action.name!r})`".replace("'", '"')


def mapping(actions: dict[str, tuple[Action, ...]] = ACTIONS) -> str:
    rows = ["| V01 Tool | V02 Tool | V02 Action | Notes |", "|---|---|---|---|"]
    for tool, said in actions.items():
        for action in said:
            for v01 in action.v01:
                if not action.name:
                    note = "Unchanged"
                elif v01.endswith(CHUNKED):
                    note = "Set `use_chunking=True`"
                else:
                    note = "-"
                name = f"`{action.name}`" if action.name else "(N/A)"
                rows.append(f"| `{v01}` | `{tool}` | {name} | {note} |")
    new = [
        f"`{t}`: " + ", ".join(f"`{a.name}`" for a in s)
        for t, s in actions.items()
        if not any(a.v01 for a in s)
    ]
    return "\n".join(rows) + "\n\nNew in V02, with no V01 tool: " + "; ".join(new) + "."


def asking(actions: dict[str, tuple[Action, ...]] = ACTIONS) -> str:
    parts = []
    for gate, why in ASKS.items():
        calls = [_call(t, a) for t, said in actions.items() for a in said if a.gate == gate]
        if calls:
            parts.append(f"- {', '.join(calls)}: {why}")
    return "\n".join(parts)


def _parameter(name: str, schema: dict[str, Any], required: bool) -> str:
    if required:
        value = "required"
    else:
        value = f"`{default(schema['default'])}`" if schema.get("default") is not None else ""
    text = str(schema.get("description", "")).replace("|", "\\|")
    return f"| `{name}` | {kind(schema)} | {value} | {text} |"


def tool(spec: ToolSpec[Any], said: tuple[Action, ...]) -> str:
    schema = spec.input_schema()
    required = set(schema.get("required", ()))
    rows = ["| Parameter | Type | Default | What it is |", "|---|---|---|---|"]
    rows += [_parameter(n, s, n in required) for n, s in schema.get("properties", {}).items()]
    lines = [
        f"### `{spec.name}`: {spec.title}",
        "",
        spec.description,
        "",
        f"Effect: `{spec.effect}`.",
        "",
    ]
    if any(a.name for a in said):
        lines += ["| Action | Replaces | How the gate treats it |", "|---|---|---|"]
        for action in said:
            v01 = ", ".join(f"`{v}`" for v in action.v01) or "(new)"
            gate = action.gate + (f" ({action.note})" if action.note else "")
            lines.append(f"| `{action.name}` | {v01} | {gate} |")
        lines.append("")
    return "\n".join([*lines, *rows])


def render(registry: Registry = REGISTRY) -> str:
    surface = registry.surface(V02)
    tools = "\n\n".join(tool(spec, ACTIONS[spec.name]) for spec in surface.specs)
    return (
        f"{HEADER}\n## V01 → V02\n\n{mapping()}\n\n"
        f"## Which actions ask, and why\n\nThe person is asked only where an action may do "
        f"something that cannot be undone; every other action runs unasked (a read changes "
        f"nothing; its call is still in the run record).\n\n{asking()}\n\n"
        f"## The tools\n\n{tools}\n"
    )


def main() -> None:
    sys.stdout.write(render())


if __name__ == "__main__":
    main()
