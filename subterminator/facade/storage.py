"""PLACEHOLDER: replaced by the storage helper."""

from __future__ import annotations

from typing import TYPE_CHECKING

from subterminator.models.browser_response import BrowserResponse
from subterminator.tools.facade.args import StorageArgs

if TYPE_CHECKING:
    from subterminator.facade.reading import Reading


async def storage(reading: Reading, args: StorageArgs) -> BrowserResponse:
    return BrowserResponse(success=False, error="not built yet")
