"""The plugin's names carry its prefix, ``st_``, so they never take a name another plugin or a
project wants (``cassette``, ``live``...). The old unprefixed names still work, for the tests
already written with them, and each use says its new name (``PytestDeprecationWarning``).
"""

from __future__ import annotations

import warnings
from typing import Any

import pytest

# old name -> new name
FIXTURES = {
    "cassette": "st_cassette",
    "chromium_session": "st_chromium_session",
    "static_site": "st_static_site",
    "on_both_browsers": "st_on_both_browsers",
}
MARKERS = {"cassette": "st_cassette", "live": "st_live", "replay": "st_replay"}
SCOPES = {"chromium_session": "session", "static_site": "session"}
# The test being run: an old fixture's warning is placed on it, the line its author wrote,
# not in pytest's fixture machinery (a session-wide fixture's request knows no test).
RUNNING = pytest.StashKey[pytest.Item]()


def renamed(what: str, old: str, new: str) -> pytest.PytestDeprecationWarning:
    return pytest.PytestDeprecationWarning(
        f"the {old!r} {what} is now {new!r}: rename it (the old name will be removed)"
    )


def closest_marker(node: pytest.Item | pytest.Collector, new: str) -> pytest.Mark | None:
    """The marker by its new name, else by its old one (which ``warn_old_markers`` reported)."""
    found = node.get_closest_marker(new)
    old = next((o for o, n in MARKERS.items() if n == new), None)
    if found is None and old is not None:
        found = node.get_closest_marker(old)
    return found


def warn_old_markers(item: pytest.Item) -> None:
    """Once per test marked with an old name by its author (recorded flows carry ``replay``
    themselves, so ``-m replay`` still selects them, and are not warned about)."""
    if type(item).__module__.startswith("harness."):
        return
    for old, new in MARKERS.items():
        if item.get_closest_marker(old) is not None:
            item.warn(renamed("marker", old, new))


def _alias(old: str, new: str) -> Any:
    def fixture(request: pytest.FixtureRequest) -> Any:
        warning = renamed("fixture", old, new)
        item = request.config.stash.get(RUNNING, None)
        if item is not None:
            item.warn(warning)  # pytest's own: at the test's file and line
        else:
            warnings.warn(warning, stacklevel=2)
        return request.getfixturevalue(new)

    fixture.__doc__ = f"Deprecated: the old name of ``{new}``."
    return pytest.fixture(scope=SCOPES.get(old, "function"), name=old)(fixture)  # type: ignore[call-overload]


cassette = _alias("cassette", FIXTURES["cassette"])
chromium_session = _alias("chromium_session", FIXTURES["chromium_session"])
static_site = _alias("static_site", FIXTURES["static_site"])
on_both_browsers = _alias("on_both_browsers", FIXTURES["on_both_browsers"])
