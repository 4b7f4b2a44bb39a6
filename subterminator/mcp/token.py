"""The HTTP server's bearer token: where it comes from, and where a generated one is kept.

A token is the only thing that tells the person's MCP client apart from any other process on the
machine (or the network) that can reach the port: each of them could open a session and answer
its own questions with yes. So a token given in a file must be readable by its owner alone, and
one too short to resist guessing is refused.
"""

from __future__ import annotations

import os
import secrets
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from subterminator.errors import ConfigurationError

TOKEN_ENV = "SUBTERMINATOR_MCP_TOKEN"
DEFAULT_TOKEN_FILE = Path.home() / ".subterminator" / "mcp-token"
MIN_LENGTH = 16


@dataclass(frozen=True)
class Token:
    value: str
    where: str  # for the banner: how the person finds it again

    def __repr__(self) -> str:  # never the secret in a log line or a traceback
        return f"Token(where={self.where!r})"


def find_token(env: Mapping[str, str], file: Path | None, *, required: bool) -> Token | None:
    """The token the server asks for, or None if it asks for none.

    ``--token-file`` wins (read, or made with a fresh token if absent); then the environment;
    then, when one is required (``--require-token``, ``--allow-remote``), the default file."""
    if file is not None:
        return _from_file(file)
    given = env.get(TOKEN_ENV, "").strip()
    if given:
        return Token(_checked(given, f"${TOKEN_ENV}"), f"${TOKEN_ENV}")
    if required:
        return _from_file(DEFAULT_TOKEN_FILE)
    return None


def _from_file(path: Path) -> Token:
    path = path.expanduser()
    if not path.exists():
        return Token(_generate(path), f"{path} (0600, generated now)")
    mode = path.stat().st_mode
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise ConfigurationError(
            f"the token file {path} can be read by other users: `chmod 600 {path}`, or remove "
            "it and a new token is generated"
        )
    return Token(_checked(path.read_text(encoding="utf-8").strip(), str(path)), str(path))


def _generate(path: Path) -> str:
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    value = secrets.token_urlsafe(32)
    handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(handle, "w", encoding="utf-8") as out:
        out.write(value + "\n")
    return value


def _checked(value: str, source: str) -> str:
    if len(value) < MIN_LENGTH or any(c.isspace() for c in value):
        raise ConfigurationError(
            f"the token in {source} must be one word of at least {MIN_LENGTH} characters "
            "(generate one with `python -c 'import secrets; print(secrets.token_urlsafe(32))'`)"
        )
    return value
