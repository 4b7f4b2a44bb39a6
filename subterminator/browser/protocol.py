"""The ``Browser`` protocol: as small as httpx's transport, so doubles can be as honest."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, Protocol, runtime_checkable

from subterminator.browser.capture import RawCapture
from subterminator.browser.effect import ActionEffect, GuardedRequest
from subterminator.browser.history import History
from subterminator.browser.keyed import Keyed
from subterminator.browser.reach import Reach
from subterminator.browser.side_effects import SideEffect

CaptureScope = Literal["viewport", "page"]
RequestGuard = Callable[[GuardedRequest], str | None]
ActionKind = Literal["click", "fill", "select", "scroll"]
Activating = Literal["enter", "space"]  # the keys that act as a click or a form's submission
ScrollDirection = Literal["up", "down", "top", "bottom"]


@runtime_checkable
class Browser(Protocol):
    """Page I/O. Element actions take a ``RawNode.handle`` from this browser's last capture.

    Element actions raise ``BrowserActionError`` with a code (``element_disabled``,
    ``element_obscured``, ``element_not_visible``, ``element_detached``, ``timeout``,
    ``action_failed``); a dead browser raises ``BrowserError``.
    """

    async def navigate(self, url: str) -> int | None:
        """Open ``url``; the HTTP status of the document, None when it has none."""
        ...

    async def capture(
        self, *, scope: CaptureScope = "viewport", screenshot_pixels: int | None = None
    ) -> RawCapture:
        """Capture the page; ``screenshot_pixels`` caps the PNG's area (None: no screenshot)."""
        ...

    async def inspect(self, handle: str, action: ActionKind) -> ActionEffect:
        """What ``action`` on ``handle`` would really do now (hit target, form, link, text)."""
        ...

    async def keyed(self, key: Activating) -> Keyed:
        """What that key pressed now on the focused element would act on."""
        ...

    async def history(self) -> History:
        """The tab's history: where a step back, forward or a reload goes, and whether that
        page's document is a form's POST result (which the step sends again)."""
        ...

    def guard_requests(self, guard: RequestGuard | None) -> None:
        """The network backstop: while set, a reason ``guard`` returns aborts that request."""
        ...

    def set_reach(self, reach: Reach | None) -> None:
        """Where pages and frames may load from; a navigation outside it is stopped where it
        is made (redirects included) and noted in ``reach.held``."""
        ...

    async def side_effects(self) -> list[SideEffect]:
        """What pages did by themselves since the last call (downloads, new tabs), once each."""
        ...

    async def click(self, handle: str, *, timeout_ms: int) -> None: ...

    async def fill(
        self, handle: str, value: str, *, clear_first: bool, timeout_ms: int
    ) -> None: ...

    async def select(self, handle: str, value: str, *, timeout_ms: int) -> None: ...

    async def scroll_into_view(self, handle: str, *, timeout_ms: int) -> None: ...

    async def scroll_page(self, direction: ScrollDirection, amount: int) -> None: ...

    async def close(self) -> None: ...
