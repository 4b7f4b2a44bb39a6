"""What a command checks for Playwright MCP before it launches anything.

A missing Node, a refused option, a value Playwright MCP would not accept or an install that
cannot happen is one line and exit 2 at once, not a browser window that opens and closes, nor
an MCP client told it connected to a server that cannot serve. The package is installed here
too, on first use, so no run waits for npm with a browser open.
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable, Sequence
from pathlib import Path

from subterminator.errors import ConfigurationError
from subterminator.pwmcp.install import PINNED, find_cli, install
from subterminator.pwmcp.node import check_node
from subterminator.pwmcp.options import PLAYWRIGHT_MCP, judged
from subterminator.pwmcp.process import node_error


def preflight(
    backend: str, given: Sequence[str], say: Callable[[str], None] = lambda _: None
) -> tuple[str, ...]:
    """The options Playwright MCP gets (none for the builtin backend); a ``ConfigurationError``
    for whatever would make it fail. ``say`` is told when npm has to install it."""
    if backend != PLAYWRIGHT_MCP:
        if given:
            raise ConfigurationError(
                "--playwright-mcp-option applies to --backend playwright-mcp only"
            )
        return ()
    node = check_node()
    passed = judged(given)
    if find_cli() is None:
        say(f"Installing {PINNED} with npm (first use)…")
    cli = install()
    if passed:
        check_values(node, cli, passed)
    return passed


def check_values(node: str, cli: Path, passed: Sequence[str]) -> None:
    """Playwright MCP reads its options before it prints its version: a value it refuses
    (``--console-level=loud``) fails that, in its own words."""
    try:
        done = subprocess.run(
            [node, str(cli), *passed, "--version"],
            stdin=subprocess.DEVNULL,  # under `mcp` over stdio, our stdin is the client's
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise ConfigurationError(f"`node {cli} --version` did not finish within 30 s") from None
    if done.returncode != 0:
        said = node_error(done.stderr + done.stdout) or f"exit {done.returncode}"
        raise ConfigurationError(f"Playwright MCP refused {' '.join(passed)}: {said}")
