"""Realistic stress pages for the snapshot benchmarks, written at bench time (not fixtures: the
story alone is over 1 MB). Standard library only, no network, seeded: the same call writes the
same bytes.

``write_pages(dest)`` writes the stress set; ``write_pages(dest, held_aside=True)`` a different
set (other seeds, other builders and markup styles) kept apart so that a change tuned on the
first set can be checked on pages it was not tuned on. Each page imitates the markup of a kind
of real site: landmarks, skip links to ``<main tabindex="-1">``, inline markup in prose, aria
attributes, forms, custom elements with open shadow roots, same- and cross-origin iframes.

The stress set, after the team's 130 saved real-world pages (news, wikis, forums, fan fiction):

- ``story``: an AO3-like work page, one very long story (~4,500 DOM elements, mostly text, >1 MB)
- ``news``: a dense news portal, ~120 controls in the first 1280x720 viewport (30 section
  links, ~65 headlines, section heads, buttons), ~640 links in all
- ``cjk-portal``: a dense Chinese portal (``lang="zh-CN"``), ~60 controls in view, ~800 links
- ``deep``: divs ~800 deep (the parser stops at 512; a script nests the rest) with controls at
  several depths, and custom elements nesting open shadow roots 50 deep
- ``huge``: ~10,000 controls, a product table with a checkbox, link and button per row
- ``frames``: 20 iframes, half same-origin (srcdoc and sibling files), half cross-origin: a
  script points them at the other loopback name (``localhost`` <-> ``127.0.0.1``, same port)
- ``chat``: a chat log of ~3,500 messages (~21,000 small elements) in a ``role="log"``
  scrolled to its end, a message box and a send button
- ``login``, ``article``, ``settings``: small pages, for the fixed cost (~10, ~30, ~90 controls)

Held aside: ``forum-thread``, ``jp-shop`` (``lang="ja"``), ``docs-sidebar`` (600 links),
``rtl-news`` (``lang="ar" dir="rtl"``), ``gov-form`` (form-heavy, an error summary).

``python -m bench.stress_pages DEST [--held-aside]`` writes them and lists what it wrote.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from html import escape
from html.parser import HTMLParser
from pathlib import Path

from subterminator.snapshot.pruning import INTERACTIVE_ROLES, VALUE_ROLES

SEED = 23  # fixed, so every run builds the same pages
HELD_SEED = 2323


@dataclass(frozen=True)
class StressPage:
    """One written page: its short name, the file, and what it stands for."""

    name: str
    path: Path
    what: str

    def url_path(self, root: Path) -> str:
        """The page's path under ``root`` as a URL path (``held/jp-shop.html``)."""
        return self.path.relative_to(root).as_posix()


# -- words -----------------------------------------------------------------------------------

_EN = [
    "the",
    "a",
    "of",
    "and",
    "to",
    "in",
    "that",
    "it",
    "was",
    "he",
    "she",
    "they",
    "his",
    "her",
    "for",
    "on",
    "with",
    "as",
    "at",
    "by",
    "from",
    "but",
    "not",
    "had",
    "have",
    "been",
    "were",
    "would",
    "could",
    "said",
    "when",
    "what",
    "there",
    "which",
    "their",
    "them",
    "then",
    "into",
    "out",
    "up",
    "down",
    "over",
    "under",
    "again",
    "night",
    "morning",
    "light",
    "dark",
    "door",
    "window",
    "house",
    "road",
    "river",
    "city",
    "field",
    "winter",
    "summer",
    "rain",
    "snow",
    "wind",
    "fire",
    "stone",
    "glass",
    "paper",
    "letter",
    "voice",
    "hand",
    "eyes",
    "face",
    "heart",
    "mind",
    "memory",
    "story",
    "question",
    "answer",
    "reason",
    "moment",
    "silence",
    "shadow",
    "kitchen",
    "garden",
    "table",
    "chair",
    "coffee",
    "tea",
    "bread",
    "station",
    "train",
    "ticket",
    "market",
    "street",
    "bridge",
    "tower",
    "harbour",
    "ship",
    "quiet",
    "slowly",
    "softly",
    "finally",
    "almost",
    "never",
    "always",
    "perhaps",
    "somehow",
    "carefully",
    "suddenly",
    "looked",
    "turned",
    "walked",
    "waited",
    "whispered",
    "laughed",
    "remembered",
    "wondered",
    "noticed",
    "decided",
    "opened",
    "closed",
    "reached",
    "pulled",
    "pushed",
    "held",
    "carried",
    "followed",
    "watched",
    "listened",
    "answered",
    "small",
    "old",
    "new",
    "long",
    "short",
    "warm",
    "cold",
    "bright",
    "heavy",
    "empty",
    "broken",
    "careful",
    "gentle",
    "strange",
    "familiar",
    "impossible",
    "ordinary",
    "certain",
    "tired",
    "hungry",
    "lonely",
    "patient",
    "honest",
    "stubborn",
    "council",
    "minister",
    "election",
    "budget",
    "report",
    "court",
    "market",
    "shares",
    "energy",
    "climate",
    "health",
    "school",
    "police",
    "storm",
    "league",
    "final",
    "season",
    "transfer",
    "record",
    "museum",
    "festival",
    "science",
    "study",
]
_NAMES = [
    "Ada",
    "Bram",
    "Cleo",
    "Dario",
    "Esme",
    "Farid",
    "Greta",
    "Hugo",
    "Ines",
    "Jonah",
    "Kaito",
    "Lena",
    "Milo",
    "Nadia",
    "Oskar",
    "Priya",
    "Quinn",
    "Rosa",
    "Soren",
    "Tamsin",
    "Ulla",
    "Viktor",
    "Wren",
    "Yusuf",
    "Zora",
]
_ZH = [
    "国务院",
    "发布",
    "关于",
    "加快",
    "推进",
    "数字",
    "经济",
    "发展",
    "意见",
    "外交部",
    "回应",
    "记者",
    "提问",
    "央行",
    "宣布",
    "降准",
    "股市",
    "收盘",
    "上涨",
    "下跌",
    "科技",
    "公司",
    "发布会",
    "新品",
    "手机",
    "芯片",
    "汽车",
    "新能源",
    "销量",
    "创新高",
    "高考",
    "招生",
    "政策",
    "调整",
    "教育部",
    "城市",
    "地铁",
    "开通",
    "运营",
    "天气",
    "预报",
    "暴雨",
    "台风",
    "来袭",
    "足球",
    "联赛",
    "冠军",
    "篮球",
    "比赛",
    "奥运",
    "健康",
    "专家",
    "提醒",
    "夏季",
    "饮食",
    "旅游",
    "景区",
    "假期",
    "客流",
    "房价",
    "楼市",
    "数据",
    "统计局",
    "就业",
    "增长",
    "消费",
    "市场",
    "农业",
    "丰收",
    "航天",
    "发射",
    "成功",
    "卫星",
    "文化",
    "遗产",
    "保护",
    "博物馆",
    "展览",
    "电影",
    "票房",
    "突破",
    "网友",
    "热议",
    "视频",
    "独家",
    "深度",
    "解读",
    "评论",
    "观察",
    "现场",
    "直击",
    "记者",
    "探访",
]
_JA = [
    "送料無料",
    "ポイント",
    "倍",
    "セール",
    "限定",
    "新作",
    "人気",
    "ランキング",
    "国産",
    "天然",
    "水",
    "お米",
    "コシヒカリ",
    "ワイヤレス",
    "イヤホン",
    "ノイズキャンセリング",
    "充電",
    "ケーブル",
    "スマホ",
    "ケース",
    "手帳型",
    "日本製",
    "タオル",
    "今治",
    "ギフト",
    "母の日",
    "父の日",
    "お中元",
    "北海道",
    "産",
    "カニ",
    "ズワイガニ",
    "冷凍",
    "訳あり",
    "スニーカー",
    "レディース",
    "メンズ",
    "春夏",
    "秋冬",
    "おしゃれ",
    "大容量",
    "軽量",
    "撥水",
    "リュック",
    "防災",
    "セット",
    "保存食",
    "キッチン",
    "収納",
    "時短",
    "家電",
    "炊飯器",
    "掃除機",
    "コードレス",
    "楽天",
    "あす楽",
    "対応",
]
_AR = [
    "الحكومة",
    "تعلن",
    "عن",
    "خطة",
    "جديدة",
    "لدعم",
    "الاقتصاد",
    "الوطني",
    "وزير",
    "الخارجية",
    "يلتقي",
    "نظيره",
    "في",
    "العاصمة",
    "ارتفاع",
    "أسعار",
    "النفط",
    "في",
    "الأسواق",
    "العالمية",
    "المنتخب",
    "يفوز",
    "في",
    "مباراة",
    "ودية",
    "استعدادا",
    "للبطولة",
    "افتتاح",
    "معرض",
    "الكتاب",
    "الدولي",
    "بمشاركة",
    "واسعة",
    "الطقس",
    "موجة",
    "حارة",
    "تضرب",
    "المنطقة",
    "هذا",
    "الأسبوع",
    "البنك",
    "المركزي",
    "يثبت",
    "سعر",
    "الفائدة",
    "تقرير",
    "جامعة",
    "مشروع",
    "مدينة",
    "مستشفى",
    "طلاب",
    "انتخابات",
    "برلمان",
]


class _Text:
    """Seeded prose in one language."""

    def __init__(self, rng: random.Random, words: tuple[str, ...] | list[str], join: str = " "):
        self.rng = rng
        self.words = list(words)
        self.join = join

    def words_(self, low: int, high: int) -> str:
        return self.join.join(
            self.rng.choice(self.words) for _ in range(self.rng.randint(low, high))
        )

    def title(self, low: int = 3, high: int = 7) -> str:
        text = self.words_(low, high)
        return text[:1].upper() + text[1:]

    def sentence(self, low: int = 6, high: int = 18) -> str:
        return self.title(low, high) + self.rng.choice(".....?!")

    def chars(self, low: int, high: int) -> str:
        """CJK-style: whole words joined without spaces, ``low``..``high`` characters."""
        goal = self.rng.randint(low, high)
        out = ""
        while len(out) < goal:
            out += self.rng.choice(self.words)
        return out[:goal]


def _doc(
    title: str,
    body: str,
    *,
    lang: str = "en",
    style: str = "",
    head: str = "",
    direction: str | None = None,
) -> str:
    dir_attr = f' dir="{direction}"' if direction else ""
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}"{dir_attr}>\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n<style>{style}</style>\n{head}</head>\n"
        f"<body>\n{body}\n</body>\n</html>\n"
    )


def _slug(text: str) -> str:
    return "-".join("".join(c if c.isalnum() else " " for c in text.lower()).split())[:40] or "x"


SKIP_STYLE = (
    ".skip{position:absolute;left:-9999px;top:0}.skip:focus{left:8px;z-index:10}"
    "main:focus{outline:none}"
)

# -- the stress set --------------------------------------------------------------------------


def _inline(text: _Text, rng: random.Random) -> str:
    """A story paragraph: mostly plain text, sometimes inline markup, as fic authors write."""
    sentences = [escape(text.sentence(5, 22)) for _ in range(rng.randint(1, 7))]
    roll = rng.random()
    at = rng.randrange(len(sentences))
    if roll < 0.09:
        sentences[at] = f"<em>{sentences[at]}</em>"
    elif roll < 0.13:
        sentences[at] = f"<strong>{sentences[at]}</strong>"
    elif roll < 0.16:
        sentences[at] = f'<span style="text-decoration: underline">{sentences[at]}</span>'
    elif roll < 0.20:
        sentences[at] = sentences[at] + "<br>"
    if rng.random() < 0.18:  # dialogue
        name = rng.choice(_NAMES)
        return f"“{' '.join(sentences)}” {name} said."
    return " ".join(sentences)


def story(rng: random.Random) -> str:
    text = _Text(rng, _EN)
    tags = {
        "Rating": ["Teen And Up Audiences"],
        "Archive Warning": ["No Archive Warnings Apply"],
        "Category": ["F/M", "Gen"],
        "Fandom": [text.title(2, 4) + " (TV)", text.title(2, 3) + " - All Media Types"],
        "Relationship": [f"{a}/{b}" for a, b in zip(_NAMES[:9], _NAMES[9:18], strict=True)],
        "Characters": [f"{n} {text.title(1, 1)}" for n in _NAMES[:22]],
        "Additional Tags": [text.title(2, 5) for _ in range(44)],
    }
    meta = []
    for label, values in tags.items():
        cls = _slug(label)
        links = "".join(
            f'<li><a class="tag" href="/tags/{_slug(v)}/works">{escape(v)}</a></li>' for v in values
        )
        meta.append(
            f'<dt class="{cls} tags">{label}:</dt>'
            f'<dd class="{cls} tags"><ul class="commas">{links}</ul></dd>'
        )
    meta.append('<dt class="language" lang="en">Language:</dt><dd class="language">English</dd>')
    meta.append(
        '<dt class="series">Series:</dt><dd class="series"><span class="series">'
        '<span class="position">Part 2 of <a href="/series/4471">The Long Winter</a></span>'
        "</span></dd>"
    )
    stats = "".join(
        f'<dt class="{_slug(k)}">{k}:</dt><dd class="{_slug(k)}">{v}</dd>'
        for k, v in (
            ("Published", "2019-02-11"),
            ("Updated", "2024-11-30"),
            ("Words", "412,906"),
            ("Chapters", "58/60"),
            ("Comments", '<a href="/works/1911/comments">3,204</a>'),
            ("Kudos", "18,455"),
            ("Bookmarks", '<a href="/works/1911/bookmarks">4,017</a>'),
            ("Hits", "402,311"),
        )
    )
    meta.append(
        f'<dt class="stats">Stats:</dt><dd class="stats"><dl class="stats">{stats}</dl></dd>'
    )
    menus = []
    for menu, count in (("Fandoms", 8), ("Browse", 5), ("Search", 3), ("About", 6)):
        items = "".join(
            f'<li role="menuitem"><a href="/menu/{_slug(menu)}/{i}">{escape(text.title(1, 3))}</a></li>'
            for i in range(count)
        )
        menus.append(
            f'<li class="dropdown"><a class="dropdown-toggle" href="/menu/{_slug(menu)}" '
            f'aria-haspopup="true" aria-expanded="false">{menu}</a>'
            f'<ul class="menu dropdown-menu" role="menu">{items}</ul></li>'
        )
    chapter_options = "".join(
        f'<option value="{i}"{" selected" if i == 57 else ""}>{i}. {escape(text.title(2, 5))}</option>'
        for i in range(1, 59)
    )
    work_nav = (
        '<ul class="work navigation actions" role="menu">'
        '<li class="chapter entire"><a href="/works/1911?view_full_work=true">Entire Work</a></li>'
        '<li class="chapter previous"><a href="/works/1911/chapters/56">← Previous Chapter</a></li>'
        '<li class="chapter next"><a href="/works/1911/chapters/58">Next Chapter →</a></li>'
        '<li class="chapter" aria-haspopup="true"><form action="/works/1911/chapters" '
        'method="get"><label for="selected_id" class="visually-hidden">Chapter Index</label>'
        f'<select id="selected_id" name="selected_id">{chapter_options}</select>'
        '<input type="submit" value="Go"></form></li>'
        '<li class="comments"><a href="#comments">Comments</a></li>'
        '<li class="share"><button type="button" aria-controls="share">Share</button></li>'
        '<li class="download" aria-haspopup="true"><a href="#" class="collapsed" '
        'aria-expanded="false">Download</a><ul class="expandable secondary" hidden>'
        + "".join(
            f'<li><a href="/downloads/1911/work.{f}">{f.upper()}</a></li>'
            for f in ("azw3", "epub", "mobi", "pdf", "html")
        )
        + "</ul></li></ul>"
    )
    paragraphs = []
    for i in range(3_300):
        if i and i % 450 == 0:
            paragraphs.append('<p style="text-align: center">* * *</p>')
        paragraphs.append(f"<p>{_inline(text, rng)}</p>")
    comments = []
    for i in range(10):
        who = rng.choice(_NAMES) + str(rng.randint(1, 999))
        comments.append(
            f'<li class="comment group" role="article" id="comment_{800 + i}">'
            f'<h4 class="heading byline"><a href="/users/{who}">{who}</a> on Chapter 58 '
            f'<span class="posted datetime"><abbr title="Saturday">Sat</abbr> 30 Nov 2024</span>'
            f'</h4><blockquote class="userstuff"><p>{escape(text.sentence())}</p>'
            f"<p>{escape(text.sentence())}</p></blockquote>"
            f'<ul class="actions" role="menu"><li><a href="/comments/{800 + i}">Thread</a></li>'
            f'<li><a href="/comments/add_comment_reply?id={800 + i}">Reply</a></li></ul></li>'
        )
    footer_groups = {
        "About the Archive": ["Site Map", "Diversity Statement", "Terms of Service", "DMCA Policy"],
        "Contact Us": ["Policy Questions & Abuse Reports", "Technical Support & Feedback"],
        "Development": ["otwarchive v0.9.382.3", "Known Issues", "GPL by the OTW"],
    }
    footer = "".join(
        f'<li class="module group"><h4 class="heading">{escape(h)}</h4><ul class="menu">'
        + "".join(f'<li><a href="/{_slug(x)}">{escape(x)}</a></li>' for x in items)
        + "</ul></li>"
        for h, items in footer_groups.items()
    )
    body = f"""<div id="outer" class="wrapper">
<ul id="skiplinks"><li><a class="skip" href="#main">Main Content</a></li></ul>
<header id="header" class="region">
<h1 class="heading"><a href="/"><span>Archive of Our Own</span><sup> beta</sup></a></h1>
<div id="login" class="dropdown"><p class="user actions"><a id="login-dropdown" href="/users/login">Log In</a></p></div>
<nav aria-label="Site"><ul class="primary navigation actions">{"".join(menus)}
<li class="search"><form class="search" id="search" role="search" action="/works/search" method="get">
<fieldset><p><label class="landmark" for="site_search">Work Search</label>
<input class="text" id="site_search" aria-describedby="site_search_tooltip" name="work_search[query]" type="text">
<span class="tip" role="tooltip" id="site_search_tooltip">tip: arthur merlin words&gt;1000 sort:hits</span></p>
<p class="submit actions"><label class="landmark" for="search_submit">Submit Search</label>
<input id="search_submit" type="submit" value="Search"></p></fieldset></form></li></ul></nav>
</header>
<div id="inner" class="wrapper">
<main id="main" class="works-show region" tabindex="-1">
<div class="flash"></div>
<div class="work">{work_nav}
<div class="wrapper"><dl class="work meta group" role="complementary">{"".join(meta)}</dl></div>
<div id="workskin">
<div class="preface group">
<h2 class="title heading">{escape(text.title(3, 6))}</h2>
<h3 class="byline heading"><a rel="author" href="/users/quietharbour/pseuds/quietharbour">quietharbour</a></h3>
<div class="summary module" role="complementary"><h3 class="heading">Summary:</h3>
<blockquote class="userstuff"><p>{escape(text.sentence())}</p><p>{escape(text.sentence())}</p></blockquote></div>
<div class="notes module" role="complementary"><h3 class="heading">Notes:</h3>
<p>(See the end of the chapter for <a href="#chapter_57_endnotes">more notes</a>.)</p></div>
</div>
<div id="chapters" role="article">
<div class="chapter" id="chapter-57">
<div class="chapter preface group" role="complementary">
<h3 class="title"><a href="/works/1911/chapters/57">Chapter 57</a>: {escape(text.title(2, 5))}</h3></div>
<div class="userstuff module" role="article">
<h3 class="landmark heading" id="work">Chapter Text</h3>
{"".join(paragraphs)}
</div>
<div class="chapter preface group" role="complementary">
<div id="chapter_57_endnotes" class="end notes module"><h3 class="heading">Notes:</h3>
<blockquote class="userstuff"><p>{escape(text.sentence())}</p></blockquote></div></div>
</div></div></div>
<div id="feedback" class="feedback">
<h3 class="landmark heading">Actions</h3>
<ul class="actions" role="navigation">
<li><a href="#main">↑ Top</a></li>
<li><a href="/works/1911/chapters/56">← Previous Chapter</a></li>
<li><a href="/works/1911/chapters/58">Next Chapter →</a></li>
<li><form action="/kudos" method="post" id="new_kudo"><input type="hidden" name="kudo[commentable_id]" value="1911">
<input type="submit" id="kudo_submit" value="Kudos ♥"></form></li>
<li><a href="/works/1911/bookmarks/new">Bookmark</a></li>
<li><a href="#comments">Comments (3,204)</a></li></ul>
<div id="kudos"><p class="kudos">{", ".join(f'<a href="/users/{n}">{n}</a>' for n in _NAMES[:12])} and 18,443 more users left kudos on this work!</p></div>
<div id="add_comment_placeholder"><div id="add_comment">
<h3 class="heading">Post Comment</h3>
<form class="new_comment" id="comment_for_57" action="/comments" method="post">
<fieldset><legend>Post Comment</legend>
<p class="footnote">Note: All fields are required. Your email address will not be published.</p>
<ul><li><label for="comment_name">Guest name</label><input id="comment_name" name="comment[name]" type="text"></li>
<li><label for="comment_email">Guest email</label><input id="comment_email" name="comment[email]" type="email"></li></ul>
<label for="comment_content" class="landmark">Comment</label>
<textarea id="comment_content" name="comment[comment_content]" rows="10" maxlength="10000" aria-describedby="comment_tip"></textarea>
<p class="character_counter" id="comment_tip"><span class="value" aria-live="polite">10000</span> characters left</p>
<p class="submit actions"><input type="submit" value="Comment"></p>
</fieldset></form></div></div>
<div id="comments_placeholder"><h3 class="landmark heading" id="comments">Comments</h3>
<ol class="thread">{"".join(comments)}</ol>
<ol class="pagination actions" role="navigation"><li><a href="?page=2">Next →</a></li></ol></div>
</div></div>
</main>
</div>
<footer id="footer" role="contentinfo" class="region"><h3 class="landmark heading">Footer</h3>
<ul class="navigation actions" role="navigation">{footer}</ul></footer>
</div>"""
    style = (
        SKIP_STYLE + "body{font:15px/1.5 'Lucida Grande',Verdana,sans-serif;margin:0;color:#2a2a2a}"
        "#header{background:#900;color:#fff;padding:4px 16px}#header a{color:#fff}"
        ".primary>li{display:inline-block;margin-right:12px}.menu.dropdown-menu{display:none}"
        ".visually-hidden,.landmark{position:absolute;left:-9999px}"
        "#inner{padding:0 3%}.work.navigation li{display:inline-block;margin:4px}"
        "dl.work.meta{border:1px solid #ddd;padding:8px;font-size:13px;display:grid;"
        "grid-template-columns:10em 1fr;gap:2px 8px}ul.commas li{display:inline}"
        "ul.commas li+li:before{content:', '}dl.stats dt,dl.stats dd{display:inline}"
        ".userstuff{max-width:48em;margin:0 auto}.userstuff p{margin:1.2em 0}"
        "#footer{background:#900;color:#fff;padding:16px}#footer a{color:#fff}"
    )
    return _doc(
        f"{text.title(3, 5)} - Chapter 57 - quietharbour - Archive of Our Own", body, style=style
    )


def news(rng: random.Random) -> str:
    text = _Text(rng, _EN)
    sections = [
        "World",
        "US",
        "Politics",
        "Business",
        "Markets",
        "Tech",
        "Science",
        "Health",
        "Climate",
        "Sport",
        "Football",
        "Tennis",
        "Culture",
        "Film",
        "Music",
        "Books",
        "Travel",
        "Food",
        "Style",
        "Opinion",
        "Video",
        "Audio",
        "Podcasts",
        "Weather",
        "Local",
        "Education",
        "Obituaries",
        "Puzzles",
        "Crosswords",
        "Newsletters",
    ]
    assert len(sections) == 30
    nav = "".join(f'<li><a href="/{s.lower()}">{s}</a></li>' for s in sections)

    def headline(low: int = 6, high: int = 13) -> str:
        return escape(text.title(low, high))

    def story_link(cls: str = "") -> str:
        slug = rng.randrange(10**7, 10**8)
        klass = f' class="{cls}"' if cls else ""
        return f'<a{klass} href="/2025/03/14/{slug}">{headline()}</a>'

    lead = (
        '<article class="lead"><h2><a href="/2025/03/14/lead-story">'
        f"{headline(9, 14)}</a></h2><p>{escape(text.sentence(14, 24))}</p>"
        '<ul class="related">' + "".join(f"<li>{story_link()}</li>" for _ in range(4)) + "</ul>"
        '<button type="button" class="follow" aria-pressed="false">Follow live</button></article>'
    )
    columns = [lead]
    for section in sections[1:6]:
        items = "".join(f"<li>{story_link()}</li>" for _ in range(10))
        columns.append(
            f'<section class="col" aria-labelledby="h-{section.lower()}">'
            f'<h3 id="h-{section.lower()}"><a href="/{section.lower()}">{section}</a></h3>'
            f'<ul class="heads">{items}</ul>'
            f'<button type="button" class="more" aria-label="More {section} stories">More</button>'
            "</section>"
        )
    most_read = "".join(f"<li>{story_link()}</li>" for _ in range(10))
    columns.append(
        f'<aside class="col most" aria-labelledby="h-most"><h3 id="h-most">Most read</h3>'
        f'<ol class="heads">{most_read}</ol></aside>'
    )
    below = []
    for section in sections[6:28]:
        cards = "".join(
            f'<li class="card"><a href="/{section.lower()}/{i}">{headline()}</a>'
            f'<p class="dek">{escape(text.sentence(8, 16))}</p>'
            f'<span class="meta"><a href="/authors/{rng.choice(_NAMES).lower()}">'
            f"{rng.choice(_NAMES)}</a> · {rng.randint(1, 59)} min ago</span></li>"
            for i in range(11)
        )
        below.append(
            f'<section class="band" aria-labelledby="b-{section.lower()}">'
            f'<h2 id="b-{section.lower()}"><a href="/{section.lower()}">{section}</a></h2>'
            f'<ul class="cards">{cards}</ul>'
            f'<button type="button" class="load">More {section}</button></section>'
        )
    footer = "".join(
        f'<li><a href="/info/{_slug(x)}">{x}</a></li>'
        for x in [
            "About",
            "us",
            "Contact",
            "Careers",
            "Advertise",
            "Terms",
            "of",
            "use",
            "Privacy",
            "policy",
            "Cookie",
            "settings",
            "Accessibility",
            "Help",
            "Sitemap",
            "Corrections",
            "Ethics",
            "Archive",
            "RSS",
            "Apps",
            "Newsletters",
            "Licensing",
            "Syndication",
            "Press",
            "Events",
            "Store",
        ]
    )
    body = f"""<a class="skip" href="#main">Skip to content</a>
<header class="masthead">
<div class="util"><a class="logo" href="/">The Daily Ledger</a>
<span class="date">Friday, March 14, 2025</span>
<a href="/weather">Weather 14°C</a>
<form role="search" action="/search"><label for="q" class="vh">Search</label>
<input id="q" name="q" type="search" placeholder="Search"><button type="submit">Go</button></form>
<button type="button" class="subscribe">Subscribe</button><a href="/login">Sign in</a></div>
<nav aria-label="Sections"><ul class="sections">{nav}</ul></nav>
</header>
<main id="main" tabindex="-1">
<h1 class="vh">Front page</h1>
<div class="front">{"".join(columns)}</div>
{"".join(below)}
</main>
<footer><nav aria-label="Footer"><ul class="foot">{footer}</ul></nav>
<p>© 2025 The Daily Ledger Ltd.</p></footer>"""
    style = (
        SKIP_STYLE + "body{margin:0;font:12px/14px Arial,Helvetica,sans-serif;color:#111}"
        "a{color:#111;text-decoration:none}.vh{position:absolute;left:-9999px}"
        ".util{display:flex;gap:10px;align-items:center;padding:3px 8px;height:24px}"
        ".logo{font:bold 18px Georgia,serif}.util form{margin-left:auto}"
        ".util input{font-size:11px;width:120px}"
        ".sections{display:flex;flex-wrap:wrap;gap:2px 9px;list-style:none;margin:0;"
        "padding:3px 8px;border-top:2px solid #111;border-bottom:1px solid #ccc}"
        ".front{display:grid;grid-template-columns:1.4fr repeat(6,1fr);gap:8px;padding:4px 8px}"
        ".front h2{font:bold 17px/19px Georgia,serif;margin:2px 0}.front p{margin:3px 0}"
        ".front h3{font-size:12px;margin:2px 0;border-bottom:1px solid #999}"
        ".heads,.related{list-style:none;margin:0;padding:0}"
        ".heads li,.related li{padding:2px 0;border-bottom:1px dotted #ddd}"
        ".front button{font-size:11px;padding:0 4px;margin-top:2px}"
        ".band{padding:8px;border-top:3px solid #111;margin-top:12px}"
        ".cards{display:grid;grid-template-columns:repeat(4,1fr);gap:10px;list-style:none;"
        "padding:0}.dek{color:#555}.foot{display:flex;flex-wrap:wrap;gap:10px;list-style:none}"
        "footer{padding:16px;background:#eee}"
    )
    return _doc("The Daily Ledger: news, analysis and opinion", body, style=style)


def cjk_portal(rng: random.Random) -> str:
    text = _Text(rng, _ZH, join="")
    top = "".join(
        f'<li><a href="https://{x}.example/">{n}</a></li>'
        for x, n in (
            ("mail", "邮箱"),
            ("weibo", "微博"),
            ("app", "客户端"),
            ("help", "帮助"),
            ("login", "登录"),
            ("map", "导航"),
        )
    )
    channels = "新闻 国内 国际 军事 财经 股票 科技 手机 汽车 房产 体育 娱乐 教育 健康 旅游 文化"
    nav = "".join(f'<li><a href="/{i}/">{c}</a></li>' for i, c in enumerate(channels.split()))

    def link(low: int = 10, high: int = 25) -> str:
        return f'<a href="/doc/{rng.randrange(10**8, 10**9)}.shtml">{text.chars(low, high)}</a>'

    def items(count: int) -> str:
        return "".join(f"<li>{link()}</li>" for _ in range(count))

    dots = "".join(
        f'<button type="button" role="tab" aria-selected="{str(i == 0).lower()}" '
        f'aria-label="第{i + 1}张">{i + 1}</button>'
        for i in range(5)
    )
    first = (
        '<div class="first">'
        '<div class="focus" role="region" aria-roledescription="carousel" aria-label="焦点图">'
        f'<a class="pic" href="/focus/1.shtml"><span class="img"></span>{text.chars(12, 18)}</a>'
        f'<div class="dots" role="tablist">{dots}</div>'
        f'<ul class="list">{items(3)}</ul></div>'
        '<div class="yw" role="region" aria-label="要闻">'
        f'<h2 class="top"><a href="/doc/top.shtml">{text.chars(14, 20)}</a></h2>'
        f'<ul class="list">{items(10)}</ul></div>'
        '<div class="rank" role="region" aria-label="排行">'
        '<div class="tit"><h2>热门排行</h2></div>'
        f'<ol class="list">{items(8)}</ol>'
        '<div class="video"><span class="img"></span>'
        '<button type="button" class="play" aria-label="播放视频">▶</button></div></div></div>'
    )
    blocks = []
    names = "国内 国际 财经 科技 体育 娱乐 汽车 房产 教育 健康 旅游 文化 军事 时尚 读书 游戏 视频 "
    names += "图片 专题 评论 地方 公益"
    for b, name in enumerate(names.split()):
        blocks.append(
            f'<div class="blk" role="region" aria-label="{name}"><div class="tit">'
            f'<h2><a href="/c/{b}/">{name}</a></h2><span class="more"><a href="/c/{b}/list">'
            f'更多&gt;&gt;</a></span></div><ul class="list">{items(32)}</ul></div>'
        )
    body = f"""<a class="skip" href="#main">跳到主要内容</a>
<div class="topbar"><ul>{top}</ul></div>
<header class="head"><a class="logo" href="/">新闻中心</a>
<a class="ad" href="/ad/1" aria-label="广告">{text.chars(8, 12)}</a>
<form role="search" action="/search">
<input type="text" name="q" aria-label="搜索" placeholder="请输入关键词">
<button type="submit">搜索</button></form></header>
<nav class="chan" aria-label="频道"><ul>{nav}</ul></nav>
<main id="main" tabindex="-1">{first}
<a class="ad strip" href="/ad/2" aria-label="广告">{text.chars(8, 12)}</a><div class="cols">{"".join(blocks)}</div></main>
<footer><p><a href="/about">关于我们</a> | <a href="/contact">联系我们</a> |
<a href="/jobs">招聘信息</a> | <a href="/law">通行证注册</a> | <a href="/help">产品答疑</a></p>
<p>Copyright © 1996-2025 版权所有</p></footer>"""
    style = (
        SKIP_STYLE
        + "body{margin:0;font:14px/26px 'Microsoft YaHei','PingFang SC','Noto Sans CJK SC',"
        "sans-serif}a{color:#122e67;text-decoration:none}ul,ol{list-style:none;margin:0;"
        "padding:0}.topbar{background:#f8f8f8;border-bottom:1px solid #e6e6e6;height:30px;"
        "line-height:30px}.topbar li{display:inline;margin:0 8px;font-size:12px}"
        ".head{display:flex;align-items:center;gap:20px;padding:6px 20px;height:78px}"
        ".logo{font-size:24px;font-weight:bold;color:#d00}.ad{display:block;width:640px;"
        "height:70px;background:#fde;text-align:center;line-height:70px}"
        ".chan ul{display:grid;grid-template-columns:repeat(16,1fr);padding:0 20px;"
        "background:#1f4f9f}.chan a{color:#fff;line-height:32px}"
        ".first{display:grid;grid-template-columns:1fr 1.2fr 1fr;gap:0 22px;padding:8px 20px}"
        ".pic{display:block;text-align:center}.img{display:block;height:250px;background:#ccd}"
        ".dots button{font-size:11px;margin:2px}.top{font-size:18px;margin:0 0 4px}"
        ".video .img{height:150px}.strip{width:auto;margin:8px 20px;height:90px}"
        ".play{font-size:20px}"
        ".cols{display:grid;grid-template-columns:repeat(3,1fr);gap:0 22px;padding:0 20px}"
        ".tit{display:flex;justify-content:space-between;border-bottom:2px solid #1f4f9f}"
        ".tit h2{font-size:16px;margin:0}.more{font-size:12px}"
        ".list li{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}"
        "footer{text-align:center;color:#666;font-size:12px;padding:20px}"
    )
    return _doc("新闻中心_新闻首页", body, lang="zh-CN", style=style)


DEEP_MARKUP = 460  # nested divs in the markup: Blink's parser flattens past 512 open elements
DEEP_SCRIPT = 340  # more, nested by a script (DOM calls have no such limit)
SHADOW_DEPTH = 50

_DEEP_JS = """
(function () {
  var node = document.getElementById('deep-end');
  for (var d = 1; d <= %(more)d; d++) {
    var div = document.createElement('div');
    div.className = 'wp-block-group__inner-container';
    node.appendChild(div);
    node = div;
    if (d %% 85 === 0) {
      var depth = %(markup)d + d;
      var b = document.createElement('button');
      b.type = 'button';
      b.textContent = 'Apply at depth ' + depth;
      div.appendChild(b);
      var a = document.createElement('a');
      a.href = '#depth-' + depth;
      a.textContent = 'Details at depth ' + depth;
      div.appendChild(a);
    }
  }
})();
class NestPanel extends HTMLElement {
  constructor() { super(); this.attachShadow({mode: 'open'}); }
  connectedCallback() {
    if (this.shadowRoot.firstChild) return;
    var level = Number(this.getAttribute('level') || 1);
    this.shadowRoot.innerHTML =
      '<style>.panel{border-left:2px solid #88a;padding:0 0 0 3px}' +
      'button{font:12px sans-serif}</style>' +
      '<div class="panel" role="group" aria-label="Level ' + level + '">' +
      '<button type="button" aria-expanded="true">Collapse level ' + level + '</button> ' +
      '<a href="#level-' + level + '">Level ' + level + ' settings</a><slot></slot></div>';
    if (level < %(shadow)d) {
      var child = document.createElement('nest-panel');
      child.setAttribute('level', String(level + 1));
      this.shadowRoot.querySelector('.panel').appendChild(child);
    }
  }
}
customElements.define('nest-panel', NestPanel);
"""


def deep(rng: random.Random) -> str:
    text = _Text(rng, _EN)
    opening, closing = [], []
    for depth in range(1, DEEP_MARKUP + 1):
        cls = "wp-block-group" if depth % 2 else "wp-block-group__inner-container"
        opening.append(f'<div class="{cls}">')
        if depth % 75 == 0:
            opening.append(
                f'<button type="button">Apply at depth {depth}</button>'
                f'<a href="#depth-{depth}">Details at depth {depth}</a>'
                f"<p>{escape(text.sentence(4, 9))}</p>"
            )
        closing.append("</div>")
    opening[-1] = '<div class="wp-block-group__inner-container" id="deep-end">'
    cards = "".join(
        f'<user-card><template shadowrootmode="open"><style>:host{{display:block;'
        f'padding:2px}}</style><slot></slot> <button type="button">Follow</button>'
        f'</template><a href="/u/{n.lower()}">{n}</a></user-card>'
        for n in _NAMES[:10]
    )
    body = f"""<a class="skip" href="#main">Skip to content</a>
<header><nav aria-label="Main"><a href="/">Home</a> <a href="/docs">Docs</a>
<a href="/pricing">Pricing</a> <button type="button" aria-haspopup="menu">Account</button></nav>
</header>
<div class="layout">
<aside aria-label="People">{cards}</aside>
<main id="main" tabindex="-1"><h1>Workspace builder</h1>
<div class="page-builder">{"".join(opening)}{"".join(closing)}</div>
<nest-panel level="1"></nest-panel>
</main></div>
<footer><a href="/terms">Terms</a> <a href="/privacy">Privacy</a></footer>
<script>{_DEEP_JS % {"more": DEEP_SCRIPT, "markup": DEEP_MARKUP, "shadow": SHADOW_DEPTH}}</script>"""
    style = (
        SKIP_STYLE + "body{margin:0;font:13px/1.3 system-ui,sans-serif}"
        ".layout{display:grid;grid-template-columns:180px 1fr}main{padding:0 8px}"
        "h1{font-size:18px;margin:4px 0}header{padding:4px 8px;border-bottom:1px solid #ccc}"
    )
    return _doc("Workspace builder", body, style=style)


HUGE_ROWS = 3_300


def huge(rng: random.Random) -> str:
    text = _Text(rng, _EN)
    facets = {
        "Brand": [text.title(1, 2) for _ in range(20)],
        "Category": [text.title(1, 3) for _ in range(20)],
        "Price": ["Under $10", "$10 to $25", "$25 to $50", "$50 to $100", "$100 & above"],
        "Availability": ["In stock", "Ships in 2 days", "Pre-order"],
    }
    filters = "".join(
        f"<fieldset><legend>{k}</legend>"
        + "".join(
            f'<label><input type="checkbox" name="{_slug(k)}" value="{_slug(v)}"> {escape(v)}'
            "</label>"
            for v in values
        )
        + "</fieldset>"
        for k, values in facets.items()
    )
    rows = []
    for i in range(HUGE_ROWS):
        sku = f"SKU-{rng.randrange(10**5, 10**6)}-{i}"
        name = escape(text.title(2, 5))
        price = rng.randrange(199, 49_999) / 100
        stock = rng.choice(("In stock", "Low stock", "Backorder", "In stock", "In stock"))
        rows.append(
            f'<tr><td><input type="checkbox" aria-label="Select {sku}"></td>'
            f'<td><a href="/p/{sku.lower()}">{name}</a></td><td>{sku}</td>'
            f'<td class="num">${price:,.2f}</td><td>{stock}</td>'
            f'<td><button type="button" aria-label="Add {name} to cart">Add to cart</button>'
            "</td></tr>"
        )
    pages = "".join(f'<li><a href="?page={p}">{p}</a></li>' for p in range(1, 11))
    body = f"""<a class="skip" href="#main">Skip to results</a>
<header class="top"><a class="logo" href="/">Supplyhouse</a>
<form role="search" action="/search"><label for="s" class="vh">Search products</label>
<input id="s" type="search" name="q" value="fasteners"><button type="submit">Search</button></form>
<a href="/account">Account</a> <a href="/cart">Cart (0)</a></header>
<div class="layout">
<aside class="filters" aria-label="Filters"><h2>Filter results</h2>{filters}
<button type="button">Apply filters</button> <button type="reset">Clear all</button></aside>
<main id="main" tabindex="-1"><h1>Fasteners: {HUGE_ROWS:,} results</h1>
<div class="bulk" role="toolbar" aria-label="Bulk actions">
<button type="button">Add selected to cart</button><button type="button">Compare</button>
<label>Sort by <select><option>Relevance</option><option>Price: low to high</option>
<option>Price: high to low</option><option>Newest</option></select></label></div>
<table class="results"><caption class="vh">Products</caption>
<thead><tr><th scope="col"><input type="checkbox" aria-label="Select all"></th>
<th scope="col">Product</th><th scope="col">SKU</th><th scope="col">Price</th>
<th scope="col">Availability</th><th scope="col"><span class="vh">Actions</span></th></tr></thead>
<tbody>{"".join(rows)}</tbody></table>
<nav aria-label="Pagination"><ul class="pages">{pages}</ul></nav>
</main></div>
<footer><a href="/help">Help</a> <a href="/returns">Returns</a> <a href="/terms">Terms</a></footer>"""
    style = (
        SKIP_STYLE + "body{margin:0;font:13px/1.35 Arial,sans-serif}.vh{position:absolute;"
        "left:-9999px}.top{display:flex;gap:12px;align-items:center;padding:6px 10px;"
        "background:#234;color:#fff}.top a{color:#fff}.layout{display:grid;"
        "grid-template-columns:210px 1fr}.filters label{display:block}"
        "fieldset{border:0;border-top:1px solid #ccc;padding:2px 4px}"
        "table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #eee;"
        "padding:2px 6px;text-align:left}.num{text-align:right}"
        ".pages{display:flex;gap:6px;list-style:none}"
    )
    return _doc(f"Fasteners ({HUGE_ROWS:,}) | Supplyhouse", body, style=style)


_OTHER_ORIGIN_JS = """
(function () {
  var other = location.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  var base = location.protocol + '//' + other + (location.port ? ':' + location.port : '');
  var dir = location.pathname.replace(/[^/]*$/, '');
  document.querySelectorAll('iframe[data-other-origin]').forEach(function (frame) {
    frame.src = base + dir + frame.getAttribute('data-other-origin');
  });
})();
"""


def _widget(rng: random.Random, kind: int, title: str) -> str:
    """A small embedded document: a comment box, a payment form, a poll, a video player..."""
    text = _Text(rng, _EN)
    if kind == 0:
        inner = (
            f"<h2>{escape(title)}</h2><form><label for=c>Add a comment</label>"
            '<textarea id="c" rows="2"></textarea><button type="submit">Post</button></form>'
            + "".join(
                f'<p><a href="/u/{n}">{n}</a> {escape(text.sentence(4, 9))} '
                '<button type="button">Like</button></p>'
                for n in rng.sample(_NAMES, 3)
            )
        )
    elif kind == 1:
        inner = (
            f"<h2>{escape(title)}</h2><form><label>Card number <input inputmode=numeric "
            'autocomplete="cc-number"></label><label>Expiry <input placeholder="MM / YY"></label>'
            '<label>CVC <input inputmode="numeric"></label><button type="submit">Pay $24.00</button>'
            "</form>"
        )
    elif kind == 2:
        options = "".join(
            f'<label><input type="radio" name="poll" value="{i}"> {escape(text.title(2, 4))}'
            "</label>"
            for i in range(4)
        )
        inner = (
            f"<h2>{escape(title)}</h2><form><fieldset><legend>{escape(text.sentence(5, 9))}"
            f'</legend>{options}</fieldset><button type="submit">Vote</button></form>'
        )
    else:
        inner = (
            f'<h2>{escape(title)}</h2><div role="region" aria-label="Video player">'
            '<button type="button" aria-label="Play">▶</button>'
            '<input type="range" aria-label="Seek" min="0" max="312" value="0">'
            '<button type="button" aria-label="Mute">🔊</button>'
            '<button type="button" aria-label="Full screen">⛶</button></div>'
            f'<a href="/watch/{rng.randrange(10**6)}" target="_top">Watch on VidHost</a>'
        )
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        "<style>body{font:12px sans-serif;margin:4px}h2{font-size:13px;margin:0 0 4px}"
        "label{display:block}</style></head><body>" + inner + "</body></html>"
    )


def frames(rng: random.Random, dest: Path) -> str:
    """The frames page; its frame documents go into ``dest/frames/``."""
    text = _Text(rng, _EN)
    folder = dest / "frames"
    folder.mkdir(parents=True, exist_ok=True)
    slots = []
    for i in range(20):
        title = text.title(2, 4)
        kind = (i // 2) % 4  # each kind on both sides of the origin line
        if i % 2 == 0 and i % 4 == 0:  # same-origin, inline
            doc = _widget(rng, kind, title).replace("&", "&amp;").replace('"', "&quot;")
            frame = f'<iframe title="{escape(title)}" srcdoc="{doc}"></iframe>'
        elif i % 2 == 0:  # same-origin, a sibling file
            (folder / f"local-{i}.html").write_text(_widget(rng, kind, title), encoding="utf-8")
            frame = f'<iframe title="{escape(title)}" src="frames/local-{i}.html"></iframe>'
        else:  # the other loopback name: another origin, another site
            page = _widget(rng, kind, title)
            if i == 19:  # an ad slot whose creative is itself framed
                (folder / "creative.html").write_text(_widget(rng, 3, "Sponsored"), "utf-8")
                page = page.replace(
                    "</body>", '<iframe title="Creative" src="creative.html"></iframe></body>'
                )
            (folder / f"embed-{i}.html").write_text(page, encoding="utf-8")
            frame = (
                f'<iframe title="{escape(title)}" data-other-origin="frames/embed-{i}.html">'
                "</iframe>"
            )
        slots.append(
            f'<figure class="slot">{frame}<figcaption>{escape(title)}</figcaption></figure>'
        )
    prose = "".join(f"<p>{escape(text.sentence(10, 20))}</p>" for _ in range(3))
    body = f"""<a class="skip" href="#main">Skip to content</a>
<header><a href="/">Embed Weekly</a> <nav aria-label="Main"><a href="/latest">Latest</a>
<a href="/about">About</a></nav></header>
<main id="main" tabindex="-1"><h1>{escape(text.title(4, 8))}</h1>{prose}
<div class="slots">{"".join(slots)}</div></main>
<footer><a href="/privacy">Privacy</a></footer>
<script>{_OTHER_ORIGIN_JS}</script>"""
    style = (
        SKIP_STYLE + "body{margin:0 8px;font:14px sans-serif}.slots{display:grid;"
        "grid-template-columns:repeat(4,300px);gap:8px}figure{margin:0}"
        "iframe{width:300px;height:190px;border:1px solid #bbb}"
    )
    return _doc("Embeds of the week", body, style=style)


CHAT_MESSAGES = 3_500


def chat(rng: random.Random) -> str:
    text = _Text(rng, _EN)
    channels = "".join(
        f'<li><a href="/c/{c}"{" aria-current=page" if c == "general" else ""}># {c}</a></li>'
        for c in (
            [
                "general",
                "random",
                "announcements",
                "help",
                "design",
                "engineering",
                "releases",
                "support",
                "music",
                "pets",
                "travel",
                "books",
                "games",
                "food",
                "standup",
                "hiring",
            ]
        )
    )
    messages = []
    minute = 8 * 60
    for i in range(CHAT_MESSAGES):
        minute += rng.randint(0, 2)
        who = rng.choice(_NAMES)
        at = f"{minute // 60 % 24:02d}:{minute % 60:02d}"
        body = escape(text.sentence(2, 14))
        if rng.random() < 0.1:
            body = f'<span class="mention">@{rng.choice(_NAMES)}</span> {body}'
        messages.append(
            f'<li class="msg" id="m{i}"><span class="avatar" aria-hidden="true">{who[:2]}</span>'
            f'<span class="author">{who}</span> <a class="ts" href="#m{i}">'
            f'<time datetime="2025-03-14T{at}">{at}</time></a> <span class="body">{body}</span>'
            "</li>"
        )
    body = f"""<a class="skip" href="#composer">Skip to message box</a>
<div class="app">
<nav class="side" aria-label="Channels"><h2>Workspace</h2><ul>{channels}</ul></nav>
<main id="main" tabindex="-1">
<header class="bar"><h1># general</h1><button type="button">Members</button></header>
<ol class="log" id="log" role="log" aria-live="polite" aria-label="Messages in #general">
{"".join(messages)}</ol>
<form class="composer" action="/send"><label for="composer" class="vh">Message #general</label>
<textarea id="composer" rows="1" placeholder="Message #general"></textarea>
<button type="submit">Send</button></form>
</main></div>
<script>var log = document.getElementById('log'); log.scrollTop = log.scrollHeight;</script>"""
    style = (
        SKIP_STYLE + "html,body{height:100%;margin:0}body{font:14px/1.35 Lato,sans-serif}"
        ".vh{position:absolute;left:-9999px}.app{display:grid;grid-template-columns:220px 1fr;"
        "height:100vh}.side{background:#3f0e40;color:#fff;overflow:auto}.side a{color:#ddd}"
        "main{display:flex;flex-direction:column;min-height:0}.bar{display:flex;gap:8px;"
        "align-items:center;padding:0 10px;border-bottom:1px solid #ddd}.bar h1{font-size:16px}"
        ".log{flex:1;overflow-y:auto;list-style:none;margin:0;padding:4px 10px}"
        ".avatar{display:inline-block;width:20px;background:#ccd;text-align:center}"
        ".author{font-weight:bold}.ts{color:#888;font-size:11px}.composer{display:flex;"
        "gap:6px;padding:8px;border-top:1px solid #ddd}.composer textarea{flex:1}"
    )
    return _doc("general | Workspace chat", body, style=style)


def login(rng: random.Random) -> str:
    body = """<a class="skip" href="#main">Skip to content</a>
<header><a href="/" class="logo">Northwind</a></header>
<main id="main" tabindex="-1"><h1>Sign in</h1>
<form action="/session" method="post">
<label for="email">Email address</label>
<input id="email" name="email" type="email" autocomplete="username" required>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<label><input type="checkbox" name="remember"> Keep me signed in</label>
<button type="submit">Sign in</button></form>
<p><a href="/password/reset">Forgot your password?</a></p>
<p>New here? <a href="/signup">Create an account</a></p></main>
<footer><a href="/privacy">Privacy</a> · <a href="/terms">Terms</a></footer>"""
    style = (
        SKIP_STYLE + "body{font:15px sans-serif;margin:0}main{max-width:360px;margin:40px auto}"
        "label{display:block;margin-top:10px}input[type=email],input[type=password]"
        "{width:100%;padding:6px}button{margin-top:14px;padding:8px 20px}"
    )
    return _doc("Sign in | Northwind", body, style=style)


def article(rng: random.Random) -> str:
    text = _Text(rng, _EN)
    nav = "".join(
        f'<a href="/{x.lower()}">{x}</a> ' for x in ["Blog", "Projects", "Talks", "Now", "About"]
    )
    paragraphs = []
    for i in range(10):
        sentences = [escape(text.sentence()) for _ in range(3)]
        if i % 2 == 0 or i == 9:
            word = escape(text.title(1, 3))
            sentences[1] = f'<a href="https://example.org/ref/{i}">{word}</a>. {sentences[1]}'
        if i % 3 == 0:
            sentences[2] = f'<em>{sentences[2]}</em> <a id="ref{i}" href="#fn{i}">[{i}]</a>'
        paragraphs.append(f"<p>{' '.join(sentences)}</p>")
        if i == 4:
            paragraphs.append(f"<h2>{escape(text.title(2, 5))}</h2>")
    tags = "".join(f'<a rel="tag" href="/tags/{t}">{t}</a> ' for t in ("css", "a11y", "html"))
    notes = "".join(
        f'<li id="fn{i}">{escape(text.sentence(4, 10))} <a href="#ref{i}" aria-label="Back to '
        f'the text">↩</a></li>'
        for i in (0, 3, 6, 9)
    )
    related = "".join(
        f'<li><a href="/posts/{_slug(t)}">{escape(t)}</a></li>'
        for t in (text.title(3, 6), text.title(3, 6))
    )
    body = f"""<a class="skip" href="#main">Skip to content</a>
<header><a href="/" class="logo">quiet.dev</a><nav aria-label="Main">{nav}</nav></header>
<main id="main" tabindex="-1"><article>
<h1>{escape(text.title(4, 8))}</h1>
<p class="byline">By <a href="/about" rel="author">Tamsin Wren</a> ·
<time datetime="2025-02-02">2 February 2025</time></p>
{"".join(paragraphs)}
<p class="tags">Tagged {tags}</p>
<section class="footnotes" aria-label="Footnotes"><ol>{notes}</ol></section>
<nav aria-label="Related posts"><h2>Related</h2><ul>{related}</ul></nav>
<div class="share" role="group" aria-label="Share"><button type="button">Copy link</button>
<a href="https://social.example/share">Share</a></div>
</article></main>
<footer><a href="/feed.xml">RSS</a> <a href="/colophon">Colophon</a></footer>"""
    style = SKIP_STYLE + "body{font:17px/1.6 Georgia,serif;margin:0 auto;max-width:42em}"
    return _doc("A short post | quiet.dev", body, style=style)


def settings(rng: random.Random) -> str:
    text = _Text(rng, _EN)
    nav = "".join(
        f'<li><a href="#{_slug(x)}"{" aria-current=page" if i == 0 else ""}>{x}</a></li>'
        for i, x in enumerate(
            ("Profile", "Notifications", "Privacy", "Appearance", "Language", "Security")
        )
    )
    groups = []
    headings = ("Notifications", "Privacy", "Appearance", "Accessibility", "Region", "Security")
    for g, heading in enumerate(headings):
        rows = []
        for r in range(9):
            label = escape(text.title(2, 5))
            ident = f"s{g}-{r}"
            if r % 3 == 0:  # a switch, as design systems build it
                on = rng.random() < 0.5
                rows.append(
                    f'<div class="row"><span id="{ident}-l">{label}</span>'
                    f'<button type="button" role="switch" aria-checked="{str(on).lower()}" '
                    f'aria-labelledby="{ident}-l" class="switch"></button></div>'
                )
            elif r % 3 == 1:
                rows.append(
                    f'<div class="row"><label for="{ident}">{label}</label>'
                    f'<input type="checkbox" id="{ident}" role="switch"'
                    f"{' checked' if rng.random() < 0.5 else ''}></div>"
                )
            else:
                opts = "".join(f"<option>{escape(text.title(1, 2))}</option>" for _ in range(4))
                rows.append(
                    f'<div class="row"><label for="{ident}">{label}</label>'
                    f'<select id="{ident}">{opts}</select></div>'
                )
        radios = "".join(
            f'<label><input type="radio" name="r{g}" value="{v}"{" checked" if v == 0 else ""}>'
            f" {escape(text.title(1, 2))}</label>"
            for v in range(4)
        )
        groups.append(
            f'<section aria-labelledby="h{g}"><h2 id="h{g}">{heading}</h2>{"".join(rows)}'
            f"<fieldset><legend>{escape(text.title(2, 4))}</legend>{radios}</fieldset></section>"
        )
    body = f"""<a class="skip" href="#main">Skip to settings</a>
<header><a href="/" class="logo">Northwind</a> <a href="/account">Account</a></header>
<div class="layout"><nav aria-label="Settings"><ul>{nav}</ul></nav>
<main id="main" tabindex="-1"><h1>Settings</h1>
<form action="/settings" method="post">{"".join(groups)}
<button type="submit">Save changes</button> <button type="reset">Discard</button></form>
</main></div>"""
    style = (
        SKIP_STYLE + "body{margin:0;font:13px system-ui,sans-serif}.layout{display:grid;"
        "grid-template-columns:160px 1fr}main{columns:2;padding:0 10px}section{break-inside:"
        "avoid}h2{font-size:14px;margin:6px 0 2px}.row{display:flex;justify-content:"
        "space-between;padding:1px 0}.switch{width:28px;height:14px;border-radius:7px}"
        "fieldset{padding:2px 6px}"
    )
    return _doc("Settings | Northwind", body, style=style)


# -- held aside: other builders, other seeds --------------------------------------------------


def forum_thread(rng: random.Random) -> str:
    """A phpBB/Discourse-style thread: posts with quotes and code, per-post actions, a reply."""
    text = _Text(rng, _EN)
    posts = []
    for i in range(60):
        who = rng.choice(_NAMES) + rng.choice(("", "_dev", "42", "x"))
        quote = ""
        if i and rng.random() < 0.3:
            quote = (
                f'<blockquote><cite><a href="#p{i - 1}">{escape(rng.choice(_NAMES))} wrote:</a>'
                f"</cite>{escape(text.sentence())}</blockquote>"
            )
        code = ""
        if rng.random() < 0.2:
            code = f"<pre><code>$ make {escape(text.words_(1, 3))} --verbose\n</code></pre>"
        paras = "".join(f"<p>{escape(text.sentence(6, 25))}</p>" for _ in range(rng.randint(1, 4)))
        posts.append(
            f'<article class="post" id="p{i}" aria-labelledby="p{i}-by">'
            f'<div class="postprofile"><a href="/u/{who.lower()}" class="avatar" tabindex="-1" '
            f'aria-hidden="true">{who[:1]}</a><a id="p{i}-by" href="/u/{who.lower()}">{who}</a>'
            f'<span class="rank">{rng.choice(("Member", "Regular", "Moderator"))}</span></div>'
            f'<div class="postbody"><p class="author"><a href="#p{i}" title="Permalink">#{i + 1}'
            f'</a> <time datetime="2024-06-{1 + i // 3:02d}">{1 + i // 3} Jun 2024</time></p>'
            f"{quote}{paras}{code}"
            f'<ul class="post-buttons"><li><button type="button" aria-pressed="false">Like '
            f'<span class="count">{rng.randint(0, 40)}</span></button></li>'
            f'<li><a href="/posting?mode=quote&amp;p={i}">Quote</a></li>'
            f'<li><button type="button" aria-label="Report post {i + 1}">⚑</button></li></ul>'
            f"</div></article>"
        )
    crumbs = "".join(f'<li><a href="/f/{i}">{escape(text.title(1, 3))}</a></li>' for i in range(3))
    pagination = "".join(f'<li><a href="?start={25 * p}">{p + 1}</a></li>' for p in range(8))
    body = f"""<a class="skip" href="#main">Skip to content</a>
<header class="headerbar"><a href="/" class="logo">Homelab Forums</a>
<form role="search"><input type="search" aria-label="Search the forum"><button>Search</button></form>
<a href="/ucp.php?mode=login">Login</a> <a href="/ucp.php?mode=register">Register</a></header>
<nav aria-label="Breadcrumbs"><ol class="crumbs">{crumbs}</ol></nav>
<main id="main" tabindex="-1"><h1>{escape(text.title(5, 10))}</h1>
<div class="action-bar"><a class="button" href="/posting?mode=reply">Post Reply</a>
<ol class="pagination">{pagination}</ol></div>
{"".join(posts)}
<form class="quick-reply" action="/posting" method="post"><h2>Quick Reply</h2>
<label for="subject">Subject</label><input id="subject" value="Re: thread">
<label for="message">Message</label><textarea id="message" rows="6"></textarea>
<button type="submit" name="post">Submit</button> <button type="submit" name="preview">Preview</button>
</form></main>
<footer><a href="/faq">FAQ</a> <a href="/team">The team</a> <a href="/contact">Contact us</a></footer>"""
    style = (
        SKIP_STYLE + "body{font:13px Verdana,sans-serif;margin:0 10px}.post{display:grid;"
        "grid-template-columns:150px 1fr;border-bottom:1px solid #ccc;padding:6px 0}"
        ".post-buttons{display:flex;gap:6px;list-style:none;padding:0}.crumbs,.pagination"
        "{display:flex;gap:6px;list-style:none;padding:0}"
    )
    return _doc("Thread | Homelab Forums", body, style=style)


def jp_shop(rng: random.Random) -> str:
    """A dense Japanese marketplace: mega menu, ranking, product cards with prices and points."""
    text = _Text(rng, _JA, join="")
    cats = "".join(f'<li><a href="/c/{i}">{text.chars(3, 7)}</a></li>' for i in range(28))
    cards = []
    for i in range(240):
        price = rng.randrange(300, 60_000)
        stars = rng.randint(30, 50) / 10
        cards.append(
            f'<li class="item"><a class="thumb" href="/item/{i}" tabindex="-1" aria-hidden="true">'
            f'<span class="img"></span></a><a class="name" href="/item/{i}">{text.chars(20, 60)}'
            f'</a><p class="price">{price:,}<span>円</span> <small>送料無料</small></p>'
            f'<p class="point">{rng.randint(1, 10)}倍 ポイント</p>'
            f'<p class="review" aria-label="評価 {stars}">★{stars} '
            f'(<a href="/item/{i}/review">{rng.randint(1, 9999):,}件</a>)</p>'
            f'<button type="button" class="fav" aria-pressed="false" aria-label="お気に入り">♡'
            f'</button> <a class="shop" href="/shop/{rng.randrange(999)}">{text.chars(4, 10)}</a>'
            "</li>"
        )
    ranking = "".join(
        f'<li><a href="/item/r{i}">{i + 1}位 {text.chars(10, 22)}</a></li>' for i in range(10)
    )
    body = f"""<a class="skip" href="#main">メインコンテンツへ移動</a>
<header><a href="/" class="logo">いちば市場</a>
<form role="search" action="/search"><select aria-label="カテゴリ"><option>すべて</option></select>
<input type="search" aria-label="キーワードから探す"><button type="submit">検索</button></form>
<a href="/mypage">マイページ</a> <a href="/cart">買い物かご</a></header>
<nav aria-label="カテゴリ"><ul class="cats">{cats}</ul></nav>
<div class="layout"><aside aria-label="ランキング"><h2>デイリーランキング</h2><ol>{ranking}</ol></aside>
<main id="main" tabindex="-1"><h1>{text.chars(6, 12)} の検索結果</h1>
<ul class="grid">{"".join(cards)}</ul></main></div>
<footer><a href="/guide">ご利用ガイド</a> <a href="/help">ヘルプ</a> <a href="/company">会社概要</a></footer>"""
    style = (
        SKIP_STYLE + "body{margin:0;font:12px/1.4 'Hiragino Sans','Noto Sans CJK JP',sans-serif}"
        ".cats{display:flex;flex-wrap:wrap;gap:2px 10px;list-style:none;padding:4px}"
        ".layout{display:grid;grid-template-columns:200px 1fr}.grid{display:grid;"
        "grid-template-columns:repeat(6,1fr);gap:6px;list-style:none;padding:0}"
        ".img{display:block;height:90px;background:#eee}.price{color:#bf0000;margin:0}"
        "p{margin:0}"
    )
    return _doc("いちば市場 検索結果", body, lang="ja", style=style)


def docs_sidebar(rng: random.Random) -> str:
    """A documentation page: a collapsible sidebar of 600 links, an article, an on-page TOC."""
    text = _Text(rng, _EN)
    sections = []
    count = 0
    for s in range(30):
        links = []
        for _ in range(20):
            count += 1
            current = ' aria-current="page"' if count == 137 else ""
            links.append(
                f'<li><a href="/docs/{count}"{current}>{escape(text.title(1, 4))}</a></li>'
            )
        sections.append(
            f"<li><details{' open' if s in (0, 6) else ''}><summary>{escape(text.title(1, 3))}"
            f"</summary><ul>{''.join(links)}</ul></details></li>"
        )
    toc, content = [], []
    for _ in range(8):
        heading = escape(text.title(2, 5))
        toc.append(f'<li><a href="#{_slug(heading)}">{heading}</a></li>')
        content.append(
            f'<h2 id="{_slug(heading)}">{heading}<a class="anchor" '
            f'href="#{_slug(heading)}" aria-label="Link to this section">#</a></h2>'
        )
        for _ in range(rng.randint(2, 4)):
            content.append(
                f"<p>{escape(text.sentence(8, 20))} Use <code>{escape(text.words_(1, 2))}()</code>"
                f' with <a href="/docs/{rng.randrange(600)}">{escape(text.title(1, 3))}</a>.</p>'
            )
        content.append(
            '<div class="code"><button type="button" aria-label="Copy code">Copy</button>'
            f"<pre><code>import {escape(text.words_(1, 1))}\n"
            f"result = run({escape(text.words_(1, 1))}=True)\n</code></pre></div>"
        )
    body = f"""<a class="skip" href="#main">Skip to main content</a>
<header class="nav"><a href="/" class="logo">Parcel Docs</a> <a href="/docs">Docs</a>
<a href="/api">API</a> <a href="/blog">Blog</a>
<button type="button" aria-label="Search (Ctrl+K)">Search…</button>
<button type="button" aria-label="Switch to dark mode">☾</button></header>
<div class="layout"><nav class="sidebar" aria-label="Docs sidebar"><ul>{"".join(sections)}</ul></nav>
<main id="main" tabindex="-1"><article><nav aria-label="Breadcrumbs"><a href="/docs">Docs</a> ›
<a href="/docs/guides">Guides</a></nav><h1>{escape(text.title(3, 6))}</h1>{"".join(content)}
<nav class="pager" aria-label="Docs pages"><a href="/docs/136" rel="prev">Previous</a>
<a href="/docs/138" rel="next">Next</a></nav></article></main>
<aside class="toc" aria-label="On this page"><h2>On this page</h2><ul>{"".join(toc)}</ul></aside>
</div>"""
    style = (
        SKIP_STYLE + "body{margin:0;font:15px/1.6 Inter,system-ui,sans-serif}.layout{display:"
        "grid;grid-template-columns:260px 1fr 200px}.sidebar{height:calc(100vh - 40px);"
        "overflow:auto;font-size:13px}.sidebar ul{list-style:none;padding-left:10px}"
        ".nav{display:flex;gap:12px;align-items:center;height:40px;padding:0 12px}"
        "main{padding:0 24px}.toc{font-size:13px}"
    )
    return _doc("Guides | Parcel Docs", body, style=style)


def rtl_news(rng: random.Random) -> str:
    """An Arabic news front page, right to left, in Arabic throughout."""
    text = _Text(rng, _AR)
    sections = "".join(f'<li><a href="/s/{i}">{text.words_(1, 2)}</a></li>' for i in range(18))
    blocks = []
    for b in range(12):
        items = "".join(
            f'<li><a href="/a/{rng.randrange(10**6)}">{text.words_(6, 12)}</a>'
            f"<time>{rng.randint(1, 59)} دقيقة</time></li>"
            for _ in range(24)
        )
        blocks.append(
            f'<section aria-labelledby="s{b}"><h2 id="s{b}"><a href="/s/{b}">{text.words_(1, 2)}'
            f'</a></h2><ul>{items}</ul><button type="button">المزيد</button></section>'
        )
    body = f"""<a class="skip" href="#main">انتقل إلى المحتوى</a>
<header><a class="logo" href="/">الخبر اليوم</a>
<form role="search"><input type="search" aria-label="بحث"><button type="submit">بحث</button></form>
<a href="/login">تسجيل الدخول</a> <button type="button" lang="en">English</button></header>
<nav aria-label="الأقسام"><ul class="secs">{sections}</ul></nav>
<main id="main" tabindex="-1"><h1 class="lead"><a href="/a/lead">{text.words_(8, 14)}</a></h1>
<div class="grid">{"".join(blocks)}</div></main>
<footer><a href="/about">من نحن</a> <a href="/contact">اتصل بنا</a> <a href="/privacy">الخصوصية</a></footer>"""
    style = (
        SKIP_STYLE + "body{margin:0;font:14px/1.5 'Noto Naskh Arabic',Tahoma,sans-serif}"
        ".secs{display:flex;flex-wrap:wrap;gap:4px 14px;list-style:none}.grid{display:grid;"
        "grid-template-columns:repeat(4,1fr);gap:10px;padding:0 10px}ul{padding:0;"
        "list-style:none}time{color:#888;font-size:11px;margin-inline-start:6px}"
    )
    return _doc("الخبر اليوم | الصفحة الرئيسية", body, lang="ar", direction="rtl", style=style)


def gov_form(rng: random.Random) -> str:
    """A government application form (GOV.UK style): an error summary, hints, many fields."""
    text = _Text(rng, _EN)
    fieldsets, errors = [], []
    number = 0
    for f in range(12):
        fields = []
        for k in range(8):
            number += 1
            ident = f"f{number}"
            label = escape(text.title(2, 6))
            hint = f'<div id="{ident}-hint" class="hint">{escape(text.sentence(5, 12))}</div>'
            invalid = number % 17 == 0
            error = ""
            if invalid:
                errors.append(f'<li><a href="#{ident}">Enter {label.lower()}</a></li>')
                error = f'<p id="{ident}-error" class="error-message">Enter {label.lower()}</p>'
            described = f"{ident}-hint" + (f" {ident}-error" if invalid else "")
            aria = f' aria-describedby="{described}"' + (' aria-invalid="true"' if invalid else "")
            if k % 4 == 3:
                radios = "".join(
                    f'<div class="radio"><input type="radio" id="{ident}-{v}" name="{ident}" '
                    f'value="{v}"><label for="{ident}-{v}">{escape(text.title(1, 2))}</label></div>'
                    for v in range(3)
                )
                fields.append(
                    f'<fieldset class="group"{aria}><legend>{label}</legend>{hint}{error}{radios}'
                    "</fieldset>"
                )
            elif k % 4 == 2:
                parts = "".join(
                    f'<label for="{ident}-{p}">{p.title()}</label>'
                    f'<input id="{ident}-{p}" inputmode="numeric" class="w{len(p)}">'
                    for p in ("day", "month", "year")
                )
                fields.append(
                    f'<fieldset class="group" role="group"{aria}><legend>{label}</legend>'
                    f"{hint}{error}{parts}</fieldset>"
                )
            elif k % 4 == 1:
                opts = "".join(f"<option>{escape(text.title(1, 3))}</option>" for _ in range(8))
                fields.append(
                    f'<div class="group"><label for="{ident}">{label}</label>{hint}{error}'
                    f'<select id="{ident}" name="{ident}"{aria}>{opts}</select></div>'
                )
            else:
                fields.append(
                    f'<div class="group"><label for="{ident}">{label}</label>{hint}{error}'
                    f'<input id="{ident}" name="{ident}" type="text"{aria}></div>'
                )
        fieldsets.append(
            f'<h2 id="part-{f}">Part {f + 1}: {escape(text.title(2, 4))}</h2>{"".join(fields)}'
        )
    summary = (
        '<div class="error-summary" role="alert" tabindex="-1" aria-labelledby="err-title">'
        f'<h2 id="err-title">There is a problem</h2><ul>{"".join(errors)}</ul></div>'
    )
    body = f"""<a class="skip" href="#main">Skip to main content</a>
<header class="govuk"><a href="/" class="crown">GOV.EXAMPLE</a>
<span class="service"><a href="/apply">Apply for a permit</a></span>
<a href="/sign-out">Sign out</a></header>
<div class="phase" role="region" aria-label="Phase banner"><strong>BETA</strong> This is a new
service – your <a href="/feedback">feedback</a> will help us to improve it.</div>
<a href="/apply/start" class="back">Back</a>
<main id="main" tabindex="-1">{summary}<h1>Your application</h1>
<form action="/apply/submit" method="post" novalidate>{"".join(fieldsets)}
<div class="group"><label for="upload">Upload a document</label>
<input type="file" id="upload" name="upload"></div>
<div class="group"><input type="checkbox" id="declare" name="declare">
<label for="declare">I declare that the information I have given is correct</label></div>
<button type="submit" class="button">Submit application</button>
<button type="submit" name="draft" class="button secondary">Save as draft</button></form></main>
<footer><a href="/help">Help</a> <a href="/cookies">Cookies</a> <a href="/accessibility">
Accessibility statement</a> <a href="/contact">Contact</a></footer>"""
    style = (
        SKIP_STYLE + "body{margin:0;font:19px/1.3 Arial,sans-serif}.govuk{background:#0b0c0c;"
        "color:#fff;padding:8px 15px}.govuk a{color:#fff}main{max-width:640px;margin:0 auto}"
        ".group{margin-bottom:20px}.hint{color:#505a5f}.error-message{color:#d4351c}"
        ".error-summary{border:5px solid #d4351c;padding:15px}.w3{width:3em}.w4{width:4em}"
        ".w5{width:3em}label{display:block}.radio label{display:inline}"
    )
    return _doc("Your application – Apply for a permit – GOV.EXAMPLE", body, style=style)


# -- writing them ----------------------------------------------------------------------------

_Builder = Callable[[random.Random], str]

STRESS: tuple[tuple[str, _Builder | None, str], ...] = (
    ("story", story, "AO3-like work page: one very long story, ~4.5k DOM elements, >1 MB"),
    ("news", news, "dense news portal: ~120 controls in the first viewport, ~640 links"),
    ("cjk-portal", cjk_portal, "dense Chinese portal: ~60 controls in view, ~800 links"),
    ("deep", deep, "divs ~800 deep (460 in markup, 340 by script), shadow roots 50 deep"),
    ("huge", huge, f"product table, {HUGE_ROWS:,} rows x (checkbox, link, button)"),
    ("frames", None, "20 iframes: 10 same-origin (srcdoc, files), 10 cross-origin"),
    ("chat", chat, f"chat log, {CHAT_MESSAGES:,} messages (~21k elements) in a role=log"),
    ("login", login, "small: a sign-in form (~10 controls)"),
    ("article", article, "small: a short blog post (~30 links)"),
    ("settings", settings, "small: settings, ~90 switches, selects and radios"),
)
HELD_ASIDE: tuple[tuple[str, _Builder, str], ...] = (
    ("forum-thread", forum_thread, "forum thread: 60 posts, quotes, code, per-post actions"),
    ("jp-shop", jp_shop, "Japanese marketplace: 240 product cards, lang=ja"),
    ("docs-sidebar", docs_sidebar, "docs page: a sidebar of 600 links in <details>"),
    ("rtl-news", rtl_news, "Arabic news front page, dir=rtl, ~320 links"),
    ("gov-form", gov_form, "government form: 96 fields, hints, an error summary"),
)
NAMES = tuple(name for name, _, _ in STRESS)
HELD_NAMES = tuple(name for name, _, _ in HELD_ASIDE)


def _seeded(seed: int, name: str) -> random.Random:
    """A generator per page, so adding or changing one page leaves the others' bytes alone."""
    return random.Random(f"{seed}:{name}")


def write_pages(dest: Path, held_aside: bool = False) -> list[StressPage]:
    """Write the stress set (or the held-aside set, under ``dest/held``) and list it."""
    written: list[StressPage] = []
    if held_aside:
        folder = dest / "held"
        folder.mkdir(parents=True, exist_ok=True)
        for name, build, what in HELD_ASIDE:
            path = folder / f"{name}.html"
            path.write_text(build(_seeded(HELD_SEED, name)), encoding="utf-8")
            written.append(StressPage(name, path, what))
        return written
    dest.mkdir(parents=True, exist_ok=True)
    for name, builder, what in STRESS:
        rng = _seeded(SEED, name)
        html = frames(rng, dest) if builder is None else builder(rng)
        path = dest / f"{name}.html"
        path.write_text(html, encoding="utf-8")
        written.append(StressPage(name, path, what))
    return written


def iter_files(dest: Path) -> Iterator[Path]:
    """Every file under ``dest``, in a stable order (for comparing two writes)."""
    yield from sorted(p for p in dest.rglob("*") if p.is_file())


# -- what a page holds, read back from its markup ---------------------------------------------

VOID = frozenset(
    [
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
    ]
)
# What the snapshot keeps as a control: the roles pruning admits, and those holding a value
CONTROL_ROLES = INTERACTIVE_ROLES | VALUE_ROLES


@dataclass
class Census:
    """Counts of one document's markup (what the parser sees; scripts add more in a browser)."""

    elements: int = 0
    controls: int = 0
    tags: Counter[str] = field(default_factory=Counter)
    max_depth: int = 0
    unclosed: int = 0  # end tags that closed nothing, and elements never closed
    text_chars: int = 0
    lang: str | None = None
    templates: int = 0  # <template shadowrootmode> hosts


class _Counter(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.census = Census()
        self.stack: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        census = self.census
        census.elements += 1
        census.tags[tag] += 1
        if tag == "html":
            census.lang = found.get("lang")
        if tag == "template" and "shadowrootmode" in found:
            census.templates += 1
        if _is_control(tag, found):
            census.controls += 1
        if tag not in VOID:
            self.stack.append(tag)
            census.max_depth = max(census.max_depth, len(self.stack))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if tag in self.stack:
            while self.stack:
                if self.stack.pop() == tag:
                    break
                self.census.unclosed += 1
        else:
            self.census.unclosed += 1

    def handle_data(self, data: str) -> None:
        if self.stack and self.stack[-1] not in ("script", "style"):
            self.census.text_chars += len(data.strip())


def _is_control(tag: str, attrs: dict[str, str | None]) -> bool:
    role = attrs.get("role")
    if role is not None:
        return role in CONTROL_ROLES
    if tag == "a":
        return "href" in attrs
    if tag == "input":
        return attrs.get("type") != "hidden"
    return tag in ("button", "select", "textarea", "summary")


def census(html: str) -> Census:
    """Elements, controls (links with href, buttons, fields, control roles), depth, text."""
    parser = _Counter()
    parser.feed(html)
    parser.close()
    parser.census.unclosed += len(parser.stack)
    return parser.census


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("dest", type=Path)
    parser.add_argument("--held-aside", action="store_true", help="the held-aside set instead")
    args = parser.parse_args()
    for page in write_pages(args.dest, args.held_aside):
        size = page.path.stat().st_size
        seen = census(page.path.read_text(encoding="utf-8"))
        print(
            f"{page.name:14} {size / 1024:7,.0f} KiB {seen.elements:7,} elements "
            f"{seen.controls:6,} controls depth {seen.max_depth:3}  ({page.what})"
        )


if __name__ == "__main__":
    main()
