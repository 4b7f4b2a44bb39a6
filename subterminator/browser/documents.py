"""The documents our scripts run in and the nodes resolved there (``devtools`` makes them)."""

from __future__ import annotations

from dataclasses import dataclass

from playwright.async_api import CDPSession


@dataclass(frozen=True)
class Doc:
    """A document our scripts run in: the DevTools session that reaches it, and its frame.

    ``top`` is the page's own document; handles of nodes walked in any other (cross-origin
    frames, which the top document's script cannot enter) are prefixed with the frame's id.
    """

    session: CDPSession
    frame_id: str
    top: bool = False

    @property
    def handle_prefix(self) -> str:
        """What ``DevTools.resolve`` needs before a backend node id to find this document."""
        return "" if self.top else f"{self.frame_id}:"


@dataclass(frozen=True)
class Node:
    """An element resolved into our isolated world of its document."""

    doc: Doc
    object_id: str
    context_id: int
