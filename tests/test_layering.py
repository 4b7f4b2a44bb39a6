"""Imports go one way: harness -> subterminator, and inside the product down its layers.

``subterminator cancel --sim`` needs only what ships in ``subterminator`` (the simulator lives
there); ``harness`` holds the pytest plugin, doubles, replay and benchmarks, built on top.
"""

from __future__ import annotations

import ast
import subprocess
import sys
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


# The one door the other way: ``subterminator cassettes`` runs the harness's cassette maker (it
# needs the test extra, and says so). Imported inside the command's function only, so loading
# the product, that module included, never loads the harness.
HARNESS_DOORS = {"subterminator/cli/cassettes.py": {"harness.record_cassettes"}}


def test_the_product_never_imports_the_harness_or_the_tests() -> None:
    offenders = {
        f"{where}: {module}"
        for path in PRODUCT.rglob("*.py")
        if (where := str(path.relative_to(PRODUCT.parent)))
        for module in imported_modules(path) - HARNESS_DOORS.get(where, set())
        if module.split(".")[0] in ("harness", "tests")
    }
    assert not offenders, sorted(offenders)


def test_the_harness_door_is_opened_only_when_its_command_runs() -> None:
    for where, modules in HARNESS_DOORS.items():
        tree = ast.parse((PRODUCT.parent / where).read_text(encoding="utf-8"))
        at_top = {n.module for n in tree.body if isinstance(n, ast.ImportFrom)}
        at_top |= {a.name for n in tree.body if isinstance(n, ast.Import) for a in n.names}
        assert not at_top & modules, where
    code = (
        "import sys, subterminator.cli.cassettes; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'harness'))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == "[]"


def test_the_check_sees_imports_inside_functions(tmp_path: Path) -> None:
    sample = tmp_path / "m.py"
    sample.write_text("def f():\n    from harness.x import y\n    import tests.z\n")
    assert imported_modules(sample) == {"harness.x", "tests.z"}


# The product's direction, bottom up: a package imports only from its own layer or those below.
# models <- browser <- snapshot <- safety <- tools <- orchestrator <- front doors, with the
# outcome judge above safety, the AI clients above tools, services above the outcome judge, the
# offline policy above services, the tool stack (gate, ledger, backstop, completion) above them
# and below the conversation loop, and the run record above the orchestrator.
LAYERS: list[tuple[str, ...]] = [
    ("errors", "net", "untrusted", "models", "simulator"),  # the contract; what we show
    ("browser",),
    ("snapshot",),
    ("safety",),
    ("outcome",),
    ("tools",),
    ("ai",),
    ("services",),
    ("offline",),
    ("stack",),  # the tool layers: gate with its ledger, backstop, completion, recording
    ("orchestrator",),
    ("recording", "runlog"),
    ("assembly",),  # the run builder: every front door assembles its run here
    ("terminal", "schema"),
    ("cancellation", "cli", "mcp"),  # the front doors
]
RANK = {package: rank for rank, packages in enumerate(LAYERS) for package in packages}


def _package(path: Path) -> str:
    return path.relative_to(PRODUCT).parts[0].removesuffix(".py")


def test_every_product_package_has_a_layer() -> None:
    packages = {_package(p) for p in PRODUCT.rglob("*.py")} - {"__init__"}
    assert packages <= set(RANK), sorted(packages - set(RANK))


def test_imports_run_down_the_layers_only() -> None:
    upward = set()
    for path in PRODUCT.rglob("*.py"):
        here = _package(path)
        if here == "__init__":
            continue
        for module in imported_modules(path):
            parts = module.split(".")
            if parts[0] != "subterminator" or len(parts) < 2 or parts[1] == here:
                continue
            if RANK[parts[1]] > RANK[here]:
                upward.add(f"{path.relative_to(PRODUCT.parent)} imports {module}")
    assert not upward, sorted(upward)


def test_the_conversation_contract_lies_below_everything_that_speaks_it() -> None:
    """ToolCall and Message are data (``models.conversation``): services and the gate use them
    without importing the AI package, which in turn knows nothing of services."""
    for package, forbidden in (("services", "ai"), ("safety", "ai"), ("ai", "services")):
        for path in (PRODUCT / package).rglob("*.py"):
            ours = [m.split(".") for m in imported_modules(path) if m.startswith("subterminator.")]
            used = {parts[1] for parts in ours}
            assert forbidden not in used, f"{path.relative_to(PRODUCT)} imports {forbidden}"
