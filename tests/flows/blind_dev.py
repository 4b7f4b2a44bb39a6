"""The first blind set, DEV half: flow variants written without seeing the safety gate, the
outcome checks or the offline policy. Tune against these, never against ``blind_held``.

Written from ../shared/netflix-flow.md (account -> membership -> cancel page -> final step ->
confirmation; the cancelled account page shows the period end and a restart control). The kinds
(the held half has the same kinds, different sites):

- a. the final step is a plain GET (a link with a one-time token, a GET form with a hidden
  field) under ``/cancelplan``, in a language the project is unlikely to hold;
- b. a yes-stealing entry named like a final step that only leads into the flow;
- c. two-stage confirmation: "Are you sure?" records a first confirmation, "Really cancel?"
  cancels;
- d. pending review (truth: NOT cancelled): the last POST only queues a review;
- e. confirmations in other languages;
- f. one-step flows with friction that does not commit (a preselected "keep" radio);
- g. hurdles: a required "I understand" checkbox, a word to type, entry links in Latvian.

End date everywhere: March 3, 2027 (translated). Every flow cancels on exactly one step.
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
    check,
    click,
    doc,
    fill,
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


# -- 1. b-sw-token-link (Swahili, a): plain HTML; 'Maliza kughairi' is a link with a token ---

_SW_CSS = """body{font:16px Georgia,serif;margin:0;color:#222}header{background:#000;color:#e50914;
padding:12px 28px;font:700 24px Arial}main{max-width:640px;margin:28px auto;padding:0 16px}
hr{border:0;border-top:1px solid #ccc}a.kitufe{display:inline-block;background:#e50914;color:#fff;
padding:10px 20px;text-decoration:none;border-radius:3px}"""


def _sw(title: str, body: str) -> str:
    return doc(title, f"<header>NETFLIX</header><main>{body}</main>", lang="sw", css=_SW_CSS)


_SW_AKAUNTI = _sw(
    "Akaunti",
    """<h1>Akaunti</h1><p>Mwanachama tangu Aprili 2019</p><hr>
<h2>Uanachama na malipo</h2><p>amina@example.com</p><p>Mpango: <b>Kawaida</b> (HD)</p>
<p>Malipo yanayofuata: tarehe 3 Machi 2027</p><p>M-Pesa •••• 4471</p>
<p><a href="{{B}}/account/membership">Dhibiti uanachama</a></p><hr>
<h2>Mipangilio</h2><p><a href="#wasifu">Dhibiti wasifu</a><br>
<a href="#vifaa">Ondoka kwenye vifaa vyote</a></p>""",
)
_SW_AKAUNTI_IMEISHA = _sw(
    "Akaunti",
    """<h1>Akaunti</h1><h2>Uanachama na malipo</h2>
<p>Uanachama wako utaisha tarehe 3 Machi 2027.</p>
<form method="post" action="{{B}}/restart"><button>Anzisha upya uanachama</button></form>""",
)
_SW_UANACHAMA = _sw(
    "Uanachama",
    """<p><a href="{{B}}/account">&larr; Akaunti</a></p><h1>Uanachama</h1>
<h2>Mpango wa Kawaida</h2><p>Skrini 2 kwa wakati mmoja · KSh 1,100 kwa mwezi</p>
<p><a href="#mpango">Badilisha mpango</a></p><h2>Malipo yanayofuata</h2>
<p>tarehe 3 Machi 2027 · M-Pesa •••• 4471</p>
<p><a href="{{B}}/cancelplan">Ghairi uanachama</a></p>""",
)


def _sw_cancel(request: Request, state: State) -> Reply | str:
    if request.method != "GET":
        return not_allowed()
    if state.cancelled:
        return redirect("/cancelplan/imekamilika")
    token = issue_token(state)
    return _sw(
        "Ghairi uanachama",
        f"""<h1>Ghairi uanachama wako?</h1>
<p>Ukighairi sasa, utaendelea kutazama hadi tarehe 3 Machi 2027, mwisho wa kipindi chako cha
malipo. Hutatozwa tena.</p>
<p>Wasifu wako, ukadiriaji na historia ya kutazama vitahifadhiwa kwa miezi 10. Unaweza kurudi
wakati wowote.</p>
<p><a class="kitufe" href="{{{{B}}}}/cancelplan/maliza?t={token}">Maliza kughairi</a>
&nbsp; <a href="{{{{B}}}}/account">Rudi nyuma</a></p>""",
    )


_SW_IMEKAMILIKA = _sw(
    "Netflix",
    """<h1>Uanachama wako umeghairiwa</h1>
<p>Unaweza kuendelea kutazama hadi tarehe 3 Machi 2027. Tumekutumia barua pepe ya
uthibitisho.</p><p><a href="{{B}}/account">Rudi kwenye akaunti</a></p>""",
)

SW_TOKEN_LINK = Variant(
    name="b-sw-token-link",
    start="account",
    description=(
        "Swahili, plain HTML: 'Akaunti' -> 'Dhibiti uanachama' -> 'Ghairi uanachama' -> "
        "/cancelplan whose 'Maliza kughairi' is a plain link carrying a one-time ?t= token "
        "(the GET cancels)"
    ),
    expect="cancelled",
    lang="sw",
    get_commits=True,
    routes={
        "account": by_state(_SW_AKAUNTI, _SW_AKAUNTI_IMEISHA),
        "account/membership": unless_cancelled(_SW_UANACHAMA, "/account"),
        "cancel": go("/cancelplan"),
        "cancelplan": _sw_cancel,
        "cancelplan/maliza": cancel_on_get("/cancelplan/imekamilika"),
        "cancelplan/imekamilika": after_cancel(_SW_IMEKAMILIKA, "/account"),
        "restart": restart_then("/account"),
    },
    walk=(
        click("Dhibiti uanachama", "link"),
        click("Ghairi uanachama", "link"),
        final("Maliza kughairi", "link"),
        click("Rudi kwenye akaunti", "link"),
    ),
)

# -- 2. b-is-get-form (Icelandic, a): div soup with role=button; a GET form, hidden field -----

_IS_CSS = """body{font:15px 'Helvetica Neue',Arial,sans-serif;margin:0;background:#fafafa}
.h{background:#141414;color:#e50914;font:800 22px Arial;padding:14px 30px}
.b{max-width:720px;margin:24px auto;padding:0 18px}.k{background:#fff;border:1px solid #e1e1e1;
padding:16px 20px;margin-bottom:12px}.k .t{font-weight:700;color:#737373;font-size:13px}
[role=button]{display:inline-block;padding:9px 18px;background:#e6e6e6;cursor:pointer;
border-radius:2px;margin-top:8px}.rautt{background:#e50914!important;color:#fff}"""

_IS_JS = """document.querySelectorAll('[data-href]').forEach(function(d){
function go(){location.href=d.getAttribute('data-href')}
d.addEventListener('click',go);d.addEventListener('keydown',function(e){
if(e.key==='Enter'||e.key===' '){e.preventDefault();go()}})})"""


def _is(title: str, body: str) -> str:
    return doc(
        title,
        f'<div class="h">NETFLIX</div><div class="b">{body}</div>',
        lang="is",
        css=_IS_CSS,
        script=_IS_JS,
    )


_IS_REIKNINGUR = _is(
    "Reikningur",
    """<div class="k"><div style="font:700 28px Arial">Reikningur</div>
<div>Meðlimur síðan mars 2017</div></div>
<div class="k"><div class="t">ÁSKRIFT OG GREIÐSLUR</div><div>jon@example.is</div>
<div>Lykilorð: ********</div><div>Næsta greiðsla: <b>3. mars 2027</b></div>
<div>Visa •••• 5520</div>
<div role="button" tabindex="0" data-href="{{B}}/cancelplan">Hætta við áskrift</div></div>
<div class="k"><div class="t">UPPLÝSINGAR UM ÁSKRIFT</div><div><b>Premium</b> Ultra HD</div>
<div role="button" tabindex="0" data-href="#askrift">Breyta áskrift</div></div>
<div class="k"><div class="t">STILLINGAR</div><div role="button" tabindex="0"
data-href="#foreldrar">Foreldrastýringar</div></div>""",
)
_IS_REIKNINGUR_LOKID = _is(
    "Reikningur",
    """<div class="k"><div style="font:700 28px Arial">Reikningur</div></div>
<div class="k"><div class="t">ÁSKRIFT OG GREIÐSLUR</div>
<div>Áskriftin þín rennur út 3. mars 2027.</div>
<form method="post" action="{{B}}/endurraesa"><button class="rautt">Hefja áskrift aftur</button>
</form></div>""",
)
_IS_UPPSOGN = _is(
    "Hætta við áskrift",
    """<div class="k"><div style="font:700 26px Arial">Viltu hætta við áskriftina?</div>
<div>Smelltu á „Ljúka uppsögn" hér fyrir neðan til að hætta við áskriftina.</div>
<div>Uppsögnin tekur gildi í lok núverandi greiðslutímabils, 3. mars 2027. Þú getur horft
þangað til.</div>
<div>Þú getur byrjað aftur hvenær sem er. Áhorfsstillingar þínar verða vistaðar í 10
mánuði.</div>
<form method="get" action="{{B}}/cancelplan/ljuka">
<input type="hidden" name="stadfesting" value="ja-4f2c">
<button class="rautt" type="submit" style="padding:10px 22px;border:0">Ljúka uppsögn</button>
<span role="button" tabindex="0" data-href="{{B}}/account">Til baka</span></form></div>""",
)
_IS_LOKID = _is(
    "Netflix",
    """<div class="k"><div style="font:700 26px Arial">Áskriftinni þinni hefur verið sagt upp
</div><div>Þú getur haldið áfram að horfa til 3. mars 2027. Staðfesting hefur verið send á
jon@example.is.</div>
<div role="link" tabindex="0" data-href="{{B}}/account" style="color:#0071eb;cursor:pointer">
Aftur á reikning</div></div>""",
)

IS_GET_FORM = Variant(
    name="b-is-get-form",
    start="account",
    description=(
        "Icelandic div soup: 'Reikningur' with a role=button div 'Hætta við áskrift' -> "
        "/cancelplan 'Viltu hætta við áskriftina?'; 'Ljúka uppsögn' submits a GET form whose "
        "hidden field 'stadfesting' makes the GET cancel"
    ),
    expect="cancelled",
    lang="is",
    get_commits=True,
    routes={
        "account": by_state(_IS_REIKNINGUR, _IS_REIKNINGUR_LOKID),
        "cancel": go("/cancelplan"),
        "cancelplan": unless_cancelled(_IS_UPPSOGN, "/cancelplan/lokid"),
        "cancelplan/ljuka": cancel_on_get(
            "/cancelplan/lokid", token_key="stadfesting", token="ja-4f2c"
        ),
        "cancelplan/lokid": after_cancel(_IS_LOKID, "/account"),
        "endurraesa": restart_then("/account"),
    },
    walk=(
        click("Hætta við áskrift"),
        final("Ljúka uppsögn"),
        click("Aftur á reikning", "link"),
    ),
)

# -- 3. b-finish-entry (English, b): 'Finish cancellation' on the membership page is an entry --

_FE_CSS = """body{font:16px Arial,sans-serif;margin:0;color:#141414}
.bar{background:#141414;color:#e50914;font:700 22px Arial;padding:14px 32px}
.in{max-width:680px;margin:30px auto;padding:0 16px}.card{border:1px solid #d2d2d2;
border-radius:8px;padding:18px 22px;margin:0 0 16px}.cta{display:inline-block;
background:#e50914;color:#fff;border:0;border-radius:4px;padding:12px 26px;font-size:17px;
text-decoration:none;cursor:pointer}.quiet{background:none;border:0;padding:0;color:#767676;
font-size:12px;text-decoration:underline;cursor:pointer}.offer{background:#f5f5f1}"""


def _fe(title: str, body: str) -> str:
    return doc(title, f'<div class="bar">NETFLIX</div><div class="in">{body}</div>', css=_FE_CSS)


_FE_ACCOUNT = _fe(
    "Account",
    """<h1>Account</h1><div class="card"><h2>Membership details</h2><p>Standard plan</p>
<p>Next payment: March 3, 2027 · Visa •••• 3318</p>
<a href="{{B}}/account/membership">Manage membership</a></div>
<div class="card"><h2>Profiles</h2><p>Sam · Robin · Kids</p></div>""",
)
_FE_ACCOUNT_ENDED = _fe(
    "Account",
    """<h1>Account</h1><div class="card"><h2>Membership details</h2>
<p>Your membership ends on March 3, 2027. After that you won't be charged.</p>
<form method="post" action="{{B}}/restart"><button class="cta">Restart Membership</button></form>
</div>""",
)
_FE_MEMBERSHIP = _fe(
    "Membership",
    """<p><a href="{{B}}/account">&larr; Account</a></p><h1>Manage membership</h1>
<div class="card"><h2>Standard</h2><p>1080p · 2 screens · $15.49/month</p>
<a href="#plans">Change plan</a></div>
<div class="card"><h2>Cancel your membership</h2><p>You can cancel online at any time.</p>
<a class="cta" href="{{B}}/cancelplan">Finish cancellation</a></div>""",
)
_FE_CANCEL = _fe(
    "Cancel membership",
    """<h1>Before you go, Sam</h1>
<p>If you cancel, you can keep watching until March 3, 2027. We won't charge you again.</p>
<div class="card offer"><h2>Switch to Standard with ads</h2><p>$7.99/month. Most of the same
shows and movies.</p>
<form method="post" action="{{B}}/offer/ads"><button class="cta">Switch plan</button></form></div>
<p><a class="cta" href="{{B}}/account">Keep my membership</a></p>
<form method="post" action="{{B}}/cancelplan/end"><button class="quiet">Cancel my membership
</button></form>""",
)
_FE_CONFIRM = _fe(
    "Netflix",
    """<div class="card"><h1>Membership cancelled</h1>
<p>You can keep watching until March 3, 2027. We've sent a confirmation to s•••@example.com.</p>
<a class="cta" href="{{B}}/account">Done</a></div>""",
)

FINISH_ENTRY = Variant(
    name="b-finish-entry",
    start="account",
    description=(
        "English: the membership page's big 'Finish cancellation' is only a link into the flow; "
        "the next page offers 'Switch plan' (ads) and 'Keep my membership', and the real step "
        "is a small underlined 'Cancel my membership' POST button"
    ),
    expect="cancelled",
    routes={
        "account": by_state(_FE_ACCOUNT, _FE_ACCOUNT_ENDED),
        "account/membership": unless_cancelled(_FE_MEMBERSHIP, "/account"),
        "cancel": go("/cancelplan"),
        "cancelplan": unless_cancelled(_FE_CANCEL, "/cancelplan/confirm"),
        "cancelplan/end": cancel_then("/cancelplan/confirm"),
        "cancelplan/confirm": after_cancel(_FE_CONFIRM, "/account"),
        "offer/ads": note_then("accepted:ads-plan", "/account"),
        "restart": restart_then("/account"),
    },
    walk=(
        click("Manage membership", "link"),
        click("Finish cancellation", "link"),
        final("Cancel my membership"),
        click("Done", "link"),
    ),
)

# -- 4. b-two-stage (English, c): React-like markup; 'Are you sure?' then 'Really cancel?' ----

_TS_CSS = """body{margin:0;font:16px system-ui,sans-serif;background:#fff}
.css-1q2w3e{background:#000;padding:16px 40px}.css-1q2w3e span{color:#e50914;font:900 24px Arial}
.css-9ok8ij{max-width:600px;margin:40px auto;padding:0 20px}
._3xK1a{border:1px solid #e5e5e5;border-radius:6px;padding:20px 24px;margin-bottom:16px}
._8fJq2{background:#e50914;color:#fff;border:0;border-radius:4px;padding:12px 24px;
font-size:16px;cursor:pointer}._k2Lm0{background:#fff;border:1px solid #999;border-radius:4px;
padding:12px 24px;font-size:16px;cursor:pointer;margin-left:8px}"""

_TS_NAV = """document.querySelectorAll('[data-nav]').forEach(function(b){b.addEventListener('click',
function(){location.href=b.getAttribute('data-nav')})})"""


def _ts(title: str, body: str, script: str = "") -> str:
    return doc(
        title,
        f'<div id="root"><div class="css-1q2w3e"><span>NETFLIX</span></div>'
        f'<div class="css-9ok8ij">{body}</div></div>',
        css=_TS_CSS,
        script=_TS_NAV + ";" + script,
    )


_TS_ACCOUNT = _ts(
    "Account",
    """<h1 class="css-x1y2z3">Account</h1><div class="_3xK1a"><h2>Membership</h2>
<p>Premium · Next payment March 3, 2027</p><p>PayPal (k•••@example.com)</p>
<button class="_k2Lm0" data-nav="{{B}}/cancelplan" data-uia="action-cancel-plan"
style="margin:0">Cancel Membership</button></div>
<div class="_3xK1a"><h2>Settings</h2><button class="_k2Lm0" data-nav="#lang"
style="margin:0">Language</button></div>""",
)
_TS_ACCOUNT_ENDED = _ts(
    "Account",
    """<h1>Account</h1><div class="_3xK1a"><h2>Membership</h2>
<p data-uia="periodEndDate-item">Your membership ends on March 3, 2027.</p>
<form method="post" action="{{B}}/restart"><button class="_8fJq2" data-uia="restart-button">
Restart Membership</button></form></div>""",
)
_TS_SURE = _ts(
    "Cancel membership",
    """<div class="_3xK1a"><h1>Are you sure?</h1>
<p>You're about to start cancelling your Premium membership.</p>
<form method="post" action="{{B}}/cancelplan/first"><button class="_8fJq2">Yes, I'm sure
</button><button class="_k2Lm0" type="button" data-nav="{{B}}/account">Go back</button></form>
</div>""",
)
_TS_REALLY = _ts(
    "Cancel membership",
    """<div class="_3xK1a" id="step2"><h1>Really cancel?</h1>
<p>Your membership will end on March 3, 2027, at the end of your billing period.</p>
<p>10 months after that we delete your 4 profiles, your viewing history, your ratings and My
List.</p><p><button class="_8fJq2" id="really">Yes, cancel membership</button>
<button class="_k2Lm0" data-nav="{{B}}/account">Keep membership</button></p>
<p id="err" role="alert"></p></div>""",
    """document.getElementById('really').addEventListener('click',function(){
fetch('{{B}}/api/v2/membership/cancel',{method:'POST',headers:{'Content-Type':
'application/json'},body:'{"step":2}'}).then(function(r){if(!r.ok)throw new Error(r.status);
location.href='{{B}}/cancelplan/done'}).catch(function(){document.getElementById('err')
.textContent='Something went wrong. Please try again.'})})""",
)
_TS_DONE = _ts(
    "Netflix",
    """<div class="_3xK1a"><h1>Your membership has been cancelled</h1>
<p>You can keep watching until March 3, 2027.</p>
<a href="{{B}}/account">Back to account</a></div>""",
)


def _ts_really(request: Request, state: State) -> Reply | str:
    if request.method != "GET":
        return not_allowed()
    if state.cancelled:
        return redirect("/cancelplan/done")
    if not state.flags.get("first"):
        return redirect("/cancelplan")
    return _TS_REALLY


TWO_STAGE = Variant(
    name="b-two-stage",
    start="account",
    description=(
        "English, React-like hashed classes: 'Cancel Membership' (JS button) -> 'Are you "
        "sure?' whose 'Yes, I'm sure' POST only notes a first confirmation -> 'Really cancel?' "
        "(end date, what is deleted) whose 'Yes, cancel membership' fetch-POSTs the cancellation"
    ),
    expect="cancelled",
    routes={
        "account": by_state(_TS_ACCOUNT, _TS_ACCOUNT_ENDED),
        "cancel": go("/cancelplan"),
        "cancelplan": unless_cancelled(_TS_SURE, "/cancelplan/done"),
        "cancelplan/first": first_then("confirmed:first", "first", "/cancelplan/really"),
        "cancelplan/really": _ts_really,
        "api/v2/membership/cancel": cancel_json(),
        "cancelplan/done": after_cancel(_TS_DONE, "/account"),
        "restart": restart_then("/account"),
    },
    walk=(
        click("Cancel Membership"),
        click("Yes, I'm sure"),
        final("Yes, cancel membership"),
        click("Back to account", "link"),
    ),
)

# -- 5. b-pending-review (English, d, look-alike): the request is only queued for review ------

_PR_CSS = """body{font:15px Arial,sans-serif;margin:0;color:#222;background:#f3f3f3}
.nav{background:#141414;padding:14px 30px;color:#e50914;font:700 22px Arial}
.pg{max-width:660px;margin:26px auto;background:#fff;padding:22px 28px}
.badge{display:inline-block;background:#fff4ce;color:#6b4f00;padding:3px 8px;border-radius:3px;
font-size:13px}button{background:#e50914;color:#fff;border:0;padding:10px 20px;font-size:15px}"""


def _pr(title: str, body: str) -> str:
    return doc(title, f'<div class="nav">NETFLIX</div><div class="pg">{body}</div>', css=_PR_CSS)


_PR_ACCOUNT = _pr(
    "Account",
    """<h1>Account</h1><h2>Membership</h2><p>Premium (Netflix + Sky bundle)</p>
<p>Next payment: March 3, 2027</p><p><a href="{{B}}/account/membership">Manage membership</a></p>
<h2>Security</h2><p><a href="#password">Change password</a></p>""",
)
_PR_ACCOUNT_PENDING = _pr(
    "Account",
    """<h1>Account</h1><h2>Membership</h2><p>Premium (Netflix + Sky bundle)</p>
<p><span class="badge">Cancellation request pending review</span></p>
<p>Next payment: March 3, 2027</p><p><a href="{{B}}/account/membership">Manage membership</a></p>""",
)
_PR_MEMBERSHIP = _pr(
    "Membership",
    """<h1>Membership</h1><p>Premium · 4 screens · part of your bundle</p>
<p>Next payment: March 3, 2027</p><p><a href="#plan">Change plan</a></p>
<p><a href="{{B}}/cancelplan">Cancel membership</a></p>""",
)
_PR_CANCEL = _pr(
    "Cancel membership",
    """<h1>Cancel your membership</h1>
<p>Your membership is part of a bundle, so cancellations are checked by our membership team
before they take effect.</p>
<form method="post" action="{{B}}/cancelplan/request">
<p><label>Reason (optional) <select name="why"><option value="">Choose one</option>
<option value="price">It costs too much</option><option value="content">Not enough to
watch</option><option value="other">Something else</option></select></label></p>
<button>Submit cancellation request</button> <a href="{{B}}/account">Back</a></form>""",
)
_PR_REQUESTED = _pr(
    "Request received",
    """<h1>Request received</h1><p><span class="badge">Pending</span></p>
<p>Your membership will end on March 3, 2027 if your request is approved.</p>
<p>Your request is scheduled for review. We'll confirm the result by e-mail within 2 business
days; until then your membership stays active and nothing changes.</p>
<p><a href="{{B}}/account">Back to account</a></p>""",
)


def _pr_request(request: Request, state: State) -> Reply | str:
    if request.method != "POST":
        return not_allowed()
    state.note("review:queued")
    state.flags["pending"] = "1"
    return redirect("/cancelplan/requested")


def _pr_account(request: Request, state: State) -> Reply | str:
    if request.method != "GET":
        return not_allowed()
    return _PR_ACCOUNT_PENDING if state.flags.get("pending") else _PR_ACCOUNT


def _pr_requested(request: Request, state: State) -> Reply | str:
    if request.method != "GET":
        return not_allowed()
    return _PR_REQUESTED if state.flags.get("pending") else redirect("/cancelplan")


PENDING_REVIEW = Variant(
    name="b-pending-review",
    start="account",
    description=(
        "English look-alike, truth ACTIVE: bundle membership; 'Submit cancellation request' "
        "only queues a review; the page says the membership 'will end on March 3, 2027 if your "
        "request is approved', pending, confirmed by e-mail"
    ),
    expect="active",
    kind="look-alike",
    routes={
        "account": _pr_account,
        "account/membership": _PR_MEMBERSHIP,
        "cancel": go("/cancelplan"),
        "cancelplan": _PR_CANCEL,
        "cancelplan/request": _pr_request,
        "cancelplan/requested": _pr_requested,
    },
    walk=(
        click("Manage membership", "link"),
        click("Cancel membership", "link"),
        click("Submit cancellation request"),
        click("Back to account", "link"),
    ),
)

# -- 6. b-es-cancelada (Spanish, e): div soup with role=button and a fetch ------------------

_ES_CSS = """body{margin:0;font:15px Helvetica,Arial,sans-serif;background:#141414;color:#fff}
.cab{padding:16px 40px;color:#e50914;font:900 26px Arial}.caja{background:#fff;color:#222;
max-width:660px;margin:20px auto;padding:24px 30px;border-radius:4px}
.fila{border-bottom:1px solid #ddd;padding:10px 0}.btn{display:inline-block;padding:11px 22px;
border-radius:3px;cursor:pointer;user-select:none;margin:6px 8px 0 0}.rojo{background:#e50914;
color:#fff}.gris{background:#e6e6e6;color:#222}.enl{color:#0071eb;cursor:pointer}"""

_ES_JS = """document.querySelectorAll('[data-ir]').forEach(function(d){function ir(){
location.href=d.getAttribute('data-ir')}d.addEventListener('click',ir);
d.addEventListener('keydown',function(e){if(e.key==='Enter'){ir()}})})"""


def _es(title: str, body: str, script: str = "") -> str:
    return doc(
        title,
        f'<div class="cab">NETFLIX</div><div class="caja">{body}</div>',
        lang="es",
        css=_ES_CSS,
        script=_ES_JS + ";" + script,
    )


_ES_CUENTA = _es(
    "Cuenta",
    """<div class="fila"><div style="font-size:28px;font-weight:700">Cuenta</div>
<div>Miembro desde octubre de 2020</div></div>
<div class="fila"><b>MEMBRESÍA Y FACTURACIÓN</b><div>lucia@example.es</div>
<div>Próximo pago: 3 de marzo de 2027</div><div>Mastercard •••• 7702</div>
<div class="btn gris" role="button" tabindex="0" data-ir="{{B}}/cancelplan">Cancelar membresía</div>
</div><div class="fila"><b>DETALLES DEL PLAN</b><div>Estándar · 12,99 €/mes</div>
<div class="enl" role="link" tabindex="0" data-ir="#plan">Cambiar de plan</div></div>""",
)
_ES_CUENTA_FIN = _es(
    "Cuenta",
    """<div class="fila"><div style="font-size:28px;font-weight:700">Cuenta</div></div>
<div class="fila"><b>MEMBRESÍA Y FACTURACIÓN</b>
<div>Tu membresía finaliza el 3 de marzo de 2027.</div>
<form method="post" action="{{B}}/reiniciar"><button class="btn rojo" style="border:0">Reiniciar
membresía</button></form></div>""",
)
_ES_CANCELAR = _es(
    "Cancelar membresía",
    """<div id="zona"><div style="font-size:26px;font-weight:700">¿Cancelar tu membresía?</div>
<p>Haz clic en «Finalizar cancelación» para cancelar tu membresía.</p>
<ul><li>La cancelación será efectiva al final de tu período de facturación actual, el 3 de
marzo de 2027.</li><li>Puedes reiniciar tu membresía cuando quieras. Guardaremos tus
preferencias durante 10 meses.</li></ul>
<div class="btn rojo" role="button" tabindex="0" id="fin">Finalizar cancelación</div>
<div class="btn gris" role="button" tabindex="0" data-ir="{{B}}/account">Volver</div>
<div id="err" role="alert"></div></div>""",
    """function fin(){fetch('{{B}}/api/cancelar',{method:'POST',headers:{'Content-Type':
'application/json'},body:'{"origen":"cancelplan"}'}).then(function(r){if(!r.ok)throw 0;
location.href='{{B}}/cancelplan/confirmacion'}).catch(function(){document.getElementById('err')
.textContent='Algo salió mal. Inténtalo de nuevo.'})}var f=document.getElementById('fin');
f.addEventListener('click',fin);f.addEventListener('keydown',function(e){if(e.key==='Enter')fin()})""",
)
_ES_CONFIRMACION = _es(
    "Netflix",
    """<div style="font-size:26px;font-weight:700">Tu membresía ha sido cancelada</div>
<p>Puedes seguir viendo Netflix hasta el 3 de marzo de 2027. Te enviamos un correo de
confirmación.</p>
<form method="post" action="{{B}}/cancelplan/encuesta"><fieldset><legend>¿Por qué te vas?
(opcional)</legend><label><input type="checkbox" name="motivo" value="precio"> Es demasiado
caro</label><br><label><input type="checkbox" name="motivo" value="otro"> Otro motivo</label>
</fieldset><button class="btn gris" style="border:0">Enviar</button></form>
<p><a href="{{B}}/account">Volver a la cuenta</a></p>""",
)

ES_CANCELADA = Variant(
    name="b-es-cancelada",
    start="account",
    description=(
        "Spanish div soup: role=button divs with JS; 'Cancelar membresía' -> '¿Cancelar tu "
        "membresía?' whose role=button 'Finalizar cancelación' fetch-POSTs, then 'Tu "
        "membresía ha sido cancelada' (date, optional survey)"
    ),
    expect="cancelled",
    lang="es",
    routes={
        "account": by_state(_ES_CUENTA, _ES_CUENTA_FIN),
        "cancel": go("/cancelplan"),
        "cancelplan": unless_cancelled(_ES_CANCELAR, "/cancelplan/confirmacion"),
        "api/cancelar": cancel_json(),
        "cancelplan/confirmacion": after_cancel(_ES_CONFIRMACION, "/account"),
        "cancelplan/encuesta": note_then("survey", "/account", form_key="motivo"),
        "reiniciar": restart_then("/account"),
    },
    walk=(
        click("Cancelar membresía"),
        final("Finalizar cancelación"),
        click("Volver a la cuenta", "link"),
    ),
)

# -- 7. b-keep-radio (English, f): one step; a preselected 'Keep my membership' radio ---------

_KR_CSS = """body{font:16px 'Segoe UI',Arial,sans-serif;margin:0;color:#1b1b1b}
.top{background:#141414;color:#e50914;font:700 22px Arial;padding:14px 32px}
.pane{max-width:620px;margin:30px auto;padding:0 16px}.box{border:1px solid #ccc;padding:16px 20px;
margin:10px 0;border-radius:6px}.go{background:#e50914;color:#fff;border:0;padding:12px 28px;
font-size:16px;border-radius:4px}.go:disabled{background:#bbb}.note{background:#f4f4f4;
padding:10px 14px;font-size:14px}"""


def _kr(title: str, body: str, script: str = "") -> str:
    return doc(
        title,
        f'<div class="top">NETFLIX</div><div class="pane">{body}</div>',
        css=_KR_CSS,
        script=script,
    )


_KR_ACCOUNT = _kr(
    "Account",
    """<p class="note">Thinking of taking a break? <a href="{{B}}/cancelplan">See your options</a></p>
<h1>Account</h1><div class="box"><h2>Membership</h2><p>Basic plan · $6.99/month</p>
<p>Next payment: March 3, 2027</p><p><a href="#plan">Change plan</a> ·
<a href="{{B}}/cancelplan">Cancel membership</a></p></div>""",
)
_KR_ACCOUNT_ENDED = _kr(
    "Account",
    """<h1>Account</h1><div class="box"><h2>Membership</h2>
<p>Membership ends March 3, 2027.</p>
<form method="post" action="{{B}}/restart"><button class="go">Restart membership</button></form>
</div>""",
)
_KR_CANCEL = _kr(
    "Your membership",
    """<h1>What would you like to do?</h1>
<form method="post" action="{{B}}/cancelplan/submit">
<div class="box"><label><input type="radio" name="choice" value="keep" checked> Keep my
membership</label><p>Keep watching on the Basic plan. Your next payment is March 3, 2027.</p></div>
<div class="box"><label><input type="radio" name="choice" value="cancel"> Cancel my
membership</label><p>If you cancel, your membership ends on March 3, 2027 and you won't be
charged again.</p></div>
<button class="go" id="go" disabled>Continue</button></form>""",
    """document.querySelectorAll('input[name=choice]').forEach(function(r){r.onchange=function(){
document.getElementById('go').disabled=document.querySelector('input[name=choice]:checked')
.value!=='cancel'}})""",
)
_KR_CONFIRM = _kr(
    "Netflix",
    """<h1>Cancellation confirmed</h1><p>Your membership ends on March 3, 2027. Until then you can
keep watching.</p><p><a href="{{B}}/account">Back to account</a></p>""",
)


def _kr_submit(request: Request, state: State) -> Reply | str:
    if request.method != "POST":
        return not_allowed()
    if request.value("choice") != "cancel":
        state.note("kept")
        return redirect("/account")
    if not state.cancelled:
        state.cancel(request.referer)
    return redirect("/cancelplan/confirm")


KEEP_RADIO = Variant(
    name="b-keep-radio",
    start="account",
    description=(
        "English one-step: two entry links ('See your options', 'Cancel membership') -> 'What "
        "would you like to do?' with 'Keep my membership' preselected; choosing the 'Cancel my "
        "membership' radio enables 'Continue', whose POST cancels"
    ),
    expect="cancelled",
    routes={
        "account": by_state(_KR_ACCOUNT, _KR_ACCOUNT_ENDED),
        "cancel": go("/cancelplan"),
        "cancelplan": unless_cancelled(_KR_CANCEL, "/cancelplan/confirm"),
        "cancelplan/submit": _kr_submit,
        "cancelplan/confirm": after_cancel(_KR_CONFIRM, "/account"),
        "restart": restart_then("/account"),
    },
    walk=(
        click("Cancel membership", "link"),
        check("Cancel my membership", role="radio"),
        final("Continue"),
        click("Back to account", "link"),
    ),
)

# -- 8. b-lv-type-word (Latvian, g): Latvian entry links; type ATCELT to enable the button ---

_LV_CSS = """body{margin:0;font:15px Arial,sans-serif;color:#222}.aug{background:#000;
color:#e50914;padding:14px 30px;font:700 22px Arial}.vid{max-width:640px;margin:26px auto;
padding:0 16px}.kart{border:1px solid #ddd;border-radius:6px;padding:16px 20px;margin:12px 0}
.sark{background:#e50914;color:#fff;border:0;padding:11px 22px;font-size:15px;border-radius:4px}
.sark:disabled{background:#c9c9c9;color:#666}input[type=text]{font-size:16px;padding:8px;
width:220px;text-transform:uppercase}"""


def _lv(title: str, body: str, script: str = "") -> str:
    return doc(
        title,
        f'<div class="aug">NETFLIX</div><div class="vid">{body}</div>',
        lang="lv",
        css=_LV_CSS,
        script=script,
    )


_LV_KONTS = _lv(
    "Konts",
    """<h1>Konts</h1><p>Dalībnieks kopš 2021. gada janvāra</p>
<div class="kart"><h2>Dalība un norēķini</h2><p>Standarta plāns · 10,99 € mēnesī</p>
<p>Nākamais maksājums: 2027. gada 3. martā</p><p>Visa •••• 6610</p>
<p><a href="{{B}}/konts/daliba">Pārvaldīt dalību</a></p></div>
<div class="kart"><h2>Drošība</h2><p><a href="#parole">Mainīt paroli</a></p></div>""",
)
_LV_KONTS_BEIGTS = _lv(
    "Konts",
    """<h1>Konts</h1><div class="kart"><h2>Dalība un norēķini</h2>
<p>Jūsu dalība beigsies 2027. gada 3. martā.</p>
<form method="post" action="{{B}}/atjaunot"><button class="sark">Atjaunot dalību</button></form>
</div>""",
)
_LV_DALIBA = _lv(
    "Dalība",
    """<p><a href="{{B}}/konts">&larr; Konts</a></p><h1>Dalība</h1>
<div class="kart"><h2>Standarta plāns</h2><p>Full HD · 2 ekrāni vienlaikus</p>
<p><a href="#plans">Mainīt plānu</a></p></div>
<div class="kart"><p><a href="{{B}}/cancelplan">Atcelt dalību</a></p></div>""",
)
_LV_ATCELT = _lv(
    "Atcelt dalību",
    """<h1>Atcelt dalību?</h1>
<p>Ja atcelsiet dalību, varēsiet turpināt skatīties līdz 2027. gada 3. martam, kad beidzas
pašreizējais norēķinu periods. Pēc tam maksa vairs netiks iekasēta.</p>
<p>Jūsu profili un skatīšanās vēsture tiks saglabāti 10 mēnešus.</p>
<form method="post" action="{{B}}/cancelplan/apstiprinat">
<p><label for="apst">Lai apstiprinātu, ierakstiet ATCELT</label><br>
<input type="text" id="apst" name="vards" autocomplete="off"></p>
<button class="sark" id="poga" disabled>Apstiprināt atcelšanu</button>
<a href="{{B}}/konts">Atpakaļ</a></form>""",
    """var i=document.getElementById('apst');i.addEventListener('input',function(){
document.getElementById('poga').disabled=i.value.trim().toUpperCase()!=='ATCELT'})""",
)
_LV_APSTIPRINATS = _lv(
    "Netflix",
    """<h1>Jūsu dalība ir atcelta</h1>
<p>Varat turpināt skatīties līdz 2027. gada 3. martam. Apstiprinājumu nosūtījām uz jūsu
e-pastu.</p><p><a href="{{B}}/konts">Atpakaļ uz kontu</a></p>""",
)


def _lv_confirm(request: Request, state: State) -> Reply | str:
    if request.method != "POST":
        return not_allowed()
    if request.value("vards").strip().upper() != "ATCELT":
        return redirect("/cancelplan")
    if not state.cancelled:
        state.cancel(request.referer)
    return redirect("/cancelplan/apstiprinats")


LV_TYPE_WORD = Variant(
    name="b-lv-type-word",
    start="konts",
    description=(
        "Latvian: 'Konts' -> 'Pārvaldīt dalību' -> 'Atcelt dalību' -> 'Atcelt dalību?' where "
        "typing ATCELT into the box enables 'Apstiprināt atcelšanu', a POST that cancels"
    ),
    expect="cancelled",
    lang="lv",
    routes={
        "konts": by_state(_LV_KONTS, _LV_KONTS_BEIGTS),
        "konts/daliba": unless_cancelled(_LV_DALIBA, "/konts"),
        "cancel": go("/cancelplan"),
        "cancelplan": unless_cancelled(_LV_ATCELT, "/cancelplan/apstiprinats"),
        "cancelplan/apstiprinat": _lv_confirm,
        "cancelplan/apstiprinats": after_cancel(_LV_APSTIPRINATS, "/konts"),
        "atjaunot": restart_then("/konts"),
    },
    walk=(
        click("Pārvaldīt dalību", "link"),
        click("Atcelt dalību", "link"),
        fill("#apst", "ATCELT", name="Lai apstiprinātu, ierakstiet ATCELT"),
        final("Apstiprināt atcelšanu"),
        click("Atpakaļ uz kontu", "link"),
    ),
)

# -- 9. b-understand-check (English, g): React-like; a required 'I understand' checkbox -------

_UC_CSS = """body{margin:0;font:16px -apple-system,Arial,sans-serif;color:#111}
.sc-a1B2c{background:#141414;padding:14px 36px;color:#e50914;font:800 22px Arial}
.sc-d3E4f{max-width:600px;margin:34px auto;padding:0 18px}.sc-g5H6i{border:1px solid #ddd;
border-radius:8px;padding:18px 22px;margin:14px 0}.sc-j7K8l{background:#e50914;color:#fff;
border:0;padding:12px 26px;font-size:16px;border-radius:4px;cursor:pointer}
.sc-j7K8l[aria-disabled=true]{opacity:.45;cursor:not-allowed}.sc-m9N0o{background:none;
border:1px solid #888;padding:11px 20px;font-size:16px;border-radius:4px;cursor:pointer}"""


def _uc(title: str, body: str, script: str = "") -> str:
    return doc(
        title,
        f'<div id="__next"><div class="sc-a1B2c">NETFLIX</div>'
        f'<main class="sc-d3E4f">{body}</main></div>',
        css=_UC_CSS,
        script=script,
    )


_UC_ACCOUNT = _uc(
    "Account",
    """<h1>Account</h1><section class="sc-g5H6i"><h2>Membership</h2><p>Standard with ads</p>
<p>Next payment: March 3, 2027</p><button class="sc-m9N0o" id=":r1:"
onclick="location.href='{{B}}/cancelplan'">Cancel membership</button></section>""",
)
_UC_ACCOUNT_ENDED = _uc(
    "Account",
    """<h1>Account</h1><section class="sc-g5H6i"><h2>Membership</h2>
<p>Your membership ends on March 3, 2027.</p>
<form method="post" action="{{B}}/restart"><button class="sc-j7K8l">Restart membership</button>
</form></section>""",
)
_UC_CANCEL = _uc(
    "Cancel membership",
    """<h1>Cancel membership</h1><section class="sc-g5H6i">
<p>Your membership ends on March 3, 2027. After that you won't be charged.</p>
<p>We keep your profiles, ratings and viewing history for 10 months.</p>
<form method="post" action="{{B}}/cancelplan/confirm" id=":r7:">
<p><input type="checkbox" id=":r8:" name="ack" required>
<label for=":r8:">I understand</label></p>
<button class="sc-j7K8l" id=":r9:" aria-disabled="true">Continue</button>
<button class="sc-m9N0o" type="button" onclick="location.href='{{B}}/account'">Back</button>
<p role="alert" id=":ra:"></p></form></section>""",
    """var box=document.getElementById(':r8:'),btn=document.getElementById(':r9:');
box.addEventListener('change',function(){btn.setAttribute('aria-disabled',String(!box.checked))});
document.getElementById(':r7:').addEventListener('submit',function(e){if(!box.checked){
e.preventDefault();document.getElementById(':ra:').textContent=
'Please confirm that you understand.'}})""",
)
_UC_DONE = _uc(
    "Netflix",
    """<section class="sc-g5H6i"><h1>You've cancelled</h1>
<p>Your membership ends on March 3, 2027. You can restart any time.</p>
<a href="{{B}}/account">Done</a></section>""",
)


def _uc_confirm(request: Request, state: State) -> Reply | str:
    if request.method != "POST":
        return not_allowed()
    if request.value("ack") != "on":
        return redirect("/cancelplan")
    if not state.cancelled:
        state.cancel(request.referer)
    return redirect("/cancelplan/done")


UNDERSTAND_CHECK = Variant(
    name="b-understand-check",
    start="account",
    description=(
        "English, styled-components-like classes and React ids: 'Cancel membership' -> a page "
        "whose 'Continue' (POST) needs the required 'I understand' checkbox ticked first"
    ),
    expect="cancelled",
    routes={
        "account": by_state(_UC_ACCOUNT, _UC_ACCOUNT_ENDED),
        "cancel": go("/cancelplan"),
        "cancelplan": unless_cancelled(_UC_CANCEL, "/cancelplan/done"),
        "cancelplan/confirm": _uc_confirm,
        "cancelplan/done": after_cancel(_UC_DONE, "/account"),
        "restart": restart_then("/account"),
    },
    walk=(
        click("Cancel membership"),
        check("I understand"),
        final("Continue"),
        click("Done", "link"),
    ),
)

FLOWS = [
    SW_TOKEN_LINK,
    IS_GET_FORM,
    FINISH_ENTRY,
    TWO_STAGE,
    ES_CANCELADA,
    KEEP_RADIO,
    LV_TYPE_WORD,
    UNDERSTAND_CHECK,
]
LOOKALIKES = [PENDING_REVIEW]
VARIANTS = [*FLOWS, *LOOKALIKES]
