"""What the offline policy looks for in control names, in the languages SubTerminator reads.

Patterns are folded like every name they meet (``safety.text.words``: one run of letters at a
time, so Greek and Cyrillic stay as written beside a ``\\b``). They only steer
which control to try; the SafetyGate decides, on its own, whether a person must approve it.
"""

from __future__ import annotations

import re

from subterminator.safety.text import words

# Starts (or continues) the cancellation: "Cancel membership", "Stop my subscription", ...
START = words(
    r"^cancel\b", r"\bcancel (my |your |the )?(membership|subscription|plan|account)\b",
    r"\b(end|stop|terminate|quit) (my |your |the )?(membership|subscription|plan)\b",
    r"\bunsubscribe\b", r"\bleave netflix\b",
    r"kundig", r"\b(mitgliedschaft|abo|abonnement) beenden\b", r"\babbestellen\b",
    r"\bresilier\b", r"\bresiliation\b", r"\bannuler\b", r"\bannulation\b", r"\bmettre fin\b",
    r"\bcancelar\b", r"\bcancelacion\b", r"\bdar(se)? de baja\b", r"\banular\b",
    r"\bannulla", r"\bdisdic", r"\bdisdetta\b", r"\bcancelamento\b", r"\bopzeggen\b", r"\bbeeindig",
    r"\bencerrar\b", r"\btermina (l'|il |la )?(abbonamento|iscrizione)", r"\bstopzetten\b",
    r"\banuluj\b", r"\banulowa", r"\bzrezygnuj\b", r"\brezygnac", r"\bavsluta\b", r"\bsag upp\b",
    r"\buppsagning\b", r"\biptal\b", r"\bopsig", r"\bsi opp\b", r"\bavslutt", r"\bperuuta\b",
    r"\bzrusit\b", r"\bzrus\b", r"\blemond", r"\bανακλ", r"\bακύρωσ", r"ביטול", r"إلغاء", r"\bbatalkan\b",
    r"\bhuy\b", r"ยกเลิก", r"解約", r"退会", r"取消", r"退订", r"退訂", r"해지", r"отмен", r"отключ",
    # "Stop paying for Bloop", "Jetzt Vertrag beenden": what it ends named by the money or the contract
    r"\bstop (paying|payments?|billing|being (billed|charged))\b", r"\bend (my |your )?(billing|payments?)\b",
    r"\b(vertrag|vertrage|zahlungen?) (jetzt |sofort )?beenden\b",
    # ro
    r"\banuleaza\b", r"\banulare\b", r"\banularea\b", r"\breziliaza\b", r"\bincheie abonamentul\b",
)  # fmt: skip

# Takes the last step: finish, confirm, "yes, cancel", ...
FINAL = words(
    r"\bfinish\b", r"\bfinali[sz]e\b", r"\bconfirm\b", r"\bcomplete (the )?cancel",
    r"\bcancel (now|anyway|immediately)\b", r"\bend (my |the |your )?(membership|subscription|plan)\b",
    r"\bstop (my |the |your )?(membership|subscription|plan)\b", r"^yes,? (cancel|end|stop)",
    r"abschliessen", r"bestatigen", r"^ja,? (kundigen|beenden)", r"\bterminer l'annulation\b",
    r"\bconfirmer\b", r"^oui,? (annuler|resilier)", r"\bfinalizar\b", r"\bconfirmar\b", r"^si,? cancelar",
    r"\bconferma", r"\bconcludi\b", r"\bcompleta\b", r"\bbevestig", r"\bvoltooi", r"\bafronden\b",
    r"\bconcluir\b", r"\bpotwierd", r"\bzakoncz", r"\bbekrafta\b", r"\bslutfor\b", r"\bonayla",
    r"\btamamla", r"\bbekræft", r"\bbekreft", r"\bvahvista", r"\bpotvrd", r"\bmegerosit",
    r"\bselesaikan\b", r"\bkonfirmasi", r"\bxac nhan\b", r"\bhoan tat\b", r"ยืนยัน", r"完了", r"確定", r"确认", r"確認", r"확인", r"подтверд",
    # ro
    r"\bconfirma\b", r"\bfinalizeaza\b", r"^da,? anuleaza",
)  # fmt: skip

# A bare yes: the last step only inside a dialog about cancelling.
YES = words(r"^(yes|ja|oui|si|sim|tak|evet|kylla|ano|igen|ya|da|はい|是|네|да)\b")

# Never pressed by the policy, whatever else the name says.
NEVER = words(
    r"delete", r"\b(close|remove|erase|deactivate) (my |the |your )?account\b", r"\bsign out\b",
    r"\blog ?out\b", r"losch", r"supprim", r"eliminar", r"borrar", r"elimina", r"verwijder",
    r"削除", r"删除", r"삭제", r"удал",
)  # fmt: skip

# Declines a retention offer and goes on cancelling.
DECLINE = words(
    r"\bno,? thanks?\b", r"\bnot now\b", r"\bnot interested\b", r"\b(continue|proceed)( to)? cancel",
    r"\bcontinue cancell?(ing|ation)\b", r"\bstill (want to )?cancel\b", r"\bcancel anyway\b",
    r"^decline\b", r"^no,? (continue|cancel)", r"^no,? i('?d| would) rather\b", r"^no,? i( do|'?m)\b", r"\bskip (this )?offer\b", r"\bi don'?t want\b",
    r"\bnein,? danke\b", r"\bweiter (zur|mit der) kundigung\b", r"\btrotzdem kundigen\b", r"\bablehnen\b",
    r"\bnon,? merci\b", r"\bcontinuer (l'|vers l'|mon )?(annulation|resiliation)\b", r"\brefuser\b",
    r"\bpas maintenant\b", r"\bno,? gracias\b", r"\bcontinuar (con la |con el )?(cancelacion|cancelamento)\b",
    r"\brechazar\b", r"\bahora no\b", r"\bno,? grazie\b", r"\bcontinua (con la )?(disdetta|cancellazione|annullamento)\b",
    r"\brifiuta\b", r"\bnao,? obrigad", r"\brecusar\b", r"\bnee,? bedankt\b", r"\bdoorgaan met opzeggen\b",
    r"\bweigeren\b", r"いいえ", r"結構です", r"解約(を|手続きを)?続ける", r"不用了", r"不,? ?谢谢", r"继续取消",
    r"괜찮습니다", r"해지 계속", r"нет,? спасибо", r"продолжить отмену",
    # ro
    r"\bnu,? multumesc\b", r"\bcontinua (cu )?anularea\b", r"\bnu acum\b",
)  # fmt: skip

# Takes the offer or keeps the membership: never, on the way to cancelling.
KEEP = words(
    r"\baccept\b", r"\bswitch\b", r"\bpause\b", r"\bkeep\b", r"^stay\b", r"\bdowngrade\b",
    r"\bchange (my |your )?plan\b", r"\bclaim\b", r"\bredeem\b", r"\btake (the )?offer\b",
    r"\bget \d+ ?%", r"\bgo back\b", r"^back\b", r"\bnever ?mind\b", r"\bdon'?t cancel\b",
    r"\bannehmen\b", r"\bpausieren\b", r"\bwechseln\b", r"\bbehalten\b", r"\bzuruck\b",
    r"\baccepter\b", r"\bsuspendre\b", r"\bgarder\b", r"\bchanger\b", r"\bretour\b",
    r"\baceptar\b", r"\bpausar\b", r"\bmantener\b", r"\bcambiar\b", r"\bvolver\b",
    r"\baccetta\b", r"\bsospendi\b", r"\bmantieni\b", r"\bcambia\b", r"\bindietro\b",
    r"\baceitar\b", r"\bmanter\b", r"\bvoltar\b", r"\baccepteren\b", r"\bpauzeren\b", r"\bbehouden\b",
    r"\bterug\b", r"一時停止", r"受け取る", r"戻る", r"接受", r"暂停", r"保留", r"返回", r"수락",
    r"일시정지", r"유지", r"принять", r"приостанов", r"сохранить", r"назад",
    # ro
    r"\bpastreaza\b", r"\binapoi\b", r"\baccepta\b", r"\bintrerupe\b",
)  # fmt: skip

# Leads toward managing the membership.
TOWARD = words(
    r"\bmanage (my |your )?(membership|subscription|plan)\b", r"^membership\b", r"^subscription\b",
    r"\b(membership|subscription|plan) (details|settings|& billing|and billing)\b", r"^account$",
    r"\byour account\b", r"\baccount (settings|overview)\b", r"\bbilling details\b", r"^plan details",
    r"mitgliedschaft", r"\babo verwalten\b", r"^konto$", r"\bmein konto\b", r"\babonnement\b",
    r"\bgerer\b", r"^compte$", r"\bmon compte\b", r"\badministrar\b", r"\bgestionar\b",
    r"\bmembresia\b", r"\bsuscripcion\b", r"^cuenta$", r"\bmi cuenta\b", r"\bgestisci\b",
    r"\babbonamento\b", r"\bgerenciar\b", r"\bassinatura\b", r"^conta$", r"\blidmaatschap\b",
    r"\bbeheren\b", r"アカウント", r"メンバーシップ", r"账户", r"帳戶", r"帐户", r"会员", r"계정",
    r"멤버십", r"аккаунт", r"подписк", r"członkostw", r"czlonkostw", r"medlemskap", r"medlemskab",
    r"\buyeli", r"\baboneli", r"\bclenstvi\b", r"\bpredplatne\b", r"\bjasenyy", r"\btagsag",
    r"συνδρομ", r"מנוי", r"\blangganan\b", r"\bkeanggotaan\b", r"\bgoi thanh vien\b",
    r"\badministrer\b", r"\bhantera\b", r"\bzarzadzaj\b", r"\byonet", r"\bspravovat\b",
    r"\bkezel", r"\bquan ly\b", r"\bkelola\b", r"^(hesap|konto|konta|ucet|tili|fiok|λογαριασμος|חשבון|akun|tai khoan)$",
    r"\bvertrag", r"^billing\b", r"\b(plans?|payments?) (&|and) billing\b", r"\bmanage (billing|payments?)\b",
    # ro
    r"^cont(ul)?( meu)?$", r"\bgestioneaza\b", r"\babonament(ul)?\b",
)  # fmt: skip

# After the last step: moves past a survey or a thank-you page without typing anything.
AFTER = words(
    r"^done\b", r"^skip\b", r"^submit\b", r"^continue\b", r"^close\b", r"^finish\b", r"^ok\b",
    r"\bfertig\b", r"uberspringen", r"absenden", r"weiter", r"\bterminer\b", r"\bpasser\b",
    r"\benvoyer\b", r"\blisto\b", r"\bomitir\b", r"\benviar\b", r"\bfatto\b", r"\bsalta\b",
    r"\binvia\b", r"\bconcluir\b", r"\bpular\b", r"\bklaar\b", r"\boverslaan\b", r"\bverzenden\b",
    r"完了", r"スキップ", r"送信", r"完成", r"跳过", r"提交", r"완료", r"건너뛰기", r"제출",
    r"готово", r"пропустить", r"отправить",
    # ro
    r"\bgata\b", r"\btrimite\b", r"\bomite\b", r"\bsari\b",
)  # fmt: skip

# A consent banner and the buttons that close it.
COOKIE = words(
    r"cookie", r"consent", r"privacy", r"datenschutz", r"confidentialite", r"privacidad",
    r"riservatezza", r"privacidade", r"クッキー", r"隐私", r"쿠키", r"файлы cookie",
)  # fmt: skip
COOKIE_OK = words(
    r"^accept", r"^(i )?agree", r"^got it$", r"^ok(ay)?$", r"^allow", r"^close$", r"^dismiss",
    r"^reject (all|non)", r"(necessary|essential)( cookies)? only", r"^only (necessary|essential)",
    r"akzeptieren", r"zustimmen", r"alle ablehnen", r"nur (notwendige|erforderliche)",
    r"^accepter", r"^j'accepte", r"^tout (accepter|refuser)", r"^aceptar", r"^rechazar",
    r"^accetta", r"^rifiuta", r"^aceitar", r"^accepteren", r"^weigeren", r"同意", r"接受", r"동의",
    r"принять", r"^godkann", r"^acceptera", r"^accepter alle", r"^tillad", r"^akceptuj",
    r"^kabul", r"^prijmout", r"^elfogad", r"^αποδοχη", r"^קבל", r"^terima", r"^chap nhan",
    r"^ยอมรับ", r"^endast nodvandiga", r"^kun nodvendige",
)  # fmt: skip

# A way out of a dialog that is not about cancelling ("Cancel" there means "never mind").
DISMISS = words(r"^cancel$", r"^abbrechen$", r"^annuler$", r"^cancelar$", r"^annulla$", r"^close$")

# A reason to pick when a survey demands one: the least personal.
OTHER = words(
    r"^other",
    r"^andere",
    r"^autre",
    r"^otro",
    r"^altro",
    r"^outro",
    r"^anders",
    r"その他",
    r"其他",
    r"기타",
    r"другое",
)

PARTNER = words(
    r"billed (through|by)", r"(manage|cancel).*(with|through) (apple|google|itunes|your provider)",
    r"contact your (provider|carrier|partner)", r"through a partner", r"uber (apple|google)",
    r"via (apple|google|votre operateur)", r"a traves de (apple|google|tu proveedor)",
)  # fmt: skip

# Moves a multi-page flow on, once we are in it: only with nothing better on the page.
FORWARD = words(
    r"^(continue|next|proceed)\b", r"^weiter\b", r"^fortfahren\b", r"^continuer\b", r"^suivant\b",
    r"^continuar\b", r"^siguiente\b", r"^continua\b", r"^avanti\b", r"^prosegui\b", r"^proximo\b",
    r"^seguinte\b", r"^doorgaan\b", r"^verder\b", r"^volgende\b", r"^dalej\b", r"^kontynuuj\b",
    r"^fortsatt\b", r"^nasta\b", r"^devam\b", r"^ileri\b", r"^lanjut", r"^tiep tuc\b",
    r"次へ", r"続ける", r"続行", r"进入下一步", r"下一步", r"继续", r"繼續", r"다음", r"계속",
    r"^далее\b", r"^продолжить\b",
    # ro
    r"^continua\b", r"^inainte\b", r"^urmatorul\b",
)  # fmt: skip

# Sign-ups a required-box rule must never tick.
NEWSLETTER = words(
    r"e-?mail", r"newsletter", r"\bnews\b", r"\boffers?\b", r"\bupdates\b", r"\bmarketing\b",
    r"\bpromotion", r"neuigkeiten", r"nouveautes", r"novedades", r"novita", r"novidades",
)  # fmt: skip

# Offers dressed as a way forward ("Continue with Basic"): never pressed as one.
OFFER = words(
    r"\b(basic|standard|premium|ads|mobile)\b", r"\boffer\b", r"%", r"\bdiscount\b", r"\bfree\b",
    r"\bdeal\b", r"\bwatching\b",
)  # fmt: skip

# A profile picker stands between sign-in and the account: any profile will do.
PROFILES = words(
    r"who'?s watching", r"wer (schaut|sieht)", r"qui regarde", r"quien (esta viendo|ve)",
    r"chi (guarda|vuole guardare)", r"quem (esta assistindo|vai assistir)", r"wie kijkt",
    r"kto ogl", r"vem tittar", r"kim izliyor", r"誰が視聴", r"谁在观看", r"誰在觀看", r"누가 시청",
    r"кто смотрит", r"choose (a |your )?profile", r"select (a |your )?profile",
    r"quem esta a ver", r"hvem (ser|skal se)", r"kuka katsoo", r"kdo (se )?diva", r"ki nez",
    r"ποιος βλεπει", r"מי צופה", r"siapa yang menonton", r"ai (dang|đang) xem", r"ใครกำลังดู",
)  # fmt: skip
PROFILE_ADMIN = words(
    r"\b(manage|add|edit)\b.*\bprofile",
    r"profil.*(verwalten|gerer|gestion)",
    r"^\+",
    r"\b(gerir|gerenciar|administrar|editar|adicionar|gestionar|gestisci|beheren)\b.*\bperf",
    r"\bprofil(e|i|ek|er|es)?\b.*\b(hantera|administrer|beheer|zarzadz|yonet|spravovat)",
)

# A question before going on ("Why are you leaving?"): its list or its placeholder.
REASON = words(
    r"\breason", r"\bwhy\b", r"\bgrund\b", r"\bwarum\b", r"\braison\b", r"\bpourquoi\b",
    r"\bmotivo\b", r"\brazon\b", r"\bpor ?que\b", r"\bperche\b", r"\breden\b", r"\bwaarom\b",
    r"\bpowod", r"\bdlaczego\b", r"\banledning\b", r"\bvarfor\b", r"\barsag\b", r"\bhvorfor\b",
    r"\bsyy\b", r"\bmiksi\b", r"\bneden\b", r"\bduvod\b", r"\bmiert\b", r"λογο", r"γιατι",
    r"סיבה", r"למה", r"\balasan\b", r"\bmengapa\b", r"\bly do\b", r"\btai sao\b", r"理由",
    r"原因", r"为什么", r"이유", r"причин", r"почему",
    r"^(select|choose|please (select|choose)|wybierz|selecione|seleccione|seleziona|kies|valj|vælg)",
    r"^(velg|valitse|secin|vyberte|valasszon|επιλεξτε|בחר|pilih|chon)",
)  # fmt: skip

# A word a page asks to have typed: quoted, or in capitals.
QUOTED_WORD = re.compile(
    r"[\"“”„«»‘’'‚‹›「」『』]\s*([^\s\"“”„«»‘’'‚‹›「」『』]{2,24})\s*[\"“”„«»‘’'‚‹›「」『』]"
)
CAPITAL_WORD = re.compile(r"\b([A-ZÀ-ÖØ-ÞĀ-Ž]{3,24})\b")
