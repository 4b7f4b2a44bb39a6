"""A pruning measures a dozen tries of the same elements: their parts' costs are summed
(``factory.summed_tokens``), which must say what the whole text's estimate says."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from subterminator.models.snapshot import BoundingBox
from subterminator.snapshot.element import ElementInfo
from subterminator.snapshot.factory import Written, elements_json, summed_tokens, tried_tokens
from subterminator.snapshot.pruning import keep, kept_tree, link
from subterminator.snapshot.tokens import estimate_json_tokens

NAMES = st.text(max_size=40) | st.sampled_from(
    [
        "Item 12",
        "\x00",
        "\x01",
        "Kündigen",
        "解約する",
        "إلغاء",
        "ﷺ ligature",
        "e\u0301te\u0301",
        "①②",
        "٣٤٥",
    ]
)
# what the JSON is spliced at (the name's and the value's places) may be a page's words too
VALUES = st.none() | NAMES | st.sampled_from(["\x00", "\x01", '"\x01"', "\x00\x01"])


def elements(draw: st.DrawFn) -> list[ElementInfo]:
    names = draw(st.lists(NAMES, max_size=12))
    out = []
    for i, name in enumerate(names):
        parent = draw(st.none() | st.integers(0, i - 1)) if i else None
        box = BoundingBox(x=i * 7, y=i * 1001, width=300, height=22)
        value = draw(VALUES)
        role = "link" if value is None else "textbox"
        out.append(
            ElementInfo(role=role, name=name, state=["visible"], bbox=box, value=value, order=i)
        )
        out[-1].parent = parent
    return out


@st.composite
def tries(draw: st.DrawFn) -> tuple[list[ElementInfo], list[int]]:
    return elements(draw), draw(st.lists(st.integers(0, 99_999), min_size=1, max_size=3))


@given(tries())
def test_summed_parts_are_the_whole_texts_estimate_or_more(
    case: tuple[list[ElementInfo], list[int]],
) -> None:
    """Equal for ASCII (and wherever NFKC changes nothing); never less, so never over budget.
    One ``written`` across tries whose refs start elsewhere, as one pruning's tries do."""
    kept, starts = case
    written: Written = {}
    for start in starts:
        link(kept, [f"@e{start + i}" for i in range(len(kept))])
        whole = estimate_json_tokens(elements_json(kept))
        summed = summed_tokens(kept, written)
        assert summed >= whole
        assert elements_json(kept, written) == elements_json(kept)
        if elements_json(kept).isascii():
            assert summed == whole


def test_a_page_of_numbered_links_costs_the_same_either_way() -> None:
    box = BoundingBox(x=10, y=20, width=290, height=22)
    kept = [
        ElementInfo(role="link", name=f"Item {i}", state=["visible"], bbox=box) for i in range(60)
    ]
    link(kept, [f"@e{1000 + i}" for i in range(60)])
    assert summed_tokens(kept, {}) == estimate_json_tokens(elements_json(kept)) > 1000


@st.composite
def choices(draw: st.DrawFn) -> tuple[list[ElementInfo], set[int], int, int]:
    pool = elements(draw)
    chosen = draw(st.sets(st.integers(0, max(0, len(pool) - 1)), max_size=len(pool)))
    return pool, chosen if pool else set(), draw(st.integers(1, 4)), draw(st.integers(0, 99_999))


@given(choices())
def test_a_try_measured_unbuilt_costs_what_its_elements_do(
    case: tuple[list[ElementInfo], set[int], int, int],
) -> None:
    """A pruning's try is measured without building its elements (``tried_tokens``): the
    same sum as the elements built, linked and summed, and the same tree."""
    pool, chosen, depth, start = case
    tried = kept_tree(pool, chosen, depth)
    built = keep(pool, chosen, depth)
    assert [e.order for e in built] == [pool[i].order for i in tried.kept] == sorted(chosen)
    link(built, [f"@e{start + i}" for i in range(len(built))])
    assert tried_tokens(tried, start, {}) == summed_tokens(built, {})
    assert [e.parent for e in built] == tried.parents
