"""PLACEHOLDER: replaced by the code helper (execute, evaluate, chunked results)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from subterminator.models.browser_response import BrowserResponse
from subterminator.tools.facade.args import ExecuteArgs

if TYPE_CHECKING:
    from subterminator.facade.reading import Reading


async def run_code(reading: Reading, args: ExecuteArgs) -> BrowserResponse:
    return BrowserResponse(success=False, error="not built yet")
