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
        "examples/tests/test_simulator.py",
        "examples/acme_service.py",
    }
    for path, shown in found:
        assert shown == (ROOT / path).read_text(encoding="utf-8"), f"README differs from {path}"


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
    """Issue 31: the README's commands are the ones CI proves; neither installs into the
    system Python (Debian's and Ubuntu's refuse it)."""
    assert two_commands() == ["python3 dev.py demo", "python3 dev.py tests"]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert "python3 dev.py tests" in ci
    assert not [line for line in ci if "pip install" in line and not line.startswith("#")]
