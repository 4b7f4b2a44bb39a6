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

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date
from functools import cached_property
from typing import Literal
from urllib.parse import SplitResult, urlsplit

from subterminator.models.snapshot import Snapshot
from subterminator.outcome.offers import goes_on, names_unread
from subterminator.outcome.sentences import Reading, read, sentences
from subterminator.outcome.subscriptions import narrowed, pick, subscriptions
from subterminator.outcome.text import language_name
from subterminator.outcome.vocabulary import ACTIVE, HELP, HELP_PATH, RESTART
from subterminator.outcome.vocabulary import HELD as HELD_LANGUAGES
from subterminator.safety.text import normalize
from subterminator.safety.vocabulary import FINAL, FLOW, primary

__all__ = ["HELD_LANGUAGES", "Outcome", "State", "judge_outcome", "sentences"]

State = Literal["cancelled", "not_cancelled", "unknown"]
CONTROL_ROLES = frozenset({"button", "link", "menuitem", "tab", "switch"})


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


@dataclass
class _Page:
    """What the page-level rules read: the page's address, its controls, its sentences."""

    snapshot: Snapshot
    success_urls: tuple[str, ...]
    reading: Reading

    @property
    def url(self) -> SplitResult:
        return urlsplit(self.snapshot.page.url)

    @property
    def lang(self) -> str:
        return self.snapshot.page.lang

    @cached_property
    def controls(self) -> list[str]:
        # disabled ones too: a final step waiting for a reason is still the flow, not its end
        return [normalize(e.name) for e in self.snapshot.elements if e.role in CONTROL_ROLES]

    @cached_property
    def final(self) -> list[str]:
        return [n for n in self.controls if FINAL.search(n)]

    @cached_property
    def cancel(self) -> list[str]:
        return [n for n in self.controls if FLOW.search(n) and not RESTART.search(n)]

    @cached_property
    def active(self) -> bool:
        return any(ACTIVE.search(s.norm) for s in sentences(self.snapshot))


def _help_page(page: _Page) -> Outcome | None:
    title = normalize(page.snapshot.page.title)
    if HELP_PATH.search(page.url.path.lower()) or HELP.search(title):
        return Outcome("unknown", help_page=True, against=tuple(page.reading.against))
    return None


def _said_not(page: _Page) -> Outcome | None:
    against = page.reading.against
    return Outcome("not_cancelled", against=tuple(against)) if against else None


def _pending(page: _Page) -> Outcome | None:
    pending = page.reading.pending
    if pending:
        return Outcome("unknown", against=(f"the request is not final: {pending[0]}",))
    return None


def _unreadable(page: _Page) -> Outcome | None:
    code = primary(page.lang)
    if page.reading.read_any or not code or code in HELD_LANGUAGES:
        return None
    why = f"the page is in a language SubTerminator cannot read ({language_name(page.lang)})"
    return Outcome("unknown", against=(why,))


def _final_step(page: _Page) -> Outcome | None:
    if not page.reading.evidence and page.final:
        return Outcome(
            "not_cancelled", against=(f'the final step "{page.final[0]}" is still offered',)
        )
    return None


def _enabled_final_step(page: _Page) -> Outcome | None:
    # "press 'Complete cancellation' and it is cancelled" quotes the step, not its end
    offered = [
        normalize(e.name)
        for e in page.snapshot.elements
        if e.role in CONTROL_ROLES and "disabled" not in e.state and FINAL.search(normalize(e.name))
    ]
    if offered:
        return Outcome("unknown", against=(f'the final step "{offered[0]}" is still offered',))
    return None


def _weighed(page: _Page) -> Outcome | None:
    """The page's evidence, with its controls: a restart, the success address, an end date."""
    reading = page.reading
    evidence = list(reading.evidence)
    kinds = {"confirmation"} if evidence else set()
    period_end = reading.period_end
    acting = (
        goes_on(page.snapshot)
        if period_end and names_unread(page.lang, reading.period_langs)
        else None
    )
    if not page.cancel and not page.active and not page.final:
        more, also = _without_cancel(page, bool(acting))
        evidence += more
        kinds |= also
    if evidence:
        return Outcome(
            "cancelled",
            evidence=tuple(evidence),
            ends_on=reading.ends_on,
            ends_date=reading.ends_date,
            kinds=frozenset(kinds),
        )
    against = []
    if page.cancel:
        against.append(f'the page still offers "{page.cancel[0]}"')
    if page.active:
        against.append("the page shows a next payment")
    if period_end and acting and not against:
        against.append(f'the page states an end date and still offers "{acting}"')
    return Outcome("unknown", against=tuple(against))


def _without_cancel(page: _Page, acting: bool) -> tuple[list[str], set[str]]:
    """Evidence a page with no cancel step, no next payment and no final step gives."""
    evidence: list[str] = []
    kinds: set[str] = set()
    period_end = page.reading.period_end
    if not acting:  # an end date beside a control none can read: the confirm step
        evidence += period_end
        kinds |= {"period_end"} if period_end else set()
    restart = next((n for n in page.controls if RESTART.search(n)), None)
    if restart:
        evidence.append(f'a "{restart}" control, and no cancel control')
        kinds.add("restart")
    path = page.url.path
    if any(p in path for p in page.success_urls):
        evidence.append(f"the address is the service's confirmation page ({path})")
        kinds.add("address")
    return evidence, kinds


# The page's verdict: the first rule with an answer gives it (``_weighed`` always answers).
PAGE_RULES: tuple[Callable[[_Page], Outcome | None], ...] = (
    _help_page,
    _said_not,
    _pending,
    _unreadable,
    _final_step,
    _enabled_final_step,
    _weighed,
)


def _page_outcome(snapshot: Snapshot, success_urls: tuple[str, ...]) -> Outcome:
    page = _Page(snapshot, success_urls, read(snapshot))
    for rule in PAGE_RULES:
        outcome = rule(page)
        if outcome is not None:
            return outcome
    raise AssertionError("the last page rule always answers")
