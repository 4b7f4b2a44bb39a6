"""Orchestrator laws over generated scripts: the loop, checkpoints and completion claims.

Generated model scripts (recorded progress, the final control, any element, stale refs,
malformed calls, approval requests, completion claims, text, several calls per response) and
generated people (yes and no in any order, or no handler at all) drive the real
TaskOrchestrator, BrowserToolServer and SafetyGate over recorded flows on a ReplayBrowser.
The laws are read off the browser's call log (``ReplayBrowser.calls``), not off the replies:

- only a response's first tool call reaches the browser;
- every run ends in a TaskResult within max_turns, and no exception escapes;
- success only on the outcome judge's evidence (the page the browser is on reads as
  cancelled), and "completed" only after a final step really ran;
- no final step runs without a person's yes given for it (refused or no handler: never).
"""

from __future__ import annotations

import asyncio

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.scenario_runs import (
    Run,
    Scenario,
    evidence_problems,
    final_clicks,
    first_call_problems,
    run_scenario,
    scenarios,
    turn_problems,
    unapproved_final_problems,
)

SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
HEADED_FOR_THE_END = ("2026", "cookie-banner", "offer-discount", "many", "injection", "legacy")
REFUSING = st.none() | st.lists(st.just(False), max_size=4).map(tuple)


def play(scenario: Scenario) -> Run:
    run = asyncio.run(run_scenario(scenario))
    problems = turn_problems(run)  # every law's runs end well first
    assert not problems, "\n".join(problems)
    return run


@SETTINGS
@given(scenarios(several=0.7))
def test_only_the_first_tool_call_of_a_response_runs(scenario: Scenario) -> None:
    problems = first_call_problems(play(scenario))
    assert not problems, "\n".join(problems)


@SETTINGS
@given(scenarios())
def test_every_run_ends_in_a_task_result_within_max_turns(scenario: Scenario) -> None:
    play(scenario)


@SETTINGS
@given(scenarios(answers=st.lists(st.booleans(), max_size=6).map(tuple) | st.none()))
def test_success_is_acknowledged_only_on_evidence(scenario: Scenario) -> None:
    problems = evidence_problems(play(scenario))
    assert not problems, "\n".join(problems)


@SETTINGS
@given(scenarios(answers=REFUSING, flows=HEADED_FOR_THE_END, focused=True, min_turns=6))
def test_refused_or_unasked_the_final_step_never_runs(scenario: Scenario) -> None:
    run = play(scenario)
    assert not final_clicks(run), f"the final step ran: {run.replay.calls}"
    assert run.replay.current not in run.cancelled
    assert not run.result.success


@SETTINGS
@given(
    scenarios(
        answers=st.lists(st.booleans(), min_size=1, max_size=6).map(tuple),
        flows=HEADED_FOR_THE_END,
        focused=True,
        min_turns=4,
    )
)
def test_each_final_step_spends_a_yes_given_for_it(scenario: Scenario) -> None:
    problems = unapproved_final_problems(play(scenario))
    assert not problems, "\n".join(problems)
