"""The third set of variants, kept ASIDE: written before the offline policy's structural
rules, never tuned on; scored before and after (``python -m tests.flows.score i31-aside``).

Languages the offline policy holds no words for (Slovenian, Latvian, Afrikaans, Albanian), an
English wording it does not hold, and a look-alike: a cancelled account whose one button
restarts it. Built with ``tests.flows.i31_kit`` (chrome on every page, a change-plan page that
switches the plan, an offer that is taken by its button).
"""

from __future__ import annotations

from tests.flows.i31_kit import Words, already_cancelled, flow

_SL = Words(
    lang="sl",
    brand="Gledalko",
    menu=("Domov", "Filmi", "Serije", "Moj račun"),
    footer=("Pomoč", "Pogoji uporabe", "Zasebnost"),
    account="Moj račun",
    section="Naročnina",
    plan="Premium · 12,99 € na mesec",
    next_payment="Naslednje plačilo: 2027-03-03",
    change="Spremeni paket",
    way_in="Prekliči naročnino",
    plans=("Izberi Osnovni", "Izberi Standard"),
    back="Nazaj",
    confirm_heading="Ali res želite preklicati?",
    confirm_text="Naročnina se bo iztekla 2027-03-03. Po tem datumu ne bomo več bremenili kartice.",
    confirm_button="Potrdi preklic",
    done_heading="Preklic je potrjen",
    done_text="Vaša naročnina je bila uspešno preklicana. Gledate lahko do 2027-03-03.",
    cancelled_text="Vaša naročnina je bila preklicana. Velja do 2027-03-03.",
    restart="Obnovi naročnino",
)

_LV = Words(
    lang="lv",
    brand="Skaties",
    menu=("Sākums", "Filmas", "Seriāli", "Mans konts"),
    footer=("Palīdzība", "Noteikumi", "Privātums"),
    account="Mans konts",
    section="Abonements",
    plan="Standarts · 9,99 € mēnesī",
    next_payment="Nākamais maksājums: 2027-03-03",
    change="Mainīt plānu",
    way_in="Pārvaldīt abonementu",
    plans=("Izvēlēties Pamata", "Izvēlēties Premium"),
    back="Atpakaļ",
    manage_heading="Abonementa pārvaldība",
    manage_link="Atteikties no abonementa",
    change_first=True,
    confirm_heading="Apstipriniet atteikšanos",
    confirm_text="Jūsu abonements beigsies 2027-03-03. Pēc tam maksa netiks iekasēta.",
    confirm_button="Apstiprināt",
    done_heading="Gatavs",
    done_text="Jūsu abonements ir veiksmīgi atcelts. Skatīties varat līdz 2027-03-03.",
    cancelled_text="Jūsu abonements ir atcelts. Skatīties varat līdz 2027-03-03.",
    restart="Atjaunot abonementu",
)

_AF = Words(
    lang="af",
    brand="Kykkas",
    menu=("Tuis", "Rolprente", "Reekse", "My rekening"),
    footer=("Hulp", "Bepalings", "Privaatheid"),
    account="My rekening",
    section="Intekening",
    plan="Premium · R159 per maand",
    next_payment="Volgende betaling: 2027-03-03",
    change="Verander plan",
    way_in="Kanselleer intekening",
    plans=("Kies Basies", "Kies Standaard"),
    back="Terug",
    reasons_heading="Hoekom gaan jy weg?",
    reasons=("Te duur", "Ek kyk te min", "Iets anders"),
    reasons_next="Volgende",
    confirm_heading="Bevestig die kansellasie",
    confirm_text="Jou intekening eindig op 2027-03-03. Daarna word jy nie weer gehef nie.",
    confirm_button="Kanselleer nou",
    done_heading="Klaar",
    done_text="Jou intekening is suksesvol gekanselleer. Jy kan kyk tot 2027-03-03.",
    cancelled_text="Jou intekening is gekanselleer. Jy kan kyk tot 2027-03-03.",
    restart="Hervat intekening",
)

_SQ = Words(
    lang="sq",
    brand="Shiko",
    menu=("Kreu", "Filma", "Seriale", "Llogaria ime"),
    footer=("Ndihmë", "Kushtet", "Privatësia"),
    account="Llogaria ime",
    section="Abonimi",
    plan="Premium · 1.200 lekë në muaj · 11,99 €",
    next_payment="Pagesa e ardhshme: 2027-03-03",
    change="Ndrysho planin",
    way_in="Anulo abonimin",
    plans=("Zgjidh Bazë", "Zgjidh Standard"),
    back="Kthehu",
    offer_heading="Prisni! Një ofertë për ju",
    offer_text="Qëndroni dhe merrni 50% zbritje për 3 muaj.",
    offer_take="Merr ofertën",
    offer_decline="Jo faleminderit, vazhdo anulimin",
    confirm_heading="Konfirmoni anulimin",
    confirm_text="Abonimi juaj do të përfundojë më 2027-03-03.",
    confirm_button="Po, anuloje",
    done_heading="Përfundoi",
    done_text="Abonimi juaj u anulua me sukses. Mund të shikoni deri më 2027-03-03.",
    cancelled_text="Abonimi juaj është anuluar. Mund të shikoni deri më 2027-03-03.",
    restart="Rinovo abonimin",
)

_EN = Words(
    lang="en",
    brand="Plinko",
    menu=("Home", "Library", "Account"),
    footer=("Help", "Terms", "Privacy"),
    account="Account",
    section="Your Plinko Plus",
    plan="Plinko Plus · $7.99/month",
    next_payment="Renews on March 3, 2027",
    change="See other plans",
    way_in="I no longer want Plinko Plus",
    plans=("Choose Lite", "Choose Family"),
    back="Back",
    confirm_heading="Before you go",
    confirm_text="Plinko Plus ends on March 3, 2027 and you won't be billed after that.",
    confirm_button="Wrap it up",
    done_heading="All set",
    done_text="Your Plinko Plus subscription has been cancelled. You can use it until March 3, 2027.",
    cancelled_text="Your subscription has been cancelled. You can use it until March 3, 2027.",
    restart="Resubscribe",
)

VARIANTS = (
    flow(
        "a-sl-portal",
        _SL,
        "Slovenian: the subscription's section links 'change plan' and 'cancel'; a confirm "
        "page with one POST button",
    ),
    flow(
        "a-lv-manage",
        _LV,
        "Latvian: account -> manage page (its cancel link before 'change plan') -> confirm",
    ),
    flow(
        "a-af-reasons", _AF, "Afrikaans: account -> a reason step (radios, one button) -> confirm"
    ),
    flow(
        "a-sq-offer",
        _SQ,
        "Albanian: account -> a 50% offer (taken by its button, declined by a link) -> confirm",
    ),
    flow(
        "a-en-plinko",
        _EN,
        "English in words the policy does not hold: 'I no longer want Plinko Plus' -> 'Wrap it up'",
    ),
    already_cancelled(
        "a-sl-already",
        _SL,
        "Slovenian look-alike: already cancelled; the page's one button restarts it",
    ),
)
