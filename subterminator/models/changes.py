"""What an action changed on the page, as an MCP client reads it: ``SnapshotChanges``.

An MCP client's model reads every reply whole, and most actions change a few elements of a
page it has already read: so, after the first whole snapshot, an action's reply can carry what
changed since the last page the client was sent. Refs make this safe: an element that did
not change keeps its ref (``ElementRegistry(keep_refs=True)``), a new or renamed one takes a
new number, a removed one's ref goes stale. Applying the changes to the last page the client
read gives the new page, but for the boxes of unchanged elements (``get_snapshot`` gives those,
and always the whole page). The conversation loop never reads this form: its history
compaction keeps its context in budget.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer

from subterminator.models.snapshot import Element, PageInfo, Ref, SnapshotMeta, ViewportInfo

ALL: Literal["all"] = "all"


class SnapshotChanges(BaseModel):
    """The page after an action, against the snapshot the client read last (``base``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    snapshot_id: str = Field(description="This page's snapshot id, as get_snapshot would give")
    base: str = Field(description="The snapshot these changes apply to: the last one sent")
    page: PageInfo | None = Field(
        default=None, description="The page's address, title and text, when any of them changed"
    )
    viewport: ViewportInfo | None = Field(default=None, description="When it changed")
    focused: Ref | None = Field(description="Ref of the focused element, if any")
    added: list[Element] = Field(
        default_factory=list, description="Elements new to the client, each with a new ref"
    )
    changed: list[Element] = Field(
        default_factory=list,
        description="Elements that kept their ref but changed (state, value, children...)",
    )
    removed: list[Ref] | Literal["all"] = Field(
        default_factory=list,
        description="Refs now stale: their elements left the view; 'all' when none is left",
    )
    unchanged: int = Field(
        default=0,
        ge=0,
        description="Elements the client has, unchanged but perhaps moved (their refs stay)",
    )
    meta: SnapshotMeta | None = Field(
        default=None, description="As the page's snapshot: controls in view left out, if any"
    )

    @model_serializer(mode="wrap")
    def _compact(self, handler: SerializerFunctionWrapHandler) -> dict[str, object]:
        """Nothing written for what did not change: every token is the client's."""
        data: dict[str, object] = handler(self)
        for key in ("page", "viewport", "meta"):
            if data.get(key) is None:
                data.pop(key, None)
        for key in ("added", "changed", "removed"):
            if data.get(key) == []:
                data.pop(key, None)
        if not data.get("unchanged"):
            data.pop("unchanged", None)
        return data
