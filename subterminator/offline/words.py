"""What the offline policy looks for in control names, in the languages SubTerminator reads.

The phrases live in each language's record (``vocabulary.languages``, the ``offline_*``
categories, beside the gate's and the judge's words); here they are compiled, one pattern per
category over every language, the way every vocabulary is (``safety.text.words``: folded as
the names they meet). They only steer which control to try; the SafetyGate decides, on its
own, whether a person must approve it.
"""

from __future__ import annotations

import re

from subterminator.safety.text import words
from subterminator.vocabulary.languages import phrases


def _offline(category: str) -> re.Pattern[str]:
    """Every language's phrases of one of the policy's categories, as one pattern."""
    return words(*phrases(f"offline_{category}"))


START = _offline("start")  # starts (or continues) the cancellation: "Cancel membership"
FINAL = _offline("final")  # takes the last step: finish, confirm, "yes, cancel"
YES = _offline("yes")  # a bare yes: the last step only inside a dialog about cancelling
NEVER = _offline("never")  # never pressed by the policy, whatever else the name says
DECLINE = _offline("decline")  # declines a retention offer and goes on cancelling
KEEP = _offline("keep")  # takes the offer or keeps the membership: never, on the way out
TOWARD = _offline("toward")  # leads toward managing the membership
AFTER = _offline("after")  # past a survey or a thank-you page, without typing anything
COOKIE = _offline("cookie")  # a consent banner...
COOKIE_OK = _offline("cookie_ok")  # ...and the buttons that close it
DISMISS = _offline("dismiss")  # out of a dialog not about cancelling ("Cancel": never mind)
OTHER = _offline("other")  # the reason to pick when a survey demands one: the least personal
PARTNER = _offline("partner")  # billed by a partner: cancelled there, not here
FORWARD = _offline("forward")  # moves a multi-page flow on, with nothing better on the page
NEWSLETTER = _offline("newsletter")  # sign-ups a required-box rule must never tick
OFFER = _offline("offer")  # offers dressed as a way forward ("Continue with Basic")
PROFILES = _offline("profiles")  # a profile picker between sign-in and the account...
PROFILE_ADMIN = _offline("profile_admin")  # ...and its controls that are not a profile
REASON = _offline("reason")  # a question before going on ("Why are you leaving?")

# A word a page asks to have typed: quoted, or in capitals. Marks and letter shapes, not any
# language's words, so they are not in the vocabulary.
QUOTED_WORD = re.compile(
    r"[\"“”„«»‘’'‚‹›「」『』]\s*([^\s\"“”„«»‘’'‚‹›「」『』]{2,24})\s*[\"“”„«»‘’'‚‹›「」『』]"
)
CAPITAL_WORD = re.compile(r"\b([A-ZÀ-ÖØ-ÞĀ-Ž]{3,24})\b")
