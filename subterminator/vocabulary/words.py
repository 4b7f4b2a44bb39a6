"""One language's words, by what they say: the record every reader of pages shares.

Every record declares every category (there are no defaults): an empty one says, in the
record itself, that the language has no such words here.

What the outcome judge reads, one sentence at a time, in the sentence's own languages
(``outcome.vocabulary``):

- ``confirmed``: a statement that the cancellation happened;
- ``period_end``: the membership runs out at a date (how a cancelled account page talks);
- ``state``: words for the cancelled state; a negation before one (``negated``, or just after
  it in ``negated_after``) denies it;
- ``conditional``: a condition or a generality ("if you cancel", "cancel at any time");
- ``pending``: the request is only received, scheduled, under review or waiting for an e-mail.

What the gate reads (``safety.vocabulary``), as one pattern over every language, and the
offline policy and the judge read too. The first three only widen what asks; the last two
take back only what words asked, so they grow only with a test that says why:

- ``flow``: the page is about ending the subscription;
- ``consequence``: the page states what the final step will do;
- ``final``: a control that confirms or completes the end;
- ``away``: going back or away, declining an offer, keeping the membership;
- ``cookie``: a cookie-consent banner.

A language whose pages the gate does not read (not in ``safety.vocabulary.HELD``) declares
its gate categories empty, or holds only its confirming verbs (``final``), which ask wherever
they are seen.
"""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True)
class Words:
    """Patterns by what they say; the judge's apply to ``read_form`` text, the gate's to
    ``normalize``d text (``safety.text.words`` folds them)."""

    confirmed: tuple[str, ...]
    period_end: tuple[str, ...]
    state: tuple[str, ...]
    negated: tuple[str, ...]
    negated_after: tuple[str, ...]
    conditional: tuple[str, ...]
    pending: tuple[str, ...]
    flow: tuple[str, ...]
    consequence: tuple[str, ...]
    final: tuple[str, ...]
    away: tuple[str, ...]
    cookie: tuple[str, ...]

    def __add__(self, other: Words) -> Words:
        """Both languages' words: one code written in two scripts (Serbian)."""
        return Words(
            **{f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self)}
        )


CATEGORIES = tuple(f.name for f in fields(Words))
GATE_CATEGORIES = ("flow", "consequence", "final", "away", "cookie")
