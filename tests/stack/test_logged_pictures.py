"""Which turns of a run record get a screenshot of their own (``LoggedCalls``): a call that may
change the page does; a read that finds the page as the last turn's snapshot showed it shares
that turn's picture, so a client looking again and again costs no screenshot per look (each
as dear as the look, in the same renderer). Pictures as they land in a real record are tested
over MCP in tests/mcp/test_mcp_record_shots.py."""

from __future__ import annotations

from typing import Any

from subterminator.models.conversation import ToolCall
from subterminator.models.snapshot import BoundingBox, Element, PageInfo, Snapshot, ViewportInfo
from subterminator.models.turn import TurnRecord
from subterminator.snapshot.registry import ElementRegistry
from subterminator.stack.layer import Reply
from subterminator.stack.logged import LoggedCalls

BOX = BoundingBox(x=0, y=0, width=10, height=10)


def page(text: str = "Settings", *, scroll_y: int = 0, name: str = "Save") -> Snapshot:
    return Snapshot(
        snapshot_id="s",
        timestamp="2026-01-01T00:00:00+00:00",
        elements=[Element(ref="@e1", role="button", name=name, bbox=BOX)],
        focused=None,
        page=PageInfo(url="http://127.0.0.1/p", title="P", text=text),
        screenshot="",
        viewport=ViewportInfo(width=1280, height=720, scroll_x=0, scroll_y=scroll_y),
    )


class Pages:
    """A layer below that answers each call with the next page of a script."""

    def __init__(self, replies: list[Reply]) -> None:
        self.replies = replies

    async def execute(self, call: ToolCall) -> Reply:
        return self.replies.pop(0)


class Record:
    def __init__(self) -> None:
        self.rows: list[tuple[int, bytes | None]] = []

    def turn_began(
        self, *, turn: int, tool: str | None, target: str | None, arguments: Any
    ) -> None:
        pass

    def turn_row(self, row: TurnRecord, screenshot: bytes | None = None) -> None:
        self.rows.append((row.turn, screenshot))


class Camera:
    """The page's picture, numbered by how many were taken."""

    def __init__(self) -> None:
        self.taken = 0

    async def __call__(self) -> bytes | None:
        self.taken += 1
        return f"picture {self.taken}".encode()


def ok(snapshot: Snapshot) -> Reply:
    return Reply({"success": True, "error": None, "message": None}, snapshot)


def failed(snapshot: Snapshot) -> Reply:
    return Reply({"success": False, "error": "timeout", "message": "no fresh snapshot"}, snapshot)


async def run(calls: list[tuple[str, Reply]]) -> tuple[Camera, list[bytes | None]]:
    record, camera = Record(), Camera()
    logged = LoggedCalls(Pages([r for _, r in calls]), record, ElementRegistry(), camera)
    for i, (name, _) in enumerate(calls):
        await logged.execute(ToolCall(id=f"c{i}", name=name, arguments={}))
        await logged.written()  # one at a time, as a client that waits for its picture
    assert [turn for turn, _ in record.rows] == list(range(1, len(calls) + 1))
    return camera, [picture for _, picture in record.rows]


async def test_looks_at_an_unchanged_page_share_the_last_picture() -> None:
    camera, pictures = await run(
        [("browser_open", ok(page()))] + [("get_snapshot", ok(page()))] * 5
    )
    assert camera.taken == 1
    assert pictures == [b"picture 1"] * 6


async def test_a_look_that_finds_the_page_changed_gets_its_own_picture() -> None:
    camera, pictures = await run(
        [
            ("browser_open", ok(page())),
            ("get_snapshot", ok(page("Saved"))),  # its text changed by itself
            ("get_snapshot", ok(page("Saved"))),
            ("get_snapshot", ok(page("Saved", scroll_y=300))),  # scrolled
            ("get_snapshot", ok(page("Saved", scroll_y=300, name="Saved!"))),  # a name changed
        ]
    )
    assert camera.taken == 4
    assert pictures == [b"picture 1", b"picture 2", b"picture 2", b"picture 3", b"picture 4"]


async def test_every_call_that_may_change_the_page_gets_its_own_picture() -> None:
    """Even when its page reads as before: a click may repaint what no snapshot shows."""
    camera, pictures = await run(
        [
            ("browser_open", ok(page())),
            ("browser_click", ok(page())),
            ("browser_scroll", ok(page())),
            ("get_snapshot", ok(page())),
        ]
    )
    assert camera.taken == 3
    assert pictures == [b"picture 1", b"picture 2", b"picture 3", b"picture 3"]


async def test_a_look_that_failed_or_follows_a_failure_gets_its_own_picture() -> None:
    """A placeholder (no fresh snapshot) says nothing of the page: it is pictured, and so is
    the look after it."""
    camera, pictures = await run(
        [
            ("browser_open", ok(page())),
            ("get_snapshot", failed(page())),
            ("get_snapshot", ok(page())),
            ("get_snapshot", ok(page())),
        ]
    )
    assert camera.taken == 3
    assert pictures == [b"picture 1", b"picture 2", b"picture 3", b"picture 3"]
