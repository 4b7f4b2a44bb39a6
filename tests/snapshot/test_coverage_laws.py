"""Laws of in-view coverage over generated raw captures (pruning is a pure function, so no
browser): the snapshot's ``meta`` is there exactly when a control in view is missing and
counts them right; the element budget is never exceeded; under the budget the controls a
person would use first are the ones kept; a name cut to what tells it apart still does."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from harness.factories import capture_factory as factory
from harness.strategies.captures import captures
from subterminator.browser.capture import RawBox, RawCapture, RawNode, RawViewport
from subterminator.snapshot.element import OFFSCREEN, ElementInfo
from subterminator.snapshot.pruning import (
    PruneLimits,
    _largest_fitting,
    candidates,
    distinct_names,
    is_control,
    person_order,
)
from subterminator.snapshot.tokens import estimate_json_tokens

VIEWPORT = RawViewport(width=1280, height=800)


def in_view(capture: RawCapture) -> list[ElementInfo]:
    return [
        a
        for a in candidates(capture, True, PruneLimits())
        if a.visibility != OFFSCREEN and is_control(a)
    ]


@settings(max_examples=40)
@given(captures(max_nodes=300, min_nodes=40))
def test_meta_is_there_exactly_when_a_control_in_view_is_missing(capture: RawCapture) -> None:
    snapshot, infos = factory().from_capture(capture)
    assert estimate_json_tokens(snapshot.elements_json()) <= 2000
    present = {a.order for a in in_view(capture)}
    kept = present & {i.order for i in infos}
    if kept == present:
        assert snapshot.meta is None
        assert "meta" not in snapshot.model_dump(mode="json")
    else:
        assert snapshot.meta is not None
        assert snapshot.meta.in_view_controls == len(present)
        assert snapshot.meta.kept == len(kept)


LANDMARKS = ("dialog", "form", "main", "navigation", "contentinfo", "banner", "region")
CONTROLS = ("link", "button", "textbox", "checkbox", "combobox", "tab", "menuitem")


@st.composite
def crowded(draw: st.DrawFn) -> RawCapture:
    """A few landmarks and 60-99 controls in view under them (or under none), with names of
    any length: more than the budget holds, within the count cap."""
    marks = draw(st.lists(st.sampled_from(LANDMARKS), max_size=5))
    nodes = [
        RawNode(handle=f"m{k}", role=role, name=role, box=RawBox(x=0, y=0, width=1280, height=800))
        for k, role in enumerate(marks)
    ]
    for k in range(draw(st.integers(60, 100 - len(marks)))):
        role = draw(st.sampled_from(CONTROLS))
        nodes.append(
            RawNode(
                handle=f"c{k}",
                parent=draw(st.sampled_from([None, *range(len(marks))])),
                role=role,
                name=draw(st.text(min_size=1, max_size=90)),
                value="" if role == "textbox" else None,
                box=RawBox(
                    x=draw(st.integers(0, 1200)),
                    y=draw(st.integers(-10, 790)),
                    width=draw(st.integers(10, 300)),
                    height=draw(st.integers(8, 60)),
                ),
                focusable=True,
            )
        )
    return RawCapture(url="u", title="t", viewport=VIEWPORT, nodes=nodes)


@settings(max_examples=30)
@given(crowded())
def test_under_the_budget_a_person_s_first_controls_are_kept(capture: RawCapture) -> None:
    """The controls in view kept are the first in a person's order, and the meta says so."""
    snapshot, infos = factory().from_capture(capture)
    assert estimate_json_tokens(snapshot.elements_json()) <= 2000
    present = in_view(capture)
    kept = {i.order for i in infos}
    ordered = [present[i] for i in person_order(present, list(range(len(present))), capture)]
    flags = [a.order in kept for a in ordered]
    assert flags == sorted(flags, reverse=True), "a kept control after a dropped one"
    if not all(flags):
        assert snapshot.meta is not None
        assert snapshot.meta.kept == sum(flags)
        assert snapshot.meta.tokens_short > 0


def link(index: int, name: str, y: int, parent: int | None = None) -> RawNode:
    return RawNode(
        handle=str(index),
        parent=parent,
        role="link",
        name=name,
        box=RawBox(x=10 + index % 5 * 250, y=y, width=240, height=14),
        focusable=True,
    )


@given(st.lists(st.text(min_size=1, max_size=60), min_size=2, max_size=40, unique=True))
def test_a_name_cut_to_what_tells_it_apart_is_a_marked_prefix(names: list[str]) -> None:
    cut = distinct_names(names)
    for name in names:
        shown = cut[name]
        assert len(shown) <= len(name)
        assert shown == name or (shown.endswith("...") and name.startswith(shown[:-3]))


WORDS = st.text(st.characters(categories=("L", "N")), min_size=1, max_size=40)


@given(st.lists(WORDS, min_size=2, max_size=40, unique=True))
def test_names_cut_to_what_tells_them_apart_still_do(names: list[str]) -> None:
    """(Letters and digits: a name that is itself a cut one, "ab...", may meet its twin.)"""
    cut = distinct_names(names)
    assert len({cut[n] for n in names}) == len(names)


def test_a_dialog_in_front_keeps_its_controls_over_a_footer_list() -> None:
    nodes = [RawNode(handle="f", role="contentinfo", box=RawBox(x=0, y=0, width=1280, height=700))]
    nodes += [
        link(1 + k, f"Footer link number {k} of the list", 5 + k // 5 * 15, 0) for k in range(120)
    ]
    dialog = len(nodes)
    nodes.append(
        RawNode(
            handle="d",
            role="dialog",
            name="Confirm",
            box=RawBox(x=400, y=600, width=400, height=150),
        )
    )
    fields = ("textbox", "checkbox", "combobox", "button", "button")
    for k, role in enumerate(fields):
        nodes.append(
            RawNode(
                handle=f"d{k}",
                parent=dialog,
                role=role,
                name=f"Dialog control {k}",
                box=RawBox(x=410, y=700 + k * 9, width=200, height=8),
                focusable=True,
            )
        )
    capture = RawCapture(url="u", title="t", viewport=VIEWPORT, nodes=nodes)
    snapshot, infos = factory().from_capture(capture)
    kept = {i.order for i in infos}
    assert set(range(dialog, len(nodes))) <= kept
    assert snapshot.meta is not None
    assert snapshot.meta.in_view_controls == 125
    assert snapshot.meta.kept == len(kept & set(range(1, len(nodes)))) - 1
    assert snapshot.meta.tokens_short > 0


@given(
    st.lists(st.integers(min_value=1, max_value=80), min_size=1, max_size=150),
    st.data(),
)
def test_the_largest_count_that_fits_is_found_in_few_measures(
    costs: list[int], data: st.DataObject
) -> None:
    """Each try measures the whole snapshot: the search finds what halving finds (tokens
    grow with the count) in no more tries than halving's twice, and on even costs in four."""
    totals = [sum(costs[:n]) for n in range(len(costs) + 1)]
    low = data.draw(st.integers(min_value=0, max_value=len(costs)))
    budget = data.draw(st.integers(min_value=totals[low], max_value=totals[-1] + 80))
    tried: list[int] = []

    def over(n: int) -> int:
        tried.append(n)
        return totals[n] - budget

    found = _largest_fitting(low, len(costs), over)
    assert found == max(n for n in range(low, len(costs) + 1) if totals[n] <= budget)
    assert len(tried) <= 2 * (len(costs) - low).bit_length() + 1
    if len(set(costs)) == 1 and len(costs) - low >= 16:
        assert len(tried) <= 4
