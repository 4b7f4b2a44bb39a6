"""Element density: the compact wire form of an element, and names cut before
controls are dropped when the 2,000-token element budget binds.

An element is written without what is empty or a default ("visible", "enabled", an empty
name, absent optional fields) and with its box as ``[x, y, width, height]``; reading it
restores them, so any element makes the same element again. The long form is accepted.
"""

from __future__ import annotations

import json
import re
from typing import cast

import jsonschema  # type: ignore[import-untyped]
import pytest
from hypothesis import given
from hypothesis import strategies as st

from harness.factories import capture_factory as factory
from harness.strategies.captures import captures, names
from subterminator.browser.capture import RawBox, RawCapture, RawNode, RawViewport
from subterminator.models.snapshot import (
    ELEMENT_STATES,
    NO_INTERACTIVITY_ROLES,
    BoundingBox,
    Element,
    Snapshot,
)
from subterminator.schema import snapshot_json_schema
from subterminator.snapshot.element import OFFSCREEN
from subterminator.snapshot.factory import Written, elements_json, tried_tokens
from subterminator.snapshot.pruning import (
    PruneLimits,
    Tried,
    candidates,
    ends_apart,
    is_control,
    keep_ends,
    prune,
    rank_key,
    shorten,
    states,
)
from subterminator.snapshot.tokens import estimate_json_tokens, estimate_tokens
from tests.support.cuts import cut_of

VIEWPORT = RawViewport(width=1280, height=800)
BOX = BoundingBox(x=120, y=340, width=88, height=20)
ROLES = ("button", "link", "checkbox", "textbox", "heading", "region", "dialog", "alert", "tab")


def element(**fields: object) -> Element:
    data: dict[str, object] = {"ref": "@e12", "role": "link", "name": "World news", "bbox": BOX}
    return Element.model_validate({**data, **fields})


def wire(e: Element) -> dict[str, object]:
    document: dict[str, object] = json.loads(e.model_dump_json())
    return document


# -- the wire form --------------------------------------------------------------------------


def test_a_visible_enabled_link_is_written_without_state() -> None:
    link = element(state=["visible", "enabled"])
    assert link.model_dump_json() == (
        '{"ref":"@e12","role":"link","name":"World news","bbox":[120,340,88,20]}'
    )
    assert link.state == ["visible", "enabled"], "in Python the full state stays"


@pytest.mark.parametrize(
    ("role", "state", "written"),
    [
        ("button", ["visible", "disabled"], ["disabled"]),
        ("button", ["offscreen", "enabled"], ["offscreen"]),
        ("checkbox", ["visible", "enabled", "checked", "focused"], ["checked", "focused"]),
        ("textbox", ["visible", "enabled", "readonly"], ["readonly"]),
        ("heading", ["visible"], None),
        ("heading", ["offscreen"], ["offscreen"]),
        ("region", ["visible"], None),
        ("alertdialog", ["visible", "busy"], ["busy"]),
        # states pruning never makes are kept as they are, so the element comes back the same
        ("heading", ["visible", "enabled"], ["enabled"]),
        ("button", ["visible", "hidden", "enabled"], ["visible", "hidden"]),
    ],
)
def test_defaults_are_left_out_and_restored(
    role: str, state: list[str], written: list[str] | None
) -> None:
    e = element(role=role, state=state)
    assert wire(e).get("state") == written
    assert Element.model_validate_json(e.model_dump_json()) == e


def test_empty_name_and_absent_fields_are_left_out() -> None:
    e = element(role="region", name="", state=["visible"], children=["@e13"])
    assert wire(e) == {
        "ref": "@e12",
        "role": "region",
        "bbox": [120, 340, 88, 20],
        "children": ["@e13"],
    }
    assert Element.model_validate_json(e.model_dump_json()).name == ""


def test_the_spec_long_form_is_read_in_the_spec_order() -> None:
    long = {
        "ref": "@e7",
        "role": "checkbox",
        "name": "Email me",
        "state": ["enabled", "visible", "checked"],  # the order the contract's own example gives
        "bbox": {"x": 1, "y": 2, "width": 3, "height": 4},
    }
    e = Element.model_validate(long)
    assert e.state == ["visible", "enabled", "checked"]
    assert e.bbox == BoundingBox(x=1, y=2, width=3, height=4)
    assert wire(e) == {**long, "state": ["checked"], "bbox": [1, 2, 3, 4]}


def test_a_missing_state_means_visible_and_enabled_for_controls_only() -> None:
    for role in ROLES:
        e = Element.model_validate({"ref": "@e0", "role": role, "bbox": [0, 0, 1, 1]})
        implied = ["visible"] if role in NO_INTERACTIVITY_ROLES else ["visible", "enabled"]
        assert e.state == implied


@pytest.mark.parametrize("box", [[1, 2, 3], [1, 2, 3, 4, 5], [1, 2, -3, 4], "1,2,3,4"])
def test_a_bad_box_is_refused(box: object) -> None:
    with pytest.raises(ValueError, match="bbox"):
        element(bbox=box)


def test_the_schema_describes_both_forms() -> None:
    validator = jsonschema.Draft202012Validator(snapshot_json_schema())
    document = {
        "snapshot_id": "s",
        "timestamp": "t",
        "focused": None,
        "page": {"url": "u", "title": "t"},
        "screenshot": "",
        "viewport": {"width": 1, "height": 1, "scroll_x": 0, "scroll_y": 0},
    }
    compact = element(state=["visible", "enabled", "checked"]).model_dump(mode="json")
    long = {**compact, "state": ["visible", "enabled", "checked"], "bbox": BOX.model_dump()}
    for e in (compact, long):
        validator.validate({**document, "elements": [e]})
        Snapshot.model_validate({**document, "elements": [e]})
    for broken in ({**compact, "bbox": [1, 2, 3]}, {**compact, "bbox": [1, 2, 3, -4]}):
        assert not validator.is_valid({**document, "elements": [broken]})
    element_schema = snapshot_json_schema()["$defs"]["Element"]
    assert element_schema["required"] == ["ref", "role", "bbox"]
    assert "visible" in element_schema["properties"]["state"]["description"]


# -- round trips ----------------------------------------------------------------------------

refs = st.integers(0, 10_000).map(lambda n: f"@e{n}")
elements = st.builds(
    Element,
    ref=refs,
    role=st.sampled_from((*ROLES, "menuitem", "generic", "combobox")),
    name=st.text(max_size=60),
    state=st.lists(st.sampled_from(ELEMENT_STATES), max_size=6),
    bbox=st.builds(
        BoundingBox,
        x=st.integers(-5000, 5000),
        y=st.integers(-5000, 50_000),
        width=st.integers(0, 5000),
        height=st.integers(0, 5000),
    ),
    value=st.none() | st.text(max_size=20),
    level=st.none() | st.integers(1, 6),
    children=st.none() | st.lists(refs, min_size=1, max_size=4),
)


@given(elements)
def test_any_element_comes_back_the_same_from_its_json(e: Element) -> None:
    assert Element.model_validate_json(e.model_dump_json()) == e
    assert Element.model_validate(e.model_dump()) == e
    assert Element.model_validate(e.model_dump(mode="json")) == e
    assert e.state == sorted(set(e.state), key=ELEMENT_STATES.index)
    document = wire(e)
    assert "visible" not in cast(list[str], document.get("state", [])) or {
        "hidden",
        "offscreen",
    } & set(e.state)
    assert document.get("state") != []
    assert document.get("name") != ""


@given(captures(max_nodes=120), st.booleans())
def test_snapshots_come_back_the_same_and_keep_prunings_states(
    capture: RawCapture, viewport_only: bool
) -> None:
    snapshot, infos = factory().from_capture(capture, viewport_only)
    assert Snapshot.model_validate_json(snapshot.model_dump_json()) == snapshot
    for e, info in zip(snapshot.elements, infos, strict=True):
        assert e.state == states(capture.nodes[info.order], info.visibility)
        assert e.bbox == info.bbox


# -- names cut before controls are dropped ---------------------------------------------------


def button(index: int, name: str, y: float | None = None) -> RawNode:
    top = 5 + index * 7 if y is None else y
    return RawNode(
        handle=str(index),
        role="button",
        name=name,
        box=RawBox(x=10, y=top, width=80, height=6),
        focusable=True,
    )


def page(nodes: list[RawNode]) -> RawCapture:
    return RawCapture(url="u", title="t", viewport=VIEWPORT, nodes=nodes)


def test_long_names_are_cut_so_every_control_in_view_fits() -> None:
    headline = "Storm Edith: thousands without power as gusts of 90mph hit the west coast"
    capture = page([button(i, f"{headline} ({i})") for i in range(60)])
    whole, _ = factory(PruneLimits(element_token_budget=10**9)).from_capture(capture)
    assert estimate_json_tokens(whole.elements_json()) > 2000, "whole, they do not fit"
    snapshot, _ = factory().from_capture(capture)
    assert len(snapshot.elements) == 60
    assert estimate_json_tokens(snapshot.elements_json()) <= 2000
    # Cut at the start alone they would all read alike: each keeps its end as well
    ends = set()
    for e in snapshot.elements:
        head, cut, end = e.name.partition("...")
        assert cut
        assert headline.startswith(head)
        assert len(head) >= PruneLimits().min_name_chars
        assert re.fullmatch(r".*\(\d+\)", end), e.name
        ends.add(end)
    assert len(ends) == 60, "each tells its own"


def test_short_names_are_never_cut() -> None:
    nodes = [button(i, "Buy") for i in range(20)]
    nodes += [button(20 + i, "An offer that runs on and on, " * 6, y=900 + i) for i in range(80)]
    snapshot, _ = factory().from_capture(page(nodes), viewport_only=False)
    assert [e.name for e in snapshot.elements[:20]] == ["Buy"] * 20


def test_names_are_cut_only_when_something_would_not_fit() -> None:
    nodes = [button(i, "A long name for a button, " * 7) for i in range(8)]
    snapshot, _ = factory().from_capture(page(nodes))
    assert all(e.name == ("A long name for a button, " * 7).strip() for e in snapshot.elements)


def test_past_the_floor_the_lowest_ranked_go_and_names_stay_at_the_floor() -> None:
    limits = PruneLimits()
    capture = page([button(i, f"Item {i} " + "x" * 80) for i in range(100)])
    snapshot, infos = factory().from_capture(capture)
    assert 50 < len(snapshot.elements) < 100
    assert estimate_json_tokens(snapshot.elements_json()) <= 2000
    for e in snapshot.elements:
        assert estimate_tokens(e.name) <= limits.min_name_tokens
    admitted = candidates(capture, True, limits)
    kept = {i.order for i in infos}
    dropped = [a for a in admitted if a.order not in kept]
    assert max(rank_key(i) for i in infos) < min(rank_key(d) for d in dropped)


def test_names_are_cut_to_what_tells_them_apart_only_if_that_holds_every_control() -> None:
    def numbered(count: int) -> RawCapture:
        return page([button(i, f"{i:03d} title of the autumn season") for i in range(count)])

    snapshot, _ = factory().from_capture(numbered(70))
    assert [e.name for e in snapshot.elements] == [f"{i:03d}..." for i in range(70)]
    assert snapshot.meta is None, "every control in view held"
    # 90 cannot all be held even so: readable names at the floor, the last ones left out
    snapshot, infos = factory().from_capture(numbered(90))
    assert estimate_json_tokens(snapshot.elements_json()) <= 2000
    assert snapshot.meta is not None
    assert snapshot.meta.kept == len(snapshot.elements) < 90
    assert [i.order for i in infos] == list(range(len(infos))), "the first in a person's order"
    for k, e in enumerate(snapshot.elements):
        assert e.name == f"{k:03d} title of th..."
        assert estimate_tokens(e.name) == PruneLimits().min_name_tokens


def test_a_cut_keeps_whole_characters_and_at_least_the_minimum() -> None:
    headline = "国务院常务会议部署进一步稳定和扩大就业的政策措施"
    assert shorten(headline, 6, 5) == headline[:5] + "..."
    assert shorten(headline, 60, 5) == headline  # 24 ideographs: 48 tokens
    assert shorten(headline, 20, 5) == headline[:9] + "..."  # 9 x 2 + 1 <= 20
    assert shorten("Storm Edith: thousands without power", 6) == "Storm Edith: th..."
    assert shorten("Sign in", 1, 5) == "Sign in", "a cut never lengthens a name"
    assert shorten("Sign in", 1) == "S...", "nor leaves it empty"


def least_cut(name: str, min_chars: int) -> str:
    """The most a cut may take: the shortest prefix with ``min_chars`` (at least one)
    characters before any spaces at its end, and "..."."""
    least = max(min_chars, 1)
    end = least
    while len(name[:end].rstrip()) < least and end < len(name):
        end += 1
    return name[:end].rstrip() + "..."


ACCENTED = st.text(st.sampled_from("OKe\u0301\u00e9 0Fi\u6587\u3000\ufb01"), max_size=40)


@given(st.one_of(names(), ACCENTED, st.text(max_size=40)), st.integers(0, 60), st.integers(0, 8))
def test_a_cut_costs_no_more_than_asked_unless_no_shorter_cut_is_allowed(
    name: str, tokens: int, min_chars: int
) -> None:
    cut = shorten(name, tokens, min_chars)
    whole = estimate_tokens(name)
    least = least_cut(name, min_chars)
    if cut == name:  # whole: within the tokens, or no cut is both shorter and cheaper
        assert whole <= tokens or len(least) >= len(name) or estimate_tokens(least) >= whole
        return
    assert cut.endswith("...")
    assert name.startswith(cut[:-3])
    assert len(cut) < len(name)
    assert estimate_tokens(cut) < whole
    assert estimate_tokens(cut) <= tokens or cut == least, (cut, estimate_tokens(cut))


@given(captures(max_nodes=300, min_nodes=80))
def test_an_in_view_control_is_dropped_only_with_every_long_name_at_the_floor(
    capture: RawCapture,
) -> None:
    limits = PruneLimits()
    snapshot, infos = factory().from_capture(capture)
    kept = {i.order for i in infos}
    admitted = candidates(capture, True, limits)
    in_view = [a for a in admitted if a.visibility != OFFSCREEN and is_control(a)]
    if any(a.order not in kept for a in in_view) and len(snapshot.elements) < 100:
        whole = {a.order: a.name for a in admitted}
        for info in infos:
            if info.name != whole[info.order]:
                # readable: at the floor, never cut past it to what tells it apart; or, where
                # its start alone reads like another's, its start and end for no more
                name = whole[info.order]
                floor = shorten(name, limits.min_name_tokens, limits.min_name_chars)
                assert info.name == floor or cut_of(info.name, name), info.name
                assert estimate_tokens(info.name) <= estimate_tokens(floor)
                least = least_cut(name, limits.min_name_chars)
                assert estimate_tokens(floor) <= limits.min_name_tokens or floor == least


@given(captures(max_nodes=200), st.booleans())
def test_the_json_remembered_while_pruning_is_the_json_sent(
    capture: RawCapture, viewport_only: bool
) -> None:
    made = factory()
    written: Written = {}

    def measure(tried: Tried) -> int:
        elements = tried.elements()
        made.measure(elements)  # gives them the next snapshot's refs
        assert tried_tokens(tried, made.registry.next_index, {}) == made.measure(elements, {})
        remembered = elements_json(elements, written)
        assert remembered == elements_json(elements)
        return estimate_json_tokens(remembered)

    kept = prune(capture, viewport_only, PruneLimits(), measure)
    snapshot, infos = made.from_capture(capture, viewport_only)
    assert [i.order for i in infos] == [k.order for k in kept]
    assert estimate_json_tokens(snapshot.elements_json()) <= 2000


@given(
    st.one_of(ACCENTED, st.text(min_size=1, max_size=60)),
    st.lists(st.text(max_size=12), min_size=2, max_size=8, unique=True),
    st.integers(1, 12),
)
def test_names_cut_alike_keep_their_ends_for_no_more(
    start: str, ends: list[str], tokens: int
) -> None:
    names = {start + end for end in ends}
    apart = ends_apart(names)
    for name in names:
        cut = shorten(name, tokens, 5)
        shown = keep_ends(name, cut, apart[name])
        assert shown == cut or cut_of(shown, name), shown
        assert estimate_tokens(shown) <= estimate_tokens(cut)


def test_tiles_cut_alike_tell_their_numbers() -> None:
    names = {f"More info about Trending Now title {n}" for n in range(1, 41)}
    apart = ends_apart(names)
    shown = {keep_ends(name, shorten(name, 6, 5), apart[name]) for name in names}
    assert len(shown) == 40
    assert "More in...title 7" in shown
