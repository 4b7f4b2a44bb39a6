"""Is the membership cancelled? Evidence from the page, read sentence by sentence.

A page that merely mentions cancelling is not evidence: the judge wants a statement that it
happened ("Your membership has been cancelled"), the period-end wording of a cancelled account
("Your membership ends on March 3") where no cancel step is offered (and, where no word of ours
can name the page's controls, no button at all: ``offers``, for the confirm step before the
commit states the date too), a restart control where no cancel control is, or the service's
success address; each checked for negation ("is NOT cancelled"), for conditions and generalities
("if you cancel", "cancel anytime"), for questions ("Order canceled?") and for help pages.
Telling a person that nothing happened when it did, or the reverse, is the worst failure this
tool can have, so anything else is ``unknown``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Literal
from urllib.parse import urlsplit

from subterminator.models.snapshot import Snapshot
from subterminator.outcome.dates import find_date, read_date
from subterminator.outcome.offers import goes_on, names_unread
from subterminator.outcome.subscriptions import narrowed, pick, subscriptions
from subterminator.outcome.text import language_name, read_form
from subterminator.outcome.vocabulary import (
    ACTIVE,
    FAILURE,
    HELP,
    HELP_PATH,
    RESTART,
    Rules,
    languages_of,
)
from subterminator.outcome.vocabulary import (
    HELD as HELD_LANGUAGES,
)
from subterminator.safety.text import normalize
from subterminator.safety.vocabulary import FINAL, FLOW, primary

State = Literal["cancelled", "not_cancelled", "unknown"]
CONTROL_ROLES = frozenset({"button", "link", "menuitem", "tab", "switch"})
TEXT_ROLES = frozenset({"heading", "alert", "alertdialog", "dialog", "status", "region"})
# a sentence ends at . ! ? (not after a day's number, "3. März", or a one-letter abbreviation,
# "2027 m. kovo"), a spaced dash or bar, a line,
# or the full stop of Devanagari and Bengali, Burmese, Khmer, Ethiopic, Urdu, Armenian
_SENTENCE_END = re.compile(
    r"(?<=[.!?。！？])(?<!\d\.)(?<!\s\w\.)\s+|\s+[-|–—·]\s+|\n|(?<=[।॥။។።፧۔։])\s*"
)
# Thai, Lao, Khmer and Burmese leave no space between words: a space between two of their
# letters ends a phrase, and a condition ("if you cancel") governs the phrases after it.
_UNSPACED = "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff"
_PHRASE_END = re.compile(rf"(?<=[{_UNSPACED}])\s+(?=[{_UNSPACED}])")
_QUESTION = ("?", "？", "؟", "፧")
_GREEK = re.compile(r"[\u0370-\u03ff]")  # whose question mark NFKC makes a ";"
_NEGATION_REACH = 40  # characters before a state word that a "not" governs


@dataclass(frozen=True)
class Outcome:
    """The judgment, with the quotes it rests on (for messages and logs)."""

    state: State
    evidence: tuple[str, ...] = ()
    against: tuple[str, ...] = ()
    ends_on: str | None = None
    ends_date: date | None = None  # ends_on read in its calendar (2570 BE is 2027)
    help_page: bool = False
    kinds: frozenset[str] = frozenset()  # confirmation, period_end, restart, address
    subscription: str = ""  # of several on the page, the one judged (its name as printed)
    others_cancelled: tuple[str, ...] = ()  # the others whose own section reads cancelled

    @property
    def cancelled(self) -> bool:
        return self.state == "cancelled"

    @property
    def stated(self) -> bool:
        """Cancelled on the page's own statement or its restart control, not a date alone."""
        return self.cancelled and bool(self.kinds & {"confirmation", "restart"})

    def why(self) -> str:
        """One line for a person: what was seen."""
        if self.state == "cancelled":
            return "; ".join(self.evidence[:2])
        if self.against:
            return "; ".join(self.against[:2])
        if self.help_page:
            return "this is a help page, not the account"
        return "no statement that the membership is cancelled"


@dataclass
class _Sentence:
    text: str  # as printed
    norm: str  # read_form
    source: str  # title, heading, text, ...
    lead: str = ""  # the phrases before it in an unspaced script's sentence (read_form)
    whole: str = ""  # that whole sentence, as printed (its date may sit in another phrase)


@dataclass
class _Reading:
    evidence: list[str] = field(default_factory=list)
    against: list[str] = field(default_factory=list)
    ends_on: str | None = None
    ends_date: date | None = None


def sentences(snapshot: Snapshot) -> list[_Sentence]:
    """The title, the names of headings and live regions, and the page text, as sentences."""
    found: list[_Sentence] = []
    seen: set[str] = set()
    sources = [("title", snapshot.page.title)]
    sources += [(e.role, e.name) for e in snapshot.elements if e.role in TEXT_ROLES]
    sources += [("text", snapshot.page.text)]
    for source, text in sources:
        for whole in _SENTENCE_END.split(text):
            lead = ""
            for piece in _PHRASE_END.split(whole):
                piece = piece.strip()
                norm = read_form(piece)
                if norm and norm not in seen:
                    seen.add(norm)
                    found.append(_Sentence(piece, norm, source, lead, whole.strip()))
                lead = f"{lead} {norm}".strip()
    return found


def _denied(sentence: str, rules: list[Rules]) -> bool:
    """A negation, in the sentence's own languages, governs a state word of theirs."""
    for lang in rules:
        for state in lang.state.finditer(sentence):
            before = sentence[max(0, state.start() - _NEGATION_REACH) : state.end()]
            if lang.negated.search(before) or lang.negated_after.search(sentence[state.end() :]):
                return True
    return False


def _stated(sentence: str, rules: list[Rules]) -> bool:
    return any(lang.state.search(sentence) for lang in rules)


def _quote(sentence: _Sentence) -> str:
    text = sentence.text if len(sentence.text) <= 120 else sentence.text[:117] + "..."
    return f'"{text}"'


def judge_outcome(
    snapshot: Snapshot,
    success_urls: tuple[str, ...] = (),
    target: str = "",
    service: str = "",
    known: tuple[str, ...] = (),
) -> Outcome:
    """Whether ``snapshot`` shows the target cancelled, and on what evidence.

    A page listing several subscriptions (``outcome.subscriptions``) is judged on the target's
    own section (``target``, else the membership), and says which others read cancelled; when
    the target cannot be told, nothing on it is evidence. ``known``: the names a list of them
    had earlier in the run (``subscriptions``).

    Each sentence is read with the rules of its own languages (``languages_of``). A sentence
    that is pending, scheduled, under review or waiting for an e-mail confirmation makes the
    whole page ``unknown``: a request is not a cancellation.
    """
    found = subscriptions(snapshot, known)
    if len(found) >= 2:
        chosen = pick(found, target, service)
        if chosen is None:
            names = ", ".join(f'"{s.name}"' for s in found[:4])
            why = (
                f"the page lists several subscriptions ({names}), and which is the target "
                "is unclear"
            )
            return Outcome("unknown", against=(why,))
        others = tuple(
            s.name
            for s in found
            if s is not chosen and _page_outcome(narrowed(snapshot, s), success_urls).cancelled
        )
        outcome = _page_outcome(narrowed(snapshot, chosen), success_urls)
        return replace(outcome, subscription=chosen.name, others_cancelled=others)
    return _page_outcome(snapshot, success_urls)


def _page_outcome(snapshot: Snapshot, success_urls: tuple[str, ...]) -> Outcome:
    url = urlsplit(snapshot.page.url)
    title = normalize(snapshot.page.title)
    lang = snapshot.page.lang
    help_page = bool(HELP_PATH.search(url.path.lower()) or HELP.search(title))
    # disabled ones too: a final step waiting for a reason is still the flow, not its end
    controls = [normalize(e.name) for e in snapshot.elements if e.role in CONTROL_ROLES]
    reading = _Reading()
    period_end: list[str] = []
    period_langs: set[str] = set()  # the languages the period-end sentences were read in
    pending: list[str] = []
    read_any = False  # a sentence in a language we hold said something about the membership
    read = sentences(snapshot)
    # each sentence's languages, once; a pending phrase is read in any the page speaks
    own = [languages_of(s.norm, lang) for s in read]
    spoken_here = {r.code: r for rules in own for r in rules}
    for sentence, rules in zip(read, own, strict=True):
        norm = sentence.norm
        here = list(spoken_here.values())
        spoken = [r for r in rules if r.speaks(norm)]
        read_any = read_any or any(r.speaks(norm) or r.state.search(norm) for r in rules)
        question = (
            norm.endswith(_QUESTION)
            or "՞" in norm
            or (norm.endswith(";") and bool(_GREEK.search(norm)))
        )
        lead = sentence.lead
        general = any(
            r.conditional.search(norm) or (lead and r.conditional.search(lead)) for r in rules
        )
        if any(r.pending.search(norm) for r in here) and not question:
            pending.append(f"the page says {_quote(sentence)}")
            continue
        if FAILURE.search(norm) and not general:
            reading.against.append(f"the page says {_quote(sentence)}")
            continue
        denied = _denied(norm, rules)
        if _stated(norm, rules) and denied and not general and not question:
            reading.against.append(f"the page says {_quote(sentence)}")
            continue
        if question or general or denied:
            continue
        if any(r.confirmed.search(norm) for r in spoken):
            reading.evidence.append(f"the page says {_quote(sentence)}")
        elif any(r.period_end.search(norm) for r in spoken):
            period_end.append(f"the page says {_quote(sentence)}")
            period_langs.update(r.code for r in spoken if r.period_end.search(norm))
        else:
            continue
        printed = find_date(sentence.text) or find_date(sentence.whole)
        if printed and reading.ends_on is None:
            reading.ends_on = printed
            reading.ends_date = read_date(printed, lang)
    if help_page:
        return Outcome("unknown", help_page=True, against=tuple(reading.against))
    if reading.against:
        return Outcome("not_cancelled", against=tuple(reading.against))
    if pending:
        return Outcome("unknown", against=(f"the request is not final: {pending[0]}",))
    if not read_any and primary(lang) and primary(lang) not in HELD_LANGUAGES:
        return Outcome(
            "unknown",
            against=(
                f"the page is in a language SubTerminator cannot read ({language_name(lang)})",
            ),
        )
    final = [n for n in controls if FINAL.search(n)]
    cancel = [n for n in controls if FLOW.search(n) and not RESTART.search(n)]
    active = any(ACTIVE.search(s.norm) for s in sentences(snapshot))
    if not reading.evidence and final:
        return Outcome("not_cancelled", against=(f'the final step "{final[0]}" is still offered',))
    offered = [
        normalize(e.name)
        for e in snapshot.elements
        if e.role in CONTROL_ROLES and "disabled" not in e.state and FINAL.search(normalize(e.name))
    ]
    if offered:  # "press 'Complete cancellation' and it is cancelled" quotes the step, not its end
        return Outcome("unknown", against=(f'the final step "{offered[0]}" is still offered',))
    evidence = list(reading.evidence)
    kinds = {"confirmation"} if evidence else set()
    acting = goes_on(snapshot) if period_end and names_unread(lang, period_langs) else None
    if not cancel and not active and not final:
        if not acting:  # an end date beside a control none can read: the confirm step
            evidence += period_end
            kinds |= {"period_end"} if period_end else set()
        restart = next((n for n in controls if RESTART.search(n)), None)
        if restart:
            evidence.append(f'a "{restart}" control, and no cancel control')
            kinds.add("restart")
        if any(p in url.path for p in success_urls):
            evidence.append(f"the address is the service's confirmation page ({url.path})")
            kinds.add("address")
    if evidence:
        return Outcome(
            "cancelled",
            evidence=tuple(evidence),
            ends_on=reading.ends_on,
            ends_date=reading.ends_date,
            kinds=frozenset(kinds),
        )
    against = []
    if cancel:
        against.append(f'the page still offers "{cancel[0]}"')
    if active:
        against.append("the page shows a next payment")
    if period_end and acting and not against:
        against.append(f'the page states an end date and still offers "{acting}"')
    return Outcome("unknown", against=tuple(against))
