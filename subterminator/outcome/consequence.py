"""What a page says will happen: the sentences a person needs before approving a final step.

A yes is only informed if the person sees the effective date, the plan or the price the page
states, in the page's own words. Sentences are picked by shape (a date, a price, period-end
wording), not by the service's phrasing, so the same reading serves any page and language the
date and period-end vocabularies know.
"""

from __future__ import annotations

import re

from subterminator.models.snapshot import Snapshot
from subterminator.outcome.dates import find_date
from subterminator.outcome.sentences import sentences
from subterminator.outcome.vocabulary import union

PRICE = re.compile(
    r"[$€£¥₹₩₺]\s?\d"
    r"|\d(?:[\d.,\s]*\d)?\s?(?:€|zł|kr|kč|ft|lei|₺|₽|chf|usd|eur|gbp|円|원)"
    r"|\b(?:usd|eur|gbp|chf|rs\.?)\s?\d",
    re.IGNORECASE,
)
_LONGEST = 200


def page_says(snapshot: Snapshot | None, limit: int = 3) -> list[str]:
    """Sentences stating a date, a price or a period end; dated ones first."""
    if snapshot is None:
        return []
    dated: list[str] = []
    other: list[str] = []
    for sentence in sentences(snapshot):
        text = " ".join(sentence.text.split())
        if len(text) > _LONGEST:
            text = text[: _LONGEST - 1] + "…"
        if find_date(sentence.text):
            dated.append(text)
        elif PRICE.search(sentence.text) or union("period_end").search(sentence.norm):
            other.append(text)
    return (dated + other)[:limit]
