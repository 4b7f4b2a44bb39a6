"""Every language's words, one record each (``vocabulary.words.Words`` says what each
category holds): what the outcome judge reads of a page's state, what the gate reads of
pages and controls, and what the offline policy looks for in control names.

The judge's words apply to their own language's sentences only: a sentence is read with the
rules of the page's declared language, of its script, and of the languages whose words it
matches, so no language's small word ("ha", "se", "si", "ei") can veto another language's
sentence. The gate's and the offline policy's are read as one pattern per category, whatever
the page's language (``phrases``). Patterns apply to normalised text (``safety.text``: NFKC,
accents and case folded).
"""

from __future__ import annotations

from subterminator.vocabulary.languages_world import SR_CYRL, WORLD
from subterminator.vocabulary.words import Words

__all__ = ["LANGUAGES", "NEUTRAL", "Words", "phrases"]

_THING = r"(membership|subscription|plan|account|service|trial)"
_CANCELLED = r"(cancell?ed|ended|terminated|closed|stopped|deactivated)"


EN = Words(
    confirmed=(
        rf"\b{_THING}\b[^.;]{{0,40}}\b(has|have|is|was|got)( now| already| successfully| been)*"
        rf" {_CANCELLED}\b",
        rf"^(your )?{_THING} {_CANCELLED}\b",
        rf"^{_CANCELLED}[.!]?$",  # a one-word sentence, with its full stop
        r"\bcancell?ation (is |has been |was )?(now )?(complete|completed|confirmed|successful|processed|done)\b",
        r"\b(you|we)( ?['’]ve| have)( now| successfully)? (cancell?ed|ended)\b",
        r"\bsuccessfully (cancell?ed|ended|unsubscribed)\b",
        r"\byou(['’]re| are) (now )?unsubscribed\b",
    ),
    period_end=(
        rf"\b{_THING} (will )?(end|ends|ended|expire|expires|expired|stop|stops|run out|runs out)\b",
        r"\b(ends|will end|expires|will expire) on\b",
        r"\b(keep |continue )?(watch|watching|stream|streaming|access|enjoy|using)\b[^.;]{0,30}\buntil\b",
    ),
    state=(r"cancell?ed", r"cancell?ation", r"\bended\b", r"terminated"),
    negated=(
        r"\bnot\b",
        r"n['’]t\b",
        r"\bnever\b",
        r"\bno longer able\b",
        r"\bcould ?not\b",
        r"\bunable\b",
        r"\bfailed\b",
        r"\bfailure\b",
    ),
    conditional=(
        r"^(if|when|once|after|before|should|until|unless)\b",
        r"\b(if|when|once|whenever) you\b",
        r"\b(if|unless|provided that|in case)\b",
        r"\bhow (do|to|can|does)\b",
        r"\bwhat happens\b",
        r"\b(can|may|could|might) (cancel|end)\b",
        r"\banytime\b",
        r"\bany time\b",
    ),
    pending=(
        r"\bpending\b",
        r"\bunder review\b",
        r"\bawaiting\b",
        r"\bin review\b",
        r"\b(scheduled|queued|submitted|sent|forwarded) (for|to) (review|approval|processing|our team)\b",
        r"\b(will|to) be (reviewed|processed|approved|confirmed)\b",
        r"\bonce (your|the|we|it)\b[^.]{0,60}\b(approv|review|confirm|process)",
        r"\b(click|follow|open|tap|use) the link\b[^.]{0,60}\bto (confirm|complete|finish)\b",
        r"\bto (confirm|complete|finish) (your |the )?(cancell?ation|request)\b[^.]{0,60}\b(link|e-?mail)\b",
        r"\bconfirm (your |the )?(cancell?ation|request) (by|via|using|through|in|from)\b",
        r"\buntil you (confirm|click)\b",
        r"\bnot (yet )?(final|complete|confirmed|processed)\b",
        r"\bwe['’]?(ll| will) (review|process|confirm|let you know|be in touch|get back)\b",
    ),
    negated_after=(),
    flow=(
        "cancel",
        "unsubscri",
        "end (your |my )?(membership|subscription|plan)",
        "membership (ends|will end|has ended)",
        "terminat",
        "close (your |my )?account",
    ),
    consequence=(
        "will be effective",
        "effective (at|on|from|immediately)",
        "will (end|stop|expire)",
        "ends? on",
        "will be cancel",
        "lose access",
        "no longer have access",
        "(access|watch(ing)?) until",
        "end of (your|the) (current )?billing",
        "won'?t be (charged|billed)",
        "no longer be (charged|billed)",
        "are you sure",
        "to (cancel|end) your (membership|subscription)",
        "cannot be undone",
    ),
    final=(
        "finish",
        "finaliz",
        "finalis",
        "confirm",
        "complete (the )?cancel",
        "yes,? cancel",
        "cancel (now|anyway|immediately)",
        "end (my |the |your )?(membership|subscription|plan)",
        "terminate (now|immediately)",
        "unsubscribe (now|me)",
        "stop (paying|payments?|billing|my (membership|subscription|plan))",
        "(delete|close|deactivate|remove) (my |the |your )?account",
        "delete",
    ),
    away=(
        "^(go )?back\\b",
        "^return\\b",
        "^keep (my |the )?(membership|subscription|plan)",
        "^never ?mind",
        "^not now",
        "^no,? thanks",
        "^stay\\b",
        "^don'?t cancel",
        "^decline",
        "^skip",
        "^close$",
        "^dismiss",
        "back to (account|home|netflix|browse)",
    ),
    cookie=(
        "cookie",
        "consent",
    ),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(
        r"\bhelp\b", r"\bfaq\b", r"\bhelp ?cent", r"\bsupport\b", r"\bknowledge ?base\b",
        r"\barticle\b",
    ),
    restart=(
        r"\brestart\b", r"\breactivate\b",
        r"\bresume (my |your )?(membership|subscription|plan)\b", r"\brejoin\b",
        r"\bresubscribe\b", r"\bre-subscribe\b", r"\bjoin again\b", r"\bcome back\b",
    ),
    active=(
        r"\bnext (billing|payment|bill|charge)\b", r"\brenews? (on|automatically)\b",
        r"\bwill be (charged|billed) on\b",
    ),
    failure=(
        r"\bsomething went wrong\b", r"\bunable to process\b",
        r"\b(could ?not|couldn['’]t|can['’]t|cannot|unable to|were unable to|wasn['’]t able to) (be )?(cancel|process|complete|end)",
        r"\b(cancell?ation|request) (has )?failed\b", r"\bwe['’]re having trouble\b",
        r"\btry again later\b",
    ),
    # the offline policy's (``offline.words``): which control it tries, never whether one asks
    offline_start=(
        r"^cancel\b", r"\bcancel (my |your |the )?(membership|subscription|plan|account)\b",
        r"\b(end|stop|terminate|quit) (my |your |the )?(membership|subscription|plan)\b",
        r"\bunsubscribe\b", r"\bleave netflix\b",
        r"\bstop (paying|payments?|billing|being (billed|charged))\b",
        r"\bend (my |your )?(billing|payments?)\b",
    ),
    offline_final=(
        r"\bfinish\b", r"\bfinali[sz]e\b", r"\bconfirm\b", r"\bcomplete (the )?cancel",
        r"\bcancel (now|anyway|immediately)\b",
        r"\bend (my |the |your )?(membership|subscription|plan)\b",
        r"\bstop (my |the |your )?(membership|subscription|plan)\b", r"^yes,? (cancel|end|stop)",
    ),
    offline_yes=(r"^yes\b",),
    offline_never=(
        r"delete", r"\b(close|remove|erase|deactivate) (my |the |your )?account\b",
        r"\bsign out\b", r"\blog ?out\b",
    ),
    offline_decline=(
        r"\bno,? thanks?\b", r"\bnot now\b", r"\bnot interested\b",
        r"\b(continue|proceed)( to)? cancel", r"\bcontinue cancell?(ing|ation)\b",
        r"\bstill (want to )?cancel\b", r"\bcancel anyway\b", r"^decline\b",
        r"^no,? (continue|cancel)", r"^no,? i('?d| would) rather\b", r"^no,? i( do|'?m)\b",
        r"\bskip (this )?offer\b", r"\bi don'?t want\b",
    ),
    offline_keep=(
        r"\baccept\b", r"\bswitch\b", r"\bpause\b", r"\bkeep\b", r"^stay\b", r"\bdowngrade\b",
        r"\bchange (my |your )?plan\b", r"\bclaim\b", r"\bredeem\b", r"\btake (the )?offer\b",
        r"\bget \d+ ?%", r"\bgo back\b", r"^back\b", r"\bnever ?mind\b", r"\bdon'?t cancel\b",
    ),
    offline_toward=(
        r"\bmanage (my |your )?(membership|subscription|plan)\b", r"^membership\b",
        r"^subscription\b",
        r"\b(membership|subscription|plan) (details|settings|& billing|and billing)\b",
        r"^account$", r"\byour account\b", r"\baccount (settings|overview)\b",
        r"\bbilling details\b", r"^plan details", r"^billing\b",
        r"\b(plans?|payments?) (&|and) billing\b", r"\bmanage (billing|payments?)\b",
    ),
    offline_after=(
        r"^done\b", r"^skip\b", r"^submit\b", r"^continue\b", r"^close\b", r"^finish\b", r"^ok\b",
    ),
    offline_cookie=(r"cookie", r"consent", r"privacy"),
    offline_cookie_ok=(
        r"^accept", r"^(i )?agree", r"^got it$", r"^ok(ay)?$", r"^allow", r"^close$", r"^dismiss",
        r"^reject (all|non)", r"(necessary|essential)( cookies)? only",
        r"^only (necessary|essential)",
    ),
    offline_dismiss=(r"^cancel$", r"^close$"),
    offline_other=(r"^other",),
    offline_partner=(
        r"billed (through|by)",
        r"(manage|cancel).*(with|through) (apple|google|itunes|your provider)",
        r"contact your (provider|carrier|partner)", r"through a partner",
    ),
    offline_forward=(r"^(continue|next|proceed)\b",),
    offline_newsletter=(
        r"e-?mail", r"newsletter", r"\bnews\b", r"\boffers?\b", r"\bupdates\b", r"\bmarketing\b",
        r"\bpromotion",
    ),
    offline_offer=(r"\boffer\b", r"\bdiscount\b", r"\bfree\b", r"\bdeal\b", r"\bwatching\b"),
    offline_profiles=(
        r"who'?s watching", r"choose (a |your )?profile", r"select (a |your )?profile",
    ),
    offline_profile_admin=(r"\b(manage|add|edit)\b.*\bprofile",),
    offline_reason=(r"\breason", r"\bwhy\b", r"^(select|choose|please (select|choose))"),
)  # fmt: skip

DE = Words(
    confirmed=(
        r"\b(mitgliedschaft|abo|abonnement|konto|vertrag|mitgliedskonto)\b.{0,40}\b(wurde|ist)"
        r"( jetzt| bereits| erfolgreich)* (gekundigt|beendet|storniert)",
        r"\bkundigung (ist |wurde )?(erfolgreich )?(bestatigt|abgeschlossen)",
        r"\berfolgreich gekundigt",
    ),
    period_end=(
        r"\b(mitgliedschaft|abo|abonnement)\b[^.;]{0,30}\b(endet|lauft [^.;]{0,20}aus)",
        r"\bendet am\b",
    ),
    state=(r"gekundigt", r"kundigung", r"beendet"),
    negated=(r"\bnicht\b", r"\bkein", r"\bfehlgeschlagen\b"),
    conditional=(r"\bwenn\b", r"\bfalls\b", r"\bsofern\b", r"\bjederzeit\b"),
    pending=(
        r"\bausstehend",
        r"\bin (prufung|bearbeitung)\b",
        r"\bwird (gepruft|bearbeitet)\b",
        r"\bauf den link\b[^.]{0,60}\bzu bestatigen",
        r"\bum (deine|ihre|die) kundigung zu bestatigen",
        r"\bwenn (dein|ihr) antrag\b[^.]{0,20}\b(genehmigt|angenommen)",
        r"\bnoch nicht\b",
    ),
    negated_after=(),
    flow=(
        "kundig",
        "abbestell",
        "abo beenden",
        "mitgliedschaft beenden",
    ),
    consequence=(
        "wirksam",
        "endet am",
        "zum ende",
        "wird (gekundigt|beendet)",
        "sind sie sicher",
    ),
    final=(
        "kundigung (bestatig|abschliess|absend)",
        "(jetzt|endgultig|verbindlich) kundigen",
        "^ja,? (kundigen|beenden)",
        "bestatig",
        "abschliess",
    ),
    away=(
        "^zuruck",
        "^abbrechen$",
        "^behalten",
    ),
    cookie=("datenschutz",),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(r"\bhilfe\b",),
    restart=(r"\breaktivieren\b", r"\bwiederaufnehmen\b", r"\bwieder aufnehmen\b"),
    active=(r"\bnachste (zahlung|abbuchung|rechnung)\b",),
    failure=(r"\bein fehler ist aufgetreten\b",),
    # the offline policy's (``offline.words``): which control it tries, never whether one asks
    offline_start=(
        r"kundig", r"\b(mitgliedschaft|abo|abonnement) beenden\b", r"\babbestellen\b",
        r"\b(vertrag|vertrage|zahlungen?) (jetzt |sofort )?beenden\b",
    ),
    offline_final=(r"abschliessen", r"bestatigen", r"^ja,? (kundigen|beenden)"),
    offline_yes=(r"^ja\b",),
    offline_never=(r"losch",),
    offline_decline=(
        r"\bnein,? danke\b", r"\bweiter (zur|mit der) kundigung\b", r"\btrotzdem kundigen\b",
        r"\bablehnen\b",
    ),
    offline_keep=(
        r"\bannehmen\b", r"\bpausieren\b", r"\bwechseln\b", r"\bbehalten\b", r"\bzuruck\b",
    ),
    offline_toward=(
        r"mitgliedschaft", r"\babo verwalten\b", r"^konto$", r"\bmein konto\b", r"\babonnement\b",
        r"\bvertrag",
    ),
    offline_after=(r"\bfertig\b", r"uberspringen", r"absenden", r"weiter"),
    offline_cookie=(r"datenschutz",),
    offline_cookie_ok=(
        r"akzeptieren", r"zustimmen", r"alle ablehnen", r"nur (notwendige|erforderliche)",
    ),
    offline_dismiss=(r"^abbrechen$",),
    offline_other=(r"^andere",),
    offline_partner=(r"uber (apple|google)",),
    offline_forward=(r"^weiter\b", r"^fortfahren\b"),
    offline_newsletter=(r"neuigkeiten",),
    offline_offer=(),
    offline_profiles=(r"wer (schaut|sieht)",),
    offline_profile_admin=(r"profil.*verwalten",),
    offline_reason=(r"\bgrund\b", r"\bwarum\b"),
)  # fmt: skip

FR = Words(
    confirmed=(
        r"\b(abonnement|adhesion|forfait)\b.{0,40}\b(a|est)( bien| desormais)?( ete)? (resilie|annule|termine)",
        r"\b(resiliation|annulation) (est |a ete )?(bien )?(confirmee|effectuee|terminee)",
    ),
    period_end=(
        r"\b(abonnement|adhesion)\b[^.;]{0,30}\b(prendra fin|se terminera|se termine|expire)",
        r"\b(regarder|profiter)\b[^.;]{0,30}\bjusqu",
    ),
    state=(r"resilie", r"annule", r"resiliation", r"annulation"),
    negated=(r"\bne\b.{0,30}\bpas\b", r"\bn['’]", r"\bechec\b", r"\bpas (encore|ete)\b"),
    conditional=(r"^si\b", r"\bsi (vous|votre|la|le|l['’]|tu|ta)\b", r"\ba tout moment\b"),
    pending=(
        r"\ben attente\b",
        r"\ben cours (d['’]examen|de traitement|de validation)",
        r"\bsera (examinee|traitee|validee|etudiee)",
        r"\bsur le lien\b[^.]{0,60}\bpour (confirmer|finaliser)",
        r"\bpour (confirmer|finaliser) (votre|la) (resiliation|demande)\b[^.]{0,60}\b(lien|e-?mail)",
        r"\bsi votre demande est (acceptee|approuvee|validee)",
        r"\bpas encore\b",
    ),
    negated_after=(),
    flow=(
        "resili",
        "annul",
        "desabonn",
        "desinscri",
        "mettre fin",
    ),
    consequence=(
        "prendra fin",
        "prend effet",
        "sera (resilie|annule)",
        "jusqu'?au",
        "fin de (votre|la) periode",
        "etes-vous sur",
        "terminera",
    ),
    final=(
        "(confirmer|finaliser|terminer) (la |ma |votre )?(resiliation|desinscription)",
        "resilier (maintenant|definitivement)",
        "^oui,? (resilier|annuler)",
        "confirmer",
        "terminer",
    ),
    away=(
        "^retour",
        "^revenir",
        "^garder",
    ),
    cookie=("confidentialite",),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(r"\baide\b",),
    restart=(r"\breactiver\b", r"\breprendre\b"),
    active=(r"\bprochain (paiement|prelevement)\b",),
    failure=(r"\bune erreur (s['’]est produite|est survenue)\b",),
    # the offline policy's (``offline.words``): which control it tries, never whether one asks
    offline_start=(
        r"\bresilier\b", r"\bresiliation\b", r"\bannuler\b", r"\bannulation\b", r"\bmettre fin\b",
    ),
    offline_final=(r"\bterminer l'annulation\b", r"\bconfirmer\b", r"^oui,? (annuler|resilier)"),
    offline_yes=(r"^oui\b",),
    offline_never=(r"supprim",),
    offline_decline=(
        r"\bnon,? merci\b", r"\bcontinuer (l'|vers l'|mon )?(annulation|resiliation)\b",
        r"\brefuser\b", r"\bpas maintenant\b",
    ),
    offline_keep=(r"\baccepter\b", r"\bsuspendre\b", r"\bgarder\b", r"\bchanger\b", r"\bretour\b"),
    offline_toward=(r"\bgerer\b", r"^compte$", r"\bmon compte\b", r"\babonnement\b"),
    offline_after=(r"\bterminer\b", r"\bpasser\b", r"\benvoyer\b"),
    offline_cookie=(r"confidentialite",),
    offline_cookie_ok=(r"^accepter", r"^j'accepte", r"^tout (accepter|refuser)"),
    offline_dismiss=(r"^annuler$",),
    offline_other=(r"^autre",),
    offline_partner=(r"via (apple|google|votre operateur)",),
    offline_forward=(r"^continuer\b", r"^suivant\b"),
    offline_newsletter=(r"nouveautes",),
    offline_offer=(),
    offline_profiles=(r"qui regarde",),
    offline_profile_admin=(r"profil.*(gerer|gestion)",),
    offline_reason=(r"\braison\b", r"\bpourquoi\b"),
)  # fmt: skip

ES = Words(
    confirmed=(
        r"\b(membresia|suscripcion|plan|cuenta)\b.{0,40}\b(ha sido|fue|esta|quedo)( ya)? (cancelad|anulad|dad[oa] de baja)",
        r"\bcancelacion (esta |fue |ha sido )?(completa|confirmada|realizada|completada)",
        r"\b(hemos|has) cancelado\b",
        r"\bse (ha|han) (cancelado|anulado|dado de baja)\b",
    ),
    period_end=(
        r"\b(membresia|suscripcion)\b[^.;]{0,30}\b(finalizara|terminara|vence|termina|caduca)",
        r"\b(ver|disfrutar)\b[^.;]{0,30}\bhasta\b",
    ),
    state=(r"cancelad", r"cancelacion", r"anulad", r"dad[oa] de baja"),
    negated=(
        r"\bno (ha|se|esta|fue)\b",
        r"\bno pudo\b",
        r"\bnunca\b",
        r"\baun no\b",
        r"\btodavia no\b",
    ),
    conditional=(r"\bsi\b(?![,!])", r"\bcuando\b", r"\ben cualquier momento\b", r"\ben caso de\b"),
    pending=(
        r"\bpendiente",
        r"\ben revision\b",
        r"\b(sera|esta siendo) (revisad|procesad|evaluad)",
        r"\brevisaremos\b",
        r"\ben el enlace\b[^.]{0,60}\bpara (confirmar|completar)",
        r"\bpara (confirmar|completar) (tu|su|la) (cancelacion|solicitud)\b[^.]{0,60}\b(enlace|correo)",
        r"\bsi (tu|su) solicitud (es|fuera|resulta) (aprobada|aceptada)",
        r"\b(aun|todavia) no\b",
    ),
    negated_after=(),
    flow=(
        "cancela",
        "dar(se)? de baja",
        "darse de baja",
        "anular",
    ),
    consequence=(
        "se cancelara",
        "finalizara",
        "sera cancelad",
        "hasta el",
        "fin del periodo",
        "estas seguro",
        "sera efectiv",
        "surtira efecto",
        "al final de (tu|su|el) periodo",
    ),
    final=(
        "confirmar",
        "finalizar",
        "(confirmar|finalizar) (la )?baja",
        "^si,? (cancelar|dar de baja)",
        "terminar",
        "complet(ar|a) (la )?(cancelacion|baja|disdetta)",
    ),
    away=(
        "^volver",
        "^regresar",
        "^mantener",
    ),
    cookie=("privacidad",),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(r"\bayuda\b",),
    restart=(r"\breactivar\b", r"\breanudar\b", r"\breiniciar\b"),
    active=(r"\bproximo (pago|cobro|cargo)\b",),
    failure=(r"\bse (ha )?produjo un error\b",),
    # the offline policy's (``offline.words``): which control it tries, never whether one asks
    offline_start=(r"\bcancelar\b", r"\bcancelacion\b", r"\bdar(se)? de baja\b", r"\banular\b"),
    offline_final=(r"\bfinalizar\b", r"\bconfirmar\b", r"^si,? cancelar"),
    offline_yes=(r"^si\b",),
    offline_never=(r"eliminar", r"borrar"),
    offline_decline=(
        r"\bno,? gracias\b", r"\bcontinuar (con la |con el )?cancelacion\b", r"\brechazar\b",
        r"\bahora no\b",
    ),
    offline_keep=(r"\baceptar\b", r"\bpausar\b", r"\bmantener\b", r"\bcambiar\b", r"\bvolver\b"),
    offline_toward=(
        r"\badministrar\b", r"\bgestionar\b", r"\bmembresia\b", r"\bsuscripcion\b", r"^cuenta$",
        r"\bmi cuenta\b",
    ),
    offline_after=(r"\blisto\b", r"\bomitir\b", r"\benviar\b"),
    offline_cookie=(r"privacidad",),
    offline_cookie_ok=(r"^aceptar", r"^rechazar"),
    offline_dismiss=(r"^cancelar$",),
    offline_other=(r"^otro",),
    offline_partner=(r"a traves de (apple|google|tu proveedor)",),
    offline_forward=(r"^continuar\b", r"^siguiente\b"),
    offline_newsletter=(r"novedades",),
    offline_offer=(),
    offline_profiles=(r"quien (esta viendo|ve)",),
    offline_profile_admin=(r"\b(administrar|editar|gestionar)\b.*\bperf",),
    offline_reason=(r"\bmotivo\b", r"\brazon\b", r"\bpor ?que\b", r"^seleccione"),
)  # fmt: skip

IT = Words(
    confirmed=(
        r"\b(abbonamento|iscrizione)\b.{0,40}\b(e stato|e stata|e)( gia)? (annullat|disdett|cancellat)",
        r"\bdisdetta (e )?(confermata|completata)",
    ),
    period_end=(r"\b(abbonamento|iscrizione)\b[^.;]{0,30}\b(terminera|scadra|termina)",),
    state=(r"annullat", r"disdett", r"cancellat"),
    negated=(r"\bnon (e|ha|sia)\b", r"\bnon\b", r"\bmai\b"),
    conditional=(r"\bse\b", r"\bqualora\b", r"\bin qualsiasi momento\b"),
    pending=(
        r"\bin attesa\b",
        r"\bin (fase di )?(revisione|valutazione|elaborazione)\b",
        r"\bsara (esaminat|valutat|verificat|elaborat)",
        r"\bsul link\b[^.]{0,60}\bper (confermare|completare)",
        r"\bse la (tua|sua) richiesta (verra|sara|e) (approvata|accettata)",
        r"\bnon ancora\b",
    ),
    negated_after=(),
    flow=(
        "disdett",
        "disdic",
        "annulla",
    ),
    consequence=(
        "sara (disdett|annullat)",
        "avra effetto",
        "alla fine del periodo",
    ),
    final=(
        "conferma",
        "^si,? (disdici|annulla)",
    ),
    away=("^indietro",),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(r"\bassistenza\b",),
    restart=(r"\briattiva", r"\briprendi\b"),
    active=(r"\bprossimo (pagamento|addebito)\b",),
    failure=(r"\bsi e verificato un errore\b",),
    # the offline policy's (``offline.words``): which control it tries, never whether one asks
    offline_start=(
        r"\bannulla", r"\bdisdic", r"\bdisdetta\b",
        r"\btermina (l'|il |la )?(abbonamento|iscrizione)",
    ),
    offline_final=(r"\bconferma", r"\bconcludi\b", r"\bcompleta\b"),
    offline_yes=(r"^si\b",),
    offline_never=(r"elimina",),
    offline_decline=(
        r"\bno,? grazie\b", r"\bcontinua (con la )?(disdetta|cancellazione|annullamento)\b",
        r"\brifiuta\b",
    ),
    offline_keep=(
        r"\baccetta\b", r"\bsospendi\b", r"\bmantieni\b", r"\bcambia\b", r"\bindietro\b",
    ),
    offline_toward=(r"\bgestisci\b", r"\babbonamento\b"),
    offline_after=(r"\bfatto\b", r"\bsalta\b", r"\binvia\b"),
    offline_cookie=(r"riservatezza",),
    offline_cookie_ok=(r"^accetta", r"^rifiuta"),
    offline_dismiss=(r"^annulla$",),
    offline_other=(r"^altro",),
    offline_partner=(),
    offline_forward=(r"^continua\b", r"^avanti\b", r"^prosegui\b"),
    offline_newsletter=(r"novita",),
    offline_offer=(),
    offline_profiles=(r"chi (guarda|vuole guardare)",),
    offline_profile_admin=(r"\bgestisci\b.*\bperf",),
    offline_reason=(r"\bmotivo\b", r"\bperche\b", r"^seleziona"),
)  # fmt: skip

PT = Words(
    confirmed=(
        r"\b(assinatura|plano)\b.{0,40}\b(foi|esta)( ja)? cancelad",
        r"\bcancelamento (foi )?(confirmado|concluido)",
    ),
    period_end=(r"\b(assinatura|plano)\b[^.;]{0,30}\b(terminara|expira|termina|se encerra)",),
    state=(r"cancelad", r"cancelamento"),
    negated=(r"\bnao\b", r"\bnunca\b"),
    conditional=(
        r"^se\b",
        r"\bse (voce|sua|seu|o|a|for|houver|clicar|cancelar)\b",
        r"\bcaso\b",
        r"\bquando\b",
        r"\ba qualquer momento\b",
    ),
    pending=(
        r"\bpendente",
        r"\bem (analise|revisao)\b",
        r"\bsera (analisad|revisad|processad)",
        r"\bno link\b[^.]{0,60}\bpara (confirmar|concluir)",
        r"\bse (sua|a) solicitacao for (aprovada|aceita)",
        r"\bainda nao\b",
    ),
    negated_after=(),
    flow=("encerrar",),
    consequence=(
        "tera efeito",
        "no fim do periodo",
        "entrara em vigor",
    ),
    final=("concluir",),
    away=("^voltar",),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(r"\bajuda\b",),
    restart=(r"\breativar\b", r"\bretomar\b", r"\breiniciar\b"),
    active=(r"\bproximo pagamento\b",),
    failure=(),
    # the offline policy's (``offline.words``): which control it tries, never whether one asks
    offline_start=(r"\bcancelar\b", r"\bcancelamento\b", r"\banular\b", r"\bencerrar\b"),
    offline_final=(r"\bfinalizar\b", r"\bconfirmar\b", r"\bconcluir\b"),
    offline_yes=(r"^sim\b",),
    offline_never=(),
    offline_decline=(
        r"\bnao,? obrigad", r"\bcontinuar (con la |con el )?cancelamento\b", r"\brecusar\b",
    ),
    offline_keep=(r"\baceitar\b", r"\bpausar\b", r"\bmanter\b", r"\bvoltar\b"),
    offline_toward=(r"\bgerenciar\b", r"\bassinatura\b", r"^conta$", r"\badministrar\b"),
    offline_after=(r"\bconcluir\b", r"\bpular\b", r"\benviar\b", r"\bomitir\b"),
    offline_cookie=(r"privacidade",),
    offline_cookie_ok=(r"^aceitar",),
    offline_dismiss=(r"^cancelar$",),
    offline_other=(r"^outro",),
    offline_partner=(),
    offline_forward=(r"^continuar\b", r"^proximo\b", r"^seguinte\b"),
    offline_newsletter=(r"novidades",),
    offline_offer=(),
    offline_profiles=(r"quem (esta assistindo|vai assistir)", r"quem esta a ver"),
    offline_profile_admin=(r"\b(gerir|gerenciar|administrar|editar|adicionar)\b.*\bperf",),
    offline_reason=(r"\bmotivo\b", r"\bpor ?que\b", r"^selecione"),
)  # fmt: skip

NL = Words(
    confirmed=(
        r"\b(lidmaatschap|abonnement)\b.{0,40}\b(is|werd)( nu)? (opgezegd|beeindigd|geannuleerd)",
    ),
    period_end=(r"\b(lidmaatschap|abonnement)\b[^.;]{0,30}\b(eindigt|loopt af)",),
    state=(r"opgezegd", r"geannuleerd", r"beeindigd"),
    negated=(r"\bniet\b", r"\bgeen\b"),
    conditional=(r"\bals (je|jij|u|uw)\b", r"\bindien\b", r"\bmits\b", r"\baltijd\b"),
    pending=(
        r"\bin behandeling\b",
        r"\bwordt (beoordeeld|verwerkt)\b",
        r"\bin afwachting\b",
        r"\bop de link\b[^.]{0,60}\bom\b[^.]{0,30}\bte bevestigen",
        r"\bals (je|uw) verzoek (wordt )?goedgekeurd",
        r"\bnog niet\b",
    ),
    negated_after=(),
    flow=(
        "opzeg",
        "beeindig",
    ),
    consequence=(
        "gaat in (aan|op|per)",
        "einde van (je|uw|de) (huidige )?[a-z]*periode",
    ),
    final=(
        "bevestig",
        "^ja,? opzeggen",
        "opzegging (bevestigen|voltooien|afronden)",
        "voltooi",
        "afronden",
    ),
    away=("^terug",),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(),
    restart=(r"\bheractiveren\b", r"\bherstarten\b", r"\bhervatten\b"),
    active=(r"\bvolgende (betaling|afschrijving)\b",),
    failure=(),
    # the offline policy's (``offline.words``): which control it tries, never whether one asks
    offline_start=(r"\bopzeggen\b", r"\bbeeindig", r"\bstopzetten\b"),
    offline_final=(r"\bbevestig", r"\bvoltooi", r"\bafronden\b"),
    offline_yes=(r"^ja\b",),
    offline_never=(r"verwijder",),
    offline_decline=(r"\bnee,? bedankt\b", r"\bdoorgaan met opzeggen\b", r"\bweigeren\b"),
    offline_keep=(r"\baccepteren\b", r"\bpauzeren\b", r"\bbehouden\b", r"\bterug\b"),
    offline_toward=(r"\blidmaatschap\b", r"\bbeheren\b", r"\babonnement\b"),
    offline_after=(r"\bklaar\b", r"\boverslaan\b", r"\bverzenden\b"),
    offline_cookie=(),
    offline_cookie_ok=(r"^accepteren", r"^weigeren"),
    offline_dismiss=(),
    offline_other=(r"^anders", r"^andere"),
    offline_partner=(),
    offline_forward=(r"^doorgaan\b", r"^verder\b", r"^volgende\b"),
    offline_newsletter=(), offline_offer=(),
    offline_profiles=(r"wie kijkt",),
    offline_profile_admin=(r"\bbeheren\b.*\bperf", r"\bprofil(e|i|ek|er|es)?\b.*\bbeheer"),
    offline_reason=(r"\breden\b", r"\bwaarom\b", r"^kies"),
)  # fmt: skip

RO = Words(
    confirmed=(
        r"\b(abonamentul|abonament|calitatea de membru|contul)\b.{0,40}\b(a fost|este)( deja| cu succes)* (anulat|reziliat|incheiat|oprit)",
        r"\b(anularea|rezilierea) (a fost |este )?(confirmata|finalizata|efectuata)",
        r"\bai anulat\b",
        r"\banulat cu succes\b",
    ),
    period_end=(
        r"\b(abonamentul|abonament)\b[^.;]{0,30}\b(se va incheia|se incheie|expira|va expira|se termina)",
        r"\b(viziona\w*|accesul|acces|beneficia\w*)\b[^.;]{0,30}\bpana (la|pe|in)\b",
    ),
    state=(r"anulat", r"reziliat", r"anularea", r"rezilierea"),
    negated=(r"\bnu\b", r"\bniciodata\b", r"\besuat"),
    conditional=(r"\bdaca\b", r"\bin cazul in care\b", r"\boricand\b"),
    pending=(
        r"\bin asteptare\b",
        r"\bin curs de (analiza|procesare|verificare)\b",
        r"\bva fi (analizat|verificat|procesat)",
        r"\bpe linkul\b[^.]{0,60}\bpentru a (confirma|finaliza)",
        r"\bdaca (cererea|solicitarea)\b[^.]{0,20}\b(este|va fi) (aprobat|acceptat)",
        r"\binca nu\b",
    ),
    negated_after=(),
    flow=(),
    consequence=(),
    final=(
        "confirma",
        "finalizeaza",
    ),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): which control it tries, never whether one asks
    offline_start=(
        r"\banuleaza\b", r"\banulare\b", r"\banularea\b", r"\breziliaza\b",
        r"\bincheie abonamentul\b",
    ),
    offline_final=(r"\bconfirma\b", r"\bfinalizeaza\b", r"^da,? anuleaza"),
    offline_yes=(r"^da\b",),
    offline_never=(),
    offline_decline=(r"\bnu,? multumesc\b", r"\bcontinua (cu )?anularea\b", r"\bnu acum\b"),
    offline_keep=(r"\bpastreaza\b", r"\binapoi\b", r"\baccepta\b", r"\bintrerupe\b"),
    offline_toward=(r"^cont(ul)?( meu)?$", r"\bgestioneaza\b", r"\babonament(ul)?\b"),
    offline_after=(r"\bgata\b", r"\btrimite\b", r"\bomite\b", r"\bsari\b"),
    offline_cookie=(), offline_cookie_ok=(), offline_dismiss=(), offline_other=(),
    offline_partner=(),
    offline_forward=(r"^continua\b", r"^inainte\b", r"^urmatorul\b"),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

CA = Words(
    confirmed=(
        r"\b(subscripcio|abonament|compte)\b.{0,40}\b(s['’]ha|ha estat|esta)( ja)? (cancel·lad|cancelad|donad)",
        r"\bcancel·lacio (confirmada|completada)",
    ),
    period_end=(r"\b(subscripcio|abonament)\b[^.;]{0,30}\b(finalitzara|acabara|venc)",),
    state=(r"cancel·lad", r"cancelad", r"cancel·lacio"),
    negated=(r"\bno\b",),
    conditional=(r"\bsi\b(?![,!])", r"\bquan\b", r"\ben qualsevol moment\b"),
    pending=(r"\bpendent", r"\ben revisio\b", r"\bsera revisad"),
    negated_after=(),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

PL = Words(
    confirmed=(
        r"\b(członkostwo|czlonkostwo|subskrypcja|abonament)\b.{0,40}\b(zostało|zostalo|zostala|została|jest)( juz)? anulowan",
        r"\banulowanie (zostało |zostalo )?(zakonczone|potwierdzone)",
    ),
    period_end=(
        r"\b(członkostwo|czlonkostwo|subskrypcja|abonament)\b[^.;]{0,30}\b(wygasa|wygasnie|konczy sie|zakonczy sie)",
    ),
    state=(r"anulowan",),
    negated=(r"\bnie\b",),
    conditional=(r"\bjesli\b", r"\bjezeli\b", r"\bw kazdej chwili\b", r"\bgdy\b"),
    pending=(
        r"\boczekuj",
        r"\bw trakcie (rozpatrywania|weryfikacji)\b",
        r"\bzostanie rozpatrzon",
        r"\bjeszcze nie\b",
    ),
    negated_after=(),
    flow=(
        "anulowa",
        "anuluj",
        "rezygnac",
    ),
    consequence=(
        "zakonczy sie",
        "czy na pewno",
        "wejdzie w zycie",
        "z koncem (biezacego )?okresu",
    ),
    final=(
        "potwierdz",
        "zakoncz",
    ),
    away=(
        "^wroc",
        "^nie,? dziekuje",
        "^zachowaj",
    ),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(r"\bpomoc\b",),
    restart=(r"\bwznow",),
    active=(r"\bnastepna (platnosc|płatnosc|oplata)",),
    failure=(),
    # the offline policy's (``offline.words``): which control it tries, never whether one asks
    offline_start=(r"\banuluj\b", r"\banulowa", r"\bzrezygnuj\b", r"\brezygnac"),
    offline_final=(r"\bpotwierd", r"\bzakoncz"),
    offline_yes=(r"^tak\b",),
    offline_never=(), offline_decline=(), offline_keep=(),
    offline_toward=(r"członkostw", r"czlonkostw", r"\bzarzadzaj\b", r"^(konto|konta)$"),
    offline_after=(), offline_cookie=(),
    offline_cookie_ok=(r"^akceptuj",),
    offline_dismiss=(), offline_other=(), offline_partner=(),
    offline_forward=(r"^dalej\b", r"^kontynuuj\b"),
    offline_newsletter=(), offline_offer=(),
    offline_profiles=(r"kto ogl",),
    offline_profile_admin=(r"\bprofil(e|i|ek|er|es)?\b.*\bzarzadz",),
    offline_reason=(r"\bpowod", r"\bdlaczego\b", r"^wybierz"),
)  # fmt: skip

SV = Words(
    confirmed=(
        r"\b(medlemskap|prenumeration|abonnemang)\w*\b.{0,40}\b(har |ar )?(avslutats|avslutat|sagts upp|uppsagt)",
        r"\buppsagningen (ar )?(bekraftad|klar|genomford)",
    ),
    period_end=(
        r"\b(medlemskap|prenumeration|abonnemang)\w*\b[^.;]{0,30}\b(upphor|avslutas|slutar)",
    ),
    state=(r"avslutat", r"uppsagd", r"uppsagt"),
    negated=(r"\binte\b", r"\baldrig\b"),
    conditional=(r"\bom (du|din|ditt|er)\b", r"\bnar som helst\b"),
    pending=(r"\b(vantar|avvaktar)\b", r"\bgranskas\b", r"\bunder granskning\b", r"\binte annu\b"),
    negated_after=(),
    flow=(
        "avsluta",
        "uppsagning",
        "sag upp",
    ),
    consequence=(
        "avslutas",
        "ar du saker",
        "till och med",
        "galler fran",
        "slutet av (din|den) (nuvarande )?[a-z]*period",
    ),
    final=(
        "bekrafta",
        "slutfor",
        "fullfor",
    ),
    away=(
        "^tillbaka",
        "^nej,? tack",
        "^behall",
    ),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(r"\bhjalp",),
    restart=(r"\bateruppta\b", r"\bstarta om\b"),
    active=(r"\bnasta (betalning|debitering)",),
    failure=(),
    # the offline policy's (``offline.words``): which control it tries, never whether one asks
    offline_start=(r"\bavsluta\b", r"\bsag upp\b", r"\buppsagning\b"),
    offline_final=(r"\bbekrafta\b", r"\bslutfor\b"),
    offline_yes=(r"^ja\b",),
    offline_never=(), offline_decline=(), offline_keep=(),
    offline_toward=(r"medlemskap", r"\bhantera\b", r"^konto$"),
    offline_after=(), offline_cookie=(),
    offline_cookie_ok=(r"^godkann", r"^acceptera", r"^endast nodvandiga"),
    offline_dismiss=(), offline_other=(), offline_partner=(),
    offline_forward=(r"^fortsatt\b", r"^nasta\b"),
    offline_newsletter=(), offline_offer=(),
    offline_profiles=(r"vem tittar",),
    offline_profile_admin=(r"\bprofil(e|i|ek|er|es)?\b.*\bhantera",),
    offline_reason=(r"\banledning\b", r"\bvarfor\b", r"^valj"),
)  # fmt: skip

DA = Words(
    confirmed=(
        r"\b(medlemskab|medlemskap|abonnement)\w*\b.{0,40}\b(er|blev|ble)( nu)? (opsagt|afsluttet|avsluttet|sagt opp)",
    ),
    period_end=(
        r"\b(medlemskab|medlemskap|abonnement)\w*\b[^.;]{0,30}\b(ophorer|udlober|slutter|avsluttes|utloper)",
    ),
    state=(r"opsagt", r"avsluttet", r"afsluttet"),
    negated=(r"\bikke\b", r"\baldrig\b", r"\baldri\b"),
    conditional=(r"\bhvis (du|dere|i|din|dit)\b",),
    pending=(r"\b(afventer|venter pa)\b", r"\bunder behandling\b", r"\b(endnu|enna) ikke\b"),
    negated_after=(),
    flow=(
        "opsig",
        "opsag",
        "avslutt",
        "si opp",
    ),
    consequence=(
        "ophorer",
        "er du sikker",
        "avsluttes",
    ),
    final=(
        "bekræft",
        "gennemfor",
        "bekreft",
    ),
    away=(
        "^tilbage",
        "^nej,? tak",
        "^behold",
        "^tilbake",
        "^nei,? takk",
    ),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(r"\bhjælp", r"\bhjelp"),
    restart=(r"\bgenstart", r"\bgjenoppta", r"\bstart pa nytt\b"),
    active=(r"næste (betaling|opkrævning)", r"\bneste (betaling|trekk)"),
    failure=(),
    # the offline policy's (``offline.words``): which control it tries, never whether one asks
    offline_start=(r"\bopsig", r"\bsi opp\b", r"\bavslutt"),
    offline_final=(r"\bbekræft", r"\bbekreft"),
    offline_yes=(r"^ja\b",),
    offline_never=(), offline_decline=(), offline_keep=(),
    offline_toward=(r"medlemskab", r"medlemskap", r"\badministrer\b", r"^konto$"),
    offline_after=(), offline_cookie=(),
    offline_cookie_ok=(r"^accepter alle", r"^tillad", r"^kun nodvendige"),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(),
    offline_profiles=(r"hvem (ser|skal se)",),
    offline_profile_admin=(r"\bprofil(e|i|ek|er|es)?\b.*\badministrer",),
    offline_reason=(r"\barsag\b", r"\bhvorfor\b", r"^vælg", r"^velg"),
)  # fmt: skip

FI = Words(
    confirmed=(
        r"\b(jasenyys|jasenyytesi|tilaus|tilauksesi)\b.{0,40}\b(on )?(peruttu|paattynyt|lopetettu)",
    ),
    period_end=(r"\b(jasenyys|jasenyytesi|tilaus)\b[^.;]{0,30}\bpaattyy",),
    state=(r"peruttu",),
    negated=(r"\bei\b", r"\bepaonnistui\b"),
    conditional=(r"\bjos\b", r"\bmilloin tahansa\b"),
    pending=(r"\bodottaa\b", r"\bkasittelyssa\b", r"\btarkistetaan\b", r"\bei viela\b"),
    negated_after=(),
    flow=(
        "peruuta",
        "peruut",
        "irtisan",
    ),
    consequence=(
        "paattyy",
        "oletko varma",
    ),
    final=("vahvista",),
    away=(
        "^takaisin",
        "^ei,? kiitos",
    ),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(r"\bohje",),
    restart=(r"\baloita uudelleen\b",),
    active=(r"\bseuraava (maksu|veloitus)",),
    failure=(),
    # the offline policy's (``offline.words``): which control it tries, never whether one asks
    offline_start=(r"\bperuuta\b",),
    offline_final=(r"\bvahvista",),
    offline_yes=(r"^kylla\b",),
    offline_never=(), offline_decline=(), offline_keep=(),
    offline_toward=(r"\bjasenyy", r"^tili$"),
    offline_after=(), offline_cookie=(), offline_cookie_ok=(), offline_dismiss=(),
    offline_other=(), offline_partner=(), offline_forward=(), offline_newsletter=(),
    offline_offer=(),
    offline_profiles=(r"kuka katsoo",),
    offline_profile_admin=(),
    offline_reason=(r"\bsyy\b", r"\bmiksi\b", r"^valitse"),
)  # fmt: skip

TR = Words(
    confirmed=(
        r"\b(uyeli|aboneli)\w*\b.{0,40}\b(iptal edildi|sonlandırıldı|sonlandirildi)",
        r"\biptal (islemi |işlemi )?tamamlandı",
    ),
    period_end=(r"\b(uyeli|aboneli)\w*\b[^.;]{0,30}\b(sona erecek|sona erer|bitecek)",),
    state=(r"iptal",),
    negated=(r"\bdegil\b", r"edilmedi", r"edilemedi"),
    conditional=(r"\bistediginiz zaman\b", r"(r|s)(sanız|saniz|seniz)\b", r"\beger\b"),
    pending=(r"\bbeklemede\b", r"\bincelen", r"\bonaylanirsa\b", r"\bhenuz\b"),
    negated_after=(),
    flow=(
        "iptal",
        "sonlandir",
    ),
    consequence=(
        "sona erecek",
        "tarihine kadar",
        "emin misiniz",
        "gecerli olur",
        "doneminizin sonunda",
    ),
    final=(
        "onayla",
        "tamamla",
    ),
    away=(
        "^geri",
        "^vazgec",
        "^hayir",
    ),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(r"\byardım",),
    restart=(r"\byeniden baslat", r"\btekrar katil"),
    active=(r"\bsonraki (odeme|ödeme)",),
    failure=(),
    # the offline policy's (``offline.words``): which control it tries, never whether one asks
    offline_start=(r"\biptal\b",),
    offline_final=(r"\bonayla", r"\btamamla"),
    offline_yes=(r"^evet\b",),
    offline_never=(), offline_decline=(), offline_keep=(),
    offline_toward=(r"\buyeli", r"\baboneli", r"\byonet", r"^hesap$"),
    offline_after=(), offline_cookie=(),
    offline_cookie_ok=(r"^kabul",),
    offline_dismiss=(), offline_other=(), offline_partner=(),
    offline_forward=(r"^devam\b", r"^ileri\b"),
    offline_newsletter=(), offline_offer=(),
    offline_profiles=(r"kim izliyor",),
    offline_profile_admin=(r"\bprofil(e|i|ek|er|es)?\b.*\byonet",),
    offline_reason=(r"\bneden\b", r"^secin"),
)  # fmt: skip

CS = Words(
    confirmed=(
        r"\b(clenstvi|predplatne)\b.{0,40}\b(bylo|je)( uspesne)? (zruseno|ukonceno)",
        r"\bzruseni (bylo )?(dokonceno|potvrzeno)",
    ),
    period_end=(r"\b(clenstvi|predplatne)\b[^.;]{0,30}\b(skonci|vyprsi|konci)",),
    state=(r"zrusen",),
    negated=(r"\bneby", r"\bnebylo\b", r"\bnen[ií]\b"),
    conditional=(r"\bpokud\b", r"\bkdykoli\b", r"\bjestli\b"),
    pending=(r"\bceka na\b", r"\bposuzovan", r"\bbude posouzen", r"\bzatim ne\b"),
    negated_after=(),
    flow=(
        "zrusit",
        "zruseni",
        "ukoncit",
        "ukonceni",
    ),
    consequence=(
        "skonci",
        "opravdu",
    ),
    final=(
        "potvrd",
        "dokoncit",
    ),
    away=(
        "^zpet",
        "^ne,? dekuji",
        "^ponechat",
    ),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(r"\bnapoveda",),
    restart=(r"\bobnovit\b",),
    active=(r"\bdalsi platba",),
    failure=(),
    # the offline policy's (``offline.words``): which control it tries, never whether one asks
    offline_start=(r"\bzrusit\b", r"\bzrus\b"),
    offline_final=(r"\bpotvrd",),
    offline_yes=(r"^ano\b",),
    offline_never=(), offline_decline=(), offline_keep=(),
    offline_toward=(r"\bclenstvi\b", r"\bpredplatne\b", r"\bspravovat\b", r"^ucet$"),
    offline_after=(), offline_cookie=(),
    offline_cookie_ok=(r"^prijmout",),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(),
    offline_profiles=(r"kdo (se )?diva",),
    offline_profile_admin=(r"\bprofil(e|i|ek|er|es)?\b.*\bspravovat",),
    offline_reason=(r"\bduvod\b", r"^vyberte"),
)  # fmt: skip

SK = Words(
    confirmed=(
        r"\b(clenstvo|predplatne)\b.{0,40}\b(bolo|je)( uspesne)? (zrusene|ukoncene)",
        r"\bzrusenie (bolo )?potvrdene",
    ),
    period_end=(r"\b(clenstvo|predplatne)\b[^.;]{0,30}\b(skonci|vyprsi|konci)",),
    state=(r"zrusen",),
    negated=(r"\bnebolo\b", r"\bnie je\b"),
    conditional=(r"\bak\b", r"\bkedykolvek\b"),
    pending=(r"\bcaka na\b", r"\bbude posuden", r"\bzatial nie\b"),
    negated_after=(),
    flow=(),
    consequence=(),
    final=("potvrdit",),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

HR = Words(  # Croatian, Bosnian and Serbian in Latin script
    confirmed=(
        r"\b(clanstvo|pretplata|pretplatu)\b.{0,40}\b(je|bila je|je bilo)( uspjesno| uspesno)? (otkazan|prekinut)",
        r"\botkazivanje (je )?(potvrdeno|zavrseno)",
    ),
    period_end=(r"\b(clanstvo|pretplata)\b[^.;]{0,30}\b(istice|zavrsava|prestaje)",),
    state=(r"otkazan",),
    negated=(r"\bnije\b", r"\bnisu\b"),
    conditional=(r"\bako\b", r"\bbilo kada\b"),
    pending=(r"\bna cekanju\b", r"\bbit ce (razmotren|pregledan)", r"\bjos nije\b"),
    negated_after=(),
    flow=(),
    consequence=(),
    final=("potvrdi",),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

HU = Words(
    confirmed=(
        r"\b(elofizetes|elofizetese|tagsag|tagsaga)\b.{0,40}\b(lemondva|megszunt|lemondtuk)",
    ),
    period_end=(r"\b(elofizetes|tagsag)\w*\b[^.;]{0,30}\b(lejar|megszunik)",),
    state=(r"lemond",),
    negated=(r"\bnem\b", r"\bsikertelen\b"),
    conditional=(r"\bha\b", r"\bbarmikor\b"),
    pending=(r"\bfuggoben\b", r"\belbiralas alatt\b", r"\bfeldolgozas alatt\b", r"\bmeg nem\b"),
    negated_after=(),
    flow=(
        "lemond",
        "felmond",
    ),
    consequence=(
        "megszunik",
        "biztos",
    ),
    final=(
        "megerosit",
        "veglegesit",
    ),
    away=(
        "^vissza",
        "^nem,? koszonom",
    ),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(r"\bsugo\b",),
    restart=(r"\bujrainditas\b",),
    active=(r"\bkovetkezo (fizetes|terheles)",),
    failure=(),
    # the offline policy's (``offline.words``): which control it tries, never whether one asks
    offline_start=(r"\blemond",),
    offline_final=(r"\bmegerosit",),
    offline_yes=(r"^igen\b",),
    offline_never=(), offline_decline=(), offline_keep=(),
    offline_toward=(r"\btagsag", r"\bkezel", r"^fiok$"),
    offline_after=(), offline_cookie=(),
    offline_cookie_ok=(r"^elfogad",),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(),
    offline_profiles=(r"ki nez",),
    offline_profile_admin=(),
    offline_reason=(r"\bmiert\b", r"^valasszon"),
)  # fmt: skip

EL = Words(
    confirmed=(r"\b(συνδρομη|συνδρομη σας)\b.{0,40}ακυρωθηκε", r"η ακυρωση ολοκληρωθηκε"),
    period_end=(r"θα ληξει",),
    state=(r"ακυρω",),
    negated=(r"\bδεν\b",),
    conditional=(r"\bαν\b", r"\bεαν\b"),
    pending=(r"εκκρεμ", r"υπο εξεταση", r"θα εξεταστει"),
    negated_after=(),
    flow=(
        "ακυρω",
        "διακοπη",
    ),
    consequence=(
        "θα ληξει",
        "ειστε σιγουρ",
    ),
    final=(
        "επιβεβαιω",
        "ολοκληρω",
    ),
    away=(
        "^πισω",
        "^οχι",
    ),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(r"βοηθεια",),
    restart=(r"επανεναρξη",),
    active=(r"επομενη πληρωμη",),
    failure=(),
    # the offline policy's (``offline.words``): which control it tries, never whether one asks
    offline_start=(r"\bανακλ", r"\bακύρωσ"),
    offline_final=(), offline_yes=(), offline_never=(), offline_decline=(), offline_keep=(),
    offline_toward=(r"συνδρομ", r"^λογαριασμος$"),
    offline_after=(), offline_cookie=(),
    offline_cookie_ok=(r"^αποδοχη",),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(),
    offline_profiles=(r"ποιος βλεπει",),
    offline_profile_admin=(),
    offline_reason=(r"λογο", r"γιατι", r"^επιλεξτε"),
)  # fmt: skip

RU = Words(
    confirmed=(
        r"(подписка|членство|аккаунт)( была| успешно)* (отменена|прекращена)",
        r"отмена (подтверждена|завершена)",
    ),
    period_end=(r"(закончится|истекает|действует до)",),
    state=(r"отмен",),
    negated=(r"\bне\b",),
    conditional=(r"если", r"в любое время"),
    pending=(r"на рассмотрении", r"ожида", r"будет рассмотрен", r"(еще|ещё) не"),
    negated_after=(),
    flow=(
        "отмен",
        "отказ",
    ),
    consequence=(
        "будет (отменен|прекращен)",
        "вы уверены",
    ),
    final=(
        "подтверд",
        "завершить",
    ),
    away=("^назад",),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(r"помощь", r"справк"),
    restart=(r"возобнов",),
    active=(r"следующ(ий|ее) (платеж|списание)",),
    failure=(),
    # the offline policy's (``offline.words``): which control it tries, never whether one asks
    offline_start=(r"отмен", r"отключ"),
    offline_final=(r"подтверд",),
    offline_yes=(r"^да\b",),
    offline_never=(r"удал",),
    offline_decline=(r"нет,? спасибо", r"продолжить отмену"),
    offline_keep=(r"принять", r"приостанов", r"сохранить", r"назад"),
    offline_toward=(r"аккаунт", r"подписк"),
    offline_after=(r"готово", r"пропустить", r"отправить"),
    offline_cookie=(r"файлы cookie",),
    offline_cookie_ok=(r"принять",),
    offline_dismiss=(),
    offline_other=(r"другое",),
    offline_partner=(),
    offline_forward=(r"^далее\b", r"^продолжить\b"),
    offline_newsletter=(), offline_offer=(),
    offline_profiles=(r"кто смотрит",),
    offline_profile_admin=(),
    offline_reason=(r"причин", r"почему"),
)  # fmt: skip

UK = Words(
    confirmed=(
        r"(підписк[ау]|членство|обліковий запис)( було| успішно)* (скасовано|припинено)",
        r"скасування (підтверджено|завершено)",
    ),
    period_end=(r"(закінчиться|спливає|діє до)",),
    state=(r"скасован",),
    negated=(r"\bне\b",),
    conditional=(r"якщо", r"будь-коли"),
    pending=(r"на розгляді", r"очіку", r"буде розглянуто", r"ще не"),
    negated_after=(),
    flow=(),
    consequence=(),
    final=(
        "підтверд",
        "завершити",
    ),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

BG = Words(
    confirmed=(
        r"(абонаментът|членството|абонамент)[^.]{0,40}(беше|е)( успешно)? (анулиран|прекратен)",
    ),
    period_end=(r"(ще изтече|изтича|ще приключи)",),
    state=(r"анулиран",),
    negated=(r"\bне\b",),
    conditional=(r"\bако\b", r"по всяко време"),
    pending=(r"в очакване", r"ще бъде разгледан", r"все още не"),
    negated_after=(),
    flow=(),
    consequence=(),
    final=("потвърд",),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

HE = Words(
    confirmed=(r"(המנוי|החברות|המינוי).{0,40}(בוטל|הסתיים)", r"הביטול הושלם"),
    period_end=(r"(המנוי|החברות)[^.;]{0,30}(יסתיים|תסתיים|יפוג)",),
    state=(r"בוטל",),
    negated=(r"\bלא\b",),
    conditional=(r"\bאם\b", r"בכל עת"),
    pending=(r"ממתינ", r"בבדיקה", r"ייבדק", r"תיבדק"),
    negated_after=(),
    flow=(
        "ביטול",
        "לבטל",
    ),
    consequence=(
        "יסתיים",
        "תסתיים",
        "בטוח",
    ),
    final=(
        "אישור",
        "אשר",
        "סיום",
    ),
    away=(
        "^חזרה",
        "^לא תודה",
    ),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(r"עזרה",),
    restart=(r"חידוש", r"הפעלה מחדש"),
    active=(r"החיוב הבא",),
    failure=(),
    # the offline policy's (``offline.words``): which control it tries, never whether one asks
    offline_start=(r"ביטול",),
    offline_final=(), offline_yes=(), offline_never=(), offline_decline=(), offline_keep=(),
    offline_toward=(r"מנוי", r"^חשבון$"),
    offline_after=(), offline_cookie=(),
    offline_cookie_ok=(r"^קבל",),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(),
    offline_profiles=(r"מי צופה",),
    offline_profile_admin=(),
    offline_reason=(r"סיבה", r"למה", r"^בחר"),
)  # fmt: skip

AR = Words(
    confirmed=(
        r"(اشتراكك|عضويتك|الاشتراك|العضوية).{0,40}(تم إلغاء|ألغي|أُلغي)",
        r"تم إلغاء (اشتراكك|عضويتك|الاشتراك|العضوية)",
    ),
    period_end=(r"(ينتهي|سينتهي|ستنتهي|تنتهي)",),
    state=(r"إلغاء", r"ألغي"),
    negated=(r"\bلم\b", r"\bلا\b", r"\bليس\b", r"\bلن\b"),
    conditional=(r"\bإذا\b", r"\bإن\b", r"في أي وقت"),
    pending=(r"قيد المراجعة", r"قيد الانتظار", r"معلق", r"ستتم مراجعة"),
    negated_after=(),
    flow=("إلغاء",),
    consequence=(
        "سيسري",
        "نهاية فترة الفوترة",
    ),
    final=("تأكيد",),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): which control it tries, never whether one asks
    offline_start=(r"إلغاء",),
    offline_final=(), offline_yes=(), offline_never=(), offline_decline=(), offline_keep=(),
    offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

FA = Words(
    confirmed=(
        r"(اشتراک|عضویت).{0,40}(لغو شد|لغو گردید)",
        r"لغو (اشتراک|عضویت) (انجام شد|با موفقیت)",
    ),
    period_end=(r"(به پایان می‌رسد|به پایان میرسد|منقضی می‌شود)",),
    state=(r"لغو",),
    negated=(r"\bن(شد|شده|می)",),
    conditional=(r"\bاگر\b", r"هر زمان"),
    pending=(r"در انتظار", r"در حال بررسی", r"بررسی خواهد شد"),
    negated_after=(),
    flow=(),
    consequence=(),
    final=("تایید",),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

HI = Words(
    confirmed=(r"(सदस्यता|सब्सक्रिप्शन|मेंबरशिप).{0,40}(रद्द कर दी गई|रद्द हो गई|रद्द की गई)",),
    period_end=(r"(समाप्त हो जाएगी|समाप्त होगी|तक देख)",),
    state=(r"रद्द",),
    negated=(r"नहीं", r"विफल"),
    negated_after=(r"^.{0,20}नहीं",),
    conditional=(r"\bअगर\b", r"\bयदि\b", r"किसी भी समय"),
    pending=(r"लंबित", r"समीक्षा", r"प्रक्रिया में"),
    flow=(),
    consequence=(),
    final=("पुष्टि",),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

ID = Words(
    confirmed=(
        r"\b(langganan|keanggotaan)\b.{0,40}\b(telah|sudah|berhasil) (dibatalkan|berakhir|dihentikan)",
        r"\bpembatalan (berhasil|selesai)",
    ),
    period_end=(r"\b(langganan|keanggotaan)\b[^.;]{0,30}\b(akan )?berakhir",),
    state=(r"dibatalkan",),
    negated=(r"\btidak\b", r"\bbelum\b", r"\bgagal\b"),
    conditional=(r"\bjika\b", r"\bapabila\b", r"\bkapan saja\b"),
    pending=(r"\bmenunggu\b", r"\bsedang ditinjau\b", r"\bakan ditinjau\b", r"\bdiproses\b"),
    negated_after=(),
    flow=(
        "batalkan",
        "pembatalan",
        "berhenti berlangganan",
    ),
    consequence=(
        "akan berakhir",
        "yakin",
    ),
    final=(
        "konfirmasi",
        "selesaikan",
    ),
    away=(
        "^kembali",
        "^tidak,? terima kasih",
    ),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(r"\bbantuan\b",),
    restart=(r"\bmulai ulang\b", r"\baktifkan kembali\b", r"\bberlangganan lagi\b"),
    active=(r"\bpembayaran berikutnya",),
    failure=(),
    # the offline policy's (``offline.words``): which control it tries, never whether one asks
    offline_start=(r"\bbatalkan\b",),
    offline_final=(r"\bselesaikan\b", r"\bkonfirmasi"),
    offline_yes=(r"^ya\b",),
    offline_never=(), offline_decline=(), offline_keep=(),
    offline_toward=(r"\blangganan\b", r"\bkeanggotaan\b", r"\bkelola\b", r"^akun$"),
    offline_after=(), offline_cookie=(),
    offline_cookie_ok=(r"^terima",),
    offline_dismiss=(), offline_other=(), offline_partner=(),
    offline_forward=(r"^lanjut",),
    offline_newsletter=(), offline_offer=(),
    offline_profiles=(r"siapa yang menonton",),
    offline_profile_admin=(),
    offline_reason=(r"\balasan\b", r"\bmengapa\b", r"^pilih"),
)  # fmt: skip

VI = Words(
    confirmed=(r"\b(da|đa) (bi |đuoc |duoc )?huy\b", r"\bhuy thanh cong\b"),
    period_end=(r"\bket thuc vao\b",),
    state=(r"\bhuy\b",),
    negated=(r"\bkhong\b", r"\bchua\b"),
    conditional=(r"\bneu\b", r"\bbat cu luc nao\b"),
    pending=(r"\b(dang|đang) cho\b", r"\b(dang|đang) (duoc )?xem xet\b"),
    negated_after=(),
    flow=(
        "\\bhuy\\b",
        "ngung (dang|đang) ky",
    ),
    consequence=(
        "se ket thuc",
        "ban co chac",
    ),
    final=(
        "xac nhan",
        "hoan tat",
    ),
    away=(
        "^quay lai",
        "^khong,? cam on",
    ),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(r"\btro giup\b",),
    restart=(r"\bkhoi (dong|đong) lai\b", r"\b(dang|đang) ky lai\b"),
    active=(r"\bthanh toan tiep theo",),
    failure=(),
    # the offline policy's (``offline.words``): which control it tries, never whether one asks
    offline_start=(r"\bhuy\b",),
    offline_final=(r"\bxac nhan\b", r"\bhoan tat\b"),
    offline_yes=(), offline_never=(), offline_decline=(), offline_keep=(),
    offline_toward=(r"\bgoi thanh vien\b", r"\bquan ly\b", r"^tai khoan$"),
    offline_after=(), offline_cookie=(),
    offline_cookie_ok=(r"^chap nhan",),
    offline_dismiss=(), offline_other=(), offline_partner=(),
    offline_forward=(r"^tiep tuc\b",),
    offline_newsletter=(), offline_offer=(),
    offline_profiles=(r"ai (dang|đang) xem",),
    offline_profile_admin=(),
    offline_reason=(r"\bly do\b", r"\btai sao\b", r"^chon"),
)  # fmt: skip

TH = Words(  # no spaces between words: no \b; the object sits between verb and "แล้ว"
    confirmed=(
        r"ยกเลิก.{0,40}(เรียบร้อย|สำเร็จ)",
        r"ยกเลิก.{0,40}แล้ว",
        r"(?<!จะ)(ถูก|ได้)ยกเลิก",
    ),
    period_end=(r"(สิ้นสุด|หมดอายุ)(ลง)?(ใน|ณ)?วันที่", r"(รับชม|ใช้งาน|ดู)ได้(จน|ถึง)"),
    state=(r"ยกเลิก",),
    negated=(r"ไม่", r"ยังไม่", r"ล้มเหลว"),
    negated_after=(r"^.{0,20}(ไม่สำเร็จ|ไม่ได้|ล้มเหลว)",),
    conditional=(
        r"ถ้า",
        r"หาก",
        r"^เมื่อ(?!วัน)",
        r"หลังจาก",
        r"ได้ทุกเมื่อ",
        r"ตลอดเวลา",
        r"อย่างไร",
        r"(หรือไม่|หรือเปล่า|ไหม|มั้ย)$",  # a question without its mark
    ),
    pending=(
        r"รอดำเนินการ",
        r"รอการ(ยืนยัน|ตรวจสอบ|อนุมัติ)",
        r"อยู่ระหว่าง(การ)?(ตรวจสอบ|ดำเนินการ|พิจารณา)",
        r"จะได้รับการ(ตรวจสอบ|พิจารณา)",
        r"กำลังดำเนินการ",
    ),
    flow=("ยกเลิก",),
    consequence=("สิ้นสุด",),
    final=("ยืนยัน",),
    away=("^ย้อนกลับ",),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): which control it tries, never whether one asks
    offline_start=(r"ยกเลิก",),
    offline_final=(r"ยืนยัน",),
    offline_yes=(), offline_never=(), offline_decline=(), offline_keep=(), offline_toward=(),
    offline_after=(), offline_cookie=(),
    offline_cookie_ok=(r"^ยอมรับ",),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(),
    offline_profiles=(r"ใครกำลังดู",),
    offline_profile_admin=(), offline_reason=(),
)  # fmt: skip

JA = Words(
    confirmed=(r"(解約|退会|キャンセル)(手続き)?(が|は)?(完了|されました|済み)",),
    period_end=(r"まで(視聴|ご利用|利用)", r"(終了日|に終了します)"),
    state=(r"解約", r"退会", r"取消"),
    negated=(r"未", r"失敗", r"できません"),
    negated_after=(r"^.{0,6}(ません|されていない)",),
    conditional=(r"場合", r"いつでも", r"たら"),
    pending=(r"審査中", r"確認中", r"保留中", r"処理中", r"承認され(れば|た場合)"),
    flow=(
        "解約",
        "退会",
        "キャンセル",
        "取り消",
    ),
    consequence=(
        "解約され",
        "終了します",
        "本当に",
        "有効になります",
        "請求期間の終わり",
    ),
    final=(
        "(解約|退会)(を)?(確定|完了)",
        "確定",
        "完了",
        "確認",
    ),
    away=("^戻る",),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(r"ヘルプ",),
    restart=(r"再開", r"再加入"),
    active=(r"次回(の)?(請求|お支払い|支払)",),
    failure=(),
    # the offline policy's (``offline.words``): which control it tries, never whether one asks
    offline_start=(r"解約", r"退会"),
    offline_final=(r"完了", r"確定", r"確認"),
    offline_yes=(r"^はい\b",),
    offline_never=(r"削除",),
    offline_decline=(r"いいえ", r"結構です", r"解約(を|手続きを)?続ける"),
    offline_keep=(r"一時停止", r"受け取る", r"戻る"),
    offline_toward=(r"アカウント", r"メンバーシップ"),
    offline_after=(r"完了", r"スキップ", r"送信"),
    offline_cookie=(r"クッキー",),
    offline_cookie_ok=(r"同意",),
    offline_dismiss=(),
    offline_other=(r"その他",),
    offline_partner=(),
    offline_forward=(r"次へ", r"続ける", r"続行"),
    offline_newsletter=(), offline_offer=(),
    offline_profiles=(r"誰が視聴",),
    offline_profile_admin=(),
    offline_reason=(r"理由",),
)  # fmt: skip

ZH = Words(
    confirmed=(r"(已|已经|已經|成功)(取消|退订|退訂|终止|終止)", r"(取消|退订|退訂)(成功|完成)"),
    period_end=(r"(到期|届满|屆滿|将于.{0,20}(结束|終止|终止))",),
    state=(r"取消", r"退订", r"退訂"),
    negated=(r"未", r"没有", r"沒有", r"失败", r"失敗"),
    conditional=(r"如果", r"随时", r"隨時", r"若"),
    pending=(
        r"审核中",
        r"審核中",
        r"待处理",
        r"待處理",
        r"处理中",
        r"處理中",
        r"尚未",
        r"如果.{0,20}(批准|通过|通過)",
    ),
    negated_after=(),
    flow=(
        "取消",
        "退订",
        "退訂",
    ),
    consequence=(
        "将被取消",
        "到期",
        "确定要",
        "確定要",
        "生效",
        "结算周期结束",
    ),
    final=("确认",),
    away=("^返回",),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(r"帮助", r"幫助"),
    restart=(r"重新(订阅|訂閱|开始|開始|加入)", r"恢复会员"),
    active=(r"下次(付款|扣款|续费)",),
    failure=(),
    # the offline policy's (``offline.words``): which control it tries, never whether one asks
    offline_start=(r"取消", r"退订", r"退訂"),
    offline_final=(r"确认", r"確認"),
    offline_yes=(r"^是\b",),
    offline_never=(r"删除",),
    offline_decline=(r"不用了", r"不,? ?谢谢", r"继续取消"),
    offline_keep=(r"接受", r"暂停", r"保留", r"返回"),
    offline_toward=(r"账户", r"帳戶", r"帐户", r"会员"),
    offline_after=(r"完成", r"跳过", r"提交"),
    offline_cookie=(r"隐私",),
    offline_cookie_ok=(r"同意", r"接受"),
    offline_dismiss=(),
    offline_other=(r"其他",),
    offline_partner=(),
    offline_forward=(r"进入下一步", r"下一步", r"继续", r"繼續"),
    offline_newsletter=(), offline_offer=(),
    offline_profiles=(r"谁在观看", r"誰在觀看"),
    offline_profile_admin=(),
    offline_reason=(r"原因", r"为什么", r"理由"),
)  # fmt: skip

KO = Words(
    confirmed=(
        r"(해지|취소)(가|이) ?완료",
        r"(해지|취소)(가|이)? ?(완료되었|완료됐|되었습니다|됐습니다)",
    ),
    period_end=(r"까지 (시청|이용)", r"(멤버십|구독|이용권)[^.;]{0,30}(종료|만료)"),
    state=(r"해지", r"취소"),
    negated=(r"않", r"실패"),
    negated_after=(r"^.{0,6}(않|없|되지)",),
    conditional=(r"경우", r"(르|하|되)(시)?면 ", r"언제든"),
    pending=(r"검토 ?중", r"대기 ?중", r"처리 ?중", r"승인되면", r"아직"),
    flow=(
        "해지",
        "취소",
    ),
    consequence=(
        "종료됩니다",
        "정말",
        "적용됩니다",
        "결제 기간이 끝나",
    ),
    final=(
        "(해지|탈퇴) ?(완료|확정)",
        "확인",
        "완료",
    ),
    away=(
        "^뒤로",
        "^돌아가",
        "^아니요",
        "^유지",
    ),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(r"도움말",),
    restart=(r"다시 시작", r"재가입"),
    active=(r"다음 결제",),
    failure=(),
    # the offline policy's (``offline.words``): which control it tries, never whether one asks
    offline_start=(r"해지",),
    offline_final=(r"확인",),
    offline_yes=(r"^네\b",),
    offline_never=(r"삭제",),
    offline_decline=(r"괜찮습니다", r"해지 계속"),
    offline_keep=(r"수락", r"일시정지", r"유지"),
    offline_toward=(r"계정", r"멤버십"),
    offline_after=(r"완료", r"건너뛰기", r"제출"),
    offline_cookie=(r"쿠키",),
    offline_cookie_ok=(r"동의",),
    offline_dismiss=(),
    offline_other=(r"기타",),
    offline_partner=(),
    offline_forward=(r"다음", r"계속"),
    offline_newsletter=(), offline_offer=(),
    offline_profiles=(r"누가 시청",),
    offline_profile_admin=(),
    offline_reason=(r"이유",),
)  # fmt: skip

# Primary subtags, and the words of each; "no"/"nb"/"nn" read Danish-Norwegian alike.
LANGUAGES: dict[str, Words] = {
    "en": EN, "de": DE, "fr": FR, "es": ES, "it": IT, "pt": PT, "nl": NL, "ro": RO, "ca": CA,
    "pl": PL, "sv": SV, "da": DA, "no": DA, "nb": DA, "nn": DA, "fi": FI, "tr": TR, "cs": CS,
    "sk": SK, "hr": HR, "bs": HR, "sr": HR + SR_CYRL, "hu": HU, "el": EL, "ru": RU, "uk": UK, "bg": BG,
    "he": HE, "iw": HE, "ar": AR, "fa": FA, "hi": HI, "id": ID, "in": ID, "ms": ID, "vi": VI,
    "th": TH, "ja": JA, "zh": ZH, "ko": KO, **WORLD,
}  # fmt: skip


# Words no one language owns, read by the offline policy wherever it is: plan names pages
# leave untranslated ("Premium", "Standard with ads"), a discount's "%", the "+" that adds a
# profile. Not a language (no page declares it, the judge has no rules for it), so it is not
# in ``LANGUAGES``; the gate's and the judge's categories are empty here and stay so.
NEUTRAL = Words(
    confirmed=(), period_end=(), state=(), negated=(), negated_after=(), conditional=(),
    pending=(), flow=(), consequence=(), final=(), away=(), cookie=(),
    help_page=(), restart=(), active=(), failure=(),
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(),
    offline_offer=(r"\b(basic|standard|premium|ads|mobile)\b", r"%"),
    offline_profiles=(),
    offline_profile_admin=(r"^\+",),
    offline_reason=(),
)  # fmt: skip


def phrases(category: str) -> tuple[str, ...]:
    """Every language's phrases of one category, each once, in the languages' order (then the
    neutral record's): what a language-blind pattern (the gate's, the offline policy's) reads."""
    records = (*LANGUAGES.values(), NEUTRAL)
    return tuple(dict.fromkeys(p for words in records for p in getattr(words, category)))
