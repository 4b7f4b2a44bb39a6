"""``bench.stress_pages``: the realistic pages the snapshot benchmarks measure are written the
same way every time, all of them, with the shape each stands for (read back from the markup by
``census``); and, on real headless Chromium, the frames page's frames really are on two origins
and the stage bench counts and measures what is on screen."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from bench import stage_bench, stress_pages
from bench.stress_pages import Census, census, write_pages
from harness.sites import StaticSite
from subterminator.browser.playwright_browser import PlaywrightBrowser


def digest(root: Path) -> dict[str, str]:
    return {
        path.relative_to(root).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in stress_pages.iter_files(root)
    }


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Census]]:
    root = tmp_path_factory.mktemp("stress")
    pages = write_pages(root) + write_pages(root, held_aside=True)
    return {p.name: (p.path, census(p.path.read_text(encoding="utf-8"))) for p in pages}


def test_the_same_call_writes_the_same_bytes(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    for root in (first, second):
        write_pages(root)
        write_pages(root, held_aside=True)
    assert digest(first) == digest(second)
    assert len(digest(first)) == 10 + 16 + 5  # the stress set, its frame documents, held aside


def test_every_page_is_written_and_listed(tmp_path: Path) -> None:
    pages = write_pages(tmp_path)
    held = write_pages(tmp_path, held_aside=True)
    assert [p.name for p in pages] == list(stress_pages.NAMES)
    assert [p.name for p in held] == list(stress_pages.HELD_NAMES)
    assert {
        "story",
        "news",
        "cjk-portal",
        "deep",
        "huge",
        "frames",
        "chat",
        "login",
        "article",
        "settings",
    } == set(stress_pages.NAMES)
    assert not set(stress_pages.NAMES) & set(stress_pages.HELD_NAMES)
    for page in pages + held:
        assert page.path.is_file()
        assert page.what
    assert held[0].url_path(tmp_path) == "held/forum-thread.html"
    assert pages[0].url_path(tmp_path) == "story.html"


@pytest.mark.parametrize(
    "name", [*stress_pages.NAMES, *stress_pages.HELD_NAMES], ids=lambda name: name
)
def test_each_page_is_a_whole_document_with_landmarks(
    written: dict[str, tuple[Path, Census]], name: str
) -> None:
    path, seen = written[name]
    html = path.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>")
    assert seen.unclosed == 0  # every element opened is closed, in order
    assert seen.tags["html"] == seen.tags["head"] == seen.tags["body"] == 1
    assert seen.tags["title"] == 1
    assert seen.tags["main"] == 1
    assert re.search(r'<main id="main"[^>]* tabindex="-1">', html)
    assert re.search(r'<a class="skip" href="#(main|composer)">', html)
    assert seen.lang


# name -> (elements, controls) ranges read from the markup (scripts add more in a browser)
SHAPES: dict[str, tuple[range, range]] = {
    "story": (range(4_000, 5_001), range(150, 400)),
    "news": (range(1_000, 3_000), range(600, 800)),
    "cjk-portal": (range(1_000, 3_000), range(780, 900)),
    "deep": (range(460, 1_000), range(20, 100)),
    "huge": (range(25_000, 40_000), range(9_900, 10_200)),
    "frames": (range(50, 200), range(1, 20)),
    "chat": (range(20_000, 25_000), range(3_500, 3_600)),
    "login": (range(10, 60), range(8, 13)),
    "article": (range(40, 120), range(26, 40)),
    "settings": (range(200, 500), range(80, 100)),
    "forum-thread": (range(800, 2_000), range(300, 500)),
    "jp-shop": (range(2_000, 4_000), range(1_000, 1_500)),
    "docs-sidebar": (range(1_000, 2_000), range(620, 800)),
    "rtl-news": (range(700, 1_500), range(300, 400)),
    "gov-form": (range(700, 1_500), range(150, 300)),
}


@pytest.mark.parametrize("name", list(SHAPES), ids=lambda name: name)
def test_each_page_has_its_rough_size(written: dict[str, tuple[Path, Census]], name: str) -> None:
    _, seen = written[name]
    elements, controls = SHAPES[name]
    assert seen.elements in elements
    assert seen.controls in controls


def test_the_story_is_one_long_text(written: dict[str, tuple[Path, Census]]) -> None:
    path, seen = written["story"]
    html = path.read_text(encoding="utf-8")
    assert path.stat().st_size > 1_000_000
    assert seen.text_chars > 0.9 * path.stat().st_size  # mostly text
    assert seen.tags["p"] > 3_000
    for inline in ("em", "strong", "span", "br"):
        assert seen.tags[inline] > 50, inline
    assert len(re.findall(r'<a class="tag" ', html)) >= 80  # the work's meta
    assert seen.tags["dl"] == 2
    assert seen.tags["form"] >= 3  # search, chapter index, kudos, comment
    assert seen.tags["textarea"] == 1


def test_the_portals_speak_their_languages(written: dict[str, tuple[Path, Census]]) -> None:
    langs = {name: written[name][1].lang for name in ("cjk-portal", "jp-shop", "rtl-news")}
    assert langs == {"cjk-portal": "zh-CN", "jp-shop": "ja", "rtl-news": "ar"}
    assert 'dir="rtl"' in written["rtl-news"][0].read_text(encoding="utf-8")[:200]
    html = written["cjk-portal"][0].read_text(encoding="utf-8")
    headlines = re.findall(r'<a href="/doc/\d+\.shtml">([^<]+)</a>', html)
    assert len(headlines) > 700
    assert all(10 <= len(h) <= 25 for h in headlines)
    assert all(re.fullmatch(r"[\u4e00-\u9fff]+", h) for h in headlines)


def test_deep_nests_past_the_parser_and_in_shadow_roots(
    written: dict[str, tuple[Path, Census]],
) -> None:
    path, seen = written["deep"]
    html = path.read_text(encoding="utf-8")
    assert stress_pages.DEEP_MARKUP <= seen.max_depth < 512  # Blink's parser would flatten
    assert "for (var d = 1; d <= 340; d++)" in html  # the rest nested by a script
    assert "attachShadow({mode: 'open'})" in html
    assert "if (level < 50)" in html
    assert seen.templates == 10  # declarative shadow roots too


def test_frames_are_half_same_origin_half_another(
    written: dict[str, tuple[Path, Census]],
) -> None:
    path, seen = written["frames"]
    html = path.read_text(encoding="utf-8")
    assert seen.tags["iframe"] == 20
    assert html.count("srcdoc=") == 5
    assert len(re.findall(r'src="frames/local-\d+\.html"', html)) == 5
    others = re.findall(r'data-other-origin="(frames/embed-\d+\.html)"', html)
    assert len(others) == 10
    for name in others:
        assert (path.parent / name).is_file()
    assert "<iframe" in (path.parent / "frames/embed-19.html").read_text(encoding="utf-8")


def test_census_counts_controls_depth_and_what_is_left_open() -> None:
    seen = census(
        '<html lang="fr"><body><div><a href="/x">x</a><a name="anchor">no href</a>'
        '<input type="hidden"><input><br><span role="button">b</span>'
        '<span role="presentation">p</span><select></select></div><p>open</body></html>'
    )
    assert seen.lang == "fr"
    assert seen.controls == 4  # the link with href, the visible input, role=button, select
    assert seen.elements == 12
    assert seen.max_depth == 4  # html > body > div > a
    assert seen.unclosed == 1  # the <p>
    assert seen.tags["input"] == 2


# -- on real Chromium -----------------------------------------------------------------------


@pytest.mark.browser
async def test_on_chromium_frames_are_cross_origin_and_in_view_controls_are_counted(
    browser: PlaywrightBrowser,
    st_static_site: Callable[[Path], StaticSite],
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    root = tmp_path_factory.mktemp("served")
    write_pages(root)
    site = st_static_site(root)
    await browser.navigate(site.url("frames.html"))
    urls = [frame.url for frame in browser.page.frames[1:]]
    assert urls.count("about:srcdoc") == 5
    origins = {url.split("/frames/")[0] for url in urls if url.startswith("http")}
    assert origins == {site.base_url, site.base_url.replace("127.0.0.1", "localhost")}
    assert len(urls) == 21  # and the ad's own creative, framed inside it

    await browser.navigate(site.url("login.html"))
    figures = await stage_bench.measure_mode(browser, stage_bench.MODES[1], runs=1)
    assert figures.in_view == figures.in_view_kept == 9  # 10 controls, the skip link offscreen
    assert figures.ms["end to end"] >= figures.ms["total"] > 0
    assert 0 < figures.tokens <= stage_bench.BUDGET
