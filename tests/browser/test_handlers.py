"""Reading a listener's code: what it may send by, besides its own requests.

``handlers.channels`` is pure, so its cases are plain strings: listener sources as
``Function.prototype.toString`` gives them. The floor then asks first for a click whose
listeners use one, on a page of the flow.
"""

from __future__ import annotations

import pytest

from subterminator.browser.effect import ActionEffect, EffectTarget
from subterminator.browser.handlers import channels, quiet
from subterminator.safety.floor import Where, floor

CASES = [
    # an undo window: a timer given a function defined elsewhere
    ("function () { undo.hidden = false; setTimeout(commit, 5000); }", ["timer"], False),
    ("() => requestAnimationFrame(step)", ["timer"], False),
    ("function () { queueMicrotask(() => fetch('/c', {method: 'POST'})); }", ["timer"], False),
    ("function (e) { setInterval(function () { post(e); }, 10); }", ["timer"], False),
    ("function () { setTimeout('send()', 10); }", ["timer"], False),  # a string is code
    # a toast that hides itself: a timer whose callback only changes the page
    (
        "() => { t.classList.add('on'); setTimeout(() => t.classList.remove('on'), 3000); }",
        [],
        True,
    ),
    ("function () { setTimeout(function () { box.hidden = true; }, 50); }", [], True),
    ("e => ws.send(JSON.stringify({event: e.target.dataset.ev}))", ["socket"], False),
    ("function () { new WebSocket('wss://x/live'); }", ["socket"], False),
    ("() => navigator.sendBeacon('/c', 'plan=all')", ["beacon"], False),
    ("() => fetch('/c', {method: 'POST', keepalive: true})", ["keepalive"], False),
    ("function () { dialog.showModal(); }", [], True),
    # what cannot be read is read as every channel
    ("function () { [native code] }", ["beacon", "keepalive", "socket", "timer"], False),
]


@pytest.mark.parametrize(("source", "found", "still"), CASES)
def test_a_listener_s_channels_are_read_from_its_code(
    source: str, found: list[str], still: bool
) -> None:
    assert channels(source) == found
    assert quiet(source) is still


def flow_click(defers: list[str]) -> ActionEffect:
    target = EffectTarget(tag="button", role="button", name="ბიბა", handlers=["click"])
    target = target.model_copy(update={"defers": defers})
    return ActionEffect(action="click", target=target, page_url="http://127.0.0.1/p/step")


WHERE = Where(
    url="http://127.0.0.1/p/step",
    shown=frozenset(),
    flow_paths=("/p/",),
    flow_pages=frozenset(),
    readable=False,
)


@pytest.mark.parametrize(
    ("channel", "said"),
    [
        ("timer", "a timer, after the click has returned"),
        ("socket", "a WebSocket message"),
        ("beacon", "a beacon"),
        ("keepalive", "a keepalive request"),
    ],
)
def test_the_floor_asks_first_for_a_click_whose_listeners_use_a_channel(
    channel: str, said: str
) -> None:
    reasons = floor("browser_click", flow_click([channel]), WHERE)
    assert len(reasons) == 1
    assert reasons[0].startswith("its listeners may send by ")
    assert said in reasons[0]


def test_a_click_whose_listeners_use_no_channel_is_left_to_the_backstop() -> None:
    assert floor("browser_click", flow_click([]), WHERE) == []
