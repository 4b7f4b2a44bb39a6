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

What the judge reads of a whole page, as one pattern over every language
(``outcome.vocabulary``; the offline policy reads ``restart`` and ``failure`` too):

- ``help_page``: a help centre, FAQ or article that talks about cancelling;
- ``restart``: a control that brings a cancelled membership back;
- ``active``: the account bills again (a next payment, a renewal date);
- ``failure``: something went wrong.

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

What the offline policy reads (``offline.words``), as one pattern per category over every
language: which control to try, never whether a step needs a person's yes (the gate judges
that on its own). They are named ``offline_*`` because two of them share a name, not a
meaning, with the gate's: the policy's ``offline_final`` (the last step it presses) and
``offline_cookie`` (a banner it may close) are kept apart from the gate's ``final`` and
``cookie``, so that a word added for the policy never makes the gate ask less:

- ``offline_start``: starts (or continues) the cancellation;
- ``offline_final``: takes the last step (finish, confirm, "yes, cancel");
- ``offline_yes``: a bare yes, the last step only inside a dialog about cancelling;
- ``offline_never``: never pressed (delete, sign out);
- ``offline_decline``: declines a retention offer and goes on cancelling;
- ``offline_keep``: takes the offer or keeps the membership;
- ``offline_toward``: leads toward managing the membership;
- ``offline_after``: moves past a survey or a thank-you page after the last step;
- ``offline_cookie``, ``offline_cookie_ok``: a consent banner, and the buttons that close it;
- ``offline_dismiss``: a way out of a dialog that is not about cancelling;
- ``offline_other``: the least personal reason a survey offers;
- ``offline_partner``: the membership is billed by a partner (an app store, a carrier);
- ``offline_forward``: moves a multi-page flow on, with nothing better on the page;
- ``offline_newsletter``: a sign-up a required-box rule never ticks;
- ``offline_offer``: an offer dressed as a way forward;
- ``offline_profiles``, ``offline_profile_admin``: a profile picker, and its controls that
  manage profiles rather than pick one;
- ``offline_reason``: a question before going on ("Why are you leaving?").

Symbols and plan names that no one language owns (``%``, "Premium") are in
``languages.NEUTRAL``, which only the offline policy's categories read.
"""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True)
class Words:
    """Patterns by what they say; the judge's apply to ``read_form`` text, the gate's and the
    offline policy's to ``normalize``d text (``safety.text.words`` folds them)."""

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
    help_page: tuple[str, ...]
    restart: tuple[str, ...]
    active: tuple[str, ...]
    failure: tuple[str, ...]
    offline_start: tuple[str, ...]
    offline_final: tuple[str, ...]
    offline_yes: tuple[str, ...]
    offline_never: tuple[str, ...]
    offline_decline: tuple[str, ...]
    offline_keep: tuple[str, ...]
    offline_toward: tuple[str, ...]
    offline_after: tuple[str, ...]
    offline_cookie: tuple[str, ...]
    offline_cookie_ok: tuple[str, ...]
    offline_dismiss: tuple[str, ...]
    offline_other: tuple[str, ...]
    offline_partner: tuple[str, ...]
    offline_forward: tuple[str, ...]
    offline_newsletter: tuple[str, ...]
    offline_offer: tuple[str, ...]
    offline_profiles: tuple[str, ...]
    offline_profile_admin: tuple[str, ...]
    offline_reason: tuple[str, ...]

    def __add__(self, other: Words) -> Words:
        """Both languages' words: one code written in two scripts (Serbian)."""
        return Words(
            **{f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self)}
        )


CATEGORIES = tuple(f.name for f in fields(Words))
JUDGE_CATEGORIES = (
    "confirmed", "period_end", "state", "negated", "negated_after", "conditional", "pending",
    "help_page", "restart", "active", "failure",
)  # fmt: skip
GATE_CATEGORIES = ("flow", "consequence", "final", "away", "cookie")
OFFLINE_CATEGORIES = tuple(c for c in CATEGORIES if c.startswith("offline_"))
