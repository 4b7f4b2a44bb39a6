"""Replay figures for ``nox -s bench``: per flow and per turn, and the whole set of recordings."""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from rich.table import Table

from harness.replay.run import Driver, replay
from subterminator.recording import Recording, load

ROOT = Path("recordings")


async def _ms(recording: Recording, driver: Driver, runs: int) -> float:
    timings = []
    for _ in range(runs):
        started = time.perf_counter()
        await replay(recording, driver)
        timings.append((time.perf_counter() - started) * 1000)
    return statistics.median(timings)


def _recordings(root: Path) -> list[tuple[Path, Recording]]:
    return [(p.parent, load(p)) for p in sorted(root.glob("**/recording.json"))]


async def table(runs: int = 5, root: Path = ROOT) -> Table:
    recordings = _recordings(root)
    out = Table(title=f"Replay through the real orchestrator, median of {runs} runs (no browser)")
    for column in ("flow", "pages", "turns", "recorded ms", "ms/turn", "offline ms"):
        out.add_column(column, justify="left" if column == "flow" else "right")
    total = 0.0
    for folder, recording in recordings:
        recorded = await _ms(recording, "recorded", runs)
        offline = await _ms(recording, "offline", runs)
        total += recorded + offline
        turns = max(1, len(recording.turns))
        out.add_row(
            str(folder.relative_to(root)),
            str(len(recording.pages)),
            str(len(recording.turns)),
            f"{recorded:.1f}",
            f"{recorded / turns:.2f}",
            f"{offline:.1f}",
        )
    out.caption = (
        f"all {len(recordings)} flows, both drivers: {total:.0f} ms "
        "(pytest recordings adds collection and item overhead)"
    )
    return out
