"""What the plugin adds to pytest's start in a project that does not use it: ``nox -s bench --
--startup-only``. A bare project (one trivial test) runs with the plugin and with
``-p no:subterminator``; the medians and the modules importing the plugin pulls in are printed."""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rich.table import Table


def _seconds(project: Path, *args: str, runs: int) -> float:
    timings = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
            cwd=project,
            check=True,
            capture_output=True,
        )
        timings.append(time.perf_counter() - started)
    return statistics.median(timings)


def _modules(statement: str) -> int:
    code = (
        "import sys, pytest; before = len(sys.modules); "
        f"{statement}; print(len(sys.modules) - before)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return int(out.stdout)


def table(runs: int = 7) -> Table:
    with tempfile.TemporaryDirectory() as folder:
        project = Path(folder)
        (project / "test_bare.py").write_text("def test_one():\n    assert 1 + 1 == 2\n")
        _seconds(project, runs=1)  # warm the file cache
        without = _seconds(project, "-p", "no:subterminator", runs=runs)
        with_plugin = _seconds(project, runs=runs)
    out = Table(title=f"pytest start in a bare project, median of {runs} runs")
    for column in ("", "seconds", "modules it imports beyond pytest"):
        out.add_column(column, justify="right")
    out.add_row("without the plugin", f"{without:.2f}", "")
    out.add_row("with the plugin", f"{with_plugin:.2f}", str(_modules("import harness.plugin")))
    out.caption = f"added: {with_plugin - without:+.2f} s (goal: under 0.30 s)"
    return out
