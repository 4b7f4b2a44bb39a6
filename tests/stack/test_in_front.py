"""The fronts that stand before the stack (Playwright MCP's tools, the V02 facade's) are
siblings: what each says its calls in, and how those calls run, are the stack's."""

from __future__ import annotations

import ast
from pathlib import Path

import subterminator
from subterminator.facade.front import FacadeFront
from subterminator.pwmcp.front import PwMcpFront
from subterminator.stack.layer import InFront

PRODUCT = Path(subterminator.__file__).parent


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, and each name it takes from one as ``module.name``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def _importers(module: str, *, outside: str) -> list[str]:
    """The product's files outside the package ``outside`` that import ``module``."""
    return sorted(
        str(path.relative_to(PRODUCT))
        for path in PRODUCT.rglob("*.py")
        if path.relative_to(PRODUCT).parts[0] != outside
        and any(name == module or name.startswith(f"{module}.") for name in _imports(path))
    )


def test_one_front_never_borrows_anothers_translation() -> None:
    """The facade says its calls in the stack's ``Translated``, not in Playwright MCP's
    module: what is Playwright MCP's own (its refs, its translators) stays its own."""
    assert _importers("subterminator.pwmcp.translate", outside="pwmcp") == []
    assert _importers("subterminator.facade.translate", outside="facade") == []


def test_the_stack_knows_no_front_in_front_of_it() -> None:
    """The stack is what every front stands before; it imports none of them."""
    stack = sorted((PRODUCT / "stack").rglob("*.py"))
    assert stack
    for path in stack:
        fronts = {
            n
            for n in _imports(path)
            if n.startswith(("subterminator.pwmcp", "subterminator.facade"))
        }
        assert fronts == set(), path.name


def test_both_fronts_run_their_calls_the_one_way() -> None:
    """Each canonical call through the stack, stopping at an error, an ending or a lost
    browser: one loop, the stack's, for every front."""
    for front in (FacadeFront, PwMcpFront):
        assert issubclass(front, InFront)
        own = {name for name in vars(front) if "through" in name}
        assert own == set(), front.__name__
