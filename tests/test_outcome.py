"""The outcome judge on pages: evidence of a cancelled membership, not a word on the page.

The spec's indicators (01 1.7.2, 03 2.6.2) are cases here; so are the look-alikes that fooled
the old substring check, and confirmations worded and marked up in other ways.
"""

from __future__ import annotations

import pytest

from subterminator.models.snapshot import (
    BoundingBox,
    Element,
    PageInfo,
    Snapshot,
    ViewportInfo,
)
from subterminator.outcome import judge_outcome
from subterminator.services import NETFLIX


def page(
    text: str = "",
    *,
    title: str = "Netflix",
    url: str = "https://www.netflix.com/account",
    headings: tuple[str, ...] = (),
    controls: tuple[str, ...] = (),
    disabled: tuple[str, ...] = (),
) -> Snapshot:
    elements = [(h, "heading") for h in headings] + [(c, "button") for c in controls]
    elements += [(d, "button") for d in disabled]
    return Snapshot(
        snapshot_id="s",
        timestamp="t",
        elements=[
            Element(
                ref=f"@e{i}",
                role=role,
                name=name,
                state=["visible", "disabled" if name in disabled else "enabled"],
                bbox=BoundingBox(x=0, y=10 * i, width=10, height=10),
            )
            for i, (name, role) in enumerate(elements)
        ],
        focused=None,
        page=PageInfo(url=url, title=title, text=text),
        screenshot="",
        viewport=ViewportInfo(width=800, height=600, scroll_x=0, scroll_y=0),
    )


CANCELLED = {
    # the spec's indicators, as pages
    "spec: title": page(title="Membership Cancelled - Netflix"),
    "spec: heading": page(headings=("Your membership has been cancelled",)),
    "spec: membership ends": page("Membership ends March 3, 2027.", controls=("Done",)),
    "spec: cancellation confirmed": page("Cancellation confirmed. We're sorry to see you go."),
    "spec: /cancelsuccess": page(url="https://www.netflix.com/cancelsuccess", controls=("Done",)),
    # prose, other wordings
    "prose period end": page(
        "We're sorry to see you go\nYour membership will end on March 3, 2027.",
        controls=("Done",),
    ),
    "cancellation complete": page("Your cancellation is complete."),
    "you've cancelled": page("You’ve cancelled your plan. A confirmation e-mail is on its way."),
    "already canceled": page(
        "Your membership has already been canceled. You can watch until March 3, 2027.",
        controls=("Restart Membership",),
    ),
    "restart only": page(
        "Ready to watch? Restart your membership any time.", controls=("Restart",)
    ),
    "survey after": page(
        "Your membership has been cancelled\nWhy did you cancel?\nOther",
        controls=("Submit", "Skip"),
    ),
    "de": page("Ihre Mitgliedschaft wurde gekündigt. Sie endet am 3. März 2027."),
    "fr": page("Votre abonnement a bien été résilié. Il prendra fin le 3 mars 2027."),
    "es": page("Tu membresía ha sido cancelada. Podrás ver hasta el 3 de marzo de 2027."),
    "ja": page("メンバーシップの解約が完了しました。2027年3月3日まで視聴できます。"),
    "zh": page("您的会员资格已取消。"),
    "ko": page("멤버십 해지가 완료되었습니다."),
    "ru": page("Ваша подписка отменена."),
    "pl": page("Twoje członkostwo zostało anulowane. Możesz oglądać do 3 marca 2027."),
    "sv": page("Ditt medlemskap har avslutats. Det upphör den 3 mars 2027."),
    "da": page("Dit medlemskab er opsagt og slutter den 3. marts 2027."),
    "tr": page("Üyeliğiniz iptal edildi."),
    "cs": page("Vaše členství bylo zrušeno."),
    "id": page("Langganan Anda telah dibatalkan."),
    "he": page("המנוי שלך בוטל."),
    "vi": page("Gói thành viên của bạn đã bị hủy."),
}

NOT_CANCELLED = {
    "NOT cancelled": page("Your membership is NOT cancelled. Please try again."),
    "hasn't been": page("Your membership hasn't been cancelled yet."),
    "could not": page("We could not cancel your membership right now."),
    "active with restart promo": page(
        "Your next billing date is March 3, 2027.",
        controls=("Cancel membership", "Restart Membership"),
    ),
    "active with promo, cancel offscreen": page(
        "Next payment: March 3, 2027. Ready to watch? Restart your membership any time.",
        controls=("Restart Membership",),
    ),
    "help page": page(
        "How do I cancel? If you cancel, your membership will end on your billing date.",
        title="Order canceled? Help",
        url="https://help.netflix.com/en/node/407",
    ),
    "cancel anytime": page("Cancel anytime. No commitments.", controls=("Join now",)),
    "final page": page(
        "Cancellation will be effective at the end of your current billing period on March 3, "
        "2027.",
        headings=("Cancel Your Membership?",),
        controls=("Finish Cancellation", "Go Back"),
    ),
    "conditional": page("If your membership is cancelled, you can watch until March 3."),
    "question": page(headings=("Membership cancelled?",)),
    "pending": page("Your cancellation is pending review."),
    "de not": page("Ihre Mitgliedschaft wurde nicht gekündigt."),
    "fr not": page("Votre abonnement n'a pas été résilié."),
    "zh not": page("您的会员资格未取消。"),
    "ko not": page("멤버십이 해지되지 않았습니다."),
    "mentions only": page("Cancel your membership", controls=("Cancel membership",)),
    "ko: the last step's label quoted, the step still offered": page(
        "아래 '해지 완료'를 누르시면 멤버십이 해지됩니다.", controls=("해지 완료",)
    ),
    "a confirmation sentence beside an enabled final step": page(
        "Your membership has been cancelled.", controls=("Confirm cancellation",)
    ),
    "pl not": page("Członkostwo nie zostało anulowane."),
    "sv conditional": page("Om du avslutar upphör ditt medlemskap den 3 mars 2027."),
    "tr conditional": page("İptal ederseniz üyeliğiniz 3 Mart 2027 tarihinde sona erecek."),
    "he not": page("המנוי לא בוטל."),
    "date on the page before the last step": page(
        "Before you go\nYour membership will end on March 3, 2027.\nTell us why you are leaving",
        controls=("Back",),
        disabled=("Confirm cancellation",),  # waits for a reason: still the flow
    ),
}


@pytest.mark.parametrize("name", CANCELLED)
def test_evidence_of_a_cancelled_membership_is_recognised(name: str) -> None:
    outcome = judge_outcome(CANCELLED[name], ("/cancelsuccess",))
    assert outcome.state == "cancelled", outcome
    assert outcome.evidence
    assert NETFLIX.verify_success(CANCELLED[name])


@pytest.mark.parametrize("name", NOT_CANCELLED)
def test_pages_that_only_look_cancelled_are_not(name: str) -> None:
    outcome = judge_outcome(NOT_CANCELLED[name], ("/cancelsuccess",))
    assert outcome.state != "cancelled", outcome
    assert not NETFLIX.verify_success(NOT_CANCELLED[name])


def test_a_denial_is_read_as_one() -> None:
    outcome = judge_outcome(NOT_CANCELLED["NOT cancelled"])
    assert outcome.state == "not_cancelled"
    assert "NOT cancelled" in outcome.why()


def test_the_period_end_is_quoted() -> None:
    assert judge_outcome(CANCELLED["already canceled"]).ends_on == "March 3, 2027"
    assert judge_outcome(CANCELLED["prose period end"]).ends_on == "March 3, 2027"
    assert judge_outcome(CANCELLED["ja"]).ends_on == "2027年3月3日"


def test_a_charge_after_the_confirmation_sentence_does_not_deny_it() -> None:
    snap = page("Your membership has been cancelled and you will not be charged again.")
    assert judge_outcome(snap).cancelled


def test_a_date_alone_is_evidence_but_not_a_statement() -> None:
    dated = judge_outcome(CANCELLED["spec: membership ends"])
    assert dated.cancelled
    assert not dated.stated  # not enough to call an untouched account "already cancelled"
    assert judge_outcome(CANCELLED["already canceled"]).stated
