"""The browser tests' own fixtures."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from subterminator.browser.playwright_browser import PlaywrightBrowser
from tests.support.readers import reading


@pytest.fixture(scope="module")
async def reader() -> AsyncIterator[PlaywrightBrowser]:
    """A browser of the module's own at ``readers.VIEWPORT``: a module's pages stay open in
    it, apart from the session's shared browser."""
    async with reading() as browser:
        yield browser
