"""The gate's answer for one action, and where the page stands: shared by its rule tables."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

PageClass = Literal["outside", "flow", "final"]
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


@dataclass(frozen=True)
class Verdict:
    """The gate's answer for one action; ``question`` is system-written, never the AI's."""

    ask: bool
    reason: str
    question: str
    page: PageClass
    allow_writes: bool = False  # a cookie banner's, outside the flow only
    by_page: bool = False  # asked only because of the page's words, not for itself
    in_flow: bool = False  # the page is in the cancellation flow by structure (the floor's)
    commits: bool = False  # by structure it may commit (the floor would ask on a flow page)
    writes: bool = False  # it submits a form that writes, or runs a script that may
