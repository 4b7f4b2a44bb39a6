"""SafetyGate without a browser: judgments on ActionEffects and snapshots (issue: safety gate).

Effects are written here as ``Browser.inspect`` reports them; the browser side is tested in
tests/safety/test_safety_browser.py and the whole path in tests/safety/test_attacks.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from harness.scripted_ai import call
from subterminator.browser.effect import ActionEffect, EffectTarget, GuardedRequest
from subterminator.models.snapshot import BoundingBox, Element, PageInfo, Snapshot, ViewportInfo
from subterminator.safety import SafetyGate, normalize
from subterminator.safety.binding import bound_guard
from subterminator.safety.gate import Verdict

FINAL_TEXT = (
    "Cancel your membership? Cancellation will be effective at the end of your current "
    "billing period on March 3, 2027."
)
BOX = BoundingBox(x=0, y=0, width=10, height=10)


def element(name: str, role: str = "button", ref: str = "@e0") -> Element:
    shown = name if len(name) <= 200 else name[:200] + "..."  # as the snapshot cuts it
    return Element(ref=ref, role=role, name=shown, state=["visible", "enabled"], bbox=BOX)


def snapshot(*elements: Element, url: str = "http://127.0.0.1/p", title: str = "") -> Snapshot:
    return Snapshot(
        snapshot_id="s1",
        timestamp="2026-01-01T00:00:00+00:00",
        elements=list(elements),
        focused=None,
        page=PageInfo(url=url, title=title),
        screenshot="",
        viewport=ViewportInfo(width=1280, height=800, scroll_x=0, scroll_y=0),
    )


def effect(page: str = FINAL_TEXT, action: str = "click", **target: Any) -> ActionEffect:
    return ActionEffect(
        action=action,
        target=EffectTarget(**{"tag": "button", **target}),
        page_url="http://127.0.0.1/p",
        page_text=page,
    )


SEEN = ("http://127.0.0.1/account", "http://127.0.0.1/cancelplan", "http://127.0.0.1/p")


def judge(
    name: str, fx: ActionEffect, tool: str = "browser_click", seen: tuple[str, ...] = SEEN
) -> Verdict:
    """The gate of a run that has shown ``seen`` (by default: account, cancel plan, this page)."""
    el = element(name)
    gate = SafetyGate()
    for url in seen:
        gate.ledger.saw(url)
    return gate.judge(call(tool, ref="@e0"), el, fx, snapshot(el))


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("Ｆｉｎｉｓｈ", "finish"),
        ("Fin\u200bish", "finish"),
        ("F\u00adinish", "finish"),
        ("Fіnish", "finish"),  # Cyrillic i
        ("FINISH   Cancellation", "finish cancellation"),
        ("Kündigung bestätigen", "kundigung bestatigen"),
        ("Отменить", "отменить"),  # a wholly Cyrillic word stays Cyrillic
    ],
)
def test_names_are_normalised_before_any_rule(raw: str, expected: str) -> None:
    assert normalize(raw) == expected


@pytest.mark.parametrize(
    "name",
    [
        "Continue",
        "Next",
        "OK",
        "Done",
        "Submit",
        "Yes",
        "Cancel membership",
        "Cancel now",
        "End my membership",
        "Finalize cancellation",
        "Kündigung bestätigen",
        "Confirmer la résiliation",
        "Confirmar cancelación",
        "解約する",
        "🚪",
        "",
        "F" + "\u200b" * 3 + "inish",
        "x" * 250,
    ],
)
def test_on_the_final_page_an_unknown_control_asks_whatever_its_name(name: str) -> None:
    verdict = judge(name, effect(name=name))
    assert verdict.ask, name
    assert verdict.page == "final"


@pytest.mark.parametrize(
    ("name", "target"),
    [
        ("Go Back", {"tag": "a", "href": "http://127.0.0.1/account"}),
        ("Show option contents", {"expanded": False, "input_type": "button"}),
        ("No thanks", {"tag": "a", "href": "http://127.0.0.1/cancelplan?offer=declined"}),
        ("Accept", {"submits": True, "form_method": "POST", "container": "Cookie preferences"}),
        ("Cancel your membership?", {"tag": "h1", "role": "heading"}),
    ],
)
def test_known_safe_controls_do_not_ask_on_the_final_page(
    name: str, target: dict[str, Any]
) -> None:
    verdict = judge(name, effect(name=name, **target))
    assert not verdict.ask, verdict.reason


@pytest.mark.parametrize("href", ["http://127.0.0.1/commit", "http://127.0.0.1/account/x"])
def test_a_way_back_to_a_page_never_shown_asks_on_the_final_page(href: str) -> None:
    """A way back leads back: to an address this run never showed, a "Go back" may be the
    step itself (found by tests/properties/test_gate_laws.py: a link named "Go back" whose
    address cancelled by a GET went through with every approval refused)."""
    verdict = judge("Go back", effect(name="Go back", tag="a", href=href))
    assert verdict.ask
    assert verdict.by_page


def test_a_way_back_asks_when_the_run_started_on_the_final_page() -> None:
    fx = effect(name="Go Back", tag="a", href="http://127.0.0.1/account")
    assert judge("Go Back", fx, seen=("http://127.0.0.1/p",)).ask


def test_a_safe_name_on_a_control_that_posts_still_asks() -> None:
    fx = effect(name="Go back", submits=True, form_method="POST", form_action="http://127.0.0.1/x")
    assert judge("Go back", fx).ask


def test_aria_label_that_differs_from_the_visible_text_is_judged_on_both() -> None:
    fx = effect(name="Go back", text="Finish Cancellation", tag="a", href="http://127.0.0.1/a")
    assert judge("Go back", fx).ask


def test_a_click_that_lands_on_another_control_is_judged_on_that_control() -> None:
    fx = effect(name="Finish Cancellation").model_copy(update={"lands_elsewhere": True})
    verdict = judge("Membership options", fx)
    assert verdict.ask
    assert "Finish Cancellation" in verdict.question
    assert "Membership options" in verdict.question


@pytest.mark.parametrize("opaque", ["cross-origin frame", "closed shadow root"])
def test_an_opaque_target_on_a_flow_page_asks(opaque: str) -> None:
    fx = effect(page="Cancel your membership", name="", tag="iframe")
    fx = fx.model_copy(update={"opaque": opaque})
    verdict = judge("frame", fx)
    assert verdict.ask
    assert opaque in verdict.reason


@pytest.mark.parametrize(
    ("tool", "target"),
    [
        ("browser_select", {"tag": "select", "handlers": ["change"]}),
        ("browser_click", {"tag": "input", "input_type": "checkbox", "handlers": ["change"]}),
        ("browser_click", {"tag": "button", "role": "switch", "handlers": ["click"]}),
        ("browser_fill", {"tag": "input", "handlers": ["input"]}),
    ],
)
def test_a_field_whose_change_handler_may_submit_asks_on_a_flow_page(
    tool: str, target: dict[str, Any]
) -> None:
    fx = effect(page="Why are you cancelling?", action="click", name="Reason", **target)
    assert judge("Reason", fx, tool).ask


def test_outside_the_flow_ordinary_controls_do_not_ask() -> None:
    fx = effect(page="Your account. Plan: Premium.", name="Change plan", tag="a", href="/plan")
    verdict = judge("Change plan", fx)
    assert not verdict.ask
    assert verdict.page == "outside"


def test_a_final_step_name_asks_anywhere() -> None:
    assert judge("Confirm account deletion", effect(page="Settings", name="Delete")).ask


def test_a_link_to_an_address_that_acts_asks() -> None:
    fx = effect(page="Membership", tag="a", name="Continue", href="http://127.0.0.1/do-cancel")
    verdict = judge("Continue", fx)
    assert verdict.ask
    assert "/do-cancel" in verdict.reason


def test_once_the_flow_is_over_the_survey_does_not_ask() -> None:
    gate = SafetyGate()
    gate.ledger.conclude()  # the orchestrator: the outcome judge read the cancelled state
    fx = effect(
        page="Your membership has been canceled. You can watch until March 3.",
        name="Submit",
        submits=True,
        form_method="POST",
    )
    el = element("Submit")
    assert not gate.judge(call("browser_click", ref="@e0"), el, fx, snapshot(el)).ask
    deletion = effect(page="Done", name="Confirm account deletion")
    assert gate.judge(call("browser_click", ref="@e0"), el, deletion, snapshot(el)).ask


def test_a_yes_does_not_end_the_flow_only_the_cancelled_state_does() -> None:
    """Found on a held-aside flow: "No thanks" on the final page asked, was approved, and was
    then counted as the final step, so the real "Cancel subscription" ran without a yes. And
    on the blind flows of tests/flows/blind_dev.py and its held half: a yes at an entry link
    named like the last step, then the real step (a small link on the next page, no name the
    vocabulary knows) ran unasked. A yes changes nothing in the gate: the flow ends when the
    outcome judge reads the cancelled state."""
    gate = SafetyGate(flow_urls=("/cancelplan",))
    for url in SEEN:
        gate.ledger.saw(url)
    no_thanks = element("No thanks")
    decline = gate.judge(
        call("browser_click", ref="@e0"),
        no_thanks,
        effect(name="No thanks", handlers=["click"]),
        snapshot(no_thanks),
    )
    assert decline.ask
    assert decline.by_page
    gate.ledger.saw("http://127.0.0.1/cancelplan/next")
    final = element("here", role="link")
    fx = effect(page="Xyz", name="here", tag="a", href="http://127.0.0.1/cancelplan/x?t=1")
    fx = fx.model_copy(update={"page_url": "http://127.0.0.1/cancelplan/next"})
    assert gate.judge(call("browser_click", ref="@e0"), final, fx, snapshot(final)).ask
    assert not gate.ledger.flow_done


def test_an_approval_covers_one_element_of_one_snapshot_once() -> None:
    gate = SafetyGate()
    gate.ledger.grant("s1", "42", "Finish Cancellation")
    fx = effect(name="Finish Cancellation")
    assert not gate.ledger.redeem("s1", "43", fx)  # another element
    assert not gate.ledger.redeem("s2", "42", fx)  # another snapshot
    relabelled = effect(name="Delete account")
    assert not gate.ledger.redeem("s1", "42", relabelled)  # the page changed it since
    assert gate.ledger.redeem("s1", "42", fx)
    assert not gate.ledger.redeem("s1", "42", fx)  # once


def test_a_new_snapshot_ends_older_grants() -> None:
    gate = SafetyGate()
    gate.ledger.grant("s1", "42", "Finish Cancellation")
    gate.ledger.forget_grants("s2")
    assert not gate.ledger.redeem("s1", "42", effect(name="Finish Cancellation"))


def test_a_refusal_is_remembered_until_a_later_yes() -> None:
    gate = SafetyGate()
    gate.ledger.answered(False)
    assert gate.ledger.refused
    assert not gate.ledger.approved_after_refusal
    gate.ledger.answered(True)
    assert gate.ledger.approved_after_refusal


def request(method: str, url: str, kind: str = "document", nav: bool = True) -> GuardedRequest:
    return GuardedRequest(url=url, method=method, resource_type=kind, navigation=nav)


def test_backstop_holds_writes_and_acting_addresses_during_unapproved_flow_actions() -> None:
    gate = SafetyGate()
    verdict = Verdict(False, "", "Click", "final")
    guard = gate.request_guard(
        verdict, approved=False, page_url="http://127.0.0.1/p", expected="http://127.0.0.1/account"
    )
    assert guard is not None
    assert guard(request("POST", "http://127.0.0.1/anything"))
    assert guard(request("GET", "http://127.0.0.1/elsewhere"))  # not the declared navigation
    assert guard(request("POST", "http://127.0.0.1/api", "fetch", nav=False))
    assert guard(request("GET", "http://127.0.0.1/c/x/do-cancel"))
    assert guard(request("GET", "http://127.0.0.1/account")) is None
    assert guard(request("GET", "http://127.0.0.1/style.css", "stylesheet", nav=False)) is None
    # a beacon is a write: to the page's own site it is held; to another site, off the flow,
    # it is telemetry
    assert guard(request("POST", "http://127.0.0.1/log", "ping", nav=False))
    assert guard(request("POST", "http://stats.example/log", "ping", nav=False)) is None
    assert guard(request("SEND", "ws://127.0.0.1/live", "websocket", nav=False))
    assert guard(request("SEND", "wss://chat.example/ws", "websocket", nav=False)) is None


def test_on_the_flow_every_channel_is_a_write_held_until_a_yes() -> None:
    """Beacons, keepalive fetches and socket messages from a page of the flow: held, to any
    site; approved, the bound guard lets those to the page's own site through."""
    verdict = Verdict(False, "", "Click", "flow", in_flow=True)
    page = "http://127.0.0.1/p/step"
    guard = SafetyGate().request_guard(verdict, approved=False, page_url=page)
    assert guard is not None
    channels = [
        request("POST", "http://127.0.0.1/p/commit", "ping", nav=False),
        request("POST", "http://stats.example/log", "ping", nav=False),
        request("POST", "http://127.0.0.1/p/commit", "fetch", nav=False),  # keepalive
        request("SEND", "ws://127.0.0.1/live", "websocket", nav=False),
        request("SEND", "wss://chat.example/ws", "websocket", nav=False),
    ]
    assert all(guard(one) for one in channels)
    assert guard(channels[0]) == "a beacon from a page of the cancellation flow"
    assert guard(channels[3]) == "a WebSocket message from a page of the cancellation flow"
    bound = bound_guard(None, page)
    assert [bound(one) is None for one in channels] == [True, False, True, True, False]


def test_backstop_holds_writes_to_the_host_of_the_frame_the_control_is_in() -> None:
    verdict = Verdict(False, "", "Click", "flow")
    page, frame = "http://127.0.0.1:80/p", "http://localhost:80/inner"
    plain = SafetyGate().request_guard(verdict, approved=False, page_url=page)
    framed = SafetyGate().request_guard(verdict, approved=False, page_url=page, frame_url=frame)
    assert plain is not None
    assert framed is not None
    write = request("POST", "http://localhost:80/api", "fetch", nav=False)
    assert plain(write) is None  # another site's write: telemetry, as far as the page goes
    assert framed(write)  # but the control's own frame writes to its own host
    assert framed(request("POST", "http://127.0.0.1:80/api", "fetch", nav=False))


def test_backstop_is_off_only_when_approved_or_after_the_final_step() -> None:
    gate = SafetyGate()
    final = Verdict(True, "", "Click", "final")
    assert gate.request_guard(final, approved=True, page_url="http://127.0.0.1/p") is None
    gate.ledger.conclude()  # the flow is over
    assert gate.request_guard(final, approved=False, page_url="http://127.0.0.1/p") is None


def test_backstop_holds_writes_on_pages_the_words_do_not_know() -> None:
    """A final step in a language the vocabulary lacks reads as "outside"; it still writes."""
    outside = Verdict(False, "", "Click", "outside")
    guard = SafetyGate().request_guard(outside, approved=False, page_url="http://127.0.0.1/p")
    assert guard is not None
    assert guard(request("POST", "http://127.0.0.1/tr/iptal/tamam"))
    assert guard(request("POST", "http://127.0.0.1/api/uyelik", "fetch", nav=False))
    assert guard(request("GET", "http://127.0.0.1/tr/hesap")) is None  # links still go
    assert guard(request("POST", "http://example.net/log", "fetch", nav=False)) is None


def test_no_live_effect_on_a_flow_page_asks() -> None:
    el = element("Continue")
    snap = snapshot(el, element("Cancel your membership", "heading", "@e1"))
    verdict = SafetyGate().judge(call("browser_click", ref="@e0"), el, None, snap)
    assert verdict.ask


def test_an_approval_is_void_if_the_control_now_does_something_else() -> None:
    gate = SafetyGate()
    approved = effect(name="Finish Cancellation", submits=True, form_action="http://x/finish")
    gate.ledger.grant("s1", "42", "Finish Cancellation", approved)
    swapped = effect(name="Finish Cancellation", submits=True, form_action="http://x/delete")
    assert not gate.ledger.redeem("s1", "42", swapped)
    assert gate.ledger.redeem("s1", "42", approved)


def test_the_service_names_its_flow_pages_by_address() -> None:
    gate = SafetyGate(flow_urls=("/account/membership",))
    page = gate.classify(url="https://x/account/membership", title="", text="Plan", names=[])
    assert page == "flow"
    assert (
        SafetyGate().classify(url="https://x/account/membership", title="", text="Plan", names=[])
        == "outside"
    )
