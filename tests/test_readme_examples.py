"""The README and the docs pages (docs/*.md) show the files the suite runs (examples/), word for
word, and point only at what exists: an example that drifts from working code, or a link to a
moved file or heading, fails here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = re.compile(r"<!-- example: (\S+) -->\n```python\n(.*?)```", re.DOTALL)
# what a reader follows: the front page, the pages by reader, and the root's own docs
PAGES = sorted(
    [ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "CHANGELOG.md", *ROOT.glob("docs/*.md")]
)
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
FENCE = re.compile(r"^(```|~~~).*?^\1", re.DOTALL | re.MULTILINE)
CODE_SPAN = re.compile(r"`[^`\n]*`")


def test_every_example_is_a_file_the_suite_runs() -> None:
    found = [
        example for page in PAGES for example in EXAMPLE.findall(page.read_text(encoding="utf-8"))
    ]
    assert {path for path, _ in found} >= {
        "examples/tests/test_acme.py",
        "examples/tests/test_simulator.py",
        "examples/acme_service.py",
    }
    for path, shown in found:
        assert shown == (ROOT / path).read_text(encoding="utf-8"), f"the docs differ from {path}"


def two_commands() -> list[str]:
    """The commands of the README's "Two commands" blocks."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Two commands\n", 1)[1].split("\n## ", 1)[0]
    return [
        line
        for block in re.findall(r"```bash\n(.*?)```", section, re.DOTALL)
        for line in block.splitlines()
    ]


def test_ci_runs_the_readme_s_test_command_word_for_word() -> None:
    """The README's commands are the ones CI proves; neither installs into the system Python
    (Debian's and Ubuntu's refuse it)."""
    assert two_commands() == ["python3 dev.py demo", "python3 dev.py tests"]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert "python3 dev.py tests" in ci
    assert not [line for line in ci if "pip install" in line and not line.startswith("#")]


def prose(page: Path) -> str:
    """The page as a reader follows it: no comments, code blocks or code spans, whose brackets
    are code, not links."""
    text = COMMENT.sub("", page.read_text(encoding="utf-8"))
    return CODE_SPAN.sub("", FENCE.sub("", text))


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, code marks and punctuation gone, spaces to
    hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", ""))
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = FENCE.sub("", COMMENT.sub("", page.read_text(encoding="utf-8")))
    seen: dict[str, int] = {}
    found = set()
    for heading in re.findall(r"^#{1,6} (.+)$", text, re.MULTILINE):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_relative_link_reaches_a_file_and_heading(page: Path) -> None:
    """Pages move and headings change name: each relative link must still land."""
    broken = []
    for target in LINK.findall(prose(page)):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto: ...: not ours to check
            continue
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.is_file():
            broken.append(f"{target}: no such file")
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            broken.append(f"{target}: no such heading in {file.relative_to(ROOT)}")
    assert not broken, f"{page.relative_to(ROOT)}: {broken}"


def test_the_readme_is_a_front_page() -> None:
    """What it is, install, the two commands and links: the rest lives in docs/, by reader."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 150
    for page in ("cancelling", "mcp", "testing", "architecture"):
        assert f"](docs/{page}.md)" in "\n".join(lines)
    assert "](CONTRIBUTING.md)" in "\n".join(lines)


def test_table_cells_stay_short() -> None:
    """A cell of a hundred words is a list that lost its line breaks."""
    long = [
        (page.name, cell.strip()[:60])
        for page in PAGES
        for line in prose(page).splitlines()
        if line.lstrip().startswith("|")
        for cell in line.strip().strip("|").split("|")
        if len(cell.split()) > 60
    ]
    assert not long


def test_the_docs_cite_nothing_outside_the_repository() -> None:
    """A spec section or an issue number means nothing to a reader of this repository."""
    cited = [
        (page.name, found)
        for page in PAGES
        for found in re.findall(r"[Ss]pec 0\d[^\n]{0,20}|[Ii]ssue[ -]\d+", prose(page))
    ]
    assert not cited


SOURCE = re.compile(r"(?<![\w./])((?:subterminator|harness|tests|examples|bench)/[\w/]+\.py)\b")


def test_every_source_file_the_docs_name_exists() -> None:
    """Files move (tests into folders, benches out of the harness): a page that names one by its
    path must follow it."""
    missing = [
        (page.name, path)
        for page in PAGES
        if page.name != "CHANGELOG.md"  # history names what was, not what is
        for span in re.findall(r"`([^`\n]+)`", COMMENT.sub("", page.read_text(encoding="utf-8")))
        for path in SOURCE.findall(span)
        if not (ROOT / path).is_file()
    ]
    assert not missing
