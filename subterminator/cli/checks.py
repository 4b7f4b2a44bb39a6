"""What every command refuses before it starts anything, in the same words: a simulator
variant for a service that has none, an unknown variant, a run-record folder nobody can
write in. A client of ``mcp`` shows a server that started as connected, so these are checked
before serving, as ``cancel`` checks them before it launches a browser."""

from __future__ import annotations

import os
from pathlib import Path

from subterminator.errors import ConfigurationError
from subterminator.services import get_service


def netflix_only(service: str | None) -> None:
    """The bundled simulator is Netflix's; another service has none."""
    if service is not None and get_service(service).name != "netflix":
        raise ConfigurationError(f"The simulator is Netflix's; {service} has none")


def check_simulator(service: str | None, sim: str | None) -> None:
    """``--sim VARIANT``: for Netflix only, and a variant the simulator has."""
    if sim is None:
        return
    netflix_only(service)
    from subterminator.simulator import VARIANTS  # the simulator's pages load only when asked

    if sim not in VARIANTS:
        raise ConfigurationError(
            f"Unknown simulator variant '{sim}'. Variants: {', '.join(VARIANTS)}"
        )


def check_runs_dir(folder: Path) -> None:
    """Where run records go must be (or become) a folder this user can write in."""
    probe = folder.expanduser()
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    if not probe.is_dir() or not os.access(probe, os.W_OK | os.X_OK):
        raise ConfigurationError(
            f"run records cannot be written to {folder}: {probe} is not a folder you can write "
            "in. Give --runs-dir DIR, or --no-record"
        )
