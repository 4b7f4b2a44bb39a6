"""The README's examples are the files the suite runs (examples/), word for word: an example
that drifts from working code fails here."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = re.compile(r"<!-- example: (\S+) -->\n```python\n(.*?)```", re.DOTALL)


def test_every_readme_example_is_a_file_the_suite_runs() -> None:
    found = EXAMPLE.findall((ROOT / "README.md").read_text(encoding="utf-8"))
    assert {path for path, _ in found} >= {
        "examples/tests/test_acme.py",
        "examples/acme_service.py",
    }
    for path, shown in found:
        assert shown == (ROOT / path).read_text(encoding="utf-8"), f"README differs from {path}"
