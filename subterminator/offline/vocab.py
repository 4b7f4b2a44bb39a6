"""The words the offline policy reads, imported in one place.

Every module of the policy takes its vocabulary from here, so that moving the lists (into one
vocabulary shared with the gate and the outcome judge) changes this file alone.
"""

from subterminator.offline.words import (
    AFTER,
    CAPITAL_WORD,
    COOKIE,
    COOKIE_OK,
    DECLINE,
    DISMISS,
    FINAL,
    FORWARD,
    KEEP,
    NEVER,
    NEWSLETTER,
    OFFER,
    OTHER,
    PARTNER,
    PROFILE_ADMIN,
    PROFILES,
    QUOTED_WORD,
    REASON,
    START,
    TOWARD,
    YES,
)
from subterminator.outcome.vocabulary import FAILURE, RESTART
from subterminator.safety.vocabulary import FLOW, readable

__all__ = [
    "AFTER",
    "CAPITAL_WORD",
    "COOKIE",
    "COOKIE_OK",
    "DECLINE",
    "DISMISS",
    "FAILURE",
    "FINAL",
    "FLOW",
    "FORWARD",
    "KEEP",
    "NEVER",
    "NEWSLETTER",
    "OFFER",
    "OTHER",
    "PARTNER",
    "PROFILES",
    "PROFILE_ADMIN",
    "QUOTED_WORD",
    "REASON",
    "RESTART",
    "START",
    "TOWARD",
    "YES",
    "readable",
]
