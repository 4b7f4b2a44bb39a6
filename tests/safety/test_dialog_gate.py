"""The gate's laws over native dialogs, without a browser.

The effects are the ones ``Browser.inspect`` reports for a dialog's buttons
(``native_dialogs.answer_effect``); the whole path on real Chromium is in
tests/browser/test_native_dialogs.py. Whatever the dialog's words and the page's language:

- dismissing (and an alert's OK) never asks, and the backstop stays armed while it runs;
- accepting a confirm, prompt or beforeunload asks on a page of the flow, and on a page whose
  words make it final;
- typing a prompt's value never asks (it is sent only when OK is clicked).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from harness.scripted_ai import call
from subterminator.browser.capture import RawCapture, RawViewport
from subterminator.browser.effect import GuardedRequest
from subterminator.browser.native_dialogs import BUTTONS, Part, answer_effect
from subterminator.models.snapshot import BoundingBox, Element, PageInfo, Snapshot, ViewportInfo
from subterminator.safety import SafetyGate
from subterminator.safety.gate import Verdict

FLOW = "http://127.0.0.1/p/leave"  # under the service's flow address
OUTSIDE = "http://127.0.0.1/help/faq"
BOX = BoundingBox(x=0, y=0, width=10, height=10)
KINDS = st.sampled_from(["alert", "confirm", "prompt", "beforeunload"])
WORDS = st.sampled_from(
    [
        "Ar tikrai norite atšaukti narystę?",  # Lithuanian
        "Kas soovite liikmesuse lõpetada?",  # Estonian
        "Cancel your membership? This cannot be undone.",
        "Stay with us and save 50%",
        "",
    ]
)
ACCEPTS = st.sampled_from(["confirm", "prompt", "beforeunload"])


def verdict(kind: str, part: Part, message: str, url: str, text: str = "") -> Verdict:
    behind = RawCapture(url=url, title="", viewport=RawViewport(width=1280, height=800), text=text)
    action = "fill" if part == "value" else "click"
    fx = answer_effect(kind, part, message, False, action, behind)  # type: ignore[arg-type]
    label = dict(BUTTONS[kind]).get(part, "Value")
    role = "textbox" if part == "value" else "button"
    element = Element(ref="@e1", role=role, name=label, state=["visible"], bbox=BOX)
    dialog = Element(
        ref="@e0", role="alertdialog", name=f"Browser {kind} dialog: {message}", bbox=BOX
    )
    snapshot = Snapshot(
        snapshot_id="s",
        timestamp="2026-01-01T00:00:00+00:00",
        elements=[dialog, element],
        focused=None,
        page=PageInfo(url=url, title="", text=fx.page_text),
        screenshot="",
        viewport=ViewportInfo(width=1280, height=800, scroll_x=0, scroll_y=0),
    )
    gate = SafetyGate(flow_urls=("/p/",))
    gate.ledger.saw(url)
    tool = "browser_fill" if part == "value" else "browser_click"
    return gate.judge(call(tool, ref="@e1"), element, fx, snapshot)


@given(KINDS, WORDS, st.sampled_from([FLOW, OUTSIDE]))
def test_dismissing_never_asks_and_the_backstop_stays_armed(
    kind: str, words: str, url: str
) -> None:
    part: Part = "dismiss" if kind != "alert" else "accept"  # an alert's OK only closes it
    judged = verdict(kind, part, words, url)
    assert not judged.ask, judged.reason
    guard = SafetyGate(flow_urls=("/p/",)).request_guard(judged, False, url)
    assert guard is not None
    post = GuardedRequest(url=f"{url}-commit", method="POST", resource_type="fetch")
    assert guard(post)  # a write its script sends is held, on any page of the site


@given(ACCEPTS, WORDS)
def test_accepting_on_a_page_of_the_flow_asks_whatever_the_words(kind: str, words: str) -> None:
    judged = verdict(kind, "accept", words, FLOW)
    assert judged.ask
    assert f"it accepts the page's {kind} dialog" in judged.reason
    assert judged.in_flow
    assert judged.commits


@given(ACCEPTS)
def test_accepting_on_a_page_whose_words_make_it_final_asks(kind: str) -> None:
    judged = verdict(kind, "accept", "Cancel your membership? It ends on March 3.", OUTSIDE)
    assert judged.ask


@given(WORDS, st.sampled_from([FLOW, OUTSIDE]))
def test_typing_a_prompts_value_never_asks(words: str, url: str) -> None:
    assert not verdict("prompt", "value", words, url).ask
