"""``Attempts`` counts tries at one control that had no effect: by the control's name on one
page, whatever the tool; an effect on it forgets them; other controls and pages apart."""

from __future__ import annotations

from subterminator.models.conversation import ToolCall
from subterminator.models.snapshot import PageInfo, Snapshot, ViewportInfo
from subterminator.orchestrator.attempts import MAX_ATTEMPTS, Attempts
from subterminator.stack.layer import Reply


def reply(url: str, *, effect: str | None = "none", error: str | None = None) -> Reply:
    snapshot = Snapshot(
        snapshot_id="s",
        timestamp="2026-01-01T00:00:00Z",
        elements=[],
        focused=None,
        page=PageInfo(url=url, title=""),
        screenshot="",
        viewport=ViewportInfo(width=800, height=600, scroll_x=0, scroll_y=0),
    )
    result: dict[str, object] = {"success": error is None, "error": error, "message": "m"}
    if effect is not None:
        result["effect"] = effect
    return Reply(result, snapshot)


CLICK = ToolCall(id="1", name="browser_click", arguments={"ref": "@e1"})
FILL = ToolCall(id="2", name="browser_fill", arguments={"ref": "@e2", "value": "x"})
PAGE = "http://127.0.0.1:1/step"


def test_the_third_attempt_at_one_control_fails_the_run_naming_it() -> None:
    attempts = Attempts()
    said = [attempts.after(CLICK, "Weiter", reply(PAGE)) for _ in range(MAX_ATTEMPTS)]
    assert said[:-1] == [None] * (MAX_ATTEMPTS - 1)
    assert said[-1] is not None
    assert '"Weiter"' in said[-1]
    assert "had no visible effect" in said[-1]


def test_attempts_by_any_tool_at_one_control_add_up() -> None:
    attempts = Attempts()
    assert attempts.after(CLICK, "Código", reply(PAGE)) is None
    assert attempts.after(FILL, "código", reply(PAGE + "#top")) is None
    assert attempts.after(CLICK, "CÓDIGO", reply(PAGE)) is not None


def test_an_effect_on_the_control_forgets_its_attempts() -> None:
    attempts = Attempts()
    for _ in range(MAX_ATTEMPTS - 1):
        assert attempts.after(CLICK, "次へ", reply(PAGE)) is None
    assert attempts.after(CLICK, "次へ", reply(PAGE, effect=None)) is None
    for _ in range(MAX_ATTEMPTS - 1):
        assert attempts.after(CLICK, "次へ", reply(PAGE)) is None


def test_other_controls_and_other_pages_count_apart() -> None:
    attempts = Attempts()
    for name, url in [("A", PAGE), ("B", PAGE), ("A", PAGE + "/2"), ("B", PAGE + "/2")]:
        for _ in range(MAX_ATTEMPTS - 1):
            assert attempts.after(CLICK, name, reply(url)) is None


def test_calls_that_act_on_no_control_are_not_counted() -> None:
    attempts = Attempts()
    snapshot = ToolCall(id="3", name="get_snapshot", arguments={})
    for _ in range(MAX_ATTEMPTS + 1):
        assert attempts.after(snapshot, None, reply(PAGE)) is None
