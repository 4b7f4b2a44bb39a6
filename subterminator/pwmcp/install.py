"""The pinned ``@playwright/mcp``: found in our cache, else installed there by npm on first use.

Pinned, because its tools, their arguments and the driver protocol it speaks to ours are what
the gate was written against; ``npx @playwright/mcp@latest`` could change any of them.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from subterminator.errors import ConfigurationError

PACKAGE = "@playwright/mcp"
VERSION = "0.0.83"
CLI = Path("node_modules", "@playwright", "mcp", "cli.js")


def cache_dir() -> Path:
    """Where the pinned package is kept (one folder per version)."""
    root = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(root, "subterminator", "playwright-mcp", VERSION)


def find_cli(folder: Path | None = None) -> Path | None:
    """The installed ``cli.js`` of the pinned version, if it is there."""
    cli = (folder or cache_dir()) / CLI
    return cli if cli.is_file() else None


def install(folder: Path | None = None) -> Path:
    """Install the pinned version with npm (once); its ``cli.js``."""
    folder = folder or cache_dir()
    found = find_cli(folder)
    if found is not None:
        return found
    npm = shutil.which("npm")
    if npm is None:
        raise ConfigurationError("Playwright MCP is installed with npm, and npm was not found.")
    folder.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        [
            npm,
            "install",
            "--prefix",
            str(folder),
            "--no-audit",
            "--no-fund",
            f"{PACKAGE}@{VERSION}",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    found = find_cli(folder)
    if done.returncode != 0 or found is None:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise ConfigurationError(f"Installing {PACKAGE}@{VERSION} with npm failed: {last}")
    return found
