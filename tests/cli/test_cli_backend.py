"""``--backend playwright-mcp`` on ``cancel`` and ``mcp``: whatever would make Playwright MCP
fail (no Node, a refused option, a value it rejects) is one line and exit 2 before anything
launches or is served; what passes reaches the run's options as Playwright MCP will get it."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from subterminator.cancellation import CancelOptions, cancel_command
from subterminator.cli.mcp import options as mcp_options
from subterminator.cli.parser import build_parser
from subterminator.pwmcp.install import cache_dir
from tests.support.cli_helpers import run_cli

pytestmark = pytest.mark.subprocess

PWMCP = ("--backend", "playwright-mcp")
CACHE = str(cache_dir().parents[2])  # the suite's installed package, found rather than fetched


def refused(*args: str, runs: Path, path: str | None = None) -> str:
    """``args`` run with an empty run-record folder (and ``path`` for PATH): exit 2, nothing
    recorded; its stderr."""
    env = {"XDG_CACHE_HOME": CACHE} | ({"PATH": path} if path is not None else {})
    done = run_cli(*args, "--runs-dir", str(runs), answers="", timeout=180, **env)
    assert done.returncode == 2, done.stdout + done.stderr
    assert list(runs.iterdir()) == []  # no run started: no record, no browser
    assert "Starting the browser" not in done.stdout
    return done.stderr


@pytest.mark.parametrize("command", [["cancel", "netflix", "--sim"], ["mcp", "--sim"]])
def test_no_node_is_refused_before_anything_starts(command: list[str], tmp_path: Path) -> None:
    said = refused(*command, *PWMCP, runs=tmp_path, path=str(tmp_path))
    assert "Playwright MCP needs Node.js 18 or newer" in said
    assert "nodejs.org" in said


@pytest.mark.parametrize(
    ("option", "words"),
    [
        ("--playwright-mcp-option=--user-data-dir=/home/me/chrome", "use --profile DIR"),
        ("--playwright-mcp-option=allowed-origins=https://x.example", "use --allow-site SITE"),
        ("--playwright-mcp-option=console-level=loud", "Invalid --console-level: loud"),
    ],
)
@pytest.mark.parametrize("command", [["cancel", "netflix", "--sim"], ["mcp", "--sim"]])
def test_an_option_that_cannot_pass_is_refused_before_anything_starts(
    command: list[str], option: str, words: str, tmp_path: Path
) -> None:
    assert words in refused(*command, *PWMCP, option, runs=tmp_path)


def test_playwright_mcp_options_need_its_backend(tmp_path: Path) -> None:
    said = refused(
        "cancel", "netflix", "--sim", "--playwright-mcp-option=codegen=none", runs=tmp_path
    )
    assert "applies to --backend playwright-mcp only" in said


def test_the_help_names_both_backends_and_the_default() -> None:
    shown = build_parser().format_help() + run_cli("cancel", "--help").stdout
    assert "builtin: SubTerminator's own browser tools (the default)" in " ".join(shown.split())
    assert "--playwright-mcp-option NAME=VALUE" in shown


def test_the_options_reach_the_mcp_run_as_playwright_mcp_gets_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", CACHE)
    given = ["--playwright-mcp-option", "viewport-size=1280x720"]
    given += ["--playwright-mcp-option=--snapshot-mode=full"]
    args = build_parser().parse_args(["mcp", "--sim", *PWMCP, "--runs-dir", str(tmp_path), *given])
    chosen = mcp_options(args)
    assert chosen.backend == "playwright-mcp"
    assert chosen.pwmcp_passthrough == ("--viewport-size=1280x720", "--snapshot-mode=full")


def test_a_cancel_command_said_again_keeps_the_backend_and_its_options() -> None:
    options = CancelOptions(
        service="netflix",
        sim="2026",
        backend="playwright-mcp",
        pwmcp_passthrough=("--viewport-size=1280x720",),
    )
    argv = cancel_command(options, headed=True)
    again: argparse.Namespace = build_parser().parse_args(argv[1:])
    assert again.backend == "playwright-mcp"
    assert again.playwright_mcp_option == ["viewport-size=1280x720"]
