"""Pages that re-render a list: the same controls in new nodes, as frameworks redraw.

``render()`` rebuilds the list from scratch (new ``li`` and controls for the same items); the
test calls it between a snapshot and an action, so the re-render is certain, not timed.
``window.hits`` counts each control's clicks by item (the page's own effect). Items may be
reordered (``order``) or dropped (``drop``) at the next render. A ``form`` page posts each
item's control to ``/p/done`` (a step a person must approve on a flow page).
Words in three languages; nothing in the code under test depends on them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Words:
    lang: str
    title: str
    list_name: str
    control: str  # every item's control has this same name
    items: tuple[str, str, str]
    fields: tuple[str, str]  # two text fields' labels


WORDS = {
    "en": Words(
        "en", "Your cart", "Cart", "Remove", ("Apples", "Pears", "Plums"), ("Name", "Email")
    ),
    "de": Words(
        "de",
        "Ihr Warenkorb",
        "Warenkorb",
        "Entfernen",
        ("Äpfel", "Birnen", "Pflaumen"),
        ("Name", "E-Mail-Adresse"),
    ),
    "ja": Words(
        "ja", "カート", "買い物かご", "削除", ("りんご", "なし", "すもも"), ("氏名", "メール")
    ),
}

_SCRIPT = """
window.hits = {};
window.renders = 0;
let items = %(items)s;
function control(item) {
  if (!%(form)s) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = %(control)s;
    b.addEventListener('click', () => { window.hits[item] = (window.hits[item] || 0) + 1; });
    return b;
  }
  const f = document.createElement('form');
  f.method = 'post'; f.action = '/p/done';
  const i = document.createElement('input');
  i.type = 'hidden'; i.name = 'item'; i.value = item;
  const b = document.createElement('button');
  b.textContent = %(control)s;
  f.append(i, b);
  return f;
}
window.render = (order, drop) => {
  if (order) items = order.map(k => items[k]);
  if (drop !== undefined) items = items.filter((_, k) => k !== drop);
  const ul = document.getElementById('list');
  ul.replaceChildren(...items.map(item => {
    const li = document.createElement('li');
    if (%(labelled)s) li.append(document.createTextNode(item + ' '));
    li.append(control(item));
    return li;
  }));
  window.renders++;
};
window.render();
if (%(every)d) {
  const timer = setInterval(() => {
    window.render();
    if (window.settle) { clearInterval(timer); window.settled = true; }
  }, %(every)d);
}
"""


def cart(words: Words, *, labelled: bool = True, form: bool = False, every_ms: int = 0) -> str:
    """The cart page: a heading, the list, and the script that renders it.

    ``labelled`` False leaves the items without text: identical controls that nothing in the
    page tells apart but their place. ``every_ms``: the page re-renders by itself on a timer
    until a test sets ``window.settle``; the re-render after that is the last and sets
    ``window.settled`` (a test waits for that, never for a time)."""
    script = _SCRIPT % {
        "items": json.dumps(list(words.items)),
        "control": json.dumps(words.control),
        "form": "true" if form else "false",
        "labelled": "true" if labelled else "false",
        "every": every_ms,
    }
    return (
        f"<!doctype html><html lang='{words.lang}'><head><meta charset='utf-8'>"
        f"<title>{words.title}</title></head><body><main><h1>{words.title}</h1>"
        f"<section><h2>{words.list_name}</h2><ul id='list'></ul></section></main>"
        f"<script>{script}</script></body></html>"
    )


def write_carts(
    folder: Path, suffix: str = "", *, labelled: bool = True, every_ms: int = 0
) -> None:
    """``<lang><suffix>.html`` in ``folder``: the cart page in each language (see ``cart``)."""
    for lang, words in WORDS.items():
        page = cart(words, labelled=labelled, every_ms=every_ms)
        (folder / f"{lang}{suffix}.html").write_text(page, encoding="utf-8")


def form_page(words: Words) -> str:
    """Two labelled text fields that ``render()`` rebuilds (new nodes, what was typed lost)."""
    first, second = (json.dumps(f) for f in words.fields)
    script = (
        "window.render = () => { const f = document.getElementById('f'); f.replaceChildren("
        f"...[{first}, {second}].map(t => {{ const l = document.createElement('label');"
        " l.append(t + ' ', document.createElement('input')); return l; })); };"
        " window.render();"
    )
    return (
        f"<!doctype html><html lang='{words.lang}'><head><meta charset='utf-8'>"
        f"<title>{words.title}</title></head><body><main><h1>{words.title}</h1>"
        f"<form id='f'></form></main><script>{script}</script></body></html>"
    )
