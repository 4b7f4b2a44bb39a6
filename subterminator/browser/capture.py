"""The raw page capture that crosses the ``Browser`` seam.

It is deliberately unpruned (every element any pruning rule might want, with Chrome's own
role, name and states) and JSON round-trippable, so recordings store it and replays run
today's SnapshotFactory over yesterday's pages.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class _Raw(BaseModel):
    model_config = ConfigDict(extra="forbid")


class RawBox(_Raw):
    """Border box in viewport coordinates (CSS pixels), as getBoundingClientRect gives it."""

    x: float
    y: float
    width: float
    height: float


class RawViewport(_Raw):
    width: int
    height: int
    scroll_x: int = 0
    scroll_y: int = 0


class RawNode(_Raw):
    """One element of the page, in depth-first document order."""

    handle: str | None = Field(
        default=None, description="Opaque id the same Browser accepts for actions"
    )
    parent: int | None = Field(default=None, description="Index of nearest captured ancestor")
    tag: str = ""
    role: str = ""
    name: str = ""
    value: str | None = None
    level: int | None = None
    box: RawBox | None = None
    focusable: bool = False
    focused: bool = False
    disabled: bool = False
    readonly: bool = False
    busy: bool = False
    hidden: bool = Field(default=False, description="Hidden from assistive technology")
    checked: Literal["true", "false", "mixed"] | None = None
    expanded: bool | None = None
    text: str | None = Field(
        default=None, description="Visible text of live regions and role-less custom controls"
    )
    secret: bool = Field(
        default=False,
        description="A secret field by what it is (a password field, now or earlier in the "
        "run; autocomplete for a password, one-time code or card): its value is never shown",
    )
    code_shaped: bool = Field(
        default=False, description="An input made for a short code (numeric, short maximum)"
    )


class RawCapture(_Raw):
    """Everything a Browser reports about the page at one moment."""

    model_config = ConfigDict(extra="forbid", ser_json_bytes="base64", val_json_bytes="base64")

    url: str
    title: str
    lang: str = Field(default="", description="The document's language (<html lang>), if given")
    viewport: RawViewport
    scope: Literal["viewport", "page"] = "viewport"
    nodes: list[RawNode] = Field(default_factory=list)
    omitted: int = Field(default=0, description="Offscreen candidates left out over the cap")
    screenshot: bytes | None = Field(default=None, description="PNG bytes (base64 in JSON)")
    text: str = Field(
        default="",
        description="Visible text in document order: the viewport's first, then the main "
        "content's, then the rest; whitespace-collapsed, a line per block, bounded; form "
        "values never",
    )
