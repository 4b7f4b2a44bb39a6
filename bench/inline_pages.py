"""Stress pages of long inline structures, at any size: the kinds of markup that made a capture
slow on saved real-world pages (a span of thousands of comma-separated links on a fan-fiction
page was quadratic), built so that the linear-growth law can be measured across sizes.

Each kind is a builder of ``n`` items (an item: a link, an emphasised run, a ruby, a bidi run,
a table row, a text node, a level of nesting), written at bench time for every size asked.
Controls carry unique names (``user17``, ``row 17``) so a test can tell each one in view from
the others. Standard library only, seeded: the same call writes the same bytes.

``inline_pages_held`` holds other kinds, kept aside: a change is tuned on these, then checked
on those.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from pathlib import Path

SIZES = (10, 100, 1_000, 10_000)
SEED = 36
NEST = 100  # levels in one chain of the deep-inline kind; longer pages chain more of them

_EN = [
    "quiet",
    "river",
    "morning",
    "light",
    "station",
    "letter",
    "window",
    "garden",
    "market",
    "bridge",
    "winter",
    "story",
    "voice",
    "harbour",
    "paper",
    "silence",
    "moment",
    "answer",
    "shadow",
    "kitchen",
]
_JA = (("漢字", "かんじ"), ("東京", "とうきょう"), ("日本", "にほん"), ("言葉", "ことば"))
_AR = ["مرحبا", "الكتاب", "المدينة", "السوق", "النهر", "الصباح"]
_HE = ["שלום", "ספר", "עיר", "שוק", "נהר", "בוקר"]

Builder = Callable[[int, random.Random], str]


@dataclass(frozen=True)
class Kind:
    """One kind of page: its name, what it stands for, and its builder."""

    name: str
    what: str
    build: Builder


@dataclass(frozen=True)
class InlinePage:
    """One written page: its kind, its number of items, the file."""

    kind: str
    size: int
    path: Path

    def url_path(self, root: Path) -> str:
        return self.path.relative_to(root).as_posix()


def doc(title: str, body: str, lang: str = "en", style: str = "") -> str:
    """A page around ``body``: a heading first, so every page has text and a landmark."""
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{escape(title)}</title>\n<style>body{{margin:8px;font:16px/1.4 sans-serif}}"
        f"{style}</style>\n</head>\n<body>\n<h1>{escape(title)}</h1>\n{body}\n</body>\n</html>\n"
    )


def word(rng: random.Random) -> str:
    return rng.choice(_EN)


def links(n: int, rng: random.Random) -> str:
    """The fan-fiction kudos line: one span of ``n`` comma-separated links in a paragraph."""
    names = ", ".join(f'<a href="/u/{i}">user{i}</a>' for i in range(n))
    return doc("Kudos", f"<p><span>{names}</span> left kudos on this work</p>")


def emphasis(n: int, rng: random.Random) -> str:
    """A paragraph of ``n`` runs of emphasis, some nested once, a link every tenth."""
    tags = ("em", "strong", "i", "b", "mark", "code", "small")
    runs = []
    for i in range(n):
        tag, inner = tags[i % len(tags)], tags[(i + 3) % len(tags)]
        text = f"{word(rng)} <{inner}>{word(rng)}</{inner}>" if i % 3 == 0 else word(rng)
        run = f"<{tag}>{text}</{tag}> {word(rng)} "
        if i % 10 == 0:
            run += f'<a href="/e/{i}">note {i}</a> '
        runs.append(run)
    return doc("Emphasis", f"<p>{''.join(runs)}</p>")


def ruby(n: int, rng: random.Random) -> str:
    """A Japanese paragraph of ``n`` rubies with kana between, a link every tenth."""
    parts = []
    for i in range(n):
        base, reading = _JA[i % len(_JA)]
        parts.append(f"<ruby>{base}<rp>(</rp><rt>{reading}</rt><rp>)</rp></ruby>の")
        if i % 10 == 0:
            parts.append(f'<a href="/r/{i}">注{i}</a>、')
    return doc("ルビ", f"<p>{''.join(parts)}</p>", lang="ja")


def bidi(n: int, rng: random.Random) -> str:
    """English with ``n`` embedded right-to-left runs (bdi, dir=rtl spans, bdo), one paragraph;
    every fifth run is a link."""
    parts = []
    for i in range(n):
        ar, he = _AR[i % len(_AR)], _HE[i % len(_HE)]
        if i % 5 == 0:
            parts.append(f'<a href="/b/{i}" dir="rtl">{ar} {i}</a> {word(rng)} ')
        elif i % 5 == 1:
            parts.append(f"<bdi>{ar}</bdi> {word(rng)} ")
        elif i % 5 == 2:
            parts.append(f'<span dir="rtl">{he} <b>{ar}</b></span> {word(rng)} ')
        else:
            parts.append(f'<bdo dir="rtl">{word(rng)}</bdo> <bdi>{he}</bdi> ')
    return doc("Bidi", f'<p dir="ltr">{"".join(parts)}</p>')


def table(n: int, rng: random.Random) -> str:
    """A table of ``n`` rows: text, a link, a number, a button."""
    rows = "".join(
        f'<tr><td>{word(rng)} {word(rng)}</td><td><a href="/t/{i}">row {i}</a></td>'
        f'<td>{rng.randint(1, 9999)}</td><td><button type="button">edit {i}</button></td></tr>'
        for i in range(n)
    )
    head = "<thead><tr><th>name</th><th>link</th><th>count</th><th>action</th></tr></thead>"
    return doc("Table", f"<table>{head}<tbody>{rows}</tbody></table>")


def text_nodes(n: int, rng: random.Random) -> str:
    """One span holding ``n`` text nodes (comments split them, as templating leaves them),
    a link every twentieth."""
    parts = []
    for i in range(n):
        parts.append(f"{word(rng)} <!---->")
        if i % 20 == 0:
            parts.append(f'<a href="/x/{i}">item {i}</a><!---->')
    return doc("Text nodes", f"<div><span>{''.join(parts)}</span></div>")


def deep_inline(n: int, rng: random.Random) -> str:
    """``n`` levels of inline nesting, in chains of up to ``NEST`` (the parser stops at 512),
    text at every level, a link innermost in each chain; all in one paragraph."""
    tags = ("span", "b", "i", "em", "strong", "u", "small", "s")
    chains = []
    for start in range(0, n, NEST):
        depth = min(NEST, n - start)
        opened = "".join(f"<{tags[k % len(tags)]}>{word(rng)} " for k in range(depth))
        closed = "".join(f" {word(rng)}</{tags[k % len(tags)]}>" for k in reversed(range(depth)))
        chains.append(f'{opened}<a href="/d/{start}">level {start}</a>{closed} ')
    return doc("Deep inline", f"<p>{''.join(chains)}</p>")


KINDS: tuple[Kind, ...] = (
    Kind("links", "one span of comma-separated links (a kudos line)", links),
    Kind("emphasis", "a paragraph of emphasis runs, some nested", emphasis),
    Kind("ruby", "a Japanese paragraph of rubies", ruby),
    Kind("bidi", "English with right-to-left runs: bdi, dir=rtl, bdo", bidi),
    Kind("table", "table rows of text, a link, a number, a button", table),
    Kind("text-nodes", "one span of many text nodes (split by comments)", text_nodes),
    Kind("deep-inline", f"inline nesting in chains {NEST} deep, text at each level", deep_inline),
)


def write(
    dest: Path, kinds: tuple[Kind, ...] = KINDS, sizes: tuple[int, ...] = SIZES, seed: int = SEED
) -> list[InlinePage]:
    """Every kind at every size, as ``dest/<kind>-<size>.html``."""
    dest.mkdir(parents=True, exist_ok=True)
    written = []
    for kind in kinds:
        for size in sizes:
            path = dest / f"{kind.name}-{size}.html"
            rng = random.Random(f"{seed}:{kind.name}:{size}")
            path.write_text(kind.build(size, rng), encoding="utf-8")
            written.append(InlinePage(kind.name, size, path))
    return written
