"""What an action changed on the page, as the seam speaks of it: the mark taken before an
action, the change read after it, and the browser that can tell (``browser.watch`` does).

Apart from the watch itself so that the tools layer can read these without loading Playwright.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol, runtime_checkable

from subterminator.browser.protocol import ActionKind

if TYPE_CHECKING:
    from playwright.async_api import Page

    from subterminator.browser.documents import Node

# What changed, by kind: the browser's own signals, then the page's (watch.js).
Seen = Literal[
    "tab", "address", "document", "request", "dialog", "download", "page", "focus", "state",
    "fields",
]  # fmt: skip
Field = Literal["holds", "empty", "unchanged", "start", "changed"]


@dataclass
class Mark:
    """The page as it was before one action: what ``ActionWatch.changes`` compares with."""

    action: ActionKind
    page: Page
    url: str
    counts: tuple[int, int, int, int]  # requests, dialogs, tabs, downloads
    places: list[Node]  # the target (or the page's root), then the top document if apart
    target: bool  # places[0] is the action's target
    wanted: str | None = None  # what a fill typed, or the option a select chose
    append: bool = False  # a fill typed after what the field held
    settled: float = 0.0  # s the action itself already waited for late changes


@dataclass(frozen=True)
class Change:
    """What changed since a ``Mark``. ``field``: whether a filled field holds what was typed;
    ``option``: whether the chosen option is selected (``showing``: the one that is, in the
    page's words)."""

    seen: tuple[Seen, ...]
    field: Field | None = None
    option: Literal["selected", "other"] | None = None
    showing: str = ""


@runtime_checkable
class Watching(Protocol):
    """A ``Browser`` that can tell what an action changed (``PlaywrightBrowser``)."""

    async def watch_action(
        self, handle: str | None, action: ActionKind, wanted: str | None, *, append: bool
    ) -> Mark | None: ...

    async def action_changes(self, mark: Mark) -> Change: ...
