"""A viewport capture leaves the children of a long list, or of a page of a few long sections,
far from the view unmeasured
(capture.js ``cull``: a binary search over a container's children in normal flow). What is
positioned among them (fixed, absolute, relative, sticky) may show anywhere and is still read
where it shows; the rest of the view reads as the whole page's capture reads it. Once the text
a far child would add is full, its subtree is not walked at all unless something in it may
show in the view: what a rule, an inline style or the browser positions, a frame, a shadow
tree; a sheet that cannot be read keeps every far child walked."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from harness.sites import StaticSite
from subterminator.browser.capture import RawCapture
from subterminator.browser.playwright_browser import PlaywrightBrowser
from tests.support.asked import counted, most_asked

pytestmark = pytest.mark.browser

ROWS = 400
CARDS = 1200


def row(i: int) -> str:
    extra = {
        300: '<a href="/up" style="position:absolute;top:40px;left:600px">Placed on top</a>',
        320: '<span style="position:relative;top:-9500px"><a href="/r">Pulled up</a></span>',
        350: '<button style="position:fixed;top:8px;right:8px">Chat with us</button>',
    }.get(i, "")
    return f'<tr><td><a href="/item/{i}">Item {i}</a></td><td>{extra}</td></tr>'


def table() -> str:
    rows = "".join(row(i) for i in range(ROWS))
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Items</title>
<style>table{{border-collapse:collapse}} td{{height:30px;padding:0;font:14px serif}}</style>
</head>
<body><h1>Items</h1><table><tbody>{rows}</tbody></table></body></html>"""


def cards() -> str:
    """Inline blocks in one long line box, one far down holding a fixed link."""
    fixed = '<a href="/top" style="position:fixed;bottom:8px;left:8px">Back to top</a>'
    items = "".join(
        f'<li style="display:inline-block;width:300px"><a href="/c/{i}">Card {i}</a>'
        f"{fixed if i == 900 else ''}</li>"
        for i in range(CARDS)
    )
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cards</title>
</head><body><ul>{items}</ul></body></html>"""


SECTIONS, LINKS_EACH = 8, 60


def sections() -> str:
    """A page of a few long sections, among them what is out of the flow: a heading kept
    for screen readers off to the side (position: absolute), a floated aside, and in a far
    section a link fixed to the corner."""
    fixed = '<a href="/help" style="position:fixed;top:8px;right:8px">Help</a>'
    parts = []
    for s in range(SECTIONS):
        links = "".join(
            f'<p><a href="/s/{s}/{i}">Story {s}.{i}</a> and a few words after it.</p>'
            for i in range(LINKS_EACH)
        )
        parts.append(f"<section><h2>Part {s}</h2>{links}{fixed if s == 6 else ''}</section>")
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Parts</title>
<style>.aside{{position:absolute;left:-9999px}} p{{margin:0;height:30px;font:14px serif}}
.note{{float:right;width:200px}}</style></head>
<body><h1 class="aside">Parts of a long page</h1><div class="note"><a href="/n">A note</a></div>
{"".join(parts)}</body></html>"""


def log() -> str:
    """A chat's messages in a list that scrolls in a box of its own, the page around it
    still: the rows lie beyond the list's box, not the page's."""
    rows = "".join(f'<li><a href="/m/{i}">Message {i}</a> said at {i}:00</li>' for i in range(ROWS))
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Log</title>
<style>ol{{height:600px;overflow-y:auto;margin:0}} li{{height:30px}}</style></head>
<body><ol role="log">{rows}</ol></body></html>"""


def laid_out(style: str, wrapper: str = "") -> str:
    """A long list of links whose flow does not run down the page: set in columns (in a box
    that sets them, or the list itself), or turned by a transform; or a table whose footer,
    written first, shows last."""
    items = "".join(f'<li><a href="/p/{i}">Product {i}</a></li>' for i in range(ROWS))
    body = f"<ul>{items}</ul>"
    if wrapper:
        body = f'<div style="{wrapper}">{body}</div>'
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Laid out</title>
<style>li{{height:30px}} {style}</style></head><body>{body}</body></html>"""


def footed() -> str:
    groups = "".join(
        f'<tbody><tr><td><a href="/g/{i}">Group {i}</a></td></tr></tbody>' for i in range(ROWS)
    )
    foot = '<tfoot><tr><td><a href="/foot">Table foot</a></td></tr></tfoot>'
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Footed</title>
<style>td{{height:30px}}</style></head><body><table><caption>Groups</caption>
<thead><tr><td>Name</td></tr></thead>{foot}{groups}</table></body></html>"""


LINE = 6000


def line(direction: str = "ltr") -> str:
    """A line of thousands of links in one span (the kudos line), wrapped over hundreds of
    lines; in it, out of its flow far down, a link floated and one positioned into view."""
    extra = {
        4000: '<a href="/float" style="float:right">Floated far</a>',
        5000: '<a href="/pin" style="position:fixed;top:8px;left:8px">Pinned far</a>',
    }
    words = "שלום" if direction == "rtl" else "user"
    links = " and then, a little later, ".join(  # fewer in view than a capture keeps
        extra.get(i, f'<a href="/u/{i}">{words}{i}</a>') if i % 7 else f"<b>{words} {i}</b>"
        for i in range(LINE)
    )
    return f"""<!doctype html><html lang="en" dir="{direction}"><head><meta charset="utf-8">
<title>Line</title></head><body><p><span>{links}</span> left kudos</p></body></html>"""


LAID_OUT = {
    "line.html": line(),
    "rtl-line.html": line("rtl"),
    "columns.html": laid_out("", "columns: 2"),
    "column-width.html": laid_out("ul{column-width: 300px}"),
    "turned.html": laid_out("", "transform: rotate(180deg)"),
    "flipped.html": laid_out("", "transform: scaleY(-1)"),
    "rotated.html": laid_out("", "rotate: 180deg"),
    "scaled.html": laid_out("", "scale: 1 -1"),
    "footed.html": footed(),
}
LONG_ROWS = 600
PIN_CSS = ".pin{position:fixed;top:4px;right:4px}"


def long_rows(head: str) -> str:
    """Rows whose text fills the capture's text long before the end, and in far rows what
    may show in the view all the same: a link a sheet positions (inside ``@media``), one a
    shadow tree positions, and a frame whose words the page's text reads."""
    extra = {
        450: '<a class="pin" href="/pinned">Pinned by a rule</a>',
        500: '<div class="host"></div>',
        550: '<iframe srcdoc="<p>Words inside the frame</p>" height=40></iframe>',
    }
    rows = "".join(
        f'<tr><td><a href="/row/{i}">Row {i}</a></td><td>A line of words that describes row'
        f" {i} at some length.</td><td>{extra.get(i, '')}</td></tr>"
        for i in range(LONG_ROWS)
    )
    shadow = """<script>
for (const host of document.querySelectorAll('.host')) {
  host.attachShadow({mode: 'open'}).innerHTML =
    '<style>a{position:fixed;bottom:4px;right:4px}</style><a href="/s">Shadow corner</a>';
}</script>"""
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Rows</title>
{head}<style>td{{height:30px;padding:0 4px;font:14px serif}}</style></head>
<body><table><tbody>{rows}</tbody></table>{shadow}</body></html>"""


@pytest.fixture(scope="module")
def elsewhere(tmp_path_factory: pytest.TempPathFactory) -> Iterator[StaticSite]:
    """Another origin, whose sheet the page may use but not read."""
    root: Path = tmp_path_factory.mktemp("sheets")
    (root / "pin.css").write_text(PIN_CSS, encoding="utf-8")
    with StaticSite(root) as served:
        yield served


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[StaticSite]:
    root: Path = tmp_path_factory.mktemp("cull")
    (root / "table.html").write_text(table(), encoding="utf-8")
    (root / "cards.html").write_text(cards(), encoding="utf-8")
    (root / "sections.html").write_text(sections(), encoding="utf-8")
    (root / "log.html").write_text(log(), encoding="utf-8")
    for name, text in LAID_OUT.items():
        (root / name).write_text(text, encoding="utf-8")
    (root / "plain.html").write_text(long_rows(""), encoding="utf-8")
    many = "".join(f".tip{i}{{position:absolute}}" for i in range(80))
    (root / "many.html").write_text(long_rows(f"<style>{many}</style>"), encoding="utf-8")
    media = f"<style>@media screen{{{PIN_CSS}}}</style>"
    (root / "rows.html").write_text(long_rows(media), encoding="utf-8")
    (root / "pin.css").write_text(PIN_CSS, encoding="utf-8")
    (root / "here.html").write_text(long_rows('<link rel=stylesheet href="pin.css">'))
    framed = '<!doctype html><title>Framed</title><iframe src="rows.html" width=1200 height=680>'
    (root / "framed.html").write_text(framed, encoding="utf-8")
    with StaticSite(root) as served:
        yield served


def in_view(capture: RawCapture) -> list[tuple[str, str, Any]]:
    """The nodes whose box meets the viewport: role, name, box."""
    width, height = capture.viewport.width, capture.viewport.height
    out = []
    for node in capture.nodes:
        box = node.box
        if box is None or (box.width <= 0 and box.height <= 0):
            continue
        if box.x + box.width > 0 and box.y + box.height > 0 and box.x < width and box.y < height:
            out.append((node.role, node.name, (box.x, box.y, box.width, box.height)))
    return out


async def test_what_is_positioned_in_a_far_row_is_read_where_it_shows(
    reader: PlaywrightBrowser, site: StaticSite
) -> None:
    await reader.navigate(site.url("table.html"))
    names = {node.name for node in (await reader.capture(scope="viewport")).nodes}
    assert {"Placed on top", "Pulled up", "Chat with us", "Item 0"} <= names
    assert "Item 200" not in names  # far down: not in view
    await reader.navigate(site.url("cards.html"))
    names = {node.name for node in (await reader.capture(scope="viewport")).nodes}
    assert {"Back to top", "Card 0"} <= names
    assert "Card 900" not in names
    await reader.navigate(site.url("sections.html"))
    names = {node.name for node in (await reader.capture(scope="viewport")).nodes}
    assert {"Help", "A note", "Story 0.0"} <= names
    assert "Story 6.0" not in names
    await reader.navigate(site.url("line.html"))
    names = {node.name for node in (await reader.capture(scope="viewport")).nodes}
    assert {"Pinned far", "user1"} <= names
    assert "user5900" not in names


@pytest.mark.parametrize("page", ["table.html", "cards.html", "sections.html", *LAID_OUT])
async def test_the_view_reads_as_the_whole_pages_capture_reads_it(
    reader: PlaywrightBrowser, site: StaticSite, page: str
) -> None:
    """Where the flow runs down the page (a line of links, either way), and where it does
    not: columns (a list set in two
    read its first column's rows in view as far), a list turned or flipped upside down (by
    transform, rotate or scale), a table footer written before its many bodies."""
    await reader.navigate(site.url(page))
    await reader.page.mouse.wheel(0, 3000)  # culled on both sides
    await reader.page.wait_for_function("window.scrollY > 0")
    viewport = in_view(await reader.capture(scope="viewport"))
    whole = in_view(await reader.capture(scope="page"))
    assert viewport == whole
    assert len(viewport) > 10


@pytest.mark.parametrize(
    ("page", "items"),
    [
        ("table.html", ROWS),
        ("cards.html", CARDS),
        ("sections.html", SECTIONS * LINKS_EACH),
        ("log.html", ROWS),
        ("line.html", LINE),
    ],
)
async def test_a_far_row_is_not_measured(
    reader: PlaywrightBrowser, site: StaticSite, page: str, items: int
) -> None:
    """The law's point: a view of a long list measures what is near it, not the list (a
    viewport's height either side is measured too: a few hundred boxes on small cards). A
    page of a few long sections is such a list too, with what is out of its flow in it, and
    so is a log scrolling in its own box."""
    _, runs = await counted(reader, site.url(page))
    boxes = most_asked(runs, "box")
    assert 10 < boxes < items // 2


@pytest.mark.parametrize("page", ["rows.html", "here.html", "there.html", "framed.html"])
async def test_what_may_show_from_a_skipped_row_is_read(
    reader: PlaywrightBrowser, site: StaticSite, elsewhere: StaticSite, page: str
) -> None:
    """A rule (in the page, in a sheet of its origin, in another origin's sheet that cannot
    be read, in a frame's page) and a shadow tree each bring a far row's link into the
    view; the page's text,
    a frame far down included, is the whole page capture's."""
    if page == "there.html":
        link = f'<link rel=stylesheet href="{elsewhere.url("pin.css")}">'
        (site.root / page).write_text(long_rows(link), encoding="utf-8")
    await reader.navigate(site.url(page))
    viewport = await reader.capture(scope="viewport")
    names = {node.name for node in viewport.nodes}
    assert {"Pinned by a rule", "Shadow corner", "Row 0"} <= names
    assert "Row 300" not in names
    whole = await reader.capture(scope="page")
    assert viewport.text == whole.text


@pytest.mark.parametrize(("page", "walked"), [("plain.html", False), ("many.html", True)])
async def test_a_far_row_is_not_walked_once_the_text_is_full(
    reader: PlaywrightBrowser, site: StaticSite, page: str, walked: bool
) -> None:
    """Each row is asked for its style once (is it in flow?), and nothing inside it is;
    unless the page's sheets position more than matching them against each element is worth
    (80 rules), when every far row is walked as before."""
    _, runs = await counted(reader, site.url(page))
    styles = most_asked(runs, "style")
    if walked:
        assert styles > 4 * LONG_ROWS  # a row's four elements and more
    else:
        assert LONG_ROWS <= styles < LONG_ROWS + 400
