"""The V02 facade's nine tools as ``ToolSpec``s on the ``v02`` surface.

The facade's tools are action-based: one tool per kind of work, an ``action`` argument saying
which. None of them is answered by our tool server directly: ``facade.front`` reads each call
and says what it will do as our own canonical calls, which go through the unchanged stack (the
gate, the backstop, checkpoints, the outcome judge). ``ACTIONS`` says, per action, which V01
tools it replaces and how the gate treats it: docs/v02-facade.md is generated from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from subterminator.models.tools import ToolResult
from subterminator.tools.args import ToolArgs
from subterminator.tools.facade.args import (
    CaptureArgs,
    ExecuteArgs,
    ExtractArgs,
    InspectArgs,
    InteractArgs,
    NavigateArgs,
    SearchArgs,
    SessionArgs,
    StorageArgs,
)
from subterminator.tools.spec import Effect, ToolSpec

if TYPE_CHECKING:
    from subterminator.tools.server import BrowserToolServer

V02 = "v02"

# How the gate treats an action, as docs/v02-facade.md says it.
READS = "reads the page; nothing to judge"
JUDGED = "judged like our own action on the element: asks before an irreversible step"
OPENS = "judged like browser_open: the run's sites only, others asked, local addresses refused"
HISTORY = (
    "judged by what it will do: a step to a page reached by a form's submission resends it, "
    "asked on the flow's pages; any write it sends is held as for a step nobody approved"
)
KEY = "judged by what the key does on the focused element (Enter in a form: its submission)"
CODE = (
    "cannot be judged: asks on every page of a cancellation flow, with the code shown; "
    "elsewhere runs under the backstop, so a write it makes to the flow's site is held"
)
LOCAL = "the session's own folders only; never the profile's cookies or saved passwords"


@dataclass(frozen=True)
class Action:
    """One action of a facade tool: the V01 tools it replaces, and how the gate treats it."""

    name: str
    v01: tuple[str, ...]
    gate: str
    note: str = ""


ACTIONS: dict[str, tuple[Action, ...]] = {
    "browser_session": (
        Action("launch", ("browser_launch",), "opens the run's start page (--sim, --url)"),
        Action("terminate", ("browser_terminate",), "ends the run; its record is written"),
        Action("list", ("browser_list",), READS),
        Action("get_active", ("browser_get_active",), READS),
    ),
    "browser_navigate": (
        Action("goto", ("browser_navigate",), OPENS),
        Action("back", ("browser_back",), HISTORY),
        Action("forward", ("browser_forward",), HISTORY),
        Action("refresh", ("browser_refresh",), HISTORY),
        Action("get_url", ("browser_get_url",), READS),
    ),
    "browser_interact": (
        Action("click", ("browser_click",), JUDGED),
        Action("type", ("browser_type",), JUDGED),
        Action("select", ("browser_select",), JUDGED),
        Action("hover", ("browser_hover",), "moves the pointer; the page's writes are held"),
        Action("scroll", ("browser_scroll",), "scrolls; nothing to judge"),
        Action("press", ("browser_press",), KEY),
        Action("wait", ("browser_wait_for",), READS),
    ),
    "browser_inspect": (
        Action("get_html", ("browser_get_html",), READS, "password values, hidden tokens masked"),
        Action("exists", ("browser_exists",), READS),
        Action("get_attribute", ("browser_get_attribute",), READS, "secret values masked"),
    ),
    "browser_extract": (
        Action("get_text", ("browser_get_text", "browser_get_text_chunk"), READS),
        Action("get_cookies", ("browser_get_cookies",), READS, "names only: values withheld"),
    ),
    "browser_capture": (
        Action("screenshot", ("browser_screenshot",), READS),
        Action("element_screenshot", ("browser_element_screenshot",), READS),
    ),
    "browser_execute": (
        Action("execute", ("browser_execute", "browser_execute_chunk"), CODE),
        Action("evaluate", ("browser_evaluate", "browser_evaluate_chunk"), CODE),
    ),
    "browser_storage": (
        Action("list_downloads", (), LOCAL),
        Action("clear_downloads", (), LOCAL),
        Action("wait_for_download", (), LOCAL),
        Action("list_screenshots", (), LOCAL),
        Action("clear_screenshots", (), LOCAL),
        Action("set_download_behavior", (), LOCAL),
    ),
    "web_search": (Action("", ("web_search",), "a search provider, never the person's browser"),),
}

_TOOLS: tuple[tuple[str, type[ToolArgs], str, Effect, str], ...] = (
    (
        "browser_session",
        SessionArgs,
        "Browser session",
        "additive",
        "Manage the browser: launch (opens the service's start page), terminate, list, "
        "get_active. One browser per MCP session.",
    ),
    (
        "browser_navigate",
        NavigateArgs,
        "Navigate",
        "destructive",
        "Navigate the tab: goto a URL, back, forward, refresh, get_url. Leaving the "
        "service's sites asks the person; local addresses are refused.",
    ),
    (
        "browser_interact",
        InteractArgs,
        "Interact with an element",
        "destructive",
        "Click, type, select, hover, scroll, press a key or wait for an element, by CSS "
        "selector (or an @eN ref from the latest snapshot). A step that may not be undoable "
        "is shown to the person first; you cannot approve it.",
    ),
    (
        "browser_inspect",
        InspectArgs,
        "Inspect the DOM",
        "read-only",
        "Read the page's HTML (depth-limited; password values and hidden tokens masked), "
        "whether an element exists, or an attribute.",
    ),
    (
        "browser_extract",
        ExtractArgs,
        "Extract text",
        "read-only",
        "Visible text, one element per line with its tag, in chunks if asked; or the "
        "cookies' names (their values are withheld).",
    ),
    (
        "browser_capture",
        CaptureArgs,
        "Screenshot",
        "read-only",
        "A screenshot of the page or of one element, saved to the session's screenshots "
        "folder or returned as base64 PNG.",
    ),
    (
        "browser_execute",
        ExecuteArgs,
        "Run JavaScript",
        "destructive",
        "Run JavaScript in the page (execute: a function body; evaluate: an expression). "
        "On a cancellation flow's pages the person is asked first, shown the code; "
        "elsewhere what it sends to the flow's site is held.",
    ),
    (
        "browser_storage",
        StorageArgs,
        "Downloads and screenshots",
        "destructive",
        "List, clear or wait for the session's downloads and screenshots; set whether "
        "downloads are allowed.",
    ),
    (
        "web_search",
        SearchArgs,
        "Web search",
        "read-only",
        "Search the web through the configured provider (not the person's browser).",
    ),
)


async def _not_by_name(server: BrowserToolServer, args: Any) -> ToolResult:
    """A facade call that reached our server as it is (not said as our calls): refused."""
    result = await server.get_snapshot()
    return result.model_copy(
        update={
            "success": False,
            "error": "invalid_params",
            "message": "a V02 facade call runs only through the facade's front "
            "(subterminator mcp --tools v02); nothing was done",
        }
    )


def _spec(name: str, args: type[ToolArgs], title: str, effect: Effect, text: str) -> ToolSpec[Any]:
    return ToolSpec(
        name=name,
        args=args,
        description=text,
        title=title,
        effect=effect,
        surfaces=frozenset({V02}),
        handler=_not_by_name,  # said as our calls by facade.front; never run by name
        idempotent=effect == "read-only",
    )


FACADE: tuple[ToolSpec[Any], ...] = tuple(_spec(*tool) for tool in _TOOLS)
