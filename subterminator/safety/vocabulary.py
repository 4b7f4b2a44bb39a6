"""What pages and controls say, in the languages the gate knows, already normalised.

These widen what the gate *asks* about; none of them is needed for it to ask. Inside the
cancellation flow anything not known to be safe asks, whatever it is called.
"""

from __future__ import annotations

import re

from subterminator.safety.text import words

# The page is about ending the subscription (so it belongs to the cancellation flow).
FLOW = words(
    r"cancel", r"unsubscri", r"end (your |my )?(membership|subscription|plan)",
    r"membership (ends|will end|has ended)", r"terminat", r"close (your |my )?account",
    r"kundig", r"abbestell", r"abo beenden", r"mitgliedschaft beenden",
    r"resili", r"annul", r"desabonn", r"desinscri", r"mettre fin",
    r"cancela", r"dar(se)? de baja", r"darse de baja", r"anular",
    r"disdett", r"disdic", r"annulla", r"opzeg", r"beeindig", r"encerrar",
    r"解約", r"退会", r"キャンセル", r"取消", r"退订", r"退訂", r"取り消", r"해지", r"취소",
    r"отмен", r"отказ", r"إلغاء",
    # pl, sv, da/no, fi, tr, cs, hu, el, he, id, vi, th
    r"anulowa", r"anuluj", r"rezygnac", r"avsluta", r"uppsagning", r"sag upp", r"opsig", r"opsag",
    r"avslutt", r"si opp", r"peruuta", r"peruut", r"irtisan", r"iptal", r"sonlandir", r"zrusit",
    r"zruseni", r"ukoncit", r"ukonceni", r"lemond", r"felmond", r"ακυρω", r"διακοπη", r"ביטול",
    r"לבטל", r"batalkan", r"pembatalan", r"berhenti berlangganan", r"\bhuy\b",
    r"ngung (dang|đang) ky",
    r"ยกเลิก",
)  # fmt: skip

# The page states what the final step will do: it is the last page before it.
CONSEQUENCE = words(
    r"will be effective", r"effective (at|on|from|immediately)", r"will (end|stop|expire)",
    r"ends? on", r"will be cancel", r"lose access", r"no longer have access",
    r"(access|watch(ing)?) until", r"end of (your|the) (current )?billing",
    r"won'?t be (charged|billed)", r"no longer be (charged|billed)", r"are you sure",
    r"to (cancel|end) your (membership|subscription)", r"cannot be undone",
    r"wirksam", r"endet am", r"zum ende", r"wird (gekundigt|beendet)", r"sind sie sicher",
    r"prendra fin", r"prend effet", r"sera (resilie|annule)", r"jusqu'?au",
    r"fin de (votre|la) periode", r"etes-vous sur",
    r"se cancelara", r"finalizara", r"sera cancelad", r"hasta el", r"fin del periodo",
    r"estas seguro", r"terminera", r"sara (disdett|annullat)",
    r"解約され", r"終了します", r"本当に", r"将被取消", r"到期", r"确定要", r"確定要",
    r"будет (отменен|прекращен)", r"вы уверены",
    r"zakonczy sie", r"czy na pewno", r"avslutas", r"ar du saker", r"till och med",
    r"ophorer", r"er du sikker", r"avsluttes", r"paattyy", r"oletko varma", r"sona erecek",
    r"tarihine kadar", r"emin misiniz", r"skonci", r"opravdu", r"megszunik", r"biztos",
    r"θα ληξει", r"ειστε σιγουρ", r"יסתיים", r"תסתיים", r"בטוח", r"akan berakhir", r"yakin",
    r"se ket thuc", r"ban co chac", r"สิ้นสุด", r"종료됩니다", r"정말",
    # the period-end sentence ("Cancellation will be effective at the end of your current
    # billing period on ..."), translated: found missing by tests/properties/test_gate_laws.py
    r"sera efectiv", r"surtira efecto", r"al final de (tu|su|el) periodo", r"avra effetto",
    r"alla fine del periodo", r"tera efeito", r"no fim do periodo", r"entrara em vigor",
    r"gaat in (aan|op|per)", r"einde van (je|uw|de) (huidige )?[a-z]*periode",
    r"wejdzie w zycie", r"z koncem (biezacego )?okresu", r"galler fran",
    r"slutet av (din|den) (nuvarande )?[a-z]*period", r"有効になります", r"請求期間の終わり",
    r"적용됩니다", r"결제 기간이 끝나", r"生效", r"结算周期结束", r"سيسري",
    r"نهاية فترة الفوترة", r"gecerli olur", r"doneminizin sonunda",
)  # fmt: skip

# A control that confirms or completes the end: asked on any page. The bare verbs for cancelling
# ("Cancel membership", "Kündigen", "Résilier", "解約", "해지") are not here: they are also the
# way *into* the flow; what such a control really does is the floor's to judge.
FINAL = words(
    r"finish", r"finaliz", r"finalis", r"confirm", r"complete (the )?cancel", r"yes,? cancel",
    r"cancel (now|anyway|immediately)",
    r"end (my |the |your )?(membership|subscription|plan)",
    r"terminate (now|immediately)", r"unsubscribe (now|me)",
    r"stop (paying|payments?|billing|my (membership|subscription|plan))",
    r"(delete|close|deactivate|remove) (my |the |your )?account", r"delete",
    r"kundigung (bestatig|abschliess|absend)", r"(jetzt|endgultig|verbindlich) kundigen",
    r"^ja,? (kundigen|beenden)", r"bestatig", r"abschliess",
    r"(confirmer|finaliser|terminer) (la |ma |votre )?(resiliation|desinscription)",
    r"resilier (maintenant|definitivement)", r"^oui,? (resilier|annuler)", r"confirmer",
    r"terminer", r"confirmar", r"finalizar", r"(confirmar|finalizar) (la )?baja",
    r"^si,? (cancelar|dar de baja)", r"terminar",
    r"conferma", r"^si,? (disdici|annulla)", r"bevestig", r"^ja,? opzeggen",
    r"opzegging (bevestigen|voltooien|afronden)",
    r"(解約|退会)(を)?(確定|完了)", r"確定", r"完了", r"確認", r"确认", r"(해지|탈퇴) ?(완료|확정)",
    r"확인", r"подтверд", r"завершить", r"تأكيد",
    r"potwierdz", r"zakoncz", r"bekrafta", r"slutfor", r"bekræft", r"bekreft", r"fullfor",
    r"gennemfor", r"vahvista", r"onayla", r"tamamla", r"potvrd", r"dokoncit", r"megerosit",
    r"veglegesit", r"επιβεβαιω", r"ολοκληρω", r"אישור", r"אשר", r"סיום", r"konfirmasi",
    r"selesaikan", r"xac nhan", r"hoan tat", r"ยืนยัน", r"완료", r"voltooi", r"afronden",
    r"concluir", r"complet(ar|a) (la )?(cancelacion|baja|disdetta)",
    # ro, uk, ca, sk, hr, bg, fa, hi: the confirming verbs
    r"confirma", r"finalizeaza", r"підтверд", r"завершити", r"potvrdi", r"potvrdit", r"потвърд",
    r"تایید", r"पुष्टि",
)  # fmt: skip

# Going back or away, declining an offer, keeping the membership.
AWAY = words(
    r"^(go )?back\b", r"^return\b", r"^keep (my |the )?(membership|subscription|plan)",
    r"^never ?mind", r"^not now", r"^no,? thanks", r"^stay\b", r"^don'?t cancel",
    r"^decline", r"^skip", r"^close$", r"^dismiss", r"back to (account|home|netflix|browse)",
    r"^zuruck", r"^abbrechen$", r"^behalten", r"^retour", r"^revenir", r"^garder",
    r"^volver", r"^regresar", r"^mantener", r"^indietro", r"^terug", r"^voltar",
    r"^戻る", r"^返回", r"^назад", r"^뒤로",
    r"^wroc", r"^nie,? dziekuje", r"^zachowaj", r"^tillbaka", r"^nej,? tack", r"^behall",
    r"^tilbage", r"^tilbake", r"^nej,? tak", r"^nei,? takk", r"^behold", r"^takaisin",
    r"^ei,? kiitos", r"^geri", r"^vazgec", r"^hayir", r"^zpet", r"^ne,? dekuji", r"^ponechat",
    r"^vissza", r"^nem,? koszonom", r"^πισω", r"^οχι", r"^חזרה", r"^לא תודה", r"^kembali",
    r"^tidak,? terima kasih", r"^quay lai", r"^khong,? cam on", r"^ย้อนกลับ", r"^돌아가",
    r"^아니요", r"^유지",
)  # fmt: skip

# Cookie-consent banners: dismissing one is safe.
COOKIE = words(r"cookie", r"consent", r"datenschutz", r"privacidad", r"confidentialite")

# An endpoint that acts rather than shows (links and form actions): its last path segment and
# query (ACTING_URL), or its last two segments (ACTING_PAIR).
ACTING_URL = re.compile(
    r"finish|confirm|complete|terminat|unsubscri|delete|deactivat|remove"
    r"|(do|now|yes|submit|really)[-_/]?cancel|cancel[-_/]?(now|confirm|do|yes|submit|finish)",
    re.IGNORECASE,
)
ACTING_PAIR = re.compile(
    r"^(do|now|yes|submit|really)/cancel|^cancel/(now|confirm|do|yes|submit|finish)$", re.IGNORECASE
)

# The languages these vocabularies hold (primary subtags of BCP 47): a page declaring another
# cannot be read, and the floor asks more there.
HELD = frozenset(
    {
        "en", "de", "fr", "es", "it", "nl", "pt", "ja", "zh", "ko", "ru", "ar", "pl", "sv",
        "da", "no", "nb", "nn", "fi", "tr", "cs", "hu", "el", "he", "iw", "id", "in", "vi",
        "th",
    }
)  # fmt: skip


def primary(lang: str) -> str:
    """``pt-BR`` -> ``pt``; '' for none."""
    return lang.strip().replace("_", "-").split("-", 1)[0].casefold()


def readable(lang: str, words: str) -> bool:
    """Whether the gate can read a page: it declares a held language (or none) and some word
    of the flow's vocabularies is on it (``words`` normalised)."""
    code = primary(lang)
    if code and code not in HELD:
        return False
    return any(v.search(words) for v in (FLOW, CONSEQUENCE, FINAL, AWAY))
