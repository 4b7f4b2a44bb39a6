"""Service registry and the Netflix predicates on the sample snapshots."""

from __future__ import annotations

import pytest

from subterminator.errors import ServiceNotFoundError
from subterminator.models.conversation import ToolCall
from subterminator.models.snapshot import Snapshot
from subterminator.services import NETFLIX, get_service
from tests.support.paths import FIXTURES


def sample(name: str) -> Snapshot:
    return Snapshot.model_validate_json((FIXTURES / "snapshots" / f"{name}.json").read_text())


def test_registry() -> None:
    assert get_service("netflix") is NETFLIX
    assert get_service(" Netflix ") is NETFLIX
    with pytest.raises(
        ServiceNotFoundError, match=r"Unknown service 'hulu'\. Available services: netflix"
    ):
        get_service("hulu")


@pytest.mark.parametrize(
    ("fixture", "checkpoints", "verified"),
    [
        ("netflix_account_active", [], False),
        ("netflix_membership", [], False),
        ("netflix_retention_offer", [], False),
        ("netflix_confirmation", [], False),
        ("netflix_confirmation_expanded", ["finish_cancellation"], False),
        ("netflix_cancelled", [], True),
        ("netflix_login", ["login"], False),
    ],
)
def test_netflix_on_each_stage(fixture: str, checkpoints: list[str], verified: bool) -> None:
    snapshot = sample(fixture)
    assert [c.name for c in NETFLIX.checkpoints(snapshot)] == checkpoints
    assert NETFLIX.verify_success(snapshot) is verified


def test_failure_indicators_veto_success() -> None:
    cancelled = sample("netflix_cancelled")
    broken = cancelled.model_copy(
        update={"page": cancelled.page.model_copy(update={"url": "https://www.netflix.com/error"})}
    )
    assert not NETFLIX.verify_success(broken)
    assert NETFLIX.check_failure(broken)


def test_irreversible_rule() -> None:
    snapshot = sample("netflix_confirmation_expanded")
    finish = next(e for e in snapshot.elements if e.name == "Finish Cancellation")
    back = next(e for e in snapshot.elements if e.name == "Go Back")
    click = ToolCall(id="1", name="browser_click", arguments={"ref": finish.ref})
    assert NETFLIX.irreversible(click, finish, snapshot) == "destructive_click"
    assert NETFLIX.irreversible(click, back, snapshot) is None
    scroll = ToolCall(id="2", name="browser_scroll", arguments={"ref": finish.ref})
    assert NETFLIX.irreversible(scroll, finish, snapshot) is None


def test_auth_edge_cases() -> None:
    snapshot = sample("netflix_account_active")
    code = snapshot.model_copy(
        update={
            "elements": [
                *snapshot.elements[:1],
                snapshot.elements[1].model_copy(
                    update={"role": "heading", "name": "Enter the verification code we sent"}
                ),
            ]
        }
    )
    assert [c.kind for c in NETFLIX.checkpoints(code)] == ["human_action"]
    robot = snapshot.model_copy(
        update={"elements": [snapshot.elements[0].model_copy(update={"name": "I'm not a robot"})]}
    )
    assert [c.name for c in NETFLIX.checkpoints(robot)] == ["captcha"]
