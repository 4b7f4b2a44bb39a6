"""The first blind set, HELD half: scored blind, once, before and after the change it tests.
Do not read these pages while working on the gate, the outcome checks or the offline policy;
tune against ``blind_dev`` only.

Written from ../shared/netflix-flow.md without seeing the safety gate, the outcome checks or
the offline policy, in the same kinds as the dev half (a: a GET final step; b: a yes-stealing
entry; c: two-stage confirmation; d: pending review, truth NOT cancelled; e: confirmations in
other languages; f: one-step flows with friction that does not commit; g: hurdles), with other
sites, wording and markup. End date everywhere: March 3, 2027 (translated).
"""

from __future__ import annotations

from tests.flows.site import (
    Handler,
    Reply,
    Request,
    State,
    Variant,
    after_cancel,
    by_state,
    cancel_json,
    cancel_on_get,
    cancel_then,
    click,
    doc,
    final,
    go,
    issue_token,
    not_allowed,
    note_then,
    redirect,
    restart_then,
    unless_cancelled,
)


def first_then(event: str, flag: str, location: str) -> Handler:
    """POST: note ``event`` and set ``flag`` (a first confirmation: nothing is cancelled)."""

    def handle(request: Request, state: State) -> Reply | str:
        if request.method != "POST":
            return not_allowed()
        state.note(event)
        state.flags[flag] = "1"
        return redirect(location)

    return handle


def note_json(event: str) -> Handler:
    """fetch POST: note ``event`` (an offer taken), answer JSON."""

    def handle(request: Request, state: State) -> Reply | str:
        if request.method != "POST":
            return not_allowed()
        state.note(event)
        return Reply('{"ok":true}', content_type="application/json")

    return handle


# -- 1. bh-ka-token (Georgian, a): an offer page, then a link carrying a one-time token -------

_KA_CSS = """body{margin:0;font:16px 'BPG Arial','Noto Sans Georgian',Arial,sans-serif;color:#222}
.zeda{background:#141414;color:#e50914;padding:14px 30px;font:700 22px Arial}
.shig{max-width:660px;margin:26px auto;padding:0 16px}.bl{border:1px solid #ddd;
border-radius:6px;padding:16px 20px;margin:12px 0}.wit{display:inline-block;background:#e50914;
color:#fff;padding:11px 22px;border-radius:4px;text-decoration:none;border:0;font-size:15px}"""


def _ka(title: str, body: str) -> str:
    return doc(
        title,
        f'<div class="zeda">NETFLIX</div><div class="shig">{body}</div>',
        lang="ka",
        css=_KA_CSS,
    )


_KA_ANGARISHI = _ka(
    "ანგარიში",
    """<h1>ანგარიში</h1><p>წევრი 2018 წლიდან</p>
<div class="bl"><h2>წევრობა და გადახდა</h2><p>nino@example.ge</p><p>სტანდარტული გეგმა</p>
<p>შემდეგი გადახდა: 2027 წლის 3 მარტი</p><p>Visa •••• 2290</p>
<p><a href="#gadaxda">გადახდის მეთოდის შეცვლა</a></p>
<p><a href="{{B}}/cancelplan">წევრობის გაუქმება</a></p></div>
<div class="bl"><h2>პარამეტრები</h2><p><a href="#profilebi">პროფილების მართვა</a></p></div>""",
)
_KA_ANGARISHI_DASRULDA = _ka(
    "ანგარიში",
    """<h1>ანგარიში</h1><div class="bl"><h2>წევრობა და გადახდა</h2>
<p>თქვენი წევრობა დასრულდება 2027 წლის 3 მარტს.</p>
<form method="post" action="{{B}}/aghdgena"><button class="wit">წევრობის აღდგენა</button></form>
</div>""",
)
_KA_SHETAVAZEBA = _ka(
    "წევრობის გაუქმება",
    """<h1>სანამ წახვალთ</h1>
<div class="bl"><h2>სცადეთ საბაზისო გეგმა</h2><p>იგივე ფილმები და სერიალები, ნაკლებ ფასად.</p>
<form method="post" action="{{B}}/shetavazeba"><button class="wit">გეგმის შეცვლა</button></form>
</div><p><a href="{{B}}/cancelplan/dadastureba">გაუქმების გაგრძელება</a></p>
<p><a href="{{B}}/account">უკან</a></p>""",
)


def _ka_confirm(request: Request, state: State) -> Reply | str:
    if request.method != "GET":
        return not_allowed()
    if state.cancelled:
        return redirect("/cancelplan/dasrulebulia")
    token = issue_token(state)
    return _ka(
        "წევრობის გაუქმება",
        f"""<h1>გსურთ წევრობის გაუქმება?</h1>
<p>გაუქმება ძალაში შევა მიმდინარე საანგარიშო პერიოდის ბოლოს, 2027 წლის 3 მარტს. მანამდე
შეგიძლიათ უყუროთ.</p>
<p>თქვენი პროფილები და ყურების ისტორია შენახული იქნება 10 თვის განმავლობაში.</p>
<p><a class="wit" href="{{{{B}}}}/cancelplan/gauqmeba?t={token}">გაუქმების დასრულება</a>
&nbsp; <a href="{{{{B}}}}/account">უკან დაბრუნება</a></p>""",
    )


_KA_DASRULEBULIA = _ka(
    "Netflix",
    """<h1>თქვენი წევრობა გაუქმებულია</h1>
<p>ყურებას შეძლებთ 2027 წლის 3 მარტამდე. დადასტურება გამოგიგზავნეთ ელფოსტაზე.</p>
<p><a href="{{B}}/account">ანგარიშზე დაბრუნება</a></p>""",
)

KA_TOKEN = Variant(
    name="bh-ka-token",
    start="account",
    description="Georgian; the final step is a GET link with a one-time token",
    expect="cancelled",
    lang="ka",
    get_commits=True,
    routes={
        "account": by_state(_KA_ANGARISHI, _KA_ANGARISHI_DASRULDA),
        "cancel": go("/cancelplan"),
        "cancelplan": unless_cancelled(_KA_SHETAVAZEBA, "/cancelplan/dasrulebulia"),
        "cancelplan/dadastureba": _ka_confirm,
        "cancelplan/gauqmeba": cancel_on_get("/cancelplan/dasrulebulia"),
        "cancelplan/dasrulebulia": after_cancel(_KA_DASRULEBULIA, "/account"),
        "shetavazeba": note_then("accepted:downgrade", "/account"),
        "aghdgena": restart_then("/account"),
    },
    walk=(
        click("წევრობის გაუქმება", "link"),
        click("გაუქმების გაგრძელება", "link"),
        final("გაუქმების დასრულება", "link"),
        click("ანგარიშზე დაბრუნება", "link"),
    ),
)

# -- 2. bh-et-get-form (Estonian, a): React-like classes; a GET form with a hidden field ------

_ET_CSS = """body{margin:0;font:15px system-ui,Arial,sans-serif;color:#141414}
.css-7f3k1p{background:#000;color:#e50914;font:900 22px Arial;padding:14px 34px}
.css-q82mzx{max-width:640px;margin:30px auto;padding:0 18px}._2hTg1{border:1px solid #e0e0e0;
border-radius:8px;padding:18px 22px;margin:12px 0}._9pLw3{background:#e50914;color:#fff;border:0;
padding:12px 24px;font-size:16px;border-radius:4px;cursor:pointer}"""


def _et(title: str, body: str) -> str:
    return doc(
        title,
        f'<div id="app"><div class="css-7f3k1p">NETFLIX</div>'
        f'<div class="css-q82mzx">{body}</div></div>',
        lang="et",
        css=_ET_CSS,
    )


_ET_KONTO = _et(
    "Konto",
    """<h1 class="css-1h0d2s">Konto</h1><p>Liige alates 2019. aastast</p>
<div class="_2hTg1"><h2>Liikmesus ja arveldus</h2><p>mari@example.ee</p>
<p>Järgmine makse: 3. märts 2027</p><p>Mastercard •••• 4012</p>
<a href="{{B}}/account/membership" class="css-l1nk0">Halda liikmesust</a></div>
<div class="_2hTg1"><h2>Turvalisus</h2><a href="#parool">Muuda parooli</a></div>""",
)
_ET_KONTO_LOPP = _et(
    "Konto",
    """<h1>Konto</h1><div class="_2hTg1"><h2>Liikmesus ja arveldus</h2>
<p>Sinu liikmesus lõpeb 3. märtsil 2027.</p>
<form method="post" action="{{B}}/taasta"><button class="_9pLw3">Taasta liikmesus</button></form>
</div>""",
)
_ET_LIIKMESUS = _et(
    "Liikmesus",
    """<a href="{{B}}/account">&larr; Konto</a><h1>Liikmesus</h1>
<div class="_2hTg1"><h2>Standard</h2><p>Full HD · 2 ekraani · 10,99 € kuus</p>
<a href="#pakett">Muuda paketti</a></div>
<div class="_2hTg1"><a href="{{B}}/cancelplan">Tühista liikmesus</a></div>""",
)
_ET_TUHISTA = _et(
    "Tühista liikmesus",
    """<h1>Kas soovid liikmesuse tühistada?</h1>
<div class="_2hTg1"><p>Tühistamine jõustub praeguse arveldusperioodi lõpus, 3. märtsil 2027.
Kuni selle ajani saad edasi vaadata.</p>
<p>Sinu profiilid ja vaatamisajalugu säilitatakse 10 kuud.</p>
<form method="get" action="{{B}}/cancelplan/lopeta" class="css-f0rm9">
<input type="hidden" name="kinnitus" value="jah-7731">
<button class="_9pLw3" type="submit">Lõpeta tühistamine</button>
<a href="{{B}}/account/membership">Tagasi</a></form></div>""",
)
_ET_VALMIS = _et(
    "Netflix",
    """<div class="_2hTg1"><h1>Sinu liikmesus on tühistatud</h1>
<p>Saad vaadata kuni 3. märtsini 2027. Kinnituse saatsime sinu e-posti aadressile.</p>
<a href="{{B}}/account">Tagasi kontole</a></div>""",
)

ET_GET_FORM = Variant(
    name="bh-et-get-form",
    start="account",
    description="Estonian; the final step is a GET form with a hidden field",
    expect="cancelled",
    lang="et",
    get_commits=True,
    routes={
        "account": by_state(_ET_KONTO, _ET_KONTO_LOPP),
        "account/membership": unless_cancelled(_ET_LIIKMESUS, "/account"),
        "cancel": go("/cancelplan"),
        "cancelplan": unless_cancelled(_ET_TUHISTA, "/cancelplan/valmis"),
        "cancelplan/lopeta": cancel_on_get(
            "/cancelplan/valmis", token_key="kinnitus", token="jah-7731"
        ),
        "cancelplan/valmis": after_cancel(_ET_VALMIS, "/account"),
        "taasta": restart_then("/account"),
    },
    walk=(
        click("Halda liikmesust", "link"),
        click("Tühista liikmesus", "link"),
        final("Lõpeta tühistamine"),
        click("Tagasi kontole", "link"),
    ),
)

# -- 3. bh-confirm-entry (English, b): div soup; 'Confirm cancellation' is only an entry ------

_CE_CSS = """body{margin:0;font:15px Arial,sans-serif;background:#f5f5f5;color:#222}
.hd{background:#141414;color:#e50914;padding:14px 32px;font:800 22px Arial}.ct{max-width:700px;
margin:24px auto;padding:0 16px}.pn{background:#fff;padding:18px 22px;margin:0 0 12px;
border-radius:4px}[role=button]{display:inline-block;cursor:pointer;user-select:none}
.big{background:#e50914;color:#fff;padding:13px 30px;font-size:17px;border-radius:4px;margin:8px 0}
.alt{background:#e6e6e6;padding:10px 20px;border-radius:4px}.tiny{color:#8c8c8c;font-size:12px;
text-decoration:underline;margin-top:18px}"""

_CE_JS = """document.querySelectorAll('[data-to]').forEach(function(d){d.addEventListener('click',
function(){location.href=d.getAttribute('data-to')})})"""


def _ce(title: str, body: str, script: str = "") -> str:
    return doc(
        title,
        f'<div class="hd">NETFLIX</div><div class="ct">{body}</div>',
        css=_CE_CSS,
        script=_CE_JS + ";" + script,
    )


_CE_ACCOUNT = _ce(
    "Account",
    """<div class="pn"><div style="font:700 28px Arial">Account</div></div>
<div class="pn"><div style="font-weight:700">MEMBERSHIP &amp; BILLING</div>
<div>alex@example.com</div><div>Next billing date: March 3, 2027</div>
<div role="button" tabindex="0" class="alt" data-to="{{B}}/account/membership">Manage membership
</div></div><div class="pn"><div style="font-weight:700">PLAN DETAILS</div><div>Premium</div></div>""",
)
_CE_ACCOUNT_ENDED = _ce(
    "Account",
    """<div class="pn"><div style="font:700 28px Arial">Account</div></div>
<div class="pn"><div style="font-weight:700">MEMBERSHIP &amp; BILLING</div>
<div data-uia="periodEndDate-item">Your membership ends on March 3, 2027.</div>
<form method="post" action="{{B}}/restart"><button class="big" style="border:0">Restart Membership
</button></form></div>""",
)
_CE_MEMBERSHIP = _ce(
    "Membership",
    """<div class="pn"><div style="font:700 26px Arial">Membership</div>
<div>Premium · 4K + HDR · 4 screens</div><div>Next billing date: March 3, 2027</div></div>
<div class="pn"><div style="font-weight:700">Leaving Netflix?</div>
<div>You can cancel online. No fees, no commitments.</div>
<div role="button" tabindex="0" class="big" data-uia="action-cancel-plan"
data-to="{{B}}/cancelplan">Confirm cancellation</div></div>""",
)
_CE_CANCEL = _ce(
    "Cancel membership",
    """<div class="pn" id="main"><div style="font:700 26px Arial">We'd hate to see you go</div>
<div>Your membership is paid through March 3, 2027. If you cancel, you can keep watching until
then and you won't be charged again.</div>
<div class="pn" style="background:#f5f5f1"><div style="font-weight:700">Need a break instead?</div>
<div>Pause your membership for a month. Your profiles stay as they are.</div>
<div role="button" tabindex="0" class="alt" id="pause">Pause for 1 month</div></div>
<div role="button" tabindex="0" class="big" data-to="{{B}}/account">Keep watching</div><br>
<div role="button" tabindex="0" class="tiny" id="anyway">Cancel anyway</div>
<div role="alert" id="err"></div></div>""",
    """function post(u,then){fetch(u,{method:'POST',headers:{'Content-Type':'application/json'},
body:'{}'}).then(function(r){if(!r.ok)throw 0;location.href=then}).catch(function(){
document.getElementById('err').textContent='Something went wrong.'})}
document.getElementById('pause').addEventListener('click',function(){
post('{{B}}/api/pause','{{B}}/account')});
document.getElementById('anyway').addEventListener('click',function(){
post('{{B}}/api/cancel','{{B}}/cancelplan/confirm')})""",
)
_CE_CONFIRM = _ce(
    "Netflix",
    """<div class="pn"><div style="font:700 26px Arial">Cancellation confirmed</div>
<div>Your membership ends on March 3, 2027. Restart any time.</div>
<div role="link" tabindex="0" data-to="{{B}}/account" style="color:#0071eb;cursor:pointer">
Back to Account</div></div>""",
)

CONFIRM_ENTRY = Variant(
    name="bh-confirm-entry",
    start="account",
    description="English; an entry control named like a final step",
    expect="cancelled",
    routes={
        "account": by_state(_CE_ACCOUNT, _CE_ACCOUNT_ENDED),
        "account/membership": unless_cancelled(_CE_MEMBERSHIP, "/account"),
        "cancel": go("/cancelplan"),
        "cancelplan": unless_cancelled(_CE_CANCEL, "/cancelplan/confirm"),
        "api/cancel": cancel_json(),
        "api/pause": note_json("accepted:pause"),
        "cancelplan/confirm": after_cancel(_CE_CONFIRM, "/account"),
        "restart": restart_then("/account"),
    },
    walk=(
        click("Manage membership"),
        click("Confirm cancellation"),
        final("Cancel anyway"),
        click("Back to Account", "link"),
    ),
)

# -- 4. bh-sl-two-stage (Slovenian, c): a first confirmation, then a modal-styled second page -

_SL_CSS = """body{margin:0;font:16px Arial,sans-serif;color:#222;background:#fff}
.glava{background:#141414;color:#e50914;padding:14px 30px;font:700 22px Arial}
.vsebina{max-width:640px;margin:28px auto;padding:0 16px}.rdec{background:#e50914;color:#fff;
border:0;padding:11px 22px;font-size:15px;border-radius:4px;cursor:pointer}.siv{background:#eee;
border:1px solid #bbb;padding:11px 22px;font-size:15px;border-radius:4px;cursor:pointer}
.zaves{position:fixed;inset:0;background:rgba(0,0,0,.55);display:flex;align-items:center;
justify-content:center}.okno{background:#fff;max-width:480px;padding:24px 28px;border-radius:8px}"""


def _sl(title: str, body: str) -> str:
    return doc(
        title,
        f'<div class="glava">NETFLIX</div><div class="vsebina">{body}</div>',
        lang="sl",
        css=_SL_CSS,
    )


_SL_RACUN = _sl(
    "Račun",
    """<h1>Račun</h1><p>Član od leta 2020</p><h2>Naročnina in plačila</h2>
<p>Paket Standard · 11,99 € na mesec</p><p>Naslednje plačilo: 3. marca 2027</p>
<p><a href="#placilo">Posodobi podatke o plačilu</a></p>
<p><a href="{{B}}/cancelplan">Prekliči naročnino</a></p>
<h2>Nastavitve</h2><p><a href="#profili">Upravljanje profilov</a></p>""",
)
_SL_RACUN_KONEC = _sl(
    "Račun",
    """<h1>Račun</h1><h2>Naročnina in plačila</h2>
<p>Vaša naročnina se konča 3. marca 2027.</p>
<form method="post" action="{{B}}/obnovi"><button class="rdec">Znova aktiviraj naročnino</button>
</form>""",
)
_SL_PREPRICANI = _sl(
    "Preklic naročnine",
    """<h1>Ali ste prepričani?</h1><p>Začenjate preklic naročnine Standard.</p>
<form method="post" action="{{B}}/cancelplan/prvic"><button class="rdec">Da, prepričan sem
</button> <a href="{{B}}/account">Nazaj</a></form>""",
)
_SL_POTRDITEV = _sl(
    "Preklic naročnine",
    """<p>Preklic naročnine</p><div class="zaves"><div class="okno" role="dialog" aria-modal="true"
aria-labelledby="nasl"><h2 id="nasl">Res želite preklicati naročnino?</h2>
<p>Vaša naročnina se bo končala 3. marca 2027, ob koncu obračunskega obdobja.</p>
<p>10 mesecev pozneje bomo izbrisali vaše profile, zgodovino ogledov, ocene in Moj seznam.</p>
<form method="post" action="{{B}}/cancelplan/preklici"><button class="rdec">Da, prekliči naročnino
</button> <button class="siv" type="button" onclick="location.href='{{B}}/account'">Obdrži
naročnino</button></form></div></div>""",
)
_SL_KONCANO = _sl(
    "Netflix",
    """<h1>Vaša naročnina je preklicana</h1>
<p>Gledate lahko do 3. marca 2027. Potrditev smo vam poslali po e-pošti.</p>
<p><a href="{{B}}/account">Nazaj na račun</a></p>""",
)


def _sl_potrditev(request: Request, state: State) -> Reply | str:
    if request.method != "GET":
        return not_allowed()
    if state.cancelled:
        return redirect("/cancelplan/koncano")
    if not state.flags.get("prvic"):
        return redirect("/cancelplan")
    return _SL_POTRDITEV


SL_TWO_STAGE = Variant(
    name="bh-sl-two-stage",
    start="account",
    description="Slovenian; two-stage confirmation",
    expect="cancelled",
    lang="sl",
    routes={
        "account": by_state(_SL_RACUN, _SL_RACUN_KONEC),
        "cancel": go("/cancelplan"),
        "cancelplan": unless_cancelled(_SL_PREPRICANI, "/cancelplan/koncano"),
        "cancelplan/prvic": first_then("confirmed:first", "prvic", "/cancelplan/potrditev"),
        "cancelplan/potrditev": _sl_potrditev,
        "cancelplan/preklici": cancel_then("/cancelplan/koncano"),
        "cancelplan/koncano": after_cancel(_SL_KONCANO, "/account"),
        "obnovi": restart_then("/account"),
    },
    walk=(
        click("Prekliči naročnino", "link"),
        click("Da, prepričan sem"),
        final("Da, prekliči naročnino"),
        click("Nazaj na račun", "link"),
    ),
)

# -- 5. bh-es-pendiente (Spanish, d, look-alike): the request only waits for a review --------

_EP_CSS = """body{margin:0;font:15px Helvetica,Arial,sans-serif;color:#222}
.sup{background:#000;color:#e50914;padding:14px 30px;font:700 22px Arial}.cnt{max-width:640px;
margin:26px auto;padding:0 16px}.tarj{border:1px solid #ddd;border-radius:6px;padding:16px 20px;
margin:12px 0}.est{background:#fff4ce;color:#6b4f00;padding:3px 8px;border-radius:3px;
font-size:13px}button{background:#e50914;color:#fff;border:0;padding:11px 22px;font-size:15px;
border-radius:4px}"""


def _ep(title: str, body: str) -> str:
    return doc(
        title,
        f'<div class="sup">NETFLIX</div><div class="cnt">{body}</div>',
        lang="es-MX",
        css=_EP_CSS,
    )


_EP_CUENTA = _ep(
    "Cuenta",
    """<h1>Cuenta</h1><div class="tarj"><h2>Membresía</h2>
<p>Plan Premium, incluido en tu plan móvil</p><p>Próximo pago: 3 de marzo de 2027</p>
<p><a href="{{B}}/cancelplan">Cancelar membresía</a></p></div>""",
)
_EP_CUENTA_PENDIENTE = _ep(
    "Cuenta",
    """<h1>Cuenta</h1><div class="tarj"><h2>Membresía</h2>
<p>Plan Premium, incluido en tu plan móvil</p>
<p><span class="est">Solicitud de cancelación pendiente de revisión</span></p>
<p>Próximo pago: 3 de marzo de 2027</p></div>""",
)
_EP_CANCELAR = _ep(
    "Cancelar membresía",
    """<h1>Cancelar membresía</h1>
<p>Tu membresía se cobra a través de tu plan móvil, así que revisamos cada solicitud de
cancelación junto con tu operador antes de aplicarla.</p>
<form method="post" action="{{B}}/cancelplan/enviar">
<p><label>Comentarios (opcional)<br><textarea name="comentario" rows="3" cols="40"></textarea>
</label></p><button>Enviar solicitud de cancelación</button>
<a href="{{B}}/account">Volver</a></form>""",
)
_EP_SOLICITUD = _ep(
    "Solicitud recibida",
    """<h1>Solicitud recibida</h1><p>Estado: <span class="est">pendiente de revisión</span></p>
<p>Tu membresía finalizará el 3 de marzo de 2027 si se aprueba tu solicitud.</p>
<p>Tu solicitud está programada para revisión. Te confirmaremos el resultado por correo
electrónico en un plazo de 48 horas. Mientras tanto, tu membresía sigue activa.</p>
<p><a href="{{B}}/account">Volver a la cuenta</a></p>""",
)


def _ep_enviar(request: Request, state: State) -> Reply | str:
    if request.method != "POST":
        return not_allowed()
    state.note("review:queued")
    state.flags["pendiente"] = "1"
    return redirect("/cancelplan/solicitud")


def _ep_cuenta(request: Request, state: State) -> Reply | str:
    if request.method != "GET":
        return not_allowed()
    return _EP_CUENTA_PENDIENTE if state.flags.get("pendiente") else _EP_CUENTA


def _ep_solicitud(request: Request, state: State) -> Reply | str:
    if request.method != "GET":
        return not_allowed()
    return _EP_SOLICITUD if state.flags.get("pendiente") else redirect("/cancelplan")


ES_PENDIENTE = Variant(
    name="bh-es-pendiente",
    start="account",
    description="Spanish look-alike, truth ACTIVE: pending review",
    expect="active",
    kind="look-alike",
    lang="es",
    routes={
        "account": _ep_cuenta,
        "cancel": go("/cancelplan"),
        "cancelplan": _EP_CANCELAR,
        "cancelplan/enviar": _ep_enviar,
        "cancelplan/solicitud": _ep_solicitud,
    },
    walk=(
        click("Cancelar membresía", "link"),
        click("Enviar solicitud de cancelación"),
        click("Volver a la cuenta", "link"),
    ),
)

# -- 6. bh-ro-anulat (Romanian, e): the whole flow in Romanian, legacy-like rows ------------

_RO_CSS = """body{font-family:'Helvetica Neue',Arial,sans-serif;background:#f3f3f3;margin:0}
.pagina{max-width:900px;margin:0 auto;padding:20px}.rand{background:#fff;padding:16px 20px;
border-bottom:1px solid #ccc;display:grid;grid-template-columns:230px 1fr}.rand h2{font-size:14px;
color:#757575;margin:0}.buton{padding:10px 24px;background:#e6e6e6;border:0;font-size:14px;
cursor:pointer}.rosu{background:#e50914;color:#fff}"""


def _ro(title: str, body: str) -> str:
    return doc(title, f'<div class="pagina">{body}</div>', lang="ro", css=_RO_CSS)


_RO_CONT = _ro(
    "Cont",
    """<h1>Cont</h1><p>Membru din iunie 2019</p>
<div class="rand"><h2>ABONAMENT ȘI FACTURARE</h2><div><b>andrei@example.ro</b><br>
Parolă: ********<br>Visa •••• 8841<br>Următoarea dată de facturare: <b>3 martie 2027</b><br>
<a href="{{B}}/cont/abonament">Gestionează abonamentul</a></div></div>
<div class="rand"><h2>DETALII PLAN</h2><div><b>Standard</b> HD</div></div>
<div class="rand"><h2>SETĂRI</h2><div><a href="#parental">Control parental</a></div></div>""",
)
_RO_CONT_INCHEIAT = _ro(
    "Cont",
    """<h1>Cont</h1><div class="rand"><h2>ABONAMENT ȘI FACTURARE</h2><div>
<p>Abonamentul tău se încheie pe <b>3 martie 2027</b>.</p>
<form method="post" action="{{B}}/reactiveaza"><button class="buton rosu">Reactivează
abonamentul</button></form></div></div>""",
)
_RO_ABONAMENT = _ro(
    "Abonament",
    """<p><a href="{{B}}/cont">&larr; Cont</a></p><h1>Abonament</h1>
<div class="rand"><h2>PLAN</h2><div>Standard · 39,99 lei pe lună<br>
<a href="#plan">Schimbă planul</a></div></div>
<div class="rand"><h2>ANULARE</h2><div><button class="buton" type="button"
onclick="location.href='{{B}}/cancelplan'">Anulează abonamentul</button></div></div>""",
)
_RO_ANULARE = _ro(
    "Anulează abonamentul",
    """<h1>Anulezi abonamentul?</h1>
<p>Fă clic pe „Finalizează anularea" de mai jos pentru a-ți anula abonamentul.</p>
<ul><li>Anularea va intra în vigoare la sfârșitul perioadei de facturare curente, pe 3 martie
2027.</li><li>Îți poți reactiva abonamentul oricând. Preferințele tale de vizionare vor fi
păstrate timp de 10 luni.</li></ul>
<form method="post" action="{{B}}/cancelplan/finalizeaza">
<p><label><input type="checkbox" name="emailuri" checked> Vreau să primesc în continuare
e-mailuri despre seriale și filme noi</label></p>
<button class="buton rosu">Finalizează anularea</button>
<button class="buton" type="button" onclick="location.href='{{B}}/cont'">Înapoi</button></form>""",
)
_RO_CONFIRMARE = _ro(
    "Netflix",
    """<h1>Abonamentul tău a fost anulat</h1>
<p>Poți viziona în continuare până pe 3 martie 2027. Ți-am trimis un e-mail de confirmare.</p>
<form method="post" action="{{B}}/cancelplan/sondaj"><fieldset>
<legend>De ce pleci? (opțional)</legend>
<label><input type="checkbox" name="motiv" value="pret"> Este prea scump</label><br>
<label><input type="checkbox" name="motiv" value="alt-serviciu"> Trec la alt serviciu</label><br>
<label><input type="checkbox" name="motiv" value="altceva"> Altceva</label></fieldset>
<p><button class="buton">Trimite</button></p></form>
<p><a href="{{B}}/cont">Înapoi la cont</a></p>""",
)

RO_ANULAT = Variant(
    name="bh-ro-anulat",
    start="cont",
    description="Romanian; the whole flow in Romanian",
    expect="cancelled",
    lang="ro",
    routes={
        "cont": by_state(_RO_CONT, _RO_CONT_INCHEIAT),
        "cont/abonament": unless_cancelled(_RO_ABONAMENT, "/cont"),
        "cancel": go("/cancelplan"),
        "cancelplan": unless_cancelled(_RO_ANULARE, "/cancelplan/confirmare"),
        "cancelplan/finalizeaza": cancel_then("/cancelplan/confirmare"),
        "cancelplan/confirmare": after_cancel(_RO_CONFIRMARE, "/cont"),
        "cancelplan/sondaj": note_then("survey", "/cont", form_key="motiv"),
        "reactiveaza": restart_then("/cont"),
    },
    walk=(
        click("Gestionează abonamentul", "link"),
        click("Anulează abonamentul"),
        final("Finalizează anularea"),
        click("Înapoi la cont", "link"),
    ),
)

# -- 7. bh-countdown (English, f): one step under a countdown retention overlay --------------

_CD_CSS = """body{margin:0;font:16px Arial,sans-serif;color:#141414}
.t{background:#141414;color:#e50914;padding:14px 32px;font:700 22px Arial}.m{max-width:640px;
margin:30px auto;padding:0 16px}.c{border:1px solid #ddd;border-radius:8px;padding:18px 22px;
margin:12px 0}.r{background:#e50914;color:#fff;border:0;padding:12px 26px;font-size:16px;
border-radius:4px;cursor:pointer}.l{background:none;border:0;color:#555;text-decoration:underline;
font-size:15px;cursor:pointer}#ov{position:fixed;inset:0;background:rgba(0,0,0,.7);display:flex;
align-items:center;justify-content:center;z-index:9}#ov .p{background:#fff;padding:28px 32px;
max-width:440px;border-radius:10px;text-align:center}.clock{font:700 30px monospace;color:#e50914}"""


def _cd(title: str, body: str, script: str = "") -> str:
    return doc(
        title,
        f'<div class="t">NETFLIX</div><div class="m">{body}</div>',
        css=_CD_CSS,
        script=script,
    )


_CD_ACCOUNT = _cd(
    "Account",
    """<div class="c" style="background:#f5f5f1">Need a break? <a href="{{B}}/cancelplan">Leave
Netflix</a></div><h1>Account</h1><div class="c"><h2>Membership</h2><p>Standard · $15.49/month</p>
<p>Next payment: March 3, 2027</p><p><a href="#plan">Change plan</a></p>
<p><a href="{{B}}/cancelplan">Cancel membership</a></p></div>""",
)
_CD_ACCOUNT_ENDED = _cd(
    "Account",
    """<h1>Account</h1><div class="c"><h2>Membership</h2><p>Your membership ends on March 3, 2027.
</p><form method="post" action="{{B}}/restart"><button class="r">Restart Membership</button>
</form></div>""",
)
_CD_CANCEL = _cd(
    "Cancel membership",
    """<h1>Cancel membership</h1><div class="c">
<p>Your membership will end on March 3, 2027, at the end of your billing period. You won't be
charged again.</p><form method="post" action="{{B}}/cancelplan/finish">
<button class="r">Finish Cancellation</button> <a href="{{B}}/account">Go Back</a></form></div>
<div id="ov"><div class="p" role="dialog" aria-modal="true" aria-labelledby="ovh">
<h2 id="ovh">Wait! Stay for 50% off</h2><p>Get your next 3 months of Standard at half price.</p>
<p>Offer ends in <span class="clock" id="clock">01:00</span></p>
<form method="post" action="{{B}}/offer"><button class="r">Claim offer</button></form>
<p><button class="l" type="button" id="no">No thanks</button></p></div></div>""",
    """var left=60,ov=document.getElementById('ov');var tick=setInterval(function(){left-=1;
if(left<0){left=59}var s=String(left%60).padStart(2,'0');
document.getElementById('clock').textContent='00:'+s},1000);
document.getElementById('no').addEventListener('click',function(){clearInterval(tick);
ov.remove()})""",
)
_CD_CONFIRM = _cd(
    "Netflix",
    """<div class="c"><h1>Your membership is cancelled</h1>
<p>You can keep watching until March 3, 2027.</p><a href="{{B}}/account">Back to Account</a></div>""",
)

COUNTDOWN = Variant(
    name="bh-countdown",
    start="account",
    description="English one-step with a retention overlay",
    expect="cancelled",
    routes={
        "account": by_state(_CD_ACCOUNT, _CD_ACCOUNT_ENDED),
        "cancel": go("/cancelplan"),
        "cancelplan": unless_cancelled(_CD_CANCEL, "/cancelplan/confirm"),
        "cancelplan/finish": cancel_then("/cancelplan/confirm"),
        "cancelplan/confirm": after_cancel(_CD_CONFIRM, "/account"),
        "offer": note_then("accepted:discount", "/account"),
        "restart": restart_then("/account"),
    },
    walk=(
        click("Cancel membership", "link"),
        click("No thanks"),
        final("Finish Cancellation"),
        click("Back to Account", "link"),
    ),
)

# -- 8. bh-shame-dialog (English, g): a confirmshaming way on, then a dialog ----------------

_SD_CSS = """body{margin:0;font:16px Arial,sans-serif;color:#141414}
.bar{background:#141414;color:#e50914;padding:14px 32px;font:700 22px Arial}.w{max-width:620px;
margin:30px auto;padding:0 16px}.bx{border:1px solid #ddd;border-radius:8px;padding:18px 22px;
margin:12px 0}.red{display:inline-block;background:#e50914;color:#fff;border:0;padding:13px 28px;
font-size:17px;border-radius:4px;text-decoration:none;cursor:pointer}.faint{color:#888;
font-size:13px}.gray{background:#eee;border:1px solid #aaa;padding:11px 22px;font-size:15px;
border-radius:4px;cursor:pointer}dialog{border:0;border-radius:10px;padding:26px 30px;
max-width:440px}dialog::backdrop{background:rgba(0,0,0,.6)}"""


def _sd(title: str, body: str, script: str = "") -> str:
    return doc(
        title,
        f'<div class="bar">NETFLIX</div><div class="w">{body}</div>',
        css=_SD_CSS,
        script=script,
    )


_SD_ACCOUNT = _sd(
    "Account",
    """<h1>Account</h1><div class="bx"><h2>Membership</h2><p>Premium · $24.99/month</p>
<p>Next payment: March 3, 2027</p><p><a href="{{B}}/cancelplan">Cancel membership</a></p></div>
<div class="bx"><h2>Profiles</h2><p>Jo · Max · Lee · Kids</p></div>""",
)
_SD_ACCOUNT_ENDED = _sd(
    "Account",
    """<h1>Account</h1><div class="bx"><h2>Membership</h2><p>Your membership ends on March 3, 2027.
</p><form method="post" action="{{B}}/restart"><button class="red">Restart Membership</button>
</form></div>""",
)
_SD_RETAIN = _sd(
    "Cancel membership",
    """<h1>Wait, you'll lose everything you've built</h1>
<div class="bx"><p>Cancelling deletes your 4 profiles, your viewing history and your
personalised recommendations 10 months after your membership ends.</p></div>
<p><a class="red" href="{{B}}/account">Keep my profiles</a></p>
<p><a class="faint" href="{{B}}/cancelplan/end">No, I'd rather lose my profiles and history</a></p>""",
)
_SD_END = _sd(
    "Cancel membership",
    """<h1>End your membership</h1><div class="bx">
<p>Your membership will end on March 3, 2027. Until then you can keep watching.</p>
<button class="red" type="button" id="open">Continue</button>
<a href="{{B}}/account">Back</a></div>
<dialog id="dlg" aria-labelledby="dh"><h2 id="dh">Cancel your membership?</h2>
<p>You can watch until March 3, 2027. You won't be charged again.</p>
<form method="post" action="{{B}}/cancelplan/commit"><button class="red">Cancel membership
</button> <button class="gray" type="button" id="close">Close</button></form></dialog>""",
    """var d=document.getElementById('dlg');document.getElementById('open').addEventListener(
'click',function(){d.showModal()});document.getElementById('close').addEventListener('click',
function(){d.close()})""",
)
_SD_COMPLETE = _sd(
    "Netflix",
    """<div class="bx"><h1>Cancellation complete</h1><p>Your membership ends on March 3, 2027.
</p><a href="{{B}}/account">Back to Account</a></div>""",
)

SHAME_DIALOG = Variant(
    name="bh-shame-dialog",
    start="account",
    description="English; confirmshaming way on, a neutral button, a dialog",
    expect="cancelled",
    routes={
        "account": by_state(_SD_ACCOUNT, _SD_ACCOUNT_ENDED),
        "cancel": go("/cancelplan"),
        "cancelplan": unless_cancelled(_SD_RETAIN, "/cancelplan/complete"),
        "cancelplan/end": unless_cancelled(_SD_END, "/cancelplan/complete"),
        "cancelplan/commit": cancel_then("/cancelplan/complete"),
        "cancelplan/complete": after_cancel(_SD_COMPLETE, "/account"),
        "restart": restart_then("/account"),
    },
    walk=(
        click("Cancel membership", "link"),
        click("No, I'd rather lose my profiles and history", "link"),
        click("Continue"),
        final("Cancel membership"),
        click("Back to Account", "link"),
    ),
)

# -- 9. bh-sq-after-modal (Albanian, g): a retention modal after the final click --------------

_SQ_CSS = """body{margin:0;font:15px Arial,sans-serif;color:#222}.koka{background:#000;
color:#e50914;padding:14px 30px;font:700 22px Arial}.trup{max-width:640px;margin:26px auto;
padding:0 16px}.kuti{border:1px solid #ddd;border-radius:6px;padding:16px 20px;margin:12px 0}
.kuq{background:#e50914;color:#fff;border:0;padding:11px 22px;font-size:15px;border-radius:4px;
cursor:pointer}.hiri{background:#eee;border:1px solid #bbb;padding:10px 20px;border-radius:4px;
cursor:pointer}#modal{position:fixed;inset:0;background:rgba(0,0,0,.6);display:none;
align-items:center;justify-content:center}#modal.hapur{display:flex}#modal .k{background:#fff;
padding:26px 30px;border-radius:10px;max-width:420px}"""


def _sq(title: str, body: str, script: str = "") -> str:
    return doc(
        title,
        f'<div class="koka">NETFLIX</div><div class="trup">{body}</div>',
        lang="sq",
        css=_SQ_CSS,
        script=script,
    )


_SQ_DONE_HTML = (
    "<h1>Anëtarësimi juaj u anulua</h1><p>Mund të shikoni deri më 3 mars 2027. Ju dërguam "
    'një email konfirmimi.</p><p><a href="{{B}}/llogaria">Kthehu te llogaria</a></p>'
)
_SQ_LLOGARIA = _sq(
    "Llogaria",
    """<h1>Llogaria</h1><p>Anëtar që nga viti 2020</p>
<div class="kuti"><h2>Anëtarësimi dhe faturimi</h2><p>arta@example.al</p>
<p>Pagesa e ardhshme: 3 mars 2027</p><p>Visa •••• 1357</p>
<p><a href="{{B}}/llogaria/anetaresimi">Menaxho anëtarësimin</a></p></div>
<div class="kuti"><h2>Cilësimet</h2><p><a href="#profilet">Menaxho profilet</a></p></div>""",
)
_SQ_LLOGARIA_MBARUAR = _sq(
    "Llogaria",
    """<h1>Llogaria</h1><div class="kuti"><h2>Anëtarësimi dhe faturimi</h2>
<p>Anëtarësimi juaj përfundon më 3 mars 2027.</p>
<form method="post" action="{{B}}/rifillo"><button class="kuq">Rifillo anëtarësimin</button></form>
</div>""",
)
_SQ_ANETARESIMI = _sq(
    "Anëtarësimi",
    """<p><a href="{{B}}/llogaria">&larr; Llogaria</a></p><h1>Anëtarësimi</h1>
<div class="kuti"><h2>Plani Standard</h2><p>Full HD · 2 ekrane · 9,99 € në muaj</p>
<p><a href="#plani">Ndrysho planin</a></p></div>
<div class="kuti"><p><a href="{{B}}/cancelplan">Anulo anëtarësimin</a></p></div>""",
)
_SQ_ANULO = _sq(
    "Anulo anëtarësimin",
    """<main id="zona"><h1>Të anulohet anëtarësimi?</h1>
<p>Anulimi hyn në fuqi në fund të periudhës aktuale të faturimit, më 3 mars 2027. Deri atëherë
mund të vazhdoni të shikoni.</p><p>Profilet dhe historiku i shikimit ruhen për 10 muaj.</p>
<p><button class="kuq" id="perfundo">Përfundo anulimin</button>
<button class="hiri" type="button" onclick="location.href='{{B}}/llogaria'">Kthehu</button></p>
<p role="alert" id="gabim"></p></main>
<div id="modal"><div class="k" role="dialog" aria-modal="true" aria-labelledby="mt">
<h2 id="mt">Na vjen keq që po largoheni!</h2>
<p>Rikthehuni tani dhe paguani vetëm 4,99 € për 3 muajt e ardhshëm.</p>
<form method="post" action="{{B}}/oferta"><button class="kuq">Rifillo me zbritje</button></form>
<p><button class="hiri" type="button" id="jo">Jo, faleminderit</button></p></div></div>""",
    """var p=document.getElementById('perfundo');p.addEventListener('click',function(){
p.disabled=true;fetch('{{B}}/api/anulo',{method:'POST',headers:{'Content-Type':
'application/json'},body:'{}'}).then(function(r){if(!r.ok)throw 0;
document.getElementById('modal').classList.add('hapur')}).catch(function(){p.disabled=false;
document.getElementById('gabim').textContent='Diçka shkoi keq. Provoni përsëri.'})});
document.getElementById('jo').addEventListener('click',function(){
document.getElementById('modal').remove();
document.getElementById('zona').innerHTML=DONE})""".replace(
        "DONE", "'" + _SQ_DONE_HTML.replace("'", "\\'") + "'"
    ),
)
_SQ_KONFIRMIM = _sq("Netflix", _SQ_DONE_HTML)


def _sq_offer(request: Request, state: State) -> Reply | str:
    if request.method != "POST":
        return not_allowed()
    state.note("accepted:discount")
    if state.cancelled:
        state.restart()
    return redirect("/llogaria")


SQ_AFTER_MODAL = Variant(
    name="bh-sq-after-modal",
    start="llogaria",
    description="Albanian; a retention modal after the final click",
    expect="cancelled",
    lang="sq",
    routes={
        "llogaria": by_state(_SQ_LLOGARIA, _SQ_LLOGARIA_MBARUAR),
        "llogaria/anetaresimi": unless_cancelled(_SQ_ANETARESIMI, "/llogaria"),
        "cancel": go("/cancelplan"),
        "cancelplan": unless_cancelled(_SQ_ANULO, "/cancelplan/konfirmim"),
        "api/anulo": cancel_json(),
        "cancelplan/konfirmim": after_cancel(_SQ_KONFIRMIM, "/llogaria"),
        "oferta": _sq_offer,
        "rifillo": restart_then("/llogaria"),
    },
    walk=(
        click("Menaxho anëtarësimin", "link"),
        click("Anulo anëtarësimin", "link"),
        final("Përfundo anulimin"),
        click("Jo, faleminderit"),
        click("Kthehu te llogaria", "link"),
    ),
)

FLOWS = [
    KA_TOKEN,
    ET_GET_FORM,
    CONFIRM_ENTRY,
    SL_TWO_STAGE,
    RO_ANULAT,
    COUNTDOWN,
    SHAME_DIALOG,
    SQ_AFTER_MODAL,
]
LOOKALIKES = [ES_PENDIENTE]
VARIANTS = [*FLOWS, *LOOKALIKES]
