"""Held-aside twins of ``bench.coverage_pages``: other scripts and structures, measured and
never tuned on, so that a change to pruning shows whether it holds beyond the pages it was
made on. A Korean portal, an Arabic portal written right to left, a settings form (labelled
fields, check boxes, selects, a save bar) and a table of actions (a check box, a link and two
buttons per row), at 60 and 100 controls in view, and a Korean one at 140; and plain HTML
landmarks nested as real pages nest them (a header inside an article, a navigation list inside
the footer, a sign-up form in a side bar), Korean at 60 and 150, Arabic at 150.

``python -m bench.coverage_pages_held DEST`` writes them and lists them.
"""

from __future__ import annotations

import random
from html import escape
from pathlib import Path

from bench.coverage_pages import (
    EN,
    CoveragePage,
    Script,
    cli,
    document,
    portal,
    write,
)

HELD_SEED = 3636
KO = Script(
    "ko",
    "ko",
    tuple(
        [
            "뉴스",
            "정치",
            "경제",
            "사회",
            "생활",
            "세계",
            "스포츠",
            "연예",
            "날씨",
            "회원",
            "가입",
            "해지",
            "구독",
            "결제",
            "서비스",
            "공지",
            "이벤트",
            "쇼핑",
            "여행",
            "영화",
            "음악",
            "서울",
            "부산",
            "정부",
            "선거",
            "교통",
            "기술",
            "발표",
        ]
    ),
    " ",
)
AR = Script(
    "ar",
    "ar",
    tuple(
        [
            "أخبار",
            "سياسة",
            "اقتصاد",
            "رياضة",
            "ثقافة",
            "صحة",
            "تعليم",
            "طقس",
            "اشتراك",
            "إلغاء",
            "حساب",
            "خدمة",
            "عروض",
            "فيديو",
            "مدينة",
            "حكومة",
            "انتخابات",
            "سوق",
            "تقنية",
            "سفر",
        ]
    ),
    " ",
    "rtl",
)
FORM_STYLE = (
    "body{margin:0;font:12px/14px sans-serif}fieldset{margin:2px 8px;padding:2px 6px}"
    ".grid{display:grid;grid-template-columns:repeat(4,1fr);gap:1px 10px}"
    "label{display:flex;gap:4px;align-items:center;white-space:nowrap;overflow:hidden}"
    "input[type=text]{width:90px}.save{display:flex;gap:6px;padding:4px 8px}"
)
TABLE_STYLE = (
    "body{margin:0;font:11px/13px sans-serif}table{border-collapse:collapse;width:100%}"
    "td{padding:0 4px;white-space:nowrap}"
)


def settings_form(n: int, rng: random.Random) -> str:
    """Fieldsets of labelled fields, check boxes and selects, and a bar of buttons."""
    save = 3
    fields = []
    for k in range(n - save):
        label = escape(EN.name(rng, 2, 5))
        kind = k % 3
        if kind == 0:
            control = f'<input type="checkbox" name="c{k}">'
        elif kind == 1:
            control = f'<input type="text" name="t{k}" value="{escape(EN.name(rng, 1, 2))}">'
        else:
            control = f'<select name="s{k}"><option>{escape(EN.name(rng, 1, 1))}</option></select>'
        fields.append(f"<label>{control}{label}</label>")
    groups = [fields[i : i + 20] for i in range(0, len(fields), 20)]
    sets = "".join(
        f'<fieldset><legend>{escape(EN.name(rng, 1, 3))}</legend><div class="grid">'
        f"{''.join(g)}</div></fieldset>"
        for g in groups
    )
    bar = "".join(
        f'<button type="button">{escape(EN.name(rng, 1, 2))}</button>' for _ in range(save)
    )
    form = f'<form action="/save">{sets}<div class="save">{bar}</div></form>'
    body = f"<main><h1>Settings</h1>{form}</main>"
    return document(EN, "Settings", body, FORM_STYLE)


def action_table(n: int, rng: random.Random) -> str:
    """Rows of a check box, a link and two buttons (``n`` // 4 rows)."""
    rows = "".join(
        f'<tr><td><input type="checkbox" aria-label="{escape(EN.name(rng, 1, 2))}"></td>'
        f'<td><a href="/item/{r}">{escape(EN.name(rng, 3, 9))}</a></td>'
        f"<td>{rng.randint(1, 999)}</td><td><button>{escape(EN.name(rng, 1, 1))}</button>"
        f"<button>{escape(EN.name(rng, 1, 1))}</button></td></tr>"
        for r in range(n // 4)
    )
    body = f"<main><table><tbody>{rows}</tbody></table></main>"
    return document(EN, "Orders", body, TABLE_STYLE)


NESTED_STYLE = (
    "body{margin:0;font:11px/13px sans-serif}a{color:#124;text-decoration:none}"
    "div.top,nav,header,aside,footer,form,section{display:flex;flex-wrap:wrap;gap:1px 8px;"
    "padding:2px 8px}article{padding:2px 0}dialog{position:fixed;bottom:8px;margin:0 auto}"
)


def _links(script: Script, rng: random.Random, count: int, low: int, high: int) -> str:
    return "".join(
        f'<a href="/l/{rng.randrange(10**6)}">{escape(script.name(rng, low, high))}</a>'
        for _ in range(count)
    )


def nested_landmarks(n: int, script: Script, rng: random.Random) -> str:
    """``n`` controls in view in plain landmarks nested as real pages nest them: a navigation
    bar in a plain box (no header), an article whose header holds links (a section header,
    no banner) above a form of a few fields and buttons and a named section of links, a side
    bar with a sign-up form, a footer holding a navigation list and more links, and an open
    dialog of a text field and two buttons at the bottom."""

    def word() -> str:
        return escape(script.name(rng, 1, 2))

    fields = (
        f'<label>{word()} <input type="text" name="a"></label>'
        f'<label><input type="radio" name="r">{word()}</label>'
        f'<label><input type="radio" name="r">{word()}</label>'
        f'<select name="s" aria-label="{word()}"><option>{word()}</option></select>'
        f'<button type="submit">{word()}</button><button type="reset">{word()}</button>'
    )
    nav = n * 15 // 100
    story = n * 10 // 100
    section = n * 15 // 100
    footer_nav = n * 10 // 100
    footer = n - nav - story - section - footer_nav - 6 - 2 - 3
    body = (
        f'<div class="top"><nav>{_links(script, rng, nav, 1, 2)}</nav></div>\n'
        f"<article><header><h1>{word()}</h1>{_links(script, rng, story, 1, 3)}</header>"
        f'<form action="/update" method="post">{fields}</form>'
        f'<section aria-label="{word()}">{_links(script, rng, section, 2, 5)}</section>'
        f"</article>\n"
        f'<aside><form action="/join"><input type="email" aria-label="{word()}">'
        f"<button>{word()}</button></form></aside>\n"
        f"<footer><nav>{_links(script, rng, footer_nav, 1, 2)}</nav>"
        f"{_links(script, rng, footer, 2, 6)}</footer>\n"
        f'<dialog open><input type="text" aria-label="{word()}">'
        f"<button>{word()}</button><button>{word()}</button></dialog>"
    )
    return document(script, script.name(rng, 1, 2), body, NESTED_STYLE)


def write_pages(dest: Path) -> list[CoveragePage]:
    """Write the held-aside coverage pages into ``dest/coverage-held``."""
    builds = [
        ("held-ko-60", 60, lambda n, r: portal(n, KO, r), "Korean portal"),
        ("held-ko-100", 100, lambda n, r: portal(n, KO, r), "Korean portal"),
        ("held-ko-140", 140, lambda n, r: portal(n, KO, r), "Korean portal"),
        ("held-ar-60", 60, lambda n, r: portal(n, AR, r), "Arabic portal, right to left"),
        ("held-ar-100", 100, lambda n, r: portal(n, AR, r), "Arabic portal, right to left"),
        ("held-settings-60", 60, settings_form, "settings form"),
        ("held-settings-100", 100, settings_form, "settings form"),
        ("held-table-60", 60, action_table, "table of actions"),
        ("held-table-100", 100, action_table, "table of actions"),
        ("held-nested-ko-60", 60, lambda n, r: nested_landmarks(n, KO, r), "Korean landmarks"),
        ("held-nested-ko-150", 150, lambda n, r: nested_landmarks(n, KO, r), "Korean landmarks"),
        (
            "held-nested-ar-150",
            150,
            lambda n, r: nested_landmarks(n, AR, r),
            "Arabic landmarks, right to left",
        ),
    ]
    return write(dest / "coverage-held", builds, HELD_SEED)


if __name__ == "__main__":
    cli(write_pages, __doc__)
