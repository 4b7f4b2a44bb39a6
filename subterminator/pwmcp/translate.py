"""A Playwright MCP call said as the calls our gate judges.

The gate judges our own tools' calls on our own capture of the page. Each Playwright MCP
call is therefore said as the canonical calls that do what it will do: ``browser_click``
``{"target": "e4"}`` is our ``browser_click`` on the ref our capture gave the same element;
``browser_navigate`` is our ``browser_open``; a ``browser_type`` with ``submit`` is a fill,
then the form's submit. Each canonical call carries the original (``ToolCall.via``), which
the tools below the gate run in place of our own action, so what runs is what the model
asked and what was judged is what it will do. A call that cannot be said so is refused here,
before anything runs. What every front says its calls in (``Translated``) is the stack's
(``stack.translated``); what stays here is Playwright MCP's own: its refs, its translators.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol

from subterminator.models.conversation import ToolCall
from subterminator.stack.translated import Translated, canonical, refuse
from subterminator.tools.arguments import echo


class Resolver(Protocol):
    """Playwright MCP's names for elements, read as our capture's refs."""

    async def ref(self, target: object) -> str | None:
        """Our ref (``@eN``) of the one element a Playwright MCP ref names; None when it is
        not a ref, or names no element, or not exactly one the gate can read."""
        ...

    async def focused(self) -> str | None:
        """Our ref of the element that has the keyboard focus (a key press acts on it)."""
        ...

    async def names_one(self, target: object) -> bool:
        """Playwright MCP's own engine finds exactly one element by this ref (whether or not
        the gate could read it)."""
        ...


# One per Playwright MCP tool the gate can say; a tool without one is not served.
Translator = Callable[[ToolCall, Resolver], Awaitable[Translated]]


async def unread(call: ToolCall, target: object, resolver: Resolver) -> Translated:
    """A target the gate could not read as one of our elements: asked about when Playwright
    MCP's engine finds exactly one element by it (the gate cannot see which, so a yes lets
    nothing write), refused when it names none or is not a ref (a selector)."""
    if await resolver.names_one(target):
        return Translated((unread_call(call, target),))
    return refuse(
        "ref_invalid",
        f"{call.name}: {echo(target)} is not a ref of the latest snapshot that names one "
        "element; take browser_snapshot and use a ref ([ref=eN]) from it as the target",
    )


def unread_call(call: ToolCall, target: object) -> ToolCall:
    """The stand-in that asks about an element the gate could not read."""
    return canonical(call, "unread_target", {"tool": call.name, "target": str(target)})
