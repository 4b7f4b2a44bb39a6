"""safety.binding, pure: what counts as a change after a yes, and what an approved action may send.

The browser tests (tests/safety/test_yes_bound.py) prove the whole on Chromium; these pin the
rules on hand-built effects and requests, the way the gate's own tests do.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from subterminator.browser.effect import ActionEffect, EffectTarget, GuardedRequest
from subterminator.safety.binding import bound_guard, changes, declared

PAGE = "http://127.0.0.1:8000/p/step"


def effect(action: str = "click", **target: Any) -> ActionEffect:
    base: dict[str, Any] = {"tag": "button", "name": "Weiter", "text": "Weiter"}
    return ActionEffect(
        action=action,
        target=EffectTarget(**{**base, **target}),
        page_url=PAGE,
        page_text="Ihr Konto",
    )


FORM: dict[str, Any] = {
    "submits": True,
    "form_method": "POST",
    "form_action": "http://127.0.0.1:8000/p/SAFE",
}


def request(url: str, method: str = "GET", **more: Any) -> GuardedRequest:
    kind = "document" if more.get("navigation") else more.pop("resource_type", "fetch")
    return GuardedRequest(url=url, method=method, resource_type=kind, **more)


# -- changes -----------------------------------------------------------------------------------

MATTERS: list[tuple[str, dict[str, Any]]] = [
    ("form submission", {"form_action": "http://127.0.0.1:8000/p/EVIL"}),
    ("form submission", {"form_method": "GET"}),
    ("link", {"submits": False, "href": "http://127.0.0.1:8000/p/EVIL"}),
    ("opens in", {"link_target": "_blank"}),
    ("name", {"name": "Kündigen"}),
    ("element", {"tag": "a"}),
    ("element", {"role": "link"}),
    ("listeners", {"handlers": ["click"]}),
    ("listeners", {"listeners": "another digest"}),
]


@pytest.mark.parametrize(("what", "update"), MATTERS, ids=[str(u) for _, u in MATTERS])
def test_every_change_that_alters_what_it_does_is_named(what: str, update: dict[str, Any]) -> None:
    found = changes(effect(**FORM), effect(**{**FORM, **update}))
    assert found
    assert any(line.startswith(what) for line in found), found


def test_the_form_change_reads_as_the_person_compares_it() -> None:
    found = changes(effect(**FORM), effect(**{**FORM, "form_action": FORM["form_action"] + "2"}))
    assert found == ["form submission: POST /p/SAFE → POST /p/SAFE2"]


def test_another_site_is_shown_whole() -> None:
    evil = "https://evil.example/p/SAFE"
    found = changes(effect(**FORM), effect(**{**FORM, "form_action": evil}))
    assert found == [f"form submission: POST /p/SAFE → POST {evil}"]


@given(
    text=st.text(max_size=40),
    page_text=st.text(max_size=80),
    title=st.text(max_size=20),
    spaces=st.sampled_from(["", " ", "  "]),
)
def test_what_it_shows_alone_is_no_change(
    text: str, page_text: str, title: str, spaces: str
) -> None:
    """A clock in the page, a new sentence, the button's visible text: the yes still holds
    (and its name compares as the gate reads names: case and spacing aside)."""
    before = effect(**FORM)
    after = before.model_copy(
        update={
            "page_text": page_text,
            "page_title": title,
            "target": before.target.model_copy(update={"text": text, "name": f"{spaces}WEITER"}),
        }
    )
    assert changes(before, after) == []


def test_what_can_no_longer_be_read_is_a_change() -> None:
    assert changes(effect(**FORM), None) == ["what it does can no longer be read on the page"]
    assert changes(None, None) == []


# -- the guard ---------------------------------------------------------------------------------


def test_the_declared_submission_passes_and_another_is_held() -> None:
    guard = bound_guard(effect(**FORM), PAGE)
    assert guard(request(FORM["form_action"], "POST", navigation=True, document=PAGE)) is None
    other = guard(request(PAGE + "/EVIL", "POST", navigation=True, document=PAGE))
    assert other is not None
    assert "POST http://127.0.0.1:8000/p/SAFE" in other


def test_the_declared_method_is_part_of_it() -> None:
    guard = bound_guard(effect(**FORM), PAGE)
    held = guard(request(FORM["form_action"], "GET", navigation=True, document=PAGE))
    assert held is not None


def test_a_get_form_is_matched_whatever_values_it_carries() -> None:
    get_form = {**FORM, "form_method": "GET"}
    guard = bound_guard(effect(**get_form), PAGE)
    sent = FORM["form_action"] + "?plan=basic&x=1"
    assert guard(request(sent, navigation=True, document=PAGE)) is None


def test_a_link_is_matched_with_its_query() -> None:
    link = {"tag": "a", "href": "http://127.0.0.1:8000/p/SAFE?plan=basic"}
    approved = bound_guard(effect(**link), PAGE)
    assert approved(request(link["href"] + "#top", navigation=True, document=PAGE)) is None
    other = bound_guard(effect(**link), PAGE)
    held = other(request(PAGE + "/SAFE?plan=all", navigation=True, document=PAGE))
    assert held is not None


def test_subresources_and_own_site_scripts_pass_other_sites_writes_do_not() -> None:
    guard = bound_guard(effect(**FORM), PAGE)
    assert guard(request("https://cdn.example/a.css", resource_type="stylesheet")) is None
    assert guard(request("https://evil.example/pixel.gif", resource_type="image")) is None
    assert guard(request("http://127.0.0.1:9/api/save", "POST")) is None
    assert guard(request("http://localhost:8000/steal", "POST")) is not None
    beacon = request("https://evil.example/b", "POST", resource_type="ping")
    assert guard(beacon) is not None


def test_after_the_approved_navigation_the_new_page_loads() -> None:
    guard = bound_guard(effect(**FORM), PAGE)
    assert guard(request(FORM["form_action"], "POST", navigation=True, document=PAGE)) is None
    done = "http://127.0.0.1:8000/p/done"
    assert guard(request(done, navigation=True, document=FORM["form_action"])) is None
    # but a write it did not declare is still held
    assert guard(request(done, "POST", navigation=True, document=done)) is not None


def test_a_scripted_control_may_go_on_its_own_site_only() -> None:
    """A button whose script decides (no form, no link): its site, any method; not another."""
    scripted = effect(handlers=["click"])
    assert declared(scripted) == ()
    guard = bound_guard(scripted, PAGE)
    assert guard(request(PAGE + "/next", navigation=True, document=PAGE)) is None
    assert guard(request(PAGE + "/commit", "POST", navigation=True, document=PAGE)) is None
    held = guard(request("http://localhost:8000/x", navigation=True, document=PAGE))
    assert held is not None


def test_a_choice_that_submits_its_form_on_change_declares_that_form() -> None:
    choice = effect(
        "select",
        tag="select",
        handlers=["change"],
        submits=False,
        form_method="POST",
        form_action="http://127.0.0.1:8000/p/commit",
    )
    assert [d.describe() for d in declared(choice)] == ["POST http://127.0.0.1:8000/p/commit"]
    quiet_choice = choice.model_copy(
        update={"target": choice.target.model_copy(update={"quiet": ["change"]})}
    )
    assert declared(quiet_choice) == ()


def test_an_opaque_target_declares_nothing() -> None:
    opaque = effect(**FORM).model_copy(update={"opaque": "cross-origin frame"})
    assert declared(opaque) == ()
