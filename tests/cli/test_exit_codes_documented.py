"""Every way a run can end has its exit code written where a person looks it up: each reason
is named under the code ``exit_code`` gives it in docs/cancelling.md's "Exit codes"."""

from __future__ import annotations

import re
from typing import get_args

import pytest

from subterminator.cancellation import EXIT_MALFORMED, exit_code
from subterminator.models.result import TaskReason, TaskResult
from tests.support.paths import ROOT

SUCCESSES = ("completed", "already_cancelled")


def documented() -> dict[int, set[str]]:
    """The reasons named under each code's bullet of the "Exit codes" section."""
    text = (ROOT / "docs/cancelling.md").read_text()
    section = text.split("## Exit codes", 1)[1].split("\n## ", 1)[0]
    codes: dict[int, set[str]] = {}
    for bullet in re.split(r"\n(?=- \*\*\d+\*\*)", section):
        found = re.match(r"- \*\*(\d+)\*\*", bullet.strip())
        if found:
            codes[int(found.group(1))] = set(re.findall(r"`([a-z_]+)`", bullet))
    return codes


def code_of(reason: str) -> int:
    done = reason in SUCCESSES
    return exit_code(TaskResult(success=done, verified=done, reason=reason, turns=1))


@pytest.mark.parametrize("reason", get_args(TaskReason))
def test_each_reason_is_listed_under_its_exit_code(reason: str) -> None:
    code = code_of(reason)
    assert reason in documented().get(code, set()), f"{reason} (exit {code}) is not documented"


def test_a_malformed_answer_has_a_code_of_its_own() -> None:
    assert code_of("llm_malformed") == EXIT_MALFORMED == 5
    others = {code_of(r) for r in get_args(TaskReason) if r != "llm_malformed"}
    assert EXIT_MALFORMED not in others
