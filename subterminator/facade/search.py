"""PLACEHOLDER: replaced by the search helper."""

from __future__ import annotations

from typing import Protocol

from subterminator.models.browser_response import BrowserResponse
from subterminator.tools.facade.args import SearchArgs


class SearchProvider(Protocol):
    name: str


async def web_search(provider: SearchProvider | None, args: SearchArgs) -> BrowserResponse:
    return BrowserResponse(success=False, error="web_search is not available")


def provider(spec: str | None) -> SearchProvider | None:
    return None
