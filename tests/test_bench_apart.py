"""What ships is what a user's tests need: ``harness`` reads nothing of this checkout (no
``fixtures/``, no ``recordings/``) and imports neither the benches nor the tests; the ``test``
extra installs only what the harness imports; this repository's tools are in ``dev``."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HARNESS = ROOT / "harness"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
# what the repository alone uses: its suite, benches, lint and task runner
REPOSITORY_ONLY = {
    "jsonschema",
    "mypy",
    "nox",
    "pytest-playwright",
    "pytest-recording",
    "pytest-xdist",
    "ruff",
    "syrupy",
    "tokenizers",
    "websockets",
}


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0].lower()


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text("utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


def test_the_wheel_holds_the_product_and_the_harness_only() -> None:
    wheel = PYPROJECT["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert sorted(wheel["packages"]) == ["harness", "subterminator"]


def test_the_harness_imports_neither_the_benches_nor_the_tests() -> None:
    offenders = {
        f"{path.relative_to(ROOT)}: {module}"
        for path in HARNESS.rglob("*.py")
        for module in _imports(path) & {"bench", "tests"}
    }
    assert not offenders, sorted(offenders)


def test_the_harness_reads_nothing_of_this_checkout() -> None:
    """A wheel has no ``fixtures/`` or ``recordings/`` beside ``harness/``: nothing is found
    from the module's own place upwards (a project's ``recordings/``, from where it runs, is
    the user's)."""
    beside = re.compile(r"__file__\)?(\.resolve\(\))?\.(parent\.parent|parents\[)")
    offenders = [
        str(path.relative_to(ROOT))
        for path in HARNESS.rglob("*.py")
        if beside.search(path.read_text("utf-8"))
    ]
    assert not offenders, offenders


def test_the_test_extra_is_what_a_users_tests_need_and_dev_the_rest() -> None:
    extras = PYPROJECT["project"]["optional-dependencies"]
    test = {_name(r) for r in extras["test"]}
    dev = {_name(r) for r in extras["dev"]}
    assert test == {"pytest", "pytest-asyncio", "hypothesis", "vcrpy"}
    assert not test & REPOSITORY_ONLY
    assert dev >= REPOSITORY_ONLY
    assert "subterminator" in dev  # and with it, the test extra
