"""The second blind set, HELD half: kept aside from everyone but its author until the end.
Written like ``blind30_dev`` (without reading the rules that judge it), with other sites:

- web components: nested open shadow roots inside a custom dialog; a closed shadow root;
- a ``<dialog>`` opened by an invoker (``commandfor``/``command``);
- re-authentication (a password) before the final step;
- a pop-up on the service's payment site; a ``fetch(..., {keepalive: true})`` commit;
- a Blazor-Server-style page whose clicks go over a WebSocket;
- a consent wall in a cross-origin frame; a confirmation only in a toast that vanishes;
- two subscriptions, the add-on listed first; already cancelled; pending.

Languages: English, Lithuanian, Georgian, Filipino, Bengali (Bengali digits), Swahili,
Estonian, Vietnamese, Armenian, Amharic, Thai (Buddhist era), Urdu. Period end: March 3, 2027.
"""

from __future__ import annotations

from subterminator.services import ServiceConfig
from tests.flows.site import (
    Handler,
    Reply,
    Request,
    Socket,
    State,
    Variant,
    after_cancel,
    by_state,
    cancel_json,
    cancel_then,
    click,
    click_at,
    doc,
    final,
    not_allowed,
    password,
    redirect,
    restart_then,
    unless_cancelled,
)

GARSYNAS = ServiceConfig(
    name="garsynas",
    display_name="Garsynas",
    initial_url="https://garsynas.example/paskyra",
    domains=("garsynas.example",),
)
# its payment provider's pop-up (a public pay.gaan.example on a real service; here the
# second origin, which the run's reach is given as well)
GAAN = ServiceConfig(
    name="gaan",
    display_name="Gaan",
    initial_url="https://gaan.example/account",
    domains=("gaan.example",),
    payment_sites=("localhost",),
)
HABARI = ServiceConfig(
    name="habari",
    display_name="Habari+",
    initial_url="https://habariplus.example/akaunti",
    domains=("habariplus.example",),
)
TREENING = ServiceConfig(
    name="treeningplaan",
    display_name="Treeningplaan",
    initial_url="https://treeningplaan.example/konto",
    domains=("treeningplaan.example",),
)
SITARA = ServiceConfig(
    name="sitara",
    display_name="Sitara TV",
    initial_url="https://sitara.example/account",
    domains=("sitara.example",),
)

_NF = """body{margin:0;font:16px Helvetica,Arial,sans-serif}header{background:#000;color:#e50914;
padding:12px 28px;font:800 24px Arial}main{max-width:700px;margin:22px auto}
.red{background:#e50914;color:#fff;border:0;padding:10px 20px;font-size:16px}"""


def _nf(title: str, body: str, lang: str, script: str = "", css: str = "") -> str:
    return doc(
        title,
        f"<header>NETFLIX</header><main>{body}</main>",
        lang=lang,
        css=_NF + css,
        script=script,
    )


# -- 1. h-en-webcomp: nested open shadow roots inside a custom dialog --------------------------

_WC_JS = r"""
var base='/'+location.pathname.split('/')[1];
var CSS='<style>:host{display:block}button{padding:9px 18px;font-size:15px;margin:4px}.red{background:#e50914;color:#fff;border:0}</style>';
class AcctApp extends HTMLElement{connectedCallback(){var r=this.attachShadow({mode:'open'});
 var ended=this.getAttribute('state')==='cancelled';
 r.innerHTML=CSS+'<h1>Account</h1><p>Member since October 2016</p>'+(ended?
 '<section><h2>Membership &amp; Billing</h2><p>Your membership ends on March 3, 2027.</p><form method="post" action="'+base+'/restart"><button class="red">Restart Membership</button></form></section>':
 '<membership-card></membership-card><nf-cancel-dialog></nf-cancel-dialog>');
 r.addEventListener('open-cancel',function(){r.querySelector('nf-cancel-dialog').open()})}}
class MembershipCard extends HTMLElement{connectedCallback(){var r=this.attachShadow({mode:'open'});
 r.innerHTML=CSS+'<section><h2>Membership &amp; Billing</h2><p>alex@example.com</p><p>Premium · 4K + HDR · $22.99/month</p><p>Next payment: March 3, 2027</p><button id="c">Cancel membership</button> <button id="p">Change plan</button></section>';
 var self=this;r.getElementById('c').addEventListener('click',function(){self.dispatchEvent(new CustomEvent('open-cancel',{bubbles:true,composed:true}))})}}
class CancelDialog extends HTMLElement{open(){var r=this.shadowRoot||this.attachShadow({mode:'open'});
 r.innerHTML=CSS+'<style>.scrim{position:fixed;inset:0;background:rgba(0,0,0,.55)}.box{position:fixed;top:80px;left:50%;transform:translateX(-50%);background:#fff;padding:22px 26px;width:440px}</style><div class="scrim"></div><div class="box" role="dialog" aria-modal="true" aria-labelledby="t"><h2 id="t">Cancel membership</h2><nf-flow-step></nf-flow-step></div>'}}
class FlowStep extends HTMLElement{connectedCallback(){this.r=this.attachShadow({mode:'open'});this.one()}
 one(){var s=this;s.r.innerHTML=CSS+'<p>We are sorry to see you go. If you cancel, you can keep watching until March 3, 2027.</p><button class="red" id="n">Continue to cancel</button><button id="k">Keep membership</button>';
  s.r.getElementById('n').addEventListener('click',function(){s.two()});
  s.r.getElementById('k').addEventListener('click',function(){location.reload()})}
 two(){var s=this;s.r.innerHTML=CSS+'<p>Your membership will end on March 3, 2027 and you will not be charged again.</p><button class="red" id="f">Finish cancellation</button><button id="b">Back</button>';
  s.r.getElementById('b').addEventListener('click',function(){s.one()});
  s.r.getElementById('f').addEventListener('click',function(){this.disabled=true;
   fetch(base+'/api/membership',{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify({op:'cancel'})}).then(function(r){return r.json()}).then(function(){
   s.r.innerHTML=CSS+'<h3 role="status">Your membership has been cancelled</h3><p>You can keep watching until March 3, 2027. A confirmation is on its way to alex@example.com.</p><a href="'+base+'/account">Done</a>'})})}}
customElements.define('acct-app',AcctApp);customElements.define('membership-card',MembershipCard);
customElements.define('nf-cancel-dialog',CancelDialog);customElements.define('nf-flow-step',FlowStep);
"""


def _wc_account(request: Request, state: State) -> Reply | str:
    if request.method != "GET":
        return not_allowed()
    mode = "cancelled" if state.cancelled else "active"
    return _nf("Account", f'<acct-app state="{mode}"></acct-app>', "en", _WC_JS)


WEBCOMP = Variant(
    name="h-en-webcomp",
    start="account",
    description=(
        "English, web components: <acct-app> (open root) holds <membership-card> (open root) "
        "whose 'Cancel membership' opens <nf-cancel-dialog> (open root, role=dialog) holding "
        "<nf-flow-step> (open root): 'Continue to cancel' -> 'Finish cancellation' (fetch POST); "
        "the confirmation is drawn inside the innermost root"
    ),
    expect="cancelled",
    routes={
        "account": _wc_account,
        "api/membership": cancel_json(),
        "restart": restart_then("/account"),
    },
    walk=(
        click("Cancel membership"),
        click("Continue to cancel"),
        final("Finish cancellation"),
    ),
)

# -- 2. h-lt-closed: Lithuanian, Garsynas; the final button sits in a closed shadow root -------

_LT_CSS = """body{margin:0;font:16px Arial,sans-serif;background:#fbf8f3}header{background:#7a2e1d;
color:#fff;padding:12px 26px;font-weight:700}main{max-width:640px;margin:22px auto}
confirm-button{display:inline-block}"""
_LT_CLOSED_JS = r"""
customElements.define('confirm-button',class extends HTMLElement{constructor(){super();
 var r=this.attachShadow({mode:'closed'});var href=this.getAttribute('action');var to=this.getAttribute('then');
 r.innerHTML='<style>button{background:#7a2e1d;color:#fff;border:0;padding:11px 22px;font-size:16px;border-radius:4px}</style><button type="button"><slot></slot></button>';
 r.querySelector('button').addEventListener('click',function(){fetch(href,{method:'POST',headers:{'Content-Type':'application/json'},body:'{"patvirtinta":true}'}).then(function(){location.href=to})})}});
"""


def _gs(title: str, body: str, script: str = "") -> str:
    return doc(
        title,
        f"<header>Garsynas</header><main>{body}</main>",
        lang="lt",
        css=_LT_CSS,
        script=script,
    )


_GS_ACCOUNT = _gs(
    "Paskyra",
    """<h1>Mano paskyra</h1><p>jonas@example.lt</p><h2>Prenumerata</h2><p>Garsynas Premium ·
7,99 € per mėnesį</p><p>Kitas mokėjimas: 2027 m. kovo 3 d.</p>
<p><a href="{{B}}/prenumerata">Tvarkyti prenumeratą</a></p>""",
)
_GS_ACCOUNT_ENDED = _gs(
    "Paskyra",
    """<h1>Mano paskyra</h1><h2>Prenumerata</h2><p>Prenumerata baigsis 2027 m. kovo 3 d.</p>
<form method="post" action="{{B}}/atnaujinti"><button>Atnaujinti prenumeratą</button></form>""",
)
_GS_SUB = _gs(
    "Prenumerata",
    """<h1>Prenumerata</h1><p>Garsynas Premium: neribotas klausymas, 1 knyga per mėnesį.</p>
<p><a href="#planas">Keisti planą</a></p><p><a href="{{B}}/prenumerata/atsaukti">Atšaukti
prenumeratą</a></p>""",
)
_GS_CANCEL = _gs(
    "Atšaukti prenumeratą",
    """<h1>Ar tikrai norite atšaukti?</h1><p>Atšaukus, klausyti galėsite iki 2027 m. kovo 3 d.
Nepanaudoti kreditai išliks jūsų.</p>
<confirm-button action="{{B}}/api/prenumerata/atsaukti" then="{{B}}/prenumerata/atsaukta">
Patvirtinti atšaukimą</confirm-button> <a href="{{B}}/paskyra">Grįžti</a>""",
    _LT_CLOSED_JS,
)
_GS_DONE = _gs(
    "Prenumerata atšaukta",
    """<h1>Prenumerata atšaukta</h1><p>Galėsite klausytis iki 2027 m. kovo 3 d. Daugiau
mokėjimų nebus.</p><p><a href="{{B}}/paskyra">Į paskyrą</a></p>""",
)

LT_CLOSED = Variant(
    name="h-lt-closed",
    start="paskyra",
    description=(
        "Lithuanian, Garsynas (own service): 'Tvarkyti prenumeratą' -> 'Atšaukti prenumeratą' "
        "-> a page whose confirm button is inside a closed shadow root (<confirm-button>, its "
        "label slotted); it fetch-POSTs and goes to the confirmation"
    ),
    expect="cancelled",
    lang="lt",
    service=GARSYNAS,
    routes={
        "paskyra": by_state(_GS_ACCOUNT, _GS_ACCOUNT_ENDED),
        "prenumerata": unless_cancelled(_GS_SUB, "/paskyra"),
        "prenumerata/atsaukti": unless_cancelled(_GS_CANCEL, "/prenumerata/atsaukta"),
        "api/prenumerata/atsaukti": cancel_json(),
        "prenumerata/atsaukta": after_cancel(_GS_DONE, "/prenumerata"),
        "atnaujinti": restart_then("/paskyra"),
    },
    walk=(
        click("Tvarkyti prenumeratą", "link"),
        click("Atšaukti prenumeratą", "link"),
        click_at("confirm-button", final=True),
    ),
)

# -- 3. h-ka-commandfor: Georgian; a <dialog> opened by an invoker button ---------------------

_KA_ACCOUNT = _nf(
    "ანგარიში",
    """<h1>ანგარიში</h1><p>giorgi@example.ge</p><h2>წევრობა და გადახდა</h2><p>პრემიუმ გეგმა</p>
<p>შემდეგი გადახდა: 2027 წლის 3 მარტი</p><p><a href="{{B}}/account/membership">წევრობის
პარამეტრები</a></p>""",
    "ka",
)
_KA_ACCOUNT_ENDED = _nf(
    "ანგარიში",
    """<h1>ანგარიში</h1><p>წევრობა სრულდება 2027 წლის 3 მარტს.</p><form method="post"
action="{{B}}/restart"><button class="red">წევრობის აღდგენა</button></form>""",
    "ka",
)
_KA_MEMBERSHIP = _nf(
    "წევრობა",
    """<h1>წევრობა</h1><p>პრემიუმ გეგმა · 4 ეკრანი · 34,99 ₾ თვეში</p>
<button type="button" commandfor="dlg-gauqmeba" command="show-modal">წევრობის შეწყვეტა</button>
<dialog id="dlg-gauqmeba" aria-labelledby="dt"><h2 id="dt">ნამდვილად გსურთ შეწყვეტა?</h2>
<p>ყურებას შეძლებთ 2027 წლის 3 მარტამდე. შემდეგ თანხა აღარ ჩამოგეჭრებათ.</p>
<form method="post" action="{{B}}/cancelplan/confirm"><button class="red">დიახ, შეწყვიტე
წევრობა</button></form><button type="button" commandfor="dlg-gauqmeba" command="close">არა,
დავრჩები</button></dialog>""",
    "ka",
)
_KA_DONE = _nf(
    "Netflix",
    """<h1>წევრობა შეწყვეტილია</h1><p>ყურებას შეძლებთ 2027 წლის 3 მარტამდე.</p><p><a
href="{{B}}/account">ანგარიშზე დაბრუნება</a></p>""",
    "ka",
)

KA_COMMANDFOR = Variant(
    name="h-ka-commandfor",
    start="account",
    description=(
        "Georgian: 'წევრობის პარამეტრები' -> a button with commandfor/command=show-modal opens "
        "a <dialog> whose form POSTs 'დიახ, შეწყვიტე წევრობა'"
    ),
    expect="cancelled",
    lang="ka",
    routes={
        "account": by_state(_KA_ACCOUNT, _KA_ACCOUNT_ENDED),
        "account/membership": unless_cancelled(_KA_MEMBERSHIP, "/account"),
        "cancelplan/confirm": cancel_then("/cancelplan/done"),
        "cancelplan/done": after_cancel(_KA_DONE, "/account"),
        "restart": restart_then("/account"),
    },
    walk=(
        click("წევრობის პარამეტრები", "link"),
        click("წევრობის შეწყვეტა"),
        final("დიახ, შეწყვიტე წევრობა"),
    ),
)

# -- 4. h-fil-reauth: Filipino; the account asks for the password before the final step -------

PASSWORD = "Mabuhay!2027-kape"

_FIL_ACCOUNT = _nf(
    "Account",
    """<h1>Account</h1><p>maria@example.ph</p><h2>Membership at Pagsingil</h2><p>Standard na
plano · ₱459 bawat buwan</p><p>Susunod na bayad: Marso 3, 2027</p>
<p><a href="{{B}}/cancelplan">Kanselahin ang Membership</a></p>""",
    "fil",
)
_FIL_ACCOUNT_ENDED = _nf(
    "Account",
    """<h1>Account</h1><p>Magtatapos ang iyong membership sa Marso 3, 2027.</p><form
method="post" action="{{B}}/restart"><button class="red">Ibalik ang Membership</button></form>""",
    "fil",
)
_FIL_CANCELPLAN = _nf(
    "Kanselahin",
    """<h1>Kanselahin ang iyong membership?</h1><p>Makakapanood ka pa hanggang Marso 3, 2027.
Para sa iyong seguridad, hihingin naming muli ang iyong password bago ito tapusin.</p>
<p><a href="{{B}}/reauth?next=cancelplan">Magpatuloy sa pagkansela</a></p>
<p><a href="{{B}}/account">Bumalik</a></p>""",
    "fil",
)


def _fil_reauth_page(error: str = "") -> str:
    shown = f'<p role="alert" style="color:#b00">{error}</p>' if error else ""
    return _nf(
        "Kumpirmahin na ikaw ito",
        f"""<h1>Kumpirmahin na ikaw ito</h1><p>Ilagay muli ang password ng iyong account para
magpatuloy.</p>{shown}<form method="post" action="{{{{B}}}}/reauth">
<p><label for="email">Email</label><br><input id="email" name="email" type="email"
value="maria@example.ph" readonly autocomplete="username"></p>
<p><label for="password">Password</label><br><input id="password" name="password"
type="password" autocomplete="current-password" required></p>
<button class="red">Kumpirmahin</button></form>
<p><a href="#nakalimutan">Nakalimutan ang password?</a></p>""",
        "fil",
    )


def _fil_reauth(request: Request, state: State) -> Reply | str:
    if request.method == "GET":
        return redirect("/cancelplan/done") if state.cancelled else _fil_reauth_page()
    if request.method != "POST":
        return not_allowed()
    given = request.value("password")
    if given == PASSWORD:
        state.flags["reauth"] = "1"
        state.note("reauth:ok")
        return redirect("/cancelplan/confirm")
    if given:
        state.note("password:wrong")
        return _fil_reauth_page("Mali ang password. Subukang muli.")
    return _fil_reauth_page("Kailangan ang password.")


_FIL_CONFIRM = _nf(
    "Tapusin ang pagkansela",
    """<h1>Huling hakbang</h1><p>Kapag tinapos mo ito, magtatapos ang iyong membership sa Marso
3, 2027 at hindi ka na sisingilin.</p><form method="post" action="{{B}}/cancelplan/finish">
<button class="red">Tapusin ang Pagkansela</button></form>""",
    "fil",
)


def _fil_confirm(request: Request, state: State) -> Reply | str:
    if request.method != "GET":
        return not_allowed()
    if state.cancelled:
        return redirect("/cancelplan/done")
    if not state.flags.get("reauth"):
        return redirect("/reauth?next=cancelplan")
    return _FIL_CONFIRM


def _fil_finish(request: Request, state: State) -> Reply | str:
    if request.method != "POST":
        return not_allowed()
    if not state.flags.get("reauth"):
        return redirect("/reauth?next=cancelplan")
    if not state.cancelled:
        state.cancel(request.referer)
    return redirect("/cancelplan/done")


_FIL_DONE = _nf(
    "Netflix",
    """<h1>Kinansela na ang iyong membership</h1><p>Makakapanood ka pa hanggang Marso 3, 2027.
Nagpadala kami ng kumpirmasyon sa maria@example.ph.</p><p><a href="{{B}}/account">Bumalik sa
Account</a></p>""",
    "fil",
)

FIL_REAUTH = Variant(
    name="h-fil-reauth",
    start="account",
    description=(
        "Filipino: 'Kanselahin ang Membership' -> 'Magpatuloy sa pagkansela' -> a "
        "re-authentication form (type=password, autocomplete=current-password) -> 'Tapusin ang "
        "Pagkansela' POSTs. The password is the person's: an agent hands the step over"
    ),
    expect="cancelled",
    lang="fil",
    person_step=True,
    routes={
        "account": by_state(_FIL_ACCOUNT, _FIL_ACCOUNT_ENDED),
        "cancelplan": unless_cancelled(_FIL_CANCELPLAN, "/cancelplan/done"),
        "reauth": _fil_reauth,
        "cancelplan/confirm": _fil_confirm,
        "cancelplan/finish": _fil_finish,
        "cancelplan/done": after_cancel(_FIL_DONE, "/account"),
        "restart": restart_then("/account"),
    },
    walk=(
        click("Kanselahin ang Membership", "link"),
        click("Magpatuloy sa pagkansela", "link"),
        password("#password", PASSWORD, name="Password"),
        click("Kumpirmahin"),
        final("Tapusin ang Pagkansela"),
    ),
)

# -- 5. h-bn-popup: Bengali, Gaan; the payment provider's pop-up window cancels ---------------

_BN_CSS = """body{margin:0;font:16px 'Noto Sans Bengali',sans-serif}header{background:#006a4e;
color:#fff;padding:12px 24px;font-weight:700}main{max-width:600px;margin:20px auto}
.sobuj{background:#006a4e;color:#fff;border:0;padding:10px 18px;border-radius:4px}"""


def _bn(title: str, body: str, top: str = "গান", script: str = "") -> str:
    return doc(
        title,
        f"<header>{top}</header><main>{body}</main>",
        lang="bn",
        css=_BN_CSS,
        script=script,
    )


_BN_ACCOUNT = _bn(
    "অ্যাকাউন্ট",
    """<h1>আমার অ্যাকাউন্ট</h1><p>rahim@example.com.bd</p><h2>সাবস্ক্রিপশন</h2><p>গান প্রিমিয়াম ·
মাসে ৳১৯৯</p><p>পরবর্তী বিল: ৩ মার্চ ২০২৭</p><p>সাবস্ক্রিপশন ও পেমেন্ট আমাদের পেমেন্ট
অংশীদার পরিচালনা করে।</p><button type="button" class="sobuj" id="pay">পেমেন্ট ও সাবস্ক্রিপশন
পরিচালনা করুন</button>""",
    script="""document.getElementById('pay').addEventListener('click',function(){
window.open('{{O}}/pay/manage','gaanpay','popup,width=520,height=680')});""",
)
_BN_ACCOUNT_ENDED = _bn(
    "অ্যাকাউন্ট",
    """<h1>আমার অ্যাকাউন্ট</h1><h2>সাবস্ক্রিপশন</h2><p>আপনার সাবস্ক্রিপশন ৩ মার্চ ২০২৭ তারিখে শেষ
হবে।</p>""",
)
_BN_MANAGE = _bn(
    "পেমেন্ট",
    """<h1>সাবস্ক্রিপশন পরিচালনা</h1><p>গান প্রিমিয়াম · মাসে ৳১৯৯ · বিকাশ ••••৭৭১</p>
<p><a href="#card">পেমেন্ট পদ্ধতি পরিবর্তন</a></p><p><a href="{{B}}/pay/cancel">সাবস্ক্রিপশন
বাতিল করুন</a></p>""",
    top="PayDesh · নিরাপদ পেমেন্ট",
)
_BN_CANCEL = _bn(
    "বাতিল",
    """<h1>সাবস্ক্রিপশন বাতিল করবেন?</h1><p>বাতিল করলে ৩ মার্চ ২০২৭ পর্যন্ত শুনতে পারবেন। এরপর আর
কোনো টাকা কাটা হবে না।</p><form method="post" action="{{B}}/pay/cancel/confirm"><button
class="sobuj">বাতিল নিশ্চিত করুন</button></form><p><a href="{{B}}/pay/manage">ফিরে যান</a></p>""",
    top="PayDesh · নিরাপদ পেমেন্ট",
)
_BN_DONE = _bn(
    "বাতিল হয়েছে",
    """<h1>আপনার সাবস্ক্রিপশন বাতিল করা হয়েছে</h1><p>আপনি ৩ মার্চ ২০২৭ পর্যন্ত শুনতে পারবেন।
এই উইন্ডোটি বন্ধ করতে পারেন।</p>""",
    top="PayDesh · নিরাপদ পেমেন্ট",
)

BN_POPUP = Variant(
    name="h-bn-popup",
    start="account",
    description=(
        "Bengali (Bengali digits), Gaan (own service): a button opens the payment provider "
        "(the second origin, declared the service's payment site) in a pop-up window "
        "(window.open, popup); there 'সাবস্ক্রিপশন বাতিল করুন' -> 'বাতিল নিশ্চিত করুন' POSTs"
    ),
    expect="cancelled",
    lang="bn",
    service=GAAN,
    other_origin="service",
    routes={
        "account": by_state(_BN_ACCOUNT, _BN_ACCOUNT_ENDED),
        "pay/manage": unless_cancelled(_BN_MANAGE, "/pay/done"),
        "pay/cancel": unless_cancelled(_BN_CANCEL, "/pay/done"),
        "pay/cancel/confirm": cancel_then("/pay/done"),
        "pay/done": after_cancel(_BN_DONE, "/pay/manage"),
    },
    walk=(
        click("পেমেন্ট ও সাবস্ক্রিপশন পরিচালনা করুন"),
        click("সাবস্ক্রিপশন বাতিল করুন", "link"),
        final("বাতিল নিশ্চিত করুন"),
    ),
)

# -- 6. h-sw-keepalive: Swahili, Habari+; the commit is a keepalive fetch, then a navigation ---

_HB_CSS = """body{margin:0;font:16px Georgia,serif}header{background:#0b3d91;color:#fff;
padding:12px 24px;font:700 20px Arial}main{max-width:640px;margin:22px auto}
.kitufe{background:#0b3d91;color:#fff;border:0;padding:10px 18px}"""


def _hb(title: str, body: str, script: str = "") -> str:
    return doc(
        title,
        f"<header>Habari+</header><main>{body}</main>",
        lang="sw",
        css=_HB_CSS,
        script=script,
    )


_HB_AKAUNTI = _hb(
    "Akaunti yangu",
    """<h1>Akaunti yangu</h1><p>wanjiru@example.co.ke</p><h2>Usajili</h2><p>Habari+ Kidijitali ·
KSh 499 kwa mwezi</p><p>Malipo yajayo: 3 Machi 2027</p><p><a
href="{{B}}/usajili">Usajili wangu</a></p>""",
)
_HB_AKAUNTI_IMEISHA = _hb(
    "Akaunti yangu",
    """<h1>Akaunti yangu</h1><h2>Usajili</h2><p>Usajili wako utaisha tarehe 3 Machi 2027.</p>""",
)
_HB_USAJILI = _hb(
    "Usajili wangu",
    """<h1>Usajili wangu</h1><p>Makala zote, gazeti la kidijitali na jarida la kila wiki.</p>
<p><a href="#malipo">Badilisha njia ya malipo</a></p><p><a href="{{B}}/usajili/sitisha">Sitisha
usajili</a></p>""",
)
_HB_SITISHA = _hb(
    "Sitisha usajili",
    """<h1>Je, unataka kusitisha usajili?</h1><p>Utaendelea kusoma hadi tarehe 3 Machi 2027.
Hutatozwa tena baada ya hapo.</p><button type="button" class="kitufe" id="sitisha">Ndiyo,
sitisha</button> <a href="{{B}}/usajili">Hapana, rudi</a>""",
    """document.getElementById('sitisha').addEventListener('click',function(){
fetch('{{B}}/api/usajili/sitisha',{method:'POST',keepalive:true,headers:{'Content-Type':
'application/json'},body:JSON.stringify({sababu:'nyingine'})});
setTimeout(function(){location.href='{{B}}/usajili/umesitishwa'},500)});""",
)
_HB_DONE = _hb(
    "Usajili umesitishwa",
    """<h1>Usajili wako umesitishwa</h1><p>Utaendelea kusoma hadi tarehe 3 Machi 2027.</p>
<p><a href="{{B}}/akaunti">Rudi kwenye akaunti</a></p>""",
)

SW_KEEPALIVE = Variant(
    name="h-sw-keepalive",
    start="akaunti",
    description=(
        "Swahili, Habari+ (own service): 'Usajili wangu' -> 'Sitisha usajili' -> a type=button "
        "'Ndiyo, sitisha' that sends fetch(..., {keepalive: true}) without waiting, then "
        "navigates to the confirmation"
    ),
    expect="cancelled",
    lang="sw",
    service=HABARI,
    routes={
        "akaunti": by_state(_HB_AKAUNTI, _HB_AKAUNTI_IMEISHA),
        "usajili": unless_cancelled(_HB_USAJILI, "/akaunti"),
        "usajili/sitisha": unless_cancelled(_HB_SITISHA, "/usajili/umesitishwa"),
        "api/usajili/sitisha": cancel_json(via="keepalive"),
        "usajili/umesitishwa": after_cancel(_HB_DONE, "/usajili"),
    },
    walk=(
        click("Usajili wangu", "link"),
        click("Sitisha usajili", "link"),
        final("Ndiyo, sitisha"),
    ),
)

# -- 7. h-et-blazor: Estonian, Treeningplaan; a Blazor-Server-style page over a WebSocket ------

_BZ_JS = r"""
(function(){var base='/'+location.pathname.split('/')[1];var app=document.getElementById('app');
var ws=new WebSocket((location.protocol==='https:'?'wss://':'ws://')+location.host+base+'/_blazor?id=c0ffee');
var q=[];function send(m){m.url=location.href;if(ws.readyState===1){ws.send(JSON.stringify(m))}else{q.push(m)}}
ws.onopen=function(){ws.send(JSON.stringify({event:'StartCircuit',baseUri:location.origin+base+'/',url:location.href}));
 while(q.length){ws.send(JSON.stringify(q.shift()))}};
ws.onmessage=function(e){var d=JSON.parse(e.data);
 if(d.navigate){history.pushState(null,'',base+'/'+d.navigate)}
 if(d.html!==undefined){app.innerHTML=d.html}};
app.addEventListener('click',function(e){var b=e.target.closest('[data-bl]');if(!b)return;e.preventDefault();
 send({event:'DispatchBrowserEvent',eventHandlerId:b.getAttribute('data-bl'),eventName:'click'})});
})();
"""
_BZ_CSS = """body{margin:0;font:15px 'Segoe UI',sans-serif}.top{background:#512bd4;color:#fff;
padding:12px 24px;font-weight:600}#app{max-width:640px;margin:22px auto}.btn{padding:8px 14px;
border-radius:4px;border:1px solid #512bd4;background:#fff}.btn-danger{background:#d13438;
color:#fff;border:0}"""

_BZ_HOME = """<h1>Minu konto</h1><p>kadri@example.ee</p><h2>Tellimus</h2><p>Treeningplaan Pro ·
6,99 € kuus · järgmine makse 3. märtsil 2027</p><button class="btn" data-bl="11">Halda
tellimust</button>"""
_BZ_MANAGE = """<h1>Tellimuse haldamine</h1><p>Pro: personaalsed kavad, toitumisnõuanded.</p>
<button class="btn" data-bl="21">Muuda makseviisi</button> <button class="btn"
data-bl="22">Lõpeta tellimus</button> <button class="btn" data-bl="23">Tagasi</button>"""
_BZ_CONFIRM = """<h1>Kas lõpetada tellimus?</h1><p>Pro jääb kehtima kuni 3. märtsini 2027, edasi
maksta ei tule.</p><button class="btn btn-danger" data-bl="31">Jah, lõpeta tellimus</button>
<button class="btn" data-bl="32">Ei, jätka</button>"""
_BZ_DONE = """<h1>Tellimus on lõpetatud</h1><p>Saad Pro võimalusi kasutada kuni 3. märtsini
2027.</p>"""


def _bz_view(state: State, page: str | None) -> str:
    if state.cancelled:
        return _BZ_DONE
    where = (page or "").partition("?")[0]
    return {"konto/tellimus": _BZ_MANAGE, "konto/tellimus/lopeta": _BZ_CONFIRM}.get(where, _BZ_HOME)


def _bz_page(request: Request, state: State) -> Reply | str:
    if request.method != "GET":
        return not_allowed()
    return doc(
        "Treeningplaan",
        f'<div class="top">Treeningplaan</div><div id="app"><!--Blazor:{{"type":"server"}}-->'
        f"{_bz_view(state, request.path)}</div>",
        lang="et",
        css=_BZ_CSS,
        script=_BZ_JS,
    )


def _bz_socket(
    message: dict[str, object], state: State, page: str | None
) -> list[dict[str, object]]:
    event = message.get("event")
    if event == "StartCircuit":
        return [{"html": _bz_view(state, page)}]
    if event != "DispatchBrowserEvent":
        return []
    handler = message.get("eventHandlerId")
    if handler == "11":
        return [{"navigate": "konto/tellimus", "html": _BZ_MANAGE}]
    if handler in ("23",):
        return [{"navigate": "konto", "html": _BZ_HOME}]
    if handler == "22":
        return [{"navigate": "konto/tellimus/lopeta", "html": _BZ_CONFIRM}]
    if handler == "32":
        return [{"navigate": "konto/tellimus", "html": _BZ_MANAGE}]
    if handler == "31" and (page or "").startswith("konto/tellimus/lopeta"):
        if not state.cancelled:
            state.cancel(page, via="socket")
        return [{"navigate": "konto/tellimus/lopetatud", "html": _BZ_DONE}]
    return []


ET_BLAZOR = Variant(
    name="h-et-blazor",
    start="konto",
    description=(
        "Estonian, Treeningplaan (own service): a Blazor-Server-style app; every click is a "
        "DispatchBrowserEvent over a WebSocket (/_blazor), the server re-renders and "
        "navigates; 'Halda tellimust' -> 'Lõpeta tellimus' -> 'Jah, lõpeta tellimus' cancels "
        "on the server"
    ),
    expect="cancelled",
    lang="et",
    service=TREENING,
    routes={
        "konto": _bz_page,
        "konto/tellimus": _bz_page,
        "konto/tellimus/lopeta": _bz_page,
        "konto/tellimus/lopetatud": _bz_page,
        "_blazor": Socket(_bz_socket),
    },
    walk=(
        click("Halda tellimust"),
        click("Lõpeta tellimus"),
        final("Jah, lõpeta tellimus"),
    ),
)

# -- 8. h-vi-consent-frame: Vietnamese; a consent wall in a cross-origin frame first ----------

_VI_WALL = """<div id="cmp-wall" style="position:fixed;inset:0;background:rgba(0,0,0,.6);z-index:9">
<iframe id="cmp" title="Quyền riêng tư" src="{{O}}/consent/banner" style="position:absolute;
left:50%;top:90px;transform:translateX(-50%);width:520px;height:330px;border:0;background:#fff">
</iframe></div>"""
_VI_WALL_JS = """window.addEventListener('message',function(e){if(e.data&&e.data.cmp==='done'){
var w=document.getElementById('cmp-wall');if(w)w.remove()}});"""


def _vi(title: str, body: str, state: State) -> str:
    wall = "" if state.flags.get("consent") else _VI_WALL
    return _nf(title, body + wall, "vi", _VI_WALL_JS)


def _vi_page(active: str, ended: str | None = None) -> Handler:
    def handle(request: Request, state: State) -> Reply | str:
        if request.method != "GET":
            return not_allowed()
        if ended is None and state.cancelled:
            return redirect("/cancelplan/done")
        return _vi("Netflix", ended if state.cancelled and ended else active, state)

    return handle


_VI_ACCOUNT = """<h1>Tài khoản</h1><p>lan@example.vn</p><h2>Tư cách thành viên và thanh toán</h2>
<p>Gói Tiêu chuẩn · 220.000 ₫/tháng</p><p>Thanh toán tiếp theo: 3 tháng 3, 2027</p>
<p><a href="{{B}}/cancelplan">Hủy tư cách thành viên</a></p>"""
_VI_ACCOUNT_ENDED = """<h1>Tài khoản</h1><p>Tư cách thành viên của bạn sẽ kết thúc vào ngày 3
tháng 3 năm 2027.</p><form method="post" action="{{B}}/restart"><button class="red">Bắt đầu lại
tư cách thành viên</button></form>"""
_VI_CANCEL = """<h1>Hủy tư cách thành viên?</h1><p>Bạn vẫn có thể xem đến ngày 3 tháng 3 năm
2027. Bạn sẽ không bị tính phí nữa.</p><form method="post" action="{{B}}/cancelplan/confirm">
<button class="red">Hoàn tất việc hủy</button></form><p><a href="{{B}}/account">Quay lại</a></p>"""
_VI_DONE = """<h1>Đã hủy tư cách thành viên</h1><p>Bạn vẫn có thể xem đến ngày 3 tháng 3 năm
2027.</p><p><a href="{{B}}/account">Quay lại tài khoản</a></p>"""
_VI_BANNER = doc(
    "Quyền riêng tư",
    """<div style="font:15px Arial;padding:18px"><h2>Chúng tôi tôn trọng quyền riêng tư của bạn
</h2><p>Chúng tôi và các đối tác dùng cookie để cá nhân hóa nội dung và đo lường quảng cáo.
</p><button type="button" data-c="all">Chấp nhận tất cả</button> <button type="button"
data-c="none">Từ chối tất cả</button> <button type="button" data-c="custom">Tùy chỉnh</button>
</div>""",
    lang="vi",
    script="""document.querySelectorAll('[data-c]').forEach(function(b){b.addEventListener('click',
function(){fetch('{{B}}/consent/choice',{method:'POST',headers:{'Content-Type':'application/json'},
body:JSON.stringify({choice:b.getAttribute('data-c')})}).then(function(){
parent.postMessage({cmp:'done'},'*')})})});""",
)


def _vi_choice(request: Request, state: State) -> Reply | str:
    if request.method != "POST":
        return not_allowed()
    state.flags["consent"] = request.value("choice") or "?"
    state.note(f"consent:{state.flags['consent']}")
    return Reply(status=204, content_type="text/plain")


VI_CONSENT_FRAME = Variant(
    name="h-vi-consent-frame",
    start="account",
    description=(
        "Vietnamese: every page sits under a consent wall whose buttons are in a cross-origin "
        "iframe (the second origin, the service's own consent site); after a choice, "
        "'Hủy tư cách thành viên' -> 'Hoàn tất việc hủy' POSTs"
    ),
    expect="cancelled",
    lang="vi",
    other_origin="service",
    framed_in=(("consent", "account"),),
    routes={
        "account": _vi_page(_VI_ACCOUNT, _VI_ACCOUNT_ENDED),
        "cancelplan": _vi_page(_VI_CANCEL),
        "cancelplan/confirm": cancel_then("/cancelplan/done"),
        "cancelplan/done": after_cancel(_nf("Netflix", _VI_DONE, "vi"), "/account"),
        "consent/banner": _VI_BANNER,
        "consent/choice": _vi_choice,
        "restart": restart_then("/account"),
    },
    walk=(
        click("Từ chối tất cả", frame="#cmp"),
        click("Hủy tư cách thành viên", "link"),
        final("Hoàn tất việc hủy"),
    ),
)

# -- 9. h-hy-toast: Armenian; the only "cancelled" word is a toast that vanishes --------------

_HY_TOAST_JS = (
    """var t=document.getElementById('toast');if(t){setTimeout(function(){t.remove()},3000)}"""
)


def _hy_account(request: Request, state: State) -> Reply | str:
    if request.method != "GET":
        return not_allowed()
    if not state.cancelled:
        return _nf(
            "Հաշիվ",
            """<h1>Հաշիվ</h1><p>aram@example.am</p><h2>Անդամակցություն և վճարում</h2>
<p>Ստանդարտ փաթեթ · ամսական 4 990 ֏</p><p>Հաջորդ վճարումը՝ 2027 թ. մարտի 3-ին</p>
<p><a href="{{B}}/cancelplan">Չեղարկել անդամակցությունը</a></p>""",
            "hy",
        )
    toast = ""
    if not state.flags.get("toasted"):
        state.flags["toasted"] = "1"
        toast = (
            '<div id="toast" role="status" style="position:fixed;top:12px;right:12px;'
            'background:#222;color:#fff;padding:12px 16px">Ձեր անդամակցությունը չեղարկվեց։'
            "</div>"
        )
    return _nf(
        "Հաշիվ",
        f"""{toast}<h1>Հաշիվ</h1><h2>Անդամակցություն և վճարում</h2><p>Անդամակցությունն
ավարտվում է 2027 թ. մարտի 3-ին։</p><form method="post" action="{{{{B}}}}/restart"><button
class="red">Վերսկսել անդամակցությունը</button></form>""",
        "hy",
        _HY_TOAST_JS,
    )


_HY_CANCEL = _nf(
    "Չեղարկել",
    """<h1>Չեղարկե՞լ անդամակցությունը</h1><p>Կարող եք դիտել մինչև 2027 թ. մարտի 3-ը։ Այլևս
վճար չի գանձվի։</p><form method="post" action="{{B}}/cancelplan/confirm"><button
class="red">Ավարտել չեղարկումը</button></form><p><a href="{{B}}/account">Հետ</a></p>""",
    "hy",
)

HY_TOAST = Variant(
    name="h-hy-toast",
    start="account",
    description=(
        "Armenian: 'Չեղարկել անդամակցությունը' -> 'Ավարտել չեղարկումը' POSTs and lands on the "
        "account page; 'cancelled' is said only in a toast that vanishes after 3 s, the page "
        "then says the membership ends on March 3, 2027"
    ),
    expect="cancelled",
    lang="hy",
    routes={
        "account": _hy_account,
        "cancelplan": unless_cancelled(_HY_CANCEL, "/account"),
        "cancelplan/confirm": cancel_then("/account"),
        "restart": restart_then("/account"),
    },
    walk=(
        click("Չեղարկել անդամակցությունը", "link"),
        final("Ավարտել չեղարկումը"),
    ),
)

# -- 10. h-am-two-subs: Amharic; an 'Extra member' add-on listed before the membership --------


def _am_account(request: Request, state: State) -> Reply | str:
    if request.method != "GET":
        return not_allowed()
    extra = (
        '<p>በወር 7.99 ዶላር</p><p><a href="{{B}}/extra-member/cancel">ሰርዝ</a></p>'
        if state.others.get("extra-member", True)
        else "<p>ተሰርዟል</p>"
    )
    plan = (
        "<p>አባልነትዎ ማርች 3 ቀን 2027 ያበቃል።</p>"
        if state.cancelled
        else '<p>ቀጣይ ክፍያ፦ ማርች 3 ቀን 2027</p><p><a href="{{B}}/cancelplan">ሰርዝ</a></p>'
    )
    return _nf(
        "መለያ",
        f"""<h1>መለያ</h1><p>abebe@example.et</p>
<section id="extra"><h2>ተጨማሪ አባል</h2><p>ከቤተሰብዎ ውጭ ላለ ሰው የሚሆን ተጨማሪ ቦታ</p>{extra}
</section><section id="plan"><h2>የአባልነት ዕቅድ</h2><p>መደበኛ ዕቅድ</p>{plan}</section>""",
        "am",
    )


def _am_confirm(action: str, what: str) -> str:
    return _nf(
        "ሰርዝ",
        f"""<h1>{what} ይሰረዝ?</h1><p>እስከ ማርች 3 ቀን 2027 ድረስ መጠቀም ይችላሉ። ከዚያ በኋላ ክፍያ
አይጠየቁም።</p><form method="post" action="{{{{B}}}}/{action}"><button class="red">መሰረዙን
አረጋግጥ</button></form><p><a href="{{{{B}}}}/account">ተመለስ</a></p>""",
        "am",
    )


def _am_extra(request: Request, state: State) -> Reply | str:
    if request.method != "POST":
        return not_allowed()
    state.cancel_other("extra-member")
    return redirect("/account")


_AM_DONE = _nf(
    "Netflix",
    """<h1>አባልነትዎ ተሰርዟል</h1><p>እስከ ማርች 3 ቀን 2027 ድረስ መመልከት ይችላሉ።</p><p><a
href="{{B}}/account">ወደ መለያ ተመለስ</a></p>""",
    "am",
)

AM_TWO_SUBS = Variant(
    name="h-am-two-subs",
    start="account",
    description=(
        "Amharic: one account with an 'Extra member' add-on listed first and the membership "
        "second, each with a 'ሰርዝ' link to a page whose 'መሰረዙን አረጋግጥ' POSTs; the "
        "membership's is the right one, the add-on's an unwanted effect"
    ),
    expect="cancelled",
    lang="am",
    others=("extra-member",),
    routes={
        "account": _am_account,
        "extra-member/cancel": _am_confirm("extra-member/cancel/confirm", "ተጨማሪ አባል"),
        "extra-member/cancel/confirm": _am_extra,
        "cancelplan": unless_cancelled(_am_confirm("cancelplan/confirm", "አባልነትዎ"), "/account"),
        "cancelplan/confirm": cancel_then("/cancelplan/done"),
        "cancelplan/done": after_cancel(_AM_DONE, "/account"),
    },
    walk=(click("ሰርዝ", "link", within="#plan"), final("መሰረዙን አረጋግጥ")),
)

# -- 11. h-th-already: Thai, Buddhist era; the membership is already cancelled ----------------

_TH_ALREADY = _nf(
    "บัญชี",
    """<h1>บัญชี</h1><p>nok@example.co.th</p><h2>การเป็นสมาชิกและการเรียกเก็บเงิน</h2>
<p>การเป็นสมาชิกของคุณถูกยกเลิกแล้ว คุณยังดูได้จนถึงวันที่ 3 มีนาคม 2570</p>
<form method="post" action="{{B}}/restart"><button class="red">เริ่มการเป็นสมาชิกอีกครั้ง</button>
</form><p><a href="{{B}}/account/membership">รายละเอียดการเป็นสมาชิก</a></p>""",
    "th",
)
_TH_MEMBERSHIP = _nf(
    "การเป็นสมาชิก",
    """<h1>การเป็นสมาชิก</h1><p>แพ็กเกจพื้นฐาน · สิ้นสุดวันที่ 3 มีนาคม 2570</p>
<p>ไม่มีการเรียกเก็บเงินครั้งถัดไป</p><p><a href="{{B}}/account">กลับไปที่บัญชี</a></p>""",
    "th",
)

TH_ALREADY = Variant(
    name="h-th-already",
    start="account",
    description=(
        "Thai, Buddhist era (2570): the account says the membership is already cancelled and "
        "offers only a restart (truth: already cancelled)"
    ),
    expect="already-cancelled",
    kind="look-alike",
    lang="th",
    routes={
        "account": _TH_ALREADY,
        "account/membership": _TH_MEMBERSHIP,
        "restart": restart_then("/account"),
    },
)

# -- 12. h-ur-pending: Urdu, Sitara TV; the request is only queued (truth: still active) ------


def _ur(title: str, body: str) -> str:
    return doc(
        title,
        f'<header style="background:#14532d;color:#fff;padding:12px 24px">ستارہ ٹی وی</header>'
        f'<main dir="rtl" style="max-width:640px;margin:20px auto">{body}</main>',
        lang="ur",
    ).replace('<html lang="ur">', '<html lang="ur" dir="rtl">')


def _ur_account(request: Request, state: State) -> Reply | str:
    if request.method != "GET":
        return not_allowed()
    status = (
        "<p>منسوخی کی درخواست زیرِ غور ہے۔ آپ کی سبسکرپشن فعال ہے۔</p>"
        if state.flags.get("requested")
        else '<p><a href="{{B}}/cancel">سبسکرپشن منسوخ کریں</a></p>'
    )
    return _ur(
        "میرا اکاؤنٹ",
        f"""<h1>میرا اکاؤنٹ</h1><p>sana@example.pk</p><h2>سبسکرپشن</h2><p>ستارہ پریمیم · 599 روپے
ماہانہ</p><p>اگلی ادائیگی: 3 مارچ 2027</p>{status}""",
    )


_UR_CANCEL = _ur(
    "منسوخی",
    """<h1>سبسکرپشن منسوخ کریں</h1><p>ہماری ٹیم ہر درخواست کا جائزہ لیتی ہے۔ منظوری تک آپ کی
سبسکرپشن جاری رہے گی۔</p><form method="post" action="{{B}}/cancel/request"><p><label
for="wajah">وجہ</label> <select id="wajah" name="reason"><option>مہنگا ہے</option><option>وقت
نہیں</option></select></p><button>منسوخی کی درخواست بھیجیں</button></form>""",
)
_UR_RECEIVED = _ur(
    "درخواست موصول",
    """<h1>درخواست موصول ہو گئی</h1><p>آپ کی منسوخی کی درخواست زیرِ غور ہے۔ تصدیق 48 گھنٹوں
میں ای میل کی جائے گی۔ تب تک آپ کی سبسکرپشن فعال ہے اور بلنگ جاری رہے گی۔</p><p><a
href="{{B}}/account">اکاؤنٹ پر واپس جائیں</a></p>""",
)


def _ur_request(request: Request, state: State) -> Reply | str:
    if request.method != "POST":
        return not_allowed()
    state.flags["requested"] = "1"
    state.note("requested")
    return redirect("/cancel/received")


UR_PENDING = Variant(
    name="h-ur-pending",
    start="account",
    description=(
        "Urdu (RTL), Sitara TV (own service): 'سبسکرپشن منسوخ کریں' -> a reason form whose "
        "'منسوخی کی درخواست بھیجیں' only queues a review (truth: still active)"
    ),
    expect="active",
    kind="look-alike",
    lang="ur",
    service=SITARA,
    routes={
        "account": _ur_account,
        "cancel": _UR_CANCEL,
        "cancel/request": _ur_request,
        "cancel/received": _UR_RECEIVED,
    },
    walk=(
        click("سبسکرپشن منسوخ کریں", "link"),
        click("منسوخی کی درخواست بھیجیں"),
    ),
)

VARIANTS: tuple[Variant, ...] = (
    WEBCOMP,
    LT_CLOSED,
    KA_COMMANDFOR,
    FIL_REAUTH,
    BN_POPUP,
    SW_KEEPALIVE,
    ET_BLAZOR,
    VI_CONSENT_FRAME,
    HY_TOAST,
    AM_TWO_SUBS,
    TH_ALREADY,
    UR_PENDING,
)
