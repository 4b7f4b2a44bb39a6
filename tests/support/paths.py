"""Where the repository's fixtures are, for tests in any folder."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
FIXTURES = ROOT / "fixtures"
PAGES = FIXTURES / "pages"
