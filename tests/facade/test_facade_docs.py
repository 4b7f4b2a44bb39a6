"""docs/v02-facade.md is the registry's own words, and the registry says the V02 mapping.

The V01 -> V02 table below is the one the facade was built to (29 V01 tools onto eight
tools' actions, ``browser_storage`` new); the page is generated from ``ACTIONS``, so a tool or
an action added, renamed or dropped shows here first.
"""

from __future__ import annotations

import re
from pathlib import Path

import subterminator
from subterminator.tools.facade import ACTIONS, V02
from subterminator.tools.facade.docs import ASKS, render
from subterminator.tools.registry import REGISTRY

DOCS = Path(subterminator.__file__).parents[1] / "docs"
# V01 tool -> (V02 tool, action, note)
MAPPING: dict[str, tuple[str, str, str]] = {
    "browser_launch": ("browser_session", "launch", "-"),
    "browser_terminate": ("browser_session", "terminate", "-"),
    "browser_list": ("browser_session", "list", "-"),
    "browser_get_active": ("browser_session", "get_active", "-"),
    "browser_navigate": ("browser_navigate", "goto", "-"),
    "browser_back": ("browser_navigate", "back", "-"),
    "browser_forward": ("browser_navigate", "forward", "-"),
    "browser_refresh": ("browser_navigate", "refresh", "-"),
    "browser_get_url": ("browser_navigate", "get_url", "-"),
    "browser_click": ("browser_interact", "click", "-"),
    "browser_type": ("browser_interact", "type", "-"),
    "browser_select": ("browser_interact", "select", "-"),
    "browser_hover": ("browser_interact", "hover", "-"),
    "browser_scroll": ("browser_interact", "scroll", "-"),
    "browser_press": ("browser_interact", "press", "-"),
    "browser_wait_for": ("browser_interact", "wait", "-"),
    "browser_get_html": ("browser_inspect", "get_html", "-"),
    "browser_exists": ("browser_inspect", "exists", "-"),
    "browser_get_attribute": ("browser_inspect", "get_attribute", "-"),
    "browser_get_text": ("browser_extract", "get_text", "-"),
    "browser_get_text_chunk": ("browser_extract", "get_text", "Set `use_chunking=True`"),
    "browser_get_cookies": ("browser_extract", "get_cookies", "-"),
    "browser_screenshot": ("browser_capture", "screenshot", "-"),
    "browser_element_screenshot": ("browser_capture", "element_screenshot", "-"),
    "browser_execute": ("browser_execute", "execute", "-"),
    "browser_execute_chunk": ("browser_execute", "execute", "Set `use_chunking=True`"),
    "browser_evaluate": ("browser_execute", "evaluate", "-"),
    "browser_evaluate_chunk": ("browser_execute", "evaluate", "Set `use_chunking=True`"),
    "web_search": ("web_search", "(N/A)", "Unchanged"),
}
ROW = re.compile(r"^\| `(\w+)` \| `(\w+)` \| `?([\w/()]+)`? \| (.+) \|$", re.MULTILINE)


def test_the_page_is_the_generated_text() -> None:
    """Regenerate with ``python -m subterminator.tools.facade.docs > docs/v02-facade.md``."""
    assert (DOCS / "v02-facade.md").read_text(encoding="utf-8") == render()


def test_the_mapping_table_is_the_specs_row_for_row() -> None:
    table = render().split("## V01 → V02", 1)[1].split("##", 1)[0]
    rows = {v01: (tool, action, note) for v01, tool, action, note in ROW.findall(table)}
    assert rows == MAPPING
    assert "New in V02, with no V01 tool: `browser_storage`: `list_downloads`" in table


def test_each_tools_actions_are_its_arguments_actions_in_order() -> None:
    surface = REGISTRY.surface(V02)
    assert list(ACTIONS) == list(surface.names())
    for spec in surface.specs:
        action = spec.input_schema()["properties"].get("action", {"enum": [""]})
        assert [a.name for a in ACTIONS[spec.name]] == action["enum"], spec.name


def test_every_action_that_may_ask_is_said_with_why() -> None:
    asking = render().split("## Which actions ask, and why", 1)[1].split("## The tools", 1)[0]
    may_ask = [(t, a.name) for t, said in ACTIONS.items() for a in said if a.gate in ASKS]
    assert {a for _, a in may_ask} >= {"click", "type", "select", "press", "goto", "back"}
    assert {a for _, a in may_ask} >= {"forward", "refresh", "execute", "evaluate"}
    for tool, action in may_ask:
        assert f'`{tool}(action="{action}")`' in asking
    for tool, said in ACTIONS.items():
        for a in said:
            if a.gate not in ASKS:
                assert f'`{tool}(action="{a.name}")`' not in asking


def test_every_parameter_of_every_tool_is_listed() -> None:
    page = render()
    for spec in REGISTRY.surface(V02).specs:
        section = page.split(f"### `{spec.name}`", 1)[1].split("\n### ", 1)[0]
        for name in spec.input_schema()["properties"]:
            assert f"| `{name}` |" in section, (spec.name, name)


def test_the_tool_tables_and_the_mcp_page_point_to_the_facades_page() -> None:
    assert "[v02-facade.md](v02-facade.md)" in (DOCS / "tools.md").read_text(encoding="utf-8")
    mcp = (DOCS / "mcp.md").read_text(encoding="utf-8")
    assert "`subterminator mcp --tools v02`" in mcp
    assert "`--search PROVIDER`" in mcp
    assert "[docs/v02-facade.md](v02-facade.md)" in mcp
