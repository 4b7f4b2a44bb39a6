"""Where a handle's control is now, when a re-render replaced its node: the seam's words for
it (``browser.refind`` finds it). Apart so the tools layer reads them without Playwright."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol, runtime_checkable

State = Literal["here", "one", "none", "many", "unknown"]


@dataclass(frozen=True)
class Relocation:
    """Where a handle's control is now. ``here``: its node is still in the page; ``one``: a
    re-render replaced it and ``handle`` is the one live control like it; ``none`` or
    ``many`` (``count``): no single one; ``unknown``: not ours to re-find (another document,
    a handle DevTools named, no print)."""

    state: State
    handle: str = ""
    count: int = 0
    nth: int = 0  # its place among the controls like it in ``scope`` (1-based; 0: unknown)
    of: int = 0
    scope: str = ""  # the role of the list, table or landmark it sits in
    scope_name: str = ""  # that scope's name (page words)


@runtime_checkable
class Relocating(Protocol):
    """A browser that can re-find a control whose node a re-render replaced."""

    async def relocate(self, handle: str) -> Relocation: ...
