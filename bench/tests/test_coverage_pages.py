"""The coverage portals and their held-aside twins: written the same each time, with the
number of controls each says it has, in its language."""

from __future__ import annotations

from pathlib import Path

from bench import coverage_pages, coverage_pages_held
from bench.stress_pages import census


def test_the_same_call_writes_the_same_bytes(tmp_path: Path) -> None:
    for module in (coverage_pages, coverage_pages_held):
        first = [p.path.read_bytes() for p in module.write_pages(tmp_path / "a")]
        again = [p.path.read_bytes() for p in module.write_pages(tmp_path / "b")]
        assert first == again


def test_every_page_has_the_controls_it_says(tmp_path: Path) -> None:
    written = coverage_pages.write_pages(tmp_path) + coverage_pages_held.write_pages(tmp_path)
    assert len(written) == 18 + 12
    for page in written:
        counted = census(page.path.read_text(encoding="utf-8"))
        assert counted.controls == page.controls, page.name


def test_the_portals_speak_their_languages(tmp_path: Path) -> None:
    langs = {
        p.name: census(p.path.read_text(encoding="utf-8")).lang
        for p in coverage_pages.write_pages(tmp_path) + coverage_pages_held.write_pages(tmp_path)
    }
    assert langs["cov-zh-100"] == "zh-CN"
    assert langs["cov-ja-100"] == "ja"
    assert langs["held-ko-100"] == "ko"
    assert langs["held-ar-100"] == "ar"
