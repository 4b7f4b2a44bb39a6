"""The suite's shape: shared helpers live in tests/support/, and no module imports a test module
or the conftest, so any test file can move, or run alone, without breaking another; the MCP
attack suite's sample holds every kind of case; a test that starts a process is seen doing so."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tests.attacks.cases import CASES
from tests.attacks.fresh import FRESH
from tests.support import markers
from tests.support.attack_runs import kind_of, sample

TESTS = Path(__file__).resolve().parent


def imported(path: Path) -> set[str]:
    """The modules ``path`` imports, by their full dotted names."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_no_module_imports_a_test_module_or_the_conftest() -> None:
    offenders = {
        f"{path.relative_to(TESTS)}: {name}"
        for path in TESTS.rglob("*.py")
        for name in imported(path)
        if name.startswith("tests.")
        and (name.rsplit(".", 1)[-1].startswith("test_") or name.endswith("conftest"))
    }
    assert not offenders, sorted(offenders)


def test_every_folder_of_tests_is_a_package() -> None:
    """Test files in different folders may share a name only if each folder is a package."""
    folders = {path.parent for path in TESTS.rglob("test_*.py")} | {TESTS / "support"}
    assert not [f for f in folders if not (f / "__init__.py").exists()]


def test_the_mcp_attack_sample_holds_every_kind_of_case() -> None:
    every = [*CASES, *FRESH]
    assert {kind_of(case) for case in sample(every)} == {kind_of(case) for case in every}
    assert len(sample(every)) < len(every) / 4  # a sample, so the MCP suite stays quick


def test_the_three_markers_are_registered(pytestconfig: pytest.Config) -> None:
    registered = {line.split(":")[0] for line in pytestconfig.getini("markers")}
    assert set(markers.MARKERS) <= registered


@pytest.mark.subprocess
def test_a_process_a_test_starts_is_seen_and_a_probe_is_not() -> None:
    markers.SPAWNED.start()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    subprocess.run(["uname", "-p"], capture_output=True, check=False)
    seen = markers.SPAWNED.stop()
    assert len(seen) == 1
    assert sys.executable in seen[0]
