"""Playwright MCP's snapshot reply as url, title and content (the checkpoint's minimum).

Its ``browser_snapshot`` reply is markdown: a ``### Page`` section with ``- Page URL:`` and
``- Page Title:`` lines, and a ``### Snapshot`` section holding the accessibility tree in a
yaml block. A reply without one of the three is not read as an empty page: it raises, so a
checkpoint never runs on half a page. The gate's own decisions read our capture; this is what
the run record and the spec's checkpoint predicates read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from subterminator.errors import OrchestratorError

URL = re.compile(r"^- Page URL: (.*)$", re.MULTILINE)
TITLE = re.compile(r"^- Page Title: ?(.*)$", re.MULTILINE)
TREE = re.compile(r"^### Snapshot\n```yaml\n(.*?)\n```", re.MULTILINE | re.DOTALL)


class SnapshotValidationError(OrchestratorError):
    """A Playwright MCP reply lacks the url, the title or the accessibility tree."""


@dataclass(frozen=True)
class NormalizedSnapshot:
    """The page as the spec's checkpoint predicates read it."""

    url: str
    title: str
    content: str  # the accessibility tree as text
    screenshot_path: str | None = None


def normalize_snapshot(reply: str) -> NormalizedSnapshot:
    """The three fields of a ``browser_snapshot`` reply; ``SnapshotValidationError`` naming
    what is missing (and how the reply began) when one is absent."""
    url, title, tree = URL.search(reply), TITLE.search(reply), TREE.search(reply)
    missing = [n for n, m in (("url", url), ("title", title), ("content", tree)) if m is None]
    if missing or url is None or title is None or tree is None:
        head = reply[:120].replace("\n", " | ")
        raise SnapshotValidationError(f"snapshot lacks {', '.join(missing)}: {head!r}")
    return NormalizedSnapshot(url.group(1).strip(), title.group(1).strip(), tree.group(1))
