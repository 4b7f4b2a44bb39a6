"""The pinned Playwright MCP's tool list is exactly the table the gate was written against.

Every tool it lists is either served (the gate has a translation that says what it does),
refused with a reason, or never shown; an upgrade that adds a tool fails here until someone
has judged it. What a model is given is Playwright MCP's own words, with ``target`` saying
what the gate takes, and our two tools last.
"""

from __future__ import annotations

import pytest

from subterminator.pwmcp.assemble import translators
from subterminator.pwmcp.door import read_tools
from subterminator.pwmcp.surface import NEVER, OURS, REFUSED, pwmcp_surface

pytestmark = pytest.mark.subprocess

SERVED = {
    "browser_click",
    "browser_hover",
    "browser_type",
    "browser_select_option",
    "browser_navigate",
    "browser_navigate_back",
    "browser_snapshot",
    "browser_find",
    "browser_wait_for",
    "browser_take_screenshot",
    "browser_console_messages",
    "browser_resize",
    "browser_emulate_media",
    "browser_press_key",
    "browser_fill_form",
    "browser_handle_dialog",
    "browser_evaluate",
    "browser_drag",
    "browser_drop",
    "browser_file_upload",
    "browser_tabs",
}


async def test_every_listed_tool_is_judged_once() -> None:
    listed = {tool.name for tool in await read_tools()}
    assert set(translators()) == SERVED
    assert SERVED | set(REFUSED) | NEVER == listed
    assert not SERVED & set(REFUSED)
    assert not (SERVED | set(REFUSED)) & NEVER


async def test_a_model_reads_its_tools_in_their_words_and_ours_last() -> None:
    tools = await read_tools()
    surface = pwmcp_surface(tools, translators())
    assert surface.names()[-2:] == OURS
    assert set(surface.names()) == SERVED | set(OURS)
    own = {tool.name: tool for tool in tools}
    for schema in surface.schemas():
        if schema["name"] in OURS:
            continue
        assert schema["description"] == own[schema["name"]].description
        assert "$schema" not in schema["input_schema"]
        target = schema["input_schema"].get("properties", {}).get("target")
        if target is not None:
            assert "Selectors are refused" in target["description"]
    reads = {s.name for s in surface.specs if s.effect == "read-only"}
    assert "browser_snapshot" in reads
    assert "browser_click" not in reads
