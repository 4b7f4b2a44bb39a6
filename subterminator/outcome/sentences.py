"""A page's sentences, and what each says about the membership, by an ordered rule table.

Every sentence is read with the rules of its own languages (``languages_of``) and falls under
the first entry of ``SENTENCE_RULES`` that holds: a pending request, a failure, a denial, a
condition or a question (which say nothing), a confirmation, a period end.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property
from typing import Literal

from subterminator.models.snapshot import Snapshot
from subterminator.outcome.dates import find_date, read_date
from subterminator.outcome.text import read_form
from subterminator.outcome.vocabulary import FAILURE, Rules, languages_of

TEXT_ROLES = frozenset({"heading", "alert", "alertdialog", "dialog", "status", "region"})
# a sentence ends at . ! ? (not after a day's number, "3. März", or a one-letter abbreviation,
# "2027 m. kovo"), a spaced dash or bar, a line,
# or the full stop of Devanagari and Bengali, Burmese, Khmer, Ethiopic, Urdu, Armenian
_SENTENCE_END = re.compile(
    r"(?<=[.!?。！？])(?<!\d\.)(?<!\s\w\.)\s+|\s+[-|–—·]\s+|\n|(?<=[।॥။។።፧۔։])\s*"
)
# Thai, Lao, Khmer and Burmese leave no space between words: a space between two of their
# letters ends a phrase, and a condition ("if you cancel") governs the phrases after it.
_UNSPACED = "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff"
_PHRASE_END = re.compile(rf"(?<=[{_UNSPACED}])\s+(?=[{_UNSPACED}])")
_QUESTION = ("?", "？", "؟", "፧")
_GREEK = re.compile(r"[\u0370-\u03ff]")  # whose question mark NFKC makes a ";"
_NEGATION_REACH = 40  # characters before a state word that a "not" governs

Kind = Literal["pending", "against", "ignored", "confirmed", "period_end"]


@dataclass
class Sentence:
    text: str  # as printed
    norm: str  # read_form
    source: str  # title, heading, text, ...
    lead: str = ""  # the phrases before it in an unspaced script's sentence (read_form)
    whole: str = ""  # that whole sentence, as printed (its date may sit in another phrase)


def sentences(snapshot: Snapshot) -> list[Sentence]:
    """The title, the names of headings and live regions, and the page text, as sentences."""
    found: list[Sentence] = []
    seen: set[str] = set()
    sources = [("title", snapshot.page.title)]
    sources += [(e.role, e.name) for e in snapshot.elements if e.role in TEXT_ROLES]
    sources += [("text", snapshot.page.text)]
    for source, text in sources:
        for whole in _SENTENCE_END.split(text):
            lead = ""
            for piece in _PHRASE_END.split(whole):
                piece = piece.strip()
                norm = read_form(piece)
                if norm and norm not in seen:
                    seen.add(norm)
                    found.append(Sentence(piece, norm, source, lead, whole.strip()))
                lead = f"{lead} {norm}".strip()
    return found


def _denied(sentence: str, rules: list[Rules]) -> bool:
    """A negation, in the sentence's own languages, governs a state word of theirs."""
    for lang in rules:
        for state in lang.state.finditer(sentence):
            before = sentence[max(0, state.start() - _NEGATION_REACH) : state.end()]
            if lang.negated.search(before) or lang.negated_after.search(sentence[state.end() :]):
                return True
    return False


def quote(sentence: Sentence) -> str:
    text = sentence.text if len(sentence.text) <= 120 else sentence.text[:117] + "..."
    return f'"{text}"'


@dataclass
class Said:
    """One sentence with the languages that read it: its own, and all the page speaks."""

    sentence: Sentence
    rules: list[Rules]  # the sentence's own languages
    here: list[Rules]  # every language the page speaks (a pending phrase is read in any)

    @property
    def norm(self) -> str:
        return self.sentence.norm

    @cached_property
    def spoken(self) -> list[Rules]:
        return [r for r in self.rules if r.speaks(self.norm)]

    @cached_property
    def question(self) -> bool:
        norm = self.norm
        return (
            norm.endswith(_QUESTION)
            or "՞" in norm
            or (norm.endswith(";") and bool(_GREEK.search(norm)))
        )

    @cached_property
    def general(self) -> bool:
        """A condition or a generality ("if you cancel", "cancel anytime")."""
        lead = self.sentence.lead
        return any(
            r.conditional.search(self.norm) or (lead and r.conditional.search(lead))
            for r in self.rules
        )

    @cached_property
    def denied(self) -> bool:
        return _denied(self.norm, self.rules)

    @property
    def about(self) -> bool:
        """It says, in its languages' words, something about the membership."""
        return any(r.speaks(self.norm) or r.state.search(self.norm) for r in self.rules)


def _pending(said: Said) -> bool:
    return any(r.pending.search(said.norm) for r in said.here) and not said.question


def _failure(said: Said) -> bool:
    return bool(FAILURE.search(said.norm)) and not said.general


def _denial(said: Said) -> bool:
    stated = any(r.state.search(said.norm) for r in said.rules)
    return stated and said.denied and not said.general and not said.question


def _silent(said: Said) -> bool:
    return said.question or said.general or said.denied


def _confirmed(said: Said) -> bool:
    return any(r.confirmed.search(said.norm) for r in said.spoken)


def _period_end(said: Said) -> bool:
    return any(r.period_end.search(said.norm) for r in said.spoken)


# What a sentence says: the first entry that holds wins; none holding, it says nothing.
SENTENCE_RULES: tuple[tuple[Kind, Callable[[Said], bool]], ...] = (
    ("pending", _pending),
    ("against", _failure),
    ("against", _denial),
    ("ignored", _silent),
    ("confirmed", _confirmed),
    ("period_end", _period_end),
)


def kind(said: Said) -> Kind:
    return next((k for k, holds in SENTENCE_RULES if holds(said)), "ignored")


@dataclass
class Reading:
    """What the page's sentences said, by kind, and the first end date printed with them."""

    evidence: list[str] = field(default_factory=list)
    against: list[str] = field(default_factory=list)
    period_end: list[str] = field(default_factory=list)
    period_langs: set[str] = field(default_factory=set)  # the period-end sentences' languages
    pending: list[str] = field(default_factory=list)
    read_any: bool = False  # a sentence in a language we hold said something about it
    ends_on: str | None = None
    ends_date: date | None = None

    def take(self, said: Said, lang: str) -> None:
        self.read_any = self.read_any or said.about
        found = kind(said)
        if found == "ignored":
            return
        quoted = f"the page says {quote(said.sentence)}"
        {
            "pending": self.pending,
            "against": self.against,
            "confirmed": self.evidence,
            "period_end": self.period_end,
        }[found].append(quoted)
        if found == "period_end":
            self.period_langs.update(r.code for r in said.spoken if r.period_end.search(said.norm))
        if found in ("confirmed", "period_end"):
            self._dated(said.sentence, lang)

    def _dated(self, sentence: Sentence, lang: str) -> None:
        printed = find_date(sentence.text) or find_date(sentence.whole)
        if printed and self.ends_on is None:
            self.ends_on = printed
            self.ends_date = read_date(printed, lang)


def read(snapshot: Snapshot) -> Reading:
    """Every sentence of the page, each in its own languages."""
    lang = snapshot.page.lang
    found = sentences(snapshot)
    own = [languages_of(s.norm, lang) for s in found]
    here = list({r.code: r for rules in own for r in rules}.values())
    reading = Reading()
    for sentence, rules in zip(found, own, strict=True):
        reading.take(Said(sentence, rules, here), lang)
    return reading
