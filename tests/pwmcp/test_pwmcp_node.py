"""Node.js is checked before Playwright MCP starts: none, or one too old, is a
``ConfigurationError`` that says how to install it; a ref is told from a selector as
Playwright MCP tells it, so that only a ref is ever resolved on our side."""

from __future__ import annotations

from pathlib import Path

import pytest

from subterminator.errors import ConfigurationError
from subterminator.pwmcp.node import check_node
from subterminator.pwmcp.refs import is_ref


def _node_printing(folder: Path, version: str) -> None:
    """A real program called ``node`` that prints ``version``, alone on PATH."""
    program = folder / "node"
    program.write_text(f"#!/bin/sh\necho {version}\n", encoding="utf-8")
    program.chmod(0o755)


@pytest.mark.subprocess
def test_an_old_node_is_refused_with_how_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _node_printing(tmp_path, "v16.20.2")
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(
        ConfigurationError, match=r"Node\.js 18 or newer \(found 16\.20\.2\).*nodejs\.org"
    ):
        check_node()


def test_no_node_is_refused_with_how_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(ConfigurationError, match=r"no working `node` found.*nodejs\.org"):
        check_node()


@pytest.mark.subprocess
def test_a_new_enough_node_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _node_printing(tmp_path, "v18.0.0")
    monkeypatch.setenv("PATH", str(tmp_path))
    assert check_node() == str(tmp_path / "node")


@pytest.mark.parametrize(
    ("target", "ref"),
    [
        ("e12", True),
        ("f1e3", True),
        ("e12 ", False),
        ("button", False),
        ("#e12", False),
        ("getByRole('button')", False),
        (12, False),
    ],
)
def test_only_a_snapshot_ref_counts_as_a_ref(target: object, ref: bool) -> None:
    assert is_ref(target) is ref
