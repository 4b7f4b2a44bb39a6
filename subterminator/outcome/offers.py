"""Does the page still offer to go on, in controls no word of ours can name? By structure.

A page stating when the membership ends is how a cancelled account reads, and also how the
confirm step before the commit reads ("your subscription ends on March 3: cancel now?"). In a
language whose control words the gate holds (``safety.vocabulary``), the judge tells them apart
by the controls' names: a cancel or final step still offered (``FLOW``, ``FINAL``). In any other
language no name can be read, so structure decides: a control that acts (a button, a menu
item: a form's submit, a single primary action, one disabled until a reason is chosen) beside
the date makes it the confirm step, and the date is no evidence. Links are not counted (every
page has them). A switch is not either: it shows its own state, and one turned off (auto-renew)
is the commit done.
"""

from __future__ import annotations

from collections.abc import Iterable

from subterminator.models.snapshot import Snapshot
from subterminator.safety.vocabulary import HELD as CONTROL_LANGUAGES
from subterminator.safety.vocabulary import primary

# what acts where it is (submits, posts), as opposed to going somewhere
ACTING_ROLES = frozenset({"button", "menuitem"})


def names_unread(lang: str, read_in: Iterable[str]) -> bool:
    """Whether the page's control names are in a language the gate's words do not hold: its
    declared one, else every language its period-end sentence was read in."""
    declared = primary(lang)
    if declared:
        return declared not in CONTROL_LANGUAGES
    return not any(primary(code) in CONTROL_LANGUAGES for code in read_in)


def goes_on(snapshot: Snapshot) -> str | None:
    """The first control on the page that would act, disabled ones too; None if there is none."""
    for element in snapshot.elements:
        if element.role in ACTING_ROLES and "hidden" not in element.state:
            return element.name or element.role
    return None
