"""The stand-ins: our names for another backend's calls whose effect no page read can judge.

Playwright MCP's ``browser_evaluate``, a drag, a file upload, a key press, a dialog's answer,
a tab switch or a step back are said as these (``pwmcp.shapes``), and so are the V02 facade's
code, keys and steps in the history (``facade.translate``), each carrying the original
in ``ToolCall.via``. They are on no client's surface: only a translation makes them. The gate
routes them by their kind to its part for what it cannot read (``stack.foreign``), which
decides whether they run, ask or are refused; below the gate the original runs in their
place (the backend's tool server forwards ``via`` where ours would read the page), and the
reply is the fresh page.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, StrictBool, StrictStr

from subterminator.models.tools import ToolResult
from subterminator.tools.args import RefArg, ToolArgs
from subterminator.tools.spec import ToolSpec

if TYPE_CHECKING:
    from subterminator.tools.server import BrowserToolServer

# Internal: no front door lists it (the loop's and the MCP server's lists are their own).
STAND_IN = "stand-in"


class CodeArgs(ToolArgs):
    code: StrictStr = Field(description="The code the page is to run")
    ref: RefArg | None = Field(default=None, description="The element it is given, if any")


class DragArgs(ToolArgs):
    ref: RefArg = Field(description="The element dragged")
    to: RefArg = Field(description="The element it is dropped on")


class DropArgs(ToolArgs):
    ref: RefArg = Field(description="The element data is dropped on")


class UploadArgs(ToolArgs):
    paths: list[StrictStr] = Field(default_factory=list, description="Files from the disk")


class KeyArgs(ToolArgs):
    key: StrictStr = Field(description="The key pressed on the focused element")


class DialogArgs(ToolArgs):
    accept: StrictBool = Field(description="Accept the page's dialog (else dismiss it)")


class TabArgs(ToolArgs):
    action: StrictStr = Field(description="list, new, select or close")


class BackArgs(ToolArgs):
    pass


class ScriptArgs(ToolArgs):
    code: StrictStr = Field(description="The code the page is to run, as the person sees it")


class PointerArgs(ToolArgs):
    ref: RefArg | None = Field(default=None, description="The element pointed at, or focused")
    handle: StrictStr | None = Field(
        default=None, description="Its node, when no ref names it (not a control)"
    )


class HistoryArgs(ToolArgs):
    action: Literal["back", "forward", "refresh"] = Field(
        description="The step in the tab's history"
    )


class UnreadArgs(ToolArgs):
    tool: StrictStr = Field(description="The other backend's tool")
    target: StrictStr = Field(description="Its element, as it named it, which names no one ref")


async def _below(server: BrowserToolServer, args: Any) -> ToolResult:
    """The fresh page: the backend below runs the original in its place first."""
    return await server.get_snapshot()


def _stand_in(name: str, args: type[ToolArgs], title: str) -> ToolSpec[Any]:
    return ToolSpec(
        name=name,
        args=args,
        description=f"{title}: another backend's call, judged by SubTerminator's gate.",
        title=title,
        effect="destructive",
        surfaces=frozenset({STAND_IN}),
        handler=_below,
        kind="foreign",
    )


STAND_INS: tuple[ToolSpec[Any], ...] = (
    _stand_in("page_code", CodeArgs, "Run code in the page"),
    _stand_in("page_drag", DragArgs, "Drag an element onto another"),
    _stand_in("page_drop", DropArgs, "Drop data on an element"),
    _stand_in("file_upload", UploadArgs, "Give the page files from the disk"),
    _stand_in("key_press", KeyArgs, "Press a key"),
    _stand_in("dialog_answer", DialogArgs, "Answer the page's dialog"),
    _stand_in("tab_action", TabArgs, "List, open, select or close a tab"),
    _stand_in("go_back", BackArgs, "Go back in the tab's history"),
    _stand_in("page_script", ScriptArgs, "Run the facade's code in the page"),
    _stand_in("history_step", HistoryArgs, "Go back, forward or reload the page"),
    _stand_in("pointer_step", PointerArgs, "Hover over an element, or give it the focus"),
    _stand_in("unread_target", UnreadArgs, "Act on an element the gate could not read"),
)
