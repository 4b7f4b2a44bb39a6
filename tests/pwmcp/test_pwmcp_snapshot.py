"""Playwright MCP's snapshot reply, as 0.0.83 really wrote it, read as url, title and the
tree; a reply missing any of them is an error, never an empty page."""

from __future__ import annotations

import pytest

from subterminator.pwmcp.snapshot import SnapshotValidationError, normalize_snapshot

REPLY = """### Page
- Page URL: http://127.0.0.1:8765/page.html
- Page Title: Account
- Console: 1 errors, 0 warnings
### Snapshot
```yaml
- generic [active] [ref=e1]:
  - heading "Your membership" [level=1] [ref=e2]
  - button "Cancel membership" [ref=e4]
  - link "Help" [ref=e7] [cursor=pointer]:
    - /url: /help
```"""


def test_the_three_fields_are_read_from_a_real_reply() -> None:
    snap = normalize_snapshot(REPLY)
    assert (snap.url, snap.title) == ("http://127.0.0.1:8765/page.html", "Account")
    assert snap.content.splitlines()[2] == '  - button "Cancel membership" [ref=e4]'
    assert snap.content.endswith("- /url: /help")


def test_an_empty_title_is_a_title() -> None:
    assert normalize_snapshot(REPLY.replace("- Page Title: Account", "- Page Title:")).title == ""


@pytest.mark.parametrize(
    ("cut", "missing"),
    [
        ("- Page URL: http://127.0.0.1:8765/page.html\n", "url"),
        ("- Page Title: Account\n", "title"),
        ("```yaml", "content"),
    ],
)
def test_a_reply_without_a_field_says_which(cut: str, missing: str) -> None:
    with pytest.raises(SnapshotValidationError, match=f"lacks {missing}"):
        normalize_snapshot(REPLY.replace(cut, ""))
