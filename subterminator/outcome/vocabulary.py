"""What a page says about a membership's state, in the languages SubTerminator reads.

Patterns apply to normalised text (``safety.text.normalize``: NFKC, accents and case folded), one
sentence at a time, so a negation or a condition is read in the sentence it governs.
"""

from __future__ import annotations

import re

from subterminator.safety.text import normalize


def _words(*phrases: str) -> re.Pattern[str]:
    return re.compile("|".join(normalize(p) for p in phrases))


_THING = r"(membership|subscription|plan|account|service|trial)"
_CANCELLED = r"(cancell?ed|ended|terminated|closed|stopped|deactivated)"

# A statement that the cancellation happened.
CONFIRMED = _words(
    rf"\b{_THING}\b[^.;]{{0,40}}\b(has|have|is|was|got)( now| already| successfully| been)*"
    rf" {_CANCELLED}\b",
    rf"^(your )?{_THING} {_CANCELLED}\b", rf"^{_CANCELLED}$",
    r"\bcancell?ation (is |has been |was )?(now )?(complete|completed|confirmed|successful|processed|done)\b",
    r"\b(you|we)( ?['’]ve| have)( now| successfully)? (cancell?ed|ended)\b",
    r"\bsuccessfully (cancell?ed|ended|unsubscribed)\b", r"\byou(['’]re| are) (now )?unsubscribed\b",
    r"\b(mitgliedschaft|abo|abonnement|konto|vertrag|mitgliedskonto)\b.{0,40}\b(wurde|ist)"
    r"( jetzt| bereits| erfolgreich)* (gekundigt|beendet|storniert)",
    r"\bkundigung (ist |wurde )?(erfolgreich )?(bestatigt|abgeschlossen|eingegangen)", r"\berfolgreich gekundigt",
    r"\b(abonnement|adhesion|forfait)\b.{0,40}\b(a|est)( bien| desormais)?( ete)? (resilie|annule|termine)",
    r"\b(resiliation|annulation) (est |a ete )?(bien )?(confirmee|effectuee|terminee|enregistree)",
    r"\b(membresia|suscripcion|plan|cuenta)\b.{0,40}\b(ha sido|fue|esta|quedo)( ya)? (cancelad|anulad|dad[oa] de baja)",
    r"\bcancelacion (esta |fue |ha sido )?(completa|confirmada|realizada|completada)",
    r"\b(abbonamento|iscrizione)\b.{0,40}\b(e stato|e stata|e)( gia)? (annullat|disdett|cancellat)",
    r"\bdisdetta (e )?(confermata|completata)",
    r"\b(assinatura|plano)\b.{0,40}\b(foi|esta)( ja)? cancelad", r"\bcancelamento (foi )?(confirmado|concluido)",
    r"\b(lidmaatschap|abonnement)\b.{0,40}\b(is|werd)( nu)? (opgezegd|beeindigd|geannuleerd)",
    r"(解約|退会|キャンセル)(手続き)?(が|は)?(完了|されました|済み)",
    r"(已|已经|已經|成功)(取消|退订|退訂|终止|終止)", r"(取消|退订|退訂)(成功|完成)",
    r"(해지|취소)(가|이) ?완료", r"(해지|취소)(가|이)? ?(완료되었|완료됐|되었습니다|됐습니다)",  # not a bare "해지 완료" label
    r"(подписка|членство|аккаунт)( была| успешно)* (отменена|прекращена)", r"отмена (подтверждена|завершена)",
    r"\b(członkostwo|czlonkostwo|subskrypcja|abonament)\b.{0,40}\b(zostało|zostalo|zostala|została|jest)( juz)? anulowan",
    r"\banulowanie (zostało |zostalo )?(zakonczone|potwierdzone)",
    r"\b(medlemskap|prenumeration|abonnemang)\w*\b.{0,40}\b(har |ar )?(avslutats|avslutat|sagts upp|uppsagt)",
    r"\buppsagningen (ar )?(bekraftad|klar|genomford)",
    r"\b(medlemskab|medlemskap|abonnement)\w*\b.{0,40}\b(er|blev|ble)( nu)? (opsagt|afsluttet|avsluttet|sagt opp)",
    r"\b(jasenyys|jasenyytesi|tilaus|tilauksesi)\b.{0,40}\b(on )?(peruttu|paattynyt|lopetettu)",
    r"\b(uyeli|aboneli)\w*\b.{0,40}\b(iptal edildi|sonlandırıldı|sonlandirildi)", r"\biptal (islemi |işlemi )?tamamlandı",
    r"\b(clenstvi|predplatne)\b.{0,40}\b(bylo|je)( uspesne)? (zruseno|ukonceno)", r"\bzruseni (bylo )?(dokonceno|potvrzeno)",
    r"\b(elofizetes|elofizetese|tagsag|tagsaga)\b.{0,40}\b(lemondva|megszunt|lemondtuk)",
    r"\b(συνδρομη|συνδρομη σας)\b.{0,40}ακυρωθηκε", r"η ακυρωση ολοκληρωθηκε",
    r"(המנוי|החברות|המינוי).{0,40}(בוטל|הסתיים)", r"הביטול הושלם",
    r"\b(langganan|keanggotaan)\b.{0,40}\b(telah|sudah|berhasil) (dibatalkan|berakhir|dihentikan)",
    r"\bpembatalan (berhasil|selesai)", r"\b(da|đa) (bi |đuoc |duoc )?huy\b", r"\bhuy thanh cong\b",
    r"ยกเลิกเรียบร้อย", r"ยกเลิกแล้ว",
)  # fmt: skip

# The membership runs out at a date: how a cancelled account page talks.
PERIOD_END = _words(
    rf"\b{_THING} (will )?(end|ends|ended|expire|expires|expired|stop|stops|run out|runs out)\b",
    r"\b(ends|will end|expires|will expire) on\b",
    r"\b(keep |continue )?(watch|watching|stream|streaming|access|enjoy|using)\b[^.;]{0,30}\buntil\b",
    r"\b(mitgliedschaft|abo|abonnement)\b[^.;]{0,30}\b(endet|lauft [^.;]{0,20}aus)", r"\bendet am\b",
    r"\b(abonnement|adhesion)\b[^.;]{0,30}\b(prendra fin|se terminera|se termine|expire)",
    r"\b(regarder|profiter)\b[^.;]{0,30}\bjusqu",
    r"\b(membresia|suscripcion)\b[^.;]{0,30}\b(finalizara|terminara|vence|termina|caduca)",
    r"\b(ver|disfrutar)\b[^.;]{0,30}\bhasta\b",
    r"\b(abbonamento|iscrizione)\b[^.;]{0,30}\b(terminera|scadra|termina)",
    r"\b(assinatura|plano)\b[^.;]{0,30}\b(terminara|expira|termina)",
    r"\b(lidmaatschap|abonnement)\b[^.;]{0,30}\b(eindigt|loopt af)",
    r"まで(視聴|ご利用|利用)", r"(終了日|に終了します)", r"(到期|届满|屆滿|将于.{0,20}(结束|終止|终止))",
    r"까지 (시청|이용)", r"(закончится|истекает|действует до)",
    r"\b(członkostwo|czlonkostwo|subskrypcja|abonament)\b[^.;]{0,30}\b(wygasa|wygasnie|konczy sie|zakonczy sie)",
    r"\b(medlemskap|prenumeration|medlemskab|abonnement)\w*\b[^.;]{0,30}\b(upphor|avslutas|slutar|ophorer|udlober|slutter|avsluttes|utloper)",
    r"\b(jasenyys|jasenyytesi|tilaus)\b[^.;]{0,30}\bpaattyy", r"\b(uyeli|aboneli)\w*\b[^.;]{0,30}\b(sona erecek|sona erer|bitecek)",
    r"\b(clenstvi|predplatne)\b[^.;]{0,30}\b(skonci|vyprsi|konci)", r"\b(elofizetes|tagsag)\w*\b[^.;]{0,30}\b(lejar|megszunik)",
    r"θα ληξει", r"(המנוי|החברות)[^.;]{0,30}(יסתיים|תסתיים|יפוג)", r"\b(langganan|keanggotaan)\b[^.;]{0,30}\b(akan )?berakhir",
    r"\bket thuc vao\b", r"(멤버십|구독|이용권)[^.;]{0,30}(종료|만료)",
)  # fmt: skip

# The sentence denies, fails or hedges what it says.
NEGATED = _words(
    r"\bnot\b", r"n['’]t\b", r"\bnever\b", r"\bno longer able\b", r"\bcould ?not\b",
    r"\bunable\b", r"\bfailed\b", r"\bfailure\b", r"\bpending\b", r"\bnicht\b", r"\bkein",
    r"\bfehlgeschlagen\b", r"\bne\b.{0,30}\bpas\b", r"\bn['’]", r"\bechec\b", r"\bno (ha|se|esta|fue)\b",
    r"\bno pudo\b", r"\bnon (e|ha)\b", r"\bniet\b", r"\bnao\b",
    r"未", r"没有", r"沒有", r"失败", r"失敗", r"できません", r"않", r"실패", r"\bне\b",
    r"\bnie\b", r"\binte\b", r"\bikke\b", r"\bei\b", r"\bdegil\b", r"edilmedi", r"edilemedi",
    r"\bneby", r"\bnem\b", r"\bδεν\b", r"\bלא\b", r"\btidak\b", r"\bbelum\b", r"\bkhong\b",
    r"\bchua\b", r"ไม่",
)  # fmt: skip

# The sentence talks about cancelling in general, not about this account now.
HYPOTHETICAL = _words(
    r"^(if|when|once|after|before|should|until)\b", r"\b(if|when|once|whenever) you\b",
    r"\bhow (do|to|can|does)\b", r"\bwhat happens\b", r"\b(can|may|could|might) (cancel|end)\b",
    r"\banytime\b", r"\bany time\b", r"\bat any time\b",
    r"\bwenn\b", r"\bfalls\b", r"\bjederzeit\b", r"^si\b", r"\bsi vous\b", r"\ba tout moment\b",
    r"\bcuando\b", r"\ben cualquier momento\b", r"\bse (vuoi|desideri)\b", r"\bin qualsiasi momento\b",
    r"\bals je\b", r"\bquando\b", r"\ba qualquer momento\b",
    r"場合", r"如果", r"随时", r"隨時", r"경우", r"если", r"в любое время",
    r"\bjesli\b", r"\bjezeli\b", r"\bw kazdej chwili\b", r"\bom du\b", r"\bnar som helst\b",
    r"\bhvis (du|dere|i)\b", r"\bjos\b", r"\bmilloin tahansa\b", r"\bistediginiz zaman\b",
    r"(r|s)(sanız|saniz|seniz)\b", r"\bpokud\b", r"\bkdykoli\b", r"\bha\b", r"\bbarmikor\b",
    r"\bαν\b", r"\bεαν\b", r"\bאם\b", r"בכל עת", r"\bjika\b", r"\bkapan saja\b", r"\bneu\b",
    r"\bbat cu luc nao\b", r"(르|하|되)(시)?면 ", r"언제든", r"^se\b", r"\bse (voce|clicar|cancelar)\b",
)  # fmt: skip

# Pages that talk about cancelling without being an account: help centres, FAQs, articles.
HELP = _words(
    r"\bhelp\b", r"\bfaq\b", r"\bhelp ?cent", r"\bsupport\b", r"\bknowledge ?base\b", r"\barticle\b",
    r"\bhilfe\b", r"\baide\b", r"\bayuda\b", r"\bassistenza\b", r"\bajuda\b",
    r"ヘルプ", r"帮助", r"幫助", r"도움말", r"помощь", r"справк",
    r"\bpomoc\b", r"\bhjalp", r"\bhjælp", r"\bhjelp", r"\bohje", r"\byardım", r"\bnapoveda",
    r"\bsugo\b", r"βοηθεια", r"עזרה", r"\bbantuan\b", r"\btro giup\b",
)  # fmt: skip
HELP_PATH = re.compile(r"/(help|faq|faqs|support|hc|kb|article|articles|answer|answers)(/|$|\.)")

# A control that brings a cancelled membership back.
RESTART = _words(
    r"\brestart\b", r"\breactivate\b", r"\bresume (my |your )?(membership|subscription|plan)\b",
    r"\brejoin\b", r"\bresubscribe\b", r"\bre-subscribe\b", r"\bjoin again\b", r"\bcome back\b",
    r"\breaktivieren\b", r"\bwiederaufnehmen\b", r"\bwieder aufnehmen\b", r"\breactiver\b",
    r"\breprendre\b", r"\breactivar\b", r"\breanudar\b", r"\breiniciar\b", r"\briattiva",
    r"\briprendi\b", r"\breativar\b", r"\bretomar\b", r"\bheractiveren\b", r"\bherstarten\b",
    r"\bhervatten\b", r"\bwznow", r"\bateruppta\b", r"\byeniden baslat", r"再開", r"再加入", r"重新(订阅|訂閱|开始|開始|加入)", r"恢复会员",
    r"다시 시작", r"재가입", r"возобнов",
    r"\bgenstart", r"\bgjenoppta", r"\bstart pa nytt\b", r"\baloita uudelleen\b",
    r"\btekrar katil", r"\bobnovit\b", r"\bujrainditas\b", r"επανεναρξη", r"חידוש",
    r"הפעלה מחדש", r"\bmulai ulang\b", r"\baktifkan kembali\b", r"\bberlangganan lagi\b",
    r"\bkhoi (dong|đong) lai\b", r"\bstarta om\b", r"\b(dang|đang) ky lai\b",
)  # fmt: skip

# The account is running: it bills again.
ACTIVE = _words(
    r"\bnext (billing|payment|bill|charge)\b", r"\brenews? (on|automatically)\b",
    r"\bwill be (charged|billed) on\b", r"\bnachste (zahlung|abbuchung|rechnung)\b",
    r"\bprochain (paiement|prelevement)\b", r"\bproximo (pago|cobro|cargo)\b",
    r"\bprossimo (pagamento|addebito)\b", r"\bproximo pagamento\b", r"\bvolgende (betaling|afschrijving)\b",
    r"次回(の)?(請求|お支払い|支払)", r"下次(付款|扣款|续费)", r"다음 결제", r"следующ(ий|ее) (платеж|списание)",
    r"\bnastepna (platnosc|płatnosc|oplata)", r"\bnasta (betalning|debitering)", r"næste (betaling|opkrævning)",
    r"\bneste (betaling|trekk)", r"\bseuraava (maksu|veloitus)", r"\bsonraki (odeme|ödeme)",
    r"\bdalsi platba", r"\bkovetkezo (fizetes|terheles)", r"επομενη πληρωμη", r"החיוב הבא",
    r"\bpembayaran berikutnya", r"\bthanh toan tiep theo",
)  # fmt: skip

# A statement that something went wrong (the spec's failure indicators and their kin).
FAILURE = _words(
    r"\bsomething went wrong\b", r"\bunable to process\b",
    r"\b(could ?not|couldn['’]t|can['’]t|cannot|unable to|were unable to|wasn['’]t able to) (be )?"
    r"(cancel|process|complete|end)",
    r"\b(cancell?ation|request) (has )?failed\b", r"\bwe['’]re having trouble\b", r"\btry again later\b",
    r"\bein fehler ist aufgetreten\b", r"\bune erreur (s['’]est produite|est survenue)\b",
    r"\bse (ha )?produjo un error\b", r"\bsi e verificato un errore\b",
)  # fmt: skip

# Words for the cancelled state; a negation just before (or, in CJK and Korean, just after)
# one of them denies it.
STATE = _words(
    r"cancell?ed", r"cancell?ation", r"\bended\b", r"terminated", r"gekundigt", r"kundigung",
    r"resilie", r"annule", r"cancelad", r"annullat", r"disdett", r"opgezegd",
    r"解約", r"退会", r"取消", r"退订", r"해지", r"취소", r"отмен",
    r"anulowan", r"avslutat", r"uppsagd", r"opsagt", r"avsluttet", r"peruttu", r"iptal",
    r"zrusen", r"lemond", r"ακυρω", r"בוטל", r"dibatalkan", r"\bhuy\b", r"ยกเลิก",
)  # fmt: skip
NEGATED_AFTER = _words(r"^.{0,6}(않|ません|없|されていない|되지)")

# Dates as pages print them, for "ends on ...": month names, numeric and CJK forms.
DATE = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}(?:st|nd|rd|th)?,? \d{4}"
    r"|\b\d{1,2}\.? (?:de )?[a-zäéûô]{3,}\.? (?:de )?\d{4}"
    r"|\d{4}[-/.年]\s?\d{1,2}[-/.月]\s?\d{1,2}日?"
    r"|\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b",
    re.IGNORECASE,
)
