"""The offline policy's vocabularies match the words they hold, as ``normalize`` leaves a page's
names: Greek and Cyrillic patterns beside a ``\\b`` or a Latin alternative once were folded to
Latin look-alikes and never matched."""

from __future__ import annotations

import re
import unicodedata

import pytest

from subterminator.offline import words
from subterminator.safety.text import normalize

VOCABULARIES = {name: value for name, value in vars(words).items() if isinstance(value, re.Pattern)}


@pytest.mark.parametrize(
    ("vocabulary", "name"),
    [
        ("START", "Ακύρωση συνδρομής"),
        ("START", "Ανάκληση"),
        ("YES", "Да, отменить"),
        ("TOWARD", "Λογαριασμός"),
        ("FORWARD", "Далее"),
        ("FORWARD", "Продолжить"),
        ("REASON", "Επιλέξτε"),
        # the words of the i31 flows: German contracts, English payments
        ("TOWARD", "Vertrag verwalten"),
        ("START", "Jetzt Vertrag beenden"),
        ("START", "Stop paying for Bloop"),
    ],
)
def test_a_name_in_a_held_word_matches(vocabulary: str, name: str) -> None:
    assert VOCABULARIES[vocabulary].search(normalize(name)), (vocabulary, name)


def _script(char: str) -> str:
    return unicodedata.name(char, "").split(" ")[0]


def test_no_pattern_mixes_latin_with_greek_or_cyrillic_in_one_word() -> None:
    """What ``normalize`` folds is a word holding Latin and Greek or Cyrillic letters; a
    pattern holding one can only ever match what no page's normalised name is."""
    for name, pattern in VOCABULARIES.items():
        bare = re.sub(r"\\[a-zA-Z]", " ", pattern.pattern)  # \b, \d: syntax, not letters
        for word in re.split(r"[\s|()^$?*+,']", bare):
            scripts = {_script(c) for c in word if c.isalpha()}
            assert not ({"LATIN"} & scripts and {"GREEK", "CYRILLIC"} & scripts), (name, word)
