"""What pages and controls say, in the languages the gate knows, already normalised.

These widen what the gate *asks* about; none of them is needed for it to ask. Inside the
cancellation flow anything not known to be safe asks, whatever it is called.
"""

from __future__ import annotations

import re

from subterminator.safety.text import words
from subterminator.vocabulary.languages import phrases

# Each language's words are in its record (``vocabulary.languages``); the gate reads them all,
# whatever the page's language, as one pattern per category (``vocabulary.words`` says what
# each holds). None of them is needed for the gate to ask.
FLOW = words(*phrases("flow"))  # the page is about ending the subscription
CONSEQUENCE = words(*phrases("consequence"))  # the page states what the final step will do
# A control that confirms or completes the end: asked on any page. The bare verbs for cancelling
# ("Cancel membership", "Kündigen", "Résilier", "解約", "해지") are not here: they are also the
# way *into* the flow; what such a control really does is the floor's to judge.
FINAL = words(*phrases("final"))
AWAY = words(*phrases("away"))  # going back or away, declining an offer, keeping the membership
COOKIE = words(*phrases("cookie"))  # cookie-consent banners: dismissing one is safe

# An endpoint that acts rather than shows (links and form actions): its last path segment and
# query (ACTING_URL), or its last two segments (ACTING_PAIR).
ACTING_URL = re.compile(
    r"finish|confirm|complete|terminat|unsubscri|delete|deactivat|remove"
    r"|(do|now|yes|submit|really)[-_/]?cancel|cancel[-_/]?(now|confirm|do|yes|submit|finish)",
    re.IGNORECASE,
)
ACTING_PAIR = re.compile(
    r"^(do|now|yes|submit|really)/cancel|^cancel/(now|confirm|do|yes|submit|finish)$", re.IGNORECASE
)

# The languages these vocabularies hold (primary subtags of BCP 47): a page declaring another
# cannot be read, and the floor asks more there.
HELD = frozenset(
    {
        "en", "de", "fr", "es", "it", "nl", "pt", "ja", "zh", "ko", "ru", "ar", "pl", "sv",
        "da", "no", "nb", "nn", "fi", "tr", "cs", "hu", "el", "he", "iw", "id", "in", "vi",
        "th",
    }
)  # fmt: skip


def primary(lang: str) -> str:
    """``pt-BR`` -> ``pt``; '' for none."""
    return lang.strip().replace("_", "-").split("-", 1)[0].casefold()


def readable(lang: str, words: str) -> bool:
    """Whether the gate can read a page: it declares a held language (or none) and some word
    of the flow's vocabularies is on it (``words`` normalised)."""
    code = primary(lang)
    if code and code not in HELD:
        return False
    return any(v.search(words) for v in (FLOW, CONSEQUENCE, FINAL, AWAY))
