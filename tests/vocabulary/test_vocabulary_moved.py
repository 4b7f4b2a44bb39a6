"""The offline policy's words and the judge's page lists moved into the language records
without changing what they read.

``before/offline_words.json`` is the policy's 19 categories as ``offline/words.py`` held them,
``before/judge_words.json`` the judge's four page lists as ``outcome/vocabulary.py`` held them
(both extracted from those files at commit 36bd2b5, one list per pattern compiled), and
``before/gate_words.json`` the gate's five categories as the records gave them then. A phrase
that held several languages' words in one alternation was split into its languages' records;
``P(A|B)S`` matches what ``PAS|PBS`` matches, so spreading every alternation of both sides
into one alternative each must give the same set, category by category.
"""

from __future__ import annotations

import json
import re
from functools import cache

import pytest

from subterminator.offline import words as offline
from subterminator.outcome import vocabulary as judge
from subterminator.safety import vocabulary as gate
from subterminator.safety.text import fold, normalize, words
from subterminator.vocabulary.languages import LANGUAGES, NEUTRAL, phrases
from subterminator.vocabulary.words import (
    CATEGORIES,
    GATE_CATEGORIES,
    JUDGE_CATEGORIES,
    OFFLINE_CATEGORIES,
)
from tests.support.paths import ROOT

BEFORE = ROOT / "tests" / "vocabulary" / "before"
# The policy's categories whose phrases were split by language; the other 14 hold the very
# phrases they held.
SPLIT = frozenset({"YES", "DECLINE", "TOWARD", "PROFILE_ADMIN", "REASON"})
# The languages the gate reads, as they were: this list must never grow by a union.
GATE_HELD = frozenset(
    {
        "en", "de", "fr", "es", "it", "nl", "pt", "ja", "zh", "ko", "ru", "ar", "pl", "sv",
        "da", "no", "nb", "nn", "fi", "tr", "cs", "hu", "el", "he", "iw", "id", "in", "vi",
        "th",
    }
)  # fmt: skip


@cache
def _before(name: str) -> dict[str, list[str]]:
    loaded: dict[str, list[str]] = json.loads((BEFORE / name).read_text(encoding="utf-8"))
    return loaded


def _atom_end(p: str, i: int) -> int:
    """Just past the atom at ``p[i]``: an escape, a character class or a whole group."""
    if p[i] == "\\":
        return i + 2
    if p[i] == "[":
        j = i + 2 if p[i + 1] in "^]" else i + 1
        while p[j] != "]":
            j += 2 if p[j] == "\\" else 1
        return j + 1
    depth, j = 0, i
    while depth or j == i:
        if p[j] in "\\[":
            j = _atom_end(p, j)
            continue
        depth += {"(": 1, ")": -1}.get(p[j], 0)
        j += 1
    return j


def _alternatives(p: str) -> list[str]:
    """``p`` cut at its top-level ``|``."""
    cuts, i = [-1], 0
    while i < len(p):
        if p[i] in "\\[(":
            i = _atom_end(p, i)
            continue
        if p[i] == "|":
            cuts.append(i)
        i += 1
    return [p[a + 1 : b] for a, b in zip(cuts, [*cuts[1:], len(p)], strict=True)]


def _spread(p: str) -> frozenset[str]:
    """Every alternative ``p`` matches, each alternation spread: ``a(b|c)d`` -> abd, acd. A
    group with a quantifier, or a ``(?...)`` one, stays whole (both sides keep it alike)."""
    tops = _alternatives(p)
    if len(tops) > 1:
        return frozenset().union(*(_spread(t) for t in tops))
    i = 0
    while i < len(p):
        if p[i] not in "\\[(":
            i += 1
            continue
        j = _atom_end(p, i)
        plain_group = p[i] == "(" and p[i + 1] != "?" and (j == len(p) or p[j] not in "?*+{")
        if plain_group:
            inner = _alternatives(p[i + 1 : j - 1])
            return frozenset().union(*(_spread(p[:i] + a + p[j:]) for a in inner))
        i = j
    return frozenset({p})


def _matched(patterns: list[str] | tuple[str, ...]) -> frozenset[str]:
    """What a compiled union of ``patterns`` matches, as a set of single alternatives."""
    return frozenset().union(*(_spread(fold(p)) for p in patterns))


@pytest.mark.parametrize(
    ("pattern", "spread"),
    [
        (r"^(yes|ja)\b", {r"^yes\b", r"^ja\b"}),
        (r"a (b |c )?(d|e)", {"a (b |c )?d", "a (b |c )?e"}),
        (r"^(x|y (z|w))$", {"^x$", "^y z$", "^y w$"}),
        (r"[(|]q|(?<!r)s", {"[(|]q", "(?<!r)s"}),
    ],
)
def test_an_alternation_spreads_into_what_it_matches(pattern: str, spread: set[str]) -> None:
    assert _spread(pattern) == spread


@pytest.mark.parametrize("name", sorted(_before("offline_words.json")))
def test_each_policy_category_matches_what_it_matched_before(name: str) -> None:
    old = _before("offline_words.json")[name]
    new = phrases(f"offline_{name.lower()}")
    assert _matched(new) == _matched(old)
    if name not in SPLIT:
        assert set(new) == set(old)


def test_every_old_category_is_read_from_the_records() -> None:
    assert {f"offline_{n.lower()}" for n in _before("offline_words.json")} == set(
        OFFLINE_CATEGORIES
    )
    for category in OFFLINE_CATEGORIES:
        compiled = getattr(offline, category.removeprefix("offline_").upper())
        assert compiled.pattern == words(*phrases(category)).pattern


def _samples() -> list[str]:
    """Names built from every old phrase: each spread alternative, bare of anchors, with what
    is optional left out or kept, where what is left is plain words."""
    found = set()
    moved = {**_before("offline_words.json"), **_before("judge_words.json")}
    for olds in moved.values():
        for alternative in _matched(olds):
            bare = re.sub(r"\\b|[\^$]", "", alternative)
            plain = re.sub(r"\([^()]*\)\?|.\?", "", bare)  # what is optional, left out
            for text in (bare, plain, re.sub(r"\(([^()|]*)\)\?|(.)\?", r"\1\2", bare)):
                if text and not re.search(r"[\\()\[\]|?*+{}.]", text):
                    found.add(text)
    return sorted(found)


def test_every_policy_pattern_reads_every_sample_name_as_before() -> None:
    """Each category, old and new, over names from all categories (each one's words are the
    others' near misses), alone and inside a longer name."""
    samples = _samples()
    assert len(samples) > 500
    for name, olds in _before("offline_words.json").items():
        old, new = words(*olds), getattr(offline, name)
        for sample in samples:
            for text in (sample, f"ok {sample} now", f"{sample}s"):
                assert bool(old.search(normalize(text))) == bool(new.search(normalize(text))), (
                    name,
                    text,
                )


# The judge's page lists, by the names they keep in ``outcome.vocabulary``.
JUDGE_LISTS = {"HELP": "help_page", "RESTART": "restart", "ACTIVE": "active", "FAILURE": "failure"}


@pytest.mark.parametrize("name", sorted(JUDGE_LISTS))
def test_each_judge_list_holds_the_phrases_it_held(name: str) -> None:
    """None was split: each holds its very phrases, and reads the sample names as before."""
    old = _before("judge_words.json")[name]
    new = phrases(JUDGE_LISTS[name])
    assert sorted(new) == sorted(old)
    compiled, before = getattr(judge, name), words(*old)
    assert compiled.pattern == words(*new).pattern
    for sample in _samples():
        text = normalize(f"ok {sample} now")
        assert bool(compiled.search(text)) == bool(before.search(text)), (name, sample)


@pytest.mark.parametrize("category", GATE_CATEGORIES)
def test_the_gate_holds_exactly_the_phrases_it_held(category: str) -> None:
    """Phrase by phrase, in order: the gate's compiled patterns are unchanged, and its cookie
    and away words (which take an ask back) did not grow by the policy's."""
    held = tuple(_before("gate_words.json")[category])
    assert phrases(category) == held
    assert getattr(gate, category.upper()).pattern == words(*held).pattern


def test_the_languages_the_gate_reads_are_as_they_were() -> None:
    assert gate.HELD == GATE_HELD


def test_every_category_has_one_reader() -> None:
    """A category is the judge's, the gate's or the offline policy's, never two of them."""
    groups = (JUDGE_CATEGORIES, GATE_CATEGORIES, OFFLINE_CATEGORIES)
    assert sorted(c for g in groups for c in g) == sorted(CATEGORIES)


def test_the_neutral_record_holds_only_the_policy_s_words() -> None:
    """Not a language: the gate and the judge find nothing of theirs in it."""
    assert NEUTRAL not in LANGUAGES.values()
    for category in (*JUDGE_CATEGORIES, *GATE_CATEGORIES):
        assert getattr(NEUTRAL, category) == (), category
    assert any(getattr(NEUTRAL, c) for c in OFFLINE_CATEGORIES)


@pytest.mark.parametrize(
    ("category", "code", "name"),
    [
        ("offline_yes", "ru", "Да, отменить"),
        ("offline_yes", "tr", "Evet"),
        ("offline_toward", "el", "Λογαριασμός"),
        ("offline_toward", "tr", "Hesap"),
        ("offline_reason", "pl", "Wybierz powód"),
        ("offline_profile_admin", "sv", "Profiler hantera"),
        ("offline_decline", "pt", "Continuar cancelamento"),
    ],
)
def test_a_split_phrase_sits_in_its_language(category: str, code: str, name: str) -> None:
    assert words(*getattr(LANGUAGES[code], category)).search(normalize(name)), (code, name)
