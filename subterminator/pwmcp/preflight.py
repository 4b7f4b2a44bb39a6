"""What a command checks for Playwright MCP before it launches anything.

A missing Node, a refused option or an install that cannot happen is one line and exit 2 at
once, not a browser window that opens and closes, nor an MCP client told it connected to a
server that cannot serve. The package is installed here too, on first use, so no run waits
for npm with a browser open.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from subterminator.errors import ConfigurationError
from subterminator.pwmcp.install import PINNED, find_cli, install
from subterminator.pwmcp.node import check_node
from subterminator.pwmcp.options import PLAYWRIGHT_MCP, judged


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
    check_node()
    passed = judged(given)
    if find_cli() is None:
        say(f"Installing {PINNED} with npm (first use)…")
        install()
    return passed
