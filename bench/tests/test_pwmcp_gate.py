"""``bench.pwmcp_gate``'s table: a row per side, per page a snapshot's and a click's median,
and the gate's ratio to Playwright MCP alone; a figure not measured shows as a dash."""

from __future__ import annotations

from rich.console import Console

from bench.pwmcp_gate import ALONE, GATED, OURS, Row, table


def shown(rows: list[Row], sizes: list[int]) -> str:
    console = Console(width=200, record=True)
    console.print(table(rows, sizes, runs=5))
    return console.export_text()


def test_the_ratio_row_divides_behind_the_gate_by_alone() -> None:
    rows = [
        Row(ALONE, {(100, "snapshot"): 40.0, (100, "click"): 500.0}),
        Row(GATED, {(100, "snapshot"): 60.0, (100, "click"): 1_500.0}),
        Row(OURS, {(100, "snapshot"): 50.0}),
    ]
    text = shown(rows, [100])
    ratio = next(line for line in text.splitlines() if "ratio" in line and "│" in line)
    assert "1.5x" in ratio
    assert "3.0x" in ratio
    ours = next(line for line in text.splitlines() if line.startswith("│ ours"))
    assert ours.rstrip("│ ").endswith("-")  # its click was not measured
    assert "1,500" in text
