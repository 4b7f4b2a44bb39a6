"""The seven tools' argument models, descriptions and JSON schemas (spec 01 1.1.3, 1.5.1).

The argument models are the single source: they validate calls and generate the
``input_schema`` the model is given, which a test holds equal to spec 01 1.1.3. Each
description has the six parts of 1.5.1: purpose, ref invalidation, when to use, common
patterns, error conditions, example.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
    model_validator,
)
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import core_schema

from subterminator.errors import InvalidParamsError
from subterminator.models.snapshot import REF_PATTERN

RefArg = Annotated[StrictStr, Field(pattern=REF_PATTERN)]


def _positive(amount: int) -> int:
    if amount <= 0:
        raise ValueError("amount must be a positive number of pixels")
    return amount


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class GetSnapshotArgs(_Args):
    viewport_only: StrictBool = Field(
        default=True, description="If true, only include elements visible in viewport"
    )


class ClickArgs(_Args):
    ref: RefArg = Field(description="Element reference (e.g., '@e7')")


class FillArgs(_Args):
    ref: RefArg = Field(description="Element reference for the input field")
    value: StrictStr = Field(description="Text to enter into the field")
    clear_first: StrictBool = Field(
        default=True, description="If true, clear existing content before filling"
    )


class SelectArgs(_Args):
    ref: RefArg = Field(description="Element reference for the dropdown")
    value: StrictStr = Field(description="Option value or visible text to select")


class ScrollArgs(_Args):
    ref: RefArg | None = Field(
        default=None, description="Element to scroll into view. If provided, direction is ignored."
    )
    direction: Literal["up", "down", "top", "bottom"] | None = Field(
        default=None, description="Scroll direction. Required if ref not provided."
    )
    amount: Annotated[StrictInt, AfterValidator(_positive)] = Field(
        default=300, description="Pixels to scroll if using direction"
    )

    @model_validator(mode="after")
    def _ref_or_direction(self) -> ScrollArgs:
        if self.ref is None and self.direction is None:
            raise ValueError("provide either 'ref' (scroll an element into view) or 'direction'")
        return self


class ApprovalArgs(_Args):
    action: StrictStr = Field(description="Description of the action requiring approval")
    reason: StrictStr = Field(description="Why this action needs approval")


class CompleteArgs(_Args):
    status: Literal["success", "failed"] = Field(description="Whether the goal was achieved")
    reason: StrictStr = Field(description="Explanation of the outcome")


class OpenArgs(_Args):
    url: StrictStr | None = Field(
        default=None, description="An address to open; omit it for the service's account page"
    )
    service: StrictStr | None = Field(
        default=None, description="The service whose account page to open (the session's own)"
    )


class ScreenshotArgs(_Args):
    pass


_REF_NOTE = (
    "IMPORTANT: element refs (@e0, @e1, ...) are valid only for the snapshot that gave them. "
    "After this tool runs, every earlier ref is invalid; use the refs of the fresh snapshot "
    "in the reply."
)

DESCRIPTIONS: dict[str, str] = {
    "get_snapshot": f"""Capture the current page state: pruned accessibility elements with refs, \
page url, title and visible text (page.text: viewport first, cut to a budget; read it for \
confirmations and dates, which are often plain prose), viewport and scroll, and a screenshot.

{_REF_NOTE}

READING ELEMENTS: bbox is [x, y, width, height] in viewport pixels. An element is visible \
and enabled unless its state says otherwise, so state lists only the rest ("offscreen", \
"disabled", "checked", "collapsed", ...) and is left out when there is none. A name ending \
in "..." was cut to fit the budget (page.text often has it whole).

WHEN TO USE: at the start; after something changed the page without a tool (a redirect, a \
timer); when you need elements outside the viewport (viewport_only=false).

COMMON PATTERNS:
- get_snapshot() to look before the first action
- get_snapshot(viewport_only=false) to list controls further down the page
- get_snapshot() after an error reply, to re-read the page

ERROR CONDITIONS: timeout (the page took longer than 3 s to capture).

EXAMPLE: get_snapshot({{"viewport_only": true}}) -> {{"success": true, "error": null, \
"snapshot": {{"elements": [{{"ref": "@e0", "role": "button", "name": "Cancel membership", \
"bbox": [24, 310, 180, 40]}}, {{"ref": "@e1", "role": "checkbox", "name": "Email me", \
"state": ["checked"], "bbox": [24, 370, 16, 16]}}], ...}}}}""",
    "browser_click": f"""Click an element by its ref from the most recent snapshot.

{_REF_NOTE}

WHEN TO USE: buttons, links, checkboxes, radios, tabs, and collapsed sections to expand. \
The element must not be "disabled"; offscreen elements are scrolled into view first.

COMMON PATTERNS:
- expand a section: click the button whose state has "collapsed"
- tick a checkbox: click it; the fresh snapshot shows "checked"
- continue a flow: click the button named "Continue", "Next" or "Finish ..."

ERROR CONDITIONS: ref_invalid (ref not in the latest snapshot), element_disabled, \
element_obscured (something covers it: close that first), element_not_visible, timeout, \
action_failed, human_rejected (a person declined an irreversible step; read their message). \
A success with "declined": the click ran, then the person declined the step the page showed \
next; do not take it, and do not click again.

EXAMPLE: browser_click({{"ref": "@e7"}}) -> {{"success": true, "error": null, "snapshot": \
{{...fresh refs...}}}}""",
    "browser_fill": f"""Fill a text input field with the specified value. The element must \
have role 'textbox' (or searchbox, spinbutton, editable combobox).

{_REF_NOTE}

WHEN TO USE: typing into inputs, text areas and editable fields.

COMMON PATTERNS:
- replace a field's text: browser_fill(ref, value) (clear_first defaults to true)
- append to existing text: browser_fill(ref, value, clear_first=false)
- fill a form field, then click the form's submit button

ERROR CONDITIONS: ref_invalid, element_disabled (disabled or read-only), element_obscured, \
element_not_visible, timeout, action_failed (not a text field).

EXAMPLE: browser_fill({{"ref": "@e3", "value": "me@example.com"}}) -> {{"success": true, \
"error": null, "snapshot": {{...the field's value is shown...}}}}""",
    "browser_select": f"""Select an option from a dropdown/combobox. The element must have \
role 'combobox' or 'listbox' and be a native select; value is an option's value or its \
visible text.

{_REF_NOTE}

WHEN TO USE: choosing from a <select> dropdown (a reason, a plan, a country).

COMMON PATTERNS:
- by visible text: browser_select(ref, "Premium")
- by option value: browser_select(ref, "premium-4k")
- custom (non-native) dropdowns: browser_click to open, then browser_click the option

ERROR CONDITIONS: ref_invalid, element_disabled, action_failed (no such option; the \
message lists the options), timeout.

EXAMPLE: browser_select({{"ref": "@e4", "value": "Basic"}}) -> {{"success": true, \
"error": null, "snapshot": {{...value "Basic"...}}}}""",
    "browser_scroll": f"""Scroll the page or bring an element into view. Use when you need \
to see elements that are off-screen. Provide EITHER 'ref' to scroll element into view, OR \
'direction' to scroll the page.

{_REF_NOTE}

WHEN TO USE: the goal is probably below the fold; an element's state says "offscreen"; \
get_snapshot(viewport_only=false) listed something you want to see.

COMMON PATTERNS:
- browser_scroll(direction="down") to read further (amount defaults to 300 px)
- browser_scroll(direction="bottom") to reach a page footer
- browser_scroll(ref="@e12") to bring one element into view

ERROR CONDITIONS: invalid_params (neither ref nor direction), ref_invalid, timeout.

EXAMPLE: browser_scroll({{"direction": "down", "amount": 600}}) -> {{"success": true, \
"error": null, "snapshot": {{"viewport": {{"scroll_y": 600, ...}}, ...}}}}""",
    "request_human_approval": f"""Request human approval before proceeding. The system \
will pause until the human responds. Note: The server may automatically trigger this at \
critical points, and always asks before irreversible actions whatever you call.

{_REF_NOTE}

WHEN TO USE: before an irreversible or costly step you are unsure of; when the page asks \
for something only the person can give (a password, a verification code, a CAPTCHA).

COMMON PATTERNS:
- before finishing a cancellation: action="Click 'Finish Cancellation'", reason="irreversible"
- for a login or 2FA prompt: ask the person to complete it in the browser window
- when the page offers a choice the goal does not settle

ERROR CONDITIONS: human_rejected (the reply carries the person's feedback: follow it).

EXAMPLE: request_human_approval({{"action": "Cancel the membership", "reason": "cannot be \
undone"}}) -> {{"approved": true, "message": null}}""",
    "complete_task": f"""Signal that the task is complete. You MUST call this when the goal \
is achieved or when you determine it cannot be achieved.

{_REF_NOTE}

WHEN TO USE: the page confirms the goal (status="success"); or the goal cannot be reached, \
for example billing by a partner or a dead end (status="failed", say why).

COMMON PATTERNS:
- complete_task(status="success", reason="Page confirms the membership ends on ...")
- complete_task(status="failed", reason="Billed through a partner; cancel with them")
- after acknowledged=false: read the message, act, and call again

ERROR CONDITIONS: acknowledged=false when a success claim cannot be verified on the page.

EXAMPLE: complete_task({{"status": "success", "reason": "Cancellation confirmed"}}) -> \
{{"acknowledged": true, "message": null}}""",
}

ARGUMENT_MODELS: dict[str, type[_Args]] = {
    "get_snapshot": GetSnapshotArgs,
    "browser_click": ClickArgs,
    "browser_fill": FillArgs,
    "browser_select": SelectArgs,
    "browser_scroll": ScrollArgs,
    "request_human_approval": ApprovalArgs,
    "complete_task": CompleteArgs,
}
TOOL_NAMES: tuple[str, ...] = tuple(ARGUMENT_MODELS)

# What a front door without a conversation (the MCP server) also needs: a way to begin, and the
# screenshot as an image. browser_open is gated like an action: only the start page and pages
# already shown open unasked.
FRONT_DOOR_MODELS: dict[str, type[_Args]] = {
    "browser_open": OpenArgs,
    "browser_screenshot": ScreenshotArgs,
}
FRONT_DOOR_DESCRIPTIONS: dict[str, str] = {
    "browser_open": """Open the service's account page (no arguments, or {"service": name}) or \
an address ({"url": ...}); reply: a fresh snapshot, as get_snapshot.

WHEN TO USE: to begin. The account page and pages this session has already shown open \
at once; any other address is shown to the person first (an address can act by itself, \
as a click on a final button does).

ERROR CONDITIONS: human_rejected (the person said no), invalid_params, action_failed \
(the page could not be opened).""",
    "browser_screenshot": """The current page as a PNG image, with the same reply as \
get_snapshot. Read-only.""",
}


class _ToolSchema(GenerateJsonSchema):
    """Plain JSON schema, as spec 01 writes it: no titles, optional means absent-or-value."""

    def field_title_should_be_set(self, schema: Any) -> bool:
        return False

    def nullable_schema(self, schema: core_schema.NullableSchema) -> JsonSchemaValue:
        return self.generate_inner(schema["schema"])

    def default_schema(self, schema: core_schema.WithDefaultSchema) -> JsonSchemaValue:
        if schema.get("default") is None:
            return self.generate_inner(schema["schema"])
        return super().default_schema(schema)

    def model_schema(self, schema: core_schema.ModelSchema) -> JsonSchemaValue:
        out = super().model_schema(schema)
        out.pop("title", None)
        out.pop("additionalProperties", None)  # extras are refused at validation, with a message
        return out


def input_schema(name: str) -> dict[str, Any]:
    model = ARGUMENT_MODELS.get(name) or FRONT_DOOR_MODELS[name]
    return model.model_json_schema(schema_generator=_ToolSchema)


TOOL_SCHEMAS: list[dict[str, Any]] = [
    {"name": name, "description": DESCRIPTIONS[name], "input_schema": input_schema(name)}
    for name in TOOL_NAMES
]


ECHO_LIMIT = 80  # characters of the model's own input a reply quotes back


def echo(value: object, limit: int = ECHO_LIMIT) -> str:
    """``value`` as a reply quotes it (``repr`` for non-strings), cut at ``limit`` characters:
    a 70,000-character argument must not come back whole into the model's context."""
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


def _explain(error: Any, model: type[_Args]) -> str:
    loc = echo(".".join(str(part) for part in error["loc"]) or "arguments")
    kind, got = error["type"], echo(repr(error.get("input")))
    if kind == "missing":
        return f"missing required argument '{loc}'"
    if kind == "extra_forbidden":
        allowed = ", ".join(model.model_fields) or "no arguments"
        return f"unexpected argument '{loc}' (this tool takes: {allowed})"
    if kind == "string_pattern_mismatch":
        return f"'{loc}' must be a ref like '@e7', got {got}"
    if kind == "value_error":
        return str(error["msg"]).removeprefix("Value error, ")
    return f"'{loc}': {error['msg']} (got {got})"


def parse_arguments(name: str, arguments: object) -> _Args:
    """Validate a tool call; ``InvalidParamsError`` says exactly what is wrong."""
    model = ARGUMENT_MODELS.get(name) or FRONT_DOOR_MODELS.get(name)
    if model is None:
        raise InvalidParamsError(
            echo(name), f"unknown tool; the tools are: {', '.join(TOOL_NAMES)}"
        )
    if arguments is None:
        arguments = {}
    if not isinstance(arguments, dict):
        raise InvalidParamsError(name, f"arguments must be a JSON object, got {arguments!r:.80}")
    try:
        return model.model_validate(arguments)
    except ValidationError as exc:
        problems = "; ".join(_explain(e, model) for e in exc.errors())
        raise InvalidParamsError(name, problems) from None
