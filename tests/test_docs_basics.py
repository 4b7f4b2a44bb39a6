"""What a newcomer and a packager expect at the root: a licence that says what pyproject says,
types shipped for the seams users implement, the version written once, a changelog, lint before
the long suite in CI, and pre-commit running the project's own ruff and mypy."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import yaml  # type: ignore[import-untyped]  # PyYAML ships no stubs; vcrpy brings it

import subterminator

ROOT = Path(__file__).resolve().parent.parent


def pyproject() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_licence_is_the_one_pyproject_names() -> None:
    assert pyproject()["project"]["license"] == {"text": "MIT"}
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n")
    assert "Copyright (c) 2026 SubTerminator contributors" in text


def test_both_packages_ship_their_types() -> None:
    """``Browser`` and ``AIClientProtocol`` are seams users implement: mypy reads a package's
    annotations only when it carries ``py.typed`` (PEP 561), and the wheel takes each package's
    folder whole (``[tool.hatch.build.targets.wheel] packages``)."""
    wheel = pyproject()["tool"]["hatch"]["build"]["targets"]["wheel"]
    for package in ("subterminator", "harness"):
        assert (ROOT / package / "py.typed").is_file()
        assert package in wheel["packages"]


def test_the_version_is_written_once() -> None:
    """pyproject derives it from ``__version__``, so a release changes one line."""
    data = pyproject()
    project = data["project"]
    assert "version" not in project
    assert "version" in project["dynamic"]
    assert data["tool"]["hatch"]["version"] == {"path": "subterminator/__init__.py"}
    source = (ROOT / "subterminator" / "__init__.py").read_text(encoding="utf-8")
    assert re.findall(r'^__version__ = "([^"]+)"$', source, re.MULTILINE) == [
        subterminator.__version__
    ]


def test_the_changelog_has_unreleased_and_the_current_version() -> None:
    headings = re.findall(
        r"^## \[([^\]]+)\]", (ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), re.MULTILINE
    )
    assert headings[0] == "Unreleased"
    assert subterminator.__version__ in headings


def test_ci_lints_before_the_long_suite() -> None:
    commands = [
        line
        for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
        if line.startswith("python3 dev.py ")
    ]
    assert commands == ["python3 dev.py lint", "python3 dev.py tests"]


def test_pre_commit_runs_the_project_s_ruff_and_mypy() -> None:
    """Local hooks: the pinned tools of the dev extra, no hook repository to fetch."""
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    hooks = {
        hook["id"]: hook
        for repo in config["repos"]
        if repo["repo"] == "local"
        for hook in repo["hooks"]
    }
    assert {"ruff-check", "ruff-format", "mypy"} <= set(hooks)
    assert hooks["ruff-check"]["entry"].split()[:2] == ["ruff", "check"]
    assert hooks["ruff-format"]["entry"].split()[:2] == ["ruff", "format"]
    assert hooks["mypy"]["entry"].split()[0] == "mypy"
    assert all(hook["language"] == "system" for hook in hooks.values())
