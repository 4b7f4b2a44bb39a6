"""The V02 facade's arguments, one model per tool, as the V02 facade's contract writes them.

Each tool takes an ``action`` and the parameters its actions use; a parameter an action needs
and was not given is said by the facade when the call is read (``facade.front``), with the
action named, so the model's mistake comes back as one clear sentence.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, StrictBool, StrictInt, StrictStr

from subterminator.tools.args import ToolArgs

Number = float  # strict: an int is a number, a string or a bool is not
SELECTOR = (
    "A CSS selector naming one element (or a ref such as @e7 from the latest snapshot). "
    "An action on a selector that matches several elements is refused, saying how many."
)
CHUNKING = "Return the result in chunks: offset, length and snapshot_checksum page through it"
OFFSET = "Where the chunk starts, in bytes of the UTF-8 text (0: the beginning)"
LENGTH = "The chunk's size in bytes (default: the tool's chunk size)"
CHECKSUM = (
    "The snapshot_checksum a previous chunk gave: the chunk is refused when the text changed "
    "since, so chunks of two different texts are never joined"
)


class SessionArgs(ToolArgs):
    action: Literal["launch", "terminate", "list", "get_active"]
    instance_id: StrictStr | None = Field(default=None, description="Required for terminate")
    headless: StrictBool = Field(default=True, description="Launch without a window")
    profile: StrictStr | None = Field(
        default=None, description="Browser profile: the one the server was started with"
    )
    anti_detect: StrictBool = Field(default=False, description="Not offered (must be false)")
    use_pool: StrictBool = Field(default=True, description="Reuse the session's browser")


class NavigateArgs(ToolArgs):
    action: Literal["goto", "back", "forward", "refresh", "get_url"]
    url: StrictStr | None = Field(default=None, description="Required for goto")
    wait_for: StrictStr | None = Field(
        default=None, description="A CSS selector to wait for after the navigation"
    )
    timeout: Number = Field(default=30, gt=0, le=300, description="Seconds")


class InteractArgs(ToolArgs):
    action: Literal["click", "type", "select", "hover", "scroll", "press", "wait"]
    selector: StrictStr | None = Field(default=None, description=SELECTOR)
    text: StrictStr | None = Field(default=None, description="Required for type")
    clear: StrictBool = Field(default=False, description="type: clear the field first")
    delay: Number = Field(default=0, ge=0, le=1, description="type: seconds between keys")
    button: Literal["left", "right", "middle"] = Field(default="left", description="click")
    click_count: StrictInt = Field(default=1, ge=1, le=3, description="click")
    value: StrictStr | None = Field(default=None, description="select: the option's value")
    index: StrictInt | None = Field(default=None, ge=0, description="select: the option's index")
    label: StrictStr | None = Field(default=None, description="select: the option's label")
    direction: Literal["up", "down", "left", "right"] = Field(default="down", description="scroll")
    amount: StrictInt = Field(default=100, ge=0, le=100_000, description="scroll: pixels")
    key: StrictStr | None = Field(default=None, description="Required for press")
    modifiers: list[Literal["ctrl", "alt", "shift", "meta"]] | None = Field(
        default=None, description="press: keys held down"
    )
    state: Literal["visible", "hidden", "present"] = Field(default="visible", description="wait")
    timeout: Number = Field(default=30, gt=0, le=300, description="wait: seconds")


class InspectArgs(ToolArgs):
    action: Literal["get_html", "exists", "get_attribute"]
    selector: StrictStr | None = Field(
        default=None, description="CSS selector (get_html without one: the whole page)"
    )
    max_depth: StrictInt | None = Field(default=None, ge=0, description="DOM depth kept")
    collapse_depth: StrictInt | None = Field(
        default=None, ge=0, description="Depth from which elements are summarised"
    )
    ellipsize_text_after: StrictInt = Field(default=128, ge=1, description="Characters")
    attribute: StrictStr | None = Field(default=None, description="Required for get_attribute")


class ExtractArgs(ToolArgs):
    action: Literal["get_text", "get_cookies"]
    selector: StrictStr | None = Field(default=None, description="CSS selector (none: body)")
    use_chunking: StrictBool = Field(default=False, description=CHUNKING)
    offset: StrictInt = Field(default=0, ge=0, description=OFFSET)
    length: StrictInt | None = Field(default=None, ge=1, description=LENGTH)
    snapshot_checksum: StrictStr | None = Field(default=None, description=CHECKSUM)
    ellipsize_text_after: StrictInt = Field(default=128, ge=1, description="Characters")
    include_tag_names: StrictBool = Field(default=True, description='"div#id: text" lines')
    skip_hidden: StrictBool = Field(default=True, description="Leave out hidden elements")
    max_depth: StrictInt | None = Field(default=None, ge=0, description="DOM depth kept")


class CaptureArgs(ToolArgs):
    action: Literal["screenshot", "element_screenshot"]
    selector: StrictStr | None = Field(default=None, description="element_screenshot: " + SELECTOR)
    full_page: StrictBool = Field(default=False, description="screenshot: the whole page")
    save_to_disk: StrictBool = Field(
        default=True, description="Save to the screenshots folder (else return base64 PNG)"
    )


class ExecuteArgs(ToolArgs):
    action: Literal["execute", "evaluate"]
    code: StrictStr = Field(description="JavaScript: a function body (execute), an expression")
    args: list[Any] | None = Field(default=None, description="execute: the function's arguments")
    use_chunking: StrictBool = Field(default=False, description=CHUNKING)
    offset: StrictInt = Field(default=0, ge=0, description=OFFSET)
    length: StrictInt | None = Field(default=None, ge=1, description=LENGTH)
    snapshot_checksum: StrictStr | None = Field(default=None, description=CHECKSUM)


class StorageArgs(ToolArgs):
    action: Literal[
        "list_downloads",
        "clear_downloads",
        "wait_for_download",
        "list_screenshots",
        "clear_screenshots",
        "set_download_behavior",
    ]
    filename: StrictStr | None = Field(default=None, description="wait_for_download: this file")
    timeout: StrictInt = Field(default=30, ge=0, le=300, description="Seconds")
    behavior: Literal["allow", "deny", "allowAndName", "default"] = Field(
        default="allow", description="set_download_behavior"
    )
    download_path: StrictStr | None = Field(
        default=None, description="set_download_behavior: the session's downloads folder only"
    )


class SearchArgs(ToolArgs):
    query: StrictStr = Field(min_length=1, max_length=500, description="What to search for")
    max_results: StrictInt = Field(default=10, ge=1, le=50)
    search_engine_url: StrictStr | None = Field(
        default=None, description="The configured engine's address only"
    )
    timeout: Number | None = Field(default=None, gt=0, le=60, description="Seconds")
