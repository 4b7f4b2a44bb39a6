"""PLACEHOLDER: replaced by the reads helper (get_html, exists, get_attribute, get_text, wait)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from subterminator.models.browser_response import BrowserResponse
from subterminator.tools.facade.args import ExtractArgs, InspectArgs

if TYPE_CHECKING:
    from subterminator.facade.reading import Reading


async def inspect(reading: Reading, args: InspectArgs) -> BrowserResponse:
    return BrowserResponse(success=False, error="not built yet")


async def extract(reading: Reading, args: ExtractArgs) -> BrowserResponse:
    return BrowserResponse(success=False, error="not built yet")


async def wait_for(reading: Reading, selector: str, state: str, seconds: float) -> BrowserResponse:
    return BrowserResponse(success=False, error="not built yet")
