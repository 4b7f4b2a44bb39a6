"""The token estimator against a real tokenizer, in every script, on text and on snapshots.

The yardstick is the legacy Claude tokenizer (``fixtures/tokenizers/``); the Claude 3+ one is not
public and ``usage.input_tokens`` stays the authority. These tests say the estimate errs on the
safe side of the yardstick on page text in 18 languages and scripts, and that a page in each,
pruned by the real SnapshotFactory to 2,000 estimated tokens, is within the 2,000-token
hard limit by the yardstick too, in the exact text the model reads. Elements are compact JSON,
denser than prose, and the budget counts them with ``estimate_json_tokens`` (the estimate plus
what their numbers cost); the plain estimate alone falls under the yardstick on them. A
plain-ASCII Indonesian sample pins the known gap on prose: ASCII estimates were left as they
were, and its text is held to a bound on how far under it may be, while its elements still
hold the hard limit.
"""

from __future__ import annotations

import json
import math
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.token_calibration import (
    SAMPLES,
    Sample,
    measure,
    old_estimate,
    page_capture,
    shuffled,
    snapshot_of,
    yardstick,
)
from subterminator.ai.render import message_text
from subterminator.browser.capture import RawBox, RawCapture, RawNode, RawViewport
from subterminator.models.conversation import Message
from subterminator.models.snapshot import Snapshot
from subterminator.snapshot import tokens
from subterminator.snapshot.tokens import (
    LEAD_WEIGHTS,
    PREFIX_WEIGHTS,
    estimate_json_tokens,
    estimate_tokens,
)
from tests.support.paths import FIXTURES

# Latin-script pages are mostly ASCII, whose estimate (ceil(bytes/3)) must not grow; their
# margin is what the accents add. Every other script gets at least 20% headroom on its text.
LATIN = {"en", "de", "fr", "es", "pl", "vi"}
HEADROOM = 1.2
BY_KEY = {s.key: s for s in SAMPLES}
# Plain-ASCII prose in a language other than English runs at ~2.5 bytes per yardstick token,
# over ceil(bytes/3); ASCII estimates were kept as they are (existing budgets and fixtures). The
# gap is pinned: such prose is at most this much over its estimate. Element JSON, half of it
# punctuation, stays within the estimate and so within the hard limit.
ASCII_PROSE_GAP = 1.25
KNOWN = [s for s in SAMPLES if s.key != "id"]
ALL = [pytest.param(s, id=s.key) for s in SAMPLES]
IDS = [s.key for s in KNOWN]


def covers_prose(sample: Sample, text: str) -> bool:
    if sample.key == "id":  # the known gap, bounded
        return yardstick(text) <= ASCII_PROSE_GAP * estimate_tokens(text)
    return covers(text)


def covers(text: str) -> bool:
    return estimate_tokens(text) >= yardstick(text)


def budget_covers(elements: str) -> bool:
    """The elements JSON as the element budget counts it covers the yardstick."""
    return estimate_json_tokens(elements) >= yardstick(elements)


@given(st.text(st.characters(max_codepoint=127), max_size=300))
def test_ascii_estimate_is_still_ceil_bytes_over_3(text: str) -> None:
    assert estimate_tokens(text) == math.ceil(len(text.encode()) / 3)


@pytest.mark.parametrize(
    "path", sorted((FIXTURES / "snapshots").glob("*.json")), ids=lambda p: str(p.name)
)
def test_fixture_snapshot_estimates_are_unchanged(path: Path) -> None:
    snapshot = Snapshot.model_validate_json(path.read_text())
    elements = snapshot.elements_json()
    if elements.isascii():
        assert estimate_tokens(elements) == old_estimate(elements)
    else:  # kitchen_sink: a masked password's bullets
        assert old_estimate(elements) <= estimate_tokens(elements) <= 2000
    assert budget_covers(elements)


@pytest.mark.parametrize("sample", ALL)
def test_estimate_covers_the_yardstick_on_page_text(sample: Sample) -> None:
    if sample.key in LATIN | {"id"}:
        assert covers_prose(sample, sample.text)
        return  # its names alone are mostly ASCII words, 2% over in German (module docstring)
    assert estimate_tokens(sample.text) >= HEADROOM * yardstick(sample.text)
    names = json.dumps(list(sample.controls), ensure_ascii=False)
    assert estimate_tokens(names) >= HEADROOM * yardstick(names)


@pytest.mark.parametrize("sample", KNOWN, ids=IDS)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_estimate_covers_text_with_its_letters_shuffled(sample: Sample, seed: int) -> None:
    """Shuffling the non-ASCII characters breaks every word the tokenizer knew."""
    assert covers(shuffled(sample.text + "\n" + "\n".join(sample.controls), seed))


@pytest.mark.parametrize("sample", [s for s in KNOWN if s.key not in LATIN], ids=lambda s: s.key)
@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_estimate_covers_any_lines_in_the_script(sample: Sample, data: st.DataObject) -> None:
    """Any three or more of the sample's lines and names, in any order."""
    lines = data.draw(st.lists(st.sampled_from(sample.lines()), min_size=3, unique=True))
    text = data.draw(st.sampled_from(["\n", " ", " | "])).join(lines)
    assert covers(text)
    assert covers(json.dumps(lines, ensure_ascii=False))


@pytest.mark.parametrize("sample", [s for s in KNOWN if s.key in LATIN], ids=lambda s: s.key)
@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_estimate_covers_latin_pages_in_any_order(sample: Sample, data: st.DataObject) -> None:
    lines = data.draw(st.permutations([*sample.text.splitlines(), *sample.controls]))
    assert covers("\n".join(lines))


def _tool_text(snapshot: Snapshot) -> str:
    """What the model reads for a tool reply carrying this snapshot."""
    message = Message(role="tool", tool_call_id="t1", result={"success": True}, snapshot=snapshot)
    return message_text(message)


@pytest.mark.parametrize("sample", ALL)
def test_pages_in_every_script_hold_the_2000_token_limit(sample: Sample) -> None:
    capture = page_capture(sample)
    snapshot = snapshot_of(capture)
    elements = snapshot.elements_json()
    assert elements in _tool_text(snapshot), "the budgeted JSON is what the model reads"
    assert 10 < len(snapshot.elements) < len(capture.nodes), "the token budget binds"
    assert yardstick(elements) <= estimate_json_tokens(elements) <= 2000
    assert covers_prose(sample, snapshot.page.text)
    assert estimate_tokens(snapshot.page.text) <= 500


@pytest.mark.parametrize("key", ["el", "th", "vi", "hi", "ko"])
def test_the_old_estimator_let_these_pages_through(key: str) -> None:
    """Why the estimator changed: ceil(utf8_bytes/3) let these pages past 2,000 tokens."""
    snapshot = snapshot_of(page_capture(BY_KEY[key]), old_estimate, old_estimate)
    assert yardstick(snapshot.elements_json()) > 2000


@pytest.mark.parametrize("sample", KNOWN, ids=IDS)
@settings(max_examples=8, deadline=None)
@given(data=st.data())
def test_random_pages_hold_the_limit(sample: Sample, data: st.DataObject) -> None:
    """Controls drawn from the sample's names (and long names made of its lines), any roles."""
    names = st.one_of(
        st.sampled_from(sample.controls),
        st.lists(st.sampled_from(sample.lines()), min_size=1, max_size=8).map(" ".join),
    )
    roles = st.sampled_from(["button", "link", "checkbox", "textbox", "heading", "region"])
    nodes = [
        RawNode(
            handle=str(i),
            role=data.draw(roles),
            name=data.draw(names),
            level=2,
            box=RawBox(x=10 + i % 4 * 310, y=10 + i // 4 * 25, width=290, height=22),
            focusable=True,
        )
        for i in range(data.draw(st.integers(40, 120)))
    ]
    viewport = RawViewport(width=1280, height=800)
    capture = RawCapture(url="https://example.com/", title="t", viewport=viewport, nodes=nodes)
    elements = snapshot_of(capture).elements_json()
    assert yardstick(elements) <= estimate_json_tokens(elements) <= 2000


# Weights at a character's UTF-8 length: the most a byte-level BPE can spend on it.
BYTE_BOUND = [
    (first, last)
    for first, last, weight, _ in LEAD_WEIGHTS
    if weight == 3 * (2 if first < 0xE0 else 3 if first < 0xF0 else 4)
]
_PREFIXED = {prefix for prefix, _, _ in PREFIX_WEIGHTS}


def _byte_bound(char: str) -> bool:
    data = char.encode("utf-8", "surrogatepass")
    return any(a <= data[0] <= b for a, b in BYTE_BOUND) and data[:2] not in _PREFIXED


@settings(max_examples=200, deadline=None)
@given(
    st.text(
        st.characters(min_codepoint=0x80, exclude_categories=["Cs", "Co", "Cn"]).filter(
            _byte_bound
        ),
        min_size=1,
        max_size=30,
    )
)
def test_scripts_without_measurements_are_covered_by_their_utf8_length(text: str) -> None:
    """Unmeasured ranges (Georgian, Tamil, Armenian, symbols, ...) weigh their UTF-8 length."""
    assert covers(text)


def test_nfkc_expansions_are_counted() -> None:
    """The yardstick normalises NFKC first: a ligature word or a squared word costs its letters."""
    for text in ["ﷺ", "﷽", "㍿ ㈱ 株式会社", "ﬁnal", "⁗", "ｆｕｌｌｗｉｄｔｈ　ｔｅｘｔ"]:
        assert covers(text), text
    changed = [
        chr(c)
        for c in range(0x80, 0x30000)
        if not 0xD800 <= c <= 0xDFFF and unicodedata.normalize("NFKC", chr(c)) != chr(c)
    ]
    assert len(changed) > 4000
    assert [c for c in changed if not covers(c * 3)] == []


def test_characters_left_unnormalised_cost_no_more_than_their_weight() -> None:
    for char in tokens._NFKC_LIGHT:
        assert unicodedata.normalize("NFKC", char) != char
        for count in (1, 2, 5):
            assert covers(char * count), repr(char)
            assert covers(f"账户{char * count}帳戶 cancel"), repr(char)


def _reference_units(text: str) -> int:
    """The rule spelled out character by character: the table, not the C-speed counting."""
    units = 0
    for char in text:
        data = char.encode("utf-8", "surrogatepass")
        if len(data) == 1:
            units += 1
            continue
        weight = next(w for first, last, w, _ in LEAD_WEIGHTS if first <= data[0] <= last)
        for prefix, prefix_weight, _ in sorted(PREFIX_WEIGHTS, key=lambda p: len(p[0])):
            if data.startswith(prefix):
                weight = prefix_weight
        units += weight
    return units


@given(st.text(max_size=4000))
def test_counting_matches_the_rule_character_by_character(text: str) -> None:
    assert tokens._units(text) == _reference_units(text)


# Letters and the marks, jamo and compatibility characters NFKC joins, splits or widens: where
# a text's prefixes cost what the estimate says only if each is normalised as it is.
JOINING = st.text(
    st.sampled_from(
        "OKe\u0301\u0308\u00e9 a\u1100\u1161\u11a8\u3231\ufb01\u3000\u6587\u304b\u3099"
    ),
    max_size=60,
)


@given(st.one_of(JOINING, st.text(max_size=60)))
def test_a_prefix_costs_what_the_estimate_says_and_never_less_than_a_shorter_one(
    text: str,
) -> None:
    units = tokens.prefix_units(text)
    assert len(units) == len(text) + 1
    assert units[0] == 0
    for end in range(1, len(units)):
        assert units[end] >= units[end - 1]
        assert -(-units[end] // 3) >= estimate_tokens(text[:end]), text[:end]
    if unicodedata.is_normalized("NFKC", text):  # nothing to join: each character its weight
        assert -(-units[-1] // 3) == estimate_tokens(text)


def test_counting_stays_exact_past_the_byte_sum_chunk() -> None:
    text = "\U0001f600" * 20_000 + "\U00020000" * 20_000 + "x"  # 160 KB, heaviest weights
    assert tokens._units(text) == _reference_units(text)


def test_lone_surrogates_do_not_raise() -> None:
    assert estimate_tokens("a\ud800b") >= 1


def test_measure_reports_every_script_within_budget() -> None:
    rows = measure(SAMPLES[:3])
    assert [r.script for r in rows] == [s.script for s in SAMPLES[:3]]
    for row in rows:
        assert row.estimate >= row.yardstick
        assert row.json_yardstick <= row.json_estimate <= 2000
        assert row.excerpt_yardstick <= 500


def test_numbers_cost_whole_tokens() -> None:
    """Each number is a token per three digits, and what follows it a token of its own."""
    assert tokens.number_units("[120,340,88,20]") == 2 + 2 + 3 + 3
    assert tokens.number_units("@e1075") == 6 - 4 + 2
    assert tokens.number_units("no digits") == 0
    text = '{"ref":"@e12","role":"link","name":"World news","bbox":[120,340,88,20]}'
    assert estimate_tokens(text) < yardstick(text) <= estimate_json_tokens(text)


def test_the_plain_estimate_falls_short_on_compact_elements() -> None:
    """Why the element budget counts numbers: compact element JSON of short names runs
    under three bytes per yardstick token, and ceil(bytes / 3) would let it past its limit."""
    nodes = [
        RawNode(
            handle=str(i),
            role=("link", "button")[i % 2],
            name=f"Item {i}",
            box=RawBox(x=10 + i % 4 * 310, y=10 + i // 4 * 25, width=290, height=22),
            focusable=True,
        )
        for i in range(100)
    ]
    viewport = RawViewport(width=1280, height=800)
    capture = RawCapture(url="https://example.com/", title="t", viewport=viewport, nodes=nodes)
    elements = snapshot_of(capture).elements_json()
    assert estimate_tokens(elements) < yardstick(elements) <= estimate_json_tokens(elements) <= 2000
    plain = snapshot_of(capture, element_estimator=estimate_tokens).elements_json()
    assert yardstick(plain) > 2000 >= estimate_tokens(plain)
