"""``ToolSpec``: everything about one tool, said once.

Every surface a client sees (the conversation loop's tool list, the MCP server's), the
server's dispatch, the gate's question to the person and the generated docs/tools.md are read
from these specs through the registry, so a tool cannot mean one thing to the model and
another to the gate.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar

from subterminator.browser.protocol import ActionKind
from subterminator.models.tools import ToolResult
from subterminator.tools.args import ToolArgs, json_schema

if TYPE_CHECKING:
    from subterminator.tools.server import BrowserToolServer

# The surfaces: the conversation loop's tools, and what the MCP front door adds (a client
# there has no conversation to begin with, so it also needs a way to open a page).
LOOP = "loop"
MCP = "mcp"

# What a tool does to the world, as MCP's hints say it: nothing, only adds (opens a page), or
# may change or undo something (a click can end a membership).
Effect = Literal["read-only", "additive", "destructive"]

# What a tool is to the gate, which routes each call by it (never by its name, so another
# surface's tools of the same kinds plug in): one the browser answers ("browser": a read, or
# an action it inspects), an address to open ("open"), a question for the person ("ask"), or
# the run's outcome, which the outcome judge answers and never the caller ("complete"); or a
# call whose effect the gate cannot read on the page (code, a drag, a file, a key it cannot
# place), which its own part judges by what it is ("foreign").
Kind = Literal["browser", "open", "ask", "complete", "foreign"]

A = TypeVar("A", bound=ToolArgs)
Handler = Callable[["BrowserToolServer", A], Awaitable[ToolResult]]


@dataclass(frozen=True)
class ToolSpec(Generic[A]):
    """One tool. ``inspects`` is the action the gate reads on the live page before it runs
    (None: the gate lets it through), ``verb`` what the person reads in the question,
    ``kind`` which part of the gate answers it;
    ``handler`` is None for the tools the conversation loop answers itself."""

    name: str
    args: type[A]
    description: str
    title: str
    effect: Effect
    surfaces: frozenset[str]
    handler: Handler[A] | None
    inspects: ActionKind | None = None
    verb: str | None = None
    kind: Kind = "browser"
    idempotent: bool = False
    open_world: bool = True  # it acts on web pages
    # another server's own schema, shown verbatim (Playwright MCP's tools): ``args`` then
    # only carries the call to that server's translation, which checks it
    schema: dict[str, Any] | None = None

    def __post_init__(self) -> None:
        if (self.inspects is None) != (self.verb is None):
            raise ValueError(f"{self.name}: a tool the gate inspects needs a verb, and only it")
        if self.inspects is not None and self.effect == "read-only":
            raise ValueError(f"{self.name}: a tool the gate inspects is not read-only")
        if self.inspects is not None and self.kind != "browser":
            raise ValueError(f"{self.name}: only a tool the browser answers is inspected")
        if not self.surfaces:
            raise ValueError(f"{self.name}: a tool is on at least one surface")

    def input_schema(self) -> dict[str, Any]:
        """The JSON schema a model is given for this tool's arguments."""
        return dict(self.schema) if self.schema is not None else json_schema(self.args)
