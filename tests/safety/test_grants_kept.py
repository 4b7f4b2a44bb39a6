"""A grant is carried to the next snapshot only for its very element on its very page.

Pure: the ledger, no browser (tests/stack/test_grant_kept.py holds the same on real pages).
A call that did nothing to the page moves a grant to the snapshot it returned when that
snapshot still shows the same node (its handle: a new document or a re-rendered control is a
new one) with the same name on the same address; what the control does is compared again
when the grant is redeemed. A person's no ends every grant.
"""

from __future__ import annotations

from subterminator.browser.effect import ActionEffect, EffectTarget
from subterminator.safety.ledger import ApprovalLedger

PAGE = "http://127.0.0.1/p/last"
NAME = "Confirmer la résiliation"


def effect(name: str = NAME, action: str = "/p/commit") -> ActionEffect:
    target = EffectTarget(tag="button", name=name, submits=True, form_action=action)
    return ActionEffect(action="click", target=target, page_url=PAGE, page_text="")


def granted() -> ApprovalLedger:
    ledger = ApprovalLedger()
    ledger.grant("s1", "j1.7", NAME, effect(), url=PAGE)
    return ledger


def test_a_grant_is_carried_to_the_next_snapshot_of_the_same_element() -> None:
    ledger = granted()
    ledger.carry_grants("s2", PAGE, {"j1.7": NAME, "j1.8": "Autre"})
    assert not ledger.redeem("s1", "j1.7", effect())  # it moved: the older snapshot is gone
    assert ledger.redeem("s2", "j1.7", effect())
    assert not ledger.redeem("s2", "j1.7", effect())  # once


def test_it_is_carried_again_and_again_while_nothing_changes() -> None:
    ledger = granted()
    for n in range(2, 6):
        ledger.carry_grants(f"s{n}", f"{PAGE}#top", {"j1.7": f" {NAME.upper()} "})
    assert ledger.redeem("s5", "j1.7", effect())


def test_a_grant_is_not_carried_across_a_change() -> None:
    changed = {
        "the node is gone (re-rendered, another document)": ("s2", PAGE, {"j2.7": NAME}),
        "the element's name changed": ("s2", PAGE, {"j1.7": "Supprimer le compte"}),
        "another address": ("s2", "http://127.0.0.1/p/other", {"j1.7": NAME}),
    }
    for why, (snapshot_id, url, present) in changed.items():
        ledger = granted()
        ledger.carry_grants(snapshot_id, url, present)
        assert ledger.grants == [], why
        assert not ledger.redeem("s2", "j1.7", effect()), why


def test_a_carried_grant_still_checks_what_the_control_does_now() -> None:
    ledger = granted()
    ledger.carry_grants("s2", PAGE, {"j1.7": NAME})
    assert not ledger.redeem("s2", "j1.7", effect(action="/p/evil"))
    assert ledger.redeem("s2", "j1.7", effect())


def test_a_grant_is_never_carried_to_another_element() -> None:
    ledger = granted()
    ledger.carry_grants("s2", PAGE, {"j1.7": NAME, "j1.9": NAME})
    assert not ledger.redeem("s2", "j1.9", effect())
    assert ledger.redeem("s2", "j1.7", effect())


def test_a_grant_given_without_its_page_is_not_carried() -> None:
    ledger = ApprovalLedger()
    ledger.grant("s1", "j1.7", NAME, effect())
    ledger.carry_grants("s2", PAGE, {"j1.7": NAME})
    assert ledger.grants == []


def test_grants_of_the_snapshot_itself_stay_as_they_are() -> None:
    ledger = granted()
    ledger.carry_grants("s1", "http://127.0.0.1/elsewhere", {})
    assert ledger.redeem("s1", "j1.7", effect())


def test_a_no_ends_every_grant() -> None:
    ledger = granted()
    ledger.declined("You declined the step.")
    assert ledger.grants == []
