"""``subterminator snapshot`` and ``subterminator schema`` as a person runs them."""

from __future__ import annotations

import json
import subprocess

import pytest

from harness.sites import StaticSite
from subterminator.models.snapshot import Snapshot
from subterminator.schema import render_snapshot_schema
from subterminator.snapshot.pruning import PruneLimits
from subterminator.snapshot.tokens import estimate_tokens
from tests.support.cli_helpers import run_cli

pytestmark = pytest.mark.browser


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return run_cli(*args, timeout=120)


def test_snapshot_prints_the_model_view(pages: StaticSite) -> None:
    done = run("snapshot", pages.url("grid.html?n=3000"))
    assert done.returncode == 0, done.stderr
    snapshot = Snapshot.model_validate_json(done.stdout)
    assert snapshot.screenshot == ""
    assert 0 < len(snapshot.elements) <= 100
    assert all(e.state[0] == "visible" for e in snapshot.elements)
    assert "tokens of elements JSON" in done.stderr


def test_snapshot_of_a_streaming_home_page_stays_in_budget(pages: StaticSite) -> None:
    done = run("snapshot", pages.url("catalog.html"))
    assert done.returncode == 0, done.stderr
    snapshot = Snapshot.model_validate_json(done.stdout)
    assert 30 <= len(snapshot.elements) <= 100
    assert estimate_tokens(snapshot.elements_json()) <= 2000
    # Its controls in view cannot all be held, even with names cut to what tells them apart
    # ("Str..."): so names stay readable, whole or cut at the floor, the header keeps its
    # controls beside the long rows of tiles, tiles cut alike keep their distinct ends, and
    # the meta says how many were left out.
    names = [e.name for e in snapshot.elements]
    assert {"Streamly home", "Account & settings", "Search"} <= set(names)
    cut = [name for name in names if "..." in name]
    assert all(len(name) - 3 >= PruneLimits().min_name_chars for name in cut), cut
    tiles = [e.name for e in snapshot.elements if e.role == "link" and "title" in e.name]
    assert len(tiles) > 10
    assert len(set(tiles)) == len(tiles), tiles
    assert snapshot.meta is not None
    assert snapshot.meta.kept < snapshot.meta.in_view_controls
    assert "Sign out of Streamly" not in [e.name for e in snapshot.elements]  # aria-hidden menu


def test_snapshot_all_includes_offscreen(pages: StaticSite) -> None:
    done = run("snapshot", pages.url("form.html"), "--all")
    assert done.returncode == 0, done.stderr
    snapshot = Snapshot.model_validate_json(done.stdout)
    assert any(e.state[0] == "offscreen" for e in snapshot.elements)


def test_unreachable_url_is_a_clear_error() -> None:
    done = run("snapshot", "http://127.0.0.1:9/nothing-here")
    assert done.returncode == 3  # 3 is the exit code for a connection error
    assert "Could not open http://127.0.0.1:9/nothing-here" in done.stderr
    assert "Traceback" not in done.stderr


def test_schema_command_prints_the_committed_schema() -> None:
    done = run("schema")
    assert done.returncode == 0
    assert json.loads(done.stdout) == json.loads(render_snapshot_schema())
