"""The pinned ``@playwright/mcp``: found in our cache, else installed there by npm on first use.

Pinned, because its tools, their arguments and the driver protocol it speaks to ours are what
the gate was written against; ``npx @playwright/mcp@latest`` could change any of them.

Several processes may ask at once (test workers, a CI step, two terminals): one installs
while the others wait on a file lock, and the version's folder appears whole or not at all
(npm fills a temporary folder beside it, which is then renamed), so a reader that finds
``cli.js`` finds a complete install.
"""

from __future__ import annotations

import fcntl
import os
import re
import shlex
import shutil
import subprocess
import tempfile
from pathlib import Path

from subterminator.errors import ConfigurationError

PACKAGE = "@playwright/mcp"
VERSION = "0.0.83"
PINNED = f"{PACKAGE}@{VERSION}"
CLI = Path("node_modules", "@playwright", "mcp", "cli.js")
NPM_S = 300  # a slow registry; past this the install is said to have failed
# npm's error codes for a registry it cannot reach
OFFLINE = frozenset(
    {"ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "ECONNRESET", "ENETUNREACH"}
)


def cache_dir() -> Path:
    """Where the pinned package is kept (one folder per version)."""
    root = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(root, "subterminator", "playwright-mcp", VERSION)


def find_cli(folder: Path | None = None) -> Path | None:
    """The installed ``cli.js`` of the pinned version, if it is there."""
    cli = (folder or cache_dir()) / CLI
    return cli if cli.is_file() else None


def npm_command(folder: Path) -> list[str]:
    """The npm command that installs the pinned version into ``folder``."""
    return ["npm", "install", "--prefix", str(folder), "--no-audit", "--no-fund", PINNED]


def install(folder: Path | None = None) -> Path:
    """The pinned version's ``cli.js``: found, or installed with npm (once, whoever else asks
    at the same time)."""
    folder = folder or cache_dir()
    found = find_cli(folder)
    if found is not None:
        return found
    npm = shutil.which("npm")
    if npm is None:
        raise ConfigurationError(
            f"Playwright MCP is installed with npm, and npm was not found: install Node.js "
            f"with npm (https://nodejs.org/), or run `{shlex.join(npm_command(folder))}`."
        )
    folder.parent.mkdir(parents=True, exist_ok=True)
    with _locked(folder.with_name(folder.name + ".lock")):
        found = find_cli(folder)  # another process installed it while this one waited
        if found is not None:
            return found
        return _install(npm, folder)


class _locked:
    """An exclusive ``flock`` on ``path`` for the block (released if the process dies)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.fd = -1

    def __enter__(self) -> None:
        self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        fcntl.flock(self.fd, fcntl.LOCK_EX)

    def __exit__(self, *exc: object) -> None:
        fcntl.flock(self.fd, fcntl.LOCK_UN)
        os.close(self.fd)


def _install(npm: str, folder: Path) -> Path:
    """npm into a fresh folder beside ``folder``, renamed to it once the install is whole.
    Under the lock, a staging folder already there is one a killed install left: removed."""
    for left in folder.parent.glob(f".{folder.name}-*"):
        shutil.rmtree(left, ignore_errors=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{folder.name}-", dir=folder.parent))
    try:
        try:
            done = subprocess.run(
                [npm, *npm_command(staging)[1:]],
                stdin=subprocess.DEVNULL,  # under `mcp` over stdio, our stdin is the client's
                capture_output=True,
                text=True,
                timeout=NPM_S,
                check=False,
            )
        except subprocess.TimeoutExpired:
            raise _failed(folder, f"npm did not finish within {NPM_S} s") from None
        if done.returncode != 0 or find_cli(staging) is None:
            raise _failed(folder, _why(done.stdout + done.stderr))
        if folder.exists():  # a partial install an older version of this code left
            shutil.rmtree(folder)
        staging.rename(folder)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    found = find_cli(folder)
    assert found is not None
    return found


def _failed(folder: Path, why: str) -> ConfigurationError:
    return ConfigurationError(
        f"Installing {PINNED} with npm failed ({why}). Run it by hand where the npm "
        f"registry can be reached: `{shlex.join(npm_command(folder))}`."
    )


def _why(output: str) -> str:
    """npm's reason in a few words: its error code, and whether that means no network."""
    code = re.search(r"^npm (?:error|ERR!) code (\S+)", output, re.MULTILINE)
    if code is None:
        lines = [line for line in output.splitlines() if line.strip()]
        return lines[-1].strip() if lines else "no output"
    if code.group(1) in OFFLINE:
        return f"{code.group(1)}: the npm registry cannot be reached, is this machine offline?"
    return code.group(1)
