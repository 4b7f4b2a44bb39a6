"""The form the judge reads sentences in, and the same form for its patterns.

``safety.text.normalize`` drops every combining mark, which is right for accents ("gekündigt"
is "gekundigt") but erases the vowels and tone marks of the Brahmic and Southeast Asian scripts:
the Lao "not" (ບໍ່) becomes one consonant that sits in half the words of a page. So the judge
keeps the marks of those scripts and drops all others; its patterns are folded the same way,
letter run by letter run, so a regex escape (``\\b``) never turns a Cyrillic word into Latin
look-alikes. ``\\b`` itself becomes a boundary that counts a script's marks as part of a word
(Python's ``\\b`` ends "यदि" before its vowel sign).
"""

from __future__ import annotations

import functools
import re
import unicodedata

from babel import Locale
from babel.core import UnknownLocaleError

from subterminator.safety.text import normalize

# Scripts whose combining marks are letters: Devanagari to Sinhala, Thai, Lao, Tibetan,
# Myanmar, Khmer.
_MARKS = r"\u0900-\u0dff\u0e00-\u0eff\u0f00-\u0fff\u1000-\u109f\u1780-\u17ff"
_KEPT = re.compile(rf"[{_MARKS}]")
_WORD = rf"[\w{_MARKS}]"
BOUNDARY = rf"(?:(?<={_WORD})(?!{_WORD})|(?<!{_WORD})(?={_WORD}))"
_RUN = re.compile(r"(?<!\\)[^\W\d_]+")
_ESCAPED_B = re.compile(r"(?<!\\)((?:\\\\)*)\\b")


@functools.lru_cache(maxsize=4096)
def read_form(text: str) -> str:
    """``normalize``, but the marks of scripts that write vowels with them are kept."""
    if not _KEPT.search(text):
        return normalize(text)
    # each word folded the usual way; a word of a kept script keeps its marks
    return " ".join(_fold_word(word) for word in _spaces(text).split(" "))


def _spaces(text: str) -> str:
    """NFKC, no invisibles, one space between words (``normalize``'s first steps)."""
    text = unicodedata.normalize("NFKC", text)
    text = "".join(
        " " if unicodedata.category(c) in ("Zs", "Zl", "Zp") or c in "\t\r\n" else c
        for c in text
        if unicodedata.category(c) not in ("Cf", "Cc", "Co", "Cn") or c in "\t\r\n"
    )
    return re.sub(r"\s+", " ", text).strip()


def _fold_word(word: str) -> str:
    if not _KEPT.search(word):
        return normalize(word)
    out = []
    for char in unicodedata.normalize("NFD", word):
        if unicodedata.category(char) == "Mn" and not _KEPT.match(char):
            continue
        out.append(char)
    return unicodedata.normalize("NFC", "".join(out)).casefold()


def fold_pattern(pattern: str) -> str:
    """A pattern in ``read_form``: its words folded like a sentence's, ``\\b`` mark-aware."""
    pattern = unicodedata.normalize("NFKC", pattern)
    pattern = _RUN.sub(lambda m: _fold_run(m.group(0)), pattern)
    out = []
    for char in unicodedata.normalize("NFD", pattern):
        if unicodedata.category(char) == "Mn" and not _KEPT.match(char):
            continue
        out.append(char)
    folded = unicodedata.normalize("NFC", "".join(out))
    if not _KEPT.search(folded):
        return folded  # no marks kept in its words: Python's \b is the boundary
    return _ESCAPED_B.sub(lambda m: m.group(1) + BOUNDARY, folded)


def _fold_run(run: str) -> str:
    """One run of letters, folded as ``normalize`` folds a word (look-alikes, case)."""
    return _fold_word(run) if _KEPT.search(run) else normalize(run)


def language_name(lang: str) -> str:
    """A page's declared language as CLDR names it in English ("Welsh, cy"), or as declared."""
    try:
        name = Locale.parse(lang.strip().replace("-", "_")).get_display_name("en")
    except (UnknownLocaleError, ValueError, TypeError):
        return lang
    return f"{name}, {lang}" if name else lang
