"""Imports go one way: harness -> subterminator, and inside the product down its layers.

``subterminator cancel --sim`` needs only what ships in ``subterminator`` (the simulator lives
there); ``harness`` holds the pytest plugin, doubles, replay and benchmarks, built on top.
"""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
from pathlib import Path

import subterminator

PRODUCT = Path(subterminator.__file__).parent


@functools.cache  # every rule below reads the same files: each is parsed once
def imported_modules(path: Path) -> frozenset[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return frozenset(found)


# The one door the other way: ``subterminator cassettes`` runs the harness's cassette maker (it
# needs the test extra, and says so). Imported inside the command's function only, so loading
# the product, that module included, never loads the harness. It stays a door, not a move: the
# maker is made of the harness's test doubles (the replay browser serving recorded pages, the
# local model APIs answering with the recorded calls, vcrpy's cassettes), which the product
# would otherwise have to ship as its own code.
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
# models <- browser <- snapshot <- tools <- safety <- orchestrator <- front doors (the tools'
# specs say what the gate inspects, so the gate reads them), with the outcome judge above
# safety, the AI clients above tools, services above the outcome judge, the
# offline policy above services, the tool stack (gate, ledger, backstop, completion) above them
# and below the conversation loop, and the run record above the orchestrator.
LAYERS: list[tuple[str, ...]] = [
    ("errors", "net", "untrusted", "models", "simulator", "vocabulary"),  # contract, words
    ("browser",),
    ("snapshot",),
    ("tools",),
    ("safety",),
    ("outcome",),
    ("ai",),
    ("services",),
    ("offline",),
    ("stack",),  # the tool layers: gate with its ledger, backstop, completion, recording
    ("pwmcp", "facade"),  # other surfaces' tools in front of the gate (Playwright MCP, V02)
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


# The stack's inner contract. The layers talk to each other through ``execute(call) -> Reply``;
# a front door holds only the top (``ToolStack``, built by the run builder) and the conversation
# loop reads nothing of it but its ``Reply`` and the top's own methods (``TopLayer``).
FRONT_DOORS = ("cancellation.py", "cli", "mcp")
STACK = PRODUCT / "stack"
HOLDS_THE_TOP = ("assembly", *FRONT_DOORS)


def _sources(*names: str) -> list[Path]:
    paths: list[Path] = []
    for name in names:
        where = PRODUCT / name
        paths += sorted(where.rglob("*.py")) if where.is_dir() else [where]
    return paths


def test_a_front_door_imports_only_the_top_of_the_stack() -> None:
    """Not a layer of it (the gate, the backstop, completion, the ledger): what the gate
    guarantees, a front door cannot go around."""
    below = {
        f"{path.relative_to(PRODUCT)} imports {module}"
        for path in _sources(*HOLDS_THE_TOP)
        for module in imported_modules(path)
        if module.startswith(("subterminator.stack.", "subterminator.safety"))
    }
    assert not below, sorted(below)


def _top_layer_members() -> set[str]:
    tree = ast.parse((STACK / "layer.py").read_text(encoding="utf-8"))
    members: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name in ("ToolLayer", "TopLayer"):
            members |= {
                n.name for n in node.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
            }
    return members


def test_the_conversation_loop_reads_only_replies_and_the_top() -> None:
    """It never reaches into a layer (the tool server's registry or browser error, the gate's
    timings): what it writes of a call comes on the ``Reply``."""
    members = _top_layer_members()
    assert {"execute", "preview", "settle", "ending"} <= members
    for path in _sources("orchestrator"):
        stack = {m for m in imported_modules(path) if m.startswith("subterminator.stack")}
        assert stack <= {"subterminator.stack.layer"}, f"{path.name}: {sorted(stack)}"
        lower = {
            m
            for m in imported_modules(path)
            if m.startswith(("subterminator.tools.server", "subterminator.browser"))
        }
        assert not lower, f"{path.name}: {sorted(lower)}"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Attribute)
                and node.value.attr == "tools"
            ):
                assert node.attr in members, f"{path.name}: .tools.{node.attr}"


def _execute_signatures() -> dict[str, tuple[list[str], str]]:
    """Each stack class's ``execute``: its parameters after ``self``, and what it returns."""
    found: dict[str, tuple[list[str], str]] = {}
    for path in sorted(STACK.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef):
                continue
            for item in node.body:
                if isinstance(item, ast.AsyncFunctionDef) and item.name == "execute":
                    args = item.args
                    names = [a.arg for a in [*args.args[1:], *args.kwonlyargs]]
                    returns = ast.unparse(item.returns) if item.returns else ""
                    found[node.name] = (names, returns)
    return found


def test_the_layers_talk_through_execute_call_to_reply() -> None:
    signatures = _execute_signatures()
    assert {"ToolStack", "GatedTools", "LoggedCalls", "NetworkBackstop"} <= set(signatures)
    odd = {
        name: signature
        for name, signature in signatures.items()
        if signature != (["call"], "Reply")
    }
    assert not odd, odd


@functools.cache
def _called(path: Path) -> frozenset[str]:
    """The names ``path`` calls, as ``name(...)`` or ``x.name(...)``."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            func = node.func
            names.add(func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", ""))
    return frozenset(names)


def _calls(paths: list[Path], name: str) -> set[str]:
    """Where ``name`` is called (a file that never spells it is not parsed: most of the tree)."""
    return {
        str(p.relative_to(PRODUCT.parent))
        for p in paths
        if name in p.read_text(encoding="utf-8") and name in _called(p)
    }


def _everything() -> list[Path]:
    root = PRODUCT.parent
    return [p for d in ("subterminator", "harness", "tests") for p in (root / d).rglob("*.py")]


def test_every_run_is_built_by_the_run_builder() -> None:
    """A conversation loop is put together in one place, over a stack built in one order, for
    every front door, the harness and the tests alike (tests of the stack alone build one)."""
    builder = {"subterminator/assembly/builder.py"}
    assert _calls(_everything(), "TaskOrchestrator") == builder
    shipped = [p for p in _everything() if not p.is_relative_to(PRODUCT.parent / "tests")]
    assert _calls(shipped, "ToolStack") == builder


def test_a_run_records_turns_through_one_path() -> None:
    """Both front doors write a turn as a ``TurnRecord`` row (``RunRecord.turn_row``); only the
    record itself spells out its fields."""
    product = [p for p in PRODUCT.rglob("*.py")]
    assert _calls(product, "turn") == {"subterminator/runlog/record.py"}
