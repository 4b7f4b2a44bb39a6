"""The recording format: a run's pages, browser events, AI turns and outcome, as one JSON file.

Pages are whole-page ``RawCapture``s (boxes in document coordinates, screenshots as PNG files
beside), so a replay cuts any viewport out of them and runs today's SnapshotFactory over
yesterday's pages. Elements are named by ``ElementIdentity`` (role, name, tag, and which of the
same kind), never by a ref or a handle: those change with every capture and pruning rule.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any, Literal, Protocol
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field

from subterminator.browser.capture import RawCapture
from subterminator.browser.effect import ActionEffect

FORMAT_VERSION: Literal[1] = 1
RecordingSource = Literal["simulator", "live", "manual"]
BrowserCall = Literal[
    "navigate", "click", "fill", "select", "scroll_into_view", "scroll_page", "inspect", "human"
]  # "human": a person acted in the browser (signed in...) when asked to


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ElementIdentity(_Model):
    """An element as a person would point at it: what it is, what it says, which one."""

    role: str
    name: str
    tag: str = ""
    nth: int = Field(default=0, ge=0, description="Among the page's nodes of this role and name")

    def describe(self) -> str:
        which = f" (#{self.nth + 1})" if self.nth else ""
        return f'{self.role or self.tag} "{self.name}"{which}'


class Named(Protocol):
    """What an identity reads: a raw node or a snapshot element."""

    @property
    def role(self) -> str: ...

    @property
    def name(self) -> str: ...


def identity_of(nodes: Sequence[Named], index: int) -> ElementIdentity:
    """The identity of ``nodes[index]``: its role, name, tag (raw nodes) and place among kin."""
    node = nodes[index]
    nth = sum(1 for n in nodes[:index] if n.role == node.role and n.name == node.name)
    return ElementIdentity(role=node.role, name=node.name, tag=getattr(node, "tag", ""), nth=nth)


def find_identity(nodes: Sequence[Named], identity: ElementIdentity) -> int | None:
    """Where ``identity`` is among ``nodes`` (role, name and place among kin), if anywhere."""
    same = [i for i, n in enumerate(nodes) if (n.role, n.name) == (identity.role, identity.name)]
    return same[identity.nth] if identity.nth < len(same) else None


class RecordedPage(_Model):
    id: str = Field(description="Content fingerprint: address path, title, roles and names")
    capture: RawCapture = Field(description="Whole page, boxes in document coordinates")
    screenshot_file: str | None = Field(default=None, description="PNG beside the recording")


class BrowserEvent(_Model):
    """One call across the Browser seam, and what it led to."""

    call: BrowserCall
    page: str = Field(description="Id of the page it was made on ('' before the first)")
    target: ElementIdentity | None = None
    arguments: dict[str, Any] = Field(default_factory=dict)
    result_page: str | None = Field(default=None, description="Id of the page it led to")
    scroll_y: int = Field(default=0, description="Vertical scroll offset afterwards")
    effect: ActionEffect | None = Field(default=None, description="What inspect reported")
    error_code: str | None = None
    error_detail: str | None = None


class RecordedTurn(_Model):
    """One tool call the AI made; ``target`` replaces its ref."""

    tool: str
    arguments: dict[str, Any] = Field(default_factory=dict)
    target: ElementIdentity | None = None


class RecordedApproval(_Model):
    kind: str
    action: str
    approved: bool


class ExpectedOutcome(_Model):
    reason: str
    success: bool
    verified: bool
    approvals: list[str] | None = Field(
        default_factory=list,
        description="Kinds asked, in order; null for a person's recording (acting was approving)",
    )


class RecordingMeta(_Model):
    format_version: Literal[1] = FORMAT_VERSION
    service: str
    flow: str
    source: RecordingSource
    recorded_at: str
    chromium: str = ""
    viewport: dict[str, int] = Field(default_factory=dict)
    start_url: str = ""


class Recording(_Model):
    """A recorded run. ``expected`` is absent if the run was interrupted."""

    meta: RecordingMeta
    pages: list[RecordedPage] = Field(default_factory=list)
    events: list[BrowserEvent] = Field(default_factory=list)
    turns: list[RecordedTurn] = Field(default_factory=list)
    approvals: list[RecordedApproval] = Field(default_factory=list)
    expected: ExpectedOutcome | None = None

    def page(self, page_id: str) -> RecordedPage:
        return next(p for p in self.pages if p.id == page_id)


def fingerprint(capture: RawCapture) -> str:
    """The page's content, not its address's host or port: two runs of one simulator agree."""
    parts = urlsplit(capture.url)
    content = [
        parts.path,
        parts.query,
        capture.title,
        [
            (n.role, n.name, n.tag, n.disabled, n.checked, n.expanded, n.value)
            for n in capture.nodes
        ],
        sorted(set(capture.text.split("\n"))),  # its order follows the scroll position
    ]
    digest = hashlib.sha256(json.dumps(content, ensure_ascii=False).encode()).hexdigest()
    return digest[:16]
