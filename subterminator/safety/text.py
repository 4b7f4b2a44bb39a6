"""Name normalisation before any rule: a rule must not be dodged by spelling.

NFKC folds width and compatibility forms, invisible characters (zero-width, soft hyphen, bidi
controls) are dropped, look-alike letters from Cyrillic and Greek are folded to Latin, accents
are removed and case is folded, so "Ｆｉｎ\u200bіsh" and "finish" compare equal.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable

# The look-alikes that pass for Latin letters in names (Unicode's confusables, the common part).
_CONFUSABLES = str.maketrans(
    {
        "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o",
        "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "і": "i", "ї": "i", "ј": "j",
        "ѕ": "s", "ԁ": "d", "һ": "h", "ӏ": "l", "ԛ": "q", "ԝ": "w", "ɡ": "g", "ı": "i",
        "А": "a", "В": "b", "Е": "e", "К": "k", "М": "m", "Н": "h", "О": "o", "Р": "p",
        "С": "c", "Т": "t", "У": "y", "Х": "x", "І": "i", "Ј": "j", "Ѕ": "s",
        "α": "a", "β": "b", "ε": "e", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p",
        "τ": "t", "υ": "u", "χ": "x", "Α": "a", "Β": "b", "Ε": "e", "Ζ": "z", "Η": "h",
        "Ι": "i", "Κ": "k", "Μ": "m", "Ν": "n", "Ο": "o", "Ρ": "p", "Τ": "t", "Υ": "y",
        "Χ": "x", "ℓ": "l", "ſ": "s",
    }
)  # fmt: skip
_SPACE = re.compile(r"\s+")
_LATIN = re.compile(r"[a-z]")
_ASCII_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")  # Cc but tab, CR, LF


def _fold_confusables(text: str) -> str:
    """Fold look-alikes only inside words that also hold Latin letters (mixed-script words).

    A word written wholly in Cyrillic or Greek is a real word of that language and stays.
    """
    return " ".join(
        word.translate(_CONFUSABLES) if _LATIN.search(word.lower()) else word
        for word in text.split(" ")
    )


@functools.lru_cache(maxsize=1024)
def normalize(text: str) -> str:
    """The form every safety rule compares: NFKC, no invisibles, folded, casefolded.

    Kept for the page's names and words, which repeat from snapshot to snapshot; plain ASCII
    (most names, most pages) takes the short way, to the same result."""
    if text.isascii():
        return _SPACE.sub(" ", _ASCII_CONTROL.sub("", text)).strip().casefold()
    return _normalize(text)


def _normalize(text: str) -> str:
    text = unicodedata.normalize("NFKC", text)
    text = "".join(
        " " if unicodedata.category(c) in ("Zs", "Zl", "Zp") or c in "\t\r\n" else c
        for c in text
        if unicodedata.category(c) not in ("Cf", "Cc", "Co", "Cn") or c in "\t\r\n"
    )
    text = _SPACE.sub(" ", text).strip()
    text = _fold_confusables(text)
    decomposed = unicodedata.normalize("NFD", text)
    stripped = "".join(c for c in decomposed if unicodedata.category(c) != "Mn")
    return unicodedata.normalize("NFC", stripped).casefold()


_RUN = re.compile(r"(?<!\\)[^\W\d_]+")  # a run of letters, not an escape's letter


def fold(phrase: str) -> str:
    """A pattern in the form ``normalize`` gives the words it is to match.

    A page's words are folded word by word; a pattern is folded one run of letters at a time,
    so a regex's ``\\b`` or ``|`` never joins a Greek or Cyrillic word to Latin letters (which
    would fold "да" to look-alikes no page's "да" matches), while a Turkish "yardım" is folded
    to "yardim", as the page's word is."""
    text = _RUN.sub(lambda run: normalize(run.group(0)), unicodedata.normalize("NFKC", phrase))
    bare = "".join(c for c in unicodedata.normalize("NFD", text) if unicodedata.category(c) != "Mn")
    return unicodedata.normalize("NFC", bare).casefold()


def words(*phrases: str, form: Callable[[str], str] = fold) -> re.Pattern[str]:
    """One pattern for any of ``phrases``: every vocabulary's compiler. ``form`` folds each
    phrase as the text it meets is folded (``normalize``'s, unless the reader's differs: the
    judge's ``read_form`` keeps the vowel marks of Brahmic scripts)."""
    return re.compile("|".join(form(p) for p in phrases))
