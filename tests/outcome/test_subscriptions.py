"""Several subscriptions on one page (``outcome.subscriptions``), read from plain snapshots.

The list is structure: sibling headings, each section with the same control and a price or a
date of its own. A page of options behind expanders, or sections with different controls, is
not one. The target is the one named, else the membership; otherwise nobody can tell.
"""

from __future__ import annotations

from subterminator.models.snapshot import BoundingBox, Element, PageInfo, Snapshot, ViewportInfo
from subterminator.outcome import judge_outcome
from subterminator.outcome.subscriptions import pick, subscriptions

Row = tuple[str, str, int | None, tuple[str, ...]]  # role, name, heading level, state


def snapshot(rows: list[Row], text: str, lang: str = "en") -> Snapshot:
    return Snapshot(
        snapshot_id="s",
        timestamp="t",
        elements=[
            Element(
                ref=f"@e{i}",
                role=role,
                name=name,
                level=level,
                state=["visible", *state] if role == "heading" else ["visible", "enabled", *state],
                bbox=BoundingBox(x=0, y=10 * i, width=10, height=10),
            )
            for i, (role, name, level, state) in enumerate(rows)
        ],
        focused=None,
        page=PageInfo(url="https://example.com/account", title="Account", text=text, lang=lang),
        screenshot="",
        viewport=ViewportInfo(width=800, height=600, scroll_x=0, scroll_y=0),
    )


def cards(first: tuple[str, str, str], second: tuple[str, str, str], lang: str = "en") -> Snapshot:
    """Two cards: (heading, what it states, its control)."""
    rows: list[Row] = [("heading", "Account", 1, ())]
    lines = ["Account"]
    for head, said, control in (first, second):
        rows += [("heading", head, 3, ()), ("button", control, None, ())]
        lines += [head, said, control]
    return snapshot(rows, "\n".join(lines), lang)


def test_two_cards_with_the_same_control_are_a_list_in_any_language() -> None:
    page = cards(
        ("Mwanachama wa ziada", "Malipo: $2.99", "Ghairi"),
        ("Netflix Premium", "Malipo: $9.99", "Ghairi"),
        lang="sw",
    )
    found = subscriptions(page)
    assert [s.name for s in found] == ["Mwanachama wa ziada", "Netflix Premium"]
    assert pick(found, service="Netflix") is found[1]  # the one naming the service
    assert pick(found, target="ziada") is found[0]  # the one the service file names


def test_the_membership_is_the_default_and_an_unclear_target_is_none() -> None:
    english = cards(
        ("Sports pack add-on", "$7.99 a month", "Cancel"),
        ("Premium", "$22.99 a month", "Cancel"),
    )
    assert pick(subscriptions(english)).name == "Premium"
    plain = cards(
        ("Premium planas", "12,99 €", "Atšaukti"), ("Papildomas narys", "4,99 €", "Atšaukti")
    )
    found = subscriptions(plain)
    assert len(found) == 2
    assert pick(found) is None  # nothing tells: the caller asks the person
    assert pick(found, target="narys") is found[1]


def test_options_behind_expanders_or_without_a_price_are_not_a_list() -> None:
    rows: list[Row] = [("heading", "Choose", 1, ())]
    for head in ("Switch plans", "Pause", "Cancel"):
        rows += [("heading", head, 3, ()), ("button", "Show more", None, ("collapsed",))]
    assert subscriptions(snapshot(rows, "Choose\nSwitch plans\nPause\nCancel")) == []
    unbilled = cards(("Email", "you@example.com", "Edit"), ("Phone", "not set", "Edit"))
    assert subscriptions(unbilled) == []


def test_the_judge_reads_the_target_section_only() -> None:
    page = cards(
        ("Extra member add-on", "Cancelled. It ends on March 3, 2027.", "Details"),
        ("Premium membership", "Next payment on March 3, 2027: $22.99", "Details"),
    )
    outcome = judge_outcome(page)
    assert not outcome.cancelled
    assert outcome.subscription == "Premium membership"
    assert outcome.others_cancelled == ("Extra member add-on",)
    unclear = cards(
        ("Premium planas", "12,99 €", "Atšaukti"), ("Papildomas narys", "4,99 €", "Atšaukti")
    )
    assert judge_outcome(unclear).state == "unknown"


def test_a_list_is_remembered_by_its_names_when_a_card_lost_its_control() -> None:
    rows: list[Row] = [
        ("heading", "Account", 1, ()),
        ("heading", "Acme Premium", 3, ()),
        ("button", "Cancel", None, ()),
        ("heading", "Sports pack", 3, ()),
        ("button", "Restart", None, ()),
    ]
    lines = ("Account", "Acme Premium", "$22.99 a month", "Cancel", "Sports pack")
    text = "\n".join([*lines, "Your Sports pack has been cancelled.", "Restart"])
    page = snapshot(rows, text)
    assert subscriptions(page) == []
    found = subscriptions(page, known=("acme premium", "sports pack"))
    assert [s.name for s in found] == ["Acme Premium", "Sports pack"]
    assert judge_outcome(
        page, target="Sports pack", known=("acme premium", "sports pack")
    ).cancelled
    assert not judge_outcome(
        page, target="Acme Premium", known=("acme premium", "sports pack")
    ).cancelled
