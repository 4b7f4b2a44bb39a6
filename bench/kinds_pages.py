"""Whole pages built of the kinds of markup that cost a capture time on saved real-world pages:
long inline structures, large tables, many text nodes per element, deep inline nesting. Where
``bench.inline_pages`` grows one kind alone across sizes (for the linear law), these mix them
at the sizes real pages reach, inside a page's usual frame (landmarks, a header, controls in
view), so the speed goals are checked on them beside Playwright MCP.

``write_pages(dest)`` writes the set; ``bench.kinds_pages_held`` has its twin, other builders
and another seed, kept aside: a change is tuned on these and checked on those. Standard library
only, seeded: the same call writes the same bytes.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from html import escape
from pathlib import Path

from bench.inline_pages import word
from bench.stress_pages import StressPage

SEED = 3601
_AR = ["مرحبا", "الكتاب", "المدينة", "السوق"]
_JA = (("漢字", "かんじ"), ("東京", "とうきょう"), ("言葉", "ことば"))
Builder = Callable[[random.Random], str]


def page(title: str, body: str, lang: str = "en", style: str = "") -> str:
    """A page's frame around ``body``: a banner with a few controls, then the main part."""
    nav = "".join(f'<a href="/s/{k}">{w}</a> ' for k, w in enumerate(("Home", "Browse", "Help")))
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{escape(title)}</title>\n<style>body{{margin:8px;font:15px/1.4 sans-serif}}"
        f"{style}</style>\n</head>\n<body>\n<header><nav>{nav}</nav>"
        '<form action="/search"><input type="search" name="q" aria-label="Search">'
        f'<button type="submit">Search</button></form></header>\n<main><h1>{escape(title)}</h1>'
        f"\n{body}\n</main>\n</body>\n</html>\n"
    )


def prose(rng: random.Random, low: int, high: int) -> str:
    return " ".join(word(rng) for _ in range(rng.randint(low, high)))


def kudos(rng: random.Random) -> str:
    """A fan-fiction work: inline tag lists, a chapter with emphasis, then one span of 3,700
    comma-separated kudos links and a long comment list."""
    tags = ", ".join(f'<a class="tag" href="/tags/{i}">{word(rng)} {i}</a>' for i in range(250))
    chapter = "".join(
        f"<p>{prose(rng, 20, 60)} <em>{prose(rng, 2, 6)}</em> {prose(rng, 10, 30)}.</p>"
        for _ in range(150)
    )
    names = ", ".join(f'<a href="/users/u{i}">user{i}</a>' for i in range(3_700))
    comments = "".join(
        f'<li><b><a href="/users/c{i}">{word(rng)}{i}</a></b> <span>{prose(rng, 5, 25)}</span> '
        f'<button type="button">Reply</button></li>'
        for i in range(200)
    )
    body = (
        f'<dl><dt>Tags:</dt><dd><span class="tags">{tags}</span></dd></dl>'
        f'<div class="chapter">{chapter}</div>'
        f'<p class="kudos"><span>{names}</span> left kudos on this work!</p>'
        f"<ol>{comments}</ol>"
    )
    return page("A long work", body)


def ledger(rng: random.Random) -> str:
    """A large table: 2,500 rows of a checkbox, a link, nested inline cells, amounts, an
    action button; sort buttons in its header."""
    head = "".join(
        f'<th><button type="button">{h}</button></th>'
        for h in ("Pick", "Account", "Memo", "Debit", "Credit", "Action")
    )
    rows = "".join(
        f'<tr><td><input type="checkbox" aria-label="pick {i}"></td>'
        f'<td><a href="/acct/{i}">acct {i}</a></td>'
        f"<td><span><b>{word(rng)}</b> <i>{word(rng)}</i> {word(rng)}</span></td>"
        f"<td>{rng.randint(1, 99999) / 100:.2f}</td><td>{rng.randint(1, 99999) / 100:.2f}</td>"
        f'<td><button type="button">Open {i}</button></td></tr>'
        for i in range(2_500)
    )
    return page("Ledger", f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")


def split_text(rng: random.Random) -> str:
    """Comments as a templating engine leaves them: each word its own text node (split by
    empty comments) inside one element, ~60 per comment, 500 comments with controls."""
    items = []
    for i in range(500):
        text = "<!-- -->".join(f"{word(rng)} " for _ in range(rng.randint(40, 80)))
        items.append(
            f'<article><h3><a href="/p/{i}">{word(rng)} {i}</a></h3><p>{text}</p>'
            f'<button type="button" aria-pressed="false">Like {i}</button></article>'
        )
    return page("Comments", "".join(items))


def nested(rng: random.Random) -> str:
    """Documentation whose paragraphs nest inline markup 10 to 40 deep, text at every level
    and a link innermost; 300 paragraphs."""
    tags = ("span", "b", "i", "em", "strong", "code", "small", "u", "s", "mark")
    paragraphs = []
    for i in range(300):
        depth = rng.randint(10, 40)
        opened = "".join(f"<{tags[k % len(tags)]}>{word(rng)} " for k in range(depth))
        closed = "".join(f" {word(rng)}</{tags[k % len(tags)]}>" for k in reversed(range(depth)))
        paragraphs.append(f'<p>{opened}<a href="/doc/{i}">see {i}</a>{closed}</p>')
    return page("Reference", "".join(paragraphs))


def inline_lists(rng: random.Random) -> str:
    """A wiki page's footer: inline lists of thousands of links (categories, see also,
    navboxes), with rubies and right-to-left runs between them."""
    boxes = []
    for box in range(12):
        links = []
        for i in range(250):
            key = box * 1000 + i
            if i % 7 == 0:
                base, reading = _JA[i % len(_JA)]
                links.append(
                    f'<li><a href="/w/{key}"><ruby>{base}<rt>{reading}</rt></ruby></a></li>'
                )
            elif i % 7 == 1:
                links.append(
                    f'<li><a href="/w/{key}"><bdi>{_AR[i % len(_AR)]}</bdi> {key}</a></li>'
                )
            else:
                links.append(f'<li><a href="/w/{key}">{word(rng)} {key}</a></li>')
        boxes.append(
            f'<nav aria-label="box {box}"><b>{word(rng)}</b> <ul>{"".join(links)}</ul></nav>'
        )
    article = "".join(f"<p>{prose(rng, 30, 80)}</p>" for _ in range(20))
    style = "nav ul{display:inline;padding:0}nav li{display:inline}nav li+li:before{content:' · '}"
    return page("Article with navboxes", article + "".join(boxes), style=style)


def framed(rng: random.Random) -> str:
    """A statement in a same-origin frame (``srcdoc``): 1,500 rows of a link, inline cells
    and a button, under the page's own controls. Chrome keeps a frame's accessibility tree
    apart from its parent's."""
    rows = "".join(
        f'<tr><td><a href="/stmt/{i}">line {i}</a></td><td><span><em>{word(rng)}</em> '
        f"{word(rng)}</span></td><td>{rng.randint(1, 99999) / 100:.2f}</td>"
        f'<td><button type="button">Dispute {i}</button></td></tr>'
        for i in range(1_500)
    )
    inner = f"<!DOCTYPE html><html lang=en><body><table>{rows}</table></body></html>"
    frame = (
        f'<iframe title="Statement" width="1100" height="520" srcdoc="{escape(inner)}"></iframe>'
    )
    return page("Statement", f"<p>{prose(rng, 20, 40)}</p>{frame}")


KINDS: tuple[tuple[str, Builder, str], ...] = (
    ("kudos", kudos, "a work page: one span of 3,700 links, inline tag lists, comments"),
    ("ledger", ledger, "a 2,500-row table: checkbox, link, nested inline cell, button"),
    ("split-text", split_text, "500 comments, each ~60 text nodes in one element"),
    ("nested", nested, "300 paragraphs of inline nesting 10 to 40 deep"),
    ("inline-lists", inline_lists, "inline lists of 3,000 links with ruby and bidi runs"),
    ("framed", framed, "a 1,500-row table inside a same-origin frame"),
)


def write(
    dest: Path, kinds: tuple[tuple[str, Builder, str], ...] = KINDS, seed: int = SEED
) -> list[StressPage]:
    """Every page of ``kinds`` as ``dest/<name>.html``, each seeded by its name."""
    dest.mkdir(parents=True, exist_ok=True)
    written = []
    for name, build, what in kinds:
        path = dest / f"{name}.html"
        path.write_text(build(random.Random(f"{seed}:{name}")), encoding="utf-8")
        written.append(StressPage(name, path, what))
    return written


def write_pages(dest: Path) -> list[StressPage]:
    """The set, under ``dest/kinds``."""
    return write(dest / "kinds")
