"""What the model sees of a page: the Snapshot.

Field order, names and optionality follow the contract's TypeScript interface; the JSON schema in
``fixtures/snapshot_schema.json`` is generated from these classes (``subterminator.schema``).

An element is written compactly, for it is most of what the model reads (they get 2,000
tokens of a turn): what is empty or a default is left out, and the box is an array.
In Python an ``Element`` always holds its full state (``"visible"``, ``"enabled"`` included)
and a ``BoundingBox``; serialising leaves out what validating restores, so any element makes
the same element again from its JSON, and the contract's long forms are accepted too.

- ``state``: ``"visible"`` is left out (it is implied unless the state says ``hidden`` or
  ``offscreen``), and so is ``"enabled"`` (implied unless it says ``disabled``) for every
  role but headings and landmarks, which have no interactivity state; an empty ``state`` is
  left out. ``{"ref":"@e3","role":"link","name":"Home",...}`` is a visible, enabled link.
- ``bbox``: ``[x, y, width, height]``, the contract's BoundingBox fields in their order (an
  object with those keys is accepted).
- ``name``: left out when empty; ``value``, ``level`` and ``children`` when absent.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    GetJsonSchemaHandler,
    PlainSerializer,
    SerializerFunctionWrapHandler,
    ValidationInfo,
    field_validator,
    model_serializer,
)
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import core_schema

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
_STATE_ORDER = {state: index for index, state in enumerate(ELEMENT_STATES)}
VISIBILITY_STATES = frozenset({"visible", "hidden", "offscreen"})
# Roles that carry no enabled/disabled state (only controls have one): headings and
# the landmarks. Every other element is "enabled" unless its state says "disabled".
NO_INTERACTIVITY_ROLES = frozenset({"heading", "region", "dialog", "alert", "alertdialog"})

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

    def compact(self) -> list[int]:
        """``[x, y, width, height]``: how an element's box is written."""
        return [self.x, self.y, self.width, self.height]


_BOX_FIELDS = ("x", "y", "width", "height")


def _box_from_array(value: object) -> object:
    """``[x, y, width, height]`` -> the object form (anything else is left to validate)."""
    if isinstance(value, list | tuple):
        if len(value) != len(_BOX_FIELDS):
            raise ValueError("a bbox array is [x, y, width, height]")
        return dict(zip(_BOX_FIELDS, value, strict=True))
    return value


class _CompactBoxSchema:
    """The JSON schema of an element's box: the array written, or the contract's object."""

    @classmethod
    def __get_pydantic_json_schema__(
        cls, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        as_object = handler(schema)
        edges = "pixels from the viewport's"
        as_array = {
            "type": "array",
            "prefixItems": [
                {"type": "integer", "description": f"x: left edge, {edges} left"},
                {"type": "integer", "description": f"y: top edge, {edges} top"},
                {"type": "integer", "minimum": 0, "description": "width"},
                {"type": "integer", "minimum": 0, "description": "height"},
            ],
            "items": False,
            "minItems": 4,
            "maxItems": 4,
        }
        return {"anyOf": [as_array, as_object]}


CompactBox = Annotated[
    BoundingBox,
    BeforeValidator(_box_from_array),
    PlainSerializer(BoundingBox.compact, return_type=list[int]),
    _CompactBoxSchema,
]


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
        default="",
        max_length=MAX_NAME_LENGTH + 3,
        description="Accessible name (max 200 chars, then '...'; shorter, with '...', when "
        "the page has more controls than the token budget holds at full length); left out "
        "when empty",
    )
    state: list[ElementState] = Field(
        default_factory=list,
        validate_default=True,
        description="The element's states, in the order listed. Written without the defaults: "
        "'visible' unless 'hidden' or 'offscreen' is there, and, for every role but heading, "
        "region, dialog, alert and alertdialog, 'enabled' unless 'disabled' is there; left out "
        "when nothing else applies. Reading one restores them",
    )
    bbox: CompactBox = Field(
        description="Position in viewport coordinates (CSS pixels), written [x, y, width, "
        "height]: BoundingBox's fields in order (the object form {x, y, width, height} is "
        "accepted)"
    )
    value: str | None = Field(default=None, description="For inputs: current value")
    level: int | None = Field(default=None, ge=1, le=6, description="For headings: 1-6")
    children: list[Ref] | None = Field(default=None, description="Refs of child elements")

    @field_validator("state")
    @classmethod
    def _with_defaults(cls, state: list[ElementState], info: ValidationInfo) -> list[ElementState]:
        """The full state: the implied defaults added, each state once, in the contract's order."""
        have = set(state)
        if not have & VISIBILITY_STATES:
            have.add("visible")
        interactive = info.data.get("role") not in NO_INTERACTIVITY_ROLES
        if interactive and "enabled" not in have and "disabled" not in have:
            have.add("enabled")
        return sorted(have, key=_STATE_ORDER.__getitem__)

    @model_serializer(mode="wrap")
    def _compact(self, handler: SerializerFunctionWrapHandler) -> dict[str, object]:
        """Absent optional fields, an empty name and the implied states are left out: tokens."""
        data: dict[str, Any] = handler(self)
        if "state" in data:  # (a dump may include only some fields)
            state = wire_state(self.role, self.state)
            if state:
                data["state"] = state
            else:
                del data["state"]
        if data.get("name") == "":
            del data["name"]
        return {k: v for k, v in data.items() if v is not None or k not in _OPTIONAL}


def wire_state(role: str, state: list[ElementState]) -> list[ElementState]:
    """``state`` as written: without what ``Element`` validation would add back."""
    have = set(state)
    implied: set[str] = set()
    if not have & {"hidden", "offscreen"}:
        implied.add("visible")
    if role not in NO_INTERACTIVITY_ROLES and "disabled" not in have:
        implied.add("enabled")
    return [s for s in state if s not in implied]


class SnapshotMeta(_Contract):
    """What the element budget left out: present only when controls in view are missing."""

    in_view_controls: int = Field(ge=0, description="Controls the page has in view")
    kept: int = Field(ge=0, description="Of those, how many the elements hold")
    tokens_short: int = Field(
        ge=0,
        description="Estimated tokens the element budget lacks to hold all of them, names cut "
        "to the shortest that tells them apart (past 100 the element cap binds as well); 0 "
        "when only the element cap left them out",
    )


class Snapshot(_Contract):
    """The page as the model sees it. Every tool reply carries one, errors included."""

    snapshot_id: str = Field(description="UUID for this snapshot")
    timestamp: str = Field(description="ISO 8601 timestamp")
    elements: list[Element] = Field(max_length=MAX_ELEMENTS)
    focused: Ref | None = Field(description="Ref of the focused element, if any")
    page: PageInfo
    screenshot: str = Field(description="Base64-encoded PNG ('' when screenshots are off)")
    viewport: ViewportInfo
    meta: SnapshotMeta | None = Field(
        default=None,
        description="Present when controls in view were left out: how many, and by how many "
        "tokens the element budget fell short (scroll, or act on what is listed); left out "
        "when every control in view is there",
    )

    @model_serializer(mode="wrap")
    def _omit_no_meta(self, handler: SerializerFunctionWrapHandler) -> dict[str, object]:
        """No ``meta`` key when every control in view is listed: the JSON stays as it was."""
        data: dict[str, object] = handler(self)
        if data.get("meta", 0) is None:
            del data["meta"]
        return data

    def elements_json(self) -> str:
        """The elements as sent to the model: compact, absent fields left out."""
        return "[" + ",".join(e.model_dump_json() for e in self.elements) + "]"

    def element(self, ref: str) -> Element | None:
        return next((e for e in self.elements if e.ref == ref), None)
