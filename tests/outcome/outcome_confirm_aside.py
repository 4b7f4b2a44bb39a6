"""Confirm steps kept aside: written before the judge's fix was tried on them, never tuned on.

The same shape as ``outcome_confirm_dev``: each language's confirm page (the period end, then a
control to commit) and the page after the commit. None of these languages is one the judge
holds, so its words cannot be what decides; ``HELD_ASIDE`` are in languages it holds, written
without looking at its words for them (how each scores is reported, not tuned).
"""

from __future__ import annotations

from tests.outcome.outcome_confirm_dev import Step

ASIDE = (
    Step(
        "ga",  # Irish
        "Cealaigh an síntiús",
        "Críochnóidh do shíntiús ar 3 Márta 2027.",
        "Cealaigh anois",
        "Ar ais",
        "Tá do shíntiús cealaithe.",
    ),
    Step(
        "mt",  # Maltese
        "Ikkanċella l-abbonament",
        "L-abbonament tiegħek jintemm fit-3 ta' Marzu 2027.",
        "Ikkanċella issa",
        "Lura",
        "L-abbonament tiegħek ġie kkanċellat.",
    ),
    Step(
        "lb",  # Luxembourgish
        "Abonnement kënnegen",
        "Däin Abonnement leeft de 3. Mäerz 2027 of.",
        "Elo kënnegen",
        "Zréck",
        "Däin Abonnement gouf gekënnegt.",
    ),
    Step(
        "gl",  # Galician
        "Cancelar a subscrición",
        "A túa subscrición remata o 3 de marzo de 2027.",
        "Cancelar agora",
        "Volver",
        "A túa subscrición foi cancelada.",
    ),
)

HELD_ASIDE = (
    Step(
        "sl",  # Slovenian
        "Prekliči naročnino",
        "Vaša naročnina se konča 3. marca 2027.",
        "Prekliči zdaj",
        "Nazaj",
        "Vaša naročnina je bila preklicana.",
    ),
    Step(
        "sq",  # Albanian
        "Anulo abonimin",
        "Abonimi juaj përfundon më 3 mars 2027.",
        "Anulo tani",
        "Kthehu",
        "Abonimi juaj është anuluar.",
    ),
    Step(
        "zu",  # Zulu
        "Khansela okubhalisile",
        "Okubhalisile kwakho kuzophela ngomhla ka-3 Mashi 2027.",
        "Khansela manje",
        "Buyela emuva",
        "Okubhalisile kwakho kukhanseliwe.",
    ),
    Step(
        "lv",  # Latvian
        "Atcelt abonementu",
        "Jūsu abonements beigsies 2027. gada 3. martā.",
        "Atcelt tūlīt",
        "Atpakaļ",
        "Jūsu abonements ir atcelts.",
    ),
    Step(
        "hr",  # Croatian
        "Otkaži pretplatu",
        "Vaša pretplata završava 3. ožujka 2027.",
        "Otkaži sada",
        "Natrag",
        "Vaša pretplata je otkazana.",
    ),
)
