"""The HELD-OUT half of the flow variants. Kept aside: whoever works on the policy must not read
these pages or tune against them; score them only to measure (``python -m tests.flows.score held``).
Scored before and after the policy changed; now in the suite (tests/offline/test_flows_held.py).

Written to differ from the dev half as much as from the simulator: other languages (French,
Spanish), "Show more" / "Mostrar más" text expanders and span buttons, ARIA dialogs instead of
<dialog>, a bottom cookie bar that posts, a decline that POSTs, a required reason before the last
step, the final step in <input type=submit>. End date everywhere: March 3, 2027.
"""

from __future__ import annotations

from tests.flows.site import (
    Reply,
    Request,
    State,
    Variant,
    by_state,
    cancel_json,
    cancel_then,
    click,
    doc,
    final,
    go,
    not_allowed,
    note_then,
    redirect,
    restart_then,
    select,
    unless_cancelled,
)

# -- 1. fr-inline-offer: French, an inline downgrade offer beside the last step --------------

_FR_CSS = """body{font:15px 'Helvetica Neue',Arial,sans-serif;margin:0;background:#f6f6f6}
.bandeau{background:#000;padding:14px 30px;color:#e50914;font-weight:700;font-size:22px}
.cadre{max-width:620px;margin:30px auto;background:#fff;padding:24px 30px;border-radius:4px}
.offre{border:2px dashed #0071eb;padding:14px 18px;margin:18px 0}
.rouge{background:#e50914;color:#fff;border:0;padding:11px 22px;font-size:15px}
button{padding:9px 16px;font-size:14px}"""


def _fr(title: str, body: str) -> str:
    return doc(
        title,
        f'<div class="bandeau">NETFLIX</div><div class="cadre">{body}</div>',
        lang="fr",
        css=_FR_CSS,
    )


_FR_COMPTE = _fr(
    "Compte",
    """<h1>Compte</h1><h2>Abonnement</h2><p>Forfait Standard · 13,49 €/mois</p>
<p>Prochain paiement le 3 mars 2027 · Carte Bancaire •••• 0042</p>
<p><a href="{{B}}/compte/abonnement">Gérer l'abonnement</a></p>
<h2>Sécurité</h2><p><a href="#mdp">Modifier le mot de passe</a></p>""",
)
_FR_COMPTE_FINI = _fr(
    "Compte",
    """<h1>Compte</h1><h2>Abonnement</h2><p>Votre abonnement prendra fin le 3 mars 2027.</p>
<form method="post" action="{{B}}/reprendre"><button class="rouge">Reprendre l'abonnement</button></form>""",
)
_FR_ABONNEMENT = _fr(
    "Abonnement",
    """<p><a href="{{B}}/compte">Retour au compte</a></p><h1>Votre abonnement</h1>
<p>Standard · Full HD · 2 écrans en simultané</p><p><a href="#forfait">Changer de forfait</a></p>
<p><a href="{{B}}/annulation">Annuler l'abonnement</a></p>""",
)
_FR_ANNULATION = _fr(
    "Annuler l'abonnement",
    """<h1>Annuler l'abonnement ?</h1>
<div class="offre"><h2>Et si vous payiez moins ?</h2><p>Passez à l'offre Essentiel avec pub
pour 5,99 €/mois et gardez vos profils.</p>
<form method="post" action="{{B}}/offre"><button>Changer d'offre</button></form>
<button type="button" onclick="this.closest('.offre').remove()">Non merci</button></div>
<p>Votre abonnement prendra fin le 3 mars 2027, à la fin de votre période de facturation.
Vous pourrez revenir à tout moment : vos profils sont conservés pendant 10 mois.</p>
<form method="post" action="{{B}}/annulation/terminer"><button class="rouge">Terminer
l'annulation</button></form><p><a href="{{B}}/compte/abonnement">Retour</a></p>""",
)
_FR_QUESTIONNAIRE = _fr(
    "Netflix",
    """<h1>Nous sommes tristes de vous voir partir</h1>
<p>Votre abonnement prendra fin le 3 mars 2027. Un e-mail de confirmation vous a été envoyé.</p>
<form method="post" action="{{B}}/annulation/questionnaire"><fieldset>
<legend>Pourquoi partez-vous ?</legend>
<label><input type="checkbox" name="raison" value="prix"> C'est trop cher</label><br>
<label><input type="checkbox" name="raison" value="autre-service"> Je regarde un autre service</label><br>
<label><input type="checkbox" name="raison" value="temps"> Je n'ai pas le temps</label><br>
<label><input type="checkbox" name="raison" value="autre"> Autre</label>
<input name="precision" aria-label="Précisez"></fieldset>
<button class="rouge">Envoyer</button> <a href="{{B}}/compte">Passer</a></form>""",
)

FR_INLINE_OFFER = Variant(
    name="fr-inline-offer",
    start="compte",
    lang="fr",
    description=(
        "French: 'Compte' -> 'Gérer l'abonnement' -> 'Annuler l'abonnement' (link) -> a page "
        "with an inline downgrade offer ('Changer d'offre' POST / 'Non merci' removes it) above "
        "'Terminer l'annulation' (line-wrapped name); then 'Nous sommes tristes de vous voir "
        "partir', a survey, 'Envoyer' and a 'Passer' link"
    ),
    expect="cancelled",
    routes={
        "compte": by_state(_FR_COMPTE, _FR_COMPTE_FINI),
        "compte/abonnement": unless_cancelled(_FR_ABONNEMENT, "/compte"),
        "annulation": unless_cancelled(_FR_ANNULATION, "/annulation/confirmee"),
        "offre": note_then("accepted:downgrade", "/compte"),
        "annulation/terminer": cancel_then("/annulation/confirmee"),
        "annulation/confirmee": _FR_QUESTIONNAIRE,
        "annulation/questionnaire": note_then("survey", "/compte", form_key="raison"),
        "reprendre": restart_then("/compte"),
    },
    walk=(
        click("Gérer l'abonnement", "link"),
        click("Annuler l'abonnement", "link"),
        click("Non merci"),
        final("Terminer l'annulation"),
        click("Passer", "link"),
    ),
)

# -- 2. es-mostrar-mas: Spanish 2026 shape, three "Mostrar más" text expanders ---------------

_ES_CSS = """body{font:15px Arial,sans-serif;margin:0;background:#fff}
.cab{background:#141414;height:56px}.cuerpo{max-width:700px;margin:24px auto;padding:0 16px}
.tarjeta{border-radius:10px;background:#f2f2f2;padding:16px 20px;margin:14px 0}
.mas{background:none;border:0;color:#0071eb;font-size:15px;padding:4px 0;cursor:pointer}
.oculto{display:none}.rojo{background:#e50914;color:#fff;border:0;padding:11px 20px}"""
_ES_JS = """document.querySelectorAll('.mas').forEach(function(b){b.addEventListener('click',
function(){var p=b.parentElement.querySelector('.contenido');var abierto=p.classList.toggle(
'oculto')===false;b.setAttribute('aria-expanded',String(abierto));
b.textContent=abierto?'Mostrar menos':'Mostrar más'})})"""


def _es(title: str, body: str, script: str = "") -> str:
    return doc(
        title,
        f'<div class="cab"></div><div class="cuerpo">{body}</div>',
        lang="es",
        css=_ES_CSS,
        script=script,
    )


def _es_card(title: str, teaser: str, inner: str) -> str:
    return f"""<div class="tarjeta"><h2>{title}</h2><p>{teaser}</p>
<div class="contenido oculto">{inner}</div>
<button type="button" class="mas" aria-expanded="false">Mostrar más</button></div>"""


_ES_MEMBRESIA = _es(
    "Membresía",
    """<h1>Membresía</h1><p>Plan Estándar · 7,99 € al mes</p><p>Próximo pago: 3 de marzo de 2027</p>
<p><a href="#plan">Cambiar de plan</a></p><p><a href="{{B}}/cancelarplan">Cancelar membresía</a></p>""",
)
_ES_MEMBRESIA_FIN = _es(
    "Membresía",
    """<h1>Membresía</h1><p>Tu membresía finaliza el 3 de marzo de 2027.</p>
<form method="post" action="{{B}}/reiniciar"><button class="rojo">Reiniciar membresía</button></form>""",
)
_ES_OPCIONES = _es(
    "Netflix",
    "<h1>¿Qué te gustaría hacer?</h1>"
    + _es_card(
        "Cambiar de plan",
        "Paga menos con anuncios.",
        '<p>Estándar con anuncios: 5,49 € al mes.</p><form method="post" '
        'action="{{B}}/cancelarplan/cambiar"><button>Cambiar a Estándar con anuncios</button></form>',
    )
    + _es_card(
        "Pausar la membresía",
        "Tómate un descanso sin perder nada.",
        '<p>Pausa hasta 3 meses sin cargos.</p><form method="post" '
        'action="{{B}}/cancelarplan/pausar"><button>Pausar 1 mes</button></form>',
    )
    + _es_card(
        "Cancelar",
        "Cancela cuando quieras.",
        "<p>Podrás seguir viendo Netflix hasta el 3 de marzo de 2027.</p>"
        '<form method="post" action="{{B}}/cancelarplan/finalizar"><button class="rojo">'
        "Finalizar cancelación</button></form>",
    )
    + '<p><a href="{{B}}/cuenta/membresia">Volver</a></p>',
    _ES_JS,
)
_ES_LISTO = _es(
    "Netflix",
    """<h1>Gracias por habernos acompañado</h1>
<p>Cancelamos tu membresía. Tendrás acceso hasta el 3 de marzo de 2027.</p>
<a class="rojo" href="{{B}}/cuenta/membresia" role="button">Listo</a>""",
)

ES_MOSTRAR_MAS = Variant(
    name="es-mostrar-mas",
    start="cuenta/membresia",
    lang="es",
    description=(
        "Spanish 2026 shape: 'Membresía' -> 'Cancelar membresía' -> three grey cards each with "
        "a heading, a teaser and an identical text button 'Mostrar más' BELOW the hidden "
        "content; the 'Cancelar' card hides 'Finalizar cancelación'; then 'Gracias por "
        "habernos acompañado' with only a 'Listo' link-button"
    ),
    expect="cancelled",
    routes={
        "cuenta/membresia": by_state(_ES_MEMBRESIA, _ES_MEMBRESIA_FIN),
        "cancelarplan": unless_cancelled(_ES_OPCIONES, "/cancelarplan/listo"),
        "cancelarplan/cambiar": note_then("accepted:downgrade", "/cuenta/membresia"),
        "cancelarplan/pausar": note_then("accepted:pause", "/cuenta/membresia"),
        "cancelarplan/finalizar": cancel_then("/cancelarplan/listo"),
        "cancelarplan/listo": _ES_LISTO,
        "reiniciar": restart_then("/cuenta/membresia"),
    },
    walk=(
        click("Cancelar membresía", "link"),
        click("Mostrar más", nth=2),
        final("Finalizar cancelación"),
        click("Listo"),
    ),
)

# -- 3. show-more-spans: English "Show more" x3 as spans, cancel done in place by fetch --------

_SM_CSS = """body{font:15px Verdana,sans-serif;margin:0;background:#fdfdfd;color:#333}
.nav{background:#b20710;color:#fff;padding:12px 24px;font-weight:bold}.main{max-width:720px;
margin:20px auto;padding:0 16px}.grp{border-top:1px solid #ccc;padding:12px 0}
[role=button]{color:#b20710;text-decoration:underline;cursor:pointer;margin-right:14px}
.more{display:none}.more.on{display:block}"""
_SM_JS = """function act(el,f){el.addEventListener('click',f);el.addEventListener('keydown',
function(e){if(e.key==='Enter'||e.key===' '){e.preventDefault();f()}})}
document.querySelectorAll('.toggle').forEach(function(t){act(t,function(){
var m=document.getElementById(t.getAttribute('aria-controls'));var on=!m.classList.contains('on');
m.classList.toggle('on',on);t.setAttribute('aria-expanded',String(on))})});
act(document.getElementById('start'),function(){document.getElementById('ask').classList.add('on')});
act(document.getElementById('keep'),function(){document.getElementById('ask').classList.remove('on')});
act(document.getElementById('go'),function(){fetch('{{B}}/api/plan',{method:'POST',
headers:{'Content-Type':'application/json'},body:JSON.stringify({action:'cancel'})}).then(
function(r){if(!r.ok)throw r;document.getElementById('cancel-area').innerHTML=
'<h3>All set</h3><p>Your cancellation is complete.</p><span role="button" tabindex="0" id="done">Done</span>';
act(document.getElementById('done'),function(){location.href='{{B}}/account'})})})"""


def _sm_group(n: int, title: str, summary: str, inner: str, extra_id: str = "") -> str:
    area = f' id="{extra_id}"' if extra_id else ""
    return f"""<div class="grp" role="group" aria-labelledby="g{n}"><h2 id="g{n}">{title}</h2>
<p>{summary}</p><span role="button" tabindex="0" class="toggle" aria-expanded="false"
aria-controls="m{n}">Show more</span><div class="more" id="m{n}"><div{area}>{inner}</div></div></div>"""


_SM_ACCOUNT = doc(
    "Your Account",
    '<div class="nav">NETFLIX</div><div class="main"><h1>Your Account</h1>'
    + _sm_group(
        1,
        "Plan",
        "Premium · Ultra HD",
        "<p>$24.99 a month, 4 screens. <a href='#plans'>Compare plans</a></p>",
    )
    + _sm_group(
        2,
        "Billing",
        "Next charge March 3, 2027",
        "<p>American Express •••• 1005. <a href='#history'>Billing history</a></p>",
    )
    + _sm_group(
        3,
        "Cancel",
        "You can leave at any time.",
        """<span role="button" tabindex="0" id="start">Cancel membership</span>
<div class="more" id="ask"><p>Your membership will end on March 3, 2027.</p>
<span role="button" tabindex="0" id="go">Confirm</span>
<span role="button" tabindex="0" id="keep">Keep my plan</span></div>""",
        "cancel-area",
    )
    + "</div>",
    css=_SM_CSS,
    script=_SM_JS,
)
_SM_ACCOUNT_ENDED = doc(
    "Your Account",
    """<div class="nav">NETFLIX</div><div class="main"><h1>Your Account</h1>
<div class="grp"><h2>Plan</h2><p>Premium · ends March 3, 2027</p>
<form method="post" action="{{B}}/restart"><button>Restart Membership</button></form></div></div>""",
    css=_SM_CSS,
)

SHOW_MORE_SPANS = Variant(
    name="show-more-spans",
    start="account",
    description=(
        "one page, three role=group sections (Plan, Billing, Cancel) each with an identical "
        "span role=button 'Show more'; under 'Cancel' a span 'Cancel membership' reveals "
        "'Confirm' (fetch POST) and 'Keep my plan'; the page then rewrites itself to 'All set' "
        "/ 'Your cancellation is complete.' with a span 'Done'; no <button>, no navigation"
    ),
    expect="cancelled",
    routes={
        "account": by_state(_SM_ACCOUNT, _SM_ACCOUNT_ENDED),
        "api/plan": cancel_json(),
        "restart": restart_then("/account"),
    },
    walk=(
        click("Show more", nth=2),
        click("Cancel membership"),
        final("Confirm"),
        click("Done"),
    ),
)

# -- 4. aria-dialog-survey: "Are you sure?" in a div role=dialog, radio survey, Skip posts ----

_AD_CSS = """body{font:16px -apple-system,'Segoe UI',sans-serif;margin:0}
.hd{background:#000;color:#fff;padding:16px 28px}.bd{max-width:640px;margin:28px auto;padding:0 16px}
.scrim{position:fixed;inset:0;background:rgba(0,0,0,.55);display:none;align-items:center;
justify-content:center}.scrim.show{display:flex}.sheet{background:#fff;border-radius:12px;
padding:24px 28px;max-width:420px}.sheet button,.bd button{padding:10px 18px;margin:6px 6px 0 0}"""
_AD_ACCOUNT = doc(
    "Account",
    """<div class="hd">Netflix</div><div class="bd"><h1>Account</h1>
<section aria-labelledby="mem"><h2 id="mem">Membership</h2><p>Standard with ads</p>
<p>Your next bill is on March 3, 2027.</p>
<a href="{{B}}/account/membership">Manage membership</a></section></div>""",
    css=_AD_CSS,
)
_AD_ACCOUNT_ENDED = doc(
    "Account",
    """<div class="hd">Netflix</div><div class="bd"><h1>Account</h1>
<section aria-labelledby="mem"><h2 id="mem">Membership</h2><p>Ends March 3, 2027.</p>
<form method="post" action="{{B}}/restart"><button>Restart Membership</button></form></section></div>""",
    css=_AD_CSS,
)
_AD_MEMBERSHIP = doc(
    "Manage membership",
    """<div class="hd">Netflix</div><div class="bd"><a href="{{B}}/account">Account</a>
<h1>Your membership</h1><p>Standard with ads · $7.99/month · next bill March 3, 2027</p>
<p><a href="#plan">Change plan</a></p><button type="button" id="open">Cancel membership</button></div>
<div class="scrim" id="scrim"><div class="sheet" role="dialog" aria-modal="true"
aria-labelledby="q"><h2 id="q">Are you sure?</h2><p>You'll keep access until March 3, 2027.
After that, your profiles are saved for 10 months.</p>
<button type="button" id="yes">Cancel membership</button>
<button type="button" id="no">Never mind</button><p role="alert" id="err"></p></div></div>""",
    css=_AD_CSS,
    script="""var s=document.getElementById('scrim');
document.getElementById('open').onclick=function(){s.classList.add('show');
document.getElementById('no').focus()};document.getElementById('no').onclick=function(){
s.classList.remove('show')};document.getElementById('yes').onclick=function(){
fetch('{{B}}/account/membership/cancel',{method:'POST',headers:{'Content-Type':
'application/x-www-form-urlencoded'},body:'confirm=1'}).then(function(r){if(!r.ok)throw r;
location.href='{{B}}/account/membership/cancelled'}).catch(function(){
document.getElementById('err').textContent='Please try again.'})}""",
)
_AD_CANCELLED = doc(
    "Netflix",
    """<div class="hd">Netflix</div><div class="bd"><h1>Your cancellation is complete</h1>
<p>We're sorry to see you go. Your membership will end on March 3, 2027.</p>
<form method="post" action="{{B}}/account/membership/survey"><fieldset>
<legend>What's the main reason you're leaving?</legend>
<label><input type="radio" name="why" value="price"> The price went up</label><br>
<label><input type="radio" name="why" value="content"> I watched what I wanted</label><br>
<label><input type="radio" name="why" value="another"> I'll use another service</label><br>
<label><input type="radio" name="why" value="other"> Other</label>
<input name="why_other" aria-label="Other reason" placeholder="Tell us more"></fieldset>
<button name="action" value="submit">Submit</button>
<button name="action" value="skip">Skip</button></form></div>""",
    css=_AD_CSS,
)


def _ad_survey(request: Request, state: State) -> Reply | str:
    if request.method != "POST":
        return not_allowed()
    if request.value("action") == "skip":
        state.note("survey-skipped")
    else:
        state.note(f"survey:{request.value('why')}")
    return redirect("/account")


ARIA_DIALOG_SURVEY = Variant(
    name="aria-dialog-survey",
    start="account",
    description=(
        "2023-24 shape: 'Manage membership' -> 'Your membership' with a 'Cancel membership' "
        "button that opens a div role=dialog aria-modal 'Are you sure?' whose confirm is ALSO "
        "named 'Cancel membership' (fetch POST, urlencoded) beside 'Never mind'; then "
        "'Your cancellation is complete' (h1), a radio survey with 'Other', and 'Submit' / "
        "'Skip' both POST buttons"
    ),
    expect="cancelled",
    routes={
        "account": by_state(_AD_ACCOUNT, _AD_ACCOUNT_ENDED),
        "account/membership": unless_cancelled(_AD_MEMBERSHIP, "/account"),
        "account/membership/cancel": cancel_then("/account/membership/cancelled"),
        "account/membership/cancelled": _AD_CANCELLED,
        "account/membership/survey": _ad_survey,
        "restart": restart_then("/account"),
    },
    walk=(
        click("Manage membership", "link"),
        click("Cancel membership"),
        final("Cancel membership", within="[role=dialog]"),
        click("Skip"),
    ),
)

# -- 5. legacy-cookiebar-long: legacy shape, posting cookie bar, cancel link at the very bottom

_LB_CSS = """body{font:14px Arial,sans-serif;margin:0;background:#f3f3f3;color:#333}
.pg{max-width:960px;margin:0 auto;padding:16px 24px 220px}.blk{background:#fff;margin:10px 0;
padding:14px 18px;display:grid;grid-template-columns:200px 1fr;gap:8px}
.blk h2{font-size:13px;color:#999;margin:0;text-transform:uppercase}.blk a{display:block;
padding:3px 0;color:#0073e6}#cookiebar{position:fixed;bottom:0;left:0;right:0;height:190px;
background:#222;color:#fff;padding:18px 40px;box-sizing:border-box}
#cookiebar button{padding:9px 16px;margin:6px 10px 0 0}"""
_LB_BAR = """<div id="cookiebar"><p><b>Cookies on Netflix.</b> We use necessary cookies to make
our site work. We'd also like to set optional analytics and advertising cookies. Choose whether
to accept them.</p><form method="post" action="{{B}}/consent">
<input type="hidden" name="back" value="{back}">
<button name="choice" value="accept">Accept</button>
<button name="choice" value="reject">Reject</button></form></div>"""


def _lb(request: Request, title: str, body: str) -> str:
    bar = "" if request.cookies.get("nfconsent") else _LB_BAR.replace("{back}", f"/{request.path}")
    return doc(title, f'<div class="pg">{body}</div>{bar}', css=_LB_CSS)


def _lb_account(request: Request, state: State) -> Reply | str:
    if request.method != "GET":
        return not_allowed()
    settings = "".join(
        f'<a href="#s{i}">{t}</a>'
        for i, t in enumerate(
            [
                "Test participation",
                "Manage download devices",
                "Activate a device",
                "Recent device streaming activity",
                "Sign out of all devices",
                "Download your personal information",
                "Marketing communications",
                "Gaming handle",
                "Transfer a profile",
            ]
        )
    )
    profiles = "".join(
        f'<div class="blk"><h2>Profile</h2><div><b>{p}</b><a href="#lang">Language</a>'
        f'<a href="#ratings">Viewing restrictions</a><a href="#act">Viewing activity</a>'
        f'<a href="#rt">Ratings</a><a href="#sub">Subtitle appearance</a>'
        f'<a href="#pb">Playback settings</a></div></div>'
        for p in ["Ann", "Jo", "Sam", "Kids"]
    )
    if state.cancelled:
        billing = """<p>Your membership will end on <b>March 3, 2027</b>.</p>
<form method="post" action="{{B}}/Restart"><button>Restart Membership</button></form>"""
        leave = ""
    else:
        billing = "<p>Your next billing date is <b>March 3, 2027</b>.</p>"
        leave = (
            '<div class="blk"><h2>Leaving?</h2><div>'
            '<a href="{{B}}/CancelPlan">Cancel Membership</a></div></div>'
        )
    body = f"""<h1>Account</h1><div class="blk"><h2>Membership &amp; Billing</h2><div>
<b>ann@example.com</b><br>Password: ********<br>MasterCard •••• 5454{billing}
<a href="#pay">Update payment info</a><a href="#bill">Billing details</a>
<a href="#gift">Redeem gift card or promo code</a></div></div>
<div class="blk"><h2>Plan Details</h2><div><b>Premium</b> ULTRA HD
<a href="#plan">Change plan</a></div></div><div class="blk"><h2>Settings</h2><div>{settings}
</div></div>{profiles}{leave}"""
    return _lb(request, "Account", body)


def _lb_consent(request: Request, state: State) -> Reply | str:
    if request.method != "POST":
        return not_allowed()
    state.note(f"consent:{request.value('choice')}")
    back = request.value("back") or "/YourAccount"
    return Reply(status=303, location=back, headers=(("Set-Cookie", "nfconsent=1; Path=/"),))


def _lb_cancel(request: Request, state: State) -> Reply | str:
    if request.method != "GET":
        return not_allowed()
    if state.cancelled:
        return redirect("/CancelPlan/confirm")
    body = """<h1>Cancel Your Membership?</h1>
<div class="blk"><h2>What happens</h2><div><p>Your membership ends on March 3, 2027, when your
current billing period is over. You won't be charged after that.</p><p>Restart your membership
anytime. Your viewing preferences will be saved for 10 months.</p></div></div>
<form method="post" action="{{B}}/CancelPlan/finish"><input type="submit" value="Finish Cancellation"> <a href="{{B}}/YourAccount">Go Back</a></form>"""
    return _lb(request, "Cancel Membership", body)


def _lb_confirm(request: Request, state: State) -> Reply | str:
    if request.method != "GET":
        return not_allowed()
    body = """<h1>We'll miss you!</h1><p>Your membership will end on March 3, 2027. We've sent a
confirmation to a•••@example.com.</p>
<form action="{{B}}/YourAccount"><button>Done</button></form>"""
    return _lb(request, "Netflix", body)


LEGACY_COOKIEBAR_LONG = Variant(
    name="legacy-cookiebar-long",
    start="YourAccount",
    description=(
        "legacy /YourAccount, long (9 settings links, 4 profile blocks), 'Cancel Membership' is "
        "a link in a 'Leaving?' block at the very bottom, under a fixed 190px cookie bar whose "
        "Accept/Reject POST (Set-Cookie, 303); 'Cancel Your Membership?' has the final step as "
        "<input type=submit value='Finish Cancellation'> and a 'Go Back' link; then 'We'll "
        "miss you!' with only 'Done'"
    ),
    expect="cancelled",
    routes={
        "YourAccount": _lb_account,
        "consent": _lb_consent,
        "CancelPlan": _lb_cancel,
        "CancelPlan/finish": cancel_then("/CancelPlan/confirm"),
        "CancelPlan/confirm": _lb_confirm,
        "Restart": restart_then("/YourAccount"),
    },
    walk=(
        click("Accept"),
        click("Cancel Membership", "link"),
        final("Finish Cancellation"),
        click("Done"),
    ),
)

# -- 6. offers-decline-post: pause offer declined by a POST, discount modal, then the end ------

_OD_CSS = """body{font:16px Tahoma,sans-serif;margin:0;background:#eef0f3}
.frame{max-width:560px;margin:36px auto;background:#fff;padding:26px 30px;border-radius:14px}
.pill{display:inline-block;padding:10px 20px;border-radius:22px;background:#ddd;cursor:pointer;
margin:8px 8px 0 0}.hot{background:#e50914;color:#fff;border:0;font-size:16px}
.veil{position:fixed;inset:0;background:rgba(20,20,20,.7);display:flex;align-items:center;
justify-content:center}.pop{background:#fff;padding:26px;border-radius:14px;max-width:400px}"""


def _od(title: str, body: str, script: str = "") -> str:
    return doc(title, f'<div class="frame">{body}</div>', css=_OD_CSS, script=script)


_OD_MEMBERSHIP = _od(
    "Membership",
    """<h1>Membership</h1><p>Premium · $22.99/month</p><p>Renews March 3, 2027</p>
<p><a href="#plans">Change plan</a> | <a href="{{B}}/membership/cancel">Cancel subscription</a></p>""",
)
_OD_MEMBERSHIP_ENDED = _od(
    "Membership",
    """<h1>Membership</h1><p>Premium · access ends March 3, 2027</p>
<form method="post" action="{{B}}/restart"><button class="pill hot">Restart subscription</button></form>""",
)
_OD_PAUSE = _od(
    "Take a break",
    """<h1>Take a break instead?</h1><p>Pause your subscription for a month. Your profiles,
lists and recommendations stay just as they are.</p>
<form method="post" action="{{B}}/membership/pause"><button class="pill hot">Pause for 1 month</button></form>
<form method="post" action="{{B}}/membership/cancel/decline" id="decline">
<input type="hidden" name="offer" value="pause"></form>
<div role="button" tabindex="0" class="pill" id="notnow">Not now</div>""",
    "document.getElementById('notnow').onclick=function(){document.getElementById('decline')"
    ".submit()}",
)
_OD_FINAL = _od(
    "Cancel subscription",
    """<h1>Ready to leave?</h1><p>Your membership will end on March 3, 2027. We won't charge you
again after that.</p>
<form method="post" action="{{B}}/membership/cancel/end"><button class="pill hot">Cancel subscription</button></form>
<p><a href="{{B}}/membership">Keep subscription</a></p>
<div class="veil" id="veil"><div class="pop" role="dialog" aria-modal="true" aria-label="Offer">
<h2>Wait, here's 50% off</h2><p>Keep Premium for $11.49/month for the next 3 months.</p>
<form method="post" action="{{B}}/membership/discount"><button class="pill hot">Keep it for $11.49</button></form>
<button type="button" class="pill" id="nothanks">No thanks</button></div></div>""",
    "document.getElementById('nothanks').onclick=function(){document.getElementById('veil')"
    ".remove()}",
)
_OD_DONE = _od(
    "Netflix",
    """<h1>Subscription cancelled</h1><p>Your membership will end on March 3, 2027.</p>
<form action="{{B}}/membership"><button class="pill">Done</button></form>""",
)


def _od_cancel(request: Request, state: State) -> Reply | str:
    if request.method != "GET":
        return not_allowed()
    if state.cancelled:
        return redirect("/membership/cancel/done")
    return _OD_FINAL if state.flags.get("declined") == "pause" else _OD_PAUSE


def _od_decline(request: Request, state: State) -> Reply | str:
    if request.method != "POST":
        return not_allowed()
    state.flags["declined"] = request.value("offer")
    state.note(f"declined:{request.value('offer')}")
    return redirect("/membership/cancel")


OFFERS_DECLINE_POST = Variant(
    name="offers-decline-post",
    start="membership",
    description=(
        "'Cancel subscription' link -> /membership/cancel shows a pause offer whose 'Not now' "
        "is a div role=button submitting a hidden POST form (server remembers the decline); the "
        "same URL then shows the last step under a role=dialog 50%-off modal ('No thanks' "
        "closes it); final button also 'Cancel subscription'; then 'Subscription cancelled' + "
        "'Done'"
    ),
    expect="cancelled",
    routes={
        "membership": by_state(_OD_MEMBERSHIP, _OD_MEMBERSHIP_ENDED),
        "membership/cancel": _od_cancel,
        "membership/cancel/decline": _od_decline,
        "membership/pause": note_then("accepted:pause", "/membership"),
        "membership/discount": note_then("accepted:discount", "/membership"),
        "membership/cancel/end": cancel_then("/membership/cancel/done"),
        "membership/cancel/done": _OD_DONE,
        "restart": restart_then("/membership"),
    },
    walk=(
        click("Cancel subscription", "link"),
        click("Not now"),
        click("No thanks"),
        final("Cancel subscription"),
        click("Done"),
    ),
)

# -- 7. reason-required: plan cards, then a required reason <select> before the last step -----

_RR_CSS = """body{font:15px Arial,sans-serif;margin:0;background:#fff;color:#111}
.top{border-bottom:1px solid #ddd;padding:14px 28px;font-weight:700;color:#e50914}
.c{max-width:900px;margin:24px auto;padding:0 20px}.grid{display:grid;
grid-template-columns:repeat(2,1fr);gap:14px}.grid>div,.plans>div{border:1px solid #ccc;
border-radius:8px;padding:14px}.plans{display:grid;grid-template-columns:repeat(3,1fr);gap:12px;
margin:16px 0}.spacer{height:420px}button[disabled]{opacity:.4}"""


def _rr(title: str, body: str, script: str = "") -> str:
    return doc(
        title,
        f'<div class="top">NETFLIX</div><div class="c">{body}</div>',
        css=_RR_CSS,
        script=script,
    )


_RR_ACCOUNT = _rr(
    "Account",
    """<h1>Account</h1><div class="grid"><div><h2>Membership</h2><p>Standard · next payment
March 3, 2027</p><a href="{{B}}/account/membership">Manage membership</a></div>
<div><h2>Security</h2><a href="#pw">Password</a></div><div><h2>Devices</h2>
<a href="#dev">Manage access and devices</a></div><div><h2>Profiles</h2><a href="#pr">Manage
profiles</a></div></div>""",
)
_RR_ACCOUNT_ENDED = _rr(
    "Account",
    """<h1>Account</h1><div class="grid"><div><h2>Membership</h2><p>Canceled. Streaming until
March 3, 2027.</p><form method="post" action="{{B}}/restart"><button>Restart Membership</button>
</form></div></div>""",
)
_RR_MEMBERSHIP = _rr(
    "Membership",
    """<h1>Membership</h1><h2>Current plan</h2><p>Standard · $15.49/month · next payment
March 3, 2027</p><h2>Explore other plans</h2><div class="plans">
<div><h3>Standard with ads</h3><p>$7.99</p><form method="post" action="{{B}}/plan"><input
type="hidden" name="plan" value="ads"><button>Switch</button></form></div>
<div><h3>Standard</h3><p>$15.49</p><p>Your plan</p></div>
<div><h3>Premium</h3><p>$22.99</p><form method="post" action="{{B}}/plan"><input type="hidden"
name="plan" value="premium"><button>Switch</button></form></div></div>
<h2>Payment</h2><p>Visa •••• 4242 · <a href="#pay">Change</a></p><div class="spacer"></div>
<p><a href="{{B}}/cancelplan">Cancel membership</a></p>""",
)
_RR_CANCEL = _rr(
    "Cancel membership",
    """<h1>Cancel membership</h1><p>Your membership will end on March 3, 2027. You won't be
charged again.</p><form method="post" action="{{B}}/cancelplan/finish">
<label for="why">Please tell us why you're leaving</label><br>
<select id="why" name="why" required><option value="">Choose a reason</option>
<option value="price">It costs too much</option><option value="time">I don't have time</option>
<option value="content">Not enough I want to watch</option><option value="other">Something
else</option></select><br><br><button id="finish" disabled>Finish cancellation</button>
<a href="{{B}}/account/membership">Go back</a></form>""",
    "var w=document.getElementById('why');w.addEventListener('change',function(){"
    "document.getElementById('finish').disabled=!w.value})",
)
_RR_CONFIRM = _rr(
    "Netflix",
    """<h2>Cancellation confirmed</h2><p>Watch until March 3, 2027. Changed your mind? You can
restart from your Account page.</p><a href="{{B}}/account">Done</a>""",
)


def _rr_finish(request: Request, state: State) -> Reply | str:
    if request.method != "POST":
        return not_allowed()
    if not request.value("why"):
        return redirect("/cancelplan")
    if not state.cancelled:
        state.cancel()
    state.flags["why"] = request.value("why")
    return redirect("/cancelplan/confirm")


REASON_REQUIRED = Variant(
    name="reason-required",
    start="account",
    description=(
        "account grid -> 'Manage membership' -> plan cards with 'Switch' POST buttons and "
        "'Cancel membership' below a spacer; /cancelplan needs a reason from a native <select> "
        "before 'Finish cancellation' is enabled (and the server refuses without one); then "
        "'Cancellation confirmed' (h2) + 'Done' link"
    ),
    expect="cancelled",
    routes={
        "account": by_state(_RR_ACCOUNT, _RR_ACCOUNT_ENDED),
        "account/membership": unless_cancelled(_RR_MEMBERSHIP, "/account"),
        "plan": note_then("accepted:plan", "/account/membership", form_key="plan"),
        "cancel": go("/cancelplan"),
        "cancelplan": unless_cancelled(_RR_CANCEL, "/cancelplan/confirm"),
        "cancelplan/finish": _rr_finish,
        "cancelplan/confirm": _RR_CONFIRM,
        "restart": restart_then("/account"),
    },
    walk=(
        click("Manage membership", "link"),
        click("Cancel membership", "link"),
        select("#why", "price"),
        final("Finish cancellation"),
        click("Done", "link"),
    ),
)

VARIANTS = [
    FR_INLINE_OFFER,
    ES_MOSTRAR_MAS,
    SHOW_MORE_SPANS,
    ARIA_DIALOG_SURVEY,
    LEGACY_COOKIEBAR_LONG,
    OFFERS_DECLINE_POST,
    REASON_REQUIRED,
]
