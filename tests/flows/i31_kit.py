"""A builder for the i31 flow variants (i31_dev.py, i31_aside.py): an account page with the
site's chrome (a header menu and a footer on every page), the subscription's own section (a
plan, its price, its next payment) with its links, then an optional manage page, an optional
retention offer, an optional reason step, a confirm page (one POST button and a way back),
and a done page.

Beside the way to cancel, each variant has a way that only looks alike: a "change plan" page
whose buttons switch the plan (``accepted:plan``), an offer (``accepted:offer``), and, once
cancelled, a restart (``restarted``): a right run takes none of them.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from subterminator.services import ServiceConfig
from tests.flows.site import (
    Reply,
    Request,
    State,
    Step,
    Variant,
    after_cancel,
    by_state,
    cancel_then,
    check,
    click,
    doc,
    final,
    note_then,
    redirect,
    restart_then,
    unless_cancelled,
)


@dataclass(frozen=True)
class Words:
    """Every string a variant shows, in its language."""

    lang: str
    brand: str
    menu: tuple[str, ...]  # the header's links (the last one leads to the account)
    footer: tuple[str, ...]
    account: str  # the account page's heading
    section: str  # the subscription section's heading
    plan: str  # "Premium · 12,99 €/month"
    next_payment: str  # "Next payment: 2027-03-03"
    change: str  # the link to change plan
    way_in: str  # the link that leads toward cancelling
    plans: tuple[str, ...]  # the change-plan page's buttons
    back: str
    confirm_heading: str
    confirm_text: str  # states the end date
    confirm_button: str
    done_heading: str
    done_text: str  # the outcome judge reads it as cancelled
    cancelled_text: str  # the account page once cancelled
    restart: str
    manage_heading: str = ""  # a manage page between the account and the confirm page
    manage_link: str = ""  # its link toward cancelling
    offer_heading: str = ""  # a retention offer before the confirm page
    offer_text: str = ""  # names a percentage
    offer_take: str = ""  # a button: takes the offer
    offer_decline: str = ""  # a link: goes on cancelling
    reasons_heading: str = ""  # a reason step (radios and one button)
    reasons: tuple[str, ...] = ()
    reasons_next: str = ""
    change_first: bool = False  # the change-plan link after (not before) the way in


CSS = """body{font:16px system-ui,sans-serif;margin:0}header,footer{background:#222;color:#fff;
padding:10px 24px}header a,footer a{color:#fff;margin-right:16px}main{max-width:720px;
margin:24px auto}section{border:1px solid #ddd;padding:12px 20px;margin:12px 0}
.danger{background:#c62828;color:#fff;border:0;padding:10px 18px}"""


def _e(text: str) -> str:
    return html.escape(text)


def _page(w: Words, title: str, body: str) -> str:
    menu = "".join(f'<a href="{{{{B}}}}/account">{_e(m)}</a>' for m in w.menu)
    foot = "".join(f'<a href="{{{{B}}}}/help">{_e(f)}</a>' for f in w.footer)
    chrome = f"<header><strong>{_e(w.brand)}</strong> {menu}</header>"
    return doc(
        f"{title} | {w.brand}",
        f"{chrome}<main>{body}</main><footer>{foot}</footer>",
        lang=w.lang,
        css=CSS,
    )


def _account(w: Words) -> str:
    first = "manage" if w.manage_heading else _after_way_in(w)
    links = [
        f'<a href="{{{{B}}}}/plan">{_e(w.change)}</a>',
        f'<a href="{{{{B}}}}/{first}">{_e(w.way_in)}</a>',
    ]
    if w.change_first:
        links.reverse()
    return _page(
        w,
        w.account,
        f"<h1>{_e(w.account)}</h1><section><h2>{_e(w.section)}</h2><p>{_e(w.plan)}</p>"
        f"<p>{_e(w.next_payment)}</p><p>{' · '.join(links)}</p></section>",
    )


def _after_way_in(w: Words) -> str:
    if w.offer_heading:
        return "offer"
    if w.reasons_heading:
        return "reasons"
    return "confirm"


def _manage(w: Words) -> str:
    return _page(
        w,
        w.manage_heading,
        f"<h1>{_e(w.manage_heading)}</h1><section><h2>{_e(w.section)}</h2>"
        f"<p>{_e(w.plan)}</p><p>{_e(w.next_payment)}</p>"
        f'<p><a href="{{{{B}}}}/plan">{_e(w.change)}</a> · '
        f'<a href="{{{{B}}}}/{_after_way_in(w)}">{_e(w.manage_link)}</a></p></section>'
        f'<p><a href="{{{{B}}}}/account">{_e(w.back)}</a></p>',
    )


def _plan(w: Words) -> str:
    forms = "".join(
        f'<form method="post" action="{{{{B}}}}/plan/choose"><input type="hidden" name="p" '
        f'value="{i}"><button>{_e(p)}</button></form>'
        for i, p in enumerate(w.plans)
    )
    return _page(
        w,
        w.change,
        f'<h1>{_e(w.change)}</h1>{forms}<p><a href="{{{{B}}}}/account">{_e(w.back)}</a></p>',
    )


def _offer(w: Words) -> str:
    after = "reasons" if w.reasons_heading else "confirm"
    return _page(
        w,
        w.offer_heading,
        f"<h1>{_e(w.offer_heading)}</h1><section><h2>{_e(w.offer_heading)}</h2>"
        f"<p>{_e(w.offer_text)}</p>"
        f'<form method="post" action="{{{{B}}}}/offer/take"><button>{_e(w.offer_take)}</button>'
        f'</form><p><a href="{{{{B}}}}/{after}">{_e(w.offer_decline)}</a></p></section>',
    )


def _reasons(w: Words) -> str:
    radios = "".join(
        f'<label><input type="radio" name="r" value="{i}"> {_e(r)}</label><br>'
        for i, r in enumerate(w.reasons)
    )
    return _page(
        w,
        w.reasons_heading,
        f"<h1>{_e(w.reasons_heading)}</h1>"
        f'<form method="post" action="{{{{B}}}}/reasons/send">{radios}'
        f"<button>{_e(w.reasons_next)}</button></form>"
        f'<p><a href="{{{{B}}}}/account">{_e(w.back)}</a></p>',
    )


def _confirm(w: Words) -> str:
    return _page(
        w,
        w.confirm_heading,
        f"<h1>{_e(w.confirm_heading)}</h1><p>{_e(w.confirm_text)}</p>"
        f'<form method="post" action="{{{{B}}}}/confirm/do">'
        f'<button class="danger">{_e(w.confirm_button)}</button></form>'
        f'<p><a href="{{{{B}}}}/account">{_e(w.back)}</a></p>',
    )


def _cancelled_account(w: Words) -> str:
    return _page(
        w,
        w.account,
        f"<h1>{_e(w.account)}</h1><section><h2>{_e(w.section)}</h2>"
        f"<p>{_e(w.cancelled_text)}</p>"
        f'<form method="post" action="{{{{B}}}}/restart"><button>{_e(w.restart)}</button></form>'
        f"</section>",
    )


def _done(w: Words) -> str:
    return _page(
        w,
        w.done_heading,
        f"<h1>{_e(w.done_heading)}</h1><p>{_e(w.done_text)}</p>"
        f'<p><a href="{{{{B}}}}/account">{_e(w.account)}</a></p>',
    )


def _reason_sent(request: Request, state: State) -> Reply | str:
    if request.method != "POST":
        return Reply("", 405)
    state.note(f"reason:{request.value('r')}")
    return redirect("/confirm")


def flow(name: str, w: Words, description: str, *, service: ServiceConfig | None = None) -> Variant:
    """A variant that cancels on the confirm page's one POST, and only there."""
    routes: dict[str, object] = {
        "account": by_state(_account(w), _cancelled_account(w)),
        "plan": _plan(w),
        "plan/choose": note_then("accepted:plan", "/account", form_key="p"),
        "help": _page(w, w.footer[0], f"<h1>{_e(w.footer[0])}</h1>"),
        "confirm": unless_cancelled(_confirm(w), "/done"),
        "confirm/do": cancel_then("/done"),
        "done": after_cancel(_done(w), "/account"),
        "restart": restart_then("/account"),
    }
    walk: list[Step] = []
    if w.manage_heading:
        routes["manage"] = _manage(w)
        walk += [click(w.way_in, "link"), click(w.manage_link, "link")]
    else:
        walk.append(click(w.way_in, "link"))
    if w.offer_heading:
        routes["offer"] = _offer(w)
        routes["offer/take"] = note_then("accepted:offer", "/account")
        walk.append(click(w.offer_decline, "link"))
    if w.reasons_heading:
        routes["reasons"] = _reasons(w)
        routes["reasons/send"] = _reason_sent
        walk += [check(w.reasons[-1], role="radio"), click(w.reasons_next)]
    walk.append(final(w.confirm_button))
    return Variant(
        name=name,
        start="account",
        description=description,
        expect="cancelled",
        routes=routes,  # type: ignore[arg-type]
        walk=tuple(walk),
        lang=w.lang,
        service=service,
    )


def already_cancelled(name: str, w: Words, description: str) -> Variant:
    """The account is cancelled already; its one new button restarts it: never pressed."""
    return Variant(
        name=name,
        start="account",
        description=description,
        expect="already-cancelled",
        kind="look-alike",
        routes={
            "account": by_state(_account(w), _cancelled_account(w)),
            "help": _page(w, w.footer[0], f"<h1>{_e(w.footer[0])}</h1>"),
            "restart": restart_then("/account"),
        },
        lang=w.lang,
    )
