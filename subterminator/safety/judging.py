"""The gate's judgment of one action, as ordered rule tables.

``SafetyGate.judge`` gathers what it knows of an action into an ``Action`` and hands it here.
Two tables decide:

- ``WORD_RULES``: each adds a reason to ask, read from words or from what a page of the flow
  (by its words) may do; the floor's reasons (structure) come before them and no word takes
  those back;
- ``KNOWN_SAFE``: on a page whose words make it final, an action with no reason to ask is let
  through only if one of these says it is safe. They are read in order and the first that
  decides (``True`` or ``False``) wins; ``None`` passes to the next.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from subterminator.browser.effect import ActionEffect, EffectTarget
from subterminator.safety.floor import address, changes, quiet_click, short
from subterminator.safety.ledger import place
from subterminator.safety.text import normalize
from subterminator.safety.verdict import SAFE_METHODS, PageClass, Verdict
from subterminator.safety.vocabulary import ACTING_PAIR, ACTING_URL, AWAY, COOKIE, FINAL

ACTIVE_TAGS = frozenset({"a", "button", "input", "select", "textarea", "summary", "label"})
ACTIVE_ROLES = frozenset(
    {"button", "link", "checkbox", "radio", "switch", "menuitem", "option", "tab", "combobox"}
)
CHANGE_EVENTS = frozenset({"change", "input", "submit", "click", "pointerup", "mouseup", "keyup"})
BY_PAGE = (
    "this page offers or states the final cancellation step; only going back, "
    "expanding a section, closing a dialog, declining an offer or dismissing cookies "
    "is known to be safe here"
)


def acts(url: str, irreversible: tuple[str, ...]) -> bool:
    """An address that acts, by its endpoint (the last path segment) and its query: a
    folder on the way there (``/finish-setup/account``) says nothing."""
    if not url:
        return False
    parts = urlsplit(url)
    segments = parts.path.rstrip("/").split("/")
    endpoint = f"{segments[-1]}?{parts.query}"
    last_two = "/".join(segments[-2:])  # "do/cancel", "cancel/now"
    return bool(ACTING_URL.search(endpoint) or ACTING_PAIR.search(last_two)) or any(
        p in url for p in irreversible
    )


def loud(target: EffectTarget) -> set[str]:
    """The control's listeners that may do more than change the page."""
    return set(target.handlers) - set(target.quiet)


def goes_to(target: EffectTarget) -> str:
    """Where the control leads: its form's action if it submits, else its link."""
    return target.form_action if target.submits else target.href


def cookie(effect: ActionEffect, names: tuple[str, ...]) -> bool:
    """A control of a cookie banner, not itself named as a final step."""
    where = normalize(effect.target.container)
    if not (COOKIE.search(where) or any(COOKIE.search(n) for n in names)):
        return False
    return not any(FINAL.search(n) for n in names) and not effect.opaque


@dataclass(frozen=True)
class Action:
    """What every rule reads of one action (names normalised)."""

    call: str
    effect: ActionEffect
    names: tuple[str, ...]
    page: PageClass
    structural: bool  # the page is in the flow by structure
    shown: frozenset[str]  # the addresses this run has shown
    irreversible: tuple[str, ...]

    @property
    def target(self) -> EffectTarget:
        return self.effect.target

    @property
    def cookie(self) -> bool:
        return cookie(self.effect, self.names)

    @property
    def worded(self) -> bool:
        """On a page of the flow by its words only: what such a page may do asks too."""
        return self.page != "outside" and not self.structural

    @property
    def writes(self) -> bool:
        target = self.target
        return (target.submits and target.form_method not in (*SAFE_METHODS, "DIALOG")) or (
            not target.submits and not target.href and bool(loud(target))
        )


WordRule = Callable[[Action], str]


def _named_final(action: Action) -> str:
    return (
        "it is named as a final, irreversible step"
        if any(FINAL.search(n) for n in action.names)
        else ""
    )


def _acting_address(action: Action) -> str:
    to = goes_to(action.target)
    return f"it goes to {short(to)}, an address that acts" if acts(to, action.irreversible) else ""


def _unreadable(action: Action) -> str:
    opaque = action.effect.opaque
    return (
        f"the click lands inside a {opaque}, which cannot be read"
        if action.worded and opaque
        else ""
    )


def _form(action: Action) -> str:
    target = action.target
    if not (action.worded and target.submits and target.form_method not in SAFE_METHODS):
        return ""
    return (
        ""
        if action.cookie
        else f"it submits a form ({target.form_method} {short(goes_to(target))})"
    )


def _acting_change(action: Action) -> str:
    if (
        action.worded
        and changes(action.call, action.effect)
        and CHANGE_EVENTS & loud(action.target)
    ):
        return "the page acts on its change (handlers may submit)"
    return ""


# Reasons to ask beyond the floor's, in the order they are given.
WORD_RULES: tuple[WordRule, ...] = (
    _named_final,
    _acting_address,
    _unreadable,
    _form,
    _acting_change,
)

SafeRule = Callable[[Action], "bool | None"]


def _opaque(action: Action) -> bool | None:
    return False if action.effect.opaque else None


def _cookie(action: Action) -> bool | None:
    return True if action.cookie else None


def _quiet(action: Action) -> bool | None:
    # it can only change the page: a dialog's close, an overlay's dismiss
    return True if quiet_click(action.effect) and action.effect.action == "click" else None


def _quiet_field(action: Action) -> bool | None:
    # a field whose change nothing listens for that could send
    target = action.target
    if action.effect.action in ("fill", "select") and not target.submits:
        return True if not loud(target) & CHANGE_EVENTS else None
    return None


def _dialog_form(action: Action) -> bool | None:
    target = action.target
    return True if target.submits and target.form_method == "DIALOG" else None


def _back(action: Action) -> bool | None:
    # back to a page this run has shown (a link, an empty GET form)
    target = action.target
    plain_get = target.submits and target.form_method == "GET" and not target.form_values
    to = goes_to(target)
    back = bool(to) and (plain_get or not target.submits) and address(to) in action.shown
    return True if back and not loud(target) else None


def _navigates(target: EffectTarget) -> bool:
    return bool(target.href and urlsplit(target.href).path) or target.submits


def _expands(action: Action) -> bool | None:
    target = action.target
    if (target.expanded is not None or target.tag == "summary") and not target.submits:
        navigates = _navigates(target)
        same_page = target.href and not navigates
        return not navigates or bool(same_page) or target.href.endswith("#")
    return None


def _away(action: Action) -> bool | None:
    # it must do what it says: no script of its own that could do something else, and a way
    # back leads back, to a page this run has already shown (found by
    # tests/properties/test_gate_laws.py: a link named "Go back" whose address cancels by a GET
    # went through with every approval refused)
    if not (action.names and all(AWAY.search(n) for n in action.names)):
        return None
    target = action.target
    own = loud(target) - {"change", "input", "submit"}
    honest = not own and (not target.submits or target.form_method in SAFE_METHODS)
    navigates = _navigates(target)
    same_page = target.href and not navigates
    places = {place(u) for u in action.shown}
    return honest and (not navigates or bool(same_page) or place(goes_to(target)) in places)


def _inert(action: Action) -> bool | None:
    target = action.target
    inert = (
        target.tag not in ACTIVE_TAGS
        and target.role not in ACTIVE_ROLES
        and not loud(target)
        and not target.href
    )
    return action.effect.action == "click" and inert


# What is known safe on a final page by its words; the first rule that decides wins.
KNOWN_SAFE: tuple[SafeRule, ...] = (
    _opaque,
    _cookie,
    _quiet,
    _quiet_field,
    _dialog_form,
    _back,
    _expands,
    _away,
    _inert,
)


def known_safe(action: Action) -> bool:
    for rule in KNOWN_SAFE:
        decided = rule(action)
        if decided is not None:
            return decided
    return False


def decide(action: Action, firm: list[str], question: str, commits: bool) -> Verdict:
    """Ask for the floor's reasons and the words', or for a final page's; else let it go."""
    reasons = firm + [reason for rule in WORD_RULES if (reason := rule(action))]
    in_flow, writes, page = action.structural, action.writes, action.page
    if page == "final" and not reasons and not known_safe(action):
        return Verdict(
            True,
            BY_PAGE,
            question,
            page,
            by_page=True,
            in_flow=in_flow,
            commits=commits,
            writes=writes,
        )
    if reasons:
        reason = "; ".join(reasons)
        return Verdict(
            True, reason, question, page, in_flow=in_flow, commits=commits, writes=writes
        )
    allow = action.cookie and not in_flow
    return Verdict(
        False,
        "",
        question,
        page,
        allow_writes=allow,
        in_flow=in_flow,
        commits=commits,
        writes=writes,
    )
