"""The facade's reads, run on the page as it is (``FacadeToolServer._read``).

Each read answers with a ``BrowserResponse``; none changes the page, so the gate lets them
through (the stack still logs each in the run record). Page content read here is the page's
own words: masked where it holds a secret (``facade.dom``), never interpreted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.facade import capture, dom, search, storage
from subterminator.models.browser_response import BrowserResponse
from subterminator.models.conversation import ToolCall
from subterminator.snapshot.registry import ElementRegistry
from subterminator.tools.facade.args import (
    CaptureArgs,
    ExtractArgs,
    InspectArgs,
    InteractArgs,
    NavigateArgs,
    SearchArgs,
    StorageArgs,
)


@dataclass(frozen=True)
class Limits:
    """Response and chunk sizes in bytes of UTF-8, as the facade's configuration has them."""

    text_response: int = 64_000
    text_chunk: int = 16_000
    html_response: int = 128_000
    html_chunk: int = 32_000
    code_response: int = 32_000
    code_chunk: int = 12_000
    max_chunk: int = 128_000


@dataclass(frozen=True)
class Folders:
    """Where the session keeps what the facade saves: screenshots, and the downloads a
    person chose to keep (None: downloads are refused, as in every run)."""

    screenshots: Path
    downloads: Path | None = None


@dataclass
class Reading:
    """What a read needs: the page, our refs (``@eN`` selectors), the session's folders, the
    search provider (None: not available) and the size limits."""

    browser: PlaywrightBrowser
    registry: ElementRegistry
    folders: Folders
    search: search.SearchProvider | None = None
    limits: Limits = field(default_factory=Limits)


async def read(via: ToolCall, reading: Reading) -> BrowserResponse:
    """The facade call ``via`` (already checked by the front), read on the page."""
    arguments = via.arguments or {}
    if via.name == "browser_navigate":
        nav = NavigateArgs.model_validate(arguments)
        if nav.action == "goto" and nav.wait_for:  # after the page opened (our browser_open)
            return await dom.wait_for(reading, nav.wait_for, "visible", float(nav.timeout))
        return BrowserResponse(success=True, url=reading.browser.page.url)
    if via.name == "browser_interact":
        args = InteractArgs.model_validate(arguments)
        return await dom.wait_for(reading, args.selector or "", args.state, float(args.timeout))
    if via.name == "browser_inspect":
        return await dom.inspect(reading, InspectArgs.model_validate(arguments))
    if via.name == "browser_extract":
        return await dom.extract(reading, ExtractArgs.model_validate(arguments))
    if via.name == "browser_capture":
        return await capture.capture(reading, CaptureArgs.model_validate(arguments))
    if via.name == "browser_storage":
        return await storage.storage(reading, StorageArgs.model_validate(arguments))
    if via.name == "web_search":
        return await search.web_search(reading.search, SearchArgs.model_validate(arguments))
    return BrowserResponse(success=False, error=f"{via.name} is not a read")
