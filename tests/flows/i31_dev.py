"""The third set of variants for the offline policy, DEV half (tuned on; ``i31_aside`` is not).

The kinds asked for: German "Vertrag verwalten" / "Jetzt Vertrag beenden", an Icelandic
flow, "Stop paying for Bloop"; and Icelandic with its change-plan link last and a retention offer
taken by its button. Built with ``tests.flows.i31_kit``.
"""

from __future__ import annotations

from tests.flows.i31_kit import Words, flow

_DE = Words(
    lang="de",
    brand="Streamo",
    menu=("Startseite", "Filme", "Serien", "Mein Konto"),
    footer=("Hilfe", "AGB", "Impressum"),
    account="Mein Konto",
    section="Dein Vertrag",
    plan="Premium · 17,99 € monatlich",
    next_payment="Nächste Zahlung: 03.03.2027",
    change="Tarif ändern",
    way_in="Vertrag verwalten",
    plans=("Basis wählen", "Standard wählen"),
    back="Zurück",
    manage_heading="Vertragsdetails",
    manage_link="Vertrag beenden",
    confirm_heading="Willst du deinen Vertrag wirklich beenden?",
    confirm_text="Dein Vertrag endet am 03.03.2027. Danach wird nichts mehr abgebucht.",
    confirm_button="Jetzt Vertrag beenden",
    done_heading="Vertrag beendet",
    done_text="Deine Mitgliedschaft wurde gekündigt. Du kannst bis zum 03.03.2027 weiterschauen.",
    cancelled_text="Deine Mitgliedschaft wurde gekündigt. Sie endet am 03.03.2027.",
    restart="Vertrag fortsetzen",
)

_IS = Words(
    lang="is",
    brand="Sjónvarp+",
    menu=("Forsíða", "Kvikmyndir", "Þættir", "Mínar síður"),
    footer=("Hjálp", "Skilmálar", "Persónuvernd"),
    account="Mínar síður",
    section="Áskrift",
    plan="Premium · 2.990 kr. á mánuði",
    next_payment="Næsta greiðsla: 3. mars 2027",
    change="Breyta áskrift",
    way_in="Stjórna áskrift",
    plans=("Velja Grunn", "Velja Staðal"),
    back="Til baka",
    manage_heading="Áskriftin þín",
    manage_link="Segja upp áskrift",
    confirm_heading="Ertu viss?",
    confirm_text="Áskriftin þín rennur út 3. mars 2027.",
    confirm_button="Staðfesta uppsögn",
    done_heading="Takk fyrir",
    done_text="Áskrift þín hefur verið sagt upp. Þú hefur aðgang til 3. mars 2027.",
    cancelled_text="Áskrift þín hefur verið sagt upp. Aðgangur til 3. mars 2027.",
    restart="Endurnýja áskrift",
)

_IS_OFFER = Words(
    lang="is",
    brand="Hlusta",
    menu=("Heim", "Hlaðvörp", "Bækur", "Aðgangurinn minn"),
    footer=("Aðstoð", "Skilmálar", "Vafrakökur"),
    account="Aðgangurinn minn",
    section="Áskriftarleið",
    plan="Fjölskylda · 3.490 kr. á mánuði",
    next_payment="Endurnýjast 3. mars 2027",
    change="Skipta um leið",
    way_in="Hætta áskrift",
    plans=("Velja Einstakling", "Velja Nema"),
    back="Til baka",
    change_first=True,
    offer_heading="Bíddu aðeins!",
    offer_text="Fáðu 40% afslátt í þrjá mánuði ef þú verður áfram.",
    offer_take="Þiggja tilboð",
    offer_decline="Nei takk, halda áfram",
    confirm_heading="Staðfesta",
    confirm_text="Áskriftin þín rennur út 3. mars 2027.",
    confirm_button="Ljúka uppsögn",
    done_heading="Búið",
    done_text="Áskrift þín hefur verið sagt upp. Þú hefur aðgang til 3. mars 2027.",
    cancelled_text="Áskrift þín hefur verið sagt upp. Aðgangur til 3. mars 2027.",
    restart="Endurnýja",
)

_BLOOP = Words(
    lang="en",
    brand="Bloop",
    menu=("Home", "Discover", "Settings"),
    footer=("Help center", "Terms", "Privacy"),
    account="Settings",
    section="Billing",
    plan="Bloop Pro · $9.99/month",
    next_payment="Next charge: March 3, 2027",
    change="Compare plans",
    way_in="Stop paying for Bloop",
    plans=("Pick Starter", "Pick Team"),
    back="Back",
    confirm_heading="We're sad to see you go",
    confirm_text="Bloop Pro ends on March 3, 2027. No more charges after that.",
    confirm_button="Stop my payments",
    done_heading="Done",
    done_text="Your Bloop Pro subscription has been cancelled. You can use it until March 3, 2027.",
    cancelled_text="Your subscription has been cancelled. You can use it until March 3, 2027.",
    restart="Resubscribe",
)

VARIANTS = (
    flow(
        "i-de-vertrag",
        _DE,
        "German: 'Vertrag verwalten' -> 'Vertrag beenden' -> 'Jetzt Vertrag beenden' (POST)",
    ),
    flow(
        "i-is-askrift",
        _IS,
        "Icelandic: 'Stjórna áskrift' -> 'Segja upp áskrift' -> 'Staðfesta uppsögn' (POST)",
    ),
    flow(
        "i-is-offer",
        _IS_OFFER,
        "Icelandic: the way in before 'change plan'; a 40% offer taken by its button, declined "
        "by a link; 'Ljúka uppsögn' (POST)",
    ),
    flow("i-en-bloop", _BLOOP, "English: 'Stop paying for Bloop' -> 'Stop my payments' (POST)"),
)
