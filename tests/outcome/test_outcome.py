"""The outcome judge on pages: evidence of a cancelled membership, not a word on the page.

The first indicators of a cancellation (the title, a heading, "membership ends", "cancellation
confirmed", the /cancelsuccess address) are cases here; so are the look-alikes that fooled
the old substring check, and confirmations worded and marked up in other ways.
"""

from __future__ import annotations

from typing import Any

import pytest

from subterminator.models.snapshot import (
    BoundingBox,
    Element,
    PageInfo,
    Snapshot,
    ViewportInfo,
)
from subterminator.outcome import judge_outcome
from subterminator.outcome.dates import find_date
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
    # the first indicators of a cancelled membership, as pages
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


def in_language(text: str, lang: str, **kwargs: Any) -> Snapshot:
    snap = page(text, **kwargs)
    return snap.model_copy(update={"page": snap.page.model_copy(update={"lang": lang})})


# Confirmations another language's small word must not discard, in languages added
CONFIRMED_BY_LANGUAGE = {
    "es, with 'ha' (Hungarian 'if')": ("Tu membresía ha sido cancelada.", "es"),
    "es, no lang attribute": ("Tu membresía ha sido cancelada.", ""),
    "es, reflexive 'se' (Portuguese 'if')": ("Se ha cancelado tu membresía.", "es"),
    "pt, reflexive 'se'": ("A sua assinatura se encerra em 3 de março de 2027.", "pt"),
    "it, 'si' is not 'if' in Italian": ("Il tuo abbonamento è stato annullato.", "it"),
    "ro": ("Abonamentul tău a fost anulat. Poți viziona până la 3 martie 2027.", "ro"),
    "uk": ("Вашу підписку скасовано.", "uk"),
    "ca": ("La teva subscripció s'ha cancel·lada.", "ca"),
    "sk": ("Vaše členstvo bolo zrušené.", "sk"),
    "hr": ("Vaše članstvo je otkazano.", "hr"),
}
# Conditions, pending requests and e-mail confirmations are never success, in any language
NEVER_SUCCESS = {
    "en review": "Your request is scheduled for review. Your membership will end on March 3, "
    "2027 if your request is approved.",
    "en if mid-sentence": "Your membership will end on March 3, 2027 if your request is approved.",
    "en e-mail link": "Your membership has been cancelled. To complete your cancellation, click "
    "the link we sent to your e-mail.",
    "en pending": "Your cancellation is pending. Your membership ends on March 3, 2027.",
    "es pendiente": "Tu solicitud está pendiente de revisión. Tu membresía finalizará el 3 de "
    "marzo de 2027 si tu solicitud es aprobada.",
    "de Prüfung": "Ihre Kündigung wird geprüft. Ihre Mitgliedschaft endet am 3. März 2027.",
    "fr attente": "Votre demande est en attente. Votre abonnement prendra fin le 3 mars 2027.",
    "ro verificare": "Cererea ta este în curs de verificare. Abonamentul tău se va încheia pe "
    "3 martie 2027 dacă cererea este aprobată.",
}


@pytest.mark.parametrize("name", CONFIRMED_BY_LANGUAGE)
def test_a_sentence_is_read_by_its_own_language(name: str) -> None:
    text, lang = CONFIRMED_BY_LANGUAGE[name]
    outcome = judge_outcome(in_language(text, lang, controls=("Done",)))
    assert outcome.state == "cancelled", outcome


@pytest.mark.parametrize("name", NEVER_SUCCESS)
def test_a_condition_or_a_pending_request_is_never_success(name: str) -> None:
    snap = in_language(NEVER_SUCCESS[name], name.split()[0], controls=("Done",))
    outcome = judge_outcome(snap)
    assert outcome.state != "cancelled", outcome
    assert not NETFLIX.verify_success(snap)


def test_a_page_in_a_language_not_held_is_unknown() -> None:
    welsh = "Mae eich aelodaeth wedi'i chanslo. Gallwch wylio tan 3 Mawrth 2027."
    outcome = judge_outcome(in_language(welsh, "cy", controls=("Iawn",)))
    assert outcome.state == "unknown"
    assert "cannot read (Welsh, cy)" in outcome.why()


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("Sie endet am 3. März 2027.", "3. März 2027"),
        ("Podrás ver hasta el 3 de marzo de 2027.", "3 de marzo de 2027"),
        ("Poți viziona până la 3 martie 2027.", "3 martie 2027"),
        ("2027년 3월 3일까지 시청할 수 있습니다.", "2027년 3월 3일"),
        ("Подписка действует до 3 марта 2027 г.", "3 марта 2027 г"),
        ("Tuesday, March 3, 2027", "March 3, 2027"),
        ("Aðild þín lýkur 3. mars 2027.", "3. mars 2027"),
    ],
)
def test_dates_are_read_from_cldr_in_any_locale(text: str, date: str) -> None:
    assert find_date(text) == date


def test_a_number_is_not_a_date() -> None:
    assert find_date("version 20273, 12 items, 2027") is None
