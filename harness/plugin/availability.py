"""Which optional parts are installed, found without importing them (start-up stays cheap)."""

from __future__ import annotations

import importlib.util
from functools import cache

INSTALL = "pip install 'subterminator[test]'"
# module -> what needs it
OPTIONAL = {
    "pytest_asyncio": "the browser fixtures (st_browser, st_playwright, st_chromium_session)",
    "vcr": "cassettes (the st_cassette fixture and marker, recorded flows' cassette items)",
}


@cache
def has(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def missing() -> list[str]:
    """One line per feature turned off by a missing extra."""
    return [
        f"{what} off: {module} is not installed ({INSTALL})"
        for module, what in OPTIONAL.items()
        if not has(module)
    ]


def require(module: str, feature: str) -> None:
    """Fail the test that needs ``module`` with the install command."""
    if not has(module):
        import pytest

        pytest.fail(f"{feature} needs {module}, which is not installed: {INSTALL}", pytrace=False)
