"""The date patterns (0.4-1 s of CLDR data) and the outcome vocabulary (~0.2 s) are built
beside a run's start, in a thread, and once, not at import: a first read on the loop while
the thread builds waits for it rather than building them again, and reads what it would have
read."""

from __future__ import annotations

from subterminator.assembly import warming_patterns
from subterminator.outcome import dates, vocabulary


def forget() -> None:
    dates.date_pattern.cache_clear()
    dates._every_form.cache_clear()
    vocabulary.rules.cache_clear()
    vocabulary.union.cache_clear()
    vocabulary._languages_of.cache_clear()


async def test_a_run_builds_them_in_a_thread_and_the_loop_reads_them() -> None:
    forget()
    warming = warming_patterns()
    assert warming is not None
    read = dates.find_date("Your plan ends on 3 de marzo de 2027, as agreed.")  # meanwhile
    await warming
    assert read == "3 de marzo de 2027"
    assert dates._every_form.cache_info().misses == 1, "built once"
    assert dates.date_pattern.cache_info().misses == 1
    assert vocabulary.rules.cache_info().misses == 1
    spoken = vocabulary.languages_of("su suscripcion se ha cancelado", "es")
    assert [rules.code for rules in spoken] == ["es"]
    assert vocabulary.rules.cache_info().misses == 1, "read, not built again"


def test_outside_a_loop_the_first_read_builds_them() -> None:
    forget()
    assert warming_patterns() is None
    assert dates.find_date("le 3 mars 2027") == "3 mars 2027"


def test_importing_compiles_no_vocabulary() -> None:
    """Every process imports the vocabulary (a CLI's help, an MCP handshake); it compiles
    nothing until read."""
    import subprocess
    import sys

    probe = (
        "import subterminator.cli.app, subterminator.outcome.vocabulary as v; "
        "print(v.rules.cache_info().misses, v.union.cache_info().misses)"
    )
    said = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert said.stdout.split() == ["0", "0"]
