"""Confirm steps in languages the judge holds no words for (and Afrikaans, Icelandic, Swahili).

Each ``Step`` is a flow's last two pages: the confirm page, which states when the subscription
ends and still offers the commit, and the page after it. Only the second may ever read as a
cancellation. The pages are written by ``confirm_page`` and ``done_page`` in three shapes of
commit: a form's submit, a single button that posts from script, and a submit disabled until a
reason is chosen.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape


@dataclass(frozen=True)
class Step:
    lang: str
    title: str
    ends: str  # "your subscription ends on DATE"
    commit: str  # the confirm page's commit control ("Cancel now")
    back: str  # a link back to the account
    done: str  # the page after the commit: "your subscription has been cancelled"


DEV = (
    Step(
        "af",  # Afrikaans: the report's case
        "Kanselleer intekening",
        "Jou intekening eindig op 2027-03-03.",
        "Kanselleer nou",
        "Terug",
        "Jou intekening is gekanselleer.",
    ),
    Step(
        "cy",  # Welsh
        "Canslo tanysgrifiad",
        "Bydd eich tanysgrifiad yn dod i ben ar 3 Mawrth 2027.",
        "Canslo nawr",
        "Yn ôl",
        "Mae eich tanysgrifiad wedi'i ganslo.",
    ),
    Step(
        "eu",  # Basque
        "Harpidetza bertan behera utzi",
        "Zure harpidetza 2027ko martxoaren 3an amaituko da.",
        "Utzi orain",
        "Itzuli",
        "Zure harpidetza bertan behera utzi da.",
    ),
    Step(
        "sw",  # Swahili
        "Ghairi usajili",
        "Usajili wako utaisha tarehe 3 Machi 2027.",
        "Ghairi sasa",
        "Rudi",
        "Usajili wako umeghairiwa.",
    ),
    Step(
        "is",  # Icelandic
        "Segja upp áskrift",
        "Áskriftin þín rennur út 3. mars 2027.",
        "Segja upp núna",
        "Til baka",
        "Áskriftinni þinni hefur verið sagt upp.",
    ),
    Step(
        "fo",  # Faroese
        "Sig upp haldi",
        "Haldið hjá tær endar 3. mars 2027.",
        "Sig upp nú",
        "Aftur",
        "Haldið hjá tær er sagt upp.",
    ),
    Step(
        "xh",  # Xhosa
        "Rhoxisa umrhumo",
        "Umrhumo wakho uza kuphela nge-3 kweyoKwindla 2027.",
        "Rhoxisa ngoku",
        "Buyela emva",
        "Umrhumo wakho urhoxisiwe.",
    ),
)

SHAPES = ("form", "script", "reason")


def confirm_page(step: Step, shape: str) -> str:
    """The confirm step: the period end, then the commit in one of ``SHAPES``."""
    commit = escape(step.commit)
    if shape == "form":
        control = f'<form method="post" action="done.html"><button>{commit}</button></form>'
    elif shape == "script":
        control = (
            f"<button type=\"button\" onclick=\"fetch('done.html', {{method: 'POST'}})"
            f".then(() => location.assign('done.html'))\">{commit}</button>"
        )
    else:
        control = (
            "<select onchange=\"document.querySelector('form button').disabled = !this.value\">"
            '<option value="">—</option><option value="1">1</option><option value="2">2</option>'
            f'</select><form action="done.html"><button disabled>{commit}</button></form>'
        )
    return _page(
        step,
        f"<h1>{escape(step.title)}</h1><p>{escape(step.ends)}</p>{control}"
        f'<a href="account.html">{escape(step.back)}</a>',
    )


def done_page(step: Step) -> str:
    """After the commit: the cancellation stated, the end date, a link back and no button."""
    return _page(
        step,
        f"<h1>{escape(step.done)}</h1><p>{escape(step.ends)}</p>"
        f'<a href="account.html">{escape(step.back)}</a>',
    )


def _page(step: Step, body: str) -> str:
    return (
        f'<!doctype html><html lang="{step.lang}"><head><meta charset="utf-8">'
        f"<title>{escape(step.title)}</title></head><body>{body}</body></html>"
    )
