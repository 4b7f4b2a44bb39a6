"""An old fixture name's warning points at the user's test, the line they would rename, not at
pytest's fixture machinery: a session-wide fixture's first use included."""

from __future__ import annotations

import re

import pytest

pytest_plugins = ["pytester"]

THEIRS = """\
import pytest


def test_nothing_old():
    pass


@pytest.mark.parametrize("n", [1])
def test_old_site(static_site, n):
    assert callable(static_site)


def test_old_site_asked_for_by_name(request):
    assert callable(request.getfixturevalue("their_site"))
"""
CONFTEST = """\
import pytest


@pytest.fixture
def their_site(request):
    return request.getfixturevalue("static_site")
"""


def _places(out: str) -> list[tuple[str, int]]:
    """Where each deprecation warning in the summary says it was raised."""
    return [
        (found[1], int(found[2]))
        for found in re.finditer(r"^\s*(\S+?):(\d+): PytestDeprecationWarning", out, re.M)
    ]


def test_the_warning_names_the_test_file_and_its_line(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_theirs=THEIRS)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=3, warnings=1)
    out = result.stdout.str()
    assert "the 'static_site' fixture is now 'st_static_site'" in out
    places = _places(out)
    assert len(places) == 1, out
    path, line = places[0]
    assert path.endswith("test_theirs.py"), out
    assert THEIRS.splitlines()[line - 1] == '@pytest.mark.parametrize("n", [1])', out


def test_a_fixture_of_theirs_asking_for_it_points_at_the_test_that_ran(
    pytester: pytest.Pytester,
) -> None:
    pytester.makeconftest(CONFTEST)
    without = THEIRS.replace("static_site, n", "n").replace("callable(static_site)", "n == 1")
    pytester.makepyfile(test_theirs=without)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=3, warnings=1)
    places = _places(result.stdout.str())
    assert len(places) == 1, result.stdout.str()
    path, line = places[0]
    assert path.endswith("test_theirs.py"), result.stdout.str()
    assert without.splitlines()[line - 1].startswith("def test_old_site_asked_for_by_name")
