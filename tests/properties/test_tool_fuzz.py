"""Fuzzing ``BrowserToolServer.execute``: generated calls, valid and malformed.

On a ReplayBrowser (no Chromium), sessions of generated calls: wrong types, missing and extra
fields, bad and huge refs, huge strings, unknown tools, non-dict arguments, mixed with valid
calls on the live snapshot's refs, on recorded flows and on generated ones
(``harness.strategies.recordings``). No exception escapes; every reply is a contract-valid
ToolResult with a fresh snapshot; a malformed call never reaches the browser and is answered
``invalid_params``; a well-formed ref reaches the browser iff it is in the latest snapshot.
The size follows the hypothesis profile (``thorough``: 10,000 calls in the long session);
``python -m tests.support.fuzz_tools --calls N`` runs one of any length.
"""

from __future__ import annotations

import asyncio

from hypothesis import given, settings
from hypothesis import strategies as st

from harness import profiles
from harness.replay import ReplayBrowser
from harness.strategies import Call, every_wrong_type, recordings, tool_calls
from subterminator.recording import Recording
from tests.support.fuzz_tools import fuzz
from tests.support.scenarios import Session, recording

FLOWS = ("2026", "many", "cookie-banner", "legacy", "login", "cancelled", "error")


async def play(flow: Recording, calls: list[Call]) -> Session:
    browser = ReplayBrowser([flow], strict=False)
    await browser.navigate(flow.meta.start_url)
    session = Session(browser)
    await session.execute("get_snapshot", {})
    for call in calls:
        name, arguments = call.resolve(session.refs(), session.older_refs())
        result = await session.execute(name, arguments, malformed=call.malformed)
        assert result.error in call.expect, f"{call}: {result.error} {result.message}"
    return session


@settings(deadline=None)
@given(flow=st.sampled_from(FLOWS).map(recording), calls=st.lists(tool_calls(), max_size=12))
def test_no_call_escapes_or_breaks_the_contract(flow: Recording, calls: list[Call]) -> None:
    asyncio.run(play(flow, calls))


@settings(deadline=None)
@given(flow=recordings(), calls=st.lists(tool_calls(), min_size=1, max_size=12))
def test_flows_nobody_recorded_keep_the_laws_too(flow: Recording, calls: list[Call]) -> None:
    """Generated flows: every role, state and odd name, deep trees, pages that lead anywhere."""
    asyncio.run(play(flow, calls))


@settings(deadline=None)
@given(flow=st.sampled_from(FLOWS).map(recording), calls=every_wrong_type())
def test_every_field_of_every_tool_refuses_a_wrong_type(flow: Recording, calls: list[Call]) -> None:
    """Each example sends a wrong-typed value in every field of every tool (bool, number,
    None, list, object for a string...): each is answered invalid_params, never coerced."""
    asyncio.run(play(flow, calls))


def test_a_long_session_of_calls_keeps_every_law() -> None:
    """The profile's long fuzz (ci 600 calls, thorough 10,000): the count is checked, so a
    thorough run really made its ten thousand calls."""
    target = profiles.depth().fuzz_calls
    tally = fuzz(target, seed=0 if settings().derandomize else None)
    assert tally.calls >= target
    assert tally.replies["success"], tally.replies  # both kinds of call were really made
    assert tally.replies["invalid_params"], tally.replies
