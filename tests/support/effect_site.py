"""Pages whose controls do nothing, or something, served on 127.0.0.1 (``st_post_site``).

Each control says by its structure what it does (no handler, a handler that throws, one that
changes the page now or later, one that reverts a field): the after-action check must tell
them apart by what the page does, never by their words, which are in several languages.
"""

from __future__ import annotations


def page(title: str, body: str, lang: str = "en") -> str:
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>'
        f"</head><body>{body}</body></html>"
    )


DEAD = page(
    "Schritt 1",
    """<h1>Schritt 1 von 3</h1>
<p id="status">Bitte fortfahren.</p>
<button type="button" id="dead">Weiter</button>
<button type="button" id="throws" onclick="undefinedFunction()">次へ</button>
<a href="#" id="hash">Siguiente</a>
<button type="button" id="late">Später</button>
<script>
document.getElementById('late').addEventListener('click', () => {
  setTimeout(() => { document.getElementById('status').textContent = 'Gespeichert.'; }, 250);
});
</script>""",
    lang="de",
)

LIVE = page(
    "Paso 1",
    """<h1>Paso 1</h1>
<p id="status">Listo.</p>
<button type="button" id="grow"
  onclick="document.getElementById('status').textContent = 'Guardado.'">Guardar</button>
<button type="button" onclick="location.href = '/next'">Continuar</button>
<button type="button" aria-expanded="false" onclick="toggle(this)">Más opciones</button>
<button type="button" onclick="fetch('/ping', {method: 'POST', body: 'x'})">Enviar</button>
<button type="button" onclick="document.getElementById('terms').checked = true">全部同意</button>
<label><input type="checkbox" id="terms"> Acepto</label>
<script>
function toggle(b) {
  b.setAttribute('aria-expanded', String(b.getAttribute('aria-expanded') !== 'true'));
}
</script>""",
    lang="es",
)

NEXT = page("Paso 2", "<h1>Paso 2</h1><p>Hecho.</p>", lang="es")

FIELDS = page(
    "Formulaire",
    """<h1>Vos données</h1>
<label>Nom <input id="plain" type="text"></label>
<label>Code postal <input id="zero" type="text" maxlength="0"></label>
<label>Référence <input id="cleared" type="text"></label>
<label>Mot de passe <input id="secret" type="password" autocomplete="new-password"></label>
<label>Pays <select id="country"><option>France</option><option>Belgique</option></select></label>
<label>Formule <select id="plan"><option>Essentiel</option><option>Premium</option></select></label>
<label>Code <input id="short" type="text" maxlength="3"></label>
<script>
for (const id of ['cleared', 'secret']) {
  document.getElementById(id).addEventListener('input', (e) => { e.target.value = ''; });
}
document.getElementById('plan').addEventListener('change', (e) => { e.target.selectedIndex = 0; });
</script>""",
    lang="fr",
)

# A start page with a dead control and another way on (a link), for the loop's tests; the
# last page is where the other way leads: a page that shows the membership cancelled.
START = page(
    "Konto",
    """<h1>Mitgliedschaft</h1>
<button type="button">Kündigen</button>
<a href="/done">Zur Kündigung</a>""",
    lang="de",
)
DONE = page(
    "Membership Cancelled",
    """<h1>Your membership has been cancelled</h1>
<p>You can keep watching until December 16, 2026.</p>""",
)
# The final step on screen, its button dead: it counts its clicks in a script variable (no
# change a person or the check could see), so a test can tell how often it was pressed.
FINISH_DEAD = page(
    "Cancel Membership",
    """<h1>Cancel Your Membership?</h1>
<p>Cancellation will be effective at the end of your current billing period.</p>
<button type="button" onclick="window.presses = (window.presses || 0) + 1"
  >Finish Cancellation</button>""",
)

PAGES = {
    "/dead": DEAD,
    "/live": LIVE,
    "/next": NEXT,
    "/fields": FIELDS,
    "/start": START,
    "/done": DONE,
    "/cancelplan": FINISH_DEAD,
}
