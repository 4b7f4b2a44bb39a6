"""Comments and docstrings give the reason itself: the specs and the issues are not in this
repository, so a comment that cites "spec 01 2.4.1" or "issue 23" sends its reader nowhere."""

from __future__ import annotations

import re

from tests.support.paths import ROOT

CITATION = re.compile(r"[Ss]pec 0\d|[Ii]ssue[- ]\d+|\bAC-[0-9A-Z]")
CHECKED = ("subterminator", "harness", "bench", "tests", "examples")


def test_no_comment_cites_a_spec_section_or_an_issue() -> None:
    this = __file__.removesuffix("c")
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for folder in CHECKED
        for path in sorted((ROOT / folder).rglob("*"))
        if path.suffix in (".py", ".js") and str(path) != this
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if CITATION.search(line)
    ]
    assert not found


def test_the_check_sees_each_kind_of_citation() -> None:
    for line in ("# spec 01 2.4.1", "# (issue 23)", "The issue-30 set", "AC-1.5's message"):
        assert CITATION.search(line), line
