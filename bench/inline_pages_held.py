"""Long inline structures kept aside: kinds the capture was not tuned on, other markup for the
same costs (long wrapping inlines, controls between text, many text nodes, nested inlines,
big tables), measured by the same bench and held to the same law. Written like
``inline_pages``, with a seed of their own."""

from __future__ import annotations

import random

from bench.inline_pages import Kind, doc, word

HELD_SEED = 3636
_ZH = ["北京", "上海", "新闻", "体育", "科技", "财经", "娱乐", "汽车"]


def mentions(n: int, rng: random.Random) -> str:
    """A list item whose small print mentions ``n`` people, separated by dots and soft breaks."""
    names = " · <wbr>".join(f'<a href="/@{i}" rel="author">@{word(rng)}{i}</a>' for i in range(n))
    return doc("Mentions", f"<ul><li>Seen by <small>{names}</small> and others</li></ul>")


def custom_tags(n: int, rng: random.Random) -> str:
    """Custom elements (inline, as the browser leaves undefined ones) wrapping ``n`` tag links."""
    chips = "".join(
        f'<tag-chip><a href="/tag/{i}">#{word(rng)}-{i}</a><tag-count>{rng.randint(1, 99)}'
        "</tag-count></tag-chip> "
        for i in range(n)
    )
    return doc("Tags", f"<section><tag-list>{chips}</tag-list></section>")


def inline_buttons(n: int, rng: random.Random) -> str:
    """A label-like line of ``n`` inline buttons between words (reactions, votes)."""
    parts = "".join(
        f'{word(rng)} <button type="button" aria-pressed="false">react {i}</button> '
        for i in range(n)
    )
    return doc("Reactions", f"<div class='bar'><span>{parts}</span></div>")


def portal_cells(n: int, rng: random.Random) -> str:
    """A Chinese portal table of ``n`` rows, each cell's link wrapped in inline markup."""
    rows = "".join(
        f"<tr><td><span><b><a href='/n/{i}'>{_ZH[i % len(_ZH)]}{i}</a></b></span></td>"
        f"<td><span>{_ZH[(i + 3) % len(_ZH)]}<!---->{_ZH[(i + 5) % len(_ZH)]}</span></td>"
        f"<td><small><abbr title='{word(rng)}'>{rng.randint(1, 99)}</abbr></small></td></tr>"
        for i in range(n)
    )
    return doc("新闻", f"<table>{rows}</table>", lang="zh-CN")


def code_tokens(n: int, rng: random.Random) -> str:
    """Highlighted code: a pre of ``n`` token spans, nested a level in places, a link every
    fiftieth (a symbol's definition)."""
    tokens = []
    for i in range(n):
        cls = ("kw", "id", "op", "str")[i % 4]
        token = f"<span class='{cls}'>{word(rng)}</span>"
        if i % 7 == 0:
            token = f"<span class='call'>{token}(<span class='arg'>{i}</span>)</span>"
        if i % 50 == 0:
            token = f"<a href='/def/{i}'>symbol{i}</a>"
        tokens.append(token + ("\n" if i % 8 == 7 else " "))
    return doc("Code", f"<pre><code>{''.join(tokens)}</code></pre>")


HELD_KINDS: tuple[Kind, ...] = (
    Kind("mentions", "a list item's small print of mention links, soft breaks", mentions),
    Kind("custom-tags", "undefined custom elements wrapping tag links", custom_tags),
    Kind("inline-buttons", "inline buttons between words", inline_buttons),
    Kind("portal-cells", "a Chinese portal table, links in nested inlines", portal_cells),
    Kind("code-tokens", "highlighted code: token spans in a pre", code_tokens),
)
