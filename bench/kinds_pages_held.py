"""The twin of ``bench.kinds_pages``, kept aside (not tuned on): other pages of the same costly
kinds (long inline structures, large tables, many text nodes per element, deep inline
nesting), other builders, another seed, checked against the same goals."""

from __future__ import annotations

import random
from html import escape
from pathlib import Path

from bench.inline_pages import word
from bench.kinds_pages import Builder, page, prose, write
from bench.stress_pages import StressPage

HELD_SEED = 3663
_HE = ["שלום", "ספר", "עיר", "שוק"]
_ZH = ["北京", "上海", "新闻", "体育", "科技"]


def cast(rng: random.Random) -> str:
    """A film page: a synopsis, then the cast and crew as one paragraph of 2,400 links split
    by middle dots, Hebrew names isolated in ``bdi``."""
    people = " · ".join(
        f'<a href="/name/{i}"><bdi>{_HE[i % len(_HE)]}</bdi> {word(rng)}</a>'
        if i % 4 == 0
        else f'<a href="/name/{i}">{word(rng).title()} {i}</a>'
        for i in range(2_400)
    )
    synopsis = "".join(f"<p>{prose(rng, 40, 90)}</p>" for _ in range(6))
    return page("Film", f'{synopsis}<h2>Cast and crew</h2><p class="cast">{people}</p>')


def grid_form(rng: random.Random) -> str:
    """A spreadsheet-like form: 1,200 rows of a label in nested spans, a text field and a
    select, in a table."""
    rows = "".join(
        f"<tr><th scope=row><span><small>{i}</small> <span>{word(rng)}</span></span></th>"
        f'<td><input name="q{i}" aria-label="quantity {i}" value="{rng.randint(0, 9)}"></td>'
        f'<td><select aria-label="unit {i}"><option>kg</option><option>box</option></select>'
        "</td></tr>"
        for i in range(1_200)
    )
    return page("Order sheet", f'<form action="/order"><table>{rows}</table></form>')


def lyrics(rng: random.Random) -> str:
    """Chinese lyrics: one block per song of hundreds of text nodes split by line breaks and
    rubies; 40 songs, each with a share link."""
    songs = []
    for i in range(40):
        lines = "<br>".join(
            "".join(rng.choice(_ZH) for _ in range(rng.randint(3, 8)))
            + f"<ruby>{rng.choice(_ZH)}<rt>{word(rng)}</rt></ruby>"
            for _ in range(rng.randint(60, 120))
        )
        songs.append(
            f'<section><h2>歌 {i}</h2><div>{lines}</div><a href="/s/{i}">分享</a></section>'
        )
    return page("歌词", "".join(songs), lang="zh-CN", style="div{line-height:40px}")


def quotes(rng: random.Random) -> str:
    """A forum thread whose posts quote each other inline up to 60 deep (``q`` in spans),
    text at every level, 80 posts with reply buttons."""
    posts = []
    for i in range(80):
        depth = rng.randint(20, 60)
        opened = "".join(f'<span class="q{k % 3}"><q>{word(rng)} ' for k in range(depth))
        closed = "".join(f" {word(rng)}</q></span>" for _ in range(depth))
        posts.append(
            f'<article><p>{opened}<a href="/post/{i}">#{i}</a>{closed}</p>'
            f'<button type="button">Quote {i}</button></article>'
        )
    return page("Thread", "".join(posts))


def hashtags(rng: random.Random) -> str:
    """A social post with 2,500 hashtags, each a link in its own span with a word break, all in
    one wrapping paragraph, and a row of actions."""
    tags = "".join(
        f'<span class="h"><a href="/tag/{i}">#{word(rng)}{i}</a><wbr></span> ' for i in range(2_500)
    )
    actions = "".join(f'<button type="button">{w}</button>' for w in ("Like", "Share", "Save"))
    return page("Post", f"<article><p>{prose(rng, 30, 60)}</p><p>{tags}</p>{actions}</article>")


def feed(rng: random.Random) -> str:
    """A comment feed embedded from the same site: a frame holding 800 articles, each a
    heading link, a line of text and two buttons, inside a frame of its own again."""
    posts = "".join(
        f'<article><h3><a href="/p/{i}">{word(rng).title()} {i}</a></h3>'
        f"<p>{prose(rng, 8, 20)}</p><button>Reply</button> <button>Report</button></article>"
        for i in range(800)
    )
    inner = f"<!DOCTYPE html><html lang=en><body><section>{posts}</section></body></html>"
    outer = (
        "<!DOCTYPE html><html lang=en><body><h2>Comments</h2>"
        f'<iframe width="1000" height="460" srcdoc="{escape(inner)}"></iframe></body></html>'
    )
    frame = f'<iframe title="Comments" width="1060" height="560" srcdoc="{escape(outer)}"></iframe>'
    return page("Article", f"<p>{prose(rng, 30, 50)}</p>{frame}")


HELD: tuple[tuple[str, Builder, str], ...] = (
    ("cast", cast, "one paragraph of 2,400 cast links, bdi names"),
    ("grid-form", grid_form, "a 1,200-row table of fields and selects"),
    ("lyrics", lyrics, "Chinese lyrics: text nodes split by line breaks and rubies"),
    ("quotes", quotes, "forum posts quoting inline up to 60 deep"),
    ("hashtags", hashtags, "one paragraph of 2,500 hashtag links in spans"),
    ("feed", feed, "800 posts in a same-origin frame inside another"),
)


def write_pages(dest: Path) -> list[StressPage]:
    """The held-aside set, under ``dest/kinds-held``."""
    return write(dest / "kinds-held", HELD, HELD_SEED)
