"""What the model sees of a page: the Snapshot of spec 01 1.3.1.

Field order, names and optionality follow the spec's TypeScript interface; the JSON schema in
``fixtures/snapshot_schema.json`` is generated from these classes (``subterminator.schema``).
"""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer

REF_PATTERN = r"^@e\d+$"
Ref = Annotated[str, Field(pattern=REF_PATTERN)]

ElementState = Literal[
    "visible",
    "hidden",
    "offscreen",
    "enabled",
    "disabled",
    "readonly",
    "checked",
    "unchecked",
    "mixed",
    "expanded",
    "collapsed",
    "focused",
    "busy",
]
ELEMENT_STATES: tuple[str, ...] = get_args(ElementState)

_OPTIONAL = frozenset({"value", "level", "children"})
MAX_NAME_LENGTH = 200
MAX_ELEMENTS = 100


class _Contract(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class BoundingBox(_Contract):
    """Position in viewport coordinates (CSS pixels, origin at the viewport's top-left)."""

    x: int = Field(description="Left edge, pixels from viewport left")
    y: int = Field(description="Top edge, pixels from viewport top")
    width: int = Field(ge=0)
    height: int = Field(ge=0)

    def center(self) -> tuple[int, int]:
        return (self.x + self.width // 2, self.y + self.height // 2)


class PageInfo(_Contract):
    url: str
    title: str
    lang: str = Field(
        default="",
        description="The document's declared language (<html lang>), '' when none: the outcome "
        "and safety rules read a page by its language",
    )

    @model_serializer(mode="wrap")
    def _omit_no_lang(self, handler: SerializerFunctionWrapHandler) -> dict[str, object]:
        """No ``lang`` key for a page that declares none (recordings made before it existed)."""
        data: dict[str, object] = handler(self)
        if not data.get("lang"):
            data.pop("lang", None)
        return data

    text: str = Field(
        default="",
        description="Visible text, viewport first, then the main content; whitespace-collapsed, "
        "a line per block, cut to a token budget (PruneLimits.text_token_budget); form values "
        "never. Outcome checks read it; only the latest snapshot shows it to the model",
    )


class ViewportInfo(_Contract):
    width: int = Field(ge=1)
    height: int = Field(ge=1)
    scroll_x: int = Field(ge=0)
    scroll_y: int = Field(ge=0)


class Element(_Contract):
    """One pruned accessibility element; ``ref`` is valid only within its snapshot."""

    ref: Ref = Field(description="Element reference, e.g. '@e7'")
    role: str = Field(description="ARIA role")
    name: str = Field(
        max_length=MAX_NAME_LENGTH + 3,
        description="Accessible name (max 200 chars, then '...')",
    )
    state: list[ElementState]
    bbox: BoundingBox = Field(description="Position in viewport coordinates")
    value: str | None = Field(default=None, description="For inputs: current value")
    level: int | None = Field(default=None, ge=1, le=6, description="For headings: 1-6")
    children: list[Ref] | None = Field(default=None, description="Refs of child elements")

    @model_serializer(mode="wrap")
    def _omit_absent(self, handler: SerializerFunctionWrapHandler) -> dict[str, object]:
        """Optional fields (value, level, children) are left out, not sent as null: tokens."""
        data: dict[str, object] = handler(self)
        return {k: v for k, v in data.items() if v is not None or k not in _OPTIONAL}


class Snapshot(_Contract):
    """The page as the model sees it. Every tool reply carries one, errors included."""

    snapshot_id: str = Field(description="UUID for this snapshot")
    timestamp: str = Field(description="ISO 8601 timestamp")
    elements: list[Element] = Field(max_length=MAX_ELEMENTS)
    focused: Ref | None = Field(description="Ref of the focused element, if any")
    page: PageInfo
    screenshot: str = Field(description="Base64-encoded PNG ('' when screenshots are off)")
    viewport: ViewportInfo

    def elements_json(self) -> str:
        """The elements as sent to the model: compact, absent fields left out."""
        return "[" + ",".join(e.model_dump_json() for e in self.elements) + "]"

    def element(self, ref: str) -> Element | None:
        return next((e for e in self.elements if e.ref == ref), None)
