"""Flows of these kinds, written by the person who built the offline policy's support for them
(not blind): two subscriptions on one account (the add-on listed first, each with its
own cancel control), an auto-renew switch whose turning off cancels, a support chat whose
quick replies cancel, and a billing portal in a frame; in English and in languages the project
does not hold (Filipino, Lithuanian, Swahili).

Cancelling the add-on is recorded as ``other-cancelled:add-on``, an unwanted effect
(``site.UNWANTED``): a run that causes it is neither RIGHT nor HONEST.
"""

from __future__ import annotations

from dataclasses import dataclass

from tests.flows.site import (
    Handler,
    Reply,
    Request,
    State,
    Variant,
    cancel_json,
    click,
    doc,
    final,
    not_allowed,
    redirect,
    restart_then,
)

_CSS = """body{font:16px Arial,sans-serif;margin:0;color:#222}header{background:#111;color:#e50914;
padding:12px 28px;font:700 22px Arial}main{max-width:680px;margin:24px auto;padding:0 16px}
ul.subs{list-style:none;padding:0}ul.subs li{border:1px solid #ddd;margin:12px 0;padding:12px}
button{background:#e50914;color:#fff;border:0;padding:8px 16px;border-radius:3px}
.log{border:1px solid #ccc;min-height:60px;padding:8px}.bot{background:#f2f2f2;padding:6px}"""


def _page(title: str, body: str, lang: str, script: str = "") -> str:
    return doc(
        title, f"<header>NETFLIX</header><main>{body}</main>", lang=lang, css=_CSS, script=script
    )


# -- two subscriptions -------------------------------------------------------------------


@dataclass(frozen=True)
class _Words:
    lang: str
    account: str
    yours: str
    main: str
    addon: str
    next_main: str
    next_addon: str
    cancel: str
    confirm: str  # "Cancel {}?"
    ends: str  # "{} ends on the date"
    finish: str
    back: str
    cancelled: str
    restart: str
    details: str = "Details"


_EN = _Words(
    "en",
    "Account",
    "Your subscriptions",
    "Premium membership",
    "Extra member add-on",
    "Next payment on March 3, 2027: $22.99",
    "Next payment on March 3, 2027: $7.99",
    "Cancel",
    "Cancel {}?",
    "Your {} ends on March 3, 2027.",
    "Finish cancellation",
    "Go back",
    "Your membership has been cancelled. It ends on March 3, 2027.",
    "Restart membership",
)
_FIL = _Words(
    "fil",
    "Account",
    "Iyong mga subscription",
    "Netflix Premium",
    "Dagdag na miyembro",
    "Susunod na bayad sa Marso 3, 2027: ₱549",
    "Susunod na bayad sa Marso 3, 2027: ₱149",
    "Kanselahin",
    "Kanselahin ang {}?",
    "Matatapos ang {} sa Marso 3, 2027.",
    "Kumpirmahin ang pagkansela",
    "Bumalik",
    "Nakansela na ang iyong membership. Matatapos ito sa Marso 3, 2027.",
    "Simulan muli ang membership",
    "Mga detalye",
)
_LT = _Words(
    "lt",
    "Paskyra",
    "Jūsų prenumeratos",
    "Premium planas",
    "Papildomas narys",
    "Kitas mokėjimas 2027 m. kovo 3 d.: 12,99 €",
    "Kitas mokėjimas 2027 m. kovo 3 d.: 4,99 €",
    "Atšaukti",
    "Atšaukti: {}?",
    "{} baigsis 2027 m. kovo 3 d.",
    "Patvirtinti atšaukimą",
    "Grįžti",
    "Jūsų narystė atšaukta. Ji baigsis 2027 m. kovo 3 d.",
    "Atnaujinti narystę",
    "Išsamiau",
)
_SW = _Words(
    "sw",
    "Akaunti",
    "Usajili wako",
    "Netflix Premium",
    "Mwanachama wa ziada",
    "Malipo yanayofuata tarehe 3 Machi 2027: $9.99",
    "Malipo yanayofuata tarehe 3 Machi 2027: $2.99",
    "Ghairi",
    "Ghairi {}?",
    "{} itaisha tarehe 3 Machi 2027.",
    "Thibitisha kughairi",
    "Rudi",
    "Uanachama wako umeghairiwa. Utaisha tarehe 3 Machi 2027.",
    "Anzisha upya uanachama",
    "Maelezo",
)


def _two_account(w: _Words) -> Handler:
    def handle(request: Request, state: State) -> Reply | str:
        if request.method != "GET":
            return not_allowed()
        addon_gone = state.flags.get("add-on") == "cancelled"
        addon = (
            f"<p>{w.cancelled}</p>"
            if addon_gone
            else f'<p>{w.next_addon}</p><a href="{{{{B}}}}/cancel?item=add-on">{w.cancel}</a>'
        )
        main = (
            f'<p>{w.cancelled}</p><form method="post" action="{{{{B}}}}/restart">'
            f"<button>{w.restart}</button></form>"
            if state.cancelled
            else f'<p>{w.next_main}</p><a href="{{{{B}}}}/cancel?item=main">{w.cancel}</a>'
        )
        body = (
            f'<h1>{w.account}</h1><h2>{w.yours}</h2><ul class="subs">'
            f'<li><article id="add-on"><h3>{w.addon}</h3>{addon}'
            f' <a href="#add-on">{w.details}</a></article></li>'
            f'<li><article id="main"><h3>{w.main}</h3>{main}'
            f' <a href="#main">{w.details}</a></article></li></ul>'
        )
        return _page(w.account, body, w.lang)

    return handle


def _two_confirm(w: _Words) -> Handler:
    def handle(request: Request, state: State) -> Reply | str:
        if request.method != "GET":
            return not_allowed()
        item = request.value("item")
        if item not in ("main", "add-on"):
            return redirect("/account")
        name = w.main if item == "main" else w.addon
        body = (
            f"<h1>{w.confirm.format(name)}</h1><p>{w.ends.format(name)}</p>"
            f'<form method="post" action="{{{{B}}}}/cancel/done">'
            f'<input type="hidden" name="item" value="{item}"><button>{w.finish}</button></form>'
            f'<p><a href="{{{{B}}}}/account">{w.back}</a></p>'
        )
        return _page(w.confirm.format(name), body, w.lang)

    return handle


def _two_done(request: Request, state: State) -> Reply | str:
    if request.method != "POST":
        return not_allowed()
    if request.value("item") == "main":
        if not state.cancelled:
            state.cancel(request.referer)
    elif state.flags.get("add-on") != "cancelled":
        state.flags["add-on"] = "cancelled"
        state.note("other-cancelled:add-on")
    return redirect("/account")


def _two(name: str, w: _Words) -> Variant:
    return Variant(
        name=name,
        start="account",
        description=f"two subscriptions ({w.lang}): the add-on listed first, each with its "
        "own cancel link; only the membership is the target",
        expect="cancelled",
        lang=w.lang,
        routes={
            "account": _two_account(w),
            "cancel": _two_confirm(w),
            "cancel/done": _two_done,
            "restart": restart_then("/account"),
        },
        walk=(click(w.cancel, "link", nth=1), final(w.finish)),
    )


# -- an auto-renew switch ----------------------------------------------------------------

_SWITCH_JS = """
const s = document.getElementById('renew');
s.addEventListener('click', async () => {
  if (s.getAttribute('aria-checked') !== 'true') return;
  const r = await fetch('{{B}}/renewal/off', {method: 'POST', headers: {'Content-Type':
    'application/json'}, body: JSON.stringify({renew: false})});
  if (r.ok) location.reload();
});
"""


def _switch(name: str, lang: str, words: tuple[str, str, str, str, str, str]) -> Variant:
    title, plan, price, renew, off, ends = words

    def account(request: Request, state: State) -> Reply | str:
        if request.method != "GET":
            return not_allowed()
        checked = "false" if state.cancelled else "true"
        said = f"<p>{off}</p><p>{ends}</p>" if state.cancelled else f"<p>{price}</p>"
        body = (
            f"<h1>{title}</h1><section><h2>{plan}</h2>{said}"
            f'<p><span id="renew" role="switch" tabindex="0" aria-checked="{checked}">{renew}'
            "</span></p></section>"
        )
        return _page(title, body, lang, script=_SWITCH_JS)

    return Variant(
        name=name,
        start="account",
        description=f"an auto-renew switch ({lang}) whose turning off cancels, by a fetch POST",
        expect="cancelled",
        lang=lang,
        routes={"account": account, "renewal/off": cancel_json()},
        walk=(final(renew, "switch"),),
    )


_TWO_SWITCHES_JS = """
for (const s of document.querySelectorAll('[role=switch]')) {
  s.addEventListener('click', async () => {
    if (s.getAttribute('aria-checked') !== 'true') return;
    const r = await fetch('{{B}}/renewal/off', {method: 'POST', headers: {'Content-Type':
      'application/json'}, body: JSON.stringify({item: s.dataset.item})});
    if (r.ok) location.reload();
  });
}
"""


def _renewal_off(request: Request, state: State) -> Reply | str:
    """fetch POST: turn one subscription's renewal off; the add-on's is an unwanted effect."""
    if request.method != "POST":
        return not_allowed()
    if request.value("item") == "main":
        if not state.cancelled:
            state.cancel(request.referer)
    elif state.flags.get("add-on") != "cancelled":
        state.flags["add-on"] = "cancelled"
        state.note("other-cancelled:add-on")
    return Reply('{"ok":true}', content_type="application/json")


def _two_switches(name: str, lang: str, w: dict[str, str]) -> Variant:
    """Two subscriptions, each with its own auto-renew switch: the add-on first."""

    def card(item: str, plan: str, price: str, off: bool) -> str:
        said = f"<p>{w['off']}</p><p>{w['ends']}</p>" if off else f"<p>{price}</p>"
        return (
            f"<li><article><h3>{plan}</h3>{said}"
            f'<p><span role="switch" tabindex="0" data-item="{item}" '
            f'aria-checked="{"false" if off else "true"}">{w["renew"]}</span></p></article></li>'
        )

    def account(request: Request, state: State) -> Reply | str:
        if request.method != "GET":
            return not_allowed()
        addon_off = state.flags.get("add-on") == "cancelled"
        body = (
            f'<h1>{w["title"]}</h1><h2>{w["yours"]}</h2><ul class="subs">'
            + card("add-on", w["addon"], w["addon_price"], addon_off)
            + card("main", w["main"], w["main_price"], state.cancelled)
            + "</ul>"
        )
        return _page(w["title"], body, lang, script=_TWO_SWITCHES_JS)

    return Variant(
        name=name,
        start="account",
        description=f"two subscriptions ({lang}), each with an auto-renew switch; the "
        "membership's is the target",
        expect="cancelled",
        lang=lang,
        routes={"account": account, "renewal/off": _renewal_off},
        walk=(final(w["renew"], "switch", nth=1),),
    )


_TWO_SWITCHES_EN = {
    "title": "Account",
    "yours": "Your subscriptions",
    "addon": "Extra member add-on",
    "main": "Premium membership",
    "addon_price": "$7.99 a month, next payment on March 3, 2027",
    "main_price": "$22.99 a month, next payment on March 3, 2027",
    "renew": "Auto-renew",
    "off": "Auto-renew is off.",
    "ends": "It ends on March 3, 2027.",
}
_TWO_SWITCHES_SW = {
    "title": "Akaunti",
    "yours": "Usajili wako",
    "addon": "Mwanachama wa ziada",
    "main": "Netflix Premium",
    "addon_price": "$2.99 kwa mwezi, malipo yanayofuata tarehe 3 Machi 2027",
    "main_price": "$9.99 kwa mwezi, malipo yanayofuata tarehe 3 Machi 2027",
    "renew": "Kusasisha kiotomatiki",
    "off": "Kusasisha kiotomatiki kumezimwa.",
    "ends": "Utaisha tarehe 3 Machi 2027.",
}


# -- a support chat whose quick replies cancel -------------------------------------------

_CHAT_JS = """
const log = document.getElementById('log');
const open = document.getElementById('open');
const T = JSON.parse(document.getElementById('t').textContent);
function say(text, replies) {
  const p = document.createElement('p'); p.className = 'bot'; p.textContent = text;
  log.appendChild(p);
  const box = document.createElement('div'); box.className = 'replies';
  for (const [label, next] of replies) {
    const b = document.createElement('button'); b.textContent = label;
    b.addEventListener('click', () => { box.remove(); next(); });
    box.appendChild(b);
  }
  log.appendChild(box);
}
async function commit() {
  const r = await fetch('{{B}}/chat/cancel', {method: 'POST', headers: {'Content-Type':
    'application/json'}, body: JSON.stringify({reply: 'cancel'})});
  if (r.ok) say(T.done, []);
}
function ask() { say(T.sure, [[T.yes, commit], [T.no, () => say(T.kept, [])]]); }
open.addEventListener('click', () => {
  if (open.getAttribute('aria-expanded') === 'true') return;
  open.setAttribute('aria-expanded', 'true'); log.hidden = false;
  say(T.hello, [[T.billing, () => say(T.kept, [])], [T.cancel, ask], [T.other, () => say(T.kept, [])]]);
});
"""


def _chat(name: str, lang: str, t: dict[str, str], start: str = "help") -> Variant:
    import json

    page = _page(
        t["title"],
        f"<h1>{t['title']}</h1><p>{t['intro']}</p>"
        f'<button id="open" aria-expanded="false" aria-controls="log">{t["open"]}</button>'
        f'<div id="log" class="log" role="log" aria-live="polite" aria-label="{t["chat"]}" '
        "hidden></div>"
        f'<script type="application/json" id="t">{json.dumps(t, ensure_ascii=False)}</script>',
        lang,
        script=_CHAT_JS,
    )
    return Variant(
        name=name,
        start=start,
        description=f"a support chat ({lang}) on /{start}: quick replies appear in a log; one "
        "cancels",
        expect="cancelled",
        lang=lang,
        routes={start: page, "chat/cancel": cancel_json()},
        walk=(click(t["open"]), click(t["cancel"]), final(t["yes"])),
    )


_CHAT_EN = {
    "title": "Help centre",
    "intro": "Questions about your account? Our assistant answers right away.",
    "open": "Chat with us",
    "chat": "Chat",
    "hello": "Hi! What can we help you with today?",
    "billing": "A billing question",
    "cancel": "Cancel my membership",
    "other": "Something else",
    "sure": "Your Premium membership will end on March 3, 2027. Cancel it now?",
    "yes": "Yes, cancel",
    "no": "No, keep it",
    "kept": "Alright, nothing was changed.",
    "done": "Done: your membership has been cancelled. It ends on March 3, 2027.",
}
_CHAT_LT = {
    "title": "Pagalbos centras",
    "intro": "Klausimai apie paskyrą? Mūsų asistentas atsako iš karto.",
    "open": "Rašykite mums",
    "chat": "Pokalbis",
    "hello": "Sveiki! Kuo galime padėti?",
    "billing": "Mokėjimo klausimas",
    "cancel": "Atšaukti narystę",
    "other": "Kita",
    "sure": "Jūsų Premium narystė baigsis 2027 m. kovo 3 d. Atšaukti dabar?",
    "yes": "Taip, atšaukti",
    "no": "Ne, palikti",
    "kept": "Gerai, niekas nepakeista.",
    "done": "Atlikta: jūsų narystė atšaukta. Ji baigsis 2027 m. kovo 3 d.",
}


# -- a billing portal in a frame ---------------------------------------------------------


def _frame_variant() -> Variant:
    account = _page(
        "Account",
        "<h1>Account</h1><h2>Membership</h2><p>Billing is handled in the portal below.</p>"
        '<iframe src="{{B}}/portal" title="Billing portal" width="600" height="320"></iframe>',
        "en",
    )

    def portal(request: Request, state: State) -> Reply | str:
        if request.method != "GET":
            return not_allowed()
        if state.cancelled:
            body = "<h2>Billing</h2><p>Your subscription has been cancelled.</p>"
        else:
            body = (
                "<h2>Billing</h2><p>Premium: $22.99 a month</p>"
                "<p>Next payment on March 3, 2027</p>"
                '<a href="{{B}}/portal/cancel">Cancel subscription</a>'
            )
        return doc("Billing portal", body)

    confirm = doc(
        "Cancel subscription",
        "<h2>Cancel your subscription?</h2><p>It ends on March 3, 2027.</p>"
        '<form method="post" action="{{B}}/portal/cancel/done">'
        "<button>Confirm cancellation</button></form>",
    )

    def done(request: Request, state: State) -> Reply | str:
        if request.method != "POST":
            return not_allowed()
        if not state.cancelled:
            state.cancel(request.referer)
        return redirect("/portal")

    return Variant(
        name="s-en-frame-portal",
        start="account",
        description="the billing portal is a frame on the account page; its buttons cancel",
        expect="cancelled",
        routes={
            "account": account,
            "portal": portal,
            "portal/cancel": confirm,
            "portal/cancel/done": done,
        },
        walk=(
            click("Cancel subscription", "link", within="iframe >> internal:control=enter-frame"),
            final("Confirm cancellation", within="iframe >> internal:control=enter-frame"),
        ),
        framed_in=(("portal", "account"),),
    )


# What the user's service file names as the target, where the page alone cannot tell (no add-on
# and no service named): the score and the tests run these with ``target`` set.
TARGETS: dict[str, str] = {"s-lt-two-subs": "Premium"}

VARIANTS: list[Variant] = [
    _two("s-en-two-subs", _EN),
    _two("s-fil-two-subs", _FIL),
    _two("s-lt-two-subs", _LT),
    _two("s-sw-two-subs", _SW),
    _switch(
        "s-en-switch",
        "en",
        (
            "Account",
            "Premium membership",
            "$22.99 a month · next payment on March 3, 2027",
            "Auto-renew",
            "Auto-renew is off.",
            "Your membership ends on March 3, 2027.",
        ),
    ),
    _switch(
        "s-sw-switch",
        "sw",
        (
            "Akaunti",
            "Uanachama wa Premium",
            "$9.99 kwa mwezi · malipo yanayofuata tarehe 3 Machi 2027",
            "Kusasisha kiotomatiki",
            "Kusasisha kiotomatiki kumezimwa.",
            "Uanachama wako utaisha tarehe 3 Machi 2027.",
        ),
    ),
    _switch(
        "s-fil-switch",
        "fil",
        (
            "Account",
            "Premium na membership",
            "₱549 kada buwan · susunod na bayad sa Marso 3, 2027",
            "Awtomatikong pag-renew",
            "Naka-off na ang awtomatikong pag-renew.",
            "Matatapos ang iyong membership sa Marso 3, 2027.",
        ),
    ),
    _chat("s-en-chat", "en", _CHAT_EN),
    _chat(
        "s-en-chat-account",
        "en",
        {
            **_CHAT_EN,
            "title": "Account",
            "intro": "Premium membership: $22.99 a month. To change or end it, ask us.",
        },
        start="account",
    ),
    _chat("s-lt-chat", "lt", _CHAT_LT),
    _two_switches("s-en-two-switches", "en", _TWO_SWITCHES_EN),
    _two_switches("s-sw-two-switches", "sw", _TWO_SWITCHES_SW),
    _frame_variant(),
]
