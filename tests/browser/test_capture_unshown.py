"""What an element holds but does not render (a closed ``<details>``' content, a
``hidden="until-found"`` part) is not walked. Chrome's tree leaves it out; the page's text read
the words such a part holds directly (a closed section's own line) as shown; and each box asked
of it lays it out first, so that a documentation sidebar of closed sections cost more than the
rest of its page, and its hidden links crowded the whole page's capture past its limit. A page
whose style shows such content all the same (``::details-content``) has it read as any other."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from harness.sites import StaticSite
from subterminator.browser.playwright_browser import PlaywrightBrowser
from tests.support.asked import counted, most_asked

pytestmark = pytest.mark.browser

SECTIONS, LINKS_EACH = 40, 30


def sidebar() -> str:
    """A sidebar of closed sections, one open; a section shown by the page's style though
    closed; a part hidden until found; the article beside them."""
    parts = []
    for s in range(SECTIONS):
        links = "".join(
            f'<li><a href="/d/{s}/{i}">Page {s}.{i}</a></li>' for i in range(LINKS_EACH)
        )
        opened = " open" if s == 1 else ""
        shown = ' class="shown"' if s == 2 else ""
        second = "<summary>Second summary</summary>" if s == 0 else ""
        parts.append(
            f"<li><details{opened}{shown}><summary>Section {s}</summary>{second}"
            f"<ul>{links}</ul>Words of section {s}</details></li>"
        )
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs</title>
<style>.shown::details-content{{content-visibility:visible}} li{{font:13px sans-serif}}</style>
</head><body><main><h1>Guide</h1><p>The article's words.</p></main>
<div hidden="until-found"><a href="/later">Found later</a> Words found later</div>
<nav aria-label="Docs"><ul>{"".join(parts)}</ul></nav></body></html>"""


# a modal dialog opened inside a closed section: unseen, yet the rest of the page is inert
MODAL = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Inert</title></head>
<body><button>Outside</button><details><summary>More</summary><dialog id="d">
<button>Inside</button></dialog></details><script>d.showModal()</script></body></html>"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[StaticSite]:
    root: Path = tmp_path_factory.mktemp("unshown")
    (root / "sidebar.html").write_text(sidebar(), encoding="utf-8")
    (root / "modal.html").write_text(MODAL, encoding="utf-8")
    with StaticSite(root) as served:
        yield served


@pytest.mark.parametrize("scope", ["viewport", "page"])
async def test_what_a_closed_section_holds_is_not_read_nor_measured(
    reader: PlaywrightBrowser, site: StaticSite, scope: str
) -> None:
    capture, runs = await counted(reader, site.url("sidebar.html"), scope)  # type: ignore[arg-type]
    names = {node.name for node in capture.nodes if not node.hidden}
    assert {"Section 0", "Page 1.0", "Page 1.29", "Section 2", "Guide"} <= names
    if scope == "page":
        assert {"Section 39", "Page 2.0"} <= names
    assert not names & {"Page 0.0", "Page 39.29", "Second summary", "Found later"}
    text = capture.text
    assert "The article's words." in text
    assert "Words of section 2" in text  # shown by the page's style
    assert "Words of section 0" not in text
    assert "Words found later" not in text
    # the sections' summaries, the open one's and the shown one's links: not the 1,200
    assert most_asked(runs, "box") < 4 * LINKS_EACH + SECTIONS


async def test_a_modal_dialog_in_a_closed_section_still_leaves_the_page_inert(
    reader: PlaywrightBrowser, site: StaticSite
) -> None:
    """As Chrome's own tree has it: no control at all, the one outside included."""
    await reader.navigate(site.url("modal.html"))
    capture = await reader.capture(scope="viewport")
    assert [n.role for n in capture.nodes if n.role in ("button", "dialog")] == []
