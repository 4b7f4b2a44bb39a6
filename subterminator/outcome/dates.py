"""Dates as pages print them, in any of many locales and calendars, read from CLDR data.

Each locale's own date formats (full, long, medium, short) become patterns over its own month
names (Babel), so "3 de marzo de 2027", "3. März 2027", "2027년 3월 3일", "3 martie 2027" and
"3 Machi 2027" are all read without a hand-written month list; so are the calendars a locale
prefers over the Gregorian (``outcome.calendars``): "2 มีนาคม 2570" is 2 March 2027 and
"۱۲ اسفند ۱۴۰۵" is 3 March 2027. Built once, on first use.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from datetime import date
from functools import cache
from typing import Literal

from babel import Locale
from babel.core import UnknownLocaleError
from babel.dates import get_date_format, get_month_names

from subterminator.outcome.calendars import (
    BUDDHIST_ERA,
    BUDDHIST_FROM,
    BUDDHIST_LOCALES,
    PERSIAN_FORMATS,
    PERSIAN_LOCALES,
    PERSIAN_MONTHS,
    buddhist_year,
    persian_to_gregorian,
)
from subterminator.outcome.once import built_once
from subterminator.safety.vocabulary import primary

log = logging.getLogger(__name__)

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
    "ha",
    "yo",
]
_FIELD = re.compile(r"'([^']*)'|(d{1,2}|M{1,4}|L{1,4}|y+|G+|E+|c+|\s+|.)")
_FORMATS: tuple[Literal["full", "long", "medium", "short"], ...] = (
    "full",
    "long",
    "medium",
    "short",
)
# Arabic-script pages spell Persian month names with the Arabic yeh and kaf as often as not
_ARABIC_SPELLING = str.maketrans({"ی": "ي", "ک": "ك"})


@dataclass(frozen=True)
class _Form:
    """One date format of one locale and calendar, as a pattern, and how to read its parts."""

    code: str
    calendar: Literal["gregorian", "persian"]
    pattern: str  # with named groups d, M (a number or a name) and y
    months: dict[str, int]  # a month's name, folded, to its number
    named: bool  # months by name (a numeric one is ambiguous outside its own locale)


def _fold(name: str) -> str:
    return name.casefold().rstrip(".").translate(_ARABIC_SPELLING)


def _months(locale: Locale, width: Literal["abbreviated", "wide"]) -> dict[str, int]:
    names: dict[str, int] = {}
    for context in ("format", "stand-alone"):
        for number, name in get_month_names(width, context, locale).items():
            names[name] = number
    return names


def _choice(names: list[str]) -> str:
    """Month names; a wide one may carry a short case ending ("3. märtsil", "3 მარტს")."""
    ordered = sorted(set(names), key=len, reverse=True)
    return "(?:" + "|".join(re.escape(n) for n in ordered if n) + r")(?:(?<=\w{4})\w{1,2})?\.?"


@dataclass
class _Groups:
    """Names d, M and y once each, when the pattern is to be read (``groups``)."""

    named: bool
    used: set[str] = field(default_factory=set)

    def __call__(self, name: str, regex: str) -> str:
        if not self.named or name in self.used:
            return regex if not self.named else f"(?:{regex})"
        self.used.add(name)
        return f"(?P<{name}>{regex})"


def _month_field(token: str, abbreviated: list[str], wide: list[str]) -> str:
    """A month: a number (M, MM), an abbreviated name (MMM), or any name (MMMM)."""
    if len(token) <= 2:
        return r"\d{1,2}"
    return _choice(abbreviated) if len(token) == 3 else _choice(wide + abbreviated)


def _literal(token: str, named: bool) -> str:
    """What stands between the fields."""
    if token.isspace():
        return r"\s*"
    if token in ".,،" and named:
        return re.escape(token) + "?"  # "3. März" and "3 März", "3 مارچ، 2027" alike
    if token in "\u200e\u200f":
        return "[\u200e\u200f]?"
    return re.escape(token)


def _token(token: str, named: bool, group: _Groups, months: tuple[list[str], list[str]]) -> str:
    """One CLDR field (not a weekday) or literal, as a regex."""
    head = token[0]
    if head == "d":
        return group("d", r"\d{1,2}")
    if head in "ML":
        return group("M", _month_field(token, *months))
    if head == "y":
        return group("y", r"\d{2}" if len(token) == 2 else r"\d{4}")
    if head == "G":
        return r"[^\d\s,]{0,16}"  # an era, read loosely
    return _literal(token, named)


def _pattern(cldr: str, abbreviated: list[str], wide: list[str], groups: bool = False) -> str:
    """A CLDR date pattern as a regex over month names; with ``groups``, d, M and y named."""
    out: list[str] = []
    named = bool(re.search(r"[ML]{3}", cldr))  # month names: separators may be left out
    group = _Groups(groups)
    weekday = False  # what follows a left-out weekday ("EEEE, ", "EEEEที่ ") is left out too
    for quoted, token in _FIELD.findall(cldr):
        head = token[0] if token else ""
        field_letter = token[:1].isascii() and token[:1].isalpha()  # CLDR's fields are ASCII
        if weekday and (quoted or not field_letter or head in "Ec"):
            continue
        weekday = False
        if quoted or (not token and quoted == ""):
            out.append(re.escape(quoted) if quoted else "'")
        elif head in "Ec":
            weekday = True  # a weekday: left out (a date without it is still the date)
        else:
            out.append(_token(token, named, group, (abbreviated, wide)))
    return r"(?<!\d)" + "".join(out) + r"(?!\d)"


def warm() -> None:
    """Build the patterns now. Built at first use they took 0.4-1 s of CLDR data on the event
    loop, just as the person was asked about the final step; a run starts this in a thread."""
    try:
        date_pattern()
    except Exception as exc:  # the first real use says it again, where it matters
        log.warning("the date patterns could not be built: %s", exc)


@built_once
def _every_form() -> tuple[_Form, ...]:
    """Every locale's date formats, and those of the calendars it prefers, once."""
    forms: list[_Form] = []
    for code in LOCALES:
        try:
            locale = Locale.parse(code)
        except (UnknownLocaleError, ValueError):
            continue
        abbreviated, wide = _months(locale, "abbreviated"), _months(locale, "wide")
        months = {_fold(n): m for n, m in {**abbreviated, **wide}.items()}
        for width in _FORMATS:
            cldr = get_date_format(width, locale=locale).pattern
            named = bool(re.search(r"[ML]{3}", cldr))
            if named or width == "short" or "y" in cldr:
                pattern = _pattern(cldr, list(abbreviated), list(wide), groups=True)
                forms.append(_Form(code, "gregorian", pattern, months, named))
    persian = list(PERSIAN_MONTHS) + [m.translate(_ARABIC_SPELLING) for m in PERSIAN_MONTHS]
    months = {_fold(n): i % 12 + 1 for i, n in enumerate(persian)}
    for code in PERSIAN_LOCALES:
        for cldr in PERSIAN_FORMATS:
            pattern = _pattern(cldr, persian, persian, groups=True)
            forms.append(_Form(code, "persian", pattern, months, True))
    return tuple(forms)


_UNGROUP = re.compile(r"\(\?P<\w>")


@built_once
def date_pattern() -> re.Pattern[str]:
    """Every locale's date formats, one pattern (longest first, so a full date wins)."""
    found = dict.fromkeys(_UNGROUP.sub("(?:", form.pattern) for form in _every_form())
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


_YEAR_FIRST = re.compile(r"(?P<y>\d{4})\s?[-/.年]\s?(?P<M>\d{1,2})\s?[-/.月]\s?(?P<d>\d{1,2})日?")


@cache
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


def read_date(printed: str, lang: str = "") -> date | None:
    """A date as ``find_date`` printed it, as a Gregorian date, in the page's calendar.

    Month names tell the locale; a numeric date ("03/02/27") is read only in the page's own
    locale, where its order is known. A Thai year past 2400 is of the Buddhist era.
    """
    printed = printed.strip(" ,.\u200e\u200f")
    declared = primary(lang)
    forms = sorted(_every_form(), key=lambda f: f.code != declared)
    for form in [None, *forms]:
        if form is None:
            match = _YEAR_FIRST.fullmatch(printed)
        elif form.named or form.code == declared:
            match = _compiled(form.pattern).fullmatch(printed)
        else:
            continue
        if match is None or not {"d", "M", "y"} <= set(match.groupdict()):
            continue
        read = _read(match, form, declared)
        if read is not None:
            return read
    return None


def _read(match: re.Match[str], form: _Form | None, declared: str) -> date | None:
    month_text = match.group("M")
    month = int(month_text) if month_text.isdigit() else _month(month_text, form)
    if month is None:
        return None
    day, year = int(match.group("d")), int(match.group("y"))
    year += 2000 if year < 100 else 0
    try:
        if form is not None and form.calendar == "persian":
            return persian_to_gregorian(year, month, day)
        buddhist = (form.code if form else declared) in BUDDHIST_LOCALES or any(
            era in match.string for era in BUDDHIST_ERA
        )
        if buddhist and year > BUDDHIST_FROM:
            year = buddhist_year(year)
        return date(year, month, day)
    except ValueError:
        return None


def _month(text: str, form: _Form | None) -> int | None:
    """A month's number from its name, or from the longest name it begins with (a case)."""
    if form is None:
        return None
    folded = _fold(text)
    if folded in form.months:
        return form.months[folded]
    starts = [name for name in form.months if name and folded.startswith(name)]
    return form.months[max(starts, key=len)] if starts else None
