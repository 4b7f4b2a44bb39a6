"""The product package never imports the harness: imports go one way, harness -> subterminator.

``subterminator cancel --sim`` needs only what ships in ``subterminator`` (the simulator lives
there); ``harness`` holds the pytest plugin, doubles, replay and benchmarks, built on top.
"""

from __future__ import annotations

import ast
from pathlib import Path

import subterminator

PRODUCT = Path(subterminator.__file__).parent


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def test_the_product_never_imports_the_harness_or_the_tests() -> None:
    offenders = {
        f"{path.relative_to(PRODUCT.parent)}: {module}"
        for path in PRODUCT.rglob("*.py")
        for module in imported_modules(path)
        if module.split(".")[0] in ("harness", "tests")
    }
    assert not offenders, sorted(offenders)


def test_the_check_sees_imports_inside_functions(tmp_path: Path) -> None:
    sample = tmp_path / "m.py"
    sample.write_text("def f():\n    from harness.x import y\n    import tests.z\n")
    assert imported_modules(sample) == {"harness.x", "tests.z"}
