# ruff: noqa: RUF001  (Greek, Cyrillic and Turkish letters are the point)
"""One vocabulary, language by language: every record declares every category, and the
gate, the offline policy and the judge compile their phrases the one same way."""

from __future__ import annotations

import ast
import re

import pytest

from subterminator.safety import vocabulary as gate
from subterminator.safety.text import normalize, words
from subterminator.vocabulary.languages import LANGUAGES, phrases
from subterminator.vocabulary.words import CATEGORIES, GATE_CATEGORIES
from tests.support.paths import ROOT

RECORDS = sorted((ROOT / "subterminator" / "vocabulary").glob("languages*.py"))

# Where a category is empty, why (the record's ``x=()`` is the statement; this is the review).
NEGATION_BEFORE_THE_VERB = "its negation comes before the state word, never after it"
GATE_UNREAD = "the gate does not read pages in it (the floor asks more there)"
TAKES_BACK = "words that take back an ask are added only with a test that says why; none yet"
COOKIE_WORDED = frozenset({"en", "de", "fr", "es"})  # the only languages with cookie words
PAGE_SIGNS = "the judge reads a page's other signs (its state words, its controls) there"
UNSTEERED = "the offline policy steers by other languages' words here; the gate asks alike"


def _why_empty(code: str, category: str) -> str:
    if category.startswith("offline_"):
        return UNSTEERED
    if category in ("help_page", "restart", "active", "failure"):
        return PAGE_SIGNS
    if category == "negated_after":
        return NEGATION_BEFORE_THE_VERB
    if category in GATE_CATEGORIES and code not in gate.HELD:
        return GATE_UNREAD
    if category == "cookie" and code not in COOKIE_WORDED:
        return TAKES_BACK
    if (code, category) == ("ar", "away"):
        return TAKES_BACK
    return ""


def test_every_record_declares_every_category() -> None:
    """A record names each category, empty or not: no category is left to a default."""
    found = 0
    for path in RECORDS:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Words":
                declared = {k.arg for k in node.keywords}
                assert declared == set(CATEGORIES), (path.name, node.lineno)
                found += 1
    assert found >= 60  # every record is found (68 when written)


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_an_empty_category_is_one_a_language_has_no_words_for(code: str) -> None:
    for category in CATEGORIES:
        if not getattr(LANGUAGES[code], category):
            assert _why_empty(code, category), (code, category)


def test_every_language_the_gate_reads_has_its_words_that_ask() -> None:
    for code in gate.HELD:
        record = LANGUAGES[code]
        assert record.flow, code
        assert record.consequence, code
        assert record.final, code


@pytest.mark.parametrize("category", GATE_CATEGORIES)
def test_the_gate_reads_every_language_of_the_record(category: str) -> None:
    pattern = getattr(gate, category.upper())
    assert pattern.pattern == words(*phrases(category)).pattern
    for code, record in LANGUAGES.items():
        for phrase in getattr(record, category):
            plain = phrase.strip("^$").replace("\\b", "")
            if re.fullmatch(r"[^\\()\[\]|?*+{}.]+", plain):  # a literal phrase: it must match
                assert pattern.search(normalize(plain)), (code, phrase)


@pytest.mark.parametrize(
    ("phrase", "text"),
    [
        (r"^далее\b", "Далее"),  # Cyrillic beside an escape stays Cyrillic
        (r"^(yes|да)\b", "да"),
        (r"\bακύρωσ", "Ακύρωση"),
        (r"\byardım", "Yardım"),  # the Turkish dotless i is folded, as a page's is
        (r"kundig", "Kündigen"),
    ],
)
def test_one_compiler_folds_a_phrase_as_the_page_words_it_meets(phrase: str, text: str) -> None:
    assert words(phrase).search(normalize(text))


def test_there_is_one_phrase_compiler() -> None:
    """The gate's, the policy's and the judge's vocabularies had a ``_words`` each."""
    for path in (ROOT / "subterminator").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.args.vararg is not None:
                assert node.args.vararg.arg != "phrases" or path.name == "text.py", path
