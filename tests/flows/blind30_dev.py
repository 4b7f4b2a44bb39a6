"""The second blind set, DEV half: flows written from how sites build cancellation today,
without reading the safety gate, the outcome judge, the offline policy or the tool stack.
Tune against these, never against ``blind30_held`` (kept aside until the end).

Kinds here (the held half has others and some of the same, different sites and words):

- SPA routing with framework markup (client-side router, ``data-reactroot``, css-in-js classes);
- a LiveView-style page whose clicks go over a WebSocket, the server cancelling on an event;
- a commit by ``navigator.sendBeacon``; an undo window whose commit a timer sends;
- a billing portal in a cross-origin iframe; a billing portal in a new tab (another origin);
- a support chat whose quick reply cancels; an auto-renew switch that commits when turned off;
- Turbo's ``data-turbo-confirm`` (a native ``confirm()``); a ``popover`` opened by an invoker;
- two subscriptions on one account; a pending ending (a request queued, nothing cancelled).

Languages: English, Georgian, Swahili, Filipino, Urdu, Lithuanian, Thai (Buddhist-era dates),
Estonian. Services: Netflix and five of their own (``ServiceConfig``). The period ends on
March 3, 2027 everywhere (2570 in the Buddhist era). Every flow cancels on exactly one step.
"""

from __future__ import annotations

import json

from subterminator.services import ServiceConfig
from tests.flows.site import (
    Reply,
    Request,
    Socket,
    State,
    Variant,
    after_cancel,
    beacon_cancel,
    by_state,
    cancel_json,
    cancel_then,
    click,
    doc,
    final,
    not_allowed,
    redirect,
    restart_then,
    unless_cancelled,
)

# -- services of their own ------------------------------------------------------------------

TUNEBOX = ServiceConfig(
    name="tunebox",
    display_name="Tunebox",
    initial_url="https://tunebox.example/account",
    domains=("tunebox.example",),
)
# the billing portal lives on another site (a public billing.pelikulaplus.example on a real
# service; here the second origin, "localhost", which the run's reach is given as well)
PELIKULAPLUS = ServiceConfig(
    name="pelikulaplus",
    display_name="PelikulaPlus",
    initial_url="https://pelikulaplus.example/account",
    domains=("pelikulaplus.example",),
    payment_sites=("localhost",),
)
WRITELY = ServiceConfig(
    name="writely",
    display_name="Writely",
    initial_url="https://app.writely.example/settings",
    domains=("writely.example",),
    payment_sites=("localhost",),  # its hosted billing portal (billing.stripe.com-like)
)
SKAITYKLA = ServiceConfig(
    name="skaitykla",
    display_name="Skaitykla",
    initial_url="https://skaitykla.example/paskyra",
    domains=("skaitykla.example",),
)
LEDGERLY = ServiceConfig(
    name="ledgerly",
    display_name="Ledgerly",
    initial_url="https://ledgerly.example/settings",
    domains=("ledgerly.example",),
)
KINOTAHT = ServiceConfig(
    name="kinotaht",
    display_name="Kinotäht",
    initial_url="https://kinotaht.example/konto",
    domains=("kinotaht.example",),
)
FITLOOP = ServiceConfig(
    name="fitloop",
    display_name="FitLoop",
    initial_url="https://fitloop.example/membership",
    domains=("fitloop.example",),
)

# -- 1. d-en-spa-router: a React-style SPA, client-side routes, a fetch POST ------------------

_SPA_JS = r"""
var base='/'+location.pathname.split('/')[1];
var root=document.getElementById('root');var S={cancelled:false};
function here(){return location.pathname.slice(base.length+1).replace(/\/$/,'')||'account'}
function nav(p){history.pushState({},'',base+'/'+p);render();window.scrollTo(0,0)}
function L(p,t){return '<a class="css-1jxf684 r-link" data-discover="true" href="'+base+'/'+p+'">'+t+'</a>'}
function B(a,t,c){return '<button type="button" class="Button_root__'+(c||'q8Xz')+'" data-action="'+a+'">'+t+'</button>'}
var views={
 'account':function(){return S.cancelled?
  '<h1 class="css-a1">Account</h1><section class="css-9pa8cd" data-uia="membership-section"><h2>Membership &amp; Billing</h2><p>Your membership ends on March 3, 2027.</p>'+B('restart','Restart Membership','red')+'</section>':
  '<h1 class="css-a1">Account</h1><p class="css-x">Member since June 2018</p><section class="css-9pa8cd" data-uia="membership-section"><h2>Membership &amp; Billing</h2><p>sam@example.com</p><p>Standard plan · $15.49/month</p><p>Next payment: March 3, 2027</p><p>Mastercard •••• 1881</p>'+L('account/membership','Manage membership')+'</section><section class="css-9pa8cd"><h2>Settings</h2>'+L('account/profiles','Profiles')+'</section>'},
 'account/membership':function(){return '<nav>'+L('account','&larr; Account')+'</nav><h1>Membership</h1><div role="group" aria-label="Plan" class="css-1dbjc4n"><h2>Standard</h2><p>1080p · 2 devices at a time</p>'+L('account/membership/plan','Change plan')+'</div><div class="css-1dbjc4n"><h2>Next payment</h2><p>March 3, 2027</p></div>'+(S.cancelled?'':L('cancelplan','Cancel membership'))},
 'account/profiles':function(){return '<h1>Profiles</h1><p>Sam · Kids</p>'+L('account','Back')},
 'account/membership/plan':function(){return '<h1>Change plan</h1><p>Basic · Standard · Premium</p>'+L('account/membership','Back')},
 'cancelplan':function(){return S.cancelled?'<h1>Your membership is already cancelled</h1>'+L('account','Back to account'):
  '<h1>Cancel your membership?</h1><p>Finish your cancellation below. Your membership will end on March 3, 2027, at the end of your billing period. You will not be charged again.</p><p>Your profiles, ratings and viewing history are kept for 10 months.</p><div class="css-175oi2r">'+B('finish','Finish Cancellation','red')+' '+L('account','Go back')+'</div>'},
 'cancelplan/confirmed':function(){return S.cancelled?'<h1>Your membership has been cancelled</h1><p>You can keep watching until March 3, 2027. We sent a confirmation to sam@example.com.</p>'+L('account','Back to account'):'<h1>Something went wrong</h1>'}
};
function render(){var v=views[here()]||function(){return '<h1>Page not found</h1>'};
 root.innerHTML='<div class="css-1dbjc4n r-13awgt0" data-testid="app-root"><header class="css-hdr">NETFLIX</header><main class="css-main">'+v()+'</main></div>';
 var h=root.querySelector('h1');document.title=(h?h.textContent:'Netflix')+' | Netflix'}
document.addEventListener('click',function(e){
 var a=e.target.closest('a[data-discover]');
 if(a){e.preventDefault();nav(a.getAttribute('href').slice(base.length+1));return}
 var b=e.target.closest('[data-action]');if(!b)return;var act=b.getAttribute('data-action');
 if(act==='finish'){b.disabled=true;fetch(base+'/api/membership/cancel',{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify({reason:null})}).then(function(r){return r.json()}).then(function(){S.cancelled=true;nav('cancelplan/confirmed')})}
 if(act==='restart'){fetch(base+'/api/membership/restart',{method:'POST'}).then(function(){S.cancelled=false;render()})}
});
window.addEventListener('popstate',render);
fetch(base+'/api/account').then(function(r){return r.json()}).then(function(d){S=d;render()});
"""
_SPA_CSS = """body{margin:0;font:16px Helvetica,Arial,sans-serif;background:#f3f3f3}.css-hdr{
background:#000;color:#e50914;font:800 26px Arial;padding:12px 32px}.css-main{max-width:760px;
margin:24px auto;background:#fff;padding:20px 28px}.Button_root__red{background:#e50914;color:#fff;
border:0;padding:10px 22px;font-size:16px}.css-9pa8cd{border-top:1px solid #ddd;padding:8px 0}
a{color:#0071eb;display:block;margin:6px 0}"""
_SPA_SHELL = doc(
    "Netflix",
    '<div id="root"><p>Loading…</p></div>',
    css=_SPA_CSS,
    script=_SPA_JS,
    head='<link rel="modulepreload" href="/assets/index-4f9c2a.js">',
)


def _spa_state(request: Request, state: State) -> Reply | str:
    if request.method != "GET":
        return not_allowed()
    return Reply(json.dumps({"cancelled": state.cancelled}), content_type="application/json")


def _spa_restart(request: Request, state: State) -> Reply | str:
    if request.method != "POST":
        return not_allowed()
    state.restart()
    return Reply('{"ok":true}', content_type="application/json")


SPA_ROUTER = Variant(
    name="d-en-spa-router",
    start="account",
    description=(
        "English React-style SPA: one shell, routes drawn by a client-side router "
        "(pushState); 'Manage membership' -> 'Cancel membership' -> 'Finish Cancellation' "
        "(a fetch POST from /cancelplan)"
    ),
    expect="cancelled",
    routes={
        "account": _SPA_SHELL,
        "account/membership": _SPA_SHELL,
        "account/profiles": _SPA_SHELL,
        "account/membership/plan": _SPA_SHELL,
        "cancelplan": _SPA_SHELL,
        "cancelplan/confirmed": _SPA_SHELL,
        "api/account": _spa_state,
        "api/membership/cancel": cancel_json(),
        "api/membership/restart": _spa_restart,
    },
    walk=(
        click("Manage membership", "link"),
        click("Cancel membership", "link"),
        final("Finish Cancellation"),
    ),
)

# -- 2. d-ka-liveview: Georgian, a LiveView-style page; its events go over a WebSocket ---------

LIVE_JS = r"""
(function(){var base='/'+location.pathname.split('/')[1];
var main=document.querySelector('[data-phx-main]');var ref=0;
var ws=new WebSocket((location.protocol==='https:'?'wss://':'ws://')+location.host+base+'/live/websocket?vsn=2.0.0');
var q=[];function send(ev,p){var m=JSON.stringify({topic:'lv:'+main.id,event:ev,ref:String(++ref),payload:p||{},url:location.href});
 if(ws.readyState===1){ws.send(m)}else{q.push(m)}}
ws.onopen=function(){ws.send(JSON.stringify({topic:'lv:'+main.id,event:'phx_join',ref:'0',payload:{session:main.getAttribute('data-phx-session')},url:location.href}));
 while(q.length){ws.send(q.shift())}};
ws.onmessage=function(m){var d=JSON.parse(m.data);
 if(d.patch){history.pushState({},'',base+'/'+d.patch)}
 if(d.html!==undefined){main.innerHTML=d.html;main.classList.remove('phx-loading');main.classList.add('phx-connected')}
 if(d.title){document.title=d.title}};
document.addEventListener('click',function(e){var t=e.target.closest('[phx-click]');if(!t)return;
 e.preventDefault();t.classList.add('phx-click-loading');send('event',{type:'click',event:t.getAttribute('phx-click'),value:{}})});
})();
"""
_KA_CSS = """body{margin:0;font:16px 'Noto Sans Georgian',sans-serif}header{background:#000;
color:#e50914;padding:12px 30px;font:800 24px Arial}main{max-width:700px;margin:24px auto}
button{padding:9px 18px;font-size:15px}.wit{background:#e50914;color:#fff;border:0}"""

_KA_MEMBERSHIP = """<h1>წევრობა</h1><section><h2>სტანდარტული გეგმა</h2><p>2 ეკრანი ერთდროულად
· 24,99 ₾ თვეში</p><p>შემდეგი გადახდა: 2027 წლის 3 მარტი</p></section>
<button phx-click="change_plan">გეგმის შეცვლა</button>
<button phx-click="start_cancel" class="wit">წევრობის გაუქმება</button>"""
_KA_CONFIRM = """<h1>გსურთ წევრობის გაუქმება?</h1><p>თუ ახლა გააუქმებთ, ყურებას შეძლებთ 2027 წლის
3 მარტამდე, თქვენი საანგარიშო პერიოდის ბოლომდე. თანხა აღარ ჩამოგეჭრებათ.</p>
<button phx-click="confirm_cancel" class="wit">გაუქმების დასრულება</button>
<button phx-click="back">უკან დაბრუნება</button>"""
_KA_DONE = """<h1>თქვენი წევრობა გაუქმებულია</h1><p>ყურებას შეძლებთ 2027 წლის 3 მარტამდე.
დადასტურება გამოგზავნილია ელფოსტაზე.</p><a href="{{B}}/account">ანგარიშზე დაბრუნება</a>"""
_KA_PLAN = """<h1>გეგმის შეცვლა</h1><p>საბაზისო · სტანდარტული · პრემიუმი</p>
<button phx-click="back">უკან დაბრუნება</button>"""


def _ka(title: str, body: str, script: str = "") -> str:
    return doc(title, f"<header>NETFLIX</header>{body}", lang="ka", css=_KA_CSS, script=script)


def _ka_view(state: State, page: str | None) -> str:
    if state.cancelled:
        return _KA_DONE
    if page and page.partition("?")[0] == "account/membership/cancel":
        return _KA_CONFIRM
    return _KA_MEMBERSHIP


def _ka_live_page(request: Request, state: State) -> Reply | str:
    if request.method != "GET":
        return not_allowed()
    view = _ka_view(state, request.path)
    return _ka(
        "წევრობა",
        f'<main id="phx-F1a2" data-phx-main data-phx-session="SFMyNTY.g2gDaAJhBXQ" '
        f'class="phx-loading">{view}</main>',
        LIVE_JS,
    )


def _ka_live(message: dict[str, object], state: State, page: str | None) -> list[dict[str, object]]:
    event = message.get("event")
    payload = message.get("payload")
    name = payload.get("event") if isinstance(payload, dict) else None
    if event == "phx_join":
        return [{"html": _ka_view(state, page)}]
    if event != "event":
        return []
    if name == "start_cancel" and not state.cancelled:
        return [{"patch": "account/membership/cancel", "html": _KA_CONFIRM}]
    if name == "change_plan":
        return [{"html": _KA_PLAN}]
    if name == "back":
        return [{"patch": "account/membership", "html": _ka_view(state, "account/membership")}]
    if name == "confirm_cancel" and page == "account/membership/cancel":
        if not state.cancelled:
            state.cancel(page, via="socket")
        return [{"patch": "account/membership/cancelled", "html": _KA_DONE}]
    return []


_KA_ACCOUNT = _ka(
    "ანგარიში",
    """<main><h1>ანგარიში</h1><p>წევრი 2020 წლის მაისიდან</p><h2>წევრობა და გადახდა</h2>
<p>nino@example.ge</p><p>სტანდარტული გეგმა</p><p>შემდეგი გადახდა: 2027 წლის 3 მარტი</p>
<p><a href="{{B}}/account/membership">წევრობის მართვა</a></p><h2>პარამეტრები</h2>
<p><a href="#profiles">პროფილების მართვა</a></p></main>""",
)
_KA_ACCOUNT_ENDED = _ka(
    "ანგარიში",
    """<main><h1>ანგარიში</h1><h2>წევრობა და გადახდა</h2><p>თქვენი წევრობა დასრულდება 2027
წლის 3 მარტს.</p><form method="post" action="{{B}}/restart"><button class="wit">წევრობის
განახლება</button></form></main>""",
)

KA_LIVEVIEW = Variant(
    name="d-ka-liveview",
    start="account",
    description=(
        "Georgian LiveView-style membership page: its buttons are phx-click events sent over "
        "a WebSocket (/live/websocket); 'წევრობის გაუქმება' patches the URL to "
        "/account/membership/cancel; the server cancels on the 'confirm_cancel' event"
    ),
    expect="cancelled",
    lang="ka",
    routes={
        "account": by_state(_KA_ACCOUNT, _KA_ACCOUNT_ENDED),
        "account/membership": _ka_live_page,
        "account/membership/cancel": _ka_live_page,
        "account/membership/cancelled": _ka_live_page,
        "live/websocket": Socket(_ka_live),
        "restart": restart_then("/account"),
    },
    walk=(
        click("წევრობის მართვა", "link"),
        click("წევრობის გაუქმება"),
        final("გაუქმების დასრულება"),
    ),
)

# -- 3. d-sw-beacon: Swahili; 'Thibitisha kughairi' sends the cancellation by sendBeacon -------

_SW_CSS = """body{font:16px system-ui,sans-serif;margin:0;color:#1b1b1b}.kichwa{background:#000;
color:#e50914;padding:12px 28px;font:800 24px Arial}.ndani{max-width:640px;margin:26px auto}
.nyekundu{background:#e50914;color:#fff;border:0;padding:11px 22px;font-size:16px}"""


def _sw(title: str, body: str, script: str = "") -> str:
    return doc(
        title,
        f'<div class="kichwa">NETFLIX</div><div class="ndani">{body}</div>',
        lang="sw",
        css=_SW_CSS,
        script=script,
    )


_SW_AKAUNTI = _sw(
    "Akaunti",
    """<h1>Akaunti</h1><p>Mwanachama tangu Januari 2021</p><h2>Uanachama na malipo</h2>
<p>juma@example.co.ke</p><p>Mpango wa Msingi · KSh 300 kwa mwezi</p>
<p>Malipo yajayo: 3 Machi 2027</p>
<p><a href="{{B}}/account/membership">Simamia uanachama</a></p>""",
)
_SW_AKAUNTI_IMEISHA = _sw(
    "Akaunti",
    """<h1>Akaunti</h1><h2>Uanachama na malipo</h2><p>Uanachama wako utaisha tarehe 3 Machi
2027.</p><form method="post" action="{{B}}/restart"><button class="nyekundu">Anzisha upya
uanachama</button></form>""",
)
_SW_UANACHAMA = _sw(
    "Uanachama",
    """<p><a href="{{B}}/account">&larr; Akaunti</a></p><h1>Uanachama</h1><h2>Mpango wa
Msingi</h2><p>Skrini 1 · KSh 300 kwa mwezi</p><p><a href="#mpango">Badilisha mpango</a></p>
<p><a href="{{B}}/cancelplan">Ghairi uanachama</a></p>""",
)
_SW_BEACON_JS = """document.getElementById('thibitisha').addEventListener('click',function(){
var b=new Blob([JSON.stringify({sababu:null,chanzo:'ukurasa'})],{type:'text/plain'});
navigator.sendBeacon('{{B}}/api/v1/uanachama/mwisho',b);
setTimeout(function(){location.href='{{B}}/cancelplan/imekamilika'},400)});"""
_SW_GHAIRI = _sw(
    "Ghairi uanachama",
    """<h1>Ungependa kughairi?</h1><p>Ukighairi sasa, utaendelea kutazama hadi tarehe 3 Machi
2027, mwisho wa kipindi chako cha malipo. Hutatozwa tena.</p>
<p>Wasifu wako na historia ya kutazama vitahifadhiwa kwa miezi 10.</p>
<button type="button" id="thibitisha" class="nyekundu">Thibitisha kughairi</button>
<a href="{{B}}/account">Rudi nyuma</a>""",
    _SW_BEACON_JS,
)
_SW_IMEKAMILIKA = _sw(
    "Netflix",
    """<h1>Uanachama wako umeghairiwa</h1><p>Unaweza kuendelea kutazama hadi tarehe 3 Machi
2027.</p><p><a href="{{B}}/account">Rudi kwenye akaunti</a></p>""",
)

SW_BEACON = Variant(
    name="d-sw-beacon",
    start="account",
    description=(
        "Swahili: 'Simamia uanachama' -> 'Ghairi uanachama' -> /cancelplan whose "
        "'Thibitisha kughairi' (a type=button) sends the cancellation with navigator.sendBeacon "
        "and then goes to the confirmation"
    ),
    expect="cancelled",
    lang="sw",
    routes={
        "account": by_state(_SW_AKAUNTI, _SW_AKAUNTI_IMEISHA),
        "account/membership": unless_cancelled(_SW_UANACHAMA, "/account"),
        "cancelplan": unless_cancelled(_SW_GHAIRI, "/cancelplan/imekamilika"),
        "api/v1/uanachama/mwisho": beacon_cancel(),
        "cancelplan/imekamilika": after_cancel(_SW_IMEKAMILIKA, "/cancelplan"),
        "restart": restart_then("/account"),
    },
    walk=(
        click("Simamia uanachama", "link"),
        click("Ghairi uanachama", "link"),
        final("Thibitisha kughairi"),
    ),
)

# -- 4. d-en-undo-timer: Tunebox; the click starts a 3-second undo window, a timer commits -----

_TB_CSS = """body{margin:0;font:15px -apple-system,Segoe UI,sans-serif;background:#121212;
color:#fff}nav{padding:14px 28px;font-weight:800;color:#1ed760}main{max-width:680px;margin:20px
auto}.card{background:#222;border-radius:8px;padding:16px 20px;margin:10px 0}a{color:#1ed760}
.pill{border-radius:999px;border:0;padding:10px 24px;font-weight:700}.danger{background:#e22134;
color:#fff}#snack{position:fixed;left:50%;bottom:24px;transform:translateX(-50%);background:#fff;
color:#000;padding:12px 18px;border-radius:6px;display:none}#snack.on{display:block}"""


def _tb(title: str, body: str, script: str = "") -> str:
    return doc(title, f"<nav>Tunebox</nav><main>{body}</main>", css=_TB_CSS, script=script)


_TB_ACCOUNT = _tb(
    "Account overview - Tunebox",
    """<h1>Account overview</h1><div class="card"><h2>Your plan</h2><p>Tunebox Premium
Individual · $11.99/month</p><p>Your next bill is for $11.99 on March 3, 2027.</p>
<p><a href="{{B}}/plan">Manage your plan</a></p></div><div class="card"><h2>Account</h2>
<p><a href="#profile">Edit profile</a> · <a href="#privacy">Privacy settings</a></p></div>""",
)
_TB_ACCOUNT_ENDED = _tb(
    "Account overview - Tunebox",
    """<h1>Account overview</h1><div class="card"><h2>Your plan</h2><p>Tunebox Premium ends on
March 3, 2027. After that you'll be on Tunebox Free.</p><form method="post"
action="{{B}}/restart"><button class="pill">Keep Premium</button></form></div>""",
)
_TB_PLAN = _tb(
    "Manage your plan - Tunebox",
    """<h1>Manage your plan</h1><div class="card"><h2>Premium Individual</h2><p>Ad-free music,
offline listening.</p><p><a href="#change">Change plan</a></p>
<p><a href="{{B}}/plan/cancel">Cancel Premium</a></p></div>""",
)
_TB_UNDO_JS = """var t=null,n=3,tick=null;var s=document.getElementById('snack');
document.getElementById('go').addEventListener('click',function(){if(t)return;
this.disabled=true;s.classList.add('on');n=3;document.getElementById('n').textContent=n;
tick=setInterval(function(){n=Math.max(0,n-1);document.getElementById('n').textContent=n},1000);
t=setTimeout(function(){clearInterval(tick);fetch('{{B}}/api/subscriptions/premium/cancel',
{method:'POST',headers:{'Content-Type':'application/json'},body:'{}'}).then(function(){
location.href='{{B}}/plan/cancelled'})},3000)});
document.getElementById('undo').addEventListener('click',function(){clearTimeout(t);
clearInterval(tick);t=null;s.classList.remove('on');document.getElementById('go').disabled=false});"""
_TB_CANCEL = _tb(
    "Cancel Premium - Tunebox",
    """<h1>Cancel Premium</h1><div class="card"><p>If you cancel, you'll keep Premium until
March 3, 2027. After that your account switches to Tunebox Free: music with ads, no offline
listening.</p><button id="go" class="pill danger">Cancel Premium</button>
<a href="{{B}}/plan">Never mind</a></div>
<div id="snack" role="status">Cancelling your Premium plan in <span id="n">3</span>s…
<button id="undo" class="pill">Undo</button></div>""",
    _TB_UNDO_JS,
)
_TB_CANCELLED = _tb(
    "Premium cancelled - Tunebox",
    """<h1>Your Premium plan is cancelled</h1><div class="card"><p>You'll keep Premium until
March 3, 2027. Then you'll move to Tunebox Free.</p><p><a href="{{B}}/account">Back to
account overview</a></p></div>""",
)

EN_UNDO_TIMER = Variant(
    name="d-en-undo-timer",
    start="account",
    description=(
        "English, Tunebox (own service): 'Manage your plan' -> 'Cancel Premium' -> a page "
        "whose 'Cancel Premium' button starts a 3 s undo window; the page's timer then sends "
        "the cancelling fetch POST from that page"
    ),
    expect="cancelled",
    service=TUNEBOX,
    routes={
        "account": by_state(_TB_ACCOUNT, _TB_ACCOUNT_ENDED),
        "plan": unless_cancelled(_TB_PLAN, "/account"),
        "plan/cancel": unless_cancelled(_TB_CANCEL, "/plan/cancelled"),
        "api/subscriptions/premium/cancel": cancel_json(via="timer"),
        "plan/cancelled": after_cancel(_TB_CANCELLED, "/plan"),
        "restart": restart_then("/account"),
    },
    walk=(
        click("Manage your plan", "link"),
        click("Cancel Premium", "link"),
        final("Cancel Premium"),
    ),
)

# -- 5. d-fil-billing-frame: Filipino, PelikulaPlus; the billing portal is a cross-origin frame -

_PP_CSS = """body{margin:0;font:15px Arial,sans-serif;background:#fff7ef}header{background:#5b1fa6;
color:#fff;padding:12px 26px;font-weight:700}main{max-width:820px;margin:22px auto}
iframe{width:100%;height:420px;border:1px solid #ccc;background:#fff}
.btn{background:#5b1fa6;color:#fff;border:0;padding:10px 18px;border-radius:4px}"""


def _pp(title: str, body: str) -> str:
    return doc(title, f"<header>PelikulaPlus</header><main>{body}</main>", lang="fil", css=_PP_CSS)


def _portal(title: str, body: str) -> str:
    return doc(
        title,
        f'<div style="padding:14px 18px;font-family:Arial">{body}'
        '<p style="color:#888;font-size:12px">Pinapagana ng PayNest Billing</p></div>',
        lang="fil",
        css=".btn{background:#0b6bcb;color:#fff;border:0;padding:9px 16px;border-radius:4px}",
    )


_PP_ACCOUNT = _pp(
    "Aking Account",
    """<h1>Aking Account</h1><p>Miyembro mula Agosto 2022</p><h2>Subscription</h2>
<p>Premium · ₱549 bawat buwan</p><p>Susunod na singil: Marso 3, 2027</p>
<p><a href="{{B}}/account/billing">Pamahalaan ang pagbabayad at subscription</a></p>
<h2>Mga setting</h2><p><a href="#wika">Wika</a></p>""",
)
_PP_BILLING = _pp(
    "Pagbabayad",
    """<p><a href="{{B}}/account">&larr; Aking Account</a></p><h1>Pagbabayad at subscription
</h1><p>Ang iyong subscription ay pinamamahalaan ng aming billing partner.</p>
<iframe title="Billing portal" id="billing" src="{{O}}/portal"></iframe>""",
)
_PORTAL = _portal(
    "Billing portal",
    """<h2>Ang iyong plano</h2><p>PelikulaPlus Premium · ₱549/buwan</p><p>Susunod na singil:
Marso 3, 2027 · GCash •••• 0917</p><p><a href="{{B}}/portal/payment">I-update ang paraan ng
pagbabayad</a></p><p><a href="{{B}}/portal/cancel">Kanselahin ang plano</a></p>""",
)
_PORTAL_CANCEL = _portal(
    "Kanselahin ang plano",
    """<h2>Kanselahin ang iyong plano?</h2><p>Magagamit mo pa ang PelikulaPlus hanggang Marso
3, 2027. Hindi ka na sisingilin pagkatapos nito.</p>
<form method="post" action="{{B}}/portal/cancel/confirm"><button class="btn">Kumpirmahin ang
pagkansela</button></form><p><a href="{{B}}/portal">Bumalik</a></p>""",
)
_PORTAL_CANCELLED = _portal(
    "Nakansela",
    """<h2>Nakansela na ang iyong plano</h2><p>Magagamit mo pa ang PelikulaPlus hanggang Marso 3,
2027. Hindi ka na sisingilin.</p>""",
)
_PORTAL_ENDED = _portal(
    "Billing portal",
    """<h2>Ang iyong plano</h2><p>Kinansela · matatapos sa Marso 3, 2027</p>
<form method="post" action="{{B}}/portal/renew"><button class="btn">I-renew ang plano</button>
</form>""",
)

FIL_BILLING_FRAME = Variant(
    name="d-fil-billing-frame",
    start="account",
    description=(
        "Filipino, PelikulaPlus (own service): 'Pamahalaan ang pagbabayad at subscription' -> "
        "a page whose billing portal is an iframe from the second origin (declared the "
        "service's payment site); in the frame 'Kanselahin ang plano' -> 'Kumpirmahin ang "
        "pagkansela' POSTs, and the frame says it is cancelled"
    ),
    expect="cancelled",
    lang="fil",
    service=PELIKULAPLUS,
    other_origin="service",
    framed_in=(("portal", "account/billing"),),
    routes={
        "account": _PP_ACCOUNT,
        "account/billing": _PP_BILLING,
        "portal": by_state(_PORTAL, _PORTAL_ENDED),
        "portal/payment": _portal("Pagbabayad", "<p>GCash •••• 0917</p>"),
        "portal/cancel": unless_cancelled(_PORTAL_CANCEL, "/portal"),
        "portal/cancel/confirm": cancel_then("/portal/cancelled"),
        "portal/cancelled": after_cancel(_PORTAL_CANCELLED, "/portal"),
        "portal/renew": restart_then("/portal"),
    },
    walk=(
        click("Pamahalaan ang pagbabayad at subscription", "link"),
        click("Kanselahin ang plano", "link", frame="#billing"),
        final("Kumpirmahin ang pagkansela", frame="#billing"),
    ),
)

# -- 6. d-en-newtab: Writely; 'Manage billing' opens the hosted billing portal in a new tab -----

_WR_CSS = """body{margin:0;font:15px Inter,system-ui,sans-serif;color:#1a1f36}.top{padding:14px
28px;border-bottom:1px solid #e3e8ee;font-weight:700}.wrap{max-width:720px;margin:24px auto}
.b{background:#635bff;color:#fff;border:0;border-radius:6px;padding:9px 16px;font-size:15px}
.row{border:1px solid #e3e8ee;border-radius:8px;padding:14px 18px;margin:12px 0}"""


def _wr(title: str, body: str, top: str = "Writely") -> str:
    return doc(title, f'<div class="top">{top}</div><div class="wrap">{body}</div>', css=_WR_CSS)


_WR_SETTINGS = _wr(
    "Settings · Writely",
    """<h1>Settings</h1><div class="row"><h2>Plan</h2><p>Writely Pro · $12/month, billed
monthly</p><p>Renews on March 3, 2027</p><p><a href="{{O}}/billing/session/bps_1Nq8"
target="_blank" rel="noopener">Manage billing</a></p></div><div class="row"><h2>Workspace
</h2><p><a href="#members">Members</a> · <a href="#export">Export documents</a></p></div>""",
)
_WR_PORTAL = _wr(
    "Writely · Billing",
    """<p>Return to Writely by closing this tab.</p><h1>Current plan</h1><div class="row">
<h2>Writely Pro</h2><p>$12.00 per month</p><p>Your plan renews on March 3, 2027.</p>
<p><a href="{{B}}/billing/session/bps_1Nq8/subscriptions/cancel">Cancel plan</a></p></div>
<div class="row"><h2>Payment method</h2><p>Visa •••• 4242</p></div>""",
    top="Writely · billing portal",
)
_WR_PORTAL_ENDED = _wr(
    "Writely · Billing",
    """<h1>Current plan</h1><div class="row"><h2>Writely Pro</h2><p><b>Cancels March 3,
2027</b></p><form method="post" action="{{B}}/billing/session/bps_1Nq8/renew"><button
class="b">Renew plan</button></form></div>""",
    top="Writely · billing portal",
)
_WR_CANCEL = _wr(
    "Cancel your plan",
    """<h1>Cancel your plan</h1><div class="row"><p>Your plan will be canceled, but is still
available until the end of your billing period on March 3, 2027.</p><p>If you change your mind,
you can renew your subscription.</p><form method="post"
action="{{B}}/billing/session/bps_1Nq8/subscriptions/cancel/confirm"><button class="b">Cancel
plan</button></form><p><a href="{{B}}/billing/session/bps_1Nq8">Go back</a></p></div>""",
    top="Writely · billing portal",
)
_WR_CANCELED = _wr(
    "Writely · Billing",
    """<h1>Current plan</h1><div class="row" role="status"><h2>Writely Pro</h2><p>Your plan has
been canceled. You can keep using Writely Pro until March 3, 2027.</p></div>""",
    top="Writely · billing portal",
)

EN_NEWTAB = Variant(
    name="d-en-newtab",
    start="settings",
    description=(
        "English, Writely (own service): 'Manage billing' (target=_blank) opens the hosted "
        "billing portal on the second origin (declared the service's payment site) in a new "
        "tab; 'Cancel plan' link -> 'Cancel plan' button POSTs"
    ),
    expect="cancelled",
    service=WRITELY,
    other_origin="service",
    routes={
        "settings": _WR_SETTINGS,
        "billing/session/bps_1Nq8": by_state(_WR_PORTAL, _WR_PORTAL_ENDED),
        "billing/session/bps_1Nq8/subscriptions/cancel": unless_cancelled(
            _WR_CANCEL, "/billing/session/bps_1Nq8"
        ),
        "billing/session/bps_1Nq8/subscriptions/cancel/confirm": cancel_then(
            "/billing/session/bps_1Nq8/canceled"
        ),
        "billing/session/bps_1Nq8/canceled": after_cancel(
            _WR_CANCELED, "/billing/session/bps_1Nq8"
        ),
        "billing/session/bps_1Nq8/renew": restart_then("/billing/session/bps_1Nq8"),
    },
    walk=(
        click("Manage billing", "link"),
        click("Cancel plan", "link"),
        final("Cancel plan"),
    ),
)

# -- 7. d-ur-chat: Urdu (RTL); a support chat whose quick reply cancels -------------------------

_UR_CSS = """body{margin:0;font:16px 'Noto Nastaliq Urdu','Noto Naskh Arabic',sans-serif}
header{background:#000;color:#e50914;padding:12px 28px;font:800 24px Arial}main{max-width:680px;
margin:22px auto}#chat{position:fixed;bottom:16px;left:16px;width:360px;border:1px solid #bbb;
background:#fff;border-radius:10px;display:none}#chat.open{display:block}#log{height:300px;
overflow:auto;padding:10px}.bot{background:#f1f1f1;border-radius:8px;padding:8px;margin:6px 0}
.me{background:#e50914;color:#fff;border-radius:8px;padding:8px;margin:6px 0}
.qr button{border:1px solid #e50914;color:#e50914;background:#fff;border-radius:16px;
padding:6px 12px;margin:3px}"""
_UR_CHAT_JS = """var log=document.getElementById('log'),qr=document.getElementById('qr');
function say(cls,t){var d=document.createElement('div');d.className=cls;d.textContent=t;
log.appendChild(d);log.scrollTop=log.scrollHeight}
function offer(list){qr.innerHTML='';list.forEach(function(o){var b=document.createElement('button');
b.type='button';b.textContent=o[0];b.addEventListener('click',function(){qr.innerHTML='';
say('me',o[0]);o[1]()});qr.appendChild(b)})}
function start(){say('bot','السلام علیکم! میں Netflix کی مدد ہوں۔ میں آپ کی کیا مدد کر سکتا ہوں؟');
offer([['بل کے بارے میں سوال',bill],['پلان تبدیل کریں',plan],['رکنیت منسوخ کریں',ask]])}
function bill(){say('bot','آپ کا اگلا بل 3 مارچ 2027 کو ہے۔');offer([['رکنیت منسوخ کریں',ask]])}
function plan(){say('bot','پلان اکاؤنٹ کے صفحے سے تبدیل کیے جا سکتے ہیں۔');offer([['رکنیت منسوخ کریں',ask]])}
function ask(){say('bot','کیا آپ واقعی اپنی رکنیت منسوخ کرنا چاہتے ہیں؟ آپ 3 مارچ 2027 تک دیکھ سکیں گے، اس کے بعد آپ سے کوئی رقم نہیں لی جائے گی۔');
offer([['ہاں، منسوخ کریں',yes],['نہیں، رکنیت جاری رکھیں',no]])}
function yes(){fetch('{{B}}/api/chat/actions',{method:'POST',headers:{'Content-Type':'application/json'},
body:JSON.stringify({action:'cancel_membership',confirmed:'true'})}).then(function(r){return r.json()}).then(function(d){
say('bot',d.message);offer([])})}
function no(){say('bot','بہت خوب! آپ کی رکنیت جاری ہے۔');offer([['رکنیت منسوخ کریں',ask]])}
document.getElementById('open').addEventListener('click',function(){var c=document.getElementById('chat');
if(!c.classList.contains('open')){c.classList.add('open');start()}});"""


def _ur(title: str, body: str, script: str = "") -> str:
    return doc(
        title,
        f'<header>NETFLIX</header><main dir="rtl">{body}</main>',
        lang="ur",
        css=_UR_CSS,
        script=script,
    ).replace('<html lang="ur">', '<html lang="ur" dir="rtl">')


_UR_ACCOUNT = _ur(
    "اکاؤنٹ",
    """<h1>اکاؤنٹ</h1><p>رکن از مارچ 2019</p><h2>رکنیت اور بلنگ</h2><p>ali@example.pk</p>
<p>موبائل پلان · 250 روپے ماہانہ</p><p>اگلی ادائیگی: 3 مارچ 2027</p>
<p><a href="#plan">پلان کی تفصیلات</a></p><h2>مدد</h2><p>رکنیت سے متعلق ہر کام کے لیے ہماری
چیٹ استعمال کریں۔</p><button type="button" id="open">مدد سے بات کریں</button>
<div id="chat" role="dialog" aria-label="Netflix مدد"><div id="log" role="log"
aria-live="polite"></div><div id="qr" class="qr" role="group" aria-label="فوری جوابات"></div>
</div>""",
    _UR_CHAT_JS,
)
_UR_ACCOUNT_ENDED = _ur(
    "اکاؤنٹ",
    """<h1>اکاؤنٹ</h1><h2>رکنیت اور بلنگ</h2><p>آپ کی رکنیت 3 مارچ 2027 کو ختم ہو جائے گی۔</p>
<form method="post" action="{{B}}/restart"><button>رکنیت دوبارہ شروع کریں</button></form>""",
)


def _ur_action(request: Request, state: State) -> Reply | str:
    if request.method != "POST":
        return not_allowed()
    if request.value("action") == "cancel_membership" and request.value("confirmed") == "true":
        if not state.cancelled:
            state.cancel(request.referer)
        message = "آپ کی رکنیت منسوخ کر دی گئی ہے۔ آپ 3 مارچ 2027 تک دیکھ سکتے ہیں۔"
    else:
        message = "معذرت، میں یہ نہیں سمجھ سکا۔"
    return Reply(json.dumps({"message": message}), content_type="application/json")


UR_CHAT = Variant(
    name="d-ur-chat",
    start="account",
    description=(
        "Urdu (RTL) account page with a support chat: 'مدد سے بات کریں' opens it; the quick "
        "reply 'رکنیت منسوخ کریں' asks again; 'ہاں، منسوخ کریں' POSTs the cancel action and the "
        "bot says it is cancelled"
    ),
    expect="cancelled",
    lang="ur",
    routes={
        "account": by_state(_UR_ACCOUNT, _UR_ACCOUNT_ENDED),
        "api/chat/actions": _ur_action,
        "restart": restart_then("/account"),
    },
    walk=(
        click("مدد سے بات کریں"),
        click("رکنیت منسوخ کریں"),
        final("ہاں، منسوخ کریں"),
    ),
)

# -- 8. d-lt-switch: Lithuanian, Skaitykla; turning off the auto-renew switch ends it -----------

_LT_CSS = """body{margin:0;font:16px Roboto,Arial,sans-serif;background:#f6f4ef}header{background:
#1f4d3a;color:#fff;padding:12px 26px;font-weight:700}main{max-width:660px;margin:22px auto;
background:#fff;padding:20px 26px}.sw{display:inline-block;width:46px;height:24px;
border-radius:12px;background:#bbb;border:0;vertical-align:middle;position:relative}
.sw[aria-checked=true]{background:#1f8a5b}.sw span{position:absolute;top:3px;left:3px;width:18px;
height:18px;border-radius:50%;background:#fff}.sw[aria-checked=true] span{left:25px}"""
_LT_SWITCH_JS = """var sw=document.getElementById('pratesimas');
sw.addEventListener('click',function(){var on=sw.getAttribute('aria-checked')==='true';
fetch('{{B}}/api/prenumerata/pratesimas',{method:'POST',headers:{'Content-Type':'application/json'},
body:JSON.stringify({ijungta:String(!on)})}).then(function(r){return r.json()}).then(function(d){
sw.setAttribute('aria-checked',String(d.ijungta==='true'));
document.getElementById('busena').textContent=d.tekstas})});"""


def _lt(title: str, body: str, script: str = "") -> str:
    return doc(
        title,
        f"<header>Skaitykla</header><main>{body}</main>",
        lang="lt",
        css=_LT_CSS,
        script=script,
    )


_LT_ON = "Prenumerata atsinaujins automatiškai 2027 m. kovo 3 d."
_LT_OFF = (
    "Automatinis pratęsimas išjungtas: prenumerata atšaukta ir baigsis 2027 m. kovo 3 d. "
    "Iki tol galite skaityti ir klausytis."
)


def _lt_account(request: Request, state: State) -> Reply | str:
    if request.method != "GET":
        return not_allowed()
    on = "false" if state.cancelled else "true"
    text = _LT_OFF if state.cancelled else _LT_ON
    return _lt(
        "Paskyra",
        f"""<h1>Paskyra</h1><p>ruta@example.lt</p><h2>Prenumerata</h2><p>Skaitykla Neribota ·
9,99 € per mėnesį</p><p><span id="lbl">Automatinis pratęsimas</span>
<button type="button" role="switch" class="sw" id="pratesimas" aria-checked="{on}"
aria-labelledby="lbl"><span></span></button></p><p id="busena" role="status">{text}</p>
<h2>Nustatymai</h2><p><a href="#kalba">Kalba</a> · <a href="#pranesimai">Pranešimai</a></p>""",
        _LT_SWITCH_JS,
    )


def _lt_renew(request: Request, state: State) -> Reply | str:
    if request.method != "POST":
        return not_allowed()
    on = request.value("ijungta") == "true"
    if on and state.cancelled:
        state.restart()
    elif not on and not state.cancelled:
        state.cancel(request.referer)
    body = {"ijungta": "false" if state.cancelled else "true"}
    body["tekstas"] = _LT_OFF if state.cancelled else _LT_ON
    return Reply(json.dumps(body), content_type="application/json")


LT_SWITCH = Variant(
    name="d-lt-switch",
    start="paskyra",
    description=(
        "Lithuanian, Skaitykla (own service): the account page's role=switch 'Automatinis "
        "pratęsimas' (aria-checked=true); turning it off POSTs and ends the subscription at "
        "the period's end; the status line says so"
    ),
    expect="cancelled",
    lang="lt",
    service=SKAITYKLA,
    routes={
        "paskyra": _lt_account,
        "api/prenumerata/pratesimas": _lt_renew,
    },
    walk=(final("Automatinis pratęsimas", "switch"),),
)

# -- 9. d-en-turbo-confirm: Ledgerly (Rails + Turbo); data-turbo-confirm opens confirm() -------

TURBO_JS = r"""
document.addEventListener('submit',function(e){var f=e.target;var msg=f.getAttribute('data-turbo-confirm');
 if(f.getAttribute('data-turbo')==='false')return;e.preventDefault();
 if(msg&&!window.confirm(msg))return;
 var body=new URLSearchParams(new FormData(f));
 fetch(f.action,{method:'POST',body:body,headers:{'Accept':'text/vnd.turbo-stream.html, text/html, application/xhtml+xml','X-Turbo-Request-Id':String(Math.random()).slice(2)}})
 .then(function(r){if(r.redirected){window.location.href=r.url}else{return r.text().then(function(t){document.open();document.write(t);document.close()})}})});
document.addEventListener('click',function(e){var a=e.target.closest('a[data-turbo-confirm]');
 if(a&&!window.confirm(a.getAttribute('data-turbo-confirm')))e.preventDefault()});
"""
_LG_CSS = """body{margin:0;font:15px 'Helvetica Neue',Arial,sans-serif}header{background:#0f172a;
color:#fff;padding:12px 24px}main{max-width:700px;margin:24px auto}.btn-danger{background:#dc2626;
color:#fff;border:0;padding:8px 14px;border-radius:4px}.flash{background:#dcfce7;padding:10px
14px;border-radius:4px}"""


def _lg(title: str, body: str) -> str:
    return doc(
        title,
        f"<header>Ledgerly</header><main>{body}</main>",
        css=_LG_CSS,
        script=TURBO_JS,
        head='<meta name="turbo-prefetch" content="false"><meta name="csrf-token" content="k2Y">',
    )


_LG_SETTINGS = _lg(
    "Settings | Ledgerly",
    """<h1>Settings</h1><ul><li><a href="#company">Company profile</a></li>
<li><a href="{{B}}/settings/billing">Billing</a></li><li><a href="#users">Users</a></li></ul>""",
)
_LG_BILLING = _lg(
    "Billing | Ledgerly",
    """<h1>Billing</h1><turbo-frame id="subscription"><h2>Subscription</h2><p>Ledgerly Growth ·
$39/month · renews March 3, 2027</p><p><a href="#invoices">Download invoices</a></p>
<form action="{{B}}/settings/billing/subscription" method="post"
data-turbo-confirm="Cancel your Ledgerly Growth plan? You will keep access until March 3, 2027.">
<input type="hidden" name="_method" value="delete"><input type="hidden"
name="authenticity_token" value="k2Y"><button type="submit" class="btn-danger">Cancel plan
</button></form></turbo-frame>""",
)
_LG_BILLING_ENDED = _lg(
    "Billing | Ledgerly",
    """<div class="flash" role="status">Your subscription has been cancelled. You keep access
until March 3, 2027.</div><h1>Billing</h1><h2>Subscription</h2><p>Ledgerly Growth ·
cancelled, access until March 3, 2027</p><form action="{{B}}/settings/billing/reactivate"
method="post"><button type="submit">Reactivate</button></form>""",
)


def _lg_destroy(request: Request, state: State) -> Reply | str:
    if request.method != "POST" or request.value("_method") != "delete":
        return not_allowed()
    if not state.cancelled:
        state.cancel(request.referer)
    return redirect("/settings/billing")


EN_TURBO_CONFIRM = Variant(
    name="d-en-turbo-confirm",
    start="settings",
    description=(
        "English, Ledgerly (own service, Rails + Turbo): 'Billing' -> a form with "
        "data-turbo-confirm; 'Cancel plan' opens a native confirm(); OK sends the DELETE "
        "(POST _method=delete) by fetch; the billing page then says it is cancelled"
    ),
    expect="cancelled",
    service=LEDGERLY,
    routes={
        "settings": _LG_SETTINGS,
        "settings/billing": by_state(_LG_BILLING, _LG_BILLING_ENDED),
        "settings/billing/subscription": _lg_destroy,
        "settings/billing/reactivate": restart_then("/settings/billing"),
    },
    walk=(click("Billing", "link"), final("Cancel plan")),
)

# -- 10. d-th-popover: Thai, Buddhist-era dates; the confirmation is a popover ---------------

_TH_CSS = """body{margin:0;font:16px 'Noto Sans Thai',sans-serif}header{background:#000;
color:#e50914;padding:12px 28px;font:800 24px Arial}main{max-width:660px;margin:22px auto}
[popover]{border:1px solid #999;border-radius:8px;padding:18px 22px;max-width:420px}
.daeng{background:#e50914;color:#fff;border:0;padding:10px 20px}"""


def _th(title: str, body: str) -> str:
    return doc(title, f"<header>NETFLIX</header><main>{body}</main>", lang="th", css=_TH_CSS)


_TH_ACCOUNT = _th(
    "บัญชี",
    """<h1>บัญชี</h1><p>สมาชิกตั้งแต่ กันยายน 2563</p><h2>การเป็นสมาชิกและการเรียกเก็บเงิน</h2>
<p>somchai@example.co.th</p><p>แพ็กเกจมาตรฐาน · 349 บาท/เดือน</p>
<p>การเรียกเก็บเงินครั้งถัดไป: 3 มีนาคม 2570</p>
<p><a href="{{B}}/account/membership">จัดการการเป็นสมาชิก</a></p>""",
)
_TH_ACCOUNT_ENDED = _th(
    "บัญชี",
    """<h1>บัญชี</h1><h2>การเป็นสมาชิกและการเรียกเก็บเงิน</h2><p>การเป็นสมาชิกของคุณจะสิ้นสุดในวันที่
3 มีนาคม 2570</p><form method="post" action="{{B}}/restart"><button class="daeng">
เริ่มการเป็นสมาชิกอีกครั้ง</button></form>""",
)
_TH_MEMBERSHIP = _th(
    "การเป็นสมาชิก",
    """<p><a href="{{B}}/account">&larr; บัญชี</a></p><h1>การเป็นสมาชิก</h1><h2>แพ็กเกจมาตรฐาน</h2>
<p>ดูพร้อมกันได้ 2 หน้าจอ · Full HD</p><p><a href="#plan">เปลี่ยนแพ็กเกจ</a></p>
<button type="button" popovertarget="yok-lik">ยกเลิกการเป็นสมาชิก</button>
<div popover id="yok-lik"><h2>ยกเลิกการเป็นสมาชิกใช่ไหม</h2><p>คุณจะยังดูได้จนถึงวันที่ 3 มีนาคม
2570 ซึ่งเป็นวันสิ้นสุดรอบบิลปัจจุบัน และจะไม่มีการเรียกเก็บเงินอีก</p>
<form method="post" action="{{B}}/cancelplan/confirm"><button class="daeng">ยืนยันการยกเลิก</button>
</form><button type="button" popovertarget="yok-lik" popovertargetaction="hide">ไม่ใช่ตอนนี้
</button></div>""",
)
_TH_DONE = _th(
    "Netflix",
    """<h1>ยกเลิกการเป็นสมาชิกแล้ว</h1><p>คุณยังดูได้จนถึงวันที่ 3 มีนาคม 2570
เราได้ส่งอีเมลยืนยันให้คุณแล้ว</p><p><a href="{{B}}/account">กลับไปที่บัญชี</a></p>""",
)

TH_POPOVER = Variant(
    name="d-th-popover",
    start="account",
    description=(
        "Thai with Buddhist-era dates (2570): 'จัดการการเป็นสมาชิก' -> a button with "
        "popovertarget opens a [popover] whose form POSTs 'ยืนยันการยกเลิก'"
    ),
    expect="cancelled",
    lang="th",
    routes={
        "account": by_state(_TH_ACCOUNT, _TH_ACCOUNT_ENDED),
        "account/membership": unless_cancelled(_TH_MEMBERSHIP, "/account"),
        "cancelplan/confirm": cancel_then("/cancelplan/done"),
        "cancelplan/done": after_cancel(_TH_DONE, "/account"),
        "restart": restart_then("/account"),
    },
    walk=(
        click("จัดการการเป็นสมาชิก", "link"),
        click("ยกเลิกการเป็นสมาชิก"),
        final("ยืนยันการยกเลิก"),
    ),
)

# -- 11. d-et-two-subs: Estonian, Kinotäht; the membership and a sport add-on, same buttons ----

_ET_CSS = """body{margin:0;font:16px 'Source Sans Pro',Arial,sans-serif;background:#f2f5f7}
header{background:#002b49;color:#fff;padding:12px 26px;font-weight:700}main{max-width:700px;
margin:22px auto}.kaart{background:#fff;border-radius:8px;padding:16px 20px;margin:12px 0}
.nupp{background:#c8102e;color:#fff;border:0;padding:9px 16px;border-radius:4px}"""


def _et(title: str, body: str) -> str:
    return doc(title, f"<header>Kinotäht</header><main>{body}</main>", lang="et", css=_ET_CSS)


def _et_account(request: Request, state: State) -> Reply | str:
    if request.method != "GET":
        return not_allowed()
    if state.cancelled:
        premium = "<p>Tellimus on tühistatud ja lõpeb 3. märtsil 2027.</p>"
    else:
        premium = (
            "<p>Järgmine makse 3. märtsil 2027 · 8,99 €</p>"
            '<p><a href="{{B}}/tellimused/premium/tuhista">Tühista tellimus</a></p>'
        )
    if state.others.get("spordipakett", True):
        sport = (
            "<p>Järgmine makse 3. märtsil 2027 · 4,99 €</p>"
            '<p><a href="{{B}}/tellimused/spordipakett/tuhista">Tühista tellimus</a></p>'
        )
    else:
        sport = "<p>Tühistatud.</p>"
    return _et(
        "Konto",
        f"""<h1>Minu konto</h1><p>mari@example.ee</p>
<section class="kaart" id="premium" aria-labelledby="p1"><h2 id="p1">Kinotäht Premium</h2>
<p>Filmid ja sarjad, 4K, 4 seadet</p>{premium}</section>
<section class="kaart" id="sport" aria-labelledby="p2"><h2 id="p2">Spordipakett (lisateenus)
</h2><p>Otseülekanded</p>{sport}</section>""",
    )


def _et_confirm_page(which: str, label: str) -> str:
    return _et(
        "Tühista tellimus",
        f"""<h1>Tühista tellimus: {label}</h1><div class="kaart"><p>Tellimus lõpeb
arveldusperioodi lõpus, 3. märtsil 2027. Seni saad kõike edasi vaadata.</p>
<form method="post" action="{{{{B}}}}/tellimused/{which}/tuhista/kinnita"><button class="nupp">
Kinnita tühistamine</button></form><p><a href="{{{{B}}}}/konto">Tagasi</a></p></div>""",
    )


def _et_sport_cancel(request: Request, state: State) -> Reply | str:
    if request.method != "POST":
        return not_allowed()
    state.cancel_other("spordipakett")
    return redirect("/konto")


_ET_DONE = _et(
    "Tellimus tühistatud",
    """<h1>Kinotäht Premium tellimus on tühistatud</h1><div class="kaart"><p>Saad vaadata kuni
3. märtsini 2027. Spordipakett jääb kehtima.</p><p><a href="{{B}}/konto">Tagasi kontole</a>
</p></div>""",
)

ET_TWO_SUBS = Variant(
    name="d-et-two-subs",
    start="konto",
    description=(
        "Estonian, Kinotäht (own service): one account with the membership 'Kinotäht Premium' "
        "and an add-on 'Spordipakett', each with a 'Tühista tellimus' link; the membership's "
        "-> 'Kinnita tühistamine' POSTs. Ending the add-on is an unwanted effect"
    ),
    expect="cancelled",
    lang="et",
    service=KINOTAHT,
    others=("spordipakett",),
    routes={
        "konto": _et_account,
        "tellimused/premium/tuhista": unless_cancelled(
            _et_confirm_page("premium", "Kinotäht Premium"), "/konto"
        ),
        "tellimused/premium/tuhista/kinnita": cancel_then("/tellimused/premium/tuhistatud"),
        "tellimused/premium/tuhistatud": after_cancel(_ET_DONE, "/konto"),
        "tellimused/spordipakett/tuhista": _et_confirm_page("spordipakett", "Spordipakett"),
        "tellimused/spordipakett/tuhista/kinnita": _et_sport_cancel,
    },
    walk=(
        click("Tühista tellimus", "link", within="#premium"),
        final("Kinnita tühistamine"),
    ),
)

# -- 12. d-en-pending: FitLoop; the form only queues a request (truth: still active) ----------

_FL_CSS = """body{margin:0;font:15px Arial,sans-serif}header{background:#ff5a1f;color:#fff;
padding:12px 24px;font-weight:700}main{max-width:640px;margin:22px auto}
#toast{position:fixed;top:16px;right:16px;background:#222;color:#fff;padding:12px 16px;
border-radius:6px}"""
_FL_TOAST_JS = (
    """var t=document.getElementById('toast');if(t){setTimeout(function(){t.remove()},4000)}"""
)


def _fl(title: str, body: str, script: str = "") -> str:
    return doc(title, f"<header>FitLoop</header><main>{body}</main>", css=_FL_CSS, script=script)


def _fl_membership(request: Request, state: State) -> Reply | str:
    if request.method != "GET":
        return not_allowed()
    toast = ""
    if state.flags.get("requested") and not state.flags.get("toasted"):
        state.flags["toasted"] = "1"
        toast = (
            '<div id="toast" role="status">Request received. Our membership team will review '
            "your cancellation request within 5 business days.</div>"
        )
    status = (
        "<p><b>Cancellation request pending review.</b> Your membership stays active and "
        "billing continues until the request is approved.</p>"
        if state.flags.get("requested")
        else '<p><a href="{{B}}/membership/cancel">Cancel membership</a></p>'
    )
    return _fl(
        "Membership | FitLoop",
        f"""{toast}<h1>My membership</h1><p>All-Club Access · $49.99/month</p><p>Next billing
date: March 3, 2027</p>{status}<p><a href="#freeze">Freeze membership</a></p>""",
        _FL_TOAST_JS,
    )


_FL_CANCEL = _fl(
    "Cancel membership | FitLoop",
    """<h1>Cancel membership</h1><p>Tell us why you're leaving. A member of our team reviews
every cancellation request; your membership stays active until then.</p>
<form method="post" action="{{B}}/membership/cancel/request"><label for="why">Reason</label>
<select id="why" name="reason"><option>Moving away</option><option>Cost</option>
<option>Other</option></select><p><button>Submit cancellation request</button></p></form>
<p><a href="{{B}}/membership">Keep my membership</a></p>""",
)


def _fl_request(request: Request, state: State) -> Reply | str:
    if request.method != "POST":
        return not_allowed()
    state.flags["requested"] = "1"
    state.note("requested")
    return redirect("/membership")


EN_PENDING = Variant(
    name="d-en-pending",
    start="membership",
    description=(
        "English, FitLoop (own service): 'Cancel membership' -> a reason form whose 'Submit "
        "cancellation request' only queues a review; a toast says so and vanishes, the page "
        "says pending (truth: still active)"
    ),
    expect="active",
    kind="look-alike",
    service=FITLOOP,
    routes={
        "membership": _fl_membership,
        "membership/cancel": _FL_CANCEL,
        "membership/cancel/request": _fl_request,
    },
    walk=(
        click("Cancel membership", "link"),
        click("Submit cancellation request"),
    ),
)

VARIANTS: tuple[Variant, ...] = (
    SPA_ROUTER,
    KA_LIVEVIEW,
    SW_BEACON,
    EN_UNDO_TIMER,
    FIL_BILLING_FRAME,
    EN_NEWTAB,
    UR_CHAT,
    LT_SWITCH,
    EN_TURBO_CONFIRM,
    TH_POPOVER,
    ET_TWO_SUBS,
    EN_PENDING,
)
