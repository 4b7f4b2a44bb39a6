"""The gate layer's inner rules: one owner per piece of state, one contract per layer.

- the ledger is written only through its own methods (nothing else assigns its fields or
  mutates them in place), so "who changed this approval?" has one answer;
- the model-request guard's switch has one writer (``guard.requests_allowed``);
- every layer of the stack, the network backstop included, is ``execute(call) -> Reply``;
- the gate layer reads the tool server below only through its ``ToolPort``.
"""

from __future__ import annotations

import ast
import inspect
import typing
from pathlib import Path

import pytest

from subterminator.ai import guard
from subterminator.safety.ledger import ApprovalLedger
from subterminator.stack.backstop import NetworkBackstop
from subterminator.stack.layer import Reply, ToolLayer
from tests.support.paths import ROOT

SOURCES = [
    p
    for folder in ("subterminator", "harness", "tests")
    for p in sorted((ROOT / folder).rglob("*.py"))
]
LEDGER = ROOT / "subterminator" / "safety" / "ledger.py"
GUARD = ROOT / "subterminator" / "ai" / "guard.py"
MUTATORS = frozenset(
    {"append", "add", "remove", "discard", "clear", "update", "pop", "extend", "insert"}
)
# the modules of the gate layer, and the tool server's parts they may reach only via the port
GATE_LAYER = (
    "gated",
    "actions",
    "asking",
    "bound",
    "checkpoints",
    "effects",
    "human",
    "opening",
    "parts",
    "completion",
    "reach",
)
BELOW = frozenset({"registry", "browser", "factory", "caps", "last_snapshot", "acted", "server"})


def _names(node: ast.expr) -> list[str]:
    """``a.b.c`` as ["a", "b", "c"] (calls and subscripts read through)."""
    while isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Attribute):
        return [*_names(node.value), node.attr]
    if isinstance(node, ast.Name):
        return [node.id]
    return []


def _ledger_field(target: ast.expr) -> bool:
    """A target that is a field of a ledger (``x.ledger.f``, ``ledger.f[k]``)."""
    names = _names(target)
    return len(names) >= 2 and "ledger" in names[:-1] and names[-1] != "ledger"


def _ledger_writes(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), str(path))
    found = []
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = node.targets
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in MUTATORS
            and _ledger_field(node.func.value)
        ):
            found.append(f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}")
        found += [
            f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
            for t in targets
            if _ledger_field(t)
        ]
    return found


def test_the_ledger_is_written_only_through_its_methods() -> None:
    writes = [w for p in SOURCES if p != LEDGER for w in _ledger_writes(p)]
    assert writes == []


def test_the_ledger_check_sees_a_write() -> None:
    """The rule above would catch each kind of write (it is not vacuous)."""
    for code in (
        "self.ledger.in_flight = None",
        "gate.ledger.listed[key] = True",
        "self.ledger.refused += 1",
        "self.gate.ledger.shown.add(url)",
    ):
        tree = ast.parse(code)
        stmt = tree.body[0]
        if isinstance(stmt, ast.Expr):
            assert isinstance(stmt.value, ast.Call)
            assert isinstance(stmt.value.func, ast.Attribute)
            assert _ledger_field(stmt.value.func.value), code
        else:
            assert isinstance(stmt, ast.Assign | ast.AugAssign)
            target = stmt.targets[0] if isinstance(stmt, ast.Assign) else stmt.target
            assert _ledger_field(target), code


def test_an_action_in_flight_is_cleared_when_it_returns_and_kept_when_interrupted() -> None:
    ledger = ApprovalLedger()
    with ledger.flying("Click Cancel", 3):
        assert ledger.in_flight == ("Click Cancel", 3)
        assert ledger.in_flight_at is not None
    assert ledger.in_flight is None
    with pytest.raises(KeyboardInterrupt), ledger.flying("Click Cancel", 4):
        raise KeyboardInterrupt  # it may have run: an interrupt asks whether it did
    assert ledger.in_flight == ("Click Cancel", 4)
    with ledger.flying(None, 5):  # an action nobody approved
        assert ledger.in_flight == ("Click Cancel", 4)
    assert ledger.in_flight is None


def test_the_model_request_switch_has_one_writer() -> None:
    writers = []
    for path in SOURCES:
        if path == GUARD:
            continue
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            targets = node.targets if isinstance(node, ast.Assign) else []
            if isinstance(node, ast.AugAssign | ast.AnnAssign):
                targets = [node.target]
            for target in targets:
                if isinstance(target, ast.Attribute) and target.attr == "ALLOW_MODEL_REQUESTS":
                    writers.append(f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}")
    assert writers == []


def test_the_switch_is_as_it_was_after_its_block() -> None:
    before = guard.ALLOW_MODEL_REQUESTS
    with guard.requests_allowed(not before):
        assert guard.ALLOW_MODEL_REQUESTS is (not before)
    assert guard.ALLOW_MODEL_REQUESTS is before


def test_the_network_backstop_keeps_the_layer_contract() -> None:
    signature = inspect.signature(NetworkBackstop.execute)
    assert list(signature.parameters) == list(inspect.signature(ToolLayer.execute).parameters)
    hints = typing.get_type_hints(NetworkBackstop.execute)
    assert hints["return"] is Reply


@pytest.mark.parametrize("module", GATE_LAYER)
def test_the_gate_layer_reads_the_tools_below_only_through_its_port(module: str) -> None:
    path = ROOT / "subterminator" / "stack" / f"{module}.py"
    tree = ast.parse(path.read_text(), str(path))
    reaches = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or node.attr not in BELOW:
            continue
        names = _names(node)
        through_port = len(names) >= 2 and names[-2] == "port"
        handed_on = names in (["backstop", "server"], ["self", "backstop", "server"])
        if not (through_port or handed_on):
            reaches.append(f"{'.'.join(names)} at line {node.lineno}")
    assert reaches == []
