"""Calendars other than the Gregorian that pages print end dates in, with CLDR's own data.

Babel carries CLDR's Gregorian calendar only. The two calendars that a locale prefers over it
and that services print (CLDR ``calendarPreferenceData``: Thailand ``buddhist``, Iran and
Afghanistan ``persian``) are here:

- Buddhist: the Gregorian months (Babel's ``th`` names) and the year plus 543; CLDR's
  ``ca-buddhist`` era for Thai is "พ.ศ.";
- Persian (Solar Hijri): the month names and date formats of CLDR 48 ``ca-persian.json`` for
  ``fa`` (cldr-json, ``cldr-cal-persian-full/main/fa``), copied here as data, and the
  arithmetic of the calendar's 33-year cycles with its known break years.
"""

from __future__ import annotations

from datetime import date, timedelta

BUDDHIST_OFFSET = 543
BUDDHIST_LOCALES = ("th",)
BUDDHIST_ERA = ("พ.ศ.", "พุทธศักราช")
# a Buddhist-era year is past this; a Gregorian one on a page today is not
BUDDHIST_FROM = 2400

# CLDR 48, ca-persian, fa: months (format and stand-alone, wide and abbreviated are the same)
PERSIAN_MONTHS = (
    "فروردین", "اردیبهشت", "خرداد", "تیر", "مرداد", "شهریور",
    "مهر", "آبان", "آذر", "دی", "بهمن", "اسفند",
)  # fmt: skip
# CLDR 48, ca-persian, fa: dateFormats long and medium (full adds the weekday)
PERSIAN_FORMATS = ("d MMMM y", "d MMM y")
PERSIAN_LOCALES = ("fa",)
PERSIAN_ERA = ("ه.ش.", "هجری شمسی")

# The years in which the 33-year cycle of leap years restarts (the jalaali algorithm).
_BREAKS = (
    -61, 9, 38, 199, 426, 686, 756, 818, 1111, 1181, 1210, 1635, 2060, 2097, 2192, 2262,
    2324, 2394, 2456, 3178,
)  # fmt: skip


def _nowruz(year: int) -> date:
    """The Gregorian day of 1 Farvardin of Solar Hijri ``year``."""
    gregorian = year + 621
    leap_j = -14
    before = _BREAKS[0]
    jump = 0
    for after in _BREAKS[1:]:
        jump = after - before
        if year < after:
            break
        leap_j += jump // 33 * 8 + jump % 33 // 4
        before = after
    n = year - before
    leap_j += n // 33 * 8 + (n % 33 + 3) // 4
    if jump % 33 == 4 and jump - n == 4:
        leap_j += 1
    leap_g = gregorian // 4 - (gregorian // 100 + 1) * 3 // 4 - 150
    return date(gregorian, 3, 1) + timedelta(days=19 + leap_j - leap_g)


def persian_to_gregorian(year: int, month: int, day: int) -> date:
    """A Solar Hijri date as a Gregorian one: months 1-6 have 31 days, 7-11 have 30."""
    if not 1 <= month <= 12 or not 1 <= day <= 31:
        raise ValueError(f"no such Persian date: {year}/{month}/{day}")
    offset = (month - 1) * 31 - (month // 7) * (month - 7) + day - 1
    return _nowruz(year) + timedelta(days=offset)


def buddhist_year(year: int) -> int:
    """A Buddhist-era year as a Gregorian one (2570 is 2027)."""
    return year - BUDDHIST_OFFSET
