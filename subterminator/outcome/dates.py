"""Dates as pages print them, in any of many locales, read from CLDR data (Babel).

Each locale's own date formats (full, long, medium, short) become patterns over its own month
names, so "3 de marzo de 2027", "3. März 2027", "2027년 3월 3일", "3 martie 2027" and
"3 Machi 2027" are all read without a hand-written month list. Built once, on first use.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Literal

from babel import Locale
from babel.core import UnknownLocaleError
from babel.dates import get_date_format, get_month_names

# The web's major languages and those around them; any locale Babel knows can be added.
LOCALES = [
    "en",
    "de",
    "fr",
    "es",
    "it",
    "pt",
    "nl",
    "ro",
    "ca",
    "pl",
    "sv",
    "da",
    "nb",
    "nn",
    "fi",
    "tr",
    "cs",
    "sk",
    "hr",
    "bs",
    "sr",
    "sl",
    "hu",
    "el",
    "ru",
    "uk",
    "bg",
    "he",
    "ar",
    "fa",
    "hi",
    "bn",
    "ur",
    "ta",
    "te",
    "mr",
    "gu",
    "kn",
    "ml",
    "pa",
    "id",
    "ms",
    "vi",
    "th",
    "ja",
    "zh",
    "ko",
    "tl",
    "fil",
    "sw",
    "am",
    "zu",
    "xh",
    "af",
    "is",
    "et",
    "lv",
    "lt",
    "sq",
    "mk",
    "be",
    "ka",
    "hy",
    "az",
    "kk",
    "uz",
    "mn",
    "km",
    "lo",
    "my",
    "si",
    "ne",
    "cy",
    "ga",
    "eu",
    "gl",
    "mt",
    "lb",
    "fo",
]
_FIELD = re.compile(r"'([^']*)'|(d{1,2}|M{1,4}|L{1,4}|y+|G+|E+|c+|\s+|.)")
_FORMATS: tuple[Literal["full", "long", "medium", "short"], ...] = (
    "full",
    "long",
    "medium",
    "short",
)


def _months(locale: Locale, width: Literal["abbreviated", "wide"]) -> list[str]:
    names: set[str] = set()
    for context in ("format", "stand-alone"):
        names.update(get_month_names(width, context, locale).values())
    return sorted(names, key=len, reverse=True)


def _choice(names: list[str]) -> str:
    return "(?:" + "|".join(re.escape(n) for n in names if n) + r")\.?"


def _pattern(cldr: str, locale: Locale) -> str:
    """A CLDR date pattern as a regex over that locale's month names."""
    out: list[str] = []
    named = bool(re.search(r"[ML]{3}", cldr))  # month names: separators may be left out
    for quoted, token in _FIELD.findall(cldr):
        if quoted or (not token and quoted == ""):
            out.append(re.escape(quoted) if quoted else "'")
            continue
        head = token[0]
        if head == "d" or (head in "ML" and len(token) <= 2):
            out.append(r"\d{1,2}")
        elif head in "ML" and len(token) == 3:
            out.append(_choice(_months(locale, "abbreviated")))
        elif head in "ML":
            out.append(_choice(_months(locale, "wide") + _months(locale, "abbreviated")))
        elif head == "y":
            out.append(r"\d{2}" if len(token) == 2 else r"\d{4}")
        elif head in "Ec":
            continue  # a weekday: left out (a date without it is still the date)
        elif head == "G":
            out.append(r"[^\d\s,]{0,16}")  # an era, read loosely
        elif token.isspace():
            out.append(r"\s*")
        elif token in ".," and named:
            out.append(re.escape(token) + "?")  # "3. März" and "3 März" alike
        elif token in "\u200e\u200f":
            out.append("[\u200e\u200f]?")
        else:
            out.append(re.escape(token))
    return r"(?<!\d)" + "".join(out) + r"(?!\d)"


@cache
def date_pattern() -> re.Pattern[str]:
    """Every locale's date formats, one pattern (longest first, so a full date wins)."""
    found: dict[str, None] = {}
    for code in LOCALES:
        try:
            locale = Locale.parse(code)
        except (UnknownLocaleError, ValueError):
            continue
        for width in _FORMATS:
            cldr = get_date_format(width, locale=locale).pattern
            if re.search(r"[ML]{3}", cldr) or width == "short" or "y" in cldr:
                found[_pattern(cldr, locale)] = None
    numeric = [
        r"\d{4}[-/.年]\s?\d{1,2}[-/.月]\s?\d{1,2}日?",
        r"\b\d{1,2}[/.\-]\d{1,2}[/.\-]\d{2,4}\b",
    ]
    alternatives = sorted(found, key=len, reverse=True) + numeric
    return re.compile("|".join(f"(?:{a})" for a in alternatives), re.IGNORECASE)


def find_date(text: str) -> str | None:
    """The first date in ``text``, as printed."""
    found = date_pattern().search(text)
    return found.group(0).strip(" ,.\u200e\u200f") if found else None
