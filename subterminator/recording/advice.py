"""What to run next with a recording just made, each command as it must be typed: ``subterminator
record`` and ``subterminator cancel --record`` both say it."""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from pathlib import Path


def replay_command(out: Path, services: Sequence[str]) -> str:
    """``pytest OUT``; a service from --services needs the plugin's ``st_services`` ini key,
    whose file paths are read from the ini file's folder: given here whole, so the command
    works from anywhere."""
    command = ["pytest", str(out)]
    if services:
        specs = " ".join(shlex.quote(_whole(spec)) for spec in services)
        command += ["-o", f"st_services={specs}"]
    return shlex.join(command)


def cassette_command(out: Path, services: Sequence[str]) -> str:
    command = ["subterminator", "cassettes", str(out)]
    for spec in services:
        command += ["--services", spec]
    return shlex.join(command)


def _whole(spec: str) -> str:
    """A service file's full path (a dotted module stays as it is), as the registry reads it."""
    if spec.endswith(".py") or "/" in spec:
        return str(Path(spec).expanduser().resolve())
    return spec
