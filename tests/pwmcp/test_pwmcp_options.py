"""Playwright MCP's own options: the few that shape its replies pass, every one that would
reach the browser, the page, the network or a listening socket is refused naming ours, and
every option the pinned version has is judged one way or the other."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from subterminator.cli.parser import build_parser
from subterminator.errors import ConfigurationError
from subterminator.pwmcp.install import install
from subterminator.pwmcp.options import BACKENDS, PASSED, REFUSED, judged, settle_of
from subterminator.pwmcp.process import arguments


def test_safe_options_pass_as_name_equals_value_in_order() -> None:
    given = ["viewport-size=1280x720", "--timeout-action=9000", " console-level = error "]
    assert judged(given) == (
        "--viewport-size=1280x720",
        "--timeout-action=9000",
        "--console-level=error",
    )


@pytest.mark.parametrize(
    ("given", "ours"),
    [
        ("user-data-dir=/home/me/chrome", "--profile DIR"),
        ("--isolated", "--profile DIR"),
        ("storage-state=state.json", "--profile DIR"),
        ("executable-path=/usr/bin/chrome", "SUBTERMINATOR_CHROMIUM"),
        ("cdp-endpoint=http://127.0.0.1:9222", "--headed/--headless"),
        ("headless", "--headed/--headless"),
        ("--no-sandbox", "--headed/--headless"),
        ("allowed-origins=https://example.com", "--allow-site SITE"),
        ("blocked-origins=https://ads.example", "--allow-site SITE"),
        ("port=8931", "subterminator mcp --http"),
        ("host=0.0.0.0", "subterminator mcp --http"),
        ("save-session", "--runs-dir DIR"),
        ("output-dir=/tmp/x", "--runs-dir DIR"),
        ("endpoint=/tmp/other.sock", "SubTerminator sets it itself"),
        ("--no-webmcp", "SubTerminator sets it itself"),
    ],
)
def test_an_option_that_reaches_the_browser_is_refused_naming_ours(given: str, ours: str) -> None:
    with pytest.raises(ConfigurationError, match="is refused: .*" + re.escape(ours)):
        judged([given])


@pytest.mark.parametrize(
    "given", ["caps=vision", "init-script=evil.js", "init-page=p.ts", "secrets=.env", "config=c"]
)
def test_an_option_that_adds_code_tools_or_secrets_is_refused(given: str) -> None:
    with pytest.raises(ConfigurationError, match="is refused: "):
        judged([given])


def test_an_option_no_one_judged_is_not_passed_and_the_passed_ones_are_named() -> None:
    with pytest.raises(ConfigurationError, match=r"'--tracing=on' is not passed.*--codegen"):
        judged(["--tracing=on"])


def test_a_passed_option_needs_a_value_and_is_given_once() -> None:
    with pytest.raises(ConfigurationError, match="needs a value: --playwright-mcp-option"):
        judged(["viewport-size"])
    with pytest.raises(ConfigurationError, match="given twice"):
        judged(["codegen=python", "--codegen=typescript"])


def test_our_fixed_arguments_come_first_and_codegen_is_off_unless_asked(tmp_path: Path) -> None:
    cli = tmp_path / "cli.js"
    plain = arguments(cli, "/tmp/b.sock", tmp_path)
    assert plain[:4] == [str(cli), "--endpoint", "/tmp/b.sock", "--no-webmcp"]
    assert f"--output-dir={tmp_path}" in plain
    assert "--codegen=none" in plain
    asked = arguments(cli, "/tmp/b.sock", tmp_path, judged(["codegen=python"]))
    assert [a for a in asked if a.startswith("--codegen")] == ["--codegen=python"]


def test_the_command_line_offers_exactly_the_backends_there_are() -> None:
    for command in (["cancel", "netflix"], ["mcp"]):
        args = build_parser().parse_args(command)
        assert args.backend == BACKENDS[0] == "builtin"
        for backend in BACKENDS:
            chosen = build_parser().parse_args([*command, "--backend", backend])
            assert chosen.backend == backend
    with pytest.raises(SystemExit):
        build_parser().parse_args(["cancel", "netflix", "--backend", "npx"])


@pytest.mark.subprocess
def test_every_option_of_the_pinned_version_is_judged() -> None:
    """A Playwright MCP upgrade with a new option fails here until someone judges it."""
    shown = subprocess.run(
        ["node", str(install()), "--help"], capture_output=True, text=True, check=True
    ).stdout
    options = set(re.findall(r"^\s+(?:-\w, )?(--[a-z-]+)", shown, re.MULTILINE))
    assert {"--viewport-size", "--cdp-endpoint", "--endpoint"} <= options
    assert options - {"--help", "--version"} == PASSED | REFUSED.keys()


def test_its_wait_after_a_click_is_read_from_what_is_passed() -> None:
    """What our check after a click need not wait again."""
    assert settle_of(()) == 0.5  # its default
    assert settle_of(judged(["timeout-settle=200", "--console-level=info"])) == 0.2
    assert settle_of(judged(["--timeout-settle=soon"])) == 0.0  # nothing credited
    assert settle_of(judged(["--timeout-settle=-5"])) == 0.0
