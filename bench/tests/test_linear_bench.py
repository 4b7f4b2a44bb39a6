"""``bench.inline_pages`` and ``bench.linear_bench``'s pure parts: every kind is written at every
size, the same bytes each time, with as many items as asked; the growth ratio tells a linear
capture (about 1, less with a fixed cost) from a quadratic one (about 10 across a tenfold step),
and the law's bound lies between them."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from bench import inline_pages, linear_bench
from bench.inline_pages_held import HELD_KINDS, HELD_SEED
from bench.stage_bench import PageStages, StageFigures, Target

ALL = inline_pages.KINDS + HELD_KINDS


def digest(root: Path) -> dict[str, str]:
    return {
        p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*.html"))
    }


def test_every_kind_at_every_size_the_same_bytes_each_time(tmp_path: Path) -> None:
    for root in (tmp_path / "a", tmp_path / "b"):
        inline_pages.write(root, sizes=(10, 100))
        inline_pages.write(root / "held", HELD_KINDS, (10, 100), HELD_SEED)
    assert digest(tmp_path / "a") == digest(tmp_path / "b")
    assert len(digest(tmp_path / "a")) == len(ALL) * 2


def test_held_aside_kinds_are_other_kinds() -> None:
    assert {k.name for k in inline_pages.KINDS}.isdisjoint({k.name for k in HELD_KINDS})


@pytest.mark.parametrize("kind", ALL, ids=lambda k: k.name)
def test_the_items_grow_with_the_size(tmp_path: Path, kind: inline_pages.Kind) -> None:
    small, large = inline_pages.write(tmp_path, (kind,), (100, 1_000))
    tags = [len(re.findall(r"<[a-z!]", p.path.read_text(encoding="utf-8"))) for p in (small, large)]
    assert 8 * tags[0] < tags[1] < 12 * tags[0] + 100  # ten times the items, ten times the markup
    assert "href=" in small.path.read_text(encoding="utf-8") or "<button" in small.path.read_text(
        encoding="utf-8"
    )


def test_growth_is_about_one_when_linear_and_ten_when_quadratic() -> None:
    sizes = (10, 100, 1_000, 10_000)
    linear = {n: 5 + 0.02 * n for n in sizes}  # a fixed cost and a cost per item
    quadratic = {n: 5 + 0.02 * n + 1e-4 * n * n for n in sizes}
    assert (grown := linear_bench.growth(linear)) is not None
    assert grown <= 1.0 < linear_bench.RATIO_BOUND
    assert (grown := linear_bench.growth(quadratic)) is not None
    assert grown > 3 * linear_bench.RATIO_BOUND
    assert linear_bench.growth({10: 1.0}) is None


def page(kind: str, size: int, ms: float) -> PageStages:
    figures = {
        m.label: StageFigures(ms={"end to end": ms * 1.5}, best={"end to end": ms})
        for m in linear_bench.LINEAR_MODES
    }
    return PageStages(Target(f"{kind} n={size}", "", linear_bench.MAIN, kind), figures)


def test_families_group_sizes_and_the_summary_names_the_law_breakers() -> None:
    results = [page("flat", n, 1 + n / 100) for n in (100, 1_000, 10_000)]
    results += [page("square", n, n * n / 10_000) for n in (100, 1_000, 10_000)]
    found = linear_bench.families(results)
    assert [(f.kind, sorted(f.sizes)) for f in found] == [
        ("flat", [100, 1_000, 10_000]),
        ("square", [100, 1_000, 10_000]),
    ]
    lines = linear_bench.summary(found)
    assert len(lines) == len(linear_bench.LINEAR_MODES)
    assert all(line.endswith("broken by square") for line in lines)


def test_the_kudos_line_is_measured_and_held_to_its_goal() -> None:
    fast = [page("links", n, 1 + n / 100) for n in (100, linear_bench.KUDOS, 10_000)]
    slow = [page("links", linear_bench.KUDOS, 1_500.0)]
    assert (line := linear_bench.kudos_line(linear_bench.families(fast))) is not None
    assert line.endswith("met")
    assert (line := linear_bench.kudos_line(linear_bench.families(slow))) is not None
    assert line.endswith("missed")
    assert linear_bench.kudos_line(linear_bench.families(fast[:1])) is None
