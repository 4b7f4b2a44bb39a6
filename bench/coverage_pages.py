"""Dense portals with a known number of controls in view, for the in-view coverage goal:
every control in the first 1280x720 viewport kept within the 2,000-token element budget.

Written at bench time like ``bench.stress_pages``: standard library only, seeded, the same
call writes the same bytes. Each page is a portal as such sites build them: a navigation bar
of short links, a search form (a field, a select, a check box, a button), the main content
as columns of link lists mixing short and long link texts (long ones cut on screen by CSS,
whole in the accessible name), a few buttons, and a footer of short links. Every control sits
in the viewport; ``n`` says how many there are. Built in English, Chinese and Japanese, at
25, 50, 75, 100 and 140 controls (140: more than the budget can hold, so the snapshot's
``meta`` must say by how much). Beside them, a page of 150 in plain HTML landmarks (no role
attribute) in each language, whose dialog's, form's and main content's controls should be
kept over its navigation and footer link lists.

``bench.coverage_pages_held`` builds other scripts and structures, kept aside: measured, never
tuned on. ``python -m bench.coverage_pages DEST`` writes the pages and lists them.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from pathlib import Path

SEED = 36
SIZES = (25, 50, 75, 100, 140)
FORM_CONTROLS = 4  # the search form's field, select, check box and button


@dataclass(frozen=True)
class Script:
    """How a language names things: its words, and how they join."""

    key: str
    lang: str
    words: tuple[str, ...]
    join: str
    direction: str = "ltr"

    def name(self, rng: random.Random, low: int, high: int) -> str:
        """``low``..``high`` words (ideographic scripts: characters) of the language."""
        if not self.join:
            goal = rng.randint(low, high)
            out = ""
            while len(out) < goal:
                out += rng.choice(self.words)
            return out[:goal]
        text = self.join.join(rng.choice(self.words) for _ in range(rng.randint(low, high)))
        return text[:1].upper() + text[1:]


EN = Script(
    "en",
    "en",
    tuple(
        [
            "account",
            "billing",
            "plan",
            "renew",
            "update",
            "storm",
            "council",
            "budget",
            "market",
            "league",
            "season",
            "travel",
            "health",
            "science",
            "weather",
            "opinion",
            "review",
            "video",
            "podcast",
            "offer",
            "member",
            "premium",
            "sports",
            "coast",
            "power",
            "housing",
            "schools",
            "election",
            "police",
            "court",
            "energy",
            "rail",
            "airport",
            "festival",
            "music",
            "culture",
            "books",
            "recipes",
            "garden",
            "motors",
            "money",
            "jobs",
            "property",
        ]
    ),
    " ",
)
ZH = Script(
    "zh",
    "zh-CN",
    tuple(
        [
            "新闻",
            "国内",
            "国际",
            "财经",
            "科技",
            "体育",
            "娱乐",
            "汽车",
            "房产",
            "教育",
            "健康",
            "旅游",
            "文化",
            "会员",
            "订阅",
            "续费",
            "取消",
            "账户",
            "服务",
            "政策",
            "市场",
            "经济",
            "城市",
            "发展",
            "公司",
            "发布",
            "活动",
            "视频",
            "图片",
            "专题",
            "评论",
            "天气",
            "交通",
        ]
    ),
    "",
)
JA = Script(
    "ja",
    "ja",
    tuple(
        [
            "ニュース",
            "国内",
            "国際",
            "経済",
            "スポーツ",
            "エンタメ",
            "天気",
            "会員",
            "登録",
            "解約",
            "お知らせ",
            "特集",
            "動画",
            "ランキング",
            "ショッピング",
            "旅行",
            "グルメ",
            "映画",
            "音楽",
            "テクノロジー",
            "東京",
            "大阪",
            "政府",
            "選挙",
            "地震",
            "鉄道",
            "新製品",
            "発表",
            "キャンペーン",
            "ポイント",
            "配送",
            "お問い合わせ",
        ]
    ),
    "",
)
SCRIPTS = (EN, ZH, JA)
STYLE = (
    "body{margin:0;font:12px/15px sans-serif}a{color:#124;text-decoration:none}"
    "ul{list-style:none;margin:0;padding:0}"
    ".bar{display:flex;flex-wrap:wrap;gap:2px 10px;padding:3px 10px;background:#eef}"
    "form{display:flex;gap:8px;padding:4px 10px;align-items:center}"
    ".cols{display:grid;grid-template-columns:repeat(5,1fr);gap:0 12px;padding:4px 10px}"
    ".cols li{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}"
    ".acts{display:flex;gap:6px;padding:2px 10px}"
    "footer{display:flex;flex-wrap:wrap;gap:2px 10px;padding:3px 10px;color:#555}"
)


@dataclass(frozen=True)
class CoveragePage:
    """One written page: its short name, the file, its controls in view, and what it is."""

    name: str
    path: Path
    controls: int
    what: str

    def url_path(self, root: Path) -> str:
        return self.path.relative_to(root).as_posix()


def _links(rng: random.Random, script: Script, count: int, low: int, high: int) -> list[str]:
    return [
        f'<a href="/a/{rng.randrange(10**6)}">{escape(script.name(rng, low, high))}</a>'
        for _ in range(count)
    ]


def portal(n: int, script: Script, rng: random.Random) -> str:
    """A portal of exactly ``n`` controls, all in the first 1280x720 viewport."""
    long_words = (2, 12) if script.join else (4, 28)
    short_words = (1, 2) if script.join else (2, 4)
    nav = max(3, n * 15 // 100)
    footer = max(2, n * 12 // 100)
    buttons = max(1, n // 25)
    main = n - nav - footer - buttons - FORM_CONTROLS
    word = script.name(rng, *short_words)
    form = (
        f'<form action="/search"><input type="text" name="q" aria-label="{escape(word)}">'
        f'<select name="in" aria-label="{escape(script.name(rng, *short_words))}">'
        f"<option>{escape(script.name(rng, *short_words))}</option></select>"
        f'<label><input type="checkbox" name="x">{escape(script.name(rng, *short_words))}</label>'
        f'<button type="submit">{escape(word)}</button></form>'
    )
    items = _links(rng, script, main, *long_words)
    for k in range(0, main, 3):  # a third short, as portals mix them
        items[k] = _links(rng, script, 1, *short_words)[0]
    acts = "".join(
        f'<button type="button">{escape(script.name(rng, *short_words))}</button>'
        for _ in range(buttons)
    )
    body = (
        f'<header><nav class="bar">{"".join(_links(rng, script, nav, *short_words))}</nav>'
        f"{form}</header>\n<main><h1>{escape(script.name(rng, *short_words))}</h1>"
        f'<ul class="cols">{"".join(f"<li>{i}</li>" for i in items)}</ul>'
        f'<div class="acts">{acts}</div></main>\n'
        f"<footer>{''.join(_links(rng, script, footer, *short_words))}</footer>"
    )
    return document(script, script.name(rng, *short_words), body)


LANDMARK_STYLE = (
    "body{margin:0;font:11px/13px sans-serif}a{color:#124;text-decoration:none}"
    "header,nav,aside,footer{display:flex;flex-wrap:wrap;gap:1px 8px;padding:2px 8px}"
    "main{padding:2px 8px}main ul{display:grid;grid-template-columns:repeat(4,1fr);gap:0 10px;"
    "list-style:none;margin:0;padding:0}main li{white-space:nowrap;overflow:hidden}"
    "form{display:flex;gap:6px;padding:2px 0}dialog{position:fixed;top:330px;margin:0 auto}"
)
LANDMARK_SIZE = 150  # more than the budget holds
LANDMARK_FORM = 5  # a text field, a check box, a select and two buttons


def _fields(script: Script, rng: random.Random) -> str:
    def word() -> str:
        return escape(script.name(rng, 1, 2))

    return (
        f'<input type="text" aria-label="{word()}"><input type="checkbox" aria-label="{word()}">'
        f'<select aria-label="{word()}"><option>{word()}</option></select>'
        f'<button type="button">{word()}</button><button type="button">{word()}</button>'
    )


def landmark_page(n: int, script: Script, rng: random.Random) -> str:
    """``n`` controls in view (past about 80, more than the budget holds) in plain HTML
    landmarks, no role attribute anywhere: a header (a home link and a navigation bar), the
    main content (a form of a few fields and buttons, then a list of links), a side bar, a
    long footer link list, and an open dialog of a few fields and buttons."""
    nav = n * 20 // 100
    main = n * 20 // 100
    aside = n * 8 // 100
    footer = n - 1 - nav - main - aside - 2 * LANDMARK_FORM
    body = (
        f'<header><a href="/">{escape(script.name(rng, 1, 2))}</a>'
        f"<nav>{''.join(_links(rng, script, nav, 1, 2))}</nav></header>\n"
        f"<main><h1>{escape(script.name(rng, 1, 3))}</h1>"
        f'<form action="/change">{_fields(script, rng)}</form>'
        f"<ul>{''.join(f'<li>{a}</li>' for a in _links(rng, script, main, 2, 6))}</ul></main>\n"
        f"<aside>{''.join(_links(rng, script, aside, 1, 3))}</aside>\n"
        f"<footer>{''.join(_links(rng, script, footer, 2, 6))}</footer>\n"
        f"<dialog open>{_fields(script, rng)}</dialog>"
    )
    return document(script, script.name(rng, 1, 2), body, LANDMARK_STYLE)


def document(script: Script, title: str, body: str, style: str = STYLE) -> str:
    direction = f' dir="{script.direction}"' if script.direction != "ltr" else ""
    return (
        f'<!DOCTYPE html>\n<html lang="{script.lang}"{direction}>\n<head>\n<meta charset="utf-8">'
        f"\n<title>{escape(title)}</title>\n<style>{style}</style>\n</head>\n"
        f"<body>\n{body}\n</body>\n</html>\n"
    )


Builder = Callable[[int, random.Random], str]


def write(dest: Path, builds: list[tuple[str, int, Builder, str]], seed: int) -> list[CoveragePage]:
    """Write each (name, controls, builder, what) page under ``dest``, seeded by its name."""
    dest.mkdir(parents=True, exist_ok=True)
    written = []
    for name, controls, build, what in builds:
        path = dest / f"{name}.html"
        path.write_text(build(controls, random.Random(f"{seed}:{name}")), encoding="utf-8")
        written.append(CoveragePage(name, path, controls, what))
    return written


def builds() -> list[tuple[str, int, Builder, str]]:
    out: list[tuple[str, int, Builder, str]] = []
    for script in SCRIPTS:
        for n in SIZES:

            def build(count: int, rng: random.Random, script: Script = script) -> str:
                return portal(count, script, rng)

            out.append((f"cov-{script.key}-{n}", n, build, f"{script.lang} portal, {n} in view"))
    for script in SCRIPTS:

        def plain(count: int, rng: random.Random, script: Script = script) -> str:
            return landmark_page(count, script, rng)

        what = f"{script.lang} plain landmarks, {LANDMARK_SIZE} in view"
        out.append((f"cov-landmarks-{script.key}", LANDMARK_SIZE, plain, what))
    return out


def write_pages(dest: Path) -> list[CoveragePage]:
    """Write the coverage portals into ``dest/coverage``."""
    return write(dest / "coverage", builds(), SEED)


def cli(writer: Callable[[Path], list[CoveragePage]], about: str | None) -> None:
    """``python -m MODULE DEST``: write the pages into DEST and list them."""
    parser = argparse.ArgumentParser(description=about)
    parser.add_argument("dest", type=Path)
    for page in writer(parser.parse_args().dest):
        print(f"{page.path}  {page.controls} controls  {page.what}")


if __name__ == "__main__":
    cli(write_pages, __doc__)
