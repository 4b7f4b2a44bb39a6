"""PLACEHOLDER: replaced by the reads helper (screenshots)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from subterminator.models.browser_response import BrowserResponse
from subterminator.tools.facade.args import CaptureArgs

if TYPE_CHECKING:
    from subterminator.facade.reading import Reading


async def capture(reading: Reading, args: CaptureArgs) -> BrowserResponse:
    return BrowserResponse(success=False, error="not built yet")
