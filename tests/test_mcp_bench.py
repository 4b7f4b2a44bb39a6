"""``harness.mcp_bench``'s pure parts: finding a control's ref by its visible name in each
server's reply, reading the page URL, counting a reply, and the ratios. No npm, no browser.

The Playwright MCP samples in ``fixtures/mcp_bench/`` are real replies of @playwright/mcp 0.0.83
(``browser_snapshot`` on the simulator's cancel page with the Cancel option open, on a page of
awkward names, and ``browser_click``, whose snapshot goes to a file). ``ours_cancelplan.json``
is the product's ``ToolResult`` for the same page (``BrowserToolServer.browser_click`` on the
third expander), the shape of our server's structuredContent; screenshot and boxes cut out.
"""

from __future__ import annotations

import base64
import json
import struct
from pathlib import Path
from typing import Any

import mcp_types as types
import pytest
from rich.console import Console

from harness import mcp_bench
from harness.mcp_bench import (
    CANCEL_STEPS,
    Control,
    RunFigures,
    SideResult,
    SnapshotFigures,
    ours_controls,
    ours_ref,
    ours_url,
    playwright_controls,
    playwright_ref,
    playwright_url,
    ratio,
    ref_for,
    reply_of,
)
from subterminator.snapshot.tokens import estimate_tokens

SAMPLES = Path(__file__).resolve().parent.parent / "fixtures" / "mcp_bench"


def sample(name: str) -> str:
    return (SAMPLES / name).read_text(encoding="utf-8")


def ours_sample() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(sample("ours_cancelplan.json"))
    return data


def test_playwright_refs_by_role_and_name_on_the_cancel_page() -> None:
    text = sample("playwright_mcp_0.0.83_cancelplan.txt")
    assert playwright_ref(text, "button", "Show option contents") == "f1e8"
    assert playwright_ref(text, "button", "Show option contents", nth=2) == "f1e14"
    assert playwright_ref(text, "button", "Show option contents", nth=-1) == "f1e14"
    assert playwright_ref(text, "button", "Show option contents", nth=3) is None
    assert playwright_ref(text, "button", "Finish Cancellation") == "f1e19"
    assert playwright_ref(text, "link", "Go Back") == "f1e15"
    assert playwright_ref(text, "button", "Go Back") is None  # the role counts too
    assert playwright_ref(text, "region", "Cancel") == "f1e12"


def test_playwright_names_that_yaml_quoted_or_escaped() -> None:
    controls = playwright_controls(sample("playwright_mcp_0.0.83_names.txt"))
    assert controls is not None
    named = {(c.role, c.name): c.ref for c in controls if c.name}
    assert named == {
        ("button", "Say: hi"): "e2",
        ("button", '"Quoted" name'): "e3",
        ("button", "It's #1 - yes"): "e4",
        ("link", "Back \\ slash"): "e5",
        ("button", "Ünïcödé café"): "e6",
        ("checkbox", "Keep me: posted"): "e8",
        ("button", "[ref=e99] fake"): "e9",  # a ref inside a name is not one
    }


def test_a_playwright_action_reply_carries_no_snapshot_only_a_link() -> None:
    text = sample("playwright_mcp_0.0.83_click.txt")
    assert playwright_controls(text) is None
    assert playwright_ref(text, "button", "Finish Cancellation") is None
    assert str(playwright_url(mcp_bench.Reply(text, 0, None, False))).endswith("/cancelplan")


def test_ours_refs_from_structured_content() -> None:
    data = ours_sample()
    assert ours_ref(data, "button", "Show option contents", nth=2) == "@e22"
    assert ours_ref(data, "button", "Finish Cancellation") == "@e23"
    assert ours_ref(data, "button", "Restart Membership") is None
    assert ours_url(mcp_bench.Reply("", 0, data, False)) == data["snapshot"]["page"]["url"]
    assert ours_controls(None) is None
    assert ours_controls({"acknowledged": True, "message": None}) is None


def test_each_step_of_the_script_names_the_same_control_in_both_replies() -> None:
    """Steps 3 and 4 act on the cancel page; both servers show what they look for."""
    playwright = playwright_controls(sample("playwright_mcp_0.0.83_cancelplan.txt")) or []
    ours = ours_controls(ours_sample()) or []
    for step in CANCEL_STEPS[2:4]:
        assert ref_for(playwright, step.role, step.name, step.nth) is not None
        assert ref_for(ours, step.role, step.name, step.nth) is not None


def test_names_match_whatever_their_case_and_spacing() -> None:
    controls = [Control("button", "Cancel  Membership ", "e1"), Control("link", "Cancel", "e2")]
    assert ref_for(controls, "button", "cancel membership") == "e1"
    assert ref_for(controls, "button", "Cancel") is None


def test_a_reply_counts_its_text_blocks_and_its_images() -> None:
    png = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + struct.pack(">II", 100, 75)
    result = types.CallToolResult(
        content=[
            types.TextContent(type="text", text="abc"),
            types.ImageContent(
                type="image", data=base64.b64encode(png).decode(), mime_type="image/png"
            ),
            types.TextContent(type="text", text="def"),
        ],
        structured_content={"success": True},
    )
    reply = reply_of(result)
    assert reply.text == "abc\ndef"
    assert reply.image_tokens == 10  # 100 x 75 / 750
    assert reply.tokens == estimate_tokens("abc\ndef") + 10
    assert reply.structured == {"success": True}
    assert not reply.is_error


@pytest.mark.parametrize(
    ("ours", "theirs", "shown"),
    [
        (1, 2, "0.50x"),
        (3, 2, "1.50x"),
        (30, 2, "15x"),
        (1, 1000, "0.001x"),
        (0, 5, "0x"),
        (None, 5, "-"),
        (5, None, "-"),
        (5, 0, "-"),
    ],
)
def test_ratio_is_ours_over_theirs(ours: float | None, theirs: float | None, shown: str) -> None:
    assert ratio(ours, theirs) == shown


def test_the_tables_print_one_side_when_the_other_failed() -> None:
    pw = SideResult(mcp_bench.PW)
    pw.snapshots[10] = SnapshotFigures(ms=12.0, tokens=372, chars=1115, refs=25)
    pw.run = RunFigures(13, 2604, 7776, 0.3, 4.5, "cancelled", 0)
    ours = SideResult(mcp_bench.OURS)
    why = "the server closed the connection (its stderr: No module named subterminator.__main__)"
    ours.errors.update(snapshots=why, cancellation=why)
    console = Console(width=170, record=True)
    console.print(mcp_bench.tables(pw, ours, [10], runs=5))
    out = console.export_text()
    assert "372" in out
    assert "cancelled" in out
    assert f"{mcp_bench.OURS}: not measured: {why}" in out
    assert out.count("not measured") == 1
