"""Bad values get argparse-style messages and exit 2, before anything runs."""

from __future__ import annotations

import argparse
import re
import shlex
from pathlib import Path

import pytest

from subterminator import __version__
from subterminator.cancellation import CancelOptions, no_window_advice
from subterminator.cli import main
from subterminator.cli.parser import build_parser, service_specs
from subterminator.services import NETFLIX


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["cancel", "netflix", "--max-turns", "0"], "--max-turns: must be at least 1, not 0"),
        (["cancel", "netflix", "--max-turns", "-1"], "--max-turns: must be at least 1, not -1"),
        (["cancel", "netflix", "--max-turns", "many"], "not a whole number: 'many'"),
        (["cancel", "netflix", "--url", ""], "--url: an empty address"),
        (["record", "netflix", "--out", "x", "--url", " "], "--url: an empty address"),
        (["snapshot", "./missing.html"], "no such file: ./missing.html"),
        (["snapshot", "page.html"], "no such file: page.html"),
        (["snapshot", "https://example.com", "--wait", "-1"], "--wait: must be 0 or more"),
        (["snapshot", "https://example.com", "--wait", "nan"], "--wait: must be 0 or more"),
        (["snapshot", "https://example.com", "--wait", "inf"], "--wait: must be 0 or more"),
        (["cancel", "netflix", "--url", "netflix.com"], "--url: not a web address"),
        (["cancel", "netflix", "--url", "https://"], "--url: not a web address"),
        (["login", "netflix", "--url", "ftp://x"], "--url: not a web address"),
        (["cancel", "netflix", "--model", "claude-"], "--model: not a model name: 'claude-'"),
        (["cancel", "netflix", "--model", "gpt 4o"], "--model: not a model name: 'gpt 4o'"),
        (["cancel", "netflix", "--model", ""], "--model: not a model name"),
        (["cancel", "netflix", "--base-url", "localhost:11434"], "--base-url: not a server"),
        (["cancel", "netflix", "--ai", "gpt"], "--ai: invalid choice: 'gpt'"),
        (["cancel", "netflix", "--headed", "--headless"], "not allowed with argument"),
        (["cancel", "netflix", "--profile", "README.md"], "README.md is a file, not a folder"),
        (["cancel", "netflix", "--runs-dir", "README.md"], "README.md is a file, not a folder"),
        (["cancel", "netflix", "--record", "README.md"], "README.md is a file, not a folder"),
        (["record", "netflix", "--out", "README.md"], "README.md is a file, not a folder"),
        (["login", "netflix", "--profile", ""], "--profile: an empty path"),
        (["snapshot", "README.md", "--screenshot", "docs"], "docs is a folder, not a file"),
        (["snapshot", "README.md", "--screenshot", "no/such/x.png"], "no such folder: no/such"),
    ],
)
def test_bad_values_are_refused_with_exit_2(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2
    assert said in capsys.readouterr().err


def test_list_variants_is_for_the_service_that_has_a_simulator(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["cancel", "hulu", "--list-variants"]) == 2
    assert "hulu" in capsys.readouterr().err


def test_list_variants_needs_no_service(capsys: pytest.CaptureFixture[str]) -> None:
    """``cancel --list-variants`` alone lists them (it asked for ``netflix`` too)."""
    from subterminator.simulator import VARIANTS

    assert main(["cancel", "--list-variants"]) == 0
    listed = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert listed == list(VARIANTS)


def test_cancel_without_a_service_says_how_to_name_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["cancel", "--sim"]) == 2
    [line] = capsys.readouterr().err.strip().splitlines()
    assert "Name the service to cancel: `subterminator cancel netflix`" in line
    assert advised(line)  # each command it names is one the parser takes


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    assert exited.value.code == 0
    assert capsys.readouterr().out.strip() == f"subterminator {__version__}"


# -- every command SubTerminator advises is one its own parser takes --------------------------

ADVISED = re.compile(r"`(subterminator [^`]*)`")


def advised(text: str) -> list[argparse.Namespace]:
    """Each command quoted in ``text``, parsed by the real parser (which exits on a bad one)."""
    commands = ADVISED.findall(text)
    assert commands, text
    return [build_parser().parse_args(shlex.split(c)[1:]) for c in commands]


@pytest.mark.parametrize(
    "options",
    [
        CancelOptions("netflix", sim="login"),
        CancelOptions("netflix", sim="captcha", ai="offline", max_turns=7),
        CancelOptions("netflix", headed=False),
        CancelOptions(
            "netflix",
            headed=False,
            url="https://www.netflix.com/account",
            profile=Path("/tmp/my profile"),
            runs_dir=Path("/tmp/runs"),
            model="claude-sonnet-4-6",
        ),
        CancelOptions("netflix", headed=False, services=("my services/acme.py", "pkg.more")),
        CancelOptions("netflix", headed=False, keep_downloads=True),
    ],
)
def test_the_advice_for_a_headless_sign_in_names_commands_that_exist(
    options: CancelOptions,
) -> None:
    text = no_window_advice(options, NETFLIX)
    parsed = advised(text)
    for args in parsed:
        assert args.service == "netflix"
        assert service_specs(args) == list(options.services)  # a service of one's own too
        if args.command == "cancel":  # the same run again: same variant, options and profile
            assert (args.sim, args.url, args.profile) == (
                options.sim,
                options.url,
                options.profile,
            )
            assert args.max_turns == options.max_turns
            assert args.keep_downloads == options.keep_downloads
        else:
            assert args.command == "login"
            assert not options.simulated  # the simulator's session is not the profile's
            assert args.profile == options.profile
    assert any(a.command == "cancel" and a.headed for a in parsed)  # with a window


@pytest.mark.parametrize("command", ["cancel", "record", "mcp"])
def test_sim_alone_means_the_default_variant_for_every_command(command: str) -> None:
    """``--sim`` with no variant is the default one everywhere, as the README writes it."""
    argv = [command, "netflix", "--sim"] + (["--out", "x"] if command == "record" else [])
    assert build_parser().parse_args(argv).sim == "2026"
