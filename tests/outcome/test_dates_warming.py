"""The date patterns (0.4-1 s of CLDR data) are built beside a run's start, in a thread, and
once: a first read on the loop while the thread builds waits for it rather than building
them again, and reads what it would have read."""

from __future__ import annotations

from subterminator.assembly import warming_dates
from subterminator.outcome import dates


def forget() -> None:
    dates._one_pattern.cache_clear()
    dates._every_form.cache_clear()


async def test_a_run_builds_them_in_a_thread_and_the_loop_reads_them() -> None:
    forget()
    warming = warming_dates()
    assert warming is not None
    read = dates.find_date("Your plan ends on 3 de marzo de 2027, as agreed.")  # meanwhile
    await warming
    assert read == "3 de marzo de 2027"
    assert dates._every_form.cache_info().misses == 1, "built once"
    assert dates._one_pattern.cache_info().misses == 1


def test_outside_a_loop_the_first_read_builds_them() -> None:
    forget()
    assert warming_dates() is None
    assert dates.find_date("le 3 mars 2027") == "3 mars 2027"
