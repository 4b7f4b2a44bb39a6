"""History compaction, truncation and the action summary, without a browser."""

from __future__ import annotations

from subterminator.ai.history import compact, summarize, truncate_history
from subterminator.ai.render import history_tokens, message_text, page_fields
from subterminator.models.conversation import Message, ToolCall
from subterminator.models.snapshot import Snapshot
from subterminator.snapshot.tokens import estimate_tokens
from tests.support.paths import FIXTURES

SNAPSHOT = Snapshot.model_validate_json((FIXTURES / "snapshots/kitchen_sink.json").read_text())


def turn(i: int, name: str, args: dict[str, object], result: dict[str, object]) -> list[Message]:
    call = ToolCall(id=f"t{i}", name=name, arguments=args)
    return [
        Message(role="assistant", tool_calls=[call]),
        Message(role="tool", tool_call_id=f"t{i}", result=result, snapshot=SNAPSHOT),
    ]


def test_summary_has_the_spec_format() -> None:
    turns = [
        turn(1, "browser_click", {"ref": "@e5"}, {"success": True, "error": None}),
        turn(2, "browser_fill", {"ref": "@e8", "value": "test"}, {"success": True, "error": None}),
        turn(3, "browser_click", {"ref": "@e12"}, {"success": False, "error": "element_disabled"}),
    ]
    assert summarize(turns) == (
        "Previous actions:\n"
        "- browser_click(@e5): success\n"
        '- browser_fill(@e8, "test"): success\n'
        "- browser_click(@e12): failed (element_disabled)"
    )


def test_only_the_latest_snapshot_is_shown_in_full() -> None:
    messages = [Message(role="user", content="Goal: g", snapshot=SNAPSHOT)]
    for i in range(3):
        messages += turn(i, "get_snapshot", {}, {"success": True, "error": None})
    view = compact(messages)
    assert [m.full_snapshot for m in view if m.snapshot] == [False, False, False, True]
    assert '"elements":"omitted' in message_text(view[0])
    assert messages[0].full_snapshot, "compaction does not change the conversation itself"


def test_long_history_keeps_goal_summary_and_last_ten_turns() -> None:
    messages = [Message(role="user", content="Goal: g", snapshot=SNAPSHOT)]
    for i in range(25):
        messages += turn(
            i, "browser_scroll", {"direction": "down"}, {"success": True, "error": None}
        )
    view = truncate_history(messages)
    assert view[0].content.startswith("Previous actions:")
    assert view[0].content.count("\n- ") == 15
    assert view[1].content == "Goal: g"
    assert sum(1 for m in view if m.role == "assistant") == 10
    assert history_tokens(view) <= 10_000


def test_budget_shrinks_below_ten_turns_when_needed() -> None:
    messages = [Message(role="user", content="Goal: g")]
    for i in range(6):
        messages += turn(i, "browser_fill", {"ref": "@e1", "value": "x" * 600}, {"success": True})
    view = truncate_history(messages, budget=4000)
    assert history_tokens(view) <= 4000
    assert view[0].content.startswith("Previous actions:")
    assert sum(1 for m in view if m.role == "assistant") < 6


def test_short_history_is_untouched_but_compacted() -> None:
    messages = [Message(role="user", content="Goal: g", snapshot=SNAPSHOT)]
    messages += turn(1, "get_snapshot", {}, {"success": True})
    view = truncate_history(messages)
    assert len(view) == 3
    assert view[0].content == "Goal: g"
    assert not view[0].full_snapshot


def test_a_page_with_a_huge_title_and_address_keeps_the_history_in_budget() -> None:
    """The history holds 10,000 tokens at most, yet a page sets its own <title> and address,
    of any length, and every snapshot in the history repeats them. The model reads them cut,
    so the budget holds (found by tests/properties/test_budget_laws.py: a 10,000-emoji title
    made a 23,868-token history)."""
    page = SNAPSHOT.page.model_copy(
        update={"title": "🇺🇸" * 20_000, "url": "https://x/?" + "q" * 9000}
    )
    huge = SNAPSHOT.model_copy(update={"page": page})
    messages = [Message(role="user", content="Goal: g", snapshot=huge)]
    for i in range(12):
        messages += turn(i, "browser_click", {"ref": "@e1"}, {"success": True, "error": None})
        messages[-1] = messages[-1].model_copy(update={"snapshot": huge})
    view = truncate_history(messages)
    assert history_tokens(view) <= 10_000
    shown = message_text(view[-1])
    assert '"title":"' + "🇺🇸" * 100 + '..."' in shown
    assert '"url":"https://x/?' + "q" * 489 + '..."' in shown


def test_malformed_calls_do_not_grow_the_summary() -> None:
    """A model's garbage ref or tool name shows cut and ASCII-escaped in "Previous actions:"
    (found by the budget properties: 60 dropped turns with 300-character refs made a
    7,000-token summary, and the view could not get under 10,000 tokens)."""
    garbage = "@e" + "¡" * 300
    turns = [
        turn(1, "browser_click", {"ref": garbage}, {"success": False, "error": "invalid_params"}),
        turn(2, "b" * 300, {}, {"success": False, "error": "invalid_params"}),
        turn(3, "browser_scroll", {"direction": "down"}, {"success": True, "error": None}),
    ]
    lines = summarize(turns).splitlines()
    shown = ("@e" + "\\u00a1" * 7)[:40]  # 40 characters of its ASCII escape
    assert lines[1] == f"- browser_click({shown}...): failed (invalid_params)"
    assert lines[2] == "- " + "b" * 40 + "...(): failed (invalid_params)"
    assert lines[3] == "- browser_scroll(down): success"


def test_the_newest_turn_of_any_length_keeps_the_history_in_budget() -> None:
    """The model's own words and a tool reply's come back cut to a token budget: the newest
    turn is never dropped (found by tests/properties/test_budget_laws.py: a 70,000-character
    request_human_approval action in the newest turn made a 216,044-token history)."""
    from subterminator.ai.client import to_anthropic

    huge = "🇺🇸" * 35_000
    call = ToolCall(
        id="t1", name="request_human_approval", arguments={"action": huge, "reason": huge}
    )
    messages = [
        Message(role="user", content="Goal: g", snapshot=SNAPSHOT),
        Message(role="assistant", content=huge, tool_calls=[call]),
        Message(
            role="tool",
            tool_call_id="t1",
            result={"approved": False, "message": "User feedback: " + huge},
            snapshot=SNAPSHOT,
        ),
    ]
    view = truncate_history(messages)
    assert history_tokens(view) <= 10_000
    assert "(70015 characters)" in message_text(view[-1])
    assert message_text(view[-2]).endswith("... (70000 characters)")
    sent = to_anthropic(view)[1]["content"][-1]
    assert sent["type"] == "tool_use"
    assert sent["input"]["action"].endswith("... (70000 characters)")
    assert len(sent["input"]["action"]) < 700


def test_a_title_of_heavy_characters_keeps_the_history_in_budget() -> None:
    """A page title is cut to a token budget as well as to 200 characters: 200 U+FDFA
    ligatures (18 letters each once normalised) weigh 6,600 tokens, repeated by every snapshot
    in the history (found by tests/properties/test_budget_laws.py: a 6,675-token goal message
    left no room for the newest turn)."""
    page = SNAPSHOT.page.model_copy(
        update={"title": "\ufdfa" * 200, "url": "https://x/" + "é" * 500}
    )
    heavy = SNAPSHOT.model_copy(update={"page": page})
    fields = page_fields(heavy)
    assert estimate_tokens(fields["title"]) <= 700
    assert estimate_tokens(fields["url"]) <= 200
    assert fields["title"].startswith("\ufdfa")
    messages = [Message(role="user", content="Goal: g", snapshot=heavy)]
    messages += turn(1, "browser_click", {"ref": "@e1"}, {"success": True, "error": None})
    messages[-1] = messages[-1].model_copy(update={"snapshot": heavy})
    assert history_tokens(truncate_history(messages)) <= 10_000


def test_a_summary_of_hundreds_of_worst_case_turns_keeps_the_history_in_budget() -> None:
    """The summary counts its oldest lines once long (found by the budget properties: 199
    dropped malformed calls with 300 astral characters in every field made a 21,896-token
    summary, past the 10,000-token limit for the whole history)."""
    junk = "\U0001d538" * 300
    failed = {"success": False, "error": "invalid_params"}
    many = [
        turn(i, junk, {"ref": junk, "value": junk, "direction": junk}, failed) for i in range(209)
    ]
    goal = Message(role="user", content="Cancel my membership")
    view = truncate_history([goal, *(m for t in many for m in t)])
    assert history_tokens(view) <= 10_000
    lines = view[0].content.splitlines()
    assert lines[0] == "Previous actions:"
    hidden, listed = int(lines[1].removeprefix("- (").split()[0]), len(lines) - 2
    kept = sum(m.role == "assistant" for m in view)
    assert 1 <= kept <= 10
    assert hidden + listed + kept == len(many), "every turn is counted, listed or kept"
    assert lines[2:] == summarize(many[hidden : hidden + listed]).splitlines()[1:]
