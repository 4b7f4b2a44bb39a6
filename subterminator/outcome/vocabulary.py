"""What a page says about a membership's state, compiled: by language, and as unions.

Patterns apply to normalised text (``safety.text.normalize``: NFKC, accents and case folded), one
sentence at a time, so a negation or a condition is read in the sentence it governs, and only
with the rules of that sentence's languages (``languages_of``): the page's declared language,
its script's, and the languages whose own words it matches.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from subterminator.outcome.once import built_once
from subterminator.outcome.text import fold_pattern
from subterminator.safety.text import words
from subterminator.safety.vocabulary import primary
from subterminator.vocabulary.languages import LANGUAGES, Words, phrases


def _read(phrases: tuple[str, ...]) -> re.Pattern[str]:
    """A language's phrases, in the form the judge reads sentences (``read_form``)."""
    return words(*phrases, form=fold_pattern)


_NEVER = re.compile(r"(?!x)x")


def _maybe(phrases: tuple[str, ...]) -> re.Pattern[str]:
    return _read(phrases) if phrases else _NEVER


@dataclass(frozen=True)
class Rules:
    """One language's words, compiled."""

    code: str
    confirmed: re.Pattern[str]
    period_end: re.Pattern[str]
    state: re.Pattern[str]
    negated: re.Pattern[str]
    negated_after: re.Pattern[str]
    conditional: re.Pattern[str]
    pending: re.Pattern[str]

    @classmethod
    def of(cls, code: str, words: Words) -> Rules:
        return cls(
            code,
            _maybe(words.confirmed),
            _maybe(words.period_end),
            _maybe(words.state),
            _maybe(words.negated),
            _maybe(words.negated_after),
            _maybe(words.conditional),
            _maybe(words.pending),
        )

    def speaks(self, norm: str) -> bool:
        """Does the sentence say, in this language's own words, what became of the membership?"""
        return bool(self.confirmed.search(norm) or self.period_end.search(norm))


# Compiled at first use or by ``warm`` (a run's start, in a thread), not at import: ~0.2 s of
# patterns every process paid before it could answer, a CLI's help or an MCP handshake.
HELD = frozenset(LANGUAGES)


@built_once
def rules() -> dict[str, Rules]:
    """Every held language's rules."""
    return {code: Rules.of(code, words) for code, words in LANGUAGES.items()}


def warm() -> None:
    """Compile every pattern of this module now."""
    rules()
    union("period_end")


# Scripts that name their languages (a Latin sentence is told by its words).
_SCRIPTS: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (re.compile(r"[\u3040-\u30ff]"), ("ja",)),
    (re.compile(r"[\u4e00-\u9fff]"), ("zh", "ja")),
    (re.compile(r"[\uac00-\ud7af\u1100-\u11ff]"), ("ko",)),
    (re.compile(r"[\u0400-\u04ff]"), ("ru", "uk", "bg", "sr", "mk", "be", "kk", "mn")),
    (re.compile(r"[\u0370-\u03ff]"), ("el",)),
    (re.compile(r"[\u0590-\u05ff]"), ("he",)),
    (re.compile(r"[\u0600-\u06ff]"), ("ar", "fa", "ur")),
    (re.compile(r"[\u0e00-\u0e7f]"), ("th",)),
    (re.compile(r"[\u0900-\u097f]"), ("hi", "mr", "ne")),
    (re.compile(r"[\u0980-\u09ff]"), ("bn",)),
    (re.compile(r"[\u0a00-\u0a7f]"), ("pa",)),
    (re.compile(r"[\u0a80-\u0aff]"), ("gu",)),
    (re.compile(r"[\u0b80-\u0bff]"), ("ta",)),
    (re.compile(r"[\u0c00-\u0c7f]"), ("te",)),
    (re.compile(r"[\u0c80-\u0cff]"), ("kn",)),
    (re.compile(r"[\u0d00-\u0d7f]"), ("ml",)),
    (re.compile(r"[\u0d80-\u0dff]"), ("si",)),
    (re.compile(r"[\u0e80-\u0eff]"), ("lo",)),
    (re.compile(r"[\u1000-\u109f]"), ("my",)),
    (re.compile(r"[\u1780-\u17ff]"), ("km",)),
    (re.compile(r"[\u10a0-\u10ff\u1c90-\u1cbf]"), ("ka",)),
    (re.compile(r"[\u0530-\u058f]"), ("hy",)),
    (re.compile(r"[\u1200-\u137f]"), ("am",)),
)


def languages_of(norm: str, page_lang: str = "") -> list[Rules]:
    """The languages whose rules read this sentence: the page's, its script's, its words'.
    Kept per sentence: a run that has ended judges its page again at every later call (the
    same sentences), and each asks every language's patterns (~80 searches a sentence)."""
    return list(_languages_of(norm, page_lang))


@lru_cache(maxsize=4096)
def _languages_of(norm: str, page_lang: str) -> tuple[Rules, ...]:
    codes: set[str] = set()
    declared = primary(page_lang)
    every = rules()
    if declared in every:
        codes.add(declared)
    for script, named in _SCRIPTS:
        if script.search(norm):
            codes.update(named)
    codes.update(code for code, said in every.items() if said.speaks(norm))
    if not codes:  # nothing declared or said outright: the languages whose state word it uses
        codes.update(code for code, said in every.items() if said.state.search(norm))
    return tuple(every[c] for c in sorted(codes))


@built_once
def union(field: str) -> re.Pattern[str]:
    """One language-blind pattern of a field (``confirmed``...): for what only widens."""
    phrases = [p for words in LANGUAGES.values() for p in getattr(words, field)]
    return _read(tuple(dict.fromkeys(phrases)))


# Pages that talk about cancelling without being an account: help centres, FAQs, articles.
HELP = words(*phrases("help_page"))
HELP_PATH = re.compile(r"/(help|faq|faqs|support|hc|kb|article|articles|answer|answers)(/|$|\.)")

# A control that brings a cancelled membership back.
RESTART = words(*phrases("restart"))
# The account is running: it bills again.
ACTIVE = words(*phrases("active"))
# A statement that something went wrong (the failure indicators a page shows, and their kin).
FAILURE = words(*phrases("failure"))
