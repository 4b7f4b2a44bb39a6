"""The DEV half of the flow variants, and the look-alike pages. Tune against these, not ``held``.

Written from ../shared/netflix-flow.md and general knowledge of how subscription sites look,
without reading the policy or the service config. Every flow ends in a real POST (a form or a
fetch) that flips the server's state; nothing before it does. End date everywhere: March 3, 2027.
"""

from __future__ import annotations

from tests.flows.site import (
    Reply,
    Request,
    State,
    Step,
    Variant,
    by_state,
    cancel_json,
    cancel_then,
    check,
    click,
    doc,
    final,
    go,
    not_allowed,
    note_then,
    redirect,
    restart_then,
    unless_cancelled,
)

# -- 1. overview-2024: /account -> Manage membership -> /account/membership -> /cancelplan -----

_OV_CSS = """body{font-family:Arial,Helvetica,sans-serif;margin:0;color:#141414}
.top{background:#141414;color:#e50914;font:700 22px Arial;padding:14px 32px}
.wrap{max-width:680px;margin:32px auto;padding:0 16px}
.tile{border:1px solid #d2d2d2;border-radius:8px;padding:18px 22px;margin:0 0 16px}
.tile a{display:block;padding:10px 0;color:#0071eb;text-decoration:none;border-top:1px solid #eee}
.red{background:#e50914;color:#fff;border:0;border-radius:4px;padding:11px 22px;font-size:16px;
text-decoration:none;display:inline-block}.small{color:#666;font-size:13px}"""


def _ov(title: str, body: str) -> str:
    return doc(title, f'<div class="top">NETFLIX</div><div class="wrap">{body}</div>', css=_OV_CSS)


_OV_ACCOUNT = _ov(
    "Account",
    """<h1>Account</h1><p class="small">Member since September 2018</p>
<div class="tile"><h2>Membership</h2><p><b>Premium plan</b></p>
<p>Next payment: March 3, 2027</p><p>Mastercard •••• 1881</p>
<a href="{{B}}/account/membership">Manage membership</a></div>
<div class="tile"><h2>Security &amp; privacy</h2><a href="#password">Update password</a>
<a href="#devices">Manage access and devices</a></div>""",
)
_OV_ACCOUNT_ENDED = _ov(
    "Account",
    """<h1>Account</h1><div class="tile"><h2>Membership</h2>
<p>Your membership ends on March 3, 2027.</p>
<form method="post" action="{{B}}/restart"><button class="red">Restart Membership</button></form>
</div>""",
)
_OV_MEMBERSHIP = _ov(
    "Membership",
    """<a href="{{B}}/account">&larr; Account</a><h1>Membership</h1>
<div class="tile"><h2>Premium</h2><p>4K + HDR · 4 screens at a time · $24.99/month</p>
<a href="#plans">Change plan</a></div>
<div class="tile"><h2>Next payment</h2><p>March 3, 2027</p><p>Mastercard •••• 1881</p>
<a href="#payment">Manage payment method</a></div>
<div class="tile"><a href="{{B}}/cancelplan">Cancel membership</a></div>""",
)
_OV_CANCEL = _ov(
    "Cancel membership",
    """<h1>Leaving Netflix?</h1>
<p>If you end your membership, you can keep watching until March 3, 2027. You won't be charged
again.</p><p>We'll keep your profiles, ratings and viewing history for 10 months in case you come
back.</p>
<form method="post" action="{{B}}/cancelplan/end"><button class="red">End membership</button></form>
<p><a href="{{B}}/account/membership">Back</a></p>""",
)
_OV_COMPLETE = _ov(
    "Netflix",
    """<div class="tile"><h1>See you soon, Ann</h1>
<p>Your membership will end on March 3, 2027. A receipt is on its way to a•••@example.com.</p>
<a class="red" href="{{B}}/account">Done</a></div>""",
)

OVERVIEW_2024 = Variant(
    name="overview-2024",
    start="account",
    description=(
        "2023-24 shape: /account -> 'Manage membership' -> /account/membership -> 'Cancel "
        "membership' -> /cancelplan 'Leaving Netflix?' with 'End membership'; the confirmation "
        "has a personal heading, the end date only in a <p>, and only a 'Done' link"
    ),
    expect="cancelled",
    routes={
        "account": by_state(_OV_ACCOUNT, _OV_ACCOUNT_ENDED),
        "account/membership": unless_cancelled(_OV_MEMBERSHIP, "/account"),
        "cancel": go("/cancelplan"),
        "cancelplan": unless_cancelled(_OV_CANCEL, "/cancelplan/complete"),
        "cancelplan/end": cancel_then("/cancelplan/complete"),
        "cancelplan/complete": _OV_COMPLETE,
        "restart": restart_then("/account"),
    },
    walk=(
        click("Manage membership", "link"),
        click("Cancel membership", "link"),
        final("End membership"),
        click("Done", "link"),
    ),
)

# -- 2. legacy-cookie-survey: /YourAccount under a cookie overlay, survey after finishing -----

_LG_CSS = """body{font-family:'Helvetica Neue',Arial,sans-serif;background:#f3f3f3;margin:0}
.page{max-width:900px;margin:0 auto;padding:20px}.row{background:#fff;padding:16px 20px;
border-bottom:1px solid #ccc;display:grid;grid-template-columns:220px 1fr}
.row h2{font-size:14px;color:#757575;margin:0}.btn-cancel{padding:10px 24px;background:#e6e6e6;
border:0;box-shadow:0 1px 0 rgba(0,0,0,.2);font-size:14px;cursor:pointer}
#ot-shade{position:fixed;inset:0;background:rgba(0,0,0,.6);z-index:50}
#ot-banner{position:fixed;left:0;right:0;bottom:0;z-index:51;background:#fff;padding:24px 40px}
#ot-banner button{margin-right:12px;padding:10px 18px}"""

_LG_CONSENT = """<div id="ot-shade"></div><div id="ot-banner" role="region" aria-label="Cookie banner">
<p>We and our partners use cookies and similar technologies to run this site, remember your
settings, measure performance and show you relevant advertising. You can change your choices at
any time in <a href="#cookies">Cookie Preferences</a>.</p>
<button type="button" onclick="otChoose('all')">Accept All Cookies</button>
<button type="button" onclick="otChoose('necessary')">Reject All</button>
<button type="button">Cookie Settings</button></div>"""
_LG_CONSENT_JS = """function otChoose(v){document.cookie='OptanonConsent='+v+';path=/';
document.getElementById('ot-banner').remove();document.getElementById('ot-shade').remove()}"""


def _lg_account(request: Request, state: State) -> Reply | str:
    if request.method != "GET":
        return not_allowed()
    if state.cancelled:
        billing = """<p>Your membership will end on <b>March 3, 2027</b>.</p>
<form method="post" action="{{B}}/Restart"><button class="btn-cancel">Restart Membership</button>
</form>"""
    else:
        billing = """<p>Your next billing date is <b>March 3, 2027</b>.</p>
<button class="btn-cancel" type="button" onclick="location.href='{{B}}/CancelPlan'">Cancel Membership</button>"""
    body = f"""<h1>Account</h1><p>Member Since May 2016</p>
<div class="row"><h2>MEMBERSHIP &amp; BILLING</h2><div><b>ann@example.com</b><br>Password: ********
<br>Phone: 555-0134<br>VISA •••• •••• •••• 4242 {billing}
<a href="#payment">Update payment info</a> · <a href="#billing">Billing details</a></div></div>
<div class="row"><h2>PLAN DETAILS</h2><div><b>Standard</b> HD <a href="#plan">Change plan</a></div></div>
<div class="row"><h2>SETTINGS</h2><div><a href="#parental">Parental controls</a><br>
<a href="#test">Test participation</a><br><a href="#devices">Sign out of all devices</a></div></div>"""
    return _lg_page("Account", body, request)


def _lg_page(title: str, body: str, request: Request) -> str:
    banner = "" if request.cookies.get("OptanonConsent") else _LG_CONSENT
    return doc(title, f'<div class="page">{body}</div>{banner}', css=_LG_CSS, script=_LG_CONSENT_JS)


def _lg_cancel(request: Request, state: State) -> Reply | str:
    if request.method != "GET":
        return not_allowed()
    if state.cancelled:
        return redirect("/CancelPlan/confirm")
    body = """<h1>Cancel Your Membership?</h1>
<p>Click "Finish Cancellation" below to cancel your membership.</p>
<ul><li>Your cancellation takes effect on March 3, 2027, at the end of this billing period.</li>
<li>Come back anytime. Your profiles, ratings and My List stay saved for 10 months.</li></ul>
<p><label><input type="checkbox" name="emails" form="finish" checked> Keep sending me emails
about new TV shows and movies</label></p>
<form id="finish" method="post" action="{{B}}/CancelPlan/finish">
<button>Finish Cancellation</button>
<button type="button" onclick="location.href='{{B}}/YourAccount'">Go Back</button></form>"""
    return _lg_page("Cancel Membership", body, request)


def _lg_survey(request: Request, state: State) -> Reply | str:
    if request.method != "GET":
        return not_allowed()
    reasons = [
        ("price", "Too expensive"),
        ("content", "Not enough to watch"),
        ("switch", "Moving to another service"),
        ("tech", "Technical problems"),
        ("other", "Other"),
    ]
    boxes = "".join(
        f'<label><input type="checkbox" name="reason" value="{v}"> {t}</label><br>'
        for v, t in reasons
    )
    body = f"""<h1>Help us improve</h1>
<p>Your cancellation is complete. You can keep watching until March 3, 2027.</p>
<form method="post" action="{{{{B}}}}/CancelPlan/survey"><fieldset>
<legend>What made you decide to leave? Select all that apply.</legend>{boxes}
<input type="text" name="other" placeholder="Tell us more" aria-label="Tell us more"></fieldset>
<p><button>Submit</button> <a href="{{{{B}}}}/YourAccount">Skip</a></p></form>"""
    return _lg_page("Netflix", body, request)


LEGACY_COOKIE_SURVEY = Variant(
    name="legacy-cookie-survey",
    start="YourAccount",
    description=(
        "legacy shape (/YourAccount, 'Cancel Membership' as a JS button, 'Cancel Your "
        "Membership?', 'Finish Cancellation'/'Go Back') under a full-page OneTrust-style cookie "
        "overlay on every page; after finishing, a survey (checkboxes, 'Other' text box, "
        "'Submit' button, 'Skip' link) whose only confirmation is a <p>"
    ),
    expect="cancelled",
    routes={
        "YourAccount": _lg_account,
        "CancelPlan": _lg_cancel,
        "CancelPlan/finish": cancel_then("/CancelPlan/confirm"),
        "CancelPlan/confirm": _lg_survey,
        "CancelPlan/survey": note_then("survey", "/YourAccount", form_key="reason"),
        "Restart": restart_then("/YourAccount"),
    },
    walk=(
        click("Accept All Cookies"),
        click("Cancel Membership"),
        final("Finish Cancellation"),
        check("Too expensive"),
        click("Submit"),
    ),
)

# -- 3. stacked-offers: downgrade, pause, discount pages, each declined in its own words -------

_SO_CSS = """body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#fafafa}
header{padding:12px 24px;background:#000;color:#e50914;font-weight:800;letter-spacing:2px}
main{max-width:560px;margin:40px auto;background:#fff;padding:28px 32px;border-radius:12px;
box-shadow:0 2px 8px rgba(0,0,0,.12)}button{font-size:16px;padding:12px 20px;border-radius:6px;
border:1px solid #999;background:#fff;margin:8px 8px 0 0}.go{background:#e50914;color:#fff;border:0}
th{text-align:left;padding-right:24px;color:#555;font-weight:400}"""


def _so(title: str, body: str) -> str:
    return doc(title, f"<header>NETFLIX</header><main>{body}</main>", css=_SO_CSS)


_SO_ACCOUNT = _so(
    "Account settings",
    """<h1>Account settings</h1><table>
<tr><th scope="row">Plan</th><td>Standard · $15.49/mo</td></tr>
<tr><th scope="row">Renews</th><td>March 3, 2027</td></tr>
<tr><th scope="row">Payment</th><td>PayPal (ann@example.com)</td></tr></table>
<p><a href="#plans">Change plan</a> · <a href="{{B}}/cancel">Cancel plan</a></p>""",
)
_SO_ACCOUNT_ENDED = _so(
    "Account settings",
    """<h1>Account settings</h1><table>
<tr><th scope="row">Plan</th><td>Standard (ends March 3, 2027)</td></tr></table>
<form method="post" action="{{B}}/restart"><button class="go">Restart plan</button></form>""",
)
_SO_DOWNGRADE = _so(
    "A cheaper plan",
    """<h1>Pay less, keep watching</h1>
<p>Standard with ads is $7.99/month, about half of what you pay now. Same shows, same profiles.</p>
<form method="post" action="{{B}}/offer/downgrade"><button class="go">Switch to Standard with ads</button></form>
<p><a href="{{B}}/cancel/pause">No thanks</a></p>""",
)
_SO_PAUSE = _so(
    "Pause instead",
    """<h1>Need a break? Pause instead</h1>
<p>Pause for up to 3 months. We won't charge you while your membership is paused, and
everything will be where you left it.</p>
<form method="post" action="{{B}}/offer/pause"><fieldset><legend>Pause for</legend>
<label><input type="radio" name="months" value="1" checked> 1 month</label>
<label><input type="radio" name="months" value="2"> 2 months</label>
<label><input type="radio" name="months" value="3"> 3 months</label></fieldset>
<button class="go">Pause membership</button></form>
<form action="{{B}}/cancel/discount"><button>I still want to cancel</button></form>""",
)
_SO_DISCOUNT = _so(
    "Stay for less",
    """<h1>Stay for less</h1><p>Keep Standard at 40% off for your next 3 months. This offer
ends today.</p>
<form method="post" action="{{B}}/offer/discount"><button class="go">Claim 40% off</button></form>
<p><a href="{{B}}/cancel/final">Continue cancelling</a></p>""",
)
_SO_FINAL = _so(
    "Cancel plan",
    """<h1>Cancel plan</h1><p>Your plan stays active until March 3, 2027. After that you won't be
charged, and you can rejoin whenever you like.</p>
<form method="post" action="{{B}}/cancel/end"><button class="go">Cancel plan</button></form>
<p><a href="{{B}}/account">Keep my plan</a></p>""",
)
_SO_FAREWELL = _so(
    "Netflix",
    """<h1>We're sorry to see you go</h1><p>Your membership will end on March 3, 2027.</p>
<form action="{{B}}/account"><button class="go">Done</button></form>""",
)

STACKED_OFFERS = Variant(
    name="stacked-offers",
    start="account",
    description=(
        "account table with a 'Cancel plan' link, then three offer pages in a row: downgrade "
        "('No thanks' link), pause with radio months ('I still want to cancel' GET button), "
        "discount ('Continue cancelling' link); the last page's button is also 'Cancel plan'; "
        "after it 'We're sorry to see you go' + the end date in a <p> + 'Done'"
    ),
    expect="cancelled",
    routes={
        "account": by_state(_SO_ACCOUNT, _SO_ACCOUNT_ENDED),
        "cancel": go("/cancel/downgrade"),
        "cancel/downgrade": unless_cancelled(_SO_DOWNGRADE, "/account"),
        "cancel/pause": unless_cancelled(_SO_PAUSE, "/account"),
        "cancel/discount": unless_cancelled(_SO_DISCOUNT, "/account"),
        "cancel/final": unless_cancelled(_SO_FINAL, "/account"),
        "cancel/end": cancel_then("/cancel/farewell"),
        "cancel/farewell": _SO_FAREWELL,
        "offer/downgrade": note_then("accepted:downgrade", "/account"),
        "offer/pause": note_then("accepted:pause", "/account"),
        "offer/discount": note_then("accepted:discount", "/account"),
        "restart": restart_then("/account"),
    },
    walk=(
        click("Cancel plan", "link"),
        click("No thanks", "link"),
        click("I still want to cancel"),
        click("Continue cancelling", "link"),
        final("Cancel plan"),
        click("Done"),
    ),
)

# -- 4. expanders-2026: three options behind identical icon buttons --------------------------

_EX_CSS = """body{font:15px Arial,sans-serif;margin:0;background:#fff;color:#222}
.bar{height:64px;background:linear-gradient(#000,#222)}.c{max-width:640px;margin:24px auto}
.opts{list-style:none;padding:0}.opts li{border:1px solid #ddd;border-radius:6px;margin:10px 0}
.row{display:flex;justify-content:space-between;align-items:center;padding:6px 16px}
.row h3{margin:10px 0}.ico{width:36px;height:36px;border-radius:50%;border:1px solid #bbb;
background:#fff}.ico[aria-expanded=true] svg{transform:rotate(180deg)}
.panel{display:none;padding:0 16px 16px}.panel.open{display:block}
.box{border:1px solid #ddd;border-radius:6px;padding:12px 16px;margin:12px 0}
.box a{display:block;padding:8px 0}"""
_EX_CHEVRON = (
    '<svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">'
    '<path d="M2 5l5 5 5-5" stroke="#000" fill="none"/></svg>'
)
_EX_JS = """document.querySelectorAll('.ico').forEach(function(b){b.addEventListener('click',
function(){var open=b.getAttribute('aria-expanded')!=='true';b.setAttribute('aria-expanded',
String(open));document.getElementById(b.getAttribute('aria-controls')).classList.toggle('open',
open)})})"""


def _ex_option(n: int, title: str, inner: str) -> str:
    return f"""<li><div class="row"><h3>{title}</h3><button class="ico" type="button"
data-uia="icon-button" aria-label="Show option contents" aria-expanded="false"
aria-controls="opt{n}">{_EX_CHEVRON}</button></div><div class="panel" id="opt{n}">{inner}</div></li>"""


def _ex(title: str, body: str, script: str = "") -> str:
    return doc(
        title, f'<div class="bar"></div><div class="c">{body}</div>', css=_EX_CSS, script=script
    )


_EX_MEMBERSHIP = _ex(
    "Membership",
    """<a href="#account">Account</a><h1>Membership</h1>
<div class="box"><h2>Standard</h2><p>$15.49/month · Next payment March 3, 2027</p></div>
<div class="box"><a href="#plans">Change plan</a><a href="{{B}}/cancelplan">Cancel membership</a></div>""",
)
_EX_MEMBERSHIP_ENDED = _ex(
    "Membership",
    """<h1>Membership</h1><div class="box"><p>Streaming ends March 3, 2027.</p>
<form method="post" action="{{B}}/restart"><button>Restart Membership</button></form></div>""",
)
_EX_OPTIONS = _ex(
    "Netflix",
    '<h1>Choose what works for you</h1><ul class="opts">'
    + _ex_option(
        1,
        "Switch plans",
        '<p>Standard with ads: $7.99/month.</p><form method="post" action="{{B}}/cancelplan/plan">'
        "<button>Switch to Standard with ads</button></form>",
    )
    + _ex_option(
        2,
        "Pause membership",
        '<p>Take up to 3 months off. No charges while paused.</p><form method="post" '
        'action="{{B}}/cancelplan/pause"><button>Pause for 1 month</button></form>',
    )
    + _ex_option(
        3,
        "Cancel",
        "<p>If you cancel now, you can watch until March 3, 2027.</p>"
        '<form method="post" action="{{B}}/cancelplan/finish"><button '
        'data-uia="action-finish-cancellation">Finish Cancellation</button></form>',
    )
    + '</ul><a href="{{B}}/account/membership">Never mind</a>',
    _EX_JS,
)
_EX_CONFIRM = _ex(
    "Netflix",
    """<h1>Thanks for being a member</h1>
<p>We've cancelled your membership. Streaming stays on until March 3, 2027.</p>
<form method="post" action="{{B}}/cancelplan/survey"><h2>Mind telling us why?</h2>
<label><input type="checkbox" name="r" value="cost"> I needed to cut costs</label><br>
<label><input type="checkbox" name="r" value="switch"> I'm switching to another service</label><br>
<label><input type="checkbox" name="r" value="done"> I finished what I wanted to watch</label><br>
<label data-uia="label+OTHER"><input type="checkbox" name="r" value="other"> Other</label>
<input name="other_text" aria-label="Other reason"><br><button>Done</button></form>""",
)

EXPANDERS_2026 = Variant(
    name="expanders-2026",
    start="account/membership",
    description=(
        "2026 shape: /account/membership -> 'Cancel membership' -> options in a list, each "
        "behind an identical icon button 'Show option contents' (class toggle, no hidden attr); "
        "only the item headed 'Cancel' holds 'Finish Cancellation'; the others POST offers; "
        "after it a survey whose only button is 'Done' (it submits)"
    ),
    expect="cancelled",
    routes={
        "account/membership": by_state(_EX_MEMBERSHIP, _EX_MEMBERSHIP_ENDED),
        "cancelplan": unless_cancelled(_EX_OPTIONS, "/cancelplan/confirm"),
        "cancelplan/plan": note_then("accepted:downgrade", "/account/membership"),
        "cancelplan/pause": note_then("accepted:pause", "/account/membership"),
        "cancelplan/finish": cancel_then("/cancelplan/confirm"),
        "cancelplan/confirm": _EX_CONFIRM,
        "cancelplan/survey": note_then("survey", "/account/membership", form_key="r"),
        "restart": restart_then("/account/membership"),
    },
    walk=(
        click("Cancel membership", "link"),
        click("Show option contents", nth=2),
        final("Finish Cancellation"),
        check("I needed to cut costs"),
        click("Done"),
    ),
)

# -- 5. dialog-confirm: "Stop my subscription" opens a <dialog> "Are you sure?" --------------

_DC_CSS = """body{font:15px Georgia,serif;margin:40px;max-width:600px}dt{font-weight:bold}
dd{margin:0 0 10px}dialog{border:0;border-radius:10px;padding:24px;max-width:380px}
dialog::backdrop{background:rgba(0,0,0,.5)}.notice{background:#e8f4ea;padding:12px 16px;
border-left:4px solid #2e7d32;margin-bottom:16px}button{padding:9px 16px;margin:4px}"""
_DC_ACTIVE = doc(
    "Subscription",
    """<h1>Subscription</h1><dl><dt>Plan</dt><dd>Standard with ads</dd>
<dt>Price</dt><dd>$7.99 a month</dd><dt>Renews on</dt><dd>March 3, 2027</dd></dl>
<button type="button" id="stop">Stop my subscription</button>
<dialog id="sure" aria-labelledby="sure-h"><h2 id="sure-h">Are you sure?</h2>
<p>You'll lose access on March 3, 2027. You can come back whenever you like.</p>
<form method="post" action="{{B}}/settings/subscription/stop"><button>Yes, stop it</button>
<button formmethod="dialog">Keep watching</button></form></dialog>""",
    css=_DC_CSS,
    script="document.getElementById('stop').onclick=function(){"
    "document.getElementById('sure').showModal()}",
)
_DC_ENDED = doc(
    "Subscription",
    """<h1>Subscription</h1><div class="notice">Your cancellation is complete. Your membership
will end on March 3, 2027.</div><dl><dt>Plan</dt><dd>Standard with ads</dd>
<dt>Access until</dt><dd>March 3, 2027</dd></dl>
<form method="post" action="{{B}}/settings/subscription/restart"><button>Restart subscription</button></form>""",
    css=_DC_CSS,
)

DIALOG_CONFIRM = Variant(
    name="dialog-confirm",
    start="settings/subscription",
    description=(
        "one settings page: 'Stop my subscription' opens a native <dialog> (showModal) "
        "'Are you sure?' with 'Yes, stop it' (POST) and 'Keep watching' (method=dialog); "
        "the same page then says 'Your cancellation is complete' in a green <div> and offers "
        "'Restart subscription'"
    ),
    expect="cancelled",
    routes={
        "settings/subscription": by_state(_DC_ACTIVE, _DC_ENDED),
        "settings/subscription/stop": cancel_then("/settings/subscription"),
        "settings/subscription/restart": restart_then("/settings/subscription"),
    },
    walk=(click("Stop my subscription"), final("Yes, stop it")),
)

# -- 6. german-2024: Konto -> Mitgliedschaft verwalten -> kündigen, survey with Überspringen ----

_DE_CSS = """body{font:15px Arial,sans-serif;margin:0;background:#fff}
.kopf{background:#000;color:#e50914;padding:12px 28px;font:700 20px Arial}
.inhalt{max-width:640px;margin:28px auto;padding:0 16px}.karte{border:1px solid #ccc;
border-radius:6px;padding:16px 20px;margin:14px 0}.rot{background:#e50914;color:#fff;border:0;
padding:11px 20px;font-size:15px;border-radius:4px}"""


def _de(title: str, body: str) -> str:
    return doc(
        title,
        f'<div class="kopf">NETFLIX</div><div class="inhalt">{body}</div>',
        lang="de",
        css=_DE_CSS,
    )


_DE_KONTO = _de(
    "Konto",
    """<h1>Konto</h1><p>Mitglied seit Januar 2020</p><div class="karte"><h2>Mitgliedschaft</h2>
<p>Standard-Abo</p><p>Nächste Zahlung: 3. März 2027</p><p>SEPA-Lastschrift •••• 3000</p>
<a href="{{B}}/account/membership">Mitgliedschaft verwalten</a></div>
<div class="karte"><h2>Sicherheit</h2><a href="#pw">Passwort ändern</a></div>""",
)
_DE_KONTO_ENDE = _de(
    "Konto",
    """<h1>Konto</h1><div class="karte"><h2>Mitgliedschaft</h2>
<p>Deine Mitgliedschaft endet am 3. März 2027.</p>
<form method="post" action="{{B}}/restart"><button class="rot">Mitgliedschaft fortsetzen</button></form></div>""",
)
_DE_VERWALTEN = _de(
    "Mitgliedschaft",
    """<a href="{{B}}/account">Zurück zum Konto</a><h1>Mitgliedschaft verwalten</h1>
<div class="karte"><h2>Nächste Zahlung</h2><p>3. März 2027 · 13,99 €</p></div>
<div class="karte"><a href="#abo">Abo ändern</a><br><br>
<a href="{{B}}/cancelplan">Mitgliedschaft kündigen</a></div>""",
)
_DE_KUENDIGEN = _de(
    "Mitgliedschaft kündigen",
    """<h1>Mitgliedschaft kündigen</h1>
<p>Wenn du jetzt kündigst, kannst du bis zum 3. März 2027 weiter streamen. Danach wird dir nichts
mehr berechnet.</p><p>Deine Profile und Einstellungen bewahren wir 10 Monate lang auf.</p>
<form method="post" action="{{B}}/cancelplan/finish"><button class="rot">Kündigung abschließen</button></form>
<p><a href="{{B}}/account/membership">Zurück</a></p>""",
)
_DE_UMFRAGE = _de(
    "Netflix",
    """<h1>Schade, dass du gehst</h1>
<p>Deine Mitgliedschaft endet am 3. März 2027. Eine Bestätigung haben wir dir per E-Mail
geschickt.</p><form method="post" action="{{B}}/cancelplan/survey"><fieldset>
<legend>Warum kündigst du?</legend>
<label><input type="checkbox" name="grund" value="preis"> Zu teuer</label><br>
<label><input type="checkbox" name="grund" value="anderer"> Ich nutze einen anderen Dienst</label><br>
<label><input type="checkbox" name="grund" value="zeit"> Zu wenig Zeit</label><br>
<label><input type="checkbox" name="grund" value="sonstiges"> Sonstiges</label>
<input name="text" aria-label="Sonstiger Grund"></fieldset>
<button class="rot">Absenden</button> <a href="{{B}}/account">Überspringen</a></form>""",
)

GERMAN_2024 = Variant(
    name="german-2024",
    start="account",
    description=(
        "German, 2023-24 shape: 'Konto' -> 'Mitgliedschaft verwalten' -> 'Mitgliedschaft "
        "kündigen' -> 'Kündigung abschließen'; then 'Schade, dass du gehst' with the end date "
        "in a <p>, a reason survey, 'Absenden' and an 'Überspringen' link"
    ),
    expect="cancelled",
    lang="de",
    routes={
        "account": by_state(_DE_KONTO, _DE_KONTO_ENDE),
        "account/membership": unless_cancelled(_DE_VERWALTEN, "/account"),
        "cancelplan": unless_cancelled(_DE_KUENDIGEN, "/cancelplan/confirm"),
        "cancelplan/finish": cancel_then("/cancelplan/confirm"),
        "cancelplan/confirm": _DE_UMFRAGE,
        "cancelplan/survey": note_then("survey", "/account", form_key="grund"),
        "restart": restart_then("/account"),
    },
    walk=(
        click("Mitgliedschaft verwalten", "link"),
        click("Mitgliedschaft kündigen", "link"),
        final("Kündigung abschließen"),
        click("Überspringen", "link"),
    ),
)

# -- 7. div-buttons-long: role=button divs everywhere, cancel far below the fold, fetch POST ---

_DB_CSS = """body{font:15px 'Segoe UI',sans-serif;margin:0;background:#181818;color:#eee}
.wrap{max-width:760px;margin:0 auto;padding:24px}.sec{background:#232323;border-radius:8px;
padding:16px 20px;margin:18px 0}.item{display:flex;justify-content:space-between;
padding:12px 0;border-bottom:1px solid #333}.btn{display:inline-block;padding:8px 16px;
border-radius:4px;background:#333;cursor:pointer;user-select:none}.red{background:#e50914}
.title{font-size:26px;font-weight:700;margin-bottom:12px}.big{font-size:24px}"""
_DB_JS = """document.querySelectorAll('[data-go]').forEach(function(el){function go(){
location.href=el.dataset.go}el.addEventListener('click',go);el.addEventListener('keydown',
function(e){if(e.key==='Enter'||e.key===' '){e.preventDefault();go()}})});
document.querySelectorAll('[data-toggle]').forEach(function(el){el.addEventListener('click',
function(){el.textContent=el.textContent==='Edit'?'Close':'Edit'})})"""


def _db(title: str, body: str, script: str = "") -> str:
    return doc(
        title, f'<div class="wrap">{body}</div>', css=_DB_CSS, script=_DB_JS + ";\n" + script
    )


def _db_long(membership: str) -> str:
    profiles = "".join(
        f'<div class="item"><span>{n}</span><div role="button" tabindex="0" class="btn" '
        f'data-toggle="1">Edit</div></div>'
        for n in ["Ann", "Ben", "Carla", "Dev", "Kids"]
    )
    devices = "".join(
        f'<div class="item"><span>{d} · last used {i + 1} days ago</span>'
        f'<div role="button" tabindex="0" class="btn">Sign out</div></div>'
        for i, d in enumerate(
            [
                "Living room TV",
                "iPhone",
                "Chrome on Windows",
                "PlayStation 5",
                "iPad",
                "Fire TV",
                "Android phone",
                "Bedroom TV",
                "MacBook",
                "Xbox",
            ]
        )
    )
    prefs = "".join(
        f'<div class="item"><span>{p}</span><div role="button" tabindex="0" class="btn">'
        f"Change</div></div>"
        for p in [
            "Email notifications",
            "Text messages",
            "Language",
            "Subtitle appearance",
            "Playback settings",
            "Viewing activity",
            "Ratings",
            "Download quality",
        ]
    )
    return f"""<div class="title">Account</div>
<div class="sec"><h2>Profiles</h2>{profiles}</div><div class="sec"><h2>Devices</h2>{devices}</div>
<div class="sec"><h2>Preferences</h2>{prefs}</div>
<div class="sec" id="membership"><h2>Membership</h2>{membership}</div>"""


_DB_ACCOUNT = _db(
    "Account",
    _db_long(
        '<div class="item"><span>Standard plan · next bill on March 3, 2027</span></div>'
        '<p><div role="button" tabindex="0" class="btn" data-go="{{B}}/cancel">'
        "Cancel membership</div></p>"
    ),
)
_DB_ACCOUNT_ENDED = _db(
    "Account",
    _db_long(
        '<div class="item"><span>Your membership ends on March 3, 2027</span></div>'
        '<div role="button" tabindex="0" class="btn red" id="restart">Restart membership</div>'
    ),
    "document.getElementById('restart').onclick=function(){fetch('{{B}}/api/membership/restart',"
    "{method:'POST'}).then(function(){location.reload()})}",
)
_DB_CANCEL = _db(
    "Cancel membership",
    """<div class="sec"><div class="title">Cancel membership</div>
<p>Your membership will end on March 3, 2027 if you continue. You can rejoin at any time.</p>
<div role="button" tabindex="0" class="btn red" id="confirm">Confirm cancellation</div>
<div role="button" tabindex="0" class="btn" data-go="{{B}}/account">Go back</div>
<div role="alert" id="msg"></div></div>""",
    """document.getElementById('confirm').addEventListener('click',function(){
fetch('{{B}}/api/membership/cancel',{method:'POST',headers:{'Content-Type':'application/json'},
body:JSON.stringify({source:'account'})}).then(function(r){if(!r.ok)throw new Error(r.status);
location.href='{{B}}/cancel/done'}).catch(function(){document.getElementById('msg').textContent=
"We couldn't complete that. Please try again."})})""",
)
_DB_DONE = _db(
    "Netflix",
    """<div class="sec"><p class="big">Your cancellation is complete</p>
<p>You can keep watching until March 3, 2027.</p>
<div role="button" tabindex="0" class="btn" data-go="{{B}}/browse">Back to Netflix</div></div>""",
)
_DB_BROWSE = _db(
    "Home - Netflix",
    """<h1>Trending Now</h1><div class="sec">Stranger Things · The Crown · Wednesday · Squid Game
</div><h2>Continue Watching for Ann</h2><div class="sec">Dark · Ozark</div>""",
)


def _db_restart(request: Request, state: State) -> Reply | str:
    if request.method != "POST":
        return not_allowed()
    state.restart()
    return Reply('{"ok":true}', content_type="application/json")


DIV_BUTTONS_LONG = Variant(
    name="div-buttons-long",
    start="account",
    description=(
        "dark single account page, every control a div role=button tabindex=0 with JS "
        "handlers (no <button>, no links); 5 profiles, 10 devices, 8 preferences before the "
        "Membership section far below the fold; /cancel has a styled div title (no heading), "
        "'Confirm cancellation' does a fetch POST; 'Your cancellation is complete' is a <p>"
    ),
    expect="cancelled",
    routes={
        "account": by_state(_DB_ACCOUNT, _DB_ACCOUNT_ENDED),
        "cancel": unless_cancelled(_DB_CANCEL, "/cancel/done"),
        "api/membership/cancel": cancel_json(),
        "api/membership/restart": _db_restart,
        "cancel/done": _DB_DONE,
        "browse": _DB_BROWSE,
    },
    walk=(click("Cancel membership"), final("Confirm cancellation")),
)

FLOWS = [
    OVERVIEW_2024,
    LEGACY_COOKIE_SURVEY,
    STACKED_OFFERS,
    EXPANDERS_2026,
    DIALOG_CONFIRM,
    GERMAN_2024,
    DIV_BUTTONS_LONG,
]

# -- look-alikes: pages that only look cancelled, and one that really is ---------------------

_LA_CSS = """body{font:15px Arial,sans-serif;margin:0;color:#222}.top{background:#000;
color:#e50914;padding:12px 28px;font-weight:700}.w{max-width:700px;margin:28px auto;padding:0 16px}
.err{border:1px solid #e87c03;background:#fff4e5;padding:14px 18px;border-radius:4px}
.promo{background:#f5f5f1;padding:16px 20px;border-radius:8px;margin-top:24px}
.card{border:1px solid #ddd;border-radius:6px;padding:16px 20px;margin:14px 0}
.btn{display:inline-block;background:#e50914;color:#fff;padding:10px 18px;border:0;
border-radius:4px;text-decoration:none;font-size:15px}"""


def _la(title: str, body: str, script: str = "") -> str:
    return doc(
        title,
        f'<div class="top">NETFLIX</div><div class="w">{body}</div>',
        css=_LA_CSS,
        script=script,
    )


_LA_BROWSE = _la(
    "Home - Netflix",
    "<h1>Popular on Netflix</h1><p>Bridgerton · Money Heist · The Witcher · Narcos</p>",
)
_LA_CONTACT = _la(
    "Contact us",
    """<h1>Contact Netflix</h1><p>Call us: 1-866-579-7172 (toll free). Live chat is available
24 hours a day.</p>""",
)

NOT_CANCELLED_NOTICE = Variant(
    name="notice-not-cancelled",
    start="account/cancel-error",
    description=(
        "a failed-cancellation notice: heading 'Cancellation failed', 'Your membership is "
        "NOT cancelled ... You will still be charged on March 3, 2027', links to contact and "
        "home; no way to cancel from here"
    ),
    expect="active",
    kind="look-alike",
    routes={
        "account/cancel-error": _la(
            "Netflix",
            """<div class="err" role="alert"><h1>Cancellation failed</h1>
<p>Your membership is NOT cancelled. We couldn't reach our payment system, so nothing has
changed. You will still be charged on March 3, 2027.</p>
<p>Please try again later, or contact us and we'll take care of it.</p></div>
<p><a href="{{B}}/contact">Contact Customer Service</a> · <a href="{{B}}/browse">Back to Netflix</a></p>""",
        ),
        "contact": _LA_CONTACT,
        "browse": _LA_BROWSE,
    },
    walk=(click("Back to Netflix", "link"),),
)

ACTIVE_WITH_PROMO = Variant(
    name="active-restart-promo",
    start="account",
    description=(
        "an ACTIVE account page (next billing date, a 'Cancel membership' link-button) with a "
        "promo card whose link is 'Restart Membership' (for former members); 'Cancel "
        "membership' leads to a 'temporarily unavailable' notice, so it cannot be cancelled today"
    ),
    expect="active",
    kind="look-alike",
    routes={
        "account": _la(
            "Account",
            """<h1>Account</h1><div class="card"><h2>Membership</h2><p>Premium plan</p>
<p>Next billing date: March 3, 2027</p><p>Visa •••• 4242</p>
<a class="btn" href="{{B}}/account/membership">Cancel membership</a></div>
<aside class="promo"><h2>Know someone who left?</h2><p>Former members can pick up right where
they left off: their profiles and My List are still saved.</p>
<a href="{{B}}/welcome-back">Restart Membership</a></aside>""",
        ),
        "account/membership": _la(
            "Netflix",
            """<div role="alert"><h1>This page isn't available right now</h1>
<p>We can't make changes to memberships at the moment. Please try again in a few hours.</p></div>
<p><a href="{{B}}/account">Back to Account</a></p>""",
        ),
        "welcome-back": _la(
            "Welcome back",
            """<h1>Come back to Netflix</h1><p>Restart your membership and pick up where you
left off. Plans from $7.99.</p><a class="btn" href="#plans">See plans</a>""",
        ),
    },
    walk=(click("Cancel membership", "link"), click("Back to Account", "link")),
)

_HELP_CSS = """body{font:16px/1.6 'Netflix Sans',Arial,sans-serif;margin:0;color:#221f1f}
.hc{background:#221f1f;color:#fff;padding:14px 32px;display:flex;gap:24px;align-items:center}
.hc input{padding:8px;width:320px}.cols{display:flex;gap:40px;max-width:1000px;margin:32px auto}
article{flex:2}nav{flex:1;border-left:1px solid #ddd;padding-left:24px}nav a{display:block;
margin:8px 0}"""
_HELP_FEEDBACK = """document.querySelectorAll('.fb').forEach(function(b){b.onclick=function(){
document.getElementById('fb').textContent='Thanks for your feedback.'}})"""


def _help(title: str, article: str) -> str:
    return doc(
        title,
        f"""<div class="hc"><b>Help Center</b><form role="search" action="#"><input type="search"
aria-label="Search help" placeholder="What do you need help with?"></form></div>
<div class="cols"><article>{article}
<div id="fb">Was this article helpful? <button class="fb" type="button">Yes</button>
<button class="fb" type="button">No</button></div></article>
<nav aria-label="Related articles"><h2>Related articles</h2>
<a href="{{{{B}}}}/help/node/407">How do I cancel?</a>
<a href="{{{{B}}}}/help/node/1035">Order canceled? Help with DVD orders</a>
<a href="{{{{B}}}}/help/node/1188">Why was my membership canceled?</a></nav></div>""",
        css=_HELP_CSS,
        script=_HELP_FEEDBACK,
    )


HELP_ARTICLE = Variant(
    name="help-article",
    start="help/node/407",
    description=(
        "help-centre article 'How do I cancel?' (no contracts, no cancellation fees, the steps, "
        "'Once your membership has been canceled...'), related 'Order canceled? Help with DVD "
        "orders' and 'Why was my membership canceled?'; no account at all"
    ),
    expect="active",
    kind="look-alike",
    routes={
        "help/node/407": _help(
            "How do I cancel? | Netflix Help Center",
            """<h1>How do I cancel?</h1><p>Netflix is flexible. There are no contracts and no
commitments. You can cancel online at any time, and there are no cancellation fees.</p>
<ol><li>Sign in and go to your Account page.</li><li>Select Cancel Membership.</li>
<li>Select Finish Cancellation to confirm.</li></ol>
<p>Your membership will end at the end of your current billing period. If you cancel with time
left in your billing period, you can keep watching until your account closes.</p>
<p>Once your membership has been canceled, we'll send you a confirmation email.</p>""",
        ),
        "help/node/1035": _help(
            "Order canceled? Help | Netflix Help Center",
            """<h1>Order canceled? Help with DVD orders</h1><p>If your DVD order was canceled,
the disc may be out of stock. Your streaming membership is not affected.</p>""",
        ),
        "help/node/1188": _help(
            "Why was my membership canceled? | Netflix Help Center",
            """<h1>Why was my membership canceled?</h1><p>If you didn't cancel, your payment
may have been declined. Update your payment method to restart your membership.</p>""",
        ),
    },
    walk=(click("Order canceled? Help with DVD orders", "link"), click("Yes")),
)

_LAND_CSS = """body{font:17px Arial,sans-serif;margin:0;background:#000;color:#fff}
header{display:flex;justify-content:space-between;padding:20px 40px}header a{background:#e50914;
color:#fff;padding:7px 16px;border-radius:4px;text-decoration:none}.hero{text-align:center;
padding:80px 20px}.hero h1{font-size:44px}details{background:#2d2d2d;margin:8px auto;
max-width:800px;padding:16px 24px}summary{font-size:22px;cursor:pointer}
input{padding:14px;width:320px}.cta{background:#e50914;color:#fff;border:0;padding:14px 24px;
font-size:20px}.w{max-width:420px;margin:60px auto;background:rgba(0,0,0,.75);padding:40px}"""


def _land_login(request: Request, state: State) -> Reply | str:
    error = ""
    if request.method == "POST":
        error = '<p role="alert">Incorrect password for this email. Please try again.</p>'
    return doc(
        "Netflix",
        f"""<header><b>NETFLIX</b></header><div class="w"><h1>Sign In</h1>{error}
<form method="post" action="{{{{B}}}}/login"><p><input name="userLoginId" aria-label="Email or
mobile number" placeholder="Email or mobile number"></p><p><input name="password" type="password"
aria-label="Password" placeholder="Password"></p><button class="cta">Sign In</button></form>
<p>New to Netflix? <a href="{{{{B}}}}/">Sign up now</a>.</p></div>""",
        css=_LAND_CSS,
    )


CANCEL_ANYTIME_LANDING = Variant(
    name="cancel-anytime",
    start="home",
    description=(
        "logged-out landing page: 'Unlimited movies, TV shows, and more', 'Cancel anytime. No "
        "commitments.', an email 'Get Started' form and an FAQ (<details>) 'How do I cancel?'; "
        "'Sign In' leads to a login form nobody fills in"
    ),
    expect="active",
    kind="look-alike",
    routes={
        "home": doc(
            "Netflix - Watch TV Shows Online, Watch Movies Online",
            """<header><b>NETFLIX</b><a href="{{B}}/login">Sign In</a></header>
<div class="hero"><h1>Unlimited movies, TV shows, and more</h1><p>Starts at $7.99.</p>
<p>Cancel anytime. No commitments.</p><p>Ready to watch? Enter your email to create or restart
your membership.</p><form action="{{B}}/signup"><input type="email" name="email"
aria-label="Email address" placeholder="Email address"> <button class="cta">Get Started</button>
</form></div><h2 style="text-align:center">Frequently Asked Questions</h2>
<details><summary>What is Netflix?</summary><p>Netflix is a streaming service with TV shows,
movies, anime and documentaries on thousands of devices.</p></details>
<details><summary>How much does Netflix cost?</summary><p>Plans range from $7.99 to $24.99 a
month. No extra costs, no contracts.</p></details>
<details><summary>How do I cancel?</summary><p>Netflix is flexible. There are no pesky contracts
and no commitments. You can easily cancel your account online in two clicks. There are no
cancellation fees - start or stop your account anytime.</p></details>""",
            css=_LAND_CSS,
        ),
        "login": _land_login,
        "signup": doc(
            "Choose your plan",
            """<div class="w"><h1>Choose the plan that's right for you</h1><p>Standard with ads
$7.99 · Standard $15.49 · Premium $24.99</p><p>Cancel anytime.</p></div>""",
            css=_LAND_CSS,
        ),
    },
    walk=(
        Step("click", selector="summary:has-text('How do I cancel?')"),
        click("Sign In", "link"),
    ),
)

_AC_ACCOUNT = _la(
    "Account",
    """<h1>Account</h1><div class="card"><h2>Membership</h2>
<p>Your membership has already been canceled. You can watch until March 3, 2027.</p>
<form method="post" action="{{B}}/restart"><button class="btn">Restart Membership</button></form>
</div><div class="card"><h2>Profiles</h2><a href="#ann">Ann</a> · <a href="#kids">Kids</a></div>
<div class="card"><h2>Security</h2><a href="#password">Update password</a></div>""",
)
_AC_ACCOUNT_ACTIVE = _la(
    "Account",
    """<h1>Account</h1><div class="card"><h2>Membership</h2><p>Welcome back! Your membership
is active again. Next billing date: March 3, 2027.</p></div>""",
)
_AC_CONFIRM = _la(
    "Netflix",
    """<h1>Your membership has ended</h1><p>Your membership has already been canceled. Ready to
watch? Restart your membership any time.</p><a href="{{B}}/account">Account</a>""",
)

ALREADY_CANCELLED = Variant(
    name="already-cancelled",
    start="account",
    description=(
        "an account that is ALREADY cancelled: 'Your membership has already been canceled. You "
        "can watch until March 3, 2027' in a <p>, a 'Restart Membership' POST button, no cancel "
        "control; /cancel and /cancelplan redirect to /cancelplan/confirm (as the real site does)"
    ),
    expect="already-cancelled",
    kind="look-alike",
    routes={
        "account": by_state(_AC_ACCOUNT_ACTIVE, _AC_ACCOUNT),
        "restart": restart_then("/account"),
        "cancel": go("/cancelplan/confirm"),
        "cancelplan": go("/cancelplan/confirm"),
        "cancelplan/confirm": _AC_CONFIRM,
    },
    walk=(Step("click", selector="a[href='#ann']"),),
)

LOOKALIKES = [
    NOT_CANCELLED_NOTICE,
    ACTIVE_WITH_PROMO,
    HELP_ARTICLE,
    CANCEL_ANYTIME_LANDING,
    ALREADY_CANCELLED,
]

VARIANTS = [*FLOWS, *LOOKALIKES]
