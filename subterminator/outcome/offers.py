"""Does the page still offer to go on? Read from its structure, never its words.

A page stating when the membership ends is how a cancelled account reads, and also how the
confirm step before the commit reads ("your subscription ends on March 3: cancel now?"). Only
structure tells them apart in a language the judge cannot read the buttons of: a confirm page
still offers a control that acts (a button: a form's submit, a single primary action, one
waiting for a reason while disabled), and a date alone is no evidence there. Links are not
counted (every page has them); a link or control named as a step of the flow is read by words
(``safety.vocabulary.FLOW``, ``FINAL``), which may only add to this.
"""

from __future__ import annotations

from subterminator.models.snapshot import Snapshot

# what acts where it is (submits, posts), as opposed to going somewhere. Not a switch: it shows
# its own state, and one turned off (auto-renew) is the commit done, not one still offered.
ACTING_ROLES = frozenset({"button", "menuitem"})


def goes_on(snapshot: Snapshot) -> str | None:
    """The first control on the page that would act, disabled ones too; None if there is none."""
    for element in snapshot.elements:
        if element.role in ACTING_ROLES and "hidden" not in element.state:
            return element.name or element.role
    return None
