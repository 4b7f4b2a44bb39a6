"""A tab's history as the gate reads it before a step back, forward or a reload.

What Chromium does, found by experiment in headless Playwright: with every request routed (as
ours always are, which turns the HTTP cache off), going back or forward to a page a form's POST
returned, or reloading it, sends that POST again. No dialog asks first (headless Chromium shows
none) and the site receives it. Unrouted, a back or forward is served from the cache and a
reload still resends. DevTools' ``Page.getNavigationHistory`` gives each entry's address and
transition (``form_submit`` for a form's result, also for the page a POST redirected to, which a
step reloads by a GET), but not its method, and a reload turns the transition into ``reload``.
So the method is kept here, per entry: the last main-frame document request before each
commit of the main frame, when it asked for the address that committed.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

HistoryAction = Literal["back", "forward", "refresh"]
SAFE = frozenset({"GET", "HEAD"})


class HistoryEntry(BaseModel):
    """One entry: where it is, how it was reached, and whether a POST returned its document."""

    model_config = ConfigDict(extra="forbid")

    url: str
    transition: str = Field(default="", description="DevTools' transitionType")
    posted: bool = Field(default=False, description="Its document is a form's POST result")
    loaded: str = Field(
        default="",
        description="The address its document was loaded from ('' when none was: an entry "
        "a page's script made); a page may rewrite the entry's address since",
    )

    @property
    def rewritten(self) -> bool:
        """A step onto it requests an address no document of it was loaded from."""
        return address_of(self.loaded) != address_of(self.url)


class History(BaseModel):
    """The tab's entries and the current one; none when it cannot be read (a replay)."""

    model_config = ConfigDict(extra="forbid")

    current: int = -1
    entries: list[HistoryEntry] = Field(default_factory=list)

    @property
    def known(self) -> bool:
        return 0 <= self.current < len(self.entries)

    def target(self, action: HistoryAction) -> HistoryEntry | None:
        """The entry the step loads (the current one for a reload); None when there is none."""
        at = self.current + {"back": -1, "forward": 1, "refresh": 0}[action]
        return self.entries[at] if self.known and 0 <= at < len(self.entries) else None


def address_of(url: str) -> str:
    return url.split("#", 1)[0]
