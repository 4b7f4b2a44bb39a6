"""What is secret, by what a field is and what is typed, never by what the field is called.

A field is secret when the page capture says so (``RawNode.secret``: a password field now or
at an earlier capture, autocomplete for a password, a one-time code or a card), when the run
saw it as one before (its handle, remembered by the ``ElementRegistry``), or when what is typed
looks like a card number (12-19 digits passing Luhn's check) or, on a sign-in or payment step
(a page holding a secret field) or into a field made for a code, a short numeric code (3-8
digits). Words
in a field's name may only widen this (a "PIN" box), never narrow it: a password labelled
"Kennwort" or only by a placeholder is secret because of what it is.

What is secret is also never the agent's to type (a person's credentials stay theirs):
``secret_field`` and ``secret_value`` are that one definition, which the tool layer refuses and
hands to the person (``stack.persons``); masking (``is_secret``) reads a few more words, to be
safe in records.

Each secret value decided here is also kept in memory (``KNOWN``, this process only) so every
writer (run records, recordings, cassettes, logs, the terminal) can scrub it wherever else it
shows up, in the model's thought for one.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from subterminator.browser.secret_fields import CREDENTIAL_WORDS

SECRET_WORDS = re.compile(rf"{CREDENTIAL_WORDS.pattern}|pass|card|secret|token|code", re.I)
_SEPARATORS = re.compile(r"[\s\-.]")
_CODE = re.compile(r"[0-9]{3,8}")  # a card's security code is three
_CARD = re.compile(r"[0-9]{12,19}")
_MASK = re.compile(r"•••••• \(secret(, [0-9]+ chars)?\)")
WITHHELD = "•••••• (secret)"  # a secret whose value we never had: not even its length
MIN_SCRUBBED = 4  # shorter values are masked where typed, not searched for in free text
_ID_KEYS = frozenset({"id", "page", "result_page", "screenshot_file", "handle", "snapshot_id"})


class Field(Protocol):
    """What secrecy reads of an element (``ElementInfo`` has it)."""

    @property
    def name(self) -> str: ...

    @property
    def secret(self) -> bool: ...

    @property
    def code_shaped(self) -> bool: ...


def mask(value: object) -> str:
    """The fixed stand-in for a secret: its length only."""
    return f"•••••• (secret, {len(str(value))} chars)"


def luhn(digits: str) -> bool:
    total = 0
    for position, char in enumerate(reversed(digits)):
        n = int(char)
        if position % 2:
            n = n * 2 - 9 if n > 4 else n * 2
        total += n
    return total % 10 == 0


def looks_like_card(value: str) -> bool:
    digits = _SEPARATORS.sub("", value)
    return bool(_CARD.fullmatch(digits)) and luhn(digits)


def looks_like_code(value: str) -> bool:
    return bool(_CODE.fullmatch(_SEPARATORS.sub("", value)))


def secret_field(field: Field) -> bool:
    """A field for a password, a one-time code or a card: by what it is (``secret``), or
    named so (credential words only widen)."""
    return field.secret or bool(CREDENTIAL_WORDS.search(field.name))


def secret_value(value: str, field: Field | None, *, sign_in_step: bool) -> bool:
    """Whether typing ``value`` into ``field`` (None: unknown) types a secret: the person's to
    type, never the agent's."""
    if field is None or secret_field(field) or looks_like_card(value):
        return True
    return looks_like_code(value) and (sign_in_step or field.code_shaped)


def is_secret(value: str, field: Field | None, *, sign_in_step: bool) -> bool:
    """Whether ``value`` typed into ``field`` (None: unknown, so secret) must never be written."""
    if secret_value(value, field, sign_in_step=sign_in_step):
        return True
    return field is not None and bool(SECRET_WORDS.search(field.name))


class KnownSecrets:
    """Secret values typed in this process, in memory only, for writers to scrub anywhere."""

    def __init__(self) -> None:
        self._values: set[str] = set()
        self._lock = threading.Lock()

    def remember(self, value: str) -> None:
        if len(value) >= MIN_SCRUBBED:
            with self._lock:
                self._values.add(value)

    def values(self) -> list[str]:
        """Longest first, so a secret inside another is not left half replaced."""
        with self._lock:
            return sorted(self._values, key=len, reverse=True)

    def scrub(self, text: str, extra: Iterable[str] = ()) -> str:
        """``text`` with every known secret (and ``extra``) replaced by its mask, as typed or
        as JSON spells it inside a string (escaped quotes, ``\\u00f1``)."""
        for secret in [*self.values(), *extra]:
            for spelling in _spellings(secret):
                if spelling in text:
                    text = text.replace(spelling, mask(secret))
        return text

    def scrub_data(self, data: Any) -> Any:
        """JSON-like ``data`` with every string scrubbed (ids and file names left alone)."""
        if not self._values:
            return data
        return self._walk(data)

    def _walk(self, data: Any) -> Any:
        if isinstance(data, str):
            return self.scrub(data)
        if isinstance(data, dict):
            return {k: v if k in _ID_KEYS else self._walk(v) for k, v in data.items()}
        if isinstance(data, list):
            return [self._walk(v) for v in data]
        return data


def _spellings(secret: str) -> list[str]:
    if not secret:
        return []
    escaped = json.dumps(secret)[1:-1]
    unicode = json.dumps(secret, ensure_ascii=False)[1:-1]
    return list(dict.fromkeys((secret, unicode, escaped)))


KNOWN = KnownSecrets()


def is_mask(value: object) -> bool:
    return isinstance(value, str) and _MASK.fullmatch(value) is not None


@dataclass(frozen=True)
class Named:
    """A field known by its name only (a caller that kept no more): words may widen."""

    name: str
    secret: bool = False
    code_shaped: bool = False
