"""Node.js, checked before Playwright MCP is started: a missing or old one says how to fix it."""

from __future__ import annotations

import re
import shutil
import subprocess

from subterminator.errors import ConfigurationError

MIN_NODE = 18
INSTALL = (
    "Playwright MCP needs Node.js {need} or newer ({found}). Install it from "
    "https://nodejs.org/ (or your package manager: `apt install nodejs npm`, "
    "`brew install node`), then run the command again."
)


def node_version(node: str = "node") -> tuple[int, int, int] | None:
    """The version ``node --version`` prints; None when there is no such program."""
    path = shutil.which(node)
    if path is None:
        return None
    try:
        out = subprocess.run(
            [path, "--version"],
            stdin=subprocess.DEVNULL,  # under `mcp` over stdio, our stdin is the client's
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        ).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    found = re.fullmatch(r"v?(\d+)\.(\d+)\.(\d+)\s*", out)
    if found is None:
        return None
    major, minor, patch = (int(g) for g in found.groups())
    return major, minor, patch


def check_node(node: str = "node", need: int = MIN_NODE) -> str:
    """The path of a Node.js that is new enough; else a ``ConfigurationError`` saying how."""
    version = node_version(node)
    if version is None:
        raise ConfigurationError(INSTALL.format(need=need, found=f"no working `{node}` found"))
    if version[0] < need:
        said = ".".join(map(str, version))
        raise ConfigurationError(INSTALL.format(need=need, found=f"found {said}"))
    path = shutil.which(node)
    assert path is not None
    return path
